"""A CSV of INEX element judgements whose header is the native TSV's own (``topic,file,path,
exhaustivity,specificity``) was not detected ("unrecognised format ... it looks
comma-separated"): the header was left to the native reader, which splits on white space and
cannot read a comma-separated line, so only ``fmt="table-qrels"`` read it.  Only the TSV with
that header is the native format's; the CSV is a qrels table, and reads as the same
judgements as the native TSV of the same rows."""
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.io.detect import detect_format

ROWS = [("1", "d1", "/article[1]", 2, 0.5), ("1", "d1", "/article[1]/sec[1]", 1, 1.0)]


def _pairs(qrels) -> dict:
    return {(t, d, p): (a.e, a.s) for t in qrels for (d, p), a in qrels[t].elements.items()}


def test_csv_with_the_native_header_is_a_qrels_table(tmp_path):
    path = tmp_path / "q.csv"
    path.write_text("topic,file,path,exhaustivity,specificity\n"
                    + "".join(f"{t},{d},{p},{e},{s}\n" for t, d, p, e, s in ROWS))
    native = tmp_path / "q.tsv"
    native.write_text("topic\tfile\tpath\texhaustivity\tspecificity\n"
                      + "".join(f"{t}\t{d}\t{p}\t{e}\t{s}\n" for t, d, p, e, s in ROWS))
    assert detect_format(path) == "table-qrels"
    assert detect_format(native) == "native-qrels"
    table, tsv = sdreval.read_qrels(path), sdreval.read_qrels(native)
    assert table.scale == tsv.scale == "inex2005"
    assert _pairs(table) == _pairs(tsv) == {("1", "d1", "/article[1]"): (2, 0.5),
                                            ("1", "d1", "/article[1]/sec[1]"): (1, 1.0)}


def test_validate_reads_it(tmp_path):
    path = tmp_path / "q.csv"
    path.write_text("topic,file,path,e,s\n1,d1,/article[1],2,0.5\n")
    got = CliRunner().invoke(cli, ["validate", str(path)])
    assert got.exit_code == 0, got.output
    assert "ok: table-qrels, 1 topics, 1 judgements, relevance scale inex2005" in got.stdout
