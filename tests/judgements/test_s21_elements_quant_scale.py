"""A quantisation written for one INEX scale is refused on judgements of another.

Kazai & Lalmas 2006, Eq. 1-3 (strict, gen, sog) are tables over (e, s) in 0..3 (INEX
2003/2004); Ogilvie & Lalmas 2006, Table 2 (strict5, gen5, genlifted, binexh, ...) read the INEX
2005 scale, e in {0, 1, 2, ?} and s in [0, 1]; Gövert et al. 2006, Eq. 2-3 (rel_gen, gen2002,
...) read INEX 2002 relevance x coverage.  Applied to the pairs of another scale a table reads
them as its own: on INEX 2005 judgements ``sog`` took (2, 1.0) for (2, 1) and scored the fully
specific, highly exhaustive sec[1] 0.1 (Strict5 scores it 1); ``gen5`` on INEX 2003 judgements
scored (3, 3) 0 (e = 3 is not in {1, 2}), so xCG@1 of a run opening with the (3, 3) element
was 0.  sdreval printed those numbers without a word; now each is a usage error that names the
functions of the judgements' scale.  ``anyrel`` (e > 0 and s > 0) reads every scale.
"""
from __future__ import annotations

import pytest

from sdreval.errors import UsageError
from sdreval.judgements.qrels import Qrels
from sdreval.judgements.records import TOO_SMALL
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run

A, S1, S2 = "/article[1]", "/article[1]/sec[1]", "/article[1]/sec[2]"


def _inex2005() -> Qrels:
    q = Qrels("inex2005")
    q.add_element("1", "d", A, 1, 0.4, 100.0)
    q.add_element("1", "d", S1, 2, 1.0, 40.0)
    q.add_element("1", "d", S2, TOO_SMALL, 0.5, 10.0)
    return q


def _inex2003() -> Qrels:
    q = Qrels("inex2003")
    q.add_element("1", "d", A, 1, 1, 100.0)
    q.add_element("1", "d", S1, 3, 3, 40.0)
    return q


def _run() -> Run:
    return Run("r", {"1": Ranking.from_elements([("d", S1), ("d", A)])})


MEASURES = ["xCG(quant={q})@1", "MAep(quant={q})", "AP(quant={q})", "inex_eval(quant={q})",
            "ESRP(quant={q},nav=none)@1", "nDCG(quant={q})"]


@pytest.mark.parametrize("measure", MEASURES)
@pytest.mark.parametrize("qrels, quant, fits", [
    (_inex2005, "sog", "gen5"), (_inex2005, "strict", "strict5"),
    (_inex2005, "gen2002", "gen5"), (_inex2003, "gen5", "sog"), (_inex2003, "binexh", "gen"),
    (_inex2003, "rel_gen", "strict")])
def test_quantisation_of_another_scale_is_refused(measure, qrels, quant, fits):
    with pytest.raises(UsageError, match=rf"quantisation '{quant}' .*use one of .*{fits}"):
        evaluate(qrels(), _run(), [measure.format(q=quant)], EvalContext())


def test_the_same_through_the_quant_option():
    with pytest.raises(UsageError, match="quantisation 'sog'"):
        evaluate(_inex2005(), _run(), ["nxCG@1"], EvalContext(quant="sog"))


def test_quantisations_of_the_scale_and_anyrel_still_apply():
    # INEX 2005, Strict5: sec[1] (2, 1.0) -> 1, the only ideal node; gen5: sec[1] -> 2*1.0/2 = 1,
    # but the path to the too-small sec[2] picks the article (1*0.4/2 = 0.2 > 0), which then
    # covers sec[1] (the ancestor is kept): the near-miss sec[1] is capped at 0.2
    got = evaluate(_inex2005(), _run(), ["xCG(quant=strict5)@1", "xCG(quant=gen5)@1",
                                          "AP(quant=anyrel)", "xCG(quant=anyrel)@1"],
                   EvalContext()).set_index("measure").value
    assert got["xCG(quant=strict5)@1"] == 1.0
    assert got["xCG(quant=gen5)@1"] == pytest.approx(0.2)
    # anyrel: article (1, 0.4) and sec[1] relevant, sec[2] (?, 0.5) not (e = ? is not > 0);
    # both retrieved at ranks 1, 2: AP = (1/1 + 2/2) / 2
    assert got["AP(quant=anyrel)"] == 1.0
    # INEX 2003, sog: (3, 3) -> 1
    assert evaluate(_inex2003(), _run(), ["xCG(quant=sog)@1"], EvalContext()).value[0] == 1.0


def test_recallbase_command_refuses_too(tmp_path, sdreval_cli):
    path = tmp_path / "q.tsv"
    path.write_text("# scale=inex2005\n1\td\t/article[1]\t1\t0.4\n1\td\t/article[1]/sec[1]\t2\t1\n")
    done = sdreval_cli("recallbase", path, "--quant", "sog")
    assert done.returncode == 2
    assert "quantisation 'sog'" in done.stderr and "strict5" in done.stderr
    done = sdreval_cli("recallbase", path, "--quant", "strict5", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert "d,/article[1]/sec[1],1.0" in done.stdout
