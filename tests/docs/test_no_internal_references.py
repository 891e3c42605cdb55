"""User-facing text cites the papers, never internal notes ("SPEC §N", "seed 000", ../shared).

Help texts, messages, docstrings, figure titles and docs are read by users who have the papers
(docs/references.md) but not the project's internal specification or its copies of them.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
INTERNAL = re.compile(r"\bSPEC\b|(?i:\bseeds? 0\d\d\b|\.\./shared|shared/seeds|\bseed NNN\b"
                      r"|\bissues? #?\d+\b)")


def _user_facing_files() -> list[Path]:
    files = sorted((ROOT / "src" / "sdreval").rglob("*.py"))
    files += sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "docs").glob("*.py"))
    # the benchmark scripts and their figures are run and read by users too
    files += sorted((ROOT / "benchmarks").glob("*.py")) + [ROOT / "benchmarks" / "README.md"]
    return files + [ROOT / "README.md"]


def _hits(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if INTERNAL.search(line)]


def test_pattern_catches_internal_references():
    assert _hits("as SPEC §5 says\nseed 000 Eq. 4\nSeed 002 Table 9\nsee ../shared/data")
    assert len(_hits("SPEC §5\nseed 001\nseeds 003\n../shared")) == 4
    assert len(_hits("runs (issue 8).\nsee issue #12")) == 2  # the project's issue tracker
    # identifiers of bundled data and random seeds are not citations
    assert not _hits('example_path("seed000")\n--seed 0\nseed=0\nspecificity, inspect')


@pytest.mark.parametrize("path", _user_facing_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_internal_references_in_sources_and_docs(path):
    assert _hits(path.read_text(encoding="utf-8")) == []


def test_no_internal_references_in_help_and_measure_list():
    from sdreval.cli.main import cli

    runner = CliRunner()
    texts = [runner.invoke(cli, ["--help"]).output, runner.invoke(cli, ["measures"]).output]
    for name in cli.list_commands(None):
        texts.append(runner.invoke(cli, [name, "--help"]).output)
    assert _hits("\n".join(texts)) == []
