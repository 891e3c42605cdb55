"""Field rules applied alike by every reader (docs/inputs.md, "Fields of tables and text files"):
integers are decimal, empty fields are errors, ids are strings and never typed, white space
around separators is handled the same in every tabular format."""
from __future__ import annotations

import re

import pytest
from reference.qrels import read_trec_qrels_reference

from sdreval.errors import InputError, ProblemLog
from sdreval.io.trec_qrels import read_trec_qrels


def _problems(reader, path, **kw):
    log = ProblemLog()
    value = reader(path, log, **kw)
    return value, [str(p) for p in log.problems]


@pytest.mark.parametrize("reader", [read_trec_qrels, read_trec_qrels_reference])
def test_trec_qrels_empty_iter_field_is_an_error(tmp_path, reader):
    path = tmp_path / "q.txt"
    path.write_text("1\t\td1\t1\n1\t0\td2\t0\n")
    qrels, problems = _problems(reader, path)
    assert problems == [f"{path}:1: error: expected 4 fields (qid iter docno rel), found 3"]
    assert list(qrels.topics["1"].elements) == [("d2", "/article[1]")]


@pytest.mark.parametrize("grade", ["0x2", "0X10", "0xFFFFFFFFFFFFFFFF"])
@pytest.mark.parametrize("reader", [read_trec_qrels, read_trec_qrels_reference])
def test_trec_qrels_hex_grade_is_not_an_integer(tmp_path, grade, reader):
    path = tmp_path / "q.txt"
    path.write_text(f"1 0 d1 {grade}\n1 0 d2 0\n")
    _, problems = _problems(reader, path)
    assert problems == [f"{path}:1: error: relevance {grade!r} is not an integer: write the "
                        "grade in decimal digits"]


def test_run_hex_rank_is_not_an_integer(tmp_path):
    from sdreval.io.trec import read_trec_run

    path = tmp_path / "r.txt"
    path.write_text("1 Q0 d1 0x10 2.0 r\n1 Q0 d2 2 1.0 r\n")
    log = ProblemLog()
    read_trec_run(path, "document", log)
    assert any(p.line == 1 and "0x10" in p.message for p in log.problems), log.problems


def _span_files(tmp_path, qrels_rows, run_rows, layout):
    import json

    def write(name, rows):
        path = tmp_path / f"{name}.{layout}"
        if layout == "jsonl":
            path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        else:
            keys = list(rows[0])
            path.write_text(", ".join(keys) + "\n" + "".join(
                ", ".join(str(r[k]) for k in keys) + "\n" for r in rows))
        return path

    return write("qrels", qrels_rows), write("run", run_rows)


def _precision(qrels, run):
    from sdreval.api import evaluate

    table = evaluate(str(qrels), str(run), ["P@1"])
    return float(table["value"].iloc[-1])


def test_jsonl_date_like_doc_id_stays_text(tmp_path):
    from sdreval.io import read_qrels, read_run

    qrels, run = _span_files(
        tmp_path, [{"query_id": "1", "doc_id": "2021-01-01", "start": 0, "end": 5,
                    "relevance": 1}],
        [{"query_id": "1", "doc_id": "2021-01-01", "start": 0, "end": 5, "score": 1.0}],
        "jsonl")
    assert list(read_qrels(qrels).topics["1"].passages) == ["2021-01-01"]
    assert list(read_run(run).topics["1"].docs) == ["2021-01-01"]


def test_jsonl_numeric_ids_beyond_int64_stay_apart(tmp_path):
    # 2**64 + 1 and 2**64 + 2 are one double: the wrong document scored 1.0
    qrels, run = _span_files(
        tmp_path, [{"query_id": 1, "doc_id": 18446744073709551617, "start": 0, "end": 5,
                    "relevance": 1}],
        [{"query_id": 1, "doc_id": 18446744073709551618, "start": 0, "end": 5,
          "score": 1.0}], "jsonl")
    assert _precision(qrels, run) == 0.0


def test_jsonl_float_id_is_refused(tmp_path):
    from sdreval.io import read_run

    qrels, run = _span_files(tmp_path, [{"query_id": "1", "doc_id": "d", "start": 0,
                                         "end": 5, "relevance": 1}],
                             [{"query_id": "1", "doc_id": 1.5, "start": 0, "end": 5,
                               "score": 1.0}], "jsonl")
    with pytest.raises(InputError, match=r"run.jsonl:1: .*doc_id 1.5 is not an id"):
        read_run(run)


def test_csv_with_spaces_after_separators_scores_as_without(tmp_path):
    rows = [{"query_id": "1", "doc_id": "d1", "start": 0, "end": 5, "relevance": 1}]
    run_rows = [{"query_id": "1", "doc_id": "d1", "start": 0, "end": 5, "score": 1.0}]
    qrels, _ = _span_files(tmp_path, rows, run_rows, "csv")
    _, run = _span_files(tmp_path, rows, run_rows, "jsonl")
    assert ", d1," in qrels.read_text()
    assert _precision(qrels, run) == 1.0


