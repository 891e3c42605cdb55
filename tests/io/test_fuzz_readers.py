"""Fuzzing every reader: random bytes, random text lines, truncated and mutated valid files.

Whatever the input, a reader returns or raises sdreval's own errors (SdrevalError and its
subclasses such as InputError) -- never an IndexError, ValueError, UnicodeError, lxml error...
The INEX XML readers and the collection parser (another module) are fuzzed the same way once
they are implemented (until then their tests are skipped).
"""
from __future__ import annotations

import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sdreval.errors import ProblemLog, SdrevalError
from sdreval.io import detect_format, read_qrels, read_run
from sdreval.io.fol import read_fol_qrels, read_passage_qrels
from sdreval.io.native import read_native_qrels
from sdreval.io.trec import read_trec_run

VALID = {
    "element": b"2009011 Q0 22478 1 5.82 run /article[1]/bdy[1]\n"
               b"2009011 Q0 460499 2 5.58 run /article[1]/bdy[1]/sec[2]/p[3]\n",
    "passage": b"2009001 Q0 1528075 1 -0.00075 TREC2INEX 9760 1848\n"
               b"2009001 Q0 198076 2 -0.00083 TREC2INEX 1946 1439\n",
    "fol": b"2010003 Q0 19243417 2932 3901 3901 491:1908 2801:25 2885:999 \r\n"
           b"2010003 Q0 298021 0 4263 \r\n",
    "native": b"# scale=inex2005\ntopic\tfile\tpath\te\ts\tsize\n"
              b"1\td\t/article[1]\t?\t0.5\t12\n1\td\t/article[1]/p[2]\t2\t1\n",
    "submission": b'<?xml version="1.0"?>\n<inex-submission participant-id="1" run-id="r" '
                  b'task="CO.Thorough"><topic topic-id="162"><result><file>co/2001/r7022'
                  b'</file><path>/article[1]/bdy[1]/sec[6]</path><rank>1</rank><rsv>0.9'
                  b'</rsv></result></topic></inex-submission>\n',
    "assessments": b'<?xml version="1.0"?>\n<assessments topic="163" version="2003">'
                   b'<file file="co/2001/r7022"><path path="/article[1]" exhaustiveness="2" '
                   b'specificity="1"/></file></assessments>\n',
    "document": b'<?xml version="1.0"?>\n<article><name id="1">T</name><bdy><sec><st>A'
                b'</st><p>x &amp; y &nbsp;z</p></sec></bdy></article>\n',
}

TOKENS = ["Q0", "1", "0", "-3", "2.5", "nan", "inf", "1e999", "9" * 30, "/article[1]",
          "/a//b", "/a[0]", "a[1]/b", "?", "12:34", "5:-1", ":", "x:y", "E", "N", "topic",
          "\u0663", "\ufeff", "#", "\x00", "<", "<inex-submission>", "&nbsp;", "Ω"]

text_lines = st.lists(st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)),
                               max_size=10).map(lambda t: " ".join(t)), max_size=12
                      ).map(lambda lines: "\n".join(lines).encode("utf-8", "surrogatepass"))


def _truncated(key):
    data = VALID[key]
    return st.integers(0, len(data)).map(lambda n: data[:n])


def _mutated(key):
    data = VALID[key]
    return st.tuples(st.integers(0, len(data)), st.binary(max_size=8),
                     st.integers(0, 8)).map(lambda t: data[:t[0]] + t[1] + data[t[0] + t[2]:])


def inputs(key):
    return st.one_of(st.binary(max_size=300), text_lines, _truncated(key), _mutated(key))


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def check(reader, data: bytes, suffix: str = ".txt") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"input{suffix}"
        path.write_bytes(data)
        for log in (None, ProblemLog()):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    reader(path, log)
                except SdrevalError:
                    pass


def _implemented(func, *args) -> bool:
    try:
        func(*args)
    except NotImplementedError:
        return False
    except Exception:  # noqa: BLE001 -- only asking whether a stub
        return True
    return True


@SETTINGS
@given(st.sampled_from(["element", "passage", "document"]), inputs("element") |
       inputs("passage"))
def test_trec_runs(layout, data):
    check(lambda p, log: read_trec_run(p, layout, log), data)


@SETTINGS
@given(inputs("fol"))
def test_fol_qrels(data):
    check(read_fol_qrels, data)


@SETTINGS
@given(inputs("fol"))
def test_passage_qrels(data):
    check(read_passage_qrels, data)


@SETTINGS
@given(inputs("native"))
def test_native_qrels(data):
    check(read_native_qrels, data)


@SETTINGS
@given(st.sampled_from(sorted(VALID)).flatmap(inputs))
def test_detection_and_entry_points(data):
    check(lambda p, log: detect_format(p), data)
    check(lambda p, log: read_run(p, None, log), data)
    check(lambda p, log: read_qrels(p, None, log), data)


@SETTINGS
@given(st.one_of(st.binary(max_size=200), text_lines, _truncated("element")))
def test_gzip_input(data):
    import gzip

    check(lambda p, log: read_run(p, None, log), gzip.compress(data)[: max(1, len(data))],
          ".txt.gz")


def _xml_reader(name):
    from sdreval.io import detect, inex_assessments, inex_submission

    reader = getattr(inex_submission, name, None) or getattr(inex_assessments, name)
    if not _implemented(detect.sniff_inex_xml, VALID["submission"]):
        pytest.skip("INEX XML readers not implemented yet")
    return reader


@SETTINGS
@given(inputs("submission"))
def test_inex_submission(data):
    reader = _xml_reader("read_inex_submission")
    check(reader, data, ".xml")


@SETTINGS
@given(inputs("assessments"))
def test_inex_assessments(data):
    reader = _xml_reader("read_inex_assessments")
    check(reader, data, ".xml")


@SETTINGS
@given(inputs("document"))
def test_collection_documents(data):
    from sdreval.io import collection as coll

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "1.xml").write_bytes(VALID["document"])
        if not _implemented(coll.read_collection, tmp, ProblemLog()):
            pytest.skip("collection reader not implemented yet")

    def read_document(path, log):
        directory = path.parent / "coll"
        directory.mkdir(exist_ok=True)
        (directory / "9.xml").write_bytes(path.read_bytes())
        collection = coll.read_collection(directory, log)
        for doc in collection:
            collection[doc]

    check(read_document, data, ".xml")


def test_check_lets_foreign_errors_through():
    """The harness itself can fail: an error that is not sdreval's propagates."""
    with pytest.raises(ValueError):
        check(lambda p, log: int("not a number"), b"")
    check(lambda p, log: (_ for _ in ()).throw(SdrevalError("ours")), b"")
