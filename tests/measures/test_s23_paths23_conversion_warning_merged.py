"""An element run with results outside the collection, on passage measures: its results are
converted through the collection and those that cannot be are left out, said in one warning
about the run (how many, and the first examples).  Cut into topic partitions (``--jobs``,
``--stream`` parts), the run gets that one warning, its counts added up and its examples the
first of the run, as a serial evaluation gives it (before: one warning per partition)."""
from __future__ import annotations

from sdreval.data import example_path
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate

ROOT = example_path("synthetic")


def test_one_conversion_warning_for_the_run(tmp_path):
    lines = (ROOT / "runs" / "sim01.txt").read_text().splitlines()  # 4 topics x 40 results
    out = []
    for line in lines:
        out.append(line)
        topic, _, _, rank, _, name, _ = line.split()
        if rank == "3":  # a document of no collection, once in every topic
            out.append(f"{topic} Q0 nodoc{topic} 3 0.5 {name} /article[1]")
    path = tmp_path / "run.txt"
    path.write_text("\n".join(out) + "\n")
    qrels = read_qrels(ROOT / "qrels.fol")
    collection = read_collection(ROOT / "docs")
    run = read_run(path)
    said = {}
    for jobs in (1, 2):
        ctx = EvalContext(collection=collection)
        evaluate(qrels, [run], ["MAiP"], ctx, jobs=jobs)
        said[jobs] = [w for w in ctx.warnings if "could not be turned into passages" in w]
    examples = [f"topic {t}: 1 result(s) in 1 document(s) not in the collection (nodoc{t}); "
                "not converted to passages" for t in (1, 2, 3)]
    assert said[1] == [
        "run sim01: 4 result(s) in 4 topic(s) could not be turned into passages through the "
        "collection and are left out of the passage measures, scoring nothing (--strict "
        f"rejects such runs; sdreval validate {path} --collection {ROOT / 'docs'} lists them "
        "all): " + "; ".join(examples) + " (and 1 more)"]
    assert said[2] == said[1]
