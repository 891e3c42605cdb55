"""One validation for files and the API: tables, records and dicts are refused by the file
readers' rules, with the file readers' messages and a row instead of a line; fuzzed tables
raise only sdreval's own errors."""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sdreval.api as api
from sdreval.errors import InputError, SdrevalError, UsageError
from sdreval.io.trec import read_trec_run


def _messages(error: InputError) -> list[str]:
    return [p.message for p in error.problems]


def _file_messages(tmp_path, text: str) -> list[str]:
    path = tmp_path / "run.txt"
    path.write_text(text)
    with pytest.raises(InputError) as error:
        read_trec_run(path, "passage")
    return _messages(error.value)


@pytest.mark.parametrize("column, value, line", [
    ("rsv", "nan", "1 Q0 d 1 nan r 0 10"),
    ("rsv", "inf", "1 Q0 d 1 inf r 0 10"),
    ("offset", "-5", "1 Q0 d 1 1.0 r -5 10"),
    ("length", "-1", "1 Q0 d 1 1.0 r 0 -1"),
    ("rank", "x", "1 Q0 d x 1.0 r 0 10"),
])
def test_same_rules_and_messages_as_files(tmp_path, column, value, line):
    from_file = _file_messages(tmp_path, line + "\n")
    row = {"topic": "1", "doc": "d", "rank": 1, "rsv": 1.0, "offset": 0, "length": 10}
    row[column] = float(value) if column != "rank" else value
    if column in ("offset", "length"):
        row[column] = int(value)
    frame = pd.DataFrame([row], index=[7])
    for source in (frame, frame.to_dict("records"), {k: [v] for k, v in row.items()}):
        with pytest.raises(InputError) as error:
            api.read_run(source)
        label = "row 7" if source is frame else "row 0"
        if value == "nan":  # a table's NaN is its missing value; a file's ``nan`` is written
            from_file = ["rsv is missing"]
        assert _messages(error.value) == [f"{label}: {m}" for m in from_file]


def test_dict_values_are_checked_with_topic_and_document():
    with pytest.raises(InputError) as error:
        api.read_run({"1": {"a": np.nan, "b": 1.0}, "2": {"c": float("inf"), "d": "x"}})
    assert _messages(error.value) == [
        "topic 1, document a: score is missing",
        "topic 2, document c: score 'inf' is not a finite number",
        "topic 2, document d: score 'x' is not a finite number"]
    with pytest.raises(InputError, match="passage 3:-2: length '-2' is not a non-negative"):
        api.read_run({"1": {("a", 3, -2): 1.0}})
    with pytest.raises(InputError, match="grade is missing"):
        api.read_qrels({"1": {"a": float("nan")}})
    with pytest.raises(InputError, match="row 1: relevance is missing"):
        api.read_qrels(pd.DataFrame({"topic": ["1", "1"], "doc": ["a", "b"],
                                     "relevance": [1, np.nan]}))


def test_many_bad_rows_are_counted():
    frame = pd.DataFrame({"topic": ["1"] * 50, "doc": [f"d{i}" for i in range(50)],
                          "score": [np.nan] * 50})
    with pytest.raises(InputError) as error:
        api.read_run(frame)
    assert len(error.value.problems) == 21
    assert "30 more error(s)" in error.value.problems[-1].message


# ------------------------------------------------------------------------------ fuzzing

KEY_VALUES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.integers(-2 ** 70, 2 ** 70),
    st.text(max_size=4), st.none(), st.booleans(),
    st.sampled_from([np.float32(1.5), np.int64(-3), np.nan, -0.0, 1e308, "1e400", "12",
                     "/article[1]/sec[2]", "//x"]))
VALUES = st.one_of(KEY_VALUES, st.sampled_from([[1], {"a": 1}]))
IDS = st.one_of(st.text(max_size=4), st.integers(-5, 5), st.none(), st.floats(),
                st.sampled_from(["1", "2", "doc", " "]))
COLUMNS = ["topic", "query_id", "q_id", "doc", "doc_id", "score", "rank", "relevance",
           "path", "offset", "length", "start", "end", "exhaustivity", "specificity",
           "doclen", "bep", "size", "iteration"]


def _only_our_errors(read, source):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = read(source)
        except SdrevalError:
            return None
        return result


@st.composite
def tables(draw):
    n = draw(st.integers(0, 5))
    names = draw(st.lists(st.sampled_from(COLUMNS), unique=True, max_size=8))
    columns = {}
    for name in names:
        strategy = IDS if name in ("topic", "query_id", "q_id", "doc", "doc_id") else VALUES
        columns[name] = draw(st.lists(strategy, min_size=n, max_size=n))
    return columns


