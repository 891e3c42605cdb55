"""inex_eval and inex_eval_ng with a collection: a result naming an element its document does
not hold is scored from its path alone, as an unassessed element, without a word.  As for
XCG, the rule is now said once per run (serial, --jobs and --stream alike), and --strict
refuses such runs."""
from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

# INEX 2005 scale (e in {0,1,2}, s a fraction); gen quantisation e·s/2 for precall,
# rel e/2 and cov s for inex_eval_ng (Gövert et al. 2006, Eq. 2-3 as docs/inex_eval.md maps)
QRELS = ("1\td1\t/article[1]\t2\t0.5\n1\td1\t/article[1]/bdy[1]\t2\t1.0\n"
         "2\td1\t/article[1]/bdy[1]/sec[1]\t1\t1.0\n")
RUN = ("1 Q0 d1 1 2 r /article[1]/bdy[1]/sec[9]\n1 Q0 d1 2 1 r /article[1]/bdy[1]\n"
       "2 Q0 d1 1 3 r /article[1]/bdy[1]/sec[1]\n2 Q0 d1 2 2 r /article[1]/x[1]\n")
SAID = "result(s) in 2 topic(s) name elements their documents do not hold"


def _files(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "d1.xml").write_text("<article><bdy><sec>abcd</sec><sec>efgh</sec></bdy></article>")
    (tmp_path / "q.tsv").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return str(tmp_path / "q.tsv"), str(tmp_path / "r.txt"), str(docs)


def _eval(tmp_path, *extra):
    qrels, run, docs = _files(tmp_path)
    return CliRunner().invoke(cli, ["eval", qrels, run, "--collection", docs, "-q", "-m",
                                    "inex_eval", "-m", "inex_eval_ng(variant=s)", *extra])


def _precall_topic1() -> Fraction:
    """Topic 1 by hand (Ogilvie & Lalmas 2006, Eq. 1-5): n = 0.5 + 1 = 3/2; rank 1 the
    unassessed sec[9] (non-relevant), rank 2 bdy[1] (rel 1); the last rank holds the 4
    elements of the collection less the 2 distinct results: rel 1/2 (article[1]), 1 relevant
    and 1 non-relevant element."""
    n, total = Fraction(3, 2), Fraction(0)
    for k in range(1, 101):
        xn = Fraction(k, 100) * n
        if xn <= 1:  # stops in rank 2, which holds no non-relevant result
            nnr = Fraction(1)
        else:  # in the last rank: left = xn - 1, nonrel 1, rel 1/2
            nnr = 1 + (xn - 1) * 1 / (Fraction(1, 2) + 1)
        total += xn / (xn + nnr)
    return total / 100


def test_the_rule_is_said_for_inex_eval_and_inex_eval_ng(tmp_path):
    said = _eval(tmp_path)
    assert said.exit_code == 0, said.output
    warnings = [line for line in said.stderr.splitlines() if SAID in line]
    assert len(warnings) == 2  # one per family, each with its rule
    assert "are non-relevant results under inex_eval as unassessed elements" in warnings[0]
    assert "score 0 under inex_eval_ng(variant=s) as unassessed elements" in warnings[1]
    for warning in warnings:
        assert warning.startswith("sdreval: warning: run r: 2 result(s) in 2 topic(s)")
        assert "topic 1: 1 result(s) naming no element of their document " \
               "(d1 /article[1]/bdy[1]/sec[9])" in warning
        assert "d1 /article[1]/x[1]" in warning
    rows = dict(line.rsplit("\t", 1) for line in said.stdout.splitlines())
    # the numbers are the rule's: topic 1 by hand; inex_eval_ng(variant=s) topic 1: sec[9] is
    # sized at the mean assessed size, 8 characters, beside bdy[1] (8, cov 1): precision_s
    # 8/16 at recall 1 (Gövert et al. 2006, Eq. 6-7)
    assert rows["r\tinex_eval\t1"] == f"{float(_precall_topic1()):.4f}"
    assert rows["r\tinex_eval_ng(variant=s)\t1"] == "0.5000"


def test_every_path_says_the_same(tmp_path):
    serial = _eval(tmp_path)
    for extra in (["--jobs", "2"], ["--stream"]):
        other = _eval(tmp_path, *extra)
        assert other.exit_code == 0, other.output
        assert (other.stdout, other.stderr) == (serial.stdout, serial.stderr), extra


def test_the_api_says_it(tmp_path):
    qrels, run, docs = _files(tmp_path)
    with pytest.warns(UserWarning) as caught:
        sdreval.evaluate(qrels, run, ["inex_eval"], collection=docs)
    said = [str(w.message) for w in caught]
    assert any(SAID in w and "under inex_eval as unassessed" in w for w in said), said


def test_strict_refuses_it(tmp_path):
    for measure in ("inex_eval", "inex_eval_ng"):
        qrels, run, docs = _files(tmp_path)
        said = CliRunner().invoke(cli, ["eval", qrels, run, "--collection", docs, "--strict",
                                        "-m", measure])
        assert said.exit_code == 1, said.output
        assert "topic 1: 1 result(s) naming no element of their document" in said.stderr
        assert f"{measure} (--strict): a result needs its element" in said.stderr
