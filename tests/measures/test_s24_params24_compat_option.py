"""``--compat chroma`` (the span measures' Chroma reading) leaves inex_eval at its default.
Before, inex_eval's ``compat`` parameter took its default from the option and refused it:
``eval -m inex_eval -m SpanP ... --compat chroma`` ended with "parameter compat: 'chroma' is
not one of inex, none", a parameter the user had not written."""
from __future__ import annotations

from importlib.resources import files as package_files

from sdreval.io.readers import read_qrels, read_runs
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext

SYN = package_files("sdreval") / "data" / "examples" / "synthetic"


def test_chroma_leaves_inex_eval_at_its_default():
    qrels = read_qrels(str(SYN / "qrels.tsv"))
    run = read_runs([str(SYN / "runs" / "sim01.txt")])[0]
    names = ["inex_eval", "inex_eval(compat=none)", "inex_eval(compat=inex)"]

    def values(ctx):
        table = evaluate(qrels, run, names, ctx)
        return table.groupby("measure", sort=False)["value"].mean().to_dict()

    chroma, plain, inex = (values(EvalContext(compat=c)) for c in ("chroma", None, "inex"))
    assert chroma == plain
    assert plain["inex_eval"] == plain["inex_eval(compat=none)"] != \
        plain["inex_eval(compat=inex)"]
    assert inex["inex_eval"] == plain["inex_eval(compat=inex)"]  # --compat inex still reads
