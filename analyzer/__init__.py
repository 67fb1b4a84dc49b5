"""pinochle-analyzer: meld, statistics, double-dummy play and bidding advice for four pinochle games."""

__version__ = "0.1.0"
