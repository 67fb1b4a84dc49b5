"""The one exception type for bad user input; the CLI prints its message and exits with status 2."""


class UserError(ValueError):
    """Input the user can correct: the message says what was wrong and what to type instead."""
