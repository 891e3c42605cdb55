"""An element run on passage measures is turned into passages through the collection.  The
whole run was converted, topics not in the qrels too: a serial evaluation warned about (and
--strict refused) a result of such a topic, which is ignored anyway, while partitions and
streamed parts without a scored topic never converted theirs and said nothing.  And the
warning said "N of its M results": a partition without unconvertible results gave no warning,
so its results were missing from M (serial "1 of its 4", --jobs 2 "1 of its 2").

Now only the topics evaluated are converted, on every path, and the warning counts what adds
up over partitions: the results left out and the topics they are in."""
from __future__ import annotations

import pytest

from sdreval.data import example_path
from sdreval.errors import InputError
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate
from sdreval.orchestrate.stream import stream_columns

ROOT = example_path("synthetic")


def _run(tmp_path):
    """Topics 1-4 of sim01 (40 results each), a result of no collection in topic 2, and
    topic 99 (not in the qrels) with a result of no collection."""
    lines = (ROOT / "runs" / "sim01.txt").read_text().splitlines()
    out = []
    for line in lines:
        out.append(line)
        topic, _, _, rank, _, name, _ = line.split()
        if rank == "3" and topic == "2":
            out.append(f"{topic} Q0 nodoc{topic} 3 0.5 {name} /article[1]")
    name = lines[0].split()[5]
    out += [f"99 Q0 doc0002 1 1.0 {name} /article[1]", f"99 Q0 nodoc99 2 0.5 {name} /article[1]"]
    path = tmp_path / "run.txt"
    path.write_text("\n".join(out) + "\n")
    return path


def _conversion(warnings):
    return [w for w in warnings if "turned into passages" in w]


def test_every_path_converts_and_warns_about_the_scored_topics_only(tmp_path):
    path = _run(tmp_path)
    qrels, collection = read_qrels(ROOT / "qrels.fol"), read_collection(ROOT / "docs")
    run = read_run(path)
    said = {}
    for jobs in (1, 2, 4):
        ctx = EvalContext(collection=collection)
        evaluate(qrels, [run], ["MAiP"], ctx, jobs=jobs)
        said[jobs] = _conversion(ctx.warnings)
    ctx = EvalContext(collection=collection)
    stream_columns(qrels, path, ["MAiP"], ctx, results=40)  # parts of a topic each
    said["stream"] = _conversion(ctx.warnings)
    assert said[1] == [
        "run sim01: 1 result(s) in 1 topic(s) could not be turned into passages through the "
        "collection and are left out of the passage measures, scoring nothing (--strict "
        f"rejects such runs; sdreval validate {path} --collection {ROOT / 'docs'} lists them "
        "all): topic 2: 1 result(s) in 1 document(s) not in the collection (nodoc2); not "
        "converted to passages"]
    assert said[2] == said[4] == said["stream"] == said[1]


def test_strict_refuses_for_a_scored_topic_only(tmp_path):
    path = _run(tmp_path)
    qrels, collection = read_qrels(ROOT / "qrels.fol"), read_collection(ROOT / "docs")
    run = read_run(path)
    ctx = EvalContext(collection=collection, strict=True)
    with pytest.raises(InputError) as raised:
        evaluate(qrels, [run], ["MAiP"], ctx)
    assert "nodoc2" in str(raised.value) and "nodoc99" not in str(raised.value)
