"""PRUM/EPRUM with the proximity model (A=...) on a document run refused without --collection
("character positions unknown ... give the collection"), although a whole-document result
starts at character 0 of its document (collection offsets count from the root's content, and
a document result converts to its root's range) and best-entry-point qrels give the ideal
unit's offset: the distance needs nothing else.  Now no collection is needed there.

Qrels: topic 1, document d, best entry point at character 2.  Run: d at rank 1, e (nothing
relevant) at rank 2.  Proximity model P(x ⇝ y) = A/(A + d): from d's start, 10/(10 + 2) =
5/6.  One ideal unit (N = 1, i = 1): seen at rank 1 with 5/6 (C = 1, CL = 1), else never (C =
L = 2, CL = 0).  PRUM = E[CL]/E[C] = (5/6)/(5/6 + 2/6) = 5/7; EPRUM = E[min_I/min_S] =
5/6 · 1/1 = 5/6."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

from esr_two_docs import write_two_docs

EXPECTED = {"PRUM(A=10)": F(5, 7), "EPRUM(A=10)": F(5, 6), "MAEPRUM(A=10)": F(5, 6)}


def _files(tmp_path):
    docs = write_two_docs(tmp_path)
    (tmp_path / "q.fol").write_text("1 Q0 d 4 8 2 0:4\n")
    (tmp_path / "doc.run").write_text("1 Q0 d 1 3.0 r\n1 Q0 e 2 2.0 r\n")
    # the same results as whole-document passages: the peer path (passage offsets)
    (tmp_path / "pas.run").write_text("1 Q0 d 1 3.0 r 0 8\n1 Q0 e 2 2.0 r 0 4\n")
    return docs


def _values(tmp_path, run, *extra):
    args = ["eval", str(tmp_path / "q.fol"), str(tmp_path / run), "-q"]
    for measure in EXPECTED:
        args += ["-m", measure]
    got = CliRunner().invoke(cli, args + list(extra))
    assert got.exit_code == 0, got.output
    rows = [line.split("\t") for line in got.stdout.splitlines()]
    return {m: float(v) for _, m, topic, v in rows if topic == "1"}


def test_a_document_run_needs_no_collection(tmp_path):
    docs = _files(tmp_path)
    expected = {m: pytest.approx(float(v), abs=5e-5) for m, v in EXPECTED.items()}
    without = _values(tmp_path, "doc.run")
    assert without == expected
    assert without == _values(tmp_path, "doc.run", "--collection", str(docs))
    assert without == _values(tmp_path, "pas.run")
    for path in (["--jobs", "2"], ["--stream"]):
        assert _values(tmp_path, "doc.run", *path) == without


def test_element_assessments_still_need_the_collection(tmp_path):
    """The ideal elements' starts come from the collection: refused without one."""
    _files(tmp_path)
    (tmp_path / "q.tsv").write_text("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\t"
                                    "specificity\n1\td\t/article[1]/sec[1]\t3\t3\n")
    got = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.tsv"), str(tmp_path / "doc.run"),
                                   "-m", "PRUM(A=10)", "-q"])
    assert got.exit_code == 2 and "give the collection (--collection DIR" in got.stderr
