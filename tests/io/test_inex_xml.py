"""INEX XML submissions and assessments: variants, problem policies, round trip, safety."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog, SdrevalError
from sdreval.judgements.qrels import COVERAGE_CODES, TOO_SMALL
from sdreval.model.run import Ranking, Run
from sdreval.io.inex_assessments import read_inex_assessments
from sdreval.io.inex_submission import read_inex_submission, write_inex_submission
from sdreval.io.detect import sniff_inex_xml
from sdreval.io.readers import read_run

SUBMISSION = """<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE inex-submission SYSTEM "http://127.0.0.1:9/inex-submission.dtd">
<inex-submission participant-id="12" run-id="VSM_06" task="CO.Thorough" query="automatic">
<topic-fields title="yes" castitle="no" description="no" narrative="no"/>
<description>Vector space &amp; aggregation</description>
<collections><collection>ieee</collection></collections>
<topic topic-id="162">
  <result><file>an/2001/a1004</file><path>/article[1]/bdy[1]/sec[2]</path><rank>1</rank><rsv>0.9</rsv></result>
  <result><file>an/2001/a1004</file><path>/article/bdy</path><rank>2</rank><rsv>0.8</rsv></result>
  <result><file>an/2001/a1004</file><path>/article[1]/bdy[1]/sec[2]</path><rank>3</rank><rsv>0.7</rsv></result>
  <result><file>co/2000/r7022</file><path>/article[1]//sec</path><rank>4</rank><rsv>0.6</rsv></result>
  <result><file>co/2000/r7022</file><path>/article[1]</path><rank>2</rank><rsv>0.5</rsv></result>
  <result><path>/article[1]</path><rank>6</rank><rsv>0.4</rsv></result>
  <result><file>co/2000/r7022</file><path>/article[1]/fm[1]</path><rank>x</rank><rsv>0.3</rsv></result>
</topic>
<topic topic-id="163">
  <result><file>x</file><path>/a[1]</path></result>
  <result><file>y</file><path>a/b[2]</path></result>
</topic>
<topic topic-id="162">
  <result><file>z</file><path>/article[1]</path><rank>9</rank><rsv>0.1</rsv></result>
</topic>
</inex-submission>
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_submission_reader_policies(tmp_path):
    path = _write(tmp_path, "run.xml", SUBMISSION)
    log = ProblemLog()
    run = read_inex_submission(path, log)
    assert run.name == "VSM_06" and run.unit == "element"
    assert run.attributes["task"] == "CO.Thorough"
    r162 = run["162"]
    assert list(r162.paths) == ["/article[1]/bdy[1]/sec[2]", "/article[1]/bdy[1]",
                                "/article[1]/bdy[1]/sec[2]", "/article[1]", "/article[1]"]
    assert list(r162.docs) == ["an/2001/a1004"] * 3 + ["co/2000/r7022", "z"]
    assert list(r162.ranks) == [1, 2, 3, 2, 9]
    # missing rank/rsv: rank = position, rsv = n - position + 1
    assert list(run["163"].ranks) == [1, 2] and list(run["163"].rsv) == [2.0, 1.0]
    assert run["163"].paths[1] == "/a[1]/b[2]"
    errors = {p.line: p.message for p in log.errors}
    assert "malformed XPath" in errors[11] and "not used" in errors[11]
    assert "without <file>" in errors[13]
    assert "rank 'x'" in errors[14]
    warnings = [(p.line, p.message) for p in log.warnings]
    assert any(line == 10 and "repeats line 8" in m for line, m in warnings)
    assert any("ranks out of order" in m for _, m in warnings)
    assert any(line == 20 and "given again" in m for line, m in warnings)
    assert all(p.file == str(path) for p in log.problems)
    with pytest.raises(InputError), pytest.warns(UserWarning):  # without a log: raised at end
        read_inex_submission(path)


def test_submission_name_falls_back_to_file_stem(tmp_path):
    path = _write(tmp_path, "myrun.xml", '<inex-submission participant-id="1" task="x">'
                  '<topic topic-id="1"><result><file>d</file><path>/a</path></result></topic>'
                  '</inex-submission>')
    assert read_inex_submission(path).name == "myrun"


