"""The bundled RAG example: a small synthetic corpus, gold evidence spans and one retriever run
over three chunkings (``examples/rag/``, ``docs/rag.md``).

Deterministic (numpy PCG64 with fixed seeds).  Documents are paragraphs of sentences of
pseudo-words; every query has two to four key words, planted together in one or two adjacent
sentences of one document (the gold span) and, scattered, in other places (distractors).  The
three chunkings are fixed size with overlap (300 characters, stride 240), one sentence per
chunk, and one paragraph per chunk.  The retriever scores each chunk by BM25 over the key words
and keeps the 10 best per query (TREC runs, chunk ids).

Files: ``documents.jsonl``, ``queries.jsonl``, ``qrels.jsonl`` (span qrels), ``chunks/
{fixed,sentence,paragraph}.jsonl`` (chunk maps), ``runs/{fixed,sentence,paragraph}.txt``.
:func:`build_rag_example` writes them; a test checks the bundled files are what it writes.
"""
from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import numpy as np

SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "se", "di", "pa", "qu", "ze", "bi",
             "fo", "gu", "ha", "je", "ly", "wo", "xi"]
CHUNKERS = ("fixed", "sentence", "paragraph")
N_DOCS, N_QUERIES, DEPTH = 14, 24, 10
FIXED_SIZE, FIXED_STRIDE = 300, 240


