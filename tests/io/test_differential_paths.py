"""Differential tests: the same rows read through every path that should agree -- a TREC run
file (whole, and streamed one topic at a time), a DataFrame of the fields as text, records,
and for passages the span tables (JSONL, CSV with ``, `` separators, Parquet) -- give the
same run, or are all refused.  Fields are drawn from ordinary and hostile values (``0x10``,
``1_0``, ``+1``, non-ASCII digits, ``1e3``, huge integers, numeric-looking ids such as
``007``, ``2021-01-01`` and ids beyond int64); the field rules are those of docs/inputs.md.
Kept small (a few dozen examples each): the whole module runs in a few seconds."""
from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sdreval
from sdreval.errors import SdrevalError
from sdreval.io.stream import iter_run_topics

IDS = ["007", "7", "1e3", "2021-01-01", "18446744073709551617", "18446744073709551618",
       "0x10", "d1", "d2", "NaN", "None", "-1", "+1", "\u00e9t\u00e9"]
INTEGERS = ["1", "2", "3", "10", "007", "+2", "0", "-1", "0x10", "1_0", "1e3", "2.0",
            "\u0663", "99999999999999999999", "9223372036854775807"]
NUMBERS = ["1.5", "2", "-0.5", "1e3", "+2.5", ".5", "nan", "inf", "1_0", "0x1p3",
           "\u0661.\u0665", "1e400"]


