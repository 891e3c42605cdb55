"""Bundled example data: the source papers' worked examples and a small synthetic collection.

* ``examples/kazai-lalmas-2006/``: Kazai & Lalmas 2006, Fig. 3 / Table I (topic 163, article
  ``co/2001/r7022``) as native judgements and the four Table I runs as element runs;
* ``examples/synthetic/``: a small synthetic INEX-like collection (``docs/``), INEX 2003-scale
  element judgements (``qrels.tsv``), its highlighted passages (``qrels.fol``), three element
  runs and their passage versions: each element run converted as ``sdreval convert --to
  passage --collection docs`` converts it, then each article's passages put together at the
  article's first appearance, as INEX's Relevant in Context task asks (so the runs break no
  task rule but Best in Context's).  The Focused measures, which read the passages in rank
  order, therefore differ from those of a plain conversion (MAiP of sim01: 0.4160, converted
  without grouping 0.4345); the article-level measures (MAgP, gP, gR) do not, as they group
  an article's results at its first appearance too;
* ``examples/rag/``: a synthetic corpus with gold evidence spans and one retriever's runs over
  three chunkings (:mod:`sdreval.data.rag`);
* ``examples/lincoln/``: two public-domain speeches of Abraham Lincoln, questions with gold
  evidence given as text and two LangChain-style retriever runs (:mod:`sdreval.data.lincoln`).

:func:`build_examples` regenerates them (a test checks the bundled files are what it writes);
:func:`example_path` finds them in the installed package.
"""
from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent / "examples"


def example_path(*parts: str) -> Path:
    """Path of a bundled example file or folder, e.g.
    ``example_path("kazai-lalmas-2006", "qrels.tsv")``."""
    path = EXAMPLES.joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(path)
    return path


def _grouped_by_article(run):
    """The run with each article's passages consecutive (at the article's first appearance),
    as INEX's Relevant-in-Context task asks; ranks renumbered."""
    import numpy as np

    from ..model.run import Run

    topics = {}
    for topic, ranking in run.topics.items():
        _, first = np.unique(ranking.docs.astype(str), return_index=True)
        first_of = dict(zip(ranking.docs[np.sort(first)], range(len(first))))
        order = np.argsort([first_of[d] for d in ranking.docs], kind="stable")
        grouped = ranking.take(order)
        grouped.ranks = np.arange(1, len(grouped) + 1, dtype=np.int64)
        topics[topic] = grouped
    return Run(run.name, topics, run.unit, run.source)


def build_examples(outdir: str | Path = EXAMPLES) -> Path:
    """Write the bundled examples to ``outdir`` (deterministic)."""
    from ..model.conversion import element_run_to_passage_run
    from ..io.writers import write_fol_qrels, write_native_qrels, write_run
    from ..simulate import (AssessmentSpec, CollectionSpec, RunSpec, document_xml,
                            make_collection, make_qrels, make_runs)
    from .kazai_lalmas_2006 import kazai_lalmas_example

    out = Path(outdir)
    example = out / "kazai-lalmas-2006"
    (example / "runs").mkdir(parents=True, exist_ok=True)
    qrels, runs = kazai_lalmas_example()
    write_native_qrels(qrels, example / "qrels.tsv")
    for run in runs:
        write_run(run, example / "runs" / f"{run.name}.txt", "element")

    synthetic = out / "synthetic"
    for sub in ("docs", "runs"):
        (synthetic / sub).mkdir(parents=True, exist_ok=True)
    collection = make_collection(CollectionSpec(n_docs=12, elements_per_doc=120, seed=7))
    sim_qrels = make_qrels(collection, AssessmentSpec(n_topics=4, relevant_docs=(1, 3),
                                                      judged_nonrelevant_docs=2, seed=8))
    sim_runs = make_runs(collection, sim_qrels, RunSpec(n_runs=3, length=40, quality=(0.3, 0.9),
                                                        overlap=False, seed=9))
    for doc in collection:
        (synthetic / "docs" / f"{doc}.xml").write_text(document_xml(collection[doc], 7),
                                                       encoding="utf-8")
    write_native_qrels(sim_qrels, synthetic / "qrels.tsv")
    write_fol_qrels(sim_qrels, synthetic / "qrels.fol")
    for run in sim_runs:
        write_run(run, synthetic / "runs" / f"{run.name}.txt", "element")
        passages = _grouped_by_article(element_run_to_passage_run(run, collection))
        write_run(passages, synthetic / "runs" / f"{run.name}.passages.txt", "passage")
    from .rag import build_rag_example

    build_rag_example(out / "rag")
    from .lincoln import build_lincoln_example

    build_lincoln_example(out / "lincoln")
    return out
