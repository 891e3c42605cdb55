"""Rules that must read the same on every path (no silently wrong number): each test here
failed on the code before its fix.

* X-RAI passage assessments (INEX 2009/2010 XML): offsets, lengths and best entry points follow
  the integer rule of every text reader (decimal digits; ``1e3`` and ``2.0`` refused, as FOL
  qrels refuse them) and passages end before character 2^32, as in FOL qrels;
* a navigation step given twice with the same probability is a warning naming the first line
  (the repeat rule of every judgement reader), not silently ignored;
* document ids of a documents file are text, never typed (``007``, ``1``, ``2021-01-01``);
* problems of span DataFrames name the row as every other DataFrame does (``row <label>``).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import ProblemLog
from sdreval.io.fol import read_fol_qrels
from sdreval.io.inex_assessments import read_inex_assessments


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def put(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def xrai(tmp_path: Path, passage: str, name: str = "a.xml") -> Path:
    return put(tmp_path / name, '<assessments topic="1">\n<file name="d">\n'
               f'{passage}\n</file>\n</assessments>\n')


# ------------------------------------------------------------------ X-RAI passage offsets
@pytest.mark.parametrize("passage, field", [
    ('<passage offset="1e3" length="5"/>', "start '1e3'"),
    ('<passage offset="10" length="5e0"/>', "length '5e0'"),
    ('<passage start="10" end="2e1"/>', "end '2e1'"),
    ('<passage start="10.0" end="20"/>', "start '10.0'"),
    ('<passage offset="10" length="5" bep="1e1"/>', "bep '1e1'"),
    ('<passage offset="10" length="5" bep="0x10"/>', "bep '0x10'"),
    ('<passage offset="10" length="5" bep="-1"/>', "bep '-1'"),
])
def test_xrai_offsets_follow_the_integer_rule(tmp_path, passage, field):
    """Before: read with the float parser (``1e3`` -> 1000, ``2e1`` -> 20, a negative or
    hexadecimal BEP kept or ignored silently); now refused at the line, as FOL qrels refuse
    ``1e3``."""
    log = ProblemLog()
    read_inex_assessments(xrai(tmp_path, passage), log)
    assert [(p.line, p.severity) for p in log.errors] == [(3, "error")], log.problems
    assert field in log.errors[0].message and "not a non-negative integer" in \
        log.errors[0].message
    fol = put(tmp_path / "q.fol", "1 Q0 d 5 2000 1e3:5\n")
    fol_log = ProblemLog()
    read_fol_qrels(fol, fol_log)
    assert fol_log.errors  # the text reader's rule, the same


def test_xrai_bep_element_follows_the_integer_rule(tmp_path):
    path = xrai(tmp_path, '<passage offset="0" length="5"/>\n<best-entry-point offset="1e0"/>')
    log = ProblemLog()
    read_inex_assessments(path, log)
    assert [p.line for p in log.errors] == [4]
    assert "best entry point '1e0' is not a non-negative integer" in log.errors[0].message


def test_xrai_decimal_offsets_are_read(tmp_path):
    log = ProblemLog()
    qrels = read_inex_assessments(xrai(tmp_path, '<passage offset="+10" length="005" bep="12"/>'
                                       '\n<passage start=" 30 " end="40"/>'), log)
    assert not log.errors
    passages = qrels["1"].passages["d"]
    assert sorted(passages.ranges) == [(10, 5), (30, 10)] and passages.bep == 12


def test_xrai_passage_beyond_the_character_limit_is_refused(tmp_path):
    """Before: kept; a passage ending past 2^32 - 1 spills into the next document's band of
    the passage kernels (FOL qrels and runs refuse it)."""
    log = ProblemLog()
    read_inex_assessments(xrai(tmp_path, '<passage offset="4294967290" length="6"/>'), log)
    assert [p.line for p in log.errors] == [3]
    assert "ends beyond 4294967295 characters" in log.errors[0].message


def test_xrai_bad_offset_exits_1_on_the_cli(tmp_path):
    path = xrai(tmp_path, '<passage offset="1e3" length="5"/>')
    run = put(tmp_path / "r.txt", "1 Q0 d 1 1.0 r 1000 5\n")
    for result in (invoke("validate", path), invoke("eval", path, run, "-m", "MAiP")):
        assert result.exit_code == 1, result.output
        assert "a.xml:3: error:" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------ navigation repeats
def test_navigation_repeat_follows_the_judgement_repeat_rule(tmp_path):
    """Identical repeat: warning naming the first line (it was ignored silently); different:
    error, the first kept -- the messages of a repeated qrels line."""
    from sdreval.io.navigation import read_navigation

    path = put(tmp_path / "nav.tsv", "d /a[1] /a[1]/b[1] 0.25\n"
               "d /a[1] /a[1]/b[1] 0.25\n"
               "d /a[1] /a[1]/b[1] 0.5\n")
    log = ProblemLog()
    nav = read_navigation(path, log)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "warning"), (3, "error")]
    assert "repeats line 1 (identical; ignored)" in log.problems[0].message
    assert "differently from line 1 (line 1 kept)" in log.problems[1].message
    assert nav.prob("d", "/a[1]", "/a[1]/b[1]") == 0.25
    qrels = put(tmp_path / "q.fol", "1 Q0 d 5 100 0:5\n1 Q0 d 5 100 0:5\n")
    fol_log = ProblemLog()
    read_fol_qrels(qrels, fol_log)
    assert [p.message.split(": ", 1)[1] for p in fol_log.warnings] == \
        ["document d repeats line 1 (identical; ignored)"]


# ------------------------------------------------------------------ document ids are text
def test_document_ids_are_text_in_every_format(tmp_path):
    """A Parquet float id column (pandas writes an integer column with a gap as floats) gave
    ``1.0`` -- not the ``1`` of the span files' rows -- so no span found its document; a JSON
    ``true`` became ``True``."""
    import pandas as pd

    from sdreval.errors import InputError
    from sdreval.io.spans import read_documents

    pd.DataFrame({"doc_id": [1.0, 2.0], "text": ["a b", "c"]}).to_parquet(tmp_path / "d.pq")
    assert list(read_documents(tmp_path / "d.pq").texts) == ["1", "2"]
    put(tmp_path / "d.csv", "doc_id,text\n007,a\n1e3,b\n2021-01-01,c\n7,d\n")
    assert list(read_documents(tmp_path / "d.csv").texts) == ["007", "1e3", "2021-01-01", "7"]
    put(tmp_path / "d.jsonl", '{"doc_id": 18446744073709551617, "text": "a"}\n'
        '{"doc_id": 18446744073709551618, "text": "b"}\n{"doc_id": "007", "text": "c"}\n')
    assert list(read_documents(tmp_path / "d.jsonl").texts) == [
        "18446744073709551617", "18446744073709551618", "007"]
    for bad, shown in (("true", "true"), ("1.5", "1.5"), ("[1]", "[1]"), ('" "', "' '")):
        put(tmp_path / "b.jsonl", f'{{"doc_id": {bad}, "text": "a"}}\n')
        with pytest.raises(InputError, match=rf"b.jsonl:1: error: doc_id {re.escape(shown)}"):
            read_documents(tmp_path / "b.jsonl")


def test_span_run_matches_documents_whatever_the_id_type(tmp_path):
    """Token offsets need the documents: with Parquet float ids both sides are ``1``."""
    import pandas as pd

    from sdreval.io.spans import read_documents, read_span_qrels, read_span_run

    pd.DataFrame({"doc_id": [1.0, 2.0], "text": ["a b c d", "e f"]}).to_parquet(
        tmp_path / "docs.pq")
    documents = read_documents(tmp_path / "docs.pq")
    put(tmp_path / "q.csv", "query_id,doc_id,start,end,relevance,unit\nq,1,1,3,1,tokens\n")
    put(tmp_path / "r.csv", "query_id,doc_id,start,end,score,unit\nq,1,1,3,1.0,tokens\n")
    log = ProblemLog()
    qrels = read_span_qrels(tmp_path / "q.csv", log, documents)
    run = read_span_run(tmp_path / "r.csv", log, documents)
    assert not log.problems
    assert qrels["q"].passages["1"].ranges == [(2, 3)]  # "b c"
    ranking = run.topics["q"]
    assert (list(ranking.docs), list(ranking.offsets), list(ranking.lengths)) == (["1"], [2], [3])


# ------------------------------------------------------------------ where a row is
def test_span_dataframe_problems_name_the_row_as_every_dataframe(tmp_path):
    """A span DataFrame reported ``(run):2`` (the row's position + 1); every other DataFrame
    says ``row <index label>``."""
    import pandas as pd

    from sdreval.errors import InputError
    from sdreval.io import read_run

    spans = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["d", None], "start": [0, 0],
                          "end": [5, 5], "score": [1.0, 2.0]}, index=[10, 11])
    plain = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["d", None],
                          "score": [1.0, 2.0]}, index=[10, 11])
    messages = []
    for frame in (spans, plain):
        with pytest.raises(InputError) as caught:
            read_run(frame)
        assert [p.line for p in caught.value.problems] == [None]
        messages.append(caught.value.problems[0].message)
    assert messages == ["row 11: doc_id is missing"] * 2


# ------------------------------------------------------------------ ranks of tables
def test_table_ranks_follow_the_run_file_rule(tmp_path):
    """A negative rank is refused in a document run file but was read from a DataFrame or
    records (any integer); rank 0 of an element run likewise.  Now the files' rule and
    messages: >= 0 for documents, >= 1 for elements and passages."""
    import pandas as pd

    import sdreval
    from sdreval.errors import InputError

    put(tmp_path / "r.txt", "1 Q0 d1 1 2.5 r\n1 Q0 d2 -2 1.5 r\n")
    rows = [{"query_id": "1", "doc_id": "d1", "rank": "1", "score": "2.5"},
            {"query_id": "1", "doc_id": "d2", "rank": "-2", "score": "1.5"}]
    for source in (tmp_path / "r.txt", pd.DataFrame(rows), rows):
        with pytest.raises(InputError, match=r"rank '-2' is negative"):
            sdreval.read_run(source)
    zero = [dict(r, rank=str(i), path="/article[1]") for i, r in enumerate(rows)]
    with pytest.raises(InputError, match=r"row 0: rank '0' is not a positive integer"):
        sdreval.read_run(pd.DataFrame(zero))
    assert len(sdreval.read_run(pd.DataFrame([dict(r, rank=str(i)) for i, r in
                                              enumerate(rows)])).topics["1"]) == 2


def test_span_and_chunk_table_ranks_follow_the_trec_chunk_run(tmp_path):
    from sdreval.errors import InputError
    from sdreval.io.spans import chunk_map_from_frame, read_chunk_run, read_span_run

    put(tmp_path / "r.jsonl", '{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, '
        '"rank": -1}\n')
    with pytest.raises(InputError, match=r"r.jsonl:1: error: rank '-1' is negative"):
        read_span_run(tmp_path / "r.jsonl")
    cmap = chunk_map_from_frame([{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 5}])
    put(tmp_path / "c.txt", "q Q0 c1 -1 2.0 r\n")
    put(tmp_path / "c.jsonl", '{"query_id": "q", "chunk_id": "c1", "rank": -1}\n')
    for path in (tmp_path / "c.txt", tmp_path / "c.jsonl"):
        with pytest.raises(InputError, match=r":1: error: rank '-1' is negative"):
            read_chunk_run(path, cmap)


# ------------------------------------------------------------------ one-command process
def _sdreval(*args) -> "subprocess.CompletedProcess":
    """The ``sdreval`` command line in its own process (as installed: Arrow's own import of
    pandas is declined there, :class:`sdreval.lazy.ArrowPandasProbe`)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "sdreval", *map(str, args)],
                          capture_output=True, text=True)