@pytest.mark.parametrize("command", ["validate", "eval", "read_run"])
def test_jsonl_lone_surrogate_is_an_error_at_its_line(tmp_path, command):
    from click.testing import CliRunner

    from sdreval.cli.main import cli
    from sdreval.io import read_run

    good = '{"query_id": "1", "doc_id": "d1", "start": 0, "end": 5, "score": 1}\n'
    bad = '{"query_id": "1", "doc_id": "d\\udc80", "start": 0, "end": 5, "score": 1}\n'
    run = tmp_path / "run.jsonl"
    run.write_text(good + bad)
    qrels = tmp_path / "qrels.jsonl"
    qrels.write_text(good.replace("score", "relevance"))
    message = f"{run}:2: error: doc_id holds a lone surrogate \\udc80"
    if command == "read_run":
        with pytest.raises(InputError) as raised:
            read_run(run)
        assert message in str(raised.value)
        return
    args = ["validate", str(run)] if command == "validate" else \
        ["eval", str(qrels), str(run), "-m", "P@1"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output


# -------------------------------------------------- tables: passages beyond 2**32 characters

def test_dataframe_run_offset_beyond_2_32_is_refused():
    import pandas as pd

    from sdreval.api import read_run

    frame = pd.DataFrame({"query_id": ["1"], "doc_id": ["a"], "offset": [2**32],
                          "length": [10], "score": [1.0]})
    with pytest.raises(InputError, match=r"row 0: passage 4294967296:10 ends beyond "
                                         r"4294967295 characters"):
        read_run(frame)


def test_dict_run_offset_beyond_2_32_is_refused():
    from sdreval.api import read_run

    with pytest.raises(InputError, match="ends beyond 4294967295 characters"):
        read_run({"1": {("a", 2**32 + 5, 10): 1.0}})


def test_dataframe_qrels_offset_2_40_is_refused():
    import pandas as pd

    from sdreval.api import read_qrels

    frame = pd.DataFrame({"query_id": ["1"], "doc_id": ["b"], "offset": [2**40],
                          "length": [10], "relevance": [1]})
    with pytest.raises(InputError, match="passage 1099511627776:10 ends beyond"):
        read_qrels(frame)


def test_wrapped_offset_no_longer_scores_another_document():
    from sdreval.api import evaluate

    qrels = {"1": {("b", 0, 10): 1}}
    run = {"1": {("a", 2**32, 10): 1.0}}  # would wrap onto document b's characters
    with pytest.raises(InputError, match="ends beyond 4294967295 characters"):
        evaluate(qrels, run, ["MAiP"])


@pytest.mark.parametrize("value", ["1_0", "\u0663", b"1"])
def test_tables_and_span_files_take_the_same_numbers(value):
    """One number rule for DataFrames and span tables: decimal text only (Python's float()
    took ``1_0`` as 10 and Arabic-Indic digits as numbers in DataFrame runs)."""
    import pandas as pd

    from sdreval.io.frames import run_from_table
    from sdreval.io.spans import span_run_from_frame

    rows = {"query_id": ["q", "q"], "doc_id": ["d", "e"], "start": [0, 0], "end": [5, 5],
            "score": [value, 1.0]}
    with pytest.raises(InputError, match="is not a finite number"):
        run_from_table(pd.DataFrame(rows))
    with pytest.raises(InputError, match="is not a finite number"):
        span_run_from_frame(pd.DataFrame(rows))


@pytest.mark.parametrize("field,value,message", [
    ("start", -1, "start '-1' is not a non-negative integer"),
    ("score", float("nan"), "score is missing"),
    ("doc_id", "", "doc_id '' is empty"),
    ("doc_id", None, "doc_id is missing"),
    ("end", 2**32, "passage 0-4294967296 ends beyond 4294967295 characters, the largest "
                    "character position supported")])
def test_tables_and_span_files_word_a_bad_value_alike(tmp_path, field, value, message):
    """One set of checks for span files and DataFrames (they worded the same problem
    differently: ``start -1 is not a non-negative integer below 2^32`` in span files, ``doc_id
    'None' is missing or empty`` in DataFrames); a file names the line, a table the row."""
    import json

    import pandas as pd

    from sdreval.io.frames import run_from_table
    from sdreval.io.spans import read_span_run

    row = {"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "score": 1.0, field: value}
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(row) + "\n")
    log = ProblemLog()
    read_span_run(path, log)
    assert [str(p) for p in log.errors] == [f"{path}:1: error: {message}"]
    with pytest.raises(InputError) as caught:
        run_from_table(pd.DataFrame([row]))
    assert f"(DataFrame): error: row 0: {message}" in str(caught.value)


def test_rank_only_tables_rank_alike_in_every_table_reader():
    """A table with ranks and no scores: DataFrame runs gave RSVs n..1 in row order, span
    tables minus the rank, so ``order="rsv"`` ranked the same rows differently; one run
    builder now: the RSV is minus the rank (``order="rsv"`` then follows the ranks)."""
    import pandas as pd

    from sdreval.io.frames import run_from_table
    from sdreval.io.spans import span_run_from_frame

    spans = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["b", "a", "c"],
                          "start": [0, 0, 0], "end": [5, 5, 5], "rank": [2, 1, 3]})
    frame = spans.rename(columns={"start": "offset", "end": "length"})
    with pytest.warns(UserWarning, match="ranks out of order"):
        runs = [run_from_table(frame), span_run_from_frame(spans)]
    for run in runs:
        ranking = run.topics["q"]
        assert ranking.docs.tolist() == ["b", "a", "c"] and ranking.ranks.tolist() == [2, 1, 3]
        assert ranking.rsv.tolist() == [-2.0, -1.0, -3.0]
        assert ranking.ordered("rsv").docs.tolist() == ["a", "b", "c"]


