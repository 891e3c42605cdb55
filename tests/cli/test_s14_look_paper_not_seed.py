"""User-facing text calls a source paper "the paper" or by its authors, never by the
project's internal name for its copy ("the seed's ... reading", "seed footnote 18"), which a
reader with the paper (docs/references.md) cannot follow.  The random seed (``--seed``,
"random seed's") is not such a name."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INTERNAL = re.compile(r"(?<!random )\bseed's\b|\bseed footnote\b|\bseed (?:paper|table)s?\b")


def test_pattern():
    assert INTERNAL.search("the seed's reading") and INTERNAL.search("seed footnote 18")
    assert not INTERNAL.search("the random seed's value") and not INTERNAL.search("--seed 0")


def test_no_seed_as_a_name_of_the_paper():
    files = sorted((ROOT / "src" / "sdreval").rglob("*.py")) + sorted(ROOT.glob("docs/*.md"))
    hits = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for path in files + [ROOT / "README.md"]
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if INTERNAL.search(line)]
    assert hits == []