def test_jsonl_tables_read_by_the_command_line_before_pandas_is_loaded(tmp_path):
    """JSONL span qrels (or ``--documents``) with a TREC passage run: the JSONL table was the
    first thing to need pandas, Arrow's ``to_pandas`` asked for it and the command ended in a
    traceback (``pandas not loaded``)."""
    put(tmp_path / "q.jsonl", '{"query_id": "q1", "doc_id": "d1", "start": 10, "end": 30, '
        '"relevance": 1}\n')
    put(tmp_path / "q.fol", "q1 Q0 d1 20 1000 10 10:20\n")
    put(tmp_path / "docs.jsonl", '{"doc_id": "d1", "text": "' + "x" * 60 + '"}\n')
    put(tmp_path / "r.txt", "q1 Q0 d1 1 3.0 run 5 20\n")
    for args in ([tmp_path / "q.jsonl"], [tmp_path / "q.fol", "--documents",
                                          tmp_path / "docs.jsonl"]):
        done = _sdreval("eval", *args, tmp_path / "r.txt", "-m", "SpanP@1")
        assert done.returncode == 0, done.stderr
        assert done.stdout.split()[-1] == "0.7500"  # 15 of the 20 characters are gold


# ------------------------------------------------------------------ dicts vs DataFrames
@pytest.mark.parametrize("value", ["1_0", "\u0662", True, 10 ** 400],
                         ids=["underscore", "arabic-digit", "bool", "beyond-float"])
