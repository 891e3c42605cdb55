"""FOL qrels whose relchars column says 0 for a document with a highlighted passage: the
measures count the document relevant (relchars > 0 or a passage, with a warning), but
``convert --to trec-qrels`` wrote it rel 0, so ``map`` on the converted qrels (0.5833) was not
``map`` on the FOL qrels (1.0000), both with exit 0.  The writer now takes the measures' rule."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

# d1: relchars 0 but a passage 0:50; d2: relchars 30, no passage; d3: consistent; d4: judged
# non-relevant (relchars 0, no passage)
FOL = ("1 Q0 d1 0 100 0:50\n1 Q0 d2 30 100\n1 Q0 d3 20 100 10:20\n1 Q0 d4 0 100\n")
RUN = "1 Q0 d1 1 0.9 r\n1 Q0 d2 2 0.8 r\n1 Q0 d3 3 0.7 r\n1 Q0 d4 4 0.6 r\n"


def _map(qrels: str, run: str) -> str:
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "map", "-m", "num_rel",
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    return result.output


def test_converted_qrels_give_the_numbers_of_the_fol_qrels(tmp_path):
    fol, run, trec = tmp_path / "q.fol", tmp_path / "r.txt", tmp_path / "q.trec"
    fol.write_text(FOL)
    run.write_text(RUN)
    result = CliRunner().invoke(cli, ["convert", str(fol), str(trec), "--to", "trec-qrels"])
    assert result.exit_code == 0, result.output
    lines = trec.read_text().splitlines()
    assert lines == ["1 0 d1 1", "1 0 d2 1", "1 0 d3 1", "1 0 d4 0"]  # d1 was 0
    # d1, d2, d3 relevant at ranks 1-3: AP = (1/1 + 2/2 + 3/3) / 3 = 1; num_rel 3
    for qrels in (fol, trec):
        output = _map(str(qrels), str(run))
        assert "r\tmap\tall\t1.0000" in output and "r\tnum_rel\tall\t3" in output, output