@pytest.mark.parametrize("text,message", [
    ("<inex-submission run-id='r'><topic topic-id='1'><result>", "malformed XML"),
    ("<other><topic topic-id='1'/></other>", "not an INEX XML submission"),
    ("", "empty file"),
])
def test_submission_bad_files_raise_input_error(tmp_path, text, message):
    path = _write(tmp_path, "bad.xml", text)
    with pytest.raises(InputError) as info:
        read_inex_submission(path)
    assert info.value.problems[0].file == str(path)
    assert message in info.value.problems[0].message


def test_submission_never_expands_entities(tmp_path):
    bomb = ('<?xml version="1.0"?><!DOCTYPE inex-submission [<!ENTITY a "aaaaaaaaaa">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;">]>'
            '<inex-submission run-id="&c;"><topic topic-id="1"><result><file>d&c;</file>'
            '<path>/a</path></result></topic></inex-submission>')
    log = ProblemLog()
    run = read_inex_submission(_write(tmp_path, "bomb.xml", bomb), log)
    assert len(run) == 0 and "entity declarations are refused" in log.errors[0].message
    log = ProblemLog()
    read_inex_assessments(_write(tmp_path, "bomb2.xml", bomb.replace(
        "inex-submission", "assessments")), log)
    assert "entity declarations are refused" in log.errors[0].message
    # an undeclared entity (external DTD not read) is reported, the result not used
    text = ('<!DOCTYPE inex-submission SYSTEM "x.dtd"><inex-submission run-id="r">'
            '<topic topic-id="1"><result><file>d&nbsp;</file><path>/a</path></result>'
            '<result><file>e</file><path>/a</path></result></topic></inex-submission>')
    log = ProblemLog()
    run = read_inex_submission(_write(tmp_path, "undeclared.xml", text), log)
    assert list(run["1"].docs) == ["e"] and "&nbsp;" in log.errors[0].message


def test_submission_round_trip(tmp_path):
    ranking = Ranking.from_results([("d1", "/article[1]/bdy[1]", -1, -1, 1, 2.5),
                                    ("d<&>2", "/article[1]", -1, -1, 2, 1.0 / 3)])
    run = Run("my run", {"5": ranking, "6": Ranking.from_elements([("x", "/a/b[3]")])})
    out = tmp_path / "out.xml"
    assert write_inex_submission(run, out, task="CO.Focused") == 3
    assert sniff_inex_xml(out.read_bytes()[:200]) == "inex-submission"
    back = read_inex_submission(out)
    assert back.name == "my run" and back.attributes["task"] == "CO.Focused"
    assert list(back.topics) == ["5", "6"]
    for topic in run.topics:
        a, b = run[topic], back[topic]
        assert list(a.docs) == list(b.docs) and list(a.paths) == list(b.paths)
        assert list(a.ranks) == list(b.ranks)
        np.testing.assert_array_equal(a.rsv, b.rsv)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SUBMISSION)), st.binary(max_size=20))
def test_submission_truncated_or_garbled_only_raises_own_errors(tmp_path_factory, cut, noise):
    path = tmp_path_factory.mktemp("fuzz") / "f.xml"
    path.write_bytes(SUBMISSION.encode()[:cut] + noise)
    try:
        read_inex_submission(path, ProblemLog())
    except SdrevalError:
        pass


