"""Measure family passage (to be implemented)."""
