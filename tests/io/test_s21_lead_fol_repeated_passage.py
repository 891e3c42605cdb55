"""A FOL qrels line that gives the same passage twice says so ("given twice ... read once"),
as passage and table qrels call a repeat a repeat; a passage that only overlaps another keeps
the overlap warning.  The characters count once either way (iP of a run retrieving 5:10 is
1.0 with the passage once or twice)."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def _validate(tmp_path, line):
    path = tmp_path / "q.fol"
    path.write_text(line + "\n")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    return result.output


def test_exact_repeat_is_called_a_repeat(tmp_path):
    out = _validate(tmp_path, "2009001 Q0 851 20 100 5 5:10 5:10")
    assert "passage 5:10 is given twice on the line (read once)" in out
    assert "overlaps" not in out


def test_overlap_is_still_an_overlap(tmp_path):
    out = _validate(tmp_path, "2009001 Q0 851 20 100 5 5:10 8:10")
    assert "passage 8:10 overlaps another passage of the line" in out


def test_repeat_counts_once(tmp_path):
    (tmp_path / "r.txt").write_text("2009001 Q0 851 1 2.0 r 5 10\n")
    for line in ("2009001 Q0 851 20 100 5 5:10 5:10", "2009001 Q0 851 10 100 5 5:10"):
        (tmp_path / "q.fol").write_text(line + "\n")
        result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.fol"),
                                          str(tmp_path / "r.txt"), "-m", "iP@1.0"])
        assert "r\tiP@1.0\tall\t1.0000" in result.output
