"""Inputs of the frozen outputs of the judgement and table readers (values and problems).

Each case is ``(name, kind, build)``: ``build(dir)`` writes the input and returns what the
reader takes (a path or a table); :func:`outcome` reads it and returns a JSON-able summary:
a digest of every judgement or result, the problems as printed, and the exception if any.
Fuzzed files are made from seeded mutations of valid lines, so nothing large is committed.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[3] / ".." / "shared" / "data"
REAL = {"fol-real-2010": DATA / "inex2010-adhoc" / "inex2010.qrels",
        "fol-real-zendel": DATA / "inex2009-2010-zendel" / "INEX_Qrels.txt"}

BASE = {
    "fol": ["2010003 Q0 19243417 2932 3901 3901 491:1908 2801:25 2885:999",
            "2010003 Q0 298021 0 4263", "2010004 Q0 77 10 50 10:10", "2010004 Q0 78 0 5 3"],
    "native": ["# scale=inex2005", "topic\tfile\tpath\te\ts\tsize",
               "1\td\t/article[1]\t?\t0.5\t12", "1\td\t/article[1]/p[2]\t2\t1",
               "2\tx\t/article[1]/sec[1]\t1\t0.25"],
    "trec-qrels": ["1 0 d1 1", "1 0 d2 0", "2 0 d3 2", "2 0 d1 -1"],
    "passage-qrels": ["1 d1 10 20", "1 d1 40 5 12", "2 d9 0 3"],
}
TOKENS = ["Q0", "0", "1", "-3", "2.5", "0x2", "0X10", "+4", "1e3", "nan", "inf", "9" * 20,
          "/article[1]", "/a[0]", "?", "12:34", "5:-1", ":", "0x1:2", "E", "N", "topic", "",
          "#", "\u0663", "\u00a0", "\x1c", "\t", "  ", "d1", "2010003"]
SPAN_ROWS = [("q1", "d1", 0, 10, 1, 1.5), ("q1", "d2", 5, 9, 0, 1.0), ("q2", "d1", 3, 4, 2, 0.5),
             ("q1", "d3", 20, 30, 1, 0.7)]
SPAN_VALUES = ["q1", "d1", "0", "-1", "2.5", "", "0x2", "1e2", "4294967296", "2021-01-01",
               "99999999999999999999", "99999999999999999998", "nan", " 3", "x"]


def fuzz_text(kind: str, seed: int) -> bytes:
    """A file of ``kind`` with a few fields of its lines replaced or lines dropped/repeated."""
    rng = random.Random(f"{kind}:{seed}")
    lines = list(BASE[kind])
    sep = "\t" if kind == "native" else rng.choice([" ", " ", "\t"])
    out = []
    for line in lines * rng.randint(1, 3):
        fields = line.split("\t" if kind == "native" else " ")
        for _ in range(rng.choice([0, 0, 1, 2])):
            i = rng.randrange(len(fields) + 1)
            action = rng.random()
            token = rng.choice(TOKENS)
            if action < 0.6 and i < len(fields):
                fields[i] = token
            elif action < 0.8:
                fields.insert(i, token)
            elif i < len(fields):
                del fields[i]
        out.append(sep.join(fields))
    rng.shuffle(out) if rng.random() < 0.3 else None
    return ("\r\n" if rng.random() < 0.1 else "\n").join(out).encode("utf-8", "replace") + b"\n"


def fuzz_rows(seed: int, run: bool) -> list[dict]:
    rng = random.Random(f"span:{run}:{seed}")
    rows = []
    for t, d, s, e, rel, score in SPAN_ROWS * rng.randint(1, 2):
        row = {"query_id": t, "doc_id": d, "start": s, "end": e}
        row["score" if run else "relevance"] = score if run else rel
        for _ in range(rng.choice([0, 0, 1])):
            key = rng.choice(list(row))
            row[key] = rng.choice(SPAN_VALUES)
        rows.append(row)
    return rows


def write_rows(rows: list[dict], path: Path, layout: str) -> Path:
    """Rows as JSONL (values as written: text stays text), CSV or Parquet (all text)."""
    if layout == "jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    elif layout == "csv":
        keys = list(rows[0])
        path.write_text(",".join(keys) + "\n" + "".join(
            ",".join(str(r[k]) for k in keys) + "\n" for r in rows))
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        keys = list(rows[0])
        pq.write_table(pa.table({k: [str(r[k]) for r in rows] for k in keys}), path)
    return path


def digest_qrels(qrels) -> list:
    rows = []
    for topic in sorted(qrels.topics):
        judged = qrels.topics[topic]
        for (doc, path), a in sorted(judged.elements.items()):
            rows.append([topic, doc, path, a.e, a.s, a.size])
        for doc, p in sorted(judged.passages.items()):
            rows.append([topic, doc, [list(r) for r in p.ranges], p.relevant_chars,
                         p.doc_length, p.bep])
    return [qrels.scale, len(rows), hashlib.sha1(json.dumps(rows, default=str).encode())
            .hexdigest()[:16]]


def digest_run(run) -> list:
    rows = []
    for topic, r in run.topics.items():
        rows.append([topic, [str(x) for x in r.docs], [str(x) for x in r.paths],
                     np.asarray(r.offsets).tolist(), np.asarray(r.lengths).tolist(),
                     np.asarray(r.ranks).tolist(), np.asarray(r.rsv).tolist()])
    return [run.unit, len(rows), hashlib.sha1(json.dumps(rows, default=str).encode())
            .hexdigest()[:16]]


def outcome(reader, source, base: str) -> dict:
    """What a reader gives: digest, problems (paths made relative), error."""
    import warnings

    from sdreval.errors import ProblemLog, SdrevalError

    log = ProblemLog()
    result: dict = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = reader(source, log)
        result["value"] = (digest_run(value) if hasattr(value, "unit") else digest_qrels(value))
    except SdrevalError as error:
        result["error"] = type(error).__name__ + ": " + str(error).replace(base, "")
    except Exception as error:  # noqa: BLE001 - frozen as it is today
        result["crash"] = type(error).__name__
    result["problems"] = [str(p).replace(base, "") for p in log.problems]
    return result
