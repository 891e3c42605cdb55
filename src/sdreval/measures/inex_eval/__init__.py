"""Measure family inex_eval (to be implemented)."""
