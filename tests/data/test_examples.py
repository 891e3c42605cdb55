"""The bundled examples are what build_examples writes, and the demo evaluates them."""
import filecmp
from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import EXAMPLES, build_examples


def _files(root: Path) -> list[Path]:
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())


def test_bundled_examples_are_reproducible(tmp_path):
    build_examples(tmp_path)
    assert _files(tmp_path) == _files(EXAMPLES)
    for rel in _files(EXAMPLES):
        assert filecmp.cmp(tmp_path / rel, EXAMPLES / rel, shallow=False), rel


def test_demo_prints_results_tables():
    result = CliRunner().invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    for text in ("Kazai & Lalmas (2006)", "rel_leaves", "MAnxCG@1500", "inex_eval", "MAiP", "sim03"):
        assert text in result.output
