"""PRUM/EPRUM with the proximity model (A=...) measure distances in characters, so an element
result needs its position in the collection.  One result the collection cannot place (an
XPath not in its document) made the whole evaluation fail (a usage error, exit 2), while the
passage measures leave such results out with a warning and --strict refuses them.  Now the
rule is the passage measures': the result scores nothing (it keeps its rank, as a result of a
document without relevant units), one warning says so for the run, on every path, and
--strict refuses the run."""
from __future__ import annotations

import pytest

from sdreval.data import example_path
from sdreval.errors import InputError
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate

ROOT = example_path("synthetic")
MEASURES = ["EPRUM(A=10)", "PRUM(A=10)"]


def _run(tmp_path, doc: str, path: str):
    """sim01 with rank 2 of topic 1 replaced by ``doc path`` (doc0008 holds relevant text of
    topic 1)."""
    lines = []
    for line in (ROOT / "runs" / "sim01.txt").read_text().splitlines():
        topic, q0, _, rank, rsv, name, _ = line.split()
        if topic == "1" and rank == "2":
            line = " ".join((topic, q0, doc, rank, rsv, name, path))
        lines.append(line)
    out = tmp_path / f"{doc}.txt"
    out.write_text("\n".join(lines) + "\n")
    return read_run(out)


def _means(run, jobs=1, strict=False):
    ctx = EvalContext(collection=read_collection(ROOT / "docs"), strict=strict)
    table = evaluate(read_qrels(ROOT / "qrels.fol"), [run], MEASURES, ctx, jobs=jobs)
    return table[table["topic"] == "1"].set_index("measure")["value"].to_dict(), ctx.warnings


def test_a_result_the_collection_cannot_place_scores_nothing_at_its_rank(tmp_path):
    bad = _run(tmp_path, "doc0008", "/article[1]/nosuch[3]")
    # the same rank held by a result of a document with no relevant text for any topic
    plain = _run(tmp_path, "nodoc", "/article[1]")
    expected, quiet = _means(plain)
    assert not [w for w in quiet if "cannot be placed" in w]
    for jobs in (1, 2):
        values, warnings = _means(bad, jobs)
        assert values == expected
        said = [w for w in warnings if "cannot be placed" in w]
        assert len(said) == 1 and said[0].startswith(
            "run sim01: 1 result(s) in 1 topic(s) cannot be placed in the collection")
        assert said[0].endswith("topic 1: 1 result(s) the collection cannot place "
                                "(doc0008 /article[1]/nosuch[3])")
        assert "EPRUM(A=10), PRUM(A=10)" in said[0] and "--strict rejects" in said[0]


def test_strict_refuses_the_result(tmp_path):
    with pytest.raises(InputError, match="doc0008 /article"):
        _means(_run(tmp_path, "doc0008", "/article[1]/nosuch[3]"), strict=True)