def test_passage_qrels_tables_judge_alike_in_every_table_reader():
    """The same highlighted passages as a DataFrame (offset, length) and as a span table
    (start, end) give the same judgements: DataFrames kept an empty passage silently (its
    document counted as relevant), summed overlapping passages (6 + 6 relevant characters
    where 8 are highlighted) and dropped the grades the graded span measures use.  The
    warnings are the same, each naming the passages in its table's units."""
    import pandas as pd

    from sdreval.io.frame_qrels import qrels_from_table
    from sdreval.io.spans import span_qrels_from_frame

    spans = pd.DataFrame({"query_id": ["q", "q", "q", "q"], "doc_id": ["a", "a", "b", "a"],
                          "start": [0, 2, 5, 0], "end": [6, 8, 5, 6],
                          "relevance": [2, 1, 1, 2]})
    frame = spans.assign(end=spans["end"] - spans["start"]).rename(
        columns={"start": "offset", "end": "length"})
    found = []
    for read, table in ((qrels_from_table, frame), (span_qrels_from_frame, spans)):
        log = ProblemLog()
        qrels = read(table, log=log)
        a, b = qrels.topics["q"].passages["a"], qrels.topics["q"].passages["b"]
        found.append((a.ranges, a.relevant_chars, a.grades, b.ranges, b.is_relevant,
                      [re.sub(r"^row \d+: |(row|line) \d+ ", "", p.message)
                       for p in log.warnings]))
    said = ["topic q, document a: passage {} overlaps {} at (characters counted once)",
            "topic q, document b: empty passage {} (ignored)",
            "topic q, document a: passage {} repeats (read once; --compat chroma counts each "
            "copy, as Chroma's evaluation code does)"]
    judged = ([(0, 6), (2, 6)], 8, [2.0, 1.0], [], False)
    assert found[0] == (*judged, [said[0].format("2:6", "0:6"), said[1].format("5:0"),
                                  said[2].format("0:6")])
    assert found[1] == (*judged, [said[0].format("2-8", "0-6"), said[1].format("5-5"),
                                  said[2].format("0-6")])


@pytest.mark.parametrize("layout", ["csv", "jsonl"])
@pytest.mark.parametrize("value", ["1e1", "2.0", "+"])
def test_integers_written_as_text_in_a_table_are_decimal(tmp_path, value, layout):
    """A span file's offset ``1e1`` was read as 10 and ``2.0`` as 2, where every text file
    refuses them: integers are decimal digits in every reader."""
    import json

    from sdreval.io.spans import read_span_qrels

    row = {"query_id": "q", "doc_id": "d", "start": value, "end": "20", "relevance": 1}
    path = tmp_path / f"q.{layout}"
    path.write_text(json.dumps(row) + "\n" if layout == "jsonl" else
                    ",".join(row) + "\n" + ",".join(map(str, row.values())) + "\n")
    log = ProblemLog()
    read_span_qrels(path, log)
    assert [p.message for p in log.errors] == [f"start {value!r} is not a non-negative integer"]


def test_a_repeated_result_is_a_warning_in_every_table_reader(tmp_path):
    """The same span retrieved twice: a warning (kept) in DataFrame runs and run files, and
    nothing at all in span tables, whose runs go through the same rules now."""
    import json

    import pandas as pd

    from sdreval.io.frames import run_from_table
    from sdreval.io.spans import read_span_run

    rows = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "score": s} for s in (2, 1)]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    found = []
    for read, source in ((read_span_run, path), (run_from_table, pd.DataFrame(rows))):
        log = ProblemLog()
        run = read(source, log=log)
        assert run.topics["q"].docs.tolist() == ["d", "d"]
        found.append([re.sub(r"^row \d+: ", "", p.message) for p in log.warnings])
    assert found[0] == ["topic q: result d 0-5 repeats line 1 (kept; measures decide how a "
                        "repeat counts)"]
    assert found[1] == ["topic q: result d 0-5 repeats row 0 (kept; measures decide how a "
                        "repeat counts)"]
