"""``sdreval demo``: evaluate the bundled example data and print results tables."""
from __future__ import annotations

import click

from ..data import example_path
from ..errors import ProblemLog
from ..io import read_collection, read_qrels, read_run
from ..lazy import lazy_module
from ..measures import EvalContext, evaluate, summarise
from .common import echo_warnings, handle_errors

pd = lazy_module("pandas")

SEED000_MEASURES = ["nxCG@1", "nxCG@5", "ep@0.5", "iMAep", "MAep", "Q", "R", "MAnxCG@1500"]
ELEMENT_MEASURES = ["nxCG@10", "MAep", "Q", "inex_eval", "AP", "P@10"]
PASSAGE_MEASURES = ["iP@0.01", "MAiP", "gP@5", "MAgP"]
RAG_MEASURES = ["SpanP@5", "SpanR@5", "SpanIoU@5", "SpanR(budget=500)", "SpanRR(tau=0.5)",
                "CharMAP"]


def _table(title: str, results: pd.DataFrame) -> None:
    """Print a runs x measures table of means (rich when available)."""
    wide = results.pivot(index="run", columns="measure", values="value")
    wide = wide[list(dict.fromkeys(results.measure))]
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:  # pragma: no cover - rich is a dependency
        click.echo(f"\n{title}\n{wide.round(4).to_string()}")
        return
    table = Table(title=title, title_justify="left")
    table.add_column("run")
    for measure in wide.columns:
        table.add_column(measure, justify="right")
    for run, row in wide.iterrows():
        table.add_row(str(run), *[f"{v:.4f}" for v in row])
    Console(width=max(100, 14 * (len(wide.columns) + 1))).print(table)


def _rag_table(log: ProblemLog) -> EvalContext:
    """The RAG example: one retriever over three chunkings, scored on span qrels."""
    from ..io.spans import read_chunk_map, read_documents

    rag = example_path("rag")
    documents = read_documents(rag / "documents.jsonl", log)
    chunks = read_chunk_map([rag / "chunks" / f"{c}.jsonl"
                             for c in ("fixed", "sentence", "paragraph")], log, documents)
    qrels = read_qrels(rag / "qrels.jsonl", log=log, documents=documents)
    runs = [read_run(rag / "runs" / f"{c}.txt", log=log, chunk_map=chunks)
            for c in ("fixed", "sentence", "paragraph")]
    ctx = EvalContext()
    _table("RAG example: one retriever over three chunkings, span measures (docs/rag.md)",
           summarise(evaluate(qrels, runs, RAG_MEASURES, ctx)))
    return ctx


EXAMPLES = """\b
Examples:
  sdreval demo
"""


@click.command("demo", epilog=EXAMPLES)
@handle_errors
def demo_command():
    """Evaluate the bundled examples and print tables of mean scores.

    Kazai & Lalmas (2006)'s worked example (topic 163, the runs of their Table I, quantisation
    sog: their Table II), a small synthetic collection with element and passage runs, and a
    RAG example (span measures over three chunkings)."""
    log = ProblemLog()
    worked = example_path("kazai-lalmas-2006")
    qrels = read_qrels(worked / "qrels.tsv", fmt="native-qrels", log=log)
    runs = [read_run(worked / "runs" / f"{name}.txt", log=log)
            for name in ("frb", "ideal", "reverse_ideal", "rel_leaves")]
    ctx = EvalContext(quant="sog")
    _table("Kazai & Lalmas (2006), topic 163, Table I runs, quant=sog — cf. Table II",
           summarise(evaluate(qrels, runs, SEED000_MEASURES, ctx)))

    synthetic = example_path("synthetic")
    collection = read_collection(synthetic / "docs", log=log)
    qrels = read_qrels(synthetic / "qrels.tsv", fmt="native-qrels", log=log)
    names = ("sim01", "sim02", "sim03")
    runs = [read_run(synthetic / "runs" / f"{n}.txt", log=log) for n in names]
    ctx = EvalContext(collection=collection)
    _table("Synthetic collection, element runs (quant=gen)",
           summarise(evaluate(qrels, runs, ELEMENT_MEASURES, ctx)))
    fol = read_qrels(synthetic / "qrels.fol", log=log)
    passage_runs = [read_run(synthetic / "runs" / f"{n}.passages.txt", log=log) for n in names]
    ctx2 = EvalContext(collection=collection)
    _table("Synthetic collection, passage runs (INEX 2007-2010 focused / relevant in context)",
           summarise(evaluate(fol, passage_runs, PASSAGE_MEASURES, ctx2)))
    ctx3 = _rag_table(log)
    echo_warnings([str(p) for p in log.warnings] + ctx.warnings + ctx2.warnings + ctx3.warnings)
    base = example_path("synthetic").parent
    click.echo("\nThe example files are in " + str(base) + "; try:\n"
               f"  sdreval eval {base / 'synthetic' / 'qrels.tsv'} "
               f"{base / 'synthetic' / 'runs' / 'sim01.txt'} -m nxCG@10 -m MAep\n"
               "(sdreval measures lists every measure; sdreval docs user-guide walks through them)")
