"""Qrels and runs from DataFrames, records and dicts keep their units (passages, elements)
and give exactly the values of the same data read from files."""
from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd
import pytest

import sdreval.api as api
from sdreval.errors import InputError, UsageError

EXAMPLES = Path(api.__file__).parent / "data" / "examples" / "synthetic"
PASSAGE_MEASURES = ["MAiP", "iP@0.01", "iP@0.1"]
ELEMENT_MEASURES = ["MAep", "nxCG@10"]


def fol_rows(path: Path) -> list[dict]:
    """FOL qrels lines as one row per highlighted passage (a judged document without
    relevant text: one row without a span)."""
    rows = []
    for line in path.read_text().splitlines():
        topic, _, doc, _, doclen, *rest = line.split()
        bep = int(rest[0]) if rest and ":" not in rest[0] else None
        spans = [tuple(map(int, t.split(":"))) for t in rest if ":" in t]
        for offset, length in spans or [(None, None)]:
            rows.append({"query_id": topic, "doc_id": doc, "offset": offset, "length": length,
                         "doclen": int(doclen), "bep": bep})
    return rows


def run_rows(path: Path, last: str) -> list[dict]:
    rows = []
    for line in path.read_text().splitlines():
        topic, _, doc, rank, score, _, *unit = line.split()
        row = {"qid": topic, "docno": doc, "rank": int(rank), "score": float(score)}
        if last == "passage":
            row["offset"], row["length"] = int(unit[0]), int(unit[1])
        else:
            row["xpath"] = unit[0]
        rows.append(row)
    return rows


@pytest.fixture(scope="module")
def passage_files():
    qrels, run = EXAMPLES / "qrels.fol", EXAMPLES / "runs" / "sim01.passages.txt"
    expected = api.evaluate(str(qrels), {"sim01": str(run)}, PASSAGE_MEASURES,
                            per_topic=True)
    assert expected["value"].notna().all() and expected["value"].gt(0).any()
    return qrels, run, expected


