"""Measure family xcg (to be implemented)."""
