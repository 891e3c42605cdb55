"""Passage measures on real INEX data: the INEX 2010 ad hoc qrels and a real passage run
(../shared/data, see its README).  Expected values are recomputed in the tests from the raw
file lines with plain Python interval arithmetic, independently of the numpy kernels."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "realdata"  # bundled copy, see its README
QRELS = DATA / "inex2010-adhoc" / "inex2010.qrels"
ZQRELS = DATA / "inex2009-2010-zendel" / "INEX_Qrels.txt"
RUN = DATA / "inex2009-2010-zendel" / "bert_inex_converted.run"

pytestmark = pytest.mark.skipif(not (QRELS.exists() and RUN.exists()),
                                reason="real INEX data not available")


def _qrels_lines(path: Path, topic: str) -> dict[str, tuple[list[tuple[int, int]], int | None]]:
    """{doc: (relevant ranges as (start, end), bep)} of one topic, from the raw FOL lines."""
    out = {}
    for line in path.read_text().splitlines():
        f = line.split()
        if len(f) >= 5 and f[0] == topic:
            ranges = [(int(o), int(o) + int(n)) for o, n in (x.split(":") for x in f[6:])]
            out[f[2]] = (ranges, int(f[5]) if len(f) > 5 else None)
    return out


def _run_lines(topic: str) -> list[tuple[str, int, int]]:
    rows = []
    for line in RUN.read_text().splitlines():
        f = line.split()
        if f[0] == topic:
            rows.append((f[2], int(f[6]), int(f[6]) + int(f[7])))
    return rows


def _union(intervals):
    out = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _shared(a, b):
    return sum(max(0, min(e1, e2) - max(s1, s2)) for s1, e1 in a for s2, e2 in b)


def _by_hand_focused(topic: str, x: float) -> tuple[float, float]:
    """iP[x] and iP over the 101 levels from the raw lines (each character once)."""
    rel = {d: _union(r) for d, (r, _) in _qrels_lines(QRELS, topic).items()}
    total = sum(e - s for r in rel.values() for s, e in r)
    seen: dict[str, list] = {}
    relret = ret = 0
    points = []
    for doc, s, e in _run_lines(topic):
        before = seen.get(doc, [])
        after = _union(before + [(s, e)])
        ret += sum(b - a for a, b in after) - sum(b - a for a, b in before)
        relret += _shared(after, rel.get(doc, [])) - _shared(before, rel.get(doc, []))
        seen[doc] = after
        points.append((relret / ret if ret else 0.0, relret, total))
    def ip(k_num: int, k_den: int) -> float:
        return max([p for p, rr, t in points if rr * k_den >= k_num * t], default=0.0)
    return ip(round(x * 100), 100), sum(ip(k, 100) for k in range(101)) / 101


def _by_hand_ric(topic: str, beta: float = 0.25) -> float:
    """AgP from the raw lines: articles at first appearance, F_beta inside each article."""
    rel = {d: _union(r) for d, (r, _) in _qrels_lines(QRELS, topic).items()}
    order, chars = [], {}
    for doc, s, e in _run_lines(topic):
        if doc not in chars:
            order.append(doc)
            chars[doc] = []
        chars[doc] = _union(chars[doc] + [(s, e)])
    n_rel = sum(1 for r in rel.values() if r)
    cum = agp = 0.0
    for i, doc in enumerate(order):
        r = rel.get(doc, [])
        hit = _shared(chars[doc], r)
        score = 0.0
        if hit:
            p = hit / sum(b - a for a, b in chars[doc])
            rc = hit / sum(b - a for a, b in r)
            score = (1 + beta ** 2) * p * rc / (beta ** 2 * p + rc)
        cum += score
        if r:
            agp += cum / (i + 1)
    return agp / n_rel


@pytest.fixture(scope="module")
def inputs():
    from sdreval.errors import ProblemLog
    from sdreval.io import read_qrels, read_run

    log = ProblemLog()
    return read_qrels(QRELS, log=log), read_run(RUN, log=log)


@pytest.mark.parametrize("topic", ["2010050", "2010010", "2010017", "2010030"])
def test_one_topic_by_hand(inputs, topic):
    from sdreval.measures import EvalContext, evaluate

    qrels, run = inputs
    table = evaluate(qrels, run, ["iP@0.01", "MAiP", "MAgP"], EvalContext())
    got = {r.measure: r.value for r in table[table.topic == topic].itertuples()}
    ip01, maip = _by_hand_focused(topic, 0.01)
    assert got["iP@0.01"] == pytest.approx(ip01, abs=1e-12)
    assert got["MAiP"] == pytest.approx(maip, abs=1e-12)
    assert got["MAgP"] == pytest.approx(_by_hand_ric(topic), abs=1e-12)
    if topic == "2010030":  # the run finds no relevant text for this topic
        assert got == {"iP@0.01": 0.0, "MAiP": 0.0, "MAgP": 0.0}
    else:
        assert 0 < got["iP@0.01"] <= 1 and 0 < got["MAgP"] < 1


def test_cli_eval_on_real_data(tmp_path):
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    out = tmp_path / "res.json"
    result = CliRunner().invoke(cli, ["eval", str(QRELS), str(RUN), "-m", "MAiP", "-m",
                                      "iP@0.01", "-m", "MAgP", "--format", "json",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    records = json.loads(out.read_text())
    means = {r["measure"]: r["value"] for r in records if r["topic"] == "all"}
    assert set(means) == {"MAiP", "iP@0.01", "MAgP"}
    assert all(math.isfinite(v) and 0 < v < 1 for v in means.values())
    assert means["iP@0.01"] >= means["MAiP"]


@pytest.mark.skipif(not ZQRELS.exists(), reason="zendel qrels not available")
def test_overlapping_pairs_of_the_real_run_are_reported_and_strict_rejects():
    """The run repeats 249 passages of topic 2009079 (SPEC §9): warned by default, listed and
    rejected with strict."""
    from sdreval.errors import InputError, ProblemLog
    from sdreval.io import read_qrels, read_run
    from sdreval.measures import EvalContext, evaluate
    from sdreval.model.run import Run

    rows = _run_lines("2009079")
    brute = 0
    for i in range(len(rows)):
        for j in range(i + 1, len(rows)):
            if rows[i][0] == rows[j][0] and rows[i][1] < rows[j][2] and rows[j][1] < rows[i][2]:
                brute += 1
    assert brute == 249  # as SPEC §9 states
    log = ProblemLog()
    qrels = read_qrels(ZQRELS, log=log)
    run = read_run(RUN, log=log)
    one = Run(run.name, {"2009079": run.topics["2009079"]}, run.unit, run.source)
    ctx = EvalContext()
    evaluate(qrels, one, ["MAiP"], ctx)
    assert any(f"{brute} overlapping passage pair(s)" in w for w in ctx.warnings)
    with pytest.raises(InputError) as err:
        evaluate(qrels, one, ["MAiP"], EvalContext(strict=True))
    assert len(err.value.problems) == brute


SAMPLE_DOCS = DATA / "inex2009-wikipedia-sample" / "docs"


@pytest.mark.skipif(not SAMPLE_DOCS.exists(), reason="collection sample not available")
def test_element_run_converted_through_the_collection(inputs):
    """Doc 1164, topic 2010096 (data README): the title element is the highlighted passage
    2:23 exactly; the section element /article[1]/bdy[1]/sec[2]/ss1[1]/ss2[4] is 16605:906
    and holds the highlighted 16607:902."""
    from sdreval.io import read_collection
    from sdreval.measures import EvalContext, evaluate
    from sdreval.model.run import Ranking, Run

    qrels, _ = inputs
    run = Run("elements", {"2010096": Ranking.from_elements([
        ("1164", "/article[1]/header[1]/title[1]"),
        ("1164", "/article[1]/bdy[1]/sec[2]/ss1[1]/ss2[4]")])}, "element")
    rel = _qrels_lines(QRELS, "2010096")
    total = sum(e - s for r, _ in rel.values() for s, e in _union(r))
    n_rel = sum(1 for r, _ in rel.values() if r)
    ctx = EvalContext(collection=read_collection(SAMPLE_DOCS))
    table = evaluate(qrels, run, ["iP@0.00", "MAiP", "MAgP", "gP@1"], ctx)
    got = {r.measure: r.value for r in table.itertuples()}
    # ranks: (relret 23, ret 23), (relret 23 + 902, ret 23 + 906)
    def ip(k):
        return 1.0 if 23 * 100 >= k * total else 925 / 929 if 925 * 100 >= k * total else 0.0
    assert got["iP@0.00"] == 1.0
    assert got["MAiP"] == pytest.approx(sum(ip(k) for k in range(101)) / 101)
    p, r, b2 = 925 / 929, 925 / 925, 0.25 ** 2
    f = (1 + b2) * p * r / (b2 * p + r)
    assert got["gP@1"] == pytest.approx(f)
    assert got["MAgP"] == pytest.approx(f / n_rel)


def test_every_topic_of_the_real_run_matches_plain_python(inputs):
    """All 50 evaluated topics: iP@0.01, MAiP and MAgP against the plain-Python computation
    from the raw lines (parsed once here)."""
    from collections import defaultdict

    from sdreval.measures import EvalContext, evaluate

    rel: dict[str, dict[str, list]] = defaultdict(dict)
    for line in QRELS.read_text().splitlines():
        f = line.split()
        if len(f) > 6:
            rel[f[0]][f[2]] = _union([(int(o), int(o) + int(n))
                                      for o, n in (x.split(":") for x in f[6:])])
    rows: dict[str, list] = defaultdict(list)
    for line in RUN.read_text().splitlines():
        f = line.split()
        rows[f[0]].append((f[2], int(f[6]), int(f[6]) + int(f[7])))
    qrels, run = inputs
    table = evaluate(qrels, run, ["iP@0.01", "MAiP", "MAgP"], EvalContext())
    got = {(r.topic, r.measure): r.value for r in table.itertuples()}
    topics = sorted({t for t, _ in got})
    assert len(topics) == 50
    for topic in topics:
        r = rel[topic]
        total = sum(e - s for iv in r.values() for s, e in iv)
        seen: dict[str, list] = {}
        relret = ret = 0
        points = []
        for doc, s, e in rows[topic]:
            before = seen.get(doc, [])
            after = _union(before + [(s, e)])
            ret += sum(b - a for a, b in after) - sum(b - a for a, b in before)
            relret += _shared(after, r.get(doc, [])) - _shared(before, r.get(doc, []))
            seen[doc] = after
            points.append((relret / ret, relret))
        ip = [max([p for p, rr in points if rr * 100 >= k * total], default=0.0)
              for k in range(101)]
        assert got[(topic, "iP@0.01")] == pytest.approx(ip[1], abs=1e-12)
        assert got[(topic, "MAiP")] == pytest.approx(sum(ip) / 101, abs=1e-12)
        cum = agp = 0.0
        for i, doc in enumerate(seen):  # dict order = first appearance
            hit = _shared(seen[doc], r.get(doc, []))
            if hit:
                p = hit / sum(b - a for a, b in seen[doc])
                rc = hit / sum(b - a for a, b in r[doc])
                cum += 1.0625 * p * rc / (0.0625 * p + rc)
            if doc in r:
                agp += cum / (i + 1)
        assert got[(topic, "MAgP")] == pytest.approx(agp / len(r), abs=1e-12)
