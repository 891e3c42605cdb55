"""The ``sdreval`` command line."""
