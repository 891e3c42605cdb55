"""XCG with a collection: a result naming an element its document does not hold is scored as an
unassessed element (q = 0, Kazai & Lalmas 2006, Eq. 9) and still counts as a seen part of an
ancestor retrieved later; that rule was applied without a word.  It is now said once for the
run, and --strict refuses such runs, as the ESR and passage measures do."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1\td1\t/article[1]\t2\t0.5\n1\td1\t/article[1]/bdy[1]\t2\t1.0\n"


def _files(tmp_path, first_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text("<article><bdy><sec>abcd</sec><sec>efgh</sec></bdy></article>")
    (tmp_path / "q.tsv").write_text(QRELS)
    (tmp_path / "r.txt").write_text(f"1 Q0 d1 1 2 r {first_path}\n"
                                    "1 Q0 d1 2 1 r /article[1]/bdy[1]\n")
    return [str(tmp_path / "q.tsv"), str(tmp_path / "r.txt")], str(docs)


def _eval(args):
    return CliRunner().invoke(cli, ["eval", *args, "-m", "nxCG@3", "-m", "nxCG(overlap=off)@3"])


def test_an_element_its_document_lacks_is_said_with_the_rule(tmp_path):
    files, docs = _files(tmp_path, "/article[1]/bdy[1]/sec[9]")
    said = _eval([*files, "--collection", docs])
    assert said.exit_code == 0, said.output
    assert "1 result(s) in 1 topic(s) name elements their documents do not hold" in said.stderr
    assert "d1 /article[1]/bdy[1]/sec[9]" in said.stderr
    # the numbers are the rule's: the ideal recall-base is bdy[1] (q 1); with overlap on,
    # bdy[1] at rank 2 is partly seen and none of its children is assessed, so it earns
    # (1 - 1)·1 = 0 (Eq. 9); with overlap off it earns its q, 1: nxCG@3 = 1/1
    assert said.stdout.splitlines() == ["r\tnxCG@3\tall\t0.0000",
                                        "r\tnxCG(overlap=off)@3\tall\t1.0000"]
    assert said.stdout == _eval(files).stdout  # the same rule as without a collection


def test_strict_refuses_it(tmp_path):
    files, docs = _files(tmp_path, "/article[1]/bdy[1]/sec[9]")
    said = _eval([*files, "--collection", docs, "--strict"])
    assert said.exit_code == 1
    assert "topic 1: 1 result(s) naming no element of their document" in said.stderr


def test_an_element_the_document_holds_is_not_named(tmp_path):
    files, docs = _files(tmp_path, "/article[1]/bdy[1]/sec[2]")
    said = _eval([*files, "--collection", docs])
    assert said.exit_code == 0, said.output
    assert "do not hold" not in said.stderr