def _vocabulary(rng: np.random.Generator, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        n = int(rng.integers(2, 4))
        words.add("".join(SYLLABLES[i] for i in rng.integers(0, len(SYLLABLES), n)))
    return sorted(words)


def _sentence(rng, vocab, extra=()) -> str:
    words = [vocab[i] for i in rng.integers(0, len(vocab), int(rng.integers(7, 14)))]
    for word in extra:
        words.insert(int(rng.integers(0, len(words) + 1)), word)
    return " ".join(words).capitalize() + "."


def build_corpus(seed: int = 14):
    """Documents (id -> list of paragraphs, each a list of sentences), queries and gold."""
    rng = np.random.default_rng(seed)
    vocab = _vocabulary(rng, 400)
    keys = _vocabulary(np.random.default_rng(seed + 1), 4 * N_QUERIES + 40)
    keys = [k for k in keys if k not in vocab][:4 * N_QUERIES]
    docs = {f"doc{d:02d}": [[_sentence(rng, vocab) for _ in range(int(rng.integers(3, 6)))]
                            for _ in range(int(rng.integers(3, 6)))] for d in range(N_DOCS)}
    names = sorted(docs)
    queries, plants = {}, []
    for q in range(N_QUERIES):
        qid = f"q{q + 1:02d}"
        words = keys[4 * q: 4 * q + int(rng.integers(2, 5))]
        queries[qid] = words
        doc = names[int(rng.integers(0, N_DOCS))]
        p = int(rng.integers(0, len(docs[doc])))
        s = int(rng.integers(0, len(docs[doc][p])))
        two = bool(rng.random() < 0.4) and s + 1 < len(docs[doc][p])
        first = words[: max(1, len(words) // 2)] if two else words
        docs[doc][p][s] = _sentence(rng, vocab, first)
        if two:
            docs[doc][p][s + 1] = _sentence(rng, vocab, words[len(first):])
        plants.append((qid, doc, p, s, s + 1 if two else s))
        for _ in range(int(rng.integers(1, 4))):  # distractors: one key word elsewhere
            d2 = names[int(rng.integers(0, N_DOCS))]
            p2 = int(rng.integers(0, len(docs[d2])))
            s2 = int(rng.integers(0, len(docs[d2][p2])))
            if (d2, p2) == (doc, p) and s <= s2 <= s + two:
                continue
            docs[d2][p2][s2] = _sentence(rng, vocab, [words[int(rng.integers(0, len(words)))]])
    return docs, queries, plants


def _layout(paragraphs: list[list[str]]):
    """Text of a document and the character spans of its sentences and paragraphs."""
    text, sentences, paras, pos = [], [], [], 0
    for i, paragraph in enumerate(paragraphs):
        if i:
            text.append("\n\n")
            pos += 2
        start = pos
        spans = []
        for j, sentence in enumerate(paragraph):
            if j:
                text.append(" ")
                pos += 1
            spans.append((pos, pos + len(sentence)))
            text.append(sentence)
            pos += len(sentence)
        sentences.append(spans)
        paras.append((start, pos))
    return "".join(text), sentences, paras


def chunkings(texts, sentences, paras) -> dict[str, list[tuple[str, str, int, int]]]:
    """(chunk_id, doc_id, start, end) of every chunk of the three chunkers."""
    out: dict[str, list] = {c: [] for c in CHUNKERS}
    for doc in sorted(texts):
        n = len(texts[doc])
        starts = list(range(0, max(n - FIXED_SIZE, 0) + 1, FIXED_STRIDE))
        if starts[-1] + FIXED_SIZE < n:
            starts.append(starts[-1] + FIXED_STRIDE)
        out["fixed"] += [(f"{doc}-f{i:03d}", doc, s, min(s + FIXED_SIZE, n))
                         for i, s in enumerate(starts)]
        flat = [span for paragraph in sentences[doc] for span in paragraph]
        out["sentence"] += [(f"{doc}-s{i:03d}", doc, s, e) for i, (s, e) in enumerate(flat)]
        out["paragraph"] += [(f"{doc}-p{i:03d}", doc, s, e)
                             for i, (s, e) in enumerate(paras[doc])]
    return out


def bm25_run(texts, chunks, queries, depth: int = DEPTH, k1: float = 1.2, b: float = 0.75):
    """Top ``depth`` chunks per query by BM25 over the query's key words."""
    tokens = {c: texts[d][s:e].lower().replace(".", " ").split() for c, d, s, e in chunks}
    lengths = {c: len(t) for c, t in tokens.items()}
    avg = sum(lengths.values()) / len(lengths)
    df = Counter(w for t in tokens.values() for w in set(t))
    n = len(tokens)
    out = {}
    for qid, words in queries.items():
        scored = []
        for c, _, _, _ in chunks:
            tf = Counter(tokens[c])
            score = sum(math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5)) * tf[w] * (k1 + 1)
                        / (tf[w] + k1 * (1 - b + b * lengths[c] / avg)) for w in words if tf[w])
            scored.append((-round(score, 4), c))
        scored.sort()
        out[qid] = [(c, -s) for s, c in scored[:depth]]
    return out


def build_rag_example(outdir: str | Path) -> Path:
    """Write the example files to ``outdir`` (deterministic)."""
    out = Path(outdir)
    for sub in ("chunks", "runs"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    docs, queries, plants = build_corpus()
    texts, sentences, paras = {}, {}, {}
    for doc, paragraphs in docs.items():
        texts[doc], sentences[doc], paras[doc] = _layout(paragraphs)

    def jsonl(path: Path, records) -> None:
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                        encoding="utf-8")

    jsonl(out / "documents.jsonl", [{"doc_id": d, "text": texts[d]} for d in sorted(texts)])
    jsonl(out / "queries.jsonl", [{"query_id": q, "text": " ".join(w)}
                                  for q, w in queries.items()])
    gold = []
    for qid, doc, p, s_first, s_last in plants:
        start, end = sentences[doc][p][s_first][0], sentences[doc][p][s_last][1]
        gold.append({"query_id": qid, "doc_id": doc, "start": start, "end": end,
                     "relevance": 1})
    jsonl(out / "qrels.jsonl", gold)
    for name, chunks in chunkings(texts, sentences, paras).items():
        jsonl(out / "chunks" / f"{name}.jsonl",
              [{"chunk_id": c, "doc_id": d, "start": s, "end": e} for c, d, s, e in chunks])
        run = bm25_run(texts, chunks, queries)
        (out / "runs" / f"{name}.txt").write_text("".join(
            f"{q} Q0 {c} {i + 1} {score:.4f} bm25-{name}\n"
            for q, ranked in run.items() for i, (c, score) in enumerate(ranked)),
            encoding="utf-8")
    return out