def examples(n: int):
    """Settings for ``n`` examples (a few hundred each found nothing more: kept fast)."""
    return settings(max_examples=n, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


rows_of = st.lists(st.tuples(st.sampled_from(["1", "2", "01"]), st.sampled_from(IDS),
                             st.sampled_from(INTEGERS), st.sampled_from(NUMBERS)),
                   min_size=1, max_size=6)


def _outcome(read, plain=lambda run: _plain(run.topics)):
    """``("ok", plain(what read() returns))`` or ``("refused",)``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            found = read()
        except SdrevalError:
            return ("refused",)
    return ("ok", plain(found))


def _plain(topics) -> dict:
    return {t: (list(map(str, r.docs)), [int(o) for o in r.offsets],
                [int(n) for n in r.lengths], [float(x) for x in r.rsv])
            for t, r in topics.items() if len(r)}


@given(rows=rows_of)
@examples(25)
def test_document_run_file_stream_frame_and_records_agree(tmp_path, rows):
    path = tmp_path / "r.txt"
    path.write_text("".join(f"{t} Q0 {d} {k} {s} r\n" for t, d, k, s in rows))
    table = [{"query_id": t, "doc_id": d, "rank": k, "score": s} for t, d, k, s in rows]
    whole = _outcome(lambda: sdreval.read_run(path))
    assert _outcome(lambda: sdreval.read_run(pd.DataFrame(table))) == whole
    assert _outcome(lambda: sdreval.read_run(table)) == whole
    if whole[0] == "ok":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            streamed = dict(iter_run_topics(path))
        assert _plain(streamed) == whole[1]


@given(rows=rows_of)
@examples(25)
def test_score_dict_frame_and_records_agree(rows):
    """``{topic: {doc: score}}`` (ranx, ir_measures) and the same rows as a DataFrame or
    records without ranks: the same run (trec_eval's order), or all refused."""
    scores: dict = {}
    for t, d, _, s in rows:
        scores.setdefault(t, {}).setdefault(d, s)
    table = [{"query_id": t, "doc_id": d, "score": s}
             for t, inner in scores.items() for d, s in inner.items()]
    expected = _outcome(lambda: sdreval.read_run(pd.DataFrame(table)))
    assert _outcome(lambda: sdreval.read_run(table)) == expected
    assert _outcome(lambda: sdreval.read_run(scores)) == expected


def _span_files(tmp_path, table: list[dict]) -> dict:
    jsonl = tmp_path / "r.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in table))
    csv = tmp_path / "r.csv"
    keys = list(table[0])
    csv.write_text(", ".join(keys) + "\n" + "".join(", ".join(r[k] for k in keys) + "\n"
                                                     for r in table))
    parquet = tmp_path / "r.parquet"
    pd.DataFrame(table).astype(str).to_parquet(parquet)
    return {"jsonl": jsonl, "csv": csv, "parquet": parquet}


@given(rows=st.lists(st.tuples(st.sampled_from(["q1", "007"]), st.sampled_from(IDS),
                               st.sampled_from(INTEGERS), st.sampled_from(["5", "40", "+9"]),
                               st.sampled_from(["1", "2", "3"])), min_size=1, max_size=5))
@examples(8)
def test_span_tables_agree_with_each_other_and_with_a_dataframe(tmp_path, rows):
    """Span runs (start, end, rank) as JSONL, CSV with ``, `` separators, Parquet, a DataFrame
    and records: the same run or all refused."""
    table = [{"query_id": q, "doc_id": d, "start": s, "end": e, "rank": k}
             for q, d, s, e, k in rows]
    expected = _outcome(lambda: sdreval.read_run(pd.DataFrame(table)))
    assert _outcome(lambda: sdreval.read_run(table)) == expected
    for kind, path in _span_files(tmp_path, table).items():
        assert _outcome(lambda: sdreval.read_run(path)) == expected, kind


@given(rows=st.lists(st.tuples(st.sampled_from(["1", "2"]), st.sampled_from(IDS),
                               st.sampled_from(INTEGERS), st.sampled_from(INTEGERS)),
                     min_size=1, max_size=5))
@examples(20)
def test_passage_run_file_and_span_table_agree(tmp_path, rows):
    """A TREC passage run ``offset length`` and the same rows as a span table with
    ``start = offset``, ``end = offset + length`` (where both are integers) and rank: the
    same run, or both refused.  The span table takes rank 0 (0-based ranks, as a TREC chunk
    run), the INEX passage run does not: rows with rank 0 are left out."""
    rows = [r for r in rows if r[3] != "0"]
    if not rows:
        return
    path = tmp_path / "r.txt"
    path.write_text("".join(f"{t} Q0 {d} {k} 1.0 r {o} 5\n" for t, d, o, k in rows))
    table = [{"query_id": t, "doc_id": d, "start": o,
              "end": str(int(o) + 5) if o.isascii() and o.lstrip("+-").isdigit() else o,
              "rank": k, "score": "1.0"} for t, d, o, k in rows]
    from_file = _outcome(lambda: sdreval.read_run(path))
    from_table = _outcome(lambda: sdreval.read_run(pd.DataFrame(table)))
    assert from_table == from_file


@given(rows=st.lists(st.tuples(st.sampled_from(["1", "2"]), st.sampled_from(IDS),
                               st.sampled_from(INTEGERS)), min_size=1, max_size=5))
@examples(20)
def test_trec_qrels_file_and_table_agree(tmp_path, rows):
    """TREC qrels ``qid 0 docno rel`` and the same rows as a DataFrame, records or a dict
    of decimal text: the same judgements, or all refused (a table may hold real grades, a
    file integers: only integer-looking grades are drawn)."""
    path = tmp_path / "q.txt"
    path.write_text("".join(f"{t} 0 {d} {g}\n" for t, d, g in rows))
    table = [{"query_id": t, "doc_id": d, "relevance": g} for t, d, g in rows]

    def outcome(read):
        return _outcome(read, lambda qrels: {
            t: sorted((d, a.e) for (d, _), a in q.elements.items())
            for t, q in qrels.topics.items() if q.elements})

    # the format named: numeric ids with grades of 10 or more (``1 0 007 10``) read as passage
    # qrels of a document 0 too, and detection refuses them as ambiguous (its own tests)
    from_file = outcome(lambda: sdreval.read_qrels(path, fmt="trec-qrels"))
    integral = all(g.isascii() and g.lstrip("+-").isdigit() and len(g.lstrip("+-0")) < 19
                   for _, _, g in rows)
    if integral:
        assert outcome(lambda: sdreval.read_qrels(pd.DataFrame(table))) == from_file
        assert outcome(lambda: sdreval.read_qrels(table)) == from_file
    elif from_file[0] == "ok":  # what the file takes, every table takes
        assert outcome(lambda: sdreval.read_qrels(pd.DataFrame(table))) == from_file


@pytest.mark.parametrize("separator", [b"\t", b"  ", b" \t", b"\x1c", b"\x0b", b"\xc2\xa0"],
                         ids=["tab", "two-spaces", "space-tab", "0x1C", "VT", "NBSP"])
@pytest.mark.parametrize("ending", [b"\n", b"\r\n"], ids=["LF", "CRLF"])
def test_white_space_and_line_ends_read_alike_whole_and_streamed(tmp_path, separator, ending):
    lines = [b"1 Q0 d1 1 2.5 r", b"1 Q0 d2 2 1.5 r", b"2 Q0 e1 1 1.0 r", b"1 Q0 d3 3 1.0 r"]
    lines[1] = lines[1].replace(b" ", separator)
    path = tmp_path / "r.txt"
    path.write_bytes(b"\xef\xbb\xbf" + ending.join(lines) + ending)
    whole = sdreval.read_run(path)
    assert _plain(whole.topics) == _plain(dict(iter_run_topics(path)))
    assert list(whole.topics["1"].docs) == ["d1", "d2", "d3"]
