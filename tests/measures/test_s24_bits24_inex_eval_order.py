"""inex_eval: the total relevant mass n is added in one order, so the same assessments in
another order give the same bits (Ogilvie & Lalmas 2006, Eq. 1-5).  n was summed in the
order of the qrels lines: under sog (0.9, 0.75, 0.25, 0.1 ...) the reversed file changed the
last bit of the precall mean."""
from __future__ import annotations

import math
import warnings
from fractions import Fraction

import pytest

import sdreval

#: Kazai & Lalmas 2006, Eq. 3 (sog), over INEX 2003 (exhaustivity, specificity) pairs
SOG = {(3, 3): 1.0, (2, 3): 0.9, (1, 3): 0.75, (3, 2): 0.75, (2, 2): 0.5, (1, 2): 0.25,
       (3, 1): 0.25, (2, 1): 0.1, (1, 1): 0.1}
PAIRS = [(3, 3), (2, 3), (3, 2), (1, 3), (2, 2), (3, 1), (1, 2), (2, 1), (1, 1), (0, 0)]
PATHS = ["/article[1]"] + [f"/article[1]/sec[{s}]" for s in range(1, 5)] + \
        [f"/article[1]/sec[{s}]/p[{p}]" for s in range(1, 5) for p in range(1, 6)]
KEYS = [(d, p) for d in ("d1", "d2") for p in PATHS]


def write_qrels(path, rows) -> str:
    with open(path, "w") as out:
        out.write("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\n")
        out.writelines(f"1\t{d}\t{p}\t{e}\t{s}\n" for d, p, e, s in rows)
    return str(path)


def value(qrels, run) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the pool-based last rank named
        table = sdreval.evaluate(qrels, run, ["inex_eval(quant=sog)"], per_topic=True)
    return float(table.value[table.topic == "1"].iloc[0])


def precall_mean(rows, ranked) -> Fraction:
    """Eq. 1-5 in exact arithmetic: one result a rank (distinct RSVs, no result twice), the
    assessed elements not retrieved as the last rank."""
    quant = {(d, p): Fraction(SOG.get((e, s), 0.0)) for d, p, e, s in rows}
    n = sum(quant.values())
    rel = [quant[key] for key in ranked]
    nonrel = [Fraction(int(g == 0)) for g in rel]
    rest = [key for key in quant if key not in set(ranked)]
    rel.append(n - sum(rel))
    nonrel.append(Fraction(sum(1 for key in rest if quant[key] == 0)))
    total = Fraction(0)
    for x in range(1, 101):
        target, before, nnr = Fraction(x, 100) * n, Fraction(0), Fraction(0)
        for r, (g, z) in enumerate(zip(rel, nonrel)):
            if before + g >= target:
                nnr += (target - before) * z / (g + 1)
                break
            before, nnr = before + g, nnr + z
        total += target / (target + nnr)
    return total / 100


@pytest.mark.parametrize("grades, ranks", [(6, 1), (6, 11), (16, 31)])
def test_the_judgements_in_reverse_order_give_the_same_bits(tmp_path, grades, ranks):
    rows = [(d, p, *PAIRS[(grades * i * i + i + 3) % 10]) for i, (d, p) in enumerate(KEYS)]
    ranked = [KEYS[(ranks * i) % len(KEYS)] for i in range(1, 31)]
    run = tmp_path / "run.txt"
    run.write_text("".join(f"1 Q0 {d} {r} {1000 - r} run {p}\n"
                           for r, (d, p) in enumerate(ranked, 1)))
    forward = value(write_qrels(tmp_path / "fwd.tsv", rows), str(run))
    backward = value(write_qrels(tmp_path / "rev.tsv", rows[::-1]), str(run))
    assert forward == backward, (forward.hex(), backward.hex())
    assert math.isclose(forward, float(precall_mean(rows, ranked)), rel_tol=1e-12)
