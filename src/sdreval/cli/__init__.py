"""The ``sdreval`` command line (SPEC §11)."""