# --- assessments ----------------------------------------------------------------------------
A2002 = """<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE assessments SYSTEM "assessments.dtd">
<assessments topic="01">
 <file file="tk/1997/k0302">
  <path path="article[1]" relevance="2" coverage="L"/>
  <path path="article[1]/bdy[1]/sec[1]" relevance="3" coverage="E"/>
  <path path="article[1]/bdy[1]/sec[2]" relevance="0" coverage="L"/>
  <path path="article[1]/bdy[1]/sec[3]" relevance="0" coverage="N"/>
  <path path="article[1]/bdy[1]/sec[4]" relevance="1" coverage="X"/>
 </file>
</assessments>
"""
# INEX 2004: single quotes; INEX 2003: double quotes
A2004 = """<?xml version='1.0' encoding='ISO-8859-1'?>
<assessments version='2004' topic='162'>
<file file='an/2001/a1004'>
<path path='/article[1]' exhaustiveness='2' specificity='1'/>
<path path='/article[1]/bdy[1]/sec[2]' exhaustiveness='3' specificity='3'/>
<path path='/article[1]/bdy[1]/sec[3]' exhaustiveness='0' specificity='2'/>
<path path='/article[1]/bdy[1]/sec[2]' exhaustiveness='3' specificity='3'/>
<path path='/article[1]/bdy[1]/sec[2]' exhaustiveness='2' specificity='3'/>
<path path='/article[1]/bdy[1]//p' exhaustiveness='2' specificity='3'/>
</file>
</assessments>
"""
A2003 = """<assessments topic="91"><file file="co/2000/r7022">
<path path="/article[1]/bdy[1]/sec[6]" exhaustiveness="3" specificity="3"/>
<path path="/article[1]/bdy[1]" exhaustiveness="3" specificity="2"/>
</file></assessments>"""
A2005 = """<?xml version="1.0"?>
<assessments topic="202">
<file file="ex/2001/x1234">
<passage offset="100" length="50"/>
<passage start="120" end="200"/>
<passage start="/article[1]/bdy[1]/p[1]/text()[1].3" end="/article[1]/bdy[1]/p[1]/text()[1].9"/>
<element path="/article[1]" exhaustivity="1" size="1000" rsize="130"/>
<element path="/article[1]/bdy[1]/sec[1]/p[1]" exhaustivity="?" specificity="1" size="12"/>
<element path="/article[1]/bdy[1]/sec[1]" exhaustivity="2" specificity="0.72"/>
<element path="/article[1]/bdy[1]/sec[2]" exhaustivity="?" specificity="0"/>
<element path="/article[1]/bdy[1]/sec[3]" exhaustivity="3" specificity="0.5"/>
</file>
</assessments>
"""


def test_inex2002_relevance_coverage(tmp_path):
    log = ProblemLog()
    qrels = read_inex_assessments(_write(tmp_path, "01.xml", A2002), log)
    assert qrels.scale == "inex2002"
    el = qrels["01"].elements
    assert el[("tk/1997/k0302", "/article[1]")].s == COVERAGE_CODES["L"]
    assert el[("tk/1997/k0302", "/article[1]/bdy[1]/sec[1]")].e == 3
    assert ("tk/1997/k0302", "/article[1]/bdy[1]/sec[3]") in el  # (0, N) is valid
    assert ("tk/1997/k0302", "/article[1]/bdy[1]/sec[2]") not in el  # (0, L) is not
    assert sorted(p.line for p in log.errors) == [7, 9]


def test_inex2003_2004_either_quote_style_and_directory(tmp_path):
    _write(tmp_path, "162.xml", A2004)
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub", "91.xml", A2003)
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log)
    assert qrels.scale == "inex2003" and sorted(qrels) == ["162", "91"]
    t162 = qrels["162"].elements
    assert (t162[("an/2001/a1004", "/article[1]")].e, t162[("an/2001/a1004", "/article[1]")].s) \
        == (2, 1)
    assert t162[("an/2001/a1004", "/article[1]/bdy[1]/sec[2]")].e == 3  # first kept
    assert len(t162) == 2
    messages = {p.line: (p.severity, p.message) for p in log.problems}
    assert messages[6][0] == "error" and "e=0, s=2" in messages[6][1]
    assert messages[7][0] == "warning" and "repeats line 5 (identical" in messages[7][1]
    assert messages[8][0] == "error" and "differently from line 5" in messages[8][1]
    assert messages[9][0] == "error" and "malformed XPath" in messages[9][1]
    assert qrels["91"].elements[("co/2000/r7022", "/article[1]/bdy[1]")].s == 2


