"""Format detection from content and the read_* entry points (forced formats, mismatches)."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io import detect_format, read_qrels, read_run
from sdreval.io.detect import detect_text_format, line_formats, normalise_format


def put(tmp_path, text, name="f.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, kind", [
    ("1 Q0 d 1 2.5 r /article[1]/bdy[1]\n", "element-run"),
    ("1 Q0 d 1 2.5 r 10 20\n", "passage-run"),
    ("1 Q0 d 1 2.5 r\n", "document-run"),
    ("1 Q0 d 10 100 5 0:10\n1 Q0 e 0 100\n", "fol-qrels"),
    ("1 Q0 e 0 100\n", "fol-qrels"),
    ("1 Q0 d 10 100 0:10 20:5\n", "fol-qrels"),
    ("1\td\t/article[1]\t2\t3\n", "native-qrels"),
    ("1\td\t/article[1]\t2\t3\t120\n", "native-qrels"),  # also fits a document run
    ("topic\tfile\tpath\te\ts\n1\td\t/article[1]\t?\t0.5\t12\n", "native-qrels"),
    ("# comment\n\n1 Q0 d 1 2.5 r 10 20\n", "passage-run"),
    ("1 d 10 20\n1 d 40 5 41\n", "passage-qrels"),
    # ambiguities (docs/inputs.md): integers in fields 4-6
    ("1 Q0 d 3 5 7\n", "document-run"),
    ("1 Q0 d 3 5 7\n1 Q0 e 0 9\n1 Q0 f 0 9\n", "fol-qrels"),
    # a broken line does not change the majority
    ("1 Q0 d 1 2.5 r /a\n1 Q0 d 2 2.5 r /a\n1 Q0 d x y r 1 2\n", "element-run"),
])
def test_text_formats(tmp_path, text, kind):
    assert detect_format(put(tmp_path, text)) == kind


@pytest.mark.parametrize("text", ["1 Q0 a 1 inf r\n", "1 Q0 a 1 -inf r\n1 Q0 b 2 NaN r\n",
                                  "1 Q0 a 1 Infinity r /article[1]\n"])
def test_runs_whose_every_rsv_is_not_finite_are_runs(tmp_path, text):
    """Every line with an rsv of inf or nan: still a run, so that its reader names the line
    (it was "unrecognised format" listing every format)."""
    path = put(tmp_path, text)
    with pytest.raises(InputError, match=r"f\.txt:1: error: rsv '-?[Ii]nf(inity)?' is not a finite "
                                         r"number"):
        read_run(path)


def test_passage_line_vs_element_line():
    assert line_formats("1 Q0 d 1 2.5 r 10 20".split()) == {"passage-run"}
    assert line_formats("1 Q0 d 1 2.5 r /a[1]".split()) == {"element-run"}
    assert line_formats("1 d /a[1] 1 1".split()) == {"native-qrels"}
    assert detect_text_format([["topic", "file"]]) is None


def test_xml_and_directories(tmp_path):
    sub = put(tmp_path, '<?xml version="1.0"?>\n<inex-submission participant-id="1" '
                        'run-id="x" task="CO"><topic topic-id="1"/></inex-submission>', "s.xml")
    assert detect_format(sub) == "inex-submission"
    assert detect_format(tmp_path) == "collection"
    other = put(tmp_path, "<topics><topic/></topics>", "t.xml")
    with pytest.raises(InputError, match="neither an INEX submission"):
        detect_format(other)


def test_undetectable_inputs_are_input_errors(tmp_path):
    for text in ["", "\n\n# only comments\n", "hello world\n", "\x00\x01\x02"]:
        with pytest.raises(InputError):
            detect_format(put(tmp_path, text))
    with pytest.raises(InputError):
        detect_format(tmp_path / "missing.txt")


def test_read_dispatch_and_kind_mismatch(tmp_path):
    run_file = put(tmp_path, "1 Q0 d 1 2.5 r 10 20\n", "r.txt")
    assert read_run(run_file).unit == "passage"
    with pytest.raises(InputError, match="not judgements.*fmt= of read_qrels"):
        read_qrels(run_file)
    qrels_file = put(tmp_path, "1 Q0 d 10 100 5 0:10\n", "q.txt")
    assert read_qrels(qrels_file).scale == "fol"
    with pytest.raises(InputError, match="not a run"):
        read_run(qrels_file)


def test_forced_formats_and_aliases(tmp_path):
    # a document run whose run-id is a number would detect as document run anyway; forcing a
    # layout reads it that way and reports the lines that do not fit
    path = put(tmp_path, "1 Q0 d 1 2.5 r 10 20\n")
    log = ProblemLog()
    run = read_run(path, "element", log)
    assert len(run) == 0 and "expected 7 fields" in log.errors[0].message
    assert normalise_format("FOL") == "fol-qrels" and normalise_format("passage") == "passage-run"
    with pytest.raises(UsageError):
        read_run(path, "nonsense")
    with pytest.raises(UsageError):
        read_run(path, "fol-qrels")  # a qrels format is not a run format


# Whatever our writers produce is detected as what it is.
from hypothesis import given, settings, strategies as st  # noqa: E402

from sdreval.io.writers import write_fol_qrels, write_native_qrels, write_run  # noqa: E402
from sdreval.judgements.qrels import DocPassages, Qrels  # noqa: E402
from sdreval.model.run import Ranking, Run  # noqa: E402

_ids = st.text("0123456789abc", min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["element", "passage", "document"]),
       st.lists(st.tuples(_ids, _ids, st.integers(0, 999), st.integers(1, 999),
                          st.floats(-1e6, 1e6, allow_nan=False)), min_size=1, max_size=6),
       st.sampled_from(["sys", "7", "run-1"]))
def test_written_runs_are_detected(tmp_path_factory, layout, rows, name):
    path = tmp_path_factory.mktemp("det") / "run"
    rankings: dict[str, list] = {}
    for topic, doc, offset, length, rsv in rows:
        rankings.setdefault(topic, []).append(
            (doc, {"element": "/article[1]/p[2]", "document": "/article[1]"}.get(layout),
             offset, length, len(rankings[topic]) + 1, rsv))
    run = Run(name, {t: Ranking.from_results(r, layout) for t, r in rankings.items()}, layout)
    write_run(run, path)
    assert detect_format(path) == f"{layout}-run"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(_ids, _ids, st.lists(st.tuples(st.integers(0, 99),
                                                          st.integers(1, 99)), max_size=3),
                          st.booleans()), min_size=1, max_size=6))
def test_written_qrels_are_detected(tmp_path_factory, rows):
    fol, native = Qrels("fol"), Qrels("inex2003")
    for topic, doc, ranges, relevant in rows:
        fol.topic(topic).passages[doc] = DocPassages(doc, ranges, sum(n for _, n in ranges),
                                                     500, 0 if ranges else None)
        native.add_element(topic, doc, "/article[1]", 2.0 if relevant else 0.0,
                           1.0 if relevant else 0.0)
    folder = tmp_path_factory.mktemp("detq")
    write_fol_qrels(fol, folder / "f")
    write_native_qrels(native, folder / "n")
    assert detect_format(folder / "f") == "fol-qrels"
    assert detect_format(folder / "n") == "native-qrels"


# --- standard input and pipes: read once, nothing lost to detection (issue 11, item 6) -------
_PIPE_CHILD = """
import json, sys
from sdreval.io import read_run
run = read_run(sys.argv[1])
print(json.dumps({t: len(r) for t, r in run.topics.items()}))
"""


def _big_run(topics: int = 3, per_topic: int = 1500) -> str:
    """An element run well over 64 KiB (the old detection head)."""
    lines = [f"{t} Q0 doc{i} {i} {per_topic - i} myrun /article[1]/sec[{i}]"
             for t in range(1, topics + 1) for i in range(1, per_topic + 1)]
    text = "\n".join(lines) + "\n"
    assert len(text) > 3 * 65536
    return text


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_piped_run_is_read_whole_by_the_api(name):
    import json
    import subprocess
    import sys

    text = _big_run()
    done = subprocess.run([sys.executable, "-c", _PIPE_CHILD, name], input=text.encode(),
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert json.loads(done.stdout) == {"1": 1500, "2": 1500, "3": 1500}


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_piped_run_and_qrels_through_the_cli(tmp_path, name):
    import subprocess
    import sys

    text = _big_run()
    qrels = put(tmp_path, "".join(f"{t}\tdoc{i}\t/article[1]/sec[{i}]\t1\t1\n"
                                  for t in (1, 2, 3) for i in (1, 2, 3)), "q.tsv")
    cli = [sys.executable, "-c", "import sys; from sdreval.cli.main import main; "
                                 "sys.argv[0] = 'sdreval'; main()"]
    done = subprocess.run(cli + ["validate", name], input=text.encode(), capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert "3 topics, 4,500 results; 0 error(s)" in done.stdout.decode()
    done = subprocess.run(cli + ["eval", str(qrels), name, "-m", "P@5", "--format", "csv"],
                          input=text.encode(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert "myrun,all,P@5,0.6" in done.stdout.decode().replace('"', "")
    # the judgements piped, the run a file: same numbers
    run = put(tmp_path, text, "r.txt")
    done = subprocess.run(cli + ["eval", name, str(run), "-m", "P@5", "--format", "csv"],
                          input=qrels.read_bytes(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert "myrun,all,P@5,0.6" in done.stdout.decode().replace('"', "")


def test_piped_gzip_run_is_decompressed():
    import gzip
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _PIPE_CHILD, "-"],
                          input=gzip.compress(_big_run().encode()), capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]


def test_utf16_text_file_is_named_as_such_not_as_unknown_xml(tmp_path):
    """A TREC run saved as UTF-16 (Windows editors do) was called 'XML ... unknown root
    element'; the error now says what the file is and how to convert it."""
    from sdreval.errors import InputError
    from sdreval.io.detect import detect_format

    path = tmp_path / "run.txt"
    path.write_bytes("1 Q0 d1 1 2.5 r\n".encode("utf-16"))
    with pytest.raises(InputError, match=r"run.txt: error: a text file in UTF-16: .*iconv"):
        detect_format(path)
