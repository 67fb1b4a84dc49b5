"""Analyses over random deals: statistics runs, rule comparisons, calibration, report pages."""
