"""A measure parameter that has no effect under the settings of another, or that another
silently overrides, is refused (exit 2), naming both and what to write instead; one spelled out
at its default value is warned of.  Before, ``MAep(ideal=full,keep=descendant)`` was accepted
and ``keep`` ignored (the full recall-base is not filtered: Kazai & Lalmas 2006, §4), and
``MAep(alpha=0.5,overlap=off)`` took α = 0.5 without a word (both set α, §5.2.3).

Each rule is first shown right on the kernels themselves (values with and without the
parameter, measures built past the parser), then enforced on every path."""
from __future__ import annotations

from importlib.resources import files as package_files

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.io.readers import read_qrels, read_runs
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import FAMILIES, MEASURES, EvalContext, Measure, parse_measure

SYN = package_files("sdreval") / "data" / "examples" / "synthetic"


def _raw(name: str, params: dict, cutoff=None) -> Measure:
    """A measure built past the parser (its checks), to show what the kernel does with it."""
    definition = MEASURES[name]
    return Measure(definition, tuple(params.items()), cutoff, f"{name}{params}@{cutoff}")


def _kernel(family, measures, qrels_file, run_file, ctx=None):
    qrels = read_qrels(str(SYN / qrels_file))
    run = read_runs([str(SYN / "runs" / run_file)])[0]
    topics = sorted(qrels.topics)
    values = FAMILIES[family].kernel(measures, qrels, run, topics, ctx or EvalContext())
    return [values[m.text] for m in measures]


def test_keep_has_no_effect_with_full_ideal_on_the_kernel():
    full = _kernel("xcg", [_raw("MAep", {"ideal": "full", "keep": k})
                           for k in ("ancestor", "descendant")], "qrels.tsv", "sim01.txt")
    assert full[0] == full[1]
    ideal = _kernel("xcg", [_raw("MAep", {"ideal": "ideal", "keep": k})
                            for k in ("ancestor", "descendant")], "qrels.tsv", "sim01.txt")
    assert ideal[0] != ideal[1]  # a test of the test: keep matters with the ideal recall-base


def test_gp_beta_and_n_each_have_no_effect_under_the_other_task_on_the_kernel():
    ric = _kernel("passage", [_raw("gP", {"task": "ric", "n": n}, 5) for n in (1, 500)],
                  "qrels.fol", "sim01.passages.txt")
    assert ric[0] == ric[1]
    bic = _kernel("passage", [_raw("gP", {"task": "bic", "beta": b}, 5) for b in (0.0, 4.0)],
                  "qrels.fol", "sim01.passages.txt")
    assert bic[0] == bic[1]
    used = _kernel("passage", [_raw("gP", {"task": "bic", "n": n}, 5) for n in (1, 500)],
                   "qrels.fol", "sim01.passages.txt")
    assert used[0] != used[1]  # n matters with task=bic


def test_gr_takes_no_article_score_on_the_kernel():
    """gR[k] = relevant articles among the first k / relevant articles (Kamps et al. 2008)."""
    values = _kernel("passage", [_raw("gR", {"task": "ric", "beta": 0.0}, 2),
                                 _raw("gR", {"task": "ric", "beta": 4.0}, 2),
                                 _raw("gR", {"task": "bic", "n": 1}, 2),
                                 _raw("gR", {"task": "bic", "n": 10**6}, 2)],
                     "qrels.fol", "sim01.passages.txt")
    assert values[0] == values[1] == values[2] == values[3]


def test_ng_quant_has_no_effect_with_rel_and_cov_on_the_kernel():
    both = _kernel("inex_eval_ng", [_raw("inex_eval_ng", {"quant": q, "rel": "gen",
                                                         "cov": "gen"}) for q in ("gen", "strict")],
                   "qrels.tsv", "sim01.txt")
    assert both[0] == both[1]
    one = _kernel("inex_eval_ng", [_raw("inex_eval_ng", {"quant": q, "rel": "gen"})
                                   for q in ("gen", "strict")], "qrels.tsv", "sim01.txt")
    assert one[0] != one[1]  # quant still sets the coverage level when only rel is given


@pytest.mark.parametrize("text, words", [
    ("MAep(ideal=full,keep=descendant)", ["keep=descendant", "ideal=full", "drop keep"]),
    ("nxCG(keep=descendant,ideal=full)@10", ["keep=descendant", "ideal=full"]),
    ("MAep(alpha=0.5,overlap=off)", ["overlap=off", "alpha=0.5", "give one"]),
    ("Q(overlap=on,alpha=0)", ["alpha", "overlap", "give one"]),
    ("MAep(alpha=1,overlap=on)", ["give one"]),  # agreeing, still two settings of one α
    ("gP(n=100)@5", ["n=100", "task=ric (the default)", "task=bic"]),
    ("MAgP(task=ric,n=100)", ["n=100", "task=ric"]),
    ("gP(task=bic,beta=1)@5", ["beta=1", "task=bic", "task=ric"]),
    ("gR(beta=1)@5", ["beta=1", "gR counts the relevant articles", "drop beta"]),
    ("gR(task=bic,n=10)@5", ["n=10", "gR counts the relevant articles", "drop n"]),
    ("inex_eval_ng(quant=gen,rel=strict,cov=strict)", ["quant=gen", "rel=strict",
                                                        "cov=strict"]),
    ("PRUM(A=10,nav=depth)", ["nav=depth", "A=10", "proximity"]),
    ("EPRUM(nav=none,A=1)", ["nav=none", "A=1"]),
])
def test_a_parameter_without_effect_is_refused_when_parsed(text, words):
    with pytest.raises(UsageError) as caught:
        parse_measure(text)
    for word in words:
        assert word in str(caught.value)


