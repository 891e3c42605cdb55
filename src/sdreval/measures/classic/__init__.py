"""Measure family classic (to be implemented)."""
