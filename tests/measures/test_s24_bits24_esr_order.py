"""ESR, PRUM and EPRUM give the same bits whatever the order of the judgements, and results
that add nothing change no bit (Ali, Consens & Lalmas 2012, Eq. 8-14; Piwowarski 2005).

The relevant trees were summed and convolved in the order of the qrels lines, and numpy's
pairwise sums over ranks changed the last bit when results that add 0 were appended: the same
assessments written in another order (a sorted file, a table, INEX XML converted) gave
another last bit for SR, ESRR, PRUM, EPRUM, MAEPRUM and SRPRUM."""
from __future__ import annotations

import warnings

import pytest

import sdreval

#: (exhaustivity, specificity) pairs of INEX 2003, (0, 0) not relevant
PAIRS = [(3, 3), (2, 3), (3, 2), (1, 3), (2, 2), (3, 1), (1, 2), (2, 1), (1, 1), (0, 0)]
PATHS = ["/article[1]"] + [f"/article[1]/sec[{s}]" for s in range(1, 5)] + \
        [f"/article[1]/sec[{s}]/p[{p}]" for s in range(1, 5) for p in range(1, 6)]
KEYS = [(d, p) for d in ("d1", "d2") for p in PATHS]
MEASURES = ["SR@30", "ESRR@5", "ESRR@30", "ESRP@10", "MAESRP", "SRPRUM", "PRUM",
            "PRUM(recall=0.5)", "EPRUM", "EPRUM(recall=0.5)", "MAEPRUM"]


def write_qrels(path, rows) -> str:
    with open(path, "w") as out:
        out.write("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\n")
        out.writelines(f"1\t{d}\t{p}\t{e}\t{s}\n" for d, p, e, s in rows)
    return str(path)


def write_run(path, ranked) -> str:
    with open(path, "w") as out:
        out.writelines(f"1 Q0 {d} {r} {1000 - r} run {p}\n" for r, (d, p) in enumerate(ranked, 1))
    return str(path)


def values(qrels, run, names=MEASURES) -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the navigation model named
        table = sdreval.evaluate(qrels, run, names, per_topic=True)
    return {m: v for t, m, v in zip(table.topic, table.measure, table.value) if t == "1"}


def differing(a: dict, b: dict) -> dict:
    return {m: (a[m].hex(), b[m].hex()) for m in a if a[m] != b[m]}


@pytest.mark.parametrize("grades, ranks", [(3, 13), (3, 17), (7, 19)])
def test_the_judgements_in_reverse_order_give_the_same_bits(tmp_path, grades, ranks):
    rows = [(d, p, *PAIRS[(grades * i + 3) % 10]) for i, (d, p) in enumerate(KEYS)]
    run = write_run(tmp_path / "run.txt", [KEYS[(ranks * i) % len(KEYS)] for i in range(1, 31)])
    forward = values(write_qrels(tmp_path / "fwd.tsv", rows), run)
    backward = values(write_qrels(tmp_path / "rev.tsv", rows[::-1]), run)
    assert not differing(forward, backward)


def test_results_that_add_nothing_change_no_bit(tmp_path):
    """Results from a document without relevant elements, appended: nothing more is seen, so
    every expectation and EPRUM keeps its bits (PRUM and SRPRUM consult them: not compared)."""
    rows = [(d, p, *PAIRS[(7 * i + 3) % 10]) for i, (d, p) in enumerate(KEYS)]
    qrels = write_qrels(tmp_path / "q.tsv", rows + [("d3", "/article[1]", 0, 0)])
    ranked = [KEYS[(19 * i) % len(KEYS)] for i in range(1, 31)]
    names = ["SR@30", "ESRR@30", "ESRP@30", "MAESRP", "EPRUM", "EPRUM(recall=0.5)", "MAEPRUM"]
    short = values(qrels, write_run(tmp_path / "short.txt", ranked), names)
    junk = [("d3", f"/article[1]/sec[{s}]/p[{p}]") for s in range(1, 5) for p in range(1, 30)]
    longer = values(qrels, write_run(tmp_path / "long.txt", ranked + junk), names)
    assert not differing(short, longer)