def test_inex2005_too_small_continuous_specificity_sizes_passages(tmp_path):
    log = ProblemLog()
    qrels = read_inex_assessments(_write(tmp_path, "202.xml", A2005), log)
    assert qrels.scale == "inex2005"
    el = qrels["202"].elements
    doc = "ex/2001/x1234"
    article = el[(doc, "/article[1]")]
    assert article.s == pytest.approx(0.13) and article.size == 1000
    assert el[(doc, "/article[1]/bdy[1]/sec[1]/p[1]")].e == TOO_SMALL
    assert el[(doc, "/article[1]/bdy[1]/sec[1]")].s == pytest.approx(0.72)
    assert (doc, "/article[1]/bdy[1]/sec[2]") not in el  # (?, 0) is invalid
    assert (doc, "/article[1]/bdy[1]/sec[3]") not in el  # e = 3 does not exist in 2005
    # the XPointer passage cannot be resolved without the collection: the topic's passage
    # level is left out (one warning), never read incompletely
    assert qrels["202"].passages == {}
    lines = {p.line: p.severity for p in log.problems}
    assert lines[6] == "warning" and "not resolved" in [p for p in log.problems
                                                        if p.line == 6][0].message
    assert lines[10] == "error" and lines[11] == "error"
    # without the XPointer passage: numeric passages are read, overlaps reported
    log = ProblemLog()
    qrels = read_inex_assessments(_write(tmp_path, "202b.xml", "\n".join(
        line for line in A2005.splitlines() if "text()" not in line)), log)
    passages = qrels["202"].passages[doc]
    assert passages.ranges == [(100, 50), (120, 80)] and passages.relevant_chars == 100
    assert any("overlap" in p.message for p in log.warnings)


def test_values_as_child_elements_and_doc_length(tmp_path):
    text = ('<assessments topic="7"><file name="d"><passage offset="0" length="4"/>'
            '<element path="/article[1]" size="40"><exhaustivity>2</exhaustivity>'
            '<specificity>0.1</specificity></element></file></assessments>')
    qrels = read_inex_assessments(_write(tmp_path, "7.xml", text))
    assert qrels.scale == "inex2005"
    assessment = qrels["7"].elements[("d", "/article[1]")]
    assert (assessment.e, assessment.s, assessment.size) == (2, 0.1, 40)
    assert qrels["7"].passages["d"].doc_length == 40


def test_assessments_scale_can_be_forced_and_bad_input(tmp_path):
    path = _write(tmp_path, "x.xml", A2003)
    assert read_inex_assessments(path, scale="inex2005", log=ProblemLog()).scale == "inex2005"
    with pytest.raises(InputError):
        read_inex_assessments(_write(tmp_path, "y.xml", "<assessments topic='1'><file file='d'>"))
    with pytest.raises(InputError):
        read_inex_assessments(tmp_path / "missing")
    log = ProblemLog()
    read_inex_assessments(_write(tmp_path, "z.xml", "<article/>"), log)
    assert "not INEX assessments" in log.errors[0].message


def test_file_without_a_name_is_not_used(tmp_path):
    """A ``<file>`` whose file attribute is empty is refused and, as its message says, its
    assessments are not used (before, they were added under the document id '')."""
    judged = "<path path='/article[1]' exhaustiveness='2' specificity='2'/>"
    path = _write(tmp_path, "e.xml", f"<assessments topic='1'><file file=''>{judged}</file>"
                  f"<file file='d'>{judged}</file></assessments>")
    log = ProblemLog()
    assert list(read_inex_assessments(path, log)["1"].elements) == [("d", "/article[1]")]
    assert [m.message for m in log.errors] == [
        "<file> without a file/name attribute: its assessments are not used"]


