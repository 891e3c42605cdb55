"""``python -m sdreval``: the same command line as the ``sdreval`` script."""
from sdreval.cli.main import main

main()