def test_dict_values_follow_the_table_number_rule(value):
    """``{topic: {doc: value}}`` went through ``float()``: ``"1_0"`` became 10, ``"٢"`` 2 and
    ``True`` 1, where the same rows as a DataFrame (and the files) are refused; an integer
    beyond float64 ended in a traceback on both paths."""
    import pandas as pd

    import sdreval
    from sdreval.errors import InputError

    frame = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d2"],
                          "score": pd.Series([value, 0.5], dtype=object)})
    for source in ({"1": {"d1": value, "d2": 0.5}}, frame):
        with pytest.raises(InputError, match="score .* is not a finite number"):
            sdreval.read_run(source)
    with pytest.raises(InputError, match="grade .* is not a finite number"):
        sdreval.read_qrels({"1": {"d1": value, "d2": 0}})
    assert sdreval.read_qrels({"1": {"d1": "2", "d2": 0}})["1"].elements[
        ("d1", "/article[1]")].e == 2  # decimal text is a number, in dicts as in tables


# ------------------------------------------------------------------ detection
def test_fol_qrels_written_without_bep_read_back(tmp_path):
    """The FOL writer writes a document without BEP as ``t Q0 d relchars doclen o:l``: with
    one passage a document, every line also fitted a document run (run-id ``10:20``) and the
    document run won the tie, so sdreval's own qrels were refused as 'a document-run file'."""
    from sdreval.io import detect_format, read_qrels
    from sdreval.io.writers import write_fol_qrels
    from sdreval.judgements.qrels import DocPassages, Qrels

    qrels = Qrels("fol")
    qrels.topic("1").passages["d1"] = DocPassages("d1", [(10, 20)], 20, 1000, None)
    qrels.topic("1").passages["d2"] = DocPassages("d2", [(0, 5)], 5, 500, None)
    write_fol_qrels(qrels, tmp_path / "q.fol")
    assert (tmp_path / "q.fol").read_text() == "1 Q0 d1 20 1000 10:20\n1 Q0 d2 5 500 0:5\n"
    assert detect_format(tmp_path / "q.fol") == "fol-qrels"
    assert read_qrels(tmp_path / "q.fol")["1"].passages["d1"].ranges == [(10, 20)]
    put(tmp_path / "r.txt", "1 Q0 d1 1 2.0 r 10 20\n")
    result = invoke("eval", tmp_path / "q.fol", tmp_path / "r.txt", "-m", "MAiP")
    assert result.exit_code == 0, result.output
    # recall 20/25 = 0.8 reached at precision 1: iP[x] = 1 for the 81 points x <= 0.80
    assert result.output.split()[-1] == f"{81 / 101:.4f}"