def _same(table: pd.DataFrame, expected: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(table.reset_index(drop=True), expected, check_exact=True)


def test_passage_qrels_from_tables_equal_fol_file(passage_files):
    qrels_path, run_path, expected = passage_files
    rows = fol_rows(qrels_path)
    frame = pd.DataFrame(rows)
    forms = {
        "DataFrame": frame,
        "records": rows,
        "column dict": {k: list(frame[k]) for k in frame.columns},
        "start/end": frame.assign(end=frame["offset"] + frame["length"]).rename(
            columns={"offset": "start"}).drop(columns="length"),
        "nested dict": {t: {(r["doc_id"], r["offset"] or 0, r["length"] or 0):
                            int(r["offset"] is not None) for r in rows if r["query_id"] == t}
                        for t in frame["query_id"].unique()},
    }
    for name, qrels in forms.items():
        read = api.read_qrels(qrels)
        assert read.scale == "fol", name
        _same(api.evaluate(qrels, {"sim01": str(run_path)}, PASSAGE_MEASURES,
                           per_topic=True), expected)


def test_passage_runs_from_tables_equal_run_file(passage_files):
    qrels_path, run_path, expected = passage_files
    rows = run_rows(run_path, "passage")
    frame = pd.DataFrame(rows)
    ranked = {
        "DataFrame": frame,
        "records": rows,
        "start/end": frame.assign(end=frame["offset"] + frame["length"]).rename(
            columns={"offset": "start"}).drop(columns="length"),
    }
    scored = {  # no ranks: ranked by score, as the file is under order="rsv"
        "no rank column": frame.drop(columns="rank"),
        "nested dict": {t: {(r["docno"], r["offset"], r["length"]): r["score"]
                            for r in rows if r["qid"] == t} for t in frame["qid"].unique()},
    }
    by_score = api.evaluate(str(qrels_path), {"sim01": str(run_path)}, PASSAGE_MEASURES,
                            per_topic=True, order="rsv")
    assert not by_score["value"].equals(expected["value"])  # the file's RSVs disagree
    for forms, wanted, order in ((ranked, expected, "file"), (scored, by_score, "file"),
                                 (scored, by_score, "rsv")):
        for name, run in forms.items():
            read = api.read_run(run, name="sim01")
            assert read.unit == "passage", name
            _same(api.evaluate(str(qrels_path), {"sim01": run}, PASSAGE_MEASURES,
                               per_topic=True, order=order), wanted)


def test_element_tables_equal_files():
    qrels_path, run_path = EXAMPLES / "qrels.tsv", EXAMPLES / "runs" / "sim01.txt"
    expected = api.evaluate(str(qrels_path), {"sim01": str(run_path)}, ELEMENT_MEASURES,
                            per_topic=True)
    qrels = pd.read_csv(qrels_path, sep="\t", comment="#", dtype={"topic": str})
    assert qrels["path"].str.contains("/").all()
    run = pd.DataFrame(run_rows(run_path, "element"))
    for q, r in ((qrels, run), (qrels.to_dict("records"), run.to_dict("records"))):
        _same(api.evaluate(q, {"sim01": r}, ELEMENT_MEASURES, per_topic=True), expected)
    assert api.read_run(run).unit == "element"


def test_half_a_span_is_refused():
    with pytest.raises(UsageError, match="offset"):
        api.read_qrels(pd.DataFrame({"topic": ["1"], "doc": ["d"], "offset": [3],
                                     "relevance": [1]}))
    with pytest.raises(InputError, match="row 0: end 2 is before start 5"):
        api.read_run(pd.DataFrame({"topic": ["1"], "doc": ["d"], "start": [5], "end": [2],
                                   "score": [1.0]}))


def test_graded_passage_rows():
    """Relevance 0 marks a judged document without relevant text there; above 0 is
    highlighted (INEX passage judgements are binary)."""
    qrels = api.read_qrels(pd.DataFrame({"topic": ["1", "1", "1"], "doc": ["a", "a", "b"],
                                         "offset": [0, 20, 5], "length": [10, 5, 5],
                                         "relevance": [2, 0, 0]}))
    assert qrels["1"].passages["a"].ranges == [(0, 10)]
    assert qrels["1"].passages["b"].ranges == [] and not qrels["1"].passages["b"].is_relevant


def test_rank_column_keeps_row_order_as_files_keep_line_order():
    frame = pd.DataFrame({"topic": ["1"] * 3, "doc": ["a", "b", "c"], "rank": [2, 1, 3],
                          "score": [0.5, 0.9, 0.1]})
    with pytest.warns(UserWarning, match=r"row 1: topic 1: ranks out of order \(1 row"):
        run = api.read_run(frame)
    assert list(run["1"].docs) == ["a", "b", "c"] and list(run["1"].ranks) == [2, 1, 3]
    qrels = pd.DataFrame({"topic": ["1"], "doc": ["b"], "relevance": [1]})
    with pytest.warns(UserWarning, match="give ranks out of order; ranked in file order"):
        table = api.evaluate(qrels, {"r": frame}, ["P_1"])
    assert table["value"].tolist() == [0.0]  # 'a' first, as the rows list it (rank 1 is 'b')


REAL = Path(__file__).parents[1] / "realdata" / "inex2009-2010-zendel"


@pytest.mark.skipif(not (REAL / "bert_inex_converted.run").exists(), reason="no real data")
def test_real_passage_run_and_qrels_as_tables_equal_files():
    """The INEX 2009/2010 qrels and a real passage run (with repeated results and topics in two
    blocks), loaded with pandas as a user would, give the files' values."""
    rows = fol_rows(REAL / "INEX_Qrels.txt")
    run = pd.read_csv(REAL / "bert_inex_converted.run", sep=" ", header=None,
                      names=["qid", "q0", "docno", "rank", "score", "tag", "offset", "length"],
                      dtype={"qid": str, "docno": str})
    with pytest.warns(UserWarning):
        tables = api.evaluate(pd.DataFrame(rows), {"bert": run}, PASSAGE_MEASURES)
        files = api.evaluate(str(REAL / "INEX_Qrels.txt"),
                             {"bert": str(REAL / "bert_inex_converted.run")}, PASSAGE_MEASURES)
    _same(tables, files)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_passage_data_written_as_files_and_tables_give_the_same_values(tmp_path, seed):
    """Random judgements and a random passage run, written as FOL qrels and a passage run file
    and given as tables: MAiP and iP values equal exactly."""
    import numpy as np

    rng = np.random.default_rng(seed)
    qrels_rows, fol_lines = [], []
    for topic in ("101", "102", "7"):
        for doc in rng.choice(40, 12, replace=False):
            doclen = int(rng.integers(200, 2000))
            cuts = np.sort(rng.choice(doclen, 2 * int(rng.integers(0, 4)), replace=False))
            spans = [(int(a), int(b - a)) for a, b in zip(cuts[::2], cuts[1::2]) if b > a]
            rel = sum(n for _, n in spans)
            fol_lines.append(f"{topic} Q0 d{doc} {rel} {doclen}"
                             + "".join(f" {o}:{n}" for o, n in spans) + "\n")
            for o, n in spans or [(None, None)]:
                qrels_rows.append({"topic": topic, "doc": f"d{doc}", "offset": o, "length": n,
                                   "doclen": doclen})
    run_rows, run_lines = [], []
    for topic in ("101", "102", "7"):
        for rank in range(1, 41):
            doc, offset = f"d{rng.integers(0, 45)}", int(rng.integers(0, 1500))
            length, score = int(rng.integers(1, 400)), float(rng.choice([0.5, 0.25, 1.0]))
            run_lines.append(f"{topic} Q0 {doc} {rank} {score} r {offset} {length}\n")
            run_rows.append({"topic": topic, "doc": doc, "rank": rank, "score": score,
                             "offset": offset, "length": length})
    (tmp_path / "q.fol").write_text("".join(fol_lines))
    (tmp_path / "r.txt").write_text("".join(run_lines))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # repeated/overlapping random passages are warned of
        files = api.evaluate(str(tmp_path / "q.fol"), {"r": str(tmp_path / "r.txt")},
                             PASSAGE_MEASURES, per_topic=True)
        tables = api.evaluate(pd.DataFrame(qrels_rows), {"r": pd.DataFrame(run_rows)},
                              PASSAGE_MEASURES, per_topic=True)
    assert files["value"].notna().all()
    _same(tables, files)

