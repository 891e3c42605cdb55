"""Measure family esr (to be implemented)."""