# ------------------------------------------------------------------ XPath indexes
@pytest.mark.parametrize("path", ["/article[\u0662]", "/article[1]/sec[\u00b2]"],
                         ids=["arabic-indic", "superscript"])
def test_xpath_index_is_decimal_ascii(path):
    """``\\d`` took ``/article[٢]`` for ``/article[2]`` (in runs, tables, dicts, XML
    submissions and assessments alike): an index is written in ASCII digits, as every
    integer field."""
    from sdreval.model.xpath import XPathError, canonical_xpath
    from sdreval.model.xpointer import PointError, parse_point

    with pytest.raises(XPathError, match="bad step"):
        canonical_xpath(path)
    with pytest.raises(PointError):
        parse_point("/article[1]/text()[\u0661].3")
    assert canonical_xpath("/article/sec[02]") == "/article[1]/sec[2]"


# ------------------------------------------------------------------ integers beyond 2**53
def test_table_integers_beyond_float_precision_are_exact(tmp_path):
    """Text integers of 19 digits (and Python ints beyond 2**53) went through float64 in a
    table: ranks 10**18 + 1 and 10**18 became equal, so the file's 'ranks out of order'
    warning was missing for the same rows as a DataFrame."""
    import pandas as pd

    import sdreval

    put(tmp_path / "r.txt", "1 Q0 d1 1000000000000000001 2.0 r\n"
        "1 Q0 d2 1000000000000000000 1.0 r\n")
    rows = [{"query_id": "1", "doc_id": "d1", "rank": "1000000000000000001", "score": 2.0},
            {"query_id": "1", "doc_id": "d2", "rank": "1000000000000000000", "score": 1.0}]
    as_ints = [dict(r, rank=int(r["rank"])) for r in rows]  # Python ints, object column
    for source in (tmp_path / "r.txt", pd.DataFrame(rows),
                   pd.DataFrame(as_ints).astype({"rank": object})):
        log = ProblemLog()
        run = sdreval.read_run(source, log=log)
        assert [int(r) for r in run.topics["1"].ranks] == [10 ** 18 + 1, 10 ** 18]
        assert ["ranks out of order" in p.message for p in log.warnings] == [True]


