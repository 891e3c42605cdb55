"""docs/inputs.md lists every input format sdreval detects or is told (``--run-format``,
``--qrels-format``, ``validate --format``), ranx-json included (a format beyond the project's
first specification), and every alias of a format name.  A guard: nothing was missing when it
was written; it fails when a format or alias is added without its line."""
from __future__ import annotations

from pathlib import Path

import pytest

from sdreval.io.detect import ALIASES, ALL_FORMATS

TEXT = (Path(__file__).resolve().parents[2] / "docs" / "inputs.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ALL_FORMATS)
def test_format_has_a_row(name):
    assert f"\n| `{name}` |" in TEXT


def test_aliases_are_listed():
    paragraph = TEXT[TEXT.index("force a\nformat by name; aliases:"):][:600]
    missing = [a for a in ALIASES if f"`{a}`" not in paragraph]
    assert not missing, missing
