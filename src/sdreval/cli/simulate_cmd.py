"""``sdreval simulate OUTDIR``: a synthetic INEX-like test collection in the real formats."""
from __future__ import annotations

from pathlib import Path

import click

from ..io.inex_submission import write_inex_submission
from ..io.writers import write_fol_qrels, write_native_qrels, write_run
from ..simulate import (AssessmentSpec, CollectionSpec, RunSpec, document_xml, make_collection,
                        make_qrels, make_runs)
from ..errors import UsageError
from .common import (POSITIVE_INT, SEED, UNIT_INTERVAL, echo_status, echo_warnings,
                     handle_errors, quiet_option)


EXAMPLES = """\b
Examples:
  sdreval simulate sim/
  sdreval simulate sim/ --docs 20 --topics 10 --runs 5 --write-docs
  sdreval simulate sim/ --run-format passage --scale inex2005 --ties 50
"""


@click.command("simulate", epilog=EXAMPLES)
@click.argument("outdir", type=click.Path(file_okay=False))
@click.option("--docs", "n_docs", type=POSITIVE_INT, default=100, show_default=True,
              help="Articles in the collection.")
@click.option("--elements", "elements_per_doc", type=POSITIVE_INT, default=1500,
              show_default=True,
              help="Elements per article (about).")
@click.option("--topics", "n_topics", type=POSITIVE_INT, default=30, show_default=True,
              help="Topics assessed.")
@click.option("--runs", "n_runs", type=POSITIVE_INT, default=10, show_default=True,
              help="Runs written to OUTDIR/runs/.")
@click.option("--length", "run_length", type=POSITIVE_INT, default=1500, show_default=True,
              help="Results per topic.")
@click.option("--scale", type=click.Choice(["inex2002", "inex2003", "inex2005"]),
              default="inex2003", show_default=True,
              help="Assessment scale: INEX 2002 relevance × coverage, 2003/2004 or 2005 "
                   "exhaustivity × specificity.")
@click.option("--quality", nargs=2, type=UNIT_INTERVAL, default=(0.2, 0.9), show_default=True,
              help="Lowest and highest run quality in [0,1].")
@click.option("--ties", "tie_levels", type=POSITIVE_INT, default=None,
              help="Round RSVs to this many levels (creates ties).")
@click.option("--overlap/--no-overlap", default=None,
              help="Runs with (or without) overlapping results.  Default: element runs and "
                   "INEX XML submissions overlap; passage runs do not (INEX passage tasks "
                   "forbid overlap, and reading an overlapping passage warns at each line).")
@click.option("--run-format", type=click.Choice(["element", "passage", "inex-xml"]),
              default="element", show_default=True,
              help="Run layout: TREC-like element runs, passage (FOL) runs or INEX XML "
                   "submissions.")
@click.option("--write-docs", is_flag=True, help="Also write the collection as XML files.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Random seed (the same seed writes the same files).")
@quiet_option
@handle_errors
def simulate_command(outdir, n_docs, elements_per_doc, n_topics, n_runs, run_length, scale,
                     quality, tie_levels, overlap, run_format, write_docs, seed):
    """Write a synthetic collection to OUTDIR: qrels.tsv, qrels.fol, runs/ (and the articles
    in docs/ with --write-docs).  OUTDIR holding other files (an earlier simulation's extra
    runs or documents) is refused."""
    if quality[0] > quality[1]:
        raise UsageError(f"--quality: the lowest quality {quality[0]} is above the highest "
                         f"{quality[1]}")
    out = Path(outdir)
    from ..progress import progress

    with progress(3, "simulating collection, assessments, runs") as bar:
        collection = make_collection(CollectionSpec(n_docs, elements_per_doc, seed=seed))
        bar.update()
        qrels = make_qrels(collection, AssessmentSpec(n_topics, scale=scale, seed=seed + 1))
        bar.update()
        passages = run_format == "passage"
        overlap = not passages if overlap is None else overlap
        runs = make_runs(collection, qrels, RunSpec(n_runs, run_length, tuple(quality),
                                                    tie_levels, overlap, passages,
                                                    seed + 2))
        bar.update()
    suffix = ".xml" if run_format == "inex-xml" else ".txt"
    run_paths = {run.name: out / "runs" / f"{run.name}{suffix}" for run in runs}
    doc_paths = {doc: out / "docs" / f"{doc}.xml" for doc in collection} if write_docs else {}
    refuse_stale(out, {out / "qrels.tsv", out / "qrels.fol", *run_paths.values(),
                       *doc_paths.values()})
    (out / "runs").mkdir(parents=True, exist_ok=True)  # after the check: a refusal writes nothing
    write_native_qrels(qrels, out / "qrels.tsv")
    write_fol_qrels(qrels, out / "qrels.fol")
    from ..progress import track

    for run in track(runs, "writing runs"):
        if run_format == "inex-xml":
            write_inex_submission(run, run_paths[run.name])
        else:
            write_run(run, run_paths[run.name], run_format)
    if write_docs:
        (out / "docs").mkdir(exist_ok=True)
        for doc, path in doc_paths.items():
            path.write_text(document_xml(collection[doc], seed), encoding="utf-8")
    echo_status(f"wrote {len(collection)} documents, {len(qrels)} topics, {len(runs)} runs "
              f"to {out}")
    echo_warnings(short_runs(runs, run_length, overlap))


def short_runs(runs, length: int, overlap: bool) -> list[str]:
    """A warning per run with topics of fewer than ``length`` results: the candidates (the
    topic's documents' elements, without overlap when it is off) ran out."""
    out = []
    for run in runs:
        short = {t: len(r) for t, r in run.topics.items() if len(r) < length}
        if short:
            least = min(short.values())
            out.append(f"run {run.name}: {len(short)} of {len(run.topics)} topic(s) have fewer "
                       f"results than --length {length} (down to {least}): too few "
                       f"{'' if overlap else 'non-overlapping '}candidate elements in their "
                       "documents (give more --docs or --elements, or a smaller --length)")
    return out


def refuse_stale(out: Path, written: set[Path]) -> None:
    """A usage error naming the files under ``out`` this simulation would not write (runs or
    documents of an earlier one, which would stay beside its own and be read with them)."""
    stale = sorted(str(p.relative_to(out)) for p in out.rglob("*")
                   if p.is_file() and p not in written)
    if stale:
        raise UsageError(f"{out} holds {len(stale)} file(s) this simulation would not write "
                         f"({', '.join(stale[:3])}{', ...' if len(stale) > 3 else ''}): they "
                         "would stay beside its collection and be read with it; give a new or "
                         "empty directory, or remove them")
