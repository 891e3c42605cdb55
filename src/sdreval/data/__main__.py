"""python -m sdreval.data: regenerate the bundled examples."""
from . import build_examples

print(build_examples())
