"""``1 0 100 50`` reads as TREC qrels (grade 50 of document 100) and as passage qrels (50
characters from offset 100 of a document named ``0``).  It was read as TREC qrels with grade
50 without a word, from a named file and from standard input alike; it is now refused as
ambiguous, naming both formats, as TREC qrels with a numeric iteration field and grade-sized
fourth fields are (``1 1 100 5``).  A grade below 10 (``1 0 100 2``) still reads as TREC
qrels, and naming the format reads either."""
import pytest
from click.testing import CliRunner

from sdreval import read_qrels
from sdreval.cli.main import cli
from sdreval.errors import InputError

LINES = "1 0 100 50\n2 0 7 30\n"


@pytest.mark.parametrize("stdin", [False, True])
def test_refused_as_ambiguous_from_file_and_stdin(tmp_path, stdin):
    path = tmp_path / "q.txt"
    path.write_text(LINES)
    got = CliRunner().invoke(cli, ["validate", "-" if stdin else str(path)],
                             input=LINES if stdin else None)
    assert got.exit_code == 1
    assert "ambiguous format: '1 0 100 50' reads as TREC qrels with grade '50'" in got.output
    assert "--format trec or --format passages" in got.output


def test_api_refusal_and_named_formats(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text(LINES)
    with pytest.raises(InputError, match="fmt='trec'.*fmt='passages'"):
        read_qrels(path)
    trec = read_qrels(path, fmt="trec")
    assert trec["1"].elements[("100", "/article[1]")].e == 50
    passages = read_qrels(path, fmt="passages")
    assert passages["1"].passages["0"].ranges == [(100, 50)]


@pytest.mark.parametrize("text", ["1 0 100 2\n2 0 7 30\n", "1 0 d100 50\n", "1 0 100 -50\n"])
def test_trec_qrels_still_detected(tmp_path, text):
    path = tmp_path / "q.txt"
    path.write_text(text)
    assert len(read_qrels(path)) >= 1
