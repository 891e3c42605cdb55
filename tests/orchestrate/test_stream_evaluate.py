"""evaluate_stream gives the table evaluate() gives for the whole run, topic by topic."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.io.inex_submission import write_inex_submission
from sdreval.io.writers import write_run
from sdreval.measures import EvalContext, evaluate
from sdreval.orchestrate.stream import evaluate_stream
from sdreval.model.run import Run
from sdreval.simulate import simulate

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "sdreval" / "data" / "examples"
ELEMENT_MEASURES = ["nxCG@10", "MAep", "iMAep", "Q", "AP", "P@5", "nDCG@10", "gAP",
                    "inex_eval", "inex_eval_ng", "nxCG(quant=strict)@5"]


def assert_same(qrels, path, measures, fmt=None, **options):
    ctx_a, ctx_b = EvalContext(**options.pop("ctx", {})), EvalContext(**options.pop("ctx2", {}))
    expected = evaluate(qrels, [read_run(path, fmt)], measures, ctx_a, **options)
    got = evaluate_stream(qrels, path, measures, ctx_b, fmt=fmt, **options)
    pd.testing.assert_frame_equal(got, expected)
    return got


@pytest.mark.parametrize("example,run", [("kazai-lalmas-2006", "frb.txt"), ("kazai-lalmas-2006", "rel_leaves.txt"),
                                         ("synthetic", "sim01.txt"), ("synthetic", "sim03.txt")])
@pytest.mark.parametrize("all_topics", [False, True])
def test_bundled_examples(example, run, all_topics):
    qrels = read_qrels(EXAMPLES / example / "qrels.tsv")
    table = assert_same(qrels, EXAMPLES / example / "runs" / run, ELEMENT_MEASURES,
                        all_topics=all_topics)
    assert len(table) and table["value"].notna().any()


@pytest.mark.parametrize("order", ["rank", "rsv"])
def test_orders(order):
    qrels = read_qrels(EXAMPLES / "synthetic" / "qrels.tsv")
    assert_same(qrels, EXAMPLES / "synthetic" / "runs" / "sim02.txt", ["nxCG@10", "AP"],
                ctx={"order": order}, ctx2={"order": order})


def test_passage_measures_on_passage_and_converted_element_runs():
    qrels = read_qrels(EXAMPLES / "synthetic" / "qrels.fol")
    measures = ["MAiP", "iP@0.01", "MAgP", "gP@5", "HiXiP@10"]
    assert_same(qrels, EXAMPLES / "synthetic" / "runs" / "sim01.passages.txt", measures)
    collection = read_collection(EXAMPLES / "synthetic" / "docs")
    ctx = EvalContext(collection=collection)
    path = EXAMPLES / "synthetic" / "runs" / "sim01.txt"
    expected = evaluate(qrels, [read_run(path)], measures, EvalContext(collection=collection))
    got = evaluate_stream(qrels, path, measures, ctx)
    pd.testing.assert_frame_equal(got, expected)
    # the per-topic converted runs do not stay in the cache
    assert not [k for k in ctx.cache if isinstance(k, tuple) and k[0] == "passage-run"]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    collection, qrels, runs = simulate(n_docs=30, elements_per_doc=300, n_topics=8, n_runs=2,
                                       run_length=300, tie_levels=20, seed=11)
    return qrels, runs, tmp_path_factory.mktemp("sim")


def test_simulated_run_with_unanswered_and_unjudged_topics(simulated):
    qrels, runs, directory = simulated
    run = runs[0]
    topics = dict(run.topics)
    dropped = sorted(topics)[0]
    del topics[dropped]  # a qrels topic the run does not answer
    topics["999"] = topics[sorted(topics)[0]]  # a run topic without judgements
    path = directory / "partial.run"
    write_run(Run(run.name, topics, run.unit), path)
    for all_topics in (False, True):
        ctx_a, ctx_b = EvalContext(), EvalContext()
        expected = evaluate(qrels, [read_run(path)], ELEMENT_MEASURES, ctx_a,
                            all_topics=all_topics)
        got = evaluate_stream(qrels, path, ELEMENT_MEASURES, ctx_b, all_topics=all_topics)
        pd.testing.assert_frame_equal(got, expected)
        assert (dropped in set(got["topic"])) == all_topics
        assert any("999" in w for w in ctx_b.warnings)


def test_simulated_run_shuffled_lines_and_xml(simulated):
    """Topics interleaved line by line (held until their last line) and an XML submission."""
    qrels, runs, directory = simulated
    path = directory / "sorted.run"
    write_run(runs[1], path)
    lines = path.read_text().splitlines(keepends=True)
    rng = np.random.default_rng(3)
    by_topic: dict[str, list[str]] = {}
    for line in lines:
        by_topic.setdefault(line.split()[0], []).append(line)
    mixed = []
    queues = {t: list(v) for t, v in by_topic.items()}
    while queues:  # interleave topics, keeping each topic's own line order
        topic = rng.choice(sorted(queues))
        mixed.append(queues[topic].pop(0))
        if not queues[topic]:
            del queues[topic]
    shuffled = directory / "shuffled.run"
    shuffled.write_text("".join(mixed))
    measures = ["nxCG@10", "MAep", "AP", "inex_eval"]
    expected = evaluate(qrels, [read_run(path)], measures, EvalContext())
    pd.testing.assert_frame_equal(evaluate_stream(qrels, shuffled, measures, EvalContext()),
                                  expected)
    with pytest.raises(InputError, match="topics not contiguous"):
        evaluate_stream(qrels, shuffled, measures, EvalContext(), log=ProblemLog(),
                        contiguous=True)
    xml = directory / "run.xml"
    write_inex_submission(runs[1], xml)
    pd.testing.assert_frame_equal(evaluate_stream(qrels, xml, measures, EvalContext()),
                                  evaluate(qrels, [read_run(xml)], measures, EvalContext()))


def test_problems_go_to_the_log_or_raise(simulated):
    qrels, runs, directory = simulated
    path = directory / "broken.run"
    write_run(runs[0], path)
    with open(path, "a") as out:
        out.write("1 Q0 doc0001 1 notanumber sim01 /article[1]\n")
    log = ProblemLog()
    table = evaluate_stream(qrels, path, ["nxCG@10"], EvalContext(), log=log)
    assert len(log.errors) == 1 and len(table)
    with pytest.raises(InputError, match="rsv"):
        evaluate_stream(qrels, path, ["nxCG@10"], EvalContext())


MEMORY_CHILD = """
import json, resource, sys
from sdreval.io import read_qrels, read_run
from sdreval.measures import EvalContext, evaluate
from sdreval.orchestrate.stream import evaluate_stream
mode, qrels_path, run_path = sys.argv[1:4]
qrels = read_qrels(qrels_path)
measures = ["nxCG@10", "MAep", "AP"]
if mode == "stream":
    from sdreval.io import stream
    stream.PART_RESULTS = 1 << 17  # parts far smaller than the run: memory is one part's
    table = evaluate_stream(qrels, run_path, measures, EvalContext())
