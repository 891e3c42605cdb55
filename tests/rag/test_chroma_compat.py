"""--compat chroma: Chroma's chunking-evaluation numbers (Smith & Troynikov, 2024).

The reference below is written from the formulas of Chroma's evaluation code, with Python
sets of character positions (no interval arithmetic): for a question with excerpts g_j and
its first k retrieved chunks c_i, N = |∪c_i ∩ ∪g_j| (chunks of other documents add nothing
to N), recall N / Σ|g_j|, precision N / Σ|c_i|, IoU N / (Σ|c_i| + Σ_j |g_j − ∪c_i|);
precision_omega over the chunks T of the chunking touching an excerpt (max(starts) <=
min(ends)): |∪T ∩ ∪g| / |∪T ∪ ∪g|; retrieve=-1: k = min(|T|, 20).
"""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import sdreval.api as api
from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.io.spans import chunk_map_from_frame, chunk_run_from_frame


def chars(doc, s, e):
    return {(doc, i) for i in range(s, e)}


def reference(gold, chunks, retrieved, k):
    G = set().union(*(chars(*g) for g in gold))
    top = retrieved[:k]
    R = set().union(*(chars(*c) for c in top)) if top else set()
    n = len(G & R)
    gold_sum = sum(e - s for _, s, e in gold)
    chunk_sum = sum(e - s for _, s, e in top)
    unused = sum(len(chars(*g) - R) for g in gold)
    touching = [c for c in chunks if any(c[0] == g[0] and max(c[1], g[1]) <= min(c[2], g[2])
                                         for g in gold)]
    T = set().union(*(chars(*c) for c in touching)) if touching else set()
    omega = len(T & G) / len(T | G) if T & G else 0.0
    return {"SpanR": n / gold_sum, "SpanP": n / chunk_sum if chunk_sum else 0.0,
            "SpanIoU": n / (chunk_sum + unused) if chunk_sum + unused else 0.0,
            "SpanOmega": omega, "touching": min(len(touching), 20)}


def chunking(size, overlap, length, doc):
    step = size - overlap
    return [(doc, s, min(s + size, length)) for s in range(0, length - overlap, step)]


def test_worked_example_from_the_docs():
    # gold [40, 60); chunks [0, 100) and [50, 150) retrieved: overlap counted twice
    chunk_map = chunk_map_from_frame([{"chunk_id": f"c{i}", "doc_id": "d", "start": s,
                                       "end": s + 100} for i, s in enumerate((0, 50, 100))])
    run = chunk_run_from_frame([{"query_id": "q", "chunk_id": "c0", "score": 2.0},
                                {"query_id": "q", "chunk_id": "c1", "score": 1.0}], chunk_map)
    gold = [{"query_id": "q", "doc_id": "d", "start": 40, "end": 60, "relevance": 1}]
    names = ["SpanP", "SpanR", "SpanIoU", "SpanOmega", "SpanP(retrieve=-1)"]
    chroma = api.evaluate(gold, run, names, compat="chroma").set_index("measure")["value"]
    assert chroma.to_dict() == pytest.approx({"SpanP": 20 / 200, "SpanR": 1.0,
                                              "SpanIoU": 20 / 200, "SpanOmega": 20 / 150,
                                              "SpanP(retrieve=-1)": 20 / 200})
    own = api.evaluate(gold, run, names[:3]).set_index("measure")["value"]
    assert own.to_dict() == pytest.approx({"SpanP": 20 / 150, "SpanR": 1.0,
                                           "SpanIoU": 20 / 150})


def test_random_questions_against_chromas_formulas():
    rng = np.random.default_rng(7)
    lengths = {"a": 900, "b": 700}
    chunks = chunking(120, 40, lengths["a"], "a") + chunking(80, 0, lengths["b"], "b")
    chunk_map = chunk_map_from_frame([{"chunk_id": f"{d}{s}", "doc_id": d, "start": s,
                                       "end": e} for d, s, e in chunks])
    gold_rows, run_rows, expected = [], [], {}
    for q in range(40):
        qid = f"q{q}"
        doc = "a" if q % 2 else "b"
        gold = []
        for _ in range(rng.integers(1, 4)):  # excerpts may overlap each other
            s = int(rng.integers(0, lengths[doc] - 60))
            gold.append((doc, s, s + int(rng.integers(5, 60))))
        picks = rng.choice(len(chunks), size=int(rng.integers(1, 9)), replace=False)
        retrieved = [chunks[i] for i in picks]  # chunks of the other document included
        gold_rows += [{"query_id": qid, "doc_id": d, "start": s, "end": e, "relevance": 1}
                      for d, s, e in dict.fromkeys(gold)]
        run_rows += [{"query_id": qid, "chunk_id": f"{d}{s}", "rank": r + 1}
                     for r, (d, s, e) in enumerate(retrieved)]
        gold = list(dict.fromkeys(gold))
        ref = reference(gold, chunks, retrieved, 5)
        ref_all = reference(gold, chunks, retrieved, len(retrieved))
        ref_touch = reference(gold, chunks, retrieved, ref["touching"])
        expected[qid] = {"SpanP@5": ref["SpanP"], "SpanR@5": ref["SpanR"],
                         "SpanIoU@5": ref["SpanIoU"], "SpanOmega": ref["SpanOmega"],
                         "SpanP": ref_all["SpanP"], "SpanIoU": ref_all["SpanIoU"],
                         "SpanR(retrieve=-1)": ref_touch["SpanR"],
                         "SpanP(retrieve=-1)": ref_touch["SpanP"],
                         "SpanIoU(retrieve=-1)": ref_touch["SpanIoU"]}
    run = chunk_run_from_frame(run_rows, chunk_map)
    table = api.evaluate(gold_rows, run, list(expected["q0"]), per_topic=True,
                         compat="chroma")
    table = table[table["topic"] != "all"]
    got = {(t, m): v for t, m, v in zip(table["topic"], table["measure"], table["value"])}
    want = {(t, m): v for t, values in expected.items() for m, v in values.items()}
    assert got.keys() == want.keys()
    for key, value in want.items():
        assert got[key] == pytest.approx(value, abs=1e-12), key


def test_retrieve_needs_compat_chroma_and_a_chunk_run():
    gold = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "relevance": 1}]
    run = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "score": 1.0}]
    with pytest.raises(UsageError, match="retrieve takes only -1"):
        api.evaluate(gold, run, ["SpanR(retrieve=-1)"])
    with pytest.raises(UsageError, match="need a chunk-ID run"):
        api.evaluate(gold, run, ["SpanOmega"])


def test_cli_compat_chroma(tmp_path):
    (tmp_path / "q.jsonl").write_text(
        '{"query_id": "q", "doc_id": "d", "start": 40, "end": 60, "relevance": 1}\n')
    (tmp_path / "map.jsonl").write_text(
        '{"chunk_id": "c0", "doc_id": "d", "start": 0, "end": 100}\n'
        '{"chunk_id": "c1", "doc_id": "d", "start": 50, "end": 150}\n')
    (tmp_path / "run.txt").write_text("q Q0 c0 1 2.0 r\nq Q0 c1 2 1.0 r\n")
    args = ["eval", str(tmp_path / "q.jsonl"), str(tmp_path / "run.txt"), "--chunk-map",
            str(tmp_path / "map.jsonl"), "-m", "SpanP", "-m", "SpanOmega", "--compat", "chroma"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "r\tSpanP\tall\t0.1000" in result.output
    assert "r\tSpanOmega\tall\t0.1333" in result.output
    assert "summed lengths of the chunks" in result.output
