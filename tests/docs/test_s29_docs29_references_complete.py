"""docs/references.md lists every work cited (README): each citation of two or more authors
("A & B 2006", "A, B & C 2012", "A et al. 2008") in the docs, help texts, messages and
docstrings names a work of that page: a line of it holds every author named and the year.
Thakur et al. 2021 (BEIR), Efron & Tibshirani 1993 and Piwowarski & Dupret 2006 were cited
but not listed."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = r"[A-Z][a-z\u00e0-\u00ff\-]+"
CITATION = re.compile(rf"({NAME}(?: et al\.|(?:, {NAME})* & {NAME})),? ((?:19|20)\d\d)\b")


def test_every_citation_of_several_authors_is_in_references():
    lines = (ROOT / "docs" / "references.md").read_text().splitlines()
    sources = [*(ROOT / "docs").glob("*.md"), ROOT / "README.md",
               *(ROOT / "src" / "sdreval").rglob("*.py")]
    missing = set()
    for path in sources:
        for who, year in CITATION.findall(path.read_text(encoding="utf-8")):
            names = re.findall(NAME, who.replace(" et al.", ""))
            if not any(year in line and all(n in line for n in names) for line in lines):
                missing.add(f"{who} {year} ({path.name})")
    assert not missing, sorted(missing)