else:
    table = evaluate(qrels, [read_run(run_path)], measures, EvalContext())
print(json.dumps({"rss": [int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM:')][0] / 1024,
                  "sum": float(table["value"].sum()), "rows": len(table)}))
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KiB on Linux only")
def test_streamed_evaluation_memory_is_bounded(tmp_path):
    """On a ~80 MB run the streaming path peaks far below the in-memory path, and its extra
    memory over the interpreter and judgements does not grow with the file."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_memory import make_inputs, write_big_run

    collection, _, qrels_path, rankings = make_inputs(tmp_path, n_topics=40, n_docs=60)
    small, big = tmp_path / "small.run", tmp_path / "big.run"
    write_big_run(small, collection, rankings, 24 * 2**20)
    write_big_run(big, collection, rankings, 80 * 2**20)

    def child(mode, path):
        done = subprocess.run([sys.executable, "-c", MEMORY_CHILD, mode, str(qrels_path),
                               str(path)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        return json.loads(done.stdout.strip().splitlines()[-1])

    stream_small, stream_big = child("stream", small), child("stream", big)
    memory_small, memory_big = child("memory", small), child("memory", big)
    assert stream_big["sum"] == pytest.approx(memory_big["sum"], abs=0, rel=0)
    assert stream_big["rows"] == memory_big["rows"]
    # in memory, the 80 MB run costs tens of MB more than the 24 MB run (85-91 MB measured);
    # streaming holds one part of the run (131,072 results here) and the topics not yet
    # complete at a time, and both runs are several parts long, so its peak is the same
    # (-7 to -2 MB measured; with a 6 MB run of one part the margin was 15-25 MB, flaky)
    assert stream_big["rss"] - stream_small["rss"] < 12, (stream_small, stream_big)
    assert (memory_big["rss"] - memory_small["rss"]
            > stream_big["rss"] - stream_small["rss"] + 25), (memory_small, memory_big,
                                                               stream_small, stream_big)


def test_streamed_topics_leave_nothing_in_the_cache(tmp_path):
    """Entries keyed on one topic alone (the classic family's index of ``(topic,)``) are
    dropped when the topic is done: the cache held one index per topic before (issue 11)."""
    run, qrels = tmp_path / "many.run", tmp_path / "many.fol"
    run.write_text("".join(f"{t} Q0 d{t} 1 1.0 r\n" for t in range(400)))
    qrels.write_text("".join(f"{t} Q0 d{t} 10 100 0 0:10\n" for t in range(0, 400, 2)))
    ctx = EvalContext()
    table = evaluate_stream(read_qrels(qrels), run, ["P@10", "AP", "Judged@10"], ctx)
    assert len(table) == 3 * 200
    expected = evaluate(read_qrels(qrels), [read_run(run)], ["P@10", "AP", "Judged@10"])
    pd.testing.assert_frame_equal(table, expected)
    assert len(ctx.cache) < 20, list(ctx.cache)[:30]


@pytest.mark.parametrize("batch", [1, 3, 50_000])
def test_streamed_warnings_are_the_in_memory_ones(tmp_path, monkeypatch, batch):
    """A topic none of whose results is judged is no reason to say the whole run's ids do not
    match the qrels' (streaming evaluated a topic at a time and said so for that topic); the
    table and the warnings equal the in-memory path's, whatever the batch size."""
    from sdreval.io import columnar, stream as stream_module

    monkeypatch.setattr(stream_module, "PART_RESULTS", batch)
    monkeypatch.setattr(columnar, "STREAM_BLOCK_BYTES", 8)  # blocks of a line or two
    run, qrels = tmp_path / "r.run", tmp_path / "q.qrels"
    run.write_text("1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n2 Q0 x 1 3 r\n2 Q0 y 2 2 r\n3 Q0 c 1 1 r\n")
    qrels.write_text("1 0 a 1\n1 0 b 0\n2 0 z 1\n3 0 c 1\n")
    measures = ["P@2", "AP", "nxCG@2"]
    ctx_stream, ctx_memory = EvalContext(), EvalContext()
    table = evaluate_stream(read_qrels(qrels), run, measures, ctx_stream)
    expected = evaluate(read_qrels(qrels), [read_run(run)], measures, ctx_memory)
    pd.testing.assert_frame_equal(table, expected)
    assert ctx_stream.warnings == ctx_memory.warnings
    assert not any("none of its" in w for w in ctx_stream.warnings)


def test_unsorted_run_read_again_problems_once(tmp_path):
    """A text run is first read as if sorted by topic; topic 1 coming back on line 4 sends
    it to the two-pass reading, and the problems found before (the bad rank on line 2, the
    repeat of line 1 on line 4) are reported once, as the whole-file reader reports them."""
    run, qrels = tmp_path / "r.run", tmp_path / "q.qrels"
    run.write_text("1 Q0 a 1 3 r\n1 Q0 b x 2 r\n2 Q0 c 1 3 r\n1 Q0 a 3 1 r\n2 Q0 d 2 2 r\n")
    qrels.write_text("1 0 a 1\n2 0 d 1\n")
    streamed, whole = ProblemLog(), ProblemLog()
    table = evaluate_stream(read_qrels(qrels), run, ["AP", "P@2"], EvalContext(), log=streamed)
    read_run(run, log=whole)
    assert [str(p) for p in streamed.problems] == [str(p) for p in whole.problems]
    assert streamed.counts == whole.counts and len(streamed.problems) == 2
    assert table.query("topic == '2' and measure == 'AP'")["value"].tolist() == [0.5]