def test_assessment_numbers_are_decimal_as_in_text_files(tmp_path):
    """``1_0`` and non-ASCII digits are numbers to Python's ``float`` but not in any text
    format; INEX XML assessments apply the same rule (before, ``1_0`` was read as 10)."""
    text = ("<assessments topic='1'><file file='d'>"
            "<path path='/article[1]' exhaustiveness='1_0' specificity='1'/>"
            "<path path='/article[1]/bdy[1]' exhaustiveness='\u0661' specificity='1'/>"
            "<path path='/article[1]/fm[1]' exhaustiveness='2' specificity='3'/>"
            "</file></assessments>")
    log = ProblemLog()
    qrels = read_inex_assessments(_write(tmp_path, "n.xml", text), log)
    assert list(qrels["1"].elements) == [("d", "/article[1]/fm[1]")]
    assert [m.message.split(":")[1].strip() for m in log.errors] == [
        "exhaustivity '1_0' / specificity '1' are not numbers; the assessment is not used",
        "exhaustivity '\u0661' / specificity '1' are not numbers; the assessment is not used"]


def test_sniff():
    assert sniff_inex_xml(SUBMISSION.encode()[:400]) == "inex-submission"
    assert sniff_inex_xml(A2002.encode()[:150]) == "inex-assessments"
    assert sniff_inex_xml(A2004.encode()[:80]) == "inex-assessments"
    assert sniff_inex_xml(b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><article>') is None
    assert sniff_inex_xml(b"topic Q0 doc 1 2 run") is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([A2002, A2004, A2005]), st.floats(0, 1), st.binary(max_size=10))
def test_assessments_truncated_only_raise_own_errors(tmp_path_factory, text, frac, noise):
    path = tmp_path_factory.mktemp("fuzz") / "f.xml"
    data = text.encode()
    path.write_bytes(data[:int(len(data) * frac)] + noise)
    try:
        read_inex_assessments(path, ProblemLog())
    except SdrevalError:
        pass


@pytest.mark.parametrize("prolog", ["", "<!-- " + "x" * 70000 + " -->\n"])
def test_detection_same_rule_whatever_the_prolog_length(tmp_path, prolog):
    """A root reached only past the first 64 KiB is judged by the same rule as one in them
    (the fallback used to parse up to the root and ignore ``<assessments`` under another
    root, which the assessment reader reads)."""
    from sdreval.io.detect import detect_format

    path = tmp_path / "a.xml"
    path.write_text(prolog + '<recall-base><assessments topic="1"><file name="d">'
                    '<element path="/article[1]" exhaustivity="1" specificity="1"/></file>'
                    "</assessments></recall-base>\n")
    assert detect_format(path) == "inex-assessments"
    assert list(read_inex_assessments(path).topics) == ["1"]


@pytest.mark.parametrize("rank,rsv", [("1_0", "1.5"), ("\u0663", "1.5"), (str(2**62), "1.5"),
                                      ("2", "1_5"), ("2", "\u0661.5"), ("0x10", "1.5")])
@pytest.mark.parametrize("bulk", [True, False])
def test_submission_fields_follow_the_text_readers_rules(tmp_path, rank, rsv, bulk):
    """Ranks and rsv are decimal and in range, in XML as in TREC-like runs (int() and float()
    took 1_0, non-ASCII digits and ranks up to 2**63 here; the TREC reader refuses them)."""
    xml = tmp_path / "r.xml"
    xml.write_text('<inex-submission run-id="r"><topic topic-id="1">' + "".join(
        f"<result><file>d{i}</file><path>/a[1]</path><rank>{rank if i == 3 else i}</rank>"
        f"<rsv>{rsv if i == 3 else 1}</rsv></result>" for i in range(1, 6))
        + "</topic></inex-submission>", encoding="utf-8")
    trec = tmp_path / "r.txt"
    trec.write_text(f"1 Q0 d3 {rank} {rsv} r /a[1]\n", encoding="utf-8")
    log, trec_log = ProblemLog(), ProblemLog()
    run = read_inex_submission(xml, log, bulk=bulk)
    read_run(trec, "element-run", trec_log)
    assert len(run["1"]) == 4 and "d3" not in list(run["1"].docs)
    assert [p.line for p in log.errors] == [1] and len(trec_log.errors) == 1