def test_measure_objects_are_checked_too():
    with pytest.raises(UsageError, match="keep"):
        MEASURES["MAep"](ideal="full", keep="descendant")
    with pytest.raises(UsageError, match="give one"):
        MEASURES["nxCG"](10, alpha=0.5, overlap="off")


@pytest.mark.parametrize("text", ["MAep(keep=descendant)", "MAep(ideal=ideal,keep=descendant)",
                                  "gP(task=bic,n=100)@5", "gP(beta=1)@5",
                                  "inex_eval_ng(quant=strict,rel=gen)", "PRUM(nav=depth)",
                                  "MAep(overlap=off)", "MAep(alpha=0.5)"])
def test_parameters_with_effect_pass(text):
    parse_measure(text)


def test_a_default_spelled_out_is_warned_of():
    qrels = read_qrels(str(SYN / "qrels.fol"))
    run = read_runs([str(SYN / "runs" / "sim01.passages.txt")])[0]
    ctx = EvalContext()
    evaluate(qrels, run, ["gP(task=bic,beta=0.25)@5"], ctx)
    assert any("beta=0.25 has no effect with task=bic" in w and "its default" in w
               for w in ctx.warnings)


def test_the_options_decide_too():
    """``--ideal full`` with ``keep=descendant`` in the name: refused when evaluating."""
    qrels = read_qrels(str(SYN / "qrels.tsv"))
    run = read_runs([str(SYN / "runs" / "sim01.txt")])[0]
    with pytest.raises(UsageError, match="ideal=full .from the evaluation's options"):
        evaluate(qrels, run, ["MAep(keep=descendant)"], EvalContext(ideal="full"))
    evaluate(qrels, run, ["MAep(keep=descendant)"], EvalContext(ideal="ideal"))


def test_alpha_and_overlap_options_together_are_refused():
    with pytest.raises(UsageError, match="both set the XCG overlap penalty"):
        EvalContext(alpha=0.5, overlap="off").state_settings()
    from sdreval import api

    with pytest.raises(UsageError, match="give one"):
        api.context(alpha=0.0, overlap="off")


def _cli(*args, qrels="qrels.tsv", run="sim01.txt"):
    return CliRunner().invoke(cli, ["eval", str(SYN / qrels), str(SYN / "runs" / run), *args])


@pytest.mark.parametrize("args", [
    ("-m", "MAep(ideal=full,keep=descendant)"),
    ("-m", "MAep(keep=descendant)", "--ideal", "full"),
    ("-m", "MAep(keep=descendant)", "--ideal", "full", "--jobs", "2"),
    ("-m", "MAep(keep=descendant)", "--ideal", "full", "--stream"),
    ("-m", "MAep", "--alpha", "0.5", "--overlap", "off"),
    ("-m", "MAep(alpha=0.5,overlap=off)", "--jobs", "2"),
])
def test_cli_exit_2(args):
    result = _cli(*args)
    assert result.exit_code == 2, result.output
    assert "usage error" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("args, said, qrels, run", [
    (("-m", "gP@5", "--bep-distance", "100"), "--bep-distance 100 not used: it has no effect "
     "on gP@5", "qrels.fol", "sim01.passages.txt"),
    (("-m", "MAgP(task=bic)", "--beta", "1"), "--beta 1.0 not used: it has no effect on "
     "MAgP(task=bic)", "qrels.fol", "sim01.passages.txt"),
    (("-m", "MAep(overlap=off)", "--alpha", "0.5"), "--alpha 0.5 not used",
     "qrels.tsv", "sim01.txt"),
    (("-m", "MAep(alpha=0.5)", "--overlap", "off"), "--overlap off not used",
     "qrels.tsv", "sim01.txt"),
    (("-m", "inex_eval_ng(rel=strict,cov=strict)", "--quant", "strict"),
     "--quant strict not used: it has no effect on inex_eval_ng(rel=strict,cov=strict)",
     "qrels.tsv", "sim01.txt"),
])
def test_an_option_without_effect_is_said_unused(args, said, qrels, run):
    result = _cli(*args, qrels=qrels, run=run)
    assert result.exit_code == 0, result.output
    assert said in result.stderr
    assert result.stdout == _cli(*args[:-2], qrels=qrels, run=run).stdout


def test_the_api_applies_the_same_rule():
    from sdreval import api

    with pytest.raises(UsageError, match="keep=descendant has no effect with ideal=full"):
        api.evaluate(str(SYN / "qrels.tsv"), str(SYN / "runs" / "sim01.txt"),
                     ["MAep(keep=descendant)"], ideal="full")


def test_the_xcg_curves_apply_the_same_rule():
    from sdreval.measures.xcg import xcg_gains

    qrels = read_qrels(str(SYN / "qrels.tsv"))
    run = read_runs([str(SYN / "runs" / "sim01.txt")])[0]
    with pytest.raises(UsageError, match="keep=descendant has no effect with ideal=full"):
        xcg_gains(qrels, run, ctx=EvalContext(ideal="full"), keep="descendant")
    assert xcg_gains(qrels, run, keep="descendant")
