"""--strict refusing an element run whose results the collection cannot turn into passages
listed the results and stopped, with no line saying what to do, while the ESR refusal of the
same results ends with one.  Now both end with the same line (one place:
``sdreval.model.conversion.strict_refusal``), naming the measures that refuse, on every path
(serial, --jobs 2, --stream), after the count of errors not shown."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

ADVICE = ("(--strict): a result needs its element in the collection; correct the documents "
          "or XPaths, or leave out --strict to score such results nothing")


def _files(tmp_path, bad_per_topic=1):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d.xml").write_text("<article><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec>"
                                "</article>\n")
    (tmp_path / "q.fol").write_text("1 Q0 d 4 8 0 0:4\n2 Q0 d 4 8 0 0:4\n")
    lines = []
    for topic in ("1", "2"):
        lines.append(f"{topic} Q0 d 1 3.0 r /article[1]/sec[1]/p[1]")
        lines += [f"{topic} Q0 d {i} {3 - i / 100} r /article[1]/sec[{90 + i}]"
                  for i in range(2, 2 + bad_per_topic)]
    (tmp_path / "bad.run").write_text("\n".join(lines) + "\n")
    return docs


def _strict(tmp_path, docs, measures, *extra):
    args = ["eval", str(tmp_path / "q.fol"), str(tmp_path / "bad.run"), "--collection",
            str(docs), "-q", "--strict"]
    for measure in measures:
        args += ["-m", measure]
    got = CliRunner().invoke(cli, args + list(extra))
    assert got.exit_code == 1, got.output
    return got.stderr.strip().splitlines()


def test_the_passage_refusal_says_what_to_do(tmp_path):
    docs = _files(tmp_path)
    serial = _strict(tmp_path, docs, ["MAiP", "iP@0.01"])
    assert serial[-1] == f"sdreval: error: MAiP, iP@0.01 {ADVICE}"
    assert "topic 2: d /article[1]/sec[92] is not an element of the document" in serial[-2]
    for path in (["--jobs", "2"], ["--stream"]):
        assert _strict(tmp_path, docs, ["MAiP", "iP@0.01"], *path) == serial


def test_the_advice_comes_after_the_count_of_errors_not_shown(tmp_path):
    docs = _files(tmp_path, bad_per_topic=16)
    serial = _strict(tmp_path, docs, ["MAiP"])
    assert serial[-1] == f"sdreval: error: MAiP {ADVICE}"
    assert serial[-2].startswith("sdreval: error: ... and 12 more error(s) like the above")
    assert _strict(tmp_path, docs, ["MAiP"], "--jobs", "2") == serial


def test_esr_ends_with_the_same_line(tmp_path):
    docs = _files(tmp_path)
    assert _strict(tmp_path, docs, ["ESRR(nav=depth)@2"])[-1] == \
        f"sdreval: error: ESRR(nav=depth)@2 {ADVICE}"
