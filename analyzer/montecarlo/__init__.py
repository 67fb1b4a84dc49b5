"""The Monte-Carlo drivers: deals sampled around a hand and played out; columns of random whole deals."""
