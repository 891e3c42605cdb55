"""Measure family inex_eval_ng (to be implemented)."""
