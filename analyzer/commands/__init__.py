"""One module per ``pinochle`` subcommand; each defines ``register(app)``."""