_FUZZ = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_FUZZ
@given(tables())
def test_fuzzed_dataframes_raise_only_our_errors(columns):
    frame = pd.DataFrame(columns) if columns else pd.DataFrame()
    run = _only_our_errors(api.read_run, frame)
    qrels = _only_our_errors(api.read_qrels, frame)
    _evaluates(qrels, run)
    _only_our_errors(api.read_run, columns)  # the column dict
    n = len(frame)
    records = [{k: v[i] for k, v in columns.items()} for i in range(n)]
    _only_our_errors(api.read_run, records)
    _only_our_errors(api.read_qrels, records)


@_FUZZ
@given(st.dictionaries(IDS.filter(lambda v: v is not None), st.dictionaries(
    st.one_of(IDS, st.tuples(IDS, KEY_VALUES), st.tuples(IDS, KEY_VALUES, KEY_VALUES)),
    st.one_of(VALUES, st.tuples(VALUES, VALUES)), max_size=4), max_size=3))
def test_fuzzed_dicts_raise_only_our_errors(data):
    run = _only_our_errors(api.read_run, data)
    qrels = _only_our_errors(api.read_qrels, data)
    _evaluates(qrels, run)


@_FUZZ
@given(st.lists(st.tuples(IDS, IDS, VALUES), max_size=5))
def test_fuzzed_tuples_raise_only_our_errors(rows):
    _evaluates(_only_our_errors(api.read_qrels, rows), _only_our_errors(api.read_run, rows))


def _evaluates(qrels, run) -> None:
    """What was read evaluates (or is refused with our errors)."""
    if qrels is None or run is None:
        return
    measures = {"passage": ["MAiP"], "element": ["MAep"], "document": ["AP", "P@5"]}[run.unit]
    _only_our_errors(lambda _: api.evaluate(qrels, run, measures), None)


def test_topic_named_with_a_non_ascii_digit():
    """'²' is a digit to str.isdigit but not an int: topic ordering must not crash."""
    table = api.evaluate({"²": {"d": 1}, "2": {"d": 1}}, {"²": {"d": 1.0}, "2": {"d": 0.5}},
                         ["AP"], per_topic=True)
    assert list(table["topic"]) == ["2", "²", "all"]


@pytest.mark.parametrize("change, refused", [
    (lambda f: f.assign(qid=f.qid.astype("category")), None),
    (lambda f: f.assign(docno=f.docno.astype("string")), None),
    (lambda f: f.assign(offset=f.offset.astype("Int64"), length=f.length.astype("uint8")), None),
    (lambda f: f.assign(qid=[1, 1, 2]), None),
    (lambda f: f.assign(offset=pd.array([0, None, 5], dtype="Int64")), "row 1: offset"),
    (lambda f: f.assign(score=pd.array([1.0, None, 0.2], dtype="Float64")), "row 1: score"),
])
def test_pandas_dtypes(change, refused):
    base = pd.DataFrame({"qid": ["1", "1", "2"], "docno": ["a", "b", "c"],
                         "score": [1.0, 0.5, 0.2], "offset": [0, 10, 5], "length": [5, 5, 5]})
    if refused:
        with pytest.raises(InputError, match=refused):
            api.read_run(change(base))
        return
    run = api.read_run(change(base))
    assert list(run.topics) == ["1", "2"] and list(run["1"].docs) == ["a", "b"]
    assert list(run["1"].offsets) == [0, 10] and list(run["2"].lengths) == [5]


def test_repeated_judgements_follow_the_file_rules():
    same = pd.DataFrame({"topic": ["1", "1"], "doc": ["d", "d"], "relevance": [1, 1]})
    with pytest.warns(UserWarning, match="row 1: topic 1: document d repeats row 0 "
                                         "\\(identical; ignored\\)"):
        api.read_qrels(same)
    with pytest.raises(InputError, match="row 1: .* judged again, differently from row 0"):
        api.read_qrels(same.assign(relevance=[1, 2]))
    with pytest.raises(InputError, match="judged again"):  # records: ir_measures Qrel-like
        api.read_qrels([("1", "d", 1), ("1", "d", 0)])
    spans = pd.DataFrame({"topic": ["1"] * 3, "doc": ["d"] * 3, "offset": [0, 0, 9],
                          "length": [5, 5, 2], "doclen": [50, 50, 60]})
    with pytest.raises(InputError, match="row 2: topic 1, document d: doclen 60 differs"):
        api.read_qrels(spans)
    with pytest.warns(UserWarning, match="passage 0:5 repeats row 0"):
        qrels = api.read_qrels(spans.assign(doclen=50))
    assert qrels["1"].passages["d"].ranges == [(0, 5), (9, 2)]
    with pytest.raises(UsageError, match="elements or passages"):
        api.read_run(spans.assign(path="/article[1]", score=1.0))
