"""The document-level measures read an element run as its documents (each document once, at
its first result) and say so in one warning about the run.  Its text depended on what a
partition held (later results of a document dropped, element results read as documents), so
a run cut into topic partitions got one warning per variant; the counts now head it and are
added up over the partitions (``--jobs``, ``--stream`` parts), as a serial evaluation says."""
from __future__ import annotations

from sdreval.data import example_path
from sdreval.io import read_qrels, read_run
from sdreval.measures import EvalContext, evaluate
from sdreval.orchestrate.stream import stream_columns

ROOT = example_path("synthetic")
#: topics 1-2: element results, each of its own document; topics 3-4: a whole document given
#: twice (a later result of the same document)
RUN = """\
1 Q0 doc0002 1 0.9 r /article[1]/bdy[1]/sec[2]
1 Q0 doc0008 2 0.8 r /article[1]/bdy[1]/sec[1]
2 Q0 doc0009 1 0.9 r /article[1]/bdy[1]/sec[2]
2 Q0 doc0001 2 0.8 r /article[1]/bdy[1]/sec[1]
3 Q0 doc0010 1 0.9 r /article[1]
3 Q0 doc0010 2 0.8 r /article[1]
3 Q0 doc0003 3 0.7 r /article[1]
4 Q0 doc0004 1 0.9 r /article[1]
4 Q0 doc0004 2 0.8 r /article[1]
"""


def _reading(warnings: list[str]) -> list[str]:
    return [w for w in warnings if "document-level measures" in w]


def test_one_reading_warning_for_the_run_in_every_path(tmp_path):
    path = tmp_path / "r.run"
    path.write_text(RUN)
    qrels = read_qrels(ROOT / "qrels.fol")
    said = []
    for jobs in (1, 2):
        ctx = EvalContext()
        evaluate(qrels, [read_run(path)], ["AP", "nDCG@5"], ctx, jobs=jobs)
        said.append(_reading(ctx.warnings))
    ctx = EvalContext()
    stream_columns(qrels, path, ["AP", "nDCG@5"], ctx, results=2)  # parts of 2 topics
    said.append(_reading(ctx.warnings))
    assert said[0] == [
        "run r: 2 later result(s) of the same document dropped and 4 element result(s) read "
        "as their documents: document-level measures read the run as its documents, each "
        "document once, at its first result (docs/classic.md)"]
    assert said[1] == said[2] == said[0]
