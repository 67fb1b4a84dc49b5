"""The bidding advisor: one request, one study of sampled deals, one answer."""