# ------------------------------------------------------------------ span lengths
@pytest.mark.parametrize("length", ["1e1", "10.0", "0x10"])
def test_span_length_follows_the_integer_rule(tmp_path, length):
    """ir_datasets' span qrels ``start, length``: the length went through ``to_numeric``
    (``1e1`` and ``10.0`` read as 10, ``0x10`` reported as an 'end nan'); now the integer rule
    of every table, at the row's line, naming the length."""
    from sdreval.io.spans import read_span_qrels

    put(tmp_path / "q.csv", f"query_id,doc_id,start,length,relevance\nq,d,5,{length},1\n"
        "q,e,0,4,1\n")
    log = ProblemLog()
    qrels = read_span_qrels(tmp_path / "q.csv", log)
    assert [(p.line, p.message) for p in log.errors] == [
        (2, f"length {length!r} is not a non-negative integer")]
    assert list(qrels["q"].passages) == ["e"]


def test_csv_document_text_keeps_its_white_space(tmp_path):
    """A quoted document text in CSV lost its leading and trailing white space (stripped as
    if it were around a separator), so every character offset into it moved: a gold text
    was located 2 characters earlier than in the same documents as JSONL."""
    from sdreval.io.spans import read_documents, span_qrels_from_frame

    put(tmp_path / "d.csv", 'doc_id, text\nd1,"  The cat sat. "\n')
    put(tmp_path / "d.jsonl", '{"doc_id": "d1", "text": "  The cat sat. "}\n')
    texts = [read_documents(tmp_path / name) for name in ("d.csv", "d.jsonl")]
    assert [t.texts for t in texts] == [{"d1": "  The cat sat. "}] * 2
    gold = [{"query_id": "q", "doc_id": "d1", "gold_text": "cat"}]
    located = [span_qrels_from_frame(gold, documents)["q"].passages["d1"].ranges
               for documents in texts]
    assert located == [[(6, 3)], [(6, 3)]]
