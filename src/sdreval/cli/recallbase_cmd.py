"""``sdreval recallbase QRELS --quant NAME [--format ...] [--keep ...]``.

Writes the ideal recall-base (or, with ``--full``, the full recall-base) of every topic as
records ``{"topic", "file", "path", "quant"}`` (``quant`` = the element's quantised value),
sorted by topic, then value descending (the order of the ideal run).
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import click

from ..errors import ProblemLog, UsageError
from ..io import read_qrels
from ..judgements.quantise import check_scale, default_quantisation, get_quantisation
from ..judgements.recallbase import full_recall_base, ideal_recall_base
from ..lazy import lazy_module
from ..model.ordering import topic_sort_key
from .common import (NAME, echo_problems, echo_warnings, handle_errors, pool_policy_option,
                     unused_given)
from .paths import InputPath, OutputPath

pd = lazy_module("pandas")

COLUMNS = ["topic", "file", "path", "quant"]


def recall_base_table(qrels, quant: str, keep: str = "ancestor", full: bool = False
                      ) -> pd.DataFrame:
    """The recall-base of every topic as a DataFrame ``topic, file, path, quant``."""
    rows = []
    topics = sorted(qrels.topics, key=topic_sort_key)
    for topic in topics:
        entries = (full_recall_base(qrels[topic], quant) if full
                   else ideal_recall_base(qrels[topic], quant, keep))
        rows.extend((topic, e.doc, e.path, e.value) for e in entries)
    return pd.DataFrame(rows, columns=COLUMNS)


def _empty_topics(qrels, table: pd.DataFrame, quant: str) -> str | None:
    """The warning naming the topics whose recall-base is empty: nothing in them is quantised
    > 0 under ``quant`` (None if there are none)."""
    kept = set(table["topic"])
    empty = [t for t in sorted(qrels.topics, key=topic_sort_key) if t not in kept]
    if not empty:
        return None
    shown = ", ".join(empty[:10]) + (" ..." if len(empty) > 10 else "")
    return (f"{len(empty)} of {len(qrels.topics)} qrels topic(s) with nothing quantised > 0 "
            f"under {quant} (no element in their recall-base): {shown}")


def _render(table: pd.DataFrame, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(table.to_dict(orient="records"), indent=1) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        table.to_csv(buffer, index=False)
        return buffer.getvalue()
    return "".join(f"{r.topic}\t{r.file}\t{r.path}\t{r.quant:g}\n"
                   for r in table.itertuples(index=False))


EXAMPLES = """\b
Examples:
  sdreval recallbase qrels.tsv --quant sog
  sdreval recallbase qrels.xml --quant gen --keep descendant --format json
  sdreval recallbase qrels.tsv --full --format csv -o recallbase.csv
"""


@click.command("recallbase", epilog=EXAMPLES)
@click.argument("qrels", type=InputPath(exists=True, allow_dash=True))
@click.option("--quant", type=NAME, default=None,
              help="Quantisation (default: the generalised function of the scale).")
@click.option("--keep", type=click.Choice(["ancestor", "descendant"]), default="ancestor",
              help="Overlap filter of the ideal recall-base: keep the ancestor (Kazai & "
                   "Lalmas 2006) or the descendant.")
@click.option("--full", is_flag=True, help="The full recall-base (every element quantised > 0).")
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json"]), default="text",
              help="text: topic, file, path, value lines; csv; json records.")
@click.option("-o", "--output", type=OutputPath(dir_okay=False), default=None,
              help="Write to FILE instead of stdout.")
@click.option("--qrels-format", type=NAME, default=None, help="Force the qrels format.")
@pool_policy_option
@handle_errors
def recallbase_command(qrels, quant, keep, full, fmt, output, qrels_format, pool_policy):
    """Print the ideal recall-base of QRELS."""
    from .eval_inputs import unused_pool_policy

    if full:
        echo_warnings(unused_given({"keep": "--full keeps every element quantised > 0 (no "
                                            "overlap filter)"}))
    log = ProblemLog()
    judgements = read_qrels(qrels, fmt=qrels_format, log=log, pool_policy=pool_policy)
    log.raise_if_errors()
    echo_problems(log)
    echo_warnings([w for w in [unused_pool_policy([qrels])] if w])
    if not any(topic.elements for topic in judgements.topics.values()):
        raise UsageError(f"{qrels} holds no element assessments (exhaustivity/specificity or "
                         "relevance/coverage): a recall-base is built from them")
    name = quant or default_quantisation(judgements.scale)
    check_scale(get_quantisation(name), judgements.scale)
    table = recall_base_table(judgements, name, keep, full)
    echo_warnings([w for w in [_empty_topics(judgements, table, name)] if w])
    text = _render(table, fmt)
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
