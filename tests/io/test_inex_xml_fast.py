"""INEX XML submissions: the bulk reader (plain results read in batches) gives exactly the run
and the problems (file, line, message, order) of the one-by-one reader, on random valid and
invalid submissions, and it is really taken on plain input."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sdreval.errors import ProblemLog
from sdreval.io import inex_results
from sdreval.io.inex_submission import read_inex_submission

# --- random submissions ---------------------------------------------------------------------
SPACE = st.sampled_from(["", "", " ", "\n", "\n  ", "\t", " \n\n "])
FILES = st.one_of(st.sampled_from(["an/2001/a1004", "co/2000/r7022", "d1", "x",
                                   "\u00e9t\u00e9/\u6587",
                                   "a&amp;b", "&lt;x&gt;", "Ω"]),
                  st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
                          max_size=6).map(lambda t: t.replace("&", "&amp;").replace("<", "&lt;")))
PATHS = st.sampled_from(["/article[1]/bdy[1]/sec[2]", "/article/bdy", "/article[1]",
                         "article[1]/fm[1]", "/a[1]/b[2]/c[3]", "/article[1]//sec", "/x[0]",
                         "//", "/article[1]/bdy[1]/sec[2]/p[13]", "/Article[1]/BDY[1]",
                         "/article[1]/p[", "/ns:a[1]/b[1]"])
RANKS = st.one_of(st.integers(1, 3000).map(str),
                  st.sampled_from(["0", "-3", "x", "1_0", "\u0663", "+4", "99999999999999999999",
                                   "1.0", "9223372036854775807"]))
RSVS = st.one_of(st.floats(allow_nan=False, allow_infinity=False).map(repr),
                 st.integers(-5, 5).map(str),
                 st.sampled_from(["nan", "inf", "-inf", "1e400", "abc", "1_000.5", "0x10"]))


def _wrap(value: str, space: str, style: int) -> str:
    if style == 1:  # a comment inside the text (removed by the parser)
        return f"{value[:1]}<!-- c -->{value[1:]}"
    if style == 2 and "]]>" not in value and "&" not in value:
        return f"<![CDATA[{value}]]>"
    if style == 3:
        return f"{space}{value}{space}"
    return value


LAYOUTS = [("file", "path", "rank", "rsv"), ("file", "path"), ("file", "path", "rank"),
           ("file", "path", "rsv"), ("rsv", "rank", "path", "file"), ("path", "file", "rank"),
           ("file", "path", "rank", "note"), ("file", "path", "rsv", "rank"),
           ("file", "path", "rsv", "rsv"), ("file", "path", "rank", "rsv", "note")]


@st.composite
def results(draw, layout: tuple[str, ...] = LAYOUTS[0]) -> str:
    plain = draw(st.booleans())  # about half of the results in the topic's layout
    values = {"file": draw(FILES), "path": draw(PATHS), "rank": draw(RANKS), "rsv": draw(RSVS)}
    names = list(layout)
    if not plain:
        names = draw(st.permutations(names))
        names = [n for n in names if draw(st.integers(0, 9)) > 0]  # some fields missing
        if draw(st.integers(0, 6)) == 0:
            names.append(draw(st.sampled_from(["file", "rank", "note", "File", "x:path"])))
    parts = []
    for name in names:
        value = values.get(name.lower().split(":")[-1], "v")
        style = 0 if plain else draw(st.integers(0, 4))
        space = draw(SPACE)
        if style == 4:
            parts.append(f"<{name}/>" if draw(st.booleans()) else
                         f"<{name}><b>{value}</b></{name}>")
        else:
            parts.append(f"<{name}>{_wrap(value, space, style)}</{name}>")
    attrs = "" if plain or draw(st.integers(0, 4)) else ' file="attr-doc" path="/attr[1]"'
    tag = "result"
    if not plain and draw(st.integers(0, 15)) == 0:
        tag = draw(st.sampled_from(["x:result", "Result"]))
    inner = draw(SPACE).join(parts)
    if not plain and draw(st.integers(0, 15)) == 0:  # a result nested in a result
        inner += "<result><file>n</file><path>/n[1]</path></result>"
    return f"<{tag}{attrs}>{inner}</{tag}>"


PLAIN = "<file>{f}</file><path>/a[1]/b[{i}]</path><rank>{i}</rank><rsv>0.{i}</rsv>"
# pairs of results whose defects cancel out in batch totals (what the bulk checks must see
# through): a field twice / missing, a field with two text nodes / none, a nested result next
# to an element that is not a result
TWISTED = [
    "<result><file>a</file><file>b</file><path>/p[1]</path><rank>1</rank><rsv>1</rsv></result>"
    "<result><path>/p[2]</path><rank>2</rank><rsv>2</rsv></result>",
    "<result><file>a<b/>c</file><path>/p[1]</path><rank>1</rank><rsv>1</rsv></result>"
    "<result><file><b/></file><path>/p[2]</path><rank>2</rank><rsv>2</rsv></result>",
    "<result><file>a</file><path>/p[1]</path><rank>1</rank><rsv>1</rsv>"
    "<result><file>n</file><path>/n[1]</path><rank>2</rank><rsv>2</rsv></result></result>"
    "<other/>",
    "<result><file>a</file><path>/p[1]</path><path>/p[3]</path><rank>1</rank></result>"
    "<result><file>b</file><rank>2</rank><rsv>5</rsv></result>",
    # the usual order, with one child empty, or one holding two text nodes and one none
    "<result><file>a</file><path>/p[1]</path><rank/><rsv>1</rsv></result>",
    "<result><file>a<b/>c</file><path>/p[1]</path><rank>1</rank><rsv>1</rsv></result>"
    "<result><file>d</file><path>/p[2]</path><rank>2</rank><rsv/></result>",
    "<result><file>d1<b/>/p[9]<b/>7<b/>0.5<b/>d2</file><path>/p[1]</path><rank>1</rank>"
    "<rsv>1</rsv></result><result><file/><path/><rank/><rsv/></result>",
]


@st.composite
def submissions(draw) -> str:
    out = []
    if draw(st.booleans()):
        out.append('<?xml version="1.0" encoding="UTF-8"?>\n')
    doctype = draw(st.booleans())
    if doctype:
        out.append('<!DOCTYPE inex-submission SYSTEM "inex-submission.dtd">\n')
    out.append('<inex-submission xmlns:x="urn:x" participant-id="1" '
               + draw(st.sampled_from(['run-id="r1" ', 'task="t" ', ""])) + ">\n")
    if draw(st.booleans()):
        out.append('<topic-fields title="yes"/><description>d &amp; e</description>\n')
    ids = st.sampled_from(['topic-id="1"', 'topic-id="2"', 'topic-id="3"', 'id="4"', ""])
    for _ in range(draw(st.integers(0, 4))):
        out.append(f"<topic {draw(ids)}>{draw(SPACE)}")
        layout = LAYOUTS[0] if draw(st.booleans()) else draw(st.sampled_from(LAYOUTS))
        for item in draw(st.lists(results(layout), max_size=12)):
            out.append(item + draw(SPACE))
            if doctype and draw(st.integers(0, 30)) == 0:  # undeclared entity: allowed with a DTD
                out.append("<result><file>d&nbsp;</file><path>/a[1]</path></result>")
            if draw(st.integers(0, 40)) == 0:
                out.append("<other><result><file>o</file><path>/o[1]</path></result></other>")
            if draw(st.integers(0, 40)) == 0:
                out.append("<!-- between -->")
            if draw(st.integers(0, 15)) == 0:
                out.append(draw(st.sampled_from(TWISTED)))
        out.append("</topic>\n")
        if draw(st.integers(0, 20)) == 0:
            out.append("<result><file>loose</file><path>/l[1]</path></result>\n")
    out.append("</inex-submission>\n")
    text = "".join(out)
    if draw(st.integers(0, 9)) == 0:  # truncated: malformed XML after some results
        text = text[:draw(st.integers(0, len(text)))]
    return text


def _read(path: Path, bulk: bool):
    log = ProblemLog()
    try:
        run = read_inex_submission(path, log, bulk=bulk)
    except Exception as exc:  # noqa: BLE001 - compared between the two readers
        return ("raised", type(exc).__name__, str(exc)), log.problems
    topics = {t: (list(r.docs), list(r.paths), r.ranks.tolist(), r.rsv.tolist(),
                  r.ranks.dtype.str, r.rsv.dtype.str) for t, r in run.topics.items()}
    return (run.name, run.unit, getattr(run, "attributes", None), topics), log.problems


def _assert_same(path: Path) -> None:
    fast, fast_problems = _read(path, True)
    slow, slow_problems = _read(path, False)
    assert fast == slow
    assert fast_problems == slow_problems


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(submissions(), st.sampled_from([1, 2, 3, 5, 4096]))
def test_bulk_equals_one_by_one(tmp_path_factory, monkeypatch_batch, text, batch):
    path = tmp_path_factory.mktemp("bulk") / "run.xml"
    path.write_text(text, encoding="utf-8")
    monkeypatch_batch(batch)
    _assert_same(path)


@pytest.fixture
def monkeypatch_batch():
    original = inex_results.BATCH

    def set_batch(size: int) -> None:
        inex_results.BATCH = size

    yield set_batch
    inex_results.BATCH = original


@pytest.mark.parametrize("twisted", range(len(TWISTED)))
@pytest.mark.parametrize("batch", [2, 3, 4096])
def test_defects_that_cancel_out_are_not_read_in_bulk(tmp_path, monkeypatch_batch, twisted,
                                                      batch):
    plain = "".join(f"<result>{PLAIN.format(f=f'd{i}', i=i)}</result>\n" for i in range(1, 4))
    path = tmp_path / "twisted.xml"
    path.write_text(f'<inex-submission run-id="t"><topic topic-id="1">\n{plain}'
                    f'{TWISTED[twisted]}\n{plain}</topic></inex-submission>\n')
    monkeypatch_batch(batch)
    _assert_same(path)
    log = ProblemLog()
    read_inex_submission(path, log)
    assert any(p.line == 5 for p in log.problems)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("batch", [3, 4096])
def test_every_result_in_one_layout(tmp_path, monkeypatch, monkeypatch_batch, layout, batch):
    texts = {"file": "d{i}", "path": "/a[1]/b[{i}]", "rank": "{i}", "rsv": "0.{i}", "note": "n"}
    body = "".join("<result>" + "".join(f"<{f}>{texts[f].format(i=i)}</{f}>" for f in layout)
                   + "</result>\n" for i in range(1, 8))
    path = tmp_path / "layout.xml"
    path.write_text(f'<inex-submission run-id="l"><topic topic-id="1">\n{body}</topic>'
                    '</inex-submission>\n')
    monkeypatch_batch(batch)
    _assert_same(path)
    taken = []
    original = inex_results._read_plain
    monkeypatch.setattr(inex_results, "_read_plain", lambda *a: taken.append(original(*a)) or
                        taken[-1])
    read_inex_submission(path, ProblemLog())
    plain = len(set(layout)) == len(layout) and "note" not in layout
    assert taken and all(taken) == plain


# --- the bulk path is taken, and holds up on known cases -----------------------------------
def _plain_submission(n_topics: int, n_results: int, rank: bool = True, rsv: bool = True,
                      decorate: bool = False) -> str:
    lines = ['<?xml version="1.0"?>', '<!DOCTYPE inex-submission SYSTEM "x.dtd">',
             '<inex-submission run-id="plain">']
    for t in range(n_topics):
        lines.append(f'<topic topic-id="{t + 1}">')
        for r in range(n_results):
            file = f" d{r % 7}\u00e9 " if decorate else f"d{r % 7}"
            path = f"/article/bdy/sec[{r % 5 + 1}]" if decorate else \
                f"/article[1]/bdy[1]/sec[{r % 5 + 1}]"
            fields = [f"<file>{file}</file>", f"<path>{path}</path>"]
            if rank:
                fields.append(f"<rank>{r + 1 if r != 3 else 2}</rank>")  # one out of order
            if rsv:
                fields.append(f"<rsv>{1.0 / (r + 1)!r}</rsv>")
            if decorate:
                fields.reverse()
                fields[0] = fields[0].replace("</", "<!-- c --></", 1)
            lines.append(f'<result x="1">{"".join(fields)}</result>' if decorate else
                         f"<result>{''.join(fields)}</result>")
        lines.append("</topic>")
    lines.append("</inex-submission>")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("rank,rsv,decorate", [(True, True, False), (False, True, False),
                                               (True, False, True), (False, False, True)])
def test_plain_input_is_read_in_bulk(tmp_path, monkeypatch, monkeypatch_batch, rank, rsv,
                                     decorate):
    path = tmp_path / "plain.xml"
    path.write_text(_plain_submission(3, 40, rank, rsv, decorate), encoding="utf-8")
    taken = []
    original = inex_results._read_plain

    def spy(*args):
        taken.append(original(*args))
        return taken[-1]

    monkeypatch.setattr(inex_results, "_read_plain", spy)
    monkeypatch_batch(16)  # several batches per topic, each leaving its last element
    log = ProblemLog()
    run = read_inex_submission(path, log)
    assert taken and all(taken)
    assert sorted(run.topics) == ["1", "2", "3"] and len(run["2"]) == 40
    assert run["1"].paths[1] == "/article[1]/bdy[1]/sec[2]"
    assert run["1"].docs[0] == ("d0\u00e9" if decorate else "d0")
    if rank:  # warnings carry the lines of the results
        first = log.warnings[0]
        assert (first.line, "ranks out of order" in first.message) == (8, True)
    else:
        assert run["1"].ranks.tolist() == list(range(1, 41))
    if not rsv:
        np.testing.assert_array_equal(run["1"].rsv, np.arange(40, 0, -1, dtype=float))
    assert any("repeats line" in p.message for p in log.warnings)
    monkeypatch.undo()
    _assert_same(path)


@pytest.mark.parametrize("bad,line,message", [
    ("<rank>0</rank>", 7, "rank '0' is not a positive integer (element and passage runs count "
                          "ranks from 1, as INEX submissions: add 1 to ranks counted from 0)"),
    ("<rank>99999999999999999999</rank>", 7,
     "rank '99999999999999999999' is not a positive integer"),
    ("<rsv>nan</rsv>", 7, "rsv 'nan' is not a finite number"),
    ("<note>n</note>", 7, "result elements note ignored"),
    ("<path>/a[0]</path>", 7, "the result is not used"),
    ("<file>d&nbsp;</file>", 7, "&nbsp;"),
])
def test_one_problem_in_a_plain_topic_is_reported_on_its_line(tmp_path, bad, line, message):
    text = _plain_submission(1, 10).splitlines()
    name = bad[1:bad.index(">")]
    row = text[line - 1]
    if name in ("file", "path", "rank", "rsv"):
        start, end = row.index(f"<{name}>"), row.index(f"</{name}>") + len(name) + 3
        text[line - 1] = row[:start] + bad + row[end:]
    else:
        text[line - 1] = row.replace("</result>", bad + "</result>")
    path = tmp_path / "one.xml"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    log = ProblemLog()
    run = read_inex_submission(path, log)
    hits = [p for p in log.problems if message in p.message]
    assert [p.line for p in hits] == [line]
    assert len(run["1"]) == (10 if name == "note" else 9)
    _assert_same(path)


def test_truncated_plain_file_keeps_results_before_the_error(tmp_path, monkeypatch_batch):
    text = _plain_submission(2, 30)
    path = tmp_path / "cut.xml"
    path.write_text(text[:text.index("<result>", text.index('topic-id="2"')) + 30])
    monkeypatch_batch(7)
    log = ProblemLog()
    run = read_inex_submission(path, log)
    assert len(run["1"]) == 30 and ("2" not in run.topics or len(run["2"]) == 0)
    assert "malformed XML" in log.errors[-1].message
    _assert_same(path)


def test_long_topic_is_read_in_bounded_batches(tmp_path, monkeypatch, monkeypatch_batch):
    """One topic of 20,000 results: the parsed tree never holds more than a batch plus what
    the parser has read ahead (the results are moved out as they are read)."""
    path = tmp_path / "long.xml"
    path.write_text(_plain_submission(1, 20_000), encoding="utf-8")
    sizes = []
    original = inex_results._read_plain

    def spy(batch, parent, *rest):
        sizes.append((len(batch), len(parent)))
        return original(batch, parent, *rest)

    monkeypatch.setattr(inex_results, "_read_plain", spy)
    monkeypatch_batch(500)
    run = read_inex_submission(path, ProblemLog())
    assert len(run["1"]) == 20_000 and run["1"].ranks[-1] == 20_000
    assert len(sizes) >= 40 and max(batch for batch, _ in sizes) <= 500
    assert max(children for _, children in sizes) < 2_000
