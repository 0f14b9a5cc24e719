"""Calibration against the published measurements (models/data/published-measurements.csv)."""
