"""INEX assessment files exactly as X-RAI wrote them each year, and as INEX shipped them.

The formats follow X-RAI's generator ``scripts/download_pools.php`` (B. Piwowarski; public
history 2004-2007): 2004 single-quoted ``<path>`` with ``inferred``/``inpool``; 2005 ``version``,
an unescaped ``<inex_topic>`` copy, ``<file collection= name=>`` (empty when nothing is
relevant), ``<element ... size rsize>`` and, from late October 2005, ``<passage start end
size>``; 2006/2007 ``<best-entry-point>`` and XPointer points; from November 2007
``whitespace-text-node``.  Directories: ``done/<type>/topic-T/pool-P.xml`` (2004) and
``done/<type>/main|others/topic-T/pool-P.xml`` (2005 on).

Expected values are computed from the inputs: character offsets by searching the document text,
evaluation results by evaluating the same judgements written as FOL passage qrels.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import ProblemLog
from sdreval.io import read_qrels
from sdreval.io.detect import detect_format
from sdreval.io.collection import read_collection
from sdreval.io.inex_assessments import read_inex_assessments
from sdreval.io.writers import write_fol_qrels
from sdreval.judgements.qrels import DocPassages, Qrels


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def put(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_documents(folder: Path, documents: dict[str, str]) -> None:
    for doc, text in documents.items():
        put(folder / f"{doc}.xml", text)


# --- an IEEE-style collection, named by path --------------------------------------------------
IEEE = {
    "an/1995/a1003": "<article><fm><ti>Query languages</ti></fm><bdy><sec><st>Intro</st>"
                     "<p>Alpha beta gamma.</p><p>Delta <it>epsilon</it> zeta.</p></sec>"
                     "<sec><p>Eta theta iota.</p></sec></bdy></article>",
    "pd/1995/p2064": "<article><fm><ti>Other</ti></fm><bdy><sec><p>Kappa lambda.</p></sec>"
                     "</bdy></article>",
    "pd/1996/p2064": "<article><fm><ti>Same stem</ti></fm><bdy><sec><p>Mu nu.</p></sec>"
                     "</bdy></article>",
}

A2004 = """<?xml version="1.0"?>
<!DOCTYPE assessments SYSTEM "../../assessments.dtd">
<assessments pool='12' topic='162'>
\t\t<file file='an/1995/a1003'>
\t\t\t<path path='/article[1]' exhaustiveness='2' specificity='1' inpool='true'/>
\t\t\t<path path='/article[1]/bdy[1]' exhaustiveness='2' specificity='2' inferred='true'/>
\t\t\t<path path='/article[1]/bdy[1]/sec[1]' exhaustiveness='3' specificity='3' inpool='true'/>
\t\t\t<path path='/article[1]/fm[1]' inpool='true'/>
\t\t\t<path path='/article[1]/bdy[1]/sec[2]' exhaustiveness='0' specificity='0' inconsistant='true'/>
\t\t</file>
\t\t<file file='pd/1996/p2064'>
\t\t\t<path path='/article[1]' exhaustiveness='1' specificity='3' inpool='true'/>
\t\t\t<path path='/article[1]/bdy[1]' inferred='true'/>
\t\t</file>
</assessments>"""

RUN_2004 = """<?xml version="1.0"?>
<inex-submission participant-id="12" run-id="bypath" task="CO.Thorough">
<topic topic-id="162">
<result><file>an/1995/a1003</file><path>/article[1]/bdy[1]/sec[1]</path><rank>1</rank></result>
<result><file>pd/1996/p2064</file><path>/article[1]</path><rank>2</rank></result>
<result><file>an/1995/a1003</file><path>/article[1]</path><rank>3</rank></result>
</topic>
</inex-submission>
"""


def test_2004_single_quotes_unassessed_paths_and_directory(tmp_path):
    folder = tmp_path / "done" / "CO" / "topic-162"
    put(folder / "pool-12.xml", A2004)
    put(tmp_path / "done" / "assessments.dtd", "<!ELEMENT assessments (file*)>")
    assert detect_format(tmp_path) == "inex-assessments"
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log)
    assert qrels.scale == "inex2003" and list(qrels) == ["162"]
    elements = qrels["162"].elements
    assert len(elements) == 5 and not log.errors
    assert (elements[("an/1995/a1003", "/article[1]/bdy[1]/sec[1]")].e,
            elements[("an/1995/a1003", "/article[1]/bdy[1]/sec[1]")].s) == (3, 3)
    assert ("an/1995/a1003", "/article[1]/fm[1]") not in elements
    messages = [p.message for p in log.warnings]
    unassessed = [m for m in messages if "unassessed" in m]
    assert len(unassessed) == 1 and unassessed[0].startswith("2 element(s)")
    assert any("inconsistant" in m and m.startswith("1 ") for m in messages)
    assert len(messages) == 2  # one warning per kind, however many files


def test_2004_directory_evaluated_with_a_run_naming_documents_by_path(tmp_path):
    put(tmp_path / "qrels" / "done" / "CO" / "topic-162" / "pool-12.xml", A2004)
    run = put(tmp_path / "run.xml", RUN_2004)
    collection = tmp_path / "ieee"
    write_documents(collection, IEEE)
    put(collection / "an" / "1995" / "volume.xml", "<volume/>")
    result = invoke("validate", tmp_path / "qrels")
    assert result.exit_code == 0, result.output
    assert "ok: inex-assessments, 1 topics, 5 judgements" in result.output
    assert "ok: collection" in invoke("validate", collection).output
    # the same judgements as a file: the directory is read exactly like it
    single = put(tmp_path / "one.xml", A2004)
    by_dir = invoke("eval", tmp_path / "qrels", run, "-m", "nxCG@3", "-m", "MAep")
    by_file = invoke("eval", single, run, "-m", "nxCG@3", "-m", "MAep")
    assert by_dir.exit_code == 0, by_dir.output
    assert _numbers(by_dir.output) == _numbers(by_file.output) and _numbers(by_dir.output)
    # with the collection: the element run is converted by path, every result found
    passages = invoke("convert", run, tmp_path / "p.txt", "--to", "passage",
                      "--collection", collection)
    assert passages.exit_code == 0, passages.output
    lines = (tmp_path / "p.txt").read_text().splitlines()
    coll = read_collection(collection, ProblemLog())
    docs = [line.split()[2] for line in lines]
    assert docs == ["an/1995/a1003", "pd/1996/p2064", "an/1995/a1003"]
    offset, length = map(int, lines[1].split()[-2:])
    assert coll["pd/1996/p2064"].text[offset:offset + length] == "Same stemMu nu."


def _numbers(output: str) -> list[str]:
    return re.findall(r"\d+\.\d+", output)


# --- 2005: topic copies, empty files, element judgements with size/rsize, path passages ----
def _a2005(pool: str, spec_sec: str, topic_text: str = "XML query languages") -> str:
    return f"""<?xml version="1.0"?>
<!DOCTYPE assessments SYSTEM "../../../assessments.dtd">
<assessments pool="{pool}" topic="202" version="2">

<!-- Topic definition -->
<inex_topic topic_id="202" query_type="CO+S" ct_no="17"><InitialTopicStatement>{topic_text}</InitialTopicStatement><title>{topic_text}</title><castitle>//sec[about(., xml)]</castitle><description>d</description><narrative>n</narrative></inex_topic>

<!-- Topic assessments (only completed files) -->

 <file collection="ieee" name="an/1995/a1003">
   <passage start="/article[1]/bdy[1]/sec[1]/p[1]" end="/article[1]/bdy[1]/sec[1]/p[1]" size="18"/>
   <element path="/article[1]" exhaustivity="1" size="94" rsize="18"/>
   <element path="/article[1]/bdy[1]" exhaustivity="1" size="62" rsize="18"/>
   <element path="/article[1]/bdy[1]/sec[1]" exhaustivity="2" size="{spec_sec}" rsize="18"/>
   <element path="/article[1]/bdy[1]/sec[1]/p[1]" exhaustivity="2" size="18" rsize="18"/>
 </file>
 <file collection="ieee" name="pd/1995/p2064">
 </file>
</assessments>
"""


def test_2005_topic_copy_unescaped_empty_files_and_pool_policies(tmp_path):
    root = tmp_path / "done" / "CO+S"
    main = put(root / "main" / "topic-202" / "pool-3.xml",
               _a2005("3", "47", 'R&D on "XML" <b>query</b> languages & <i>more'))
    put(root / "others" / "topic-202" / "pool-9.xml", _a2005("9", "40"))
    put(tmp_path / "in_progress" / "CO+S" / "main" / "topic-203" / "pool-4.xml",
        _a2005("4", "47").replace('topic="202"', 'topic="203"'))
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log)  # default: the main pool
    assert qrels.scale == "inex2005" and list(qrels) == ["202"] and not log.errors
    sec = qrels["202"].elements[("an/1995/a1003", "/article[1]/bdy[1]/sec[1]")]
    assert (sec.e, sec.s, sec.size) == (2, 18 / 47, 47)
    assert qrels["202"].passages == {}  # path passages need the collection: left out, once
    warnings = {p.message.split(" ", 1)[1][:40]: p for p in log.warnings}
    assert len(log.warnings) == 4, [p.message for p in log.warnings]
    copy = [p for p in log.warnings if "topic that is not well-formed" in p.message][0]
    assert copy.file == str(main) and copy.line == 6
    assert any("under in_progress" in m for m in warnings) or any(
        "in_progress" in p.message for p in log.warnings)
    assert any("not marked main skipped" in p.message for p in log.warnings)
    # the other policies read both pools: they disagree on the section's size
    log = ProblemLog()
    read_inex_assessments(tmp_path, log, pool_policy="error")
    assert len(log.errors) == 1 and "pools 3 and 9 disagree" in log.errors[0].message
    log = ProblemLog()
    union = read_inex_assessments(tmp_path, log, pool_policy="union")
    assert not log.errors and any("disagree" in p.message for p in log.warnings)
    assert union["202"].elements[("an/1995/a1003", "/article[1]/bdy[1]/sec[1]")].s == 18 / 47


def test_2005_path_passages_resolved_and_empty_files_judged(tmp_path):
    collection = tmp_path / "ieee"
    write_documents(collection, IEEE)
    qrels_file = put(tmp_path / "pool-3.xml", _a2005("3", "47"))
    coll = read_collection(collection, ProblemLog())
    log = ProblemLog()
    qrels = read_inex_assessments(qrels_file, log, collection=coll)
    assert not log.errors, log.errors
    text = coll["an/1995/a1003"].text
    dp = qrels["202"].passages["an/1995/a1003"]
    assert dp.ranges == [(text.index("Alpha"), len("Alpha beta gamma."))]
    assert dp.doc_length == len(text) and dp.relevant_chars == 17
    empty = qrels["202"].passages["pd/1995/p2064"]
    assert not empty.is_relevant and empty.ranges == []  # judged, nothing relevant
    assert not log.warnings  # size 18 = 17 characters + 1, as X-RAI wrote in 2005


# --- 2006/2007: best entry points and XPointers ------------------------------------------------
WIKI = {
    "part-1/12345": "<article><name>Page</name><bdy><p>First para with words.</p>"
                    "<p>Second <b>bold</b> tail text here.</p><sec><p>Deep one.</p></sec>"
                    "</bdy></article>",
    "part-2/67890": "<article><name>Other</name><bdy><p>Nothing relevant.</p></bdy></article>",
}


def _a2006(extra_root: str = "", text_node: str = "text()[1]") -> str:
    return f"""<?xml version="1.0"?>
<!DOCTYPE assessments SYSTEM "../../assessments.dtd">
<assessments pool="41" topic="289" version="2"{extra_root}>

<!-- Topic definition -->
<inex_topic topic_id="289" ct_no="12"><InitialTopicStatement>pages</InitialTopicStatement><title>words</title><description>d</description><narrative>n</narrative></inex_topic>

<!-- Topic assessments (only completed files) -->

 <file collection="wikipedia" name="12345">
   <best-entry-point path="/article[1]/bdy[1]/p[1]/text()[1].6"/>
   <passage start="/article[1]/bdy[1]/p[1]/text()[1].6" end="/article[1]/bdy[1]/p[1]/text()[1].15" size="10"/>
   <passage start="/article[1]/bdy[1]/p[2]/{text_node}.1" end="/article[1]/bdy[1]/sec[1]" size="25"/>
   <element path="/article[1]" exhaustivity="2" size="80" rsize="40"/>
   <element path="/article[1]/bdy[1]" exhaustivity="2" size="76" rsize="40"/>
 </file>
 <file collection="wikipedia" name="67890">
 </file>
</assessments>
"""


def _expected_wiki(coll) -> Qrels:
    text = coll["12345"].text
    first = text.index("para with")
    tail = text.index(" tail text")
    second = (tail + 1, text.index("Deep one.") + len("Deep one.") - tail - 1)
    qrels = Qrels("fol")
    qrels.topic("289").passages["12345"] = DocPassages(
        "12345", [(first, len("para with")), second], len("para with") + second[1], len(text),
        first)
    qrels.topic("289").passages["67890"] = DocPassages("67890", [], 0,
                                                       coll["67890"].length, None)
    return qrels


@pytest.mark.parametrize("variant", ["2006", "2007-strip"])
def test_2006_2007_xpointers_and_best_entry_points(tmp_path, variant):
    collection = tmp_path / "wiki"
    write_documents(collection, WIKI)
    coll = read_collection(collection, ProblemLog())
    # 2006: "tail text here." is the 2nd text node of p[2]; with whitespace-only text nodes
    # stripped (2007) it still is (no whitespace-only node precedes it)
    extra = ' whitespace-text-node="strip"' if variant == "2007-strip" else ""
    qfile = put(tmp_path / "done" / "CO" / "main" / "topic-289" / "pool-41.xml",
                _a2006(extra, "text()[2]"))
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path / "done", log, collection=coll)
    assert not log.problems, log.problems  # sizes fit: 9 + 1 and 24 + 1 (X-RAI 2005-2006)
    expected = _expected_wiki(coll)["289"].passages
    found = qrels["289"].passages
    assert {d: (p.ranges, p.bep, p.doc_length) for d, p in found.items()} == \
        {d: (p.ranges, p.bep, p.doc_length) for d, p in expected.items()}
    assert qrels["289"].elements[("12345", "/article[1]")].s == 0.5
    # without the collection: elements read, the passage level left out with one warning
    log = ProblemLog()
    bare = read_inex_assessments(qfile, log)
    assert bare["289"].passages == {} and len(bare["289"].elements) == 2
    assert [p.message[:5] for p in log.warnings] == ["3 hig"]


def test_xpointer_beyond_its_text_node_is_an_error(tmp_path):
    collection = tmp_path / "wiki"
    write_documents(collection, WIKI)
    bad = _a2006().replace("text()[1].15", "text()[1].900")
    log = ProblemLog()
    read_inex_assessments(put(tmp_path / "q.xml", bad), log,
                          collection=read_collection(collection, ProblemLog()))
    assert len(log.errors) == 1 and log.errors[0].line == 12
    assert "beyond its text node" in log.errors[0].message


def test_2006_evaluated_end_to_end_like_the_same_fol_qrels(tmp_path):
    collection = tmp_path / "wiki"
    write_documents(collection, WIKI)
    put(tmp_path / "qrels" / "done" / "CO" / "main" / "topic-289" / "pool-41.xml",
        _a2006("", "text()[2]"))
    coll = read_collection(collection, ProblemLog())
    fol = tmp_path / "same.fol"
    write_fol_qrels(_expected_wiki(coll), fol)
    run = put(tmp_path / "run.xml", """<inex-submission run-id="focused" task="Focused">
<topic topic-id="289">
<result><file>12345</file><path>/article[1]/bdy[1]/p[2]</path><rank>1</rank></result>
<result><file>67890</file><path>/article[1]/bdy[1]/p[1]</path><rank>2</rank></result>
<result><file>12345</file><path>/article[1]/bdy[1]/p[1]</path><rank>3</rank></result>
</topic></inex-submission>
""")
    measures = ["-m", "MAiP", "-m", "iP@0.01", "-m", "MAgP(task=bic)"]
    by_xml = invoke("eval", tmp_path / "qrels", run, "--collection", collection, *measures)
    by_fol = invoke("eval", fol, run, "--collection", collection, *measures)
    assert by_xml.exit_code == 0, by_xml.output
    assert by_fol.exit_code == 0, by_fol.output
    numbers = _numbers(by_xml.stdout if hasattr(by_xml, "stdout") else by_xml.output)
    assert numbers and numbers == _numbers(by_fol.stdout if hasattr(by_fol, "stdout")
                                           else by_fol.output)
    assert any(float(n) > 0 for n in numbers)
    validated = invoke("validate", tmp_path / "qrels")
    assert validated.exit_code == 0 and "inex-assessments" in validated.output


def test_points_count_whitespace_text_nodes_unless_stripped_and_utf8_bytes():
    from sdreval.io.collection import parse_document
    from sdreval.model.xpointer import resolve_point

    tree = parse_document("<a><p> <b>x</b>caf\u00e9 tail</p></a>", "d")
    tail = tree.text.index("tail")
    # kept (2005 to 2007): " " is text()[1], "café tail" text()[2]; stripped: text()[1]
    assert resolve_point(tree, "/a[1]/p[1]/text()[2].6", False) == tail
    assert resolve_point(tree, "/a[1]/p[1]/text()[1].6", False, strip_whitespace=True) == tail
    # X-RAI counted UTF-8 bytes: "café " is 6 bytes and 5 characters
    assert tree.text[resolve_point(tree, "/a[1]/p[1]/text()[2].6", False)] == "t"
    assert resolve_point(tree, "/a[1]/p[1]", True) == len(tree.text)
    assert resolve_point(tree, "/a[1]/p[1]/b[1]", False) == tree.text.index("x")


def test_compare_and_report_take_an_assessment_directory(tmp_path):
    put(tmp_path / "qrels" / "done" / "CO" / "topic-162" / "pool-12.xml", A2004)
    first = put(tmp_path / "a.xml", RUN_2004)
    second = put(tmp_path / "b.xml", RUN_2004.replace('run-id="bypath"', 'run-id="other"')
                 .replace("<rank>1</rank>", "<rank>4</rank>"))
    result = invoke("compare", tmp_path / "qrels", first, second, "-m", "nxCG@3")
    # the directory is read and both runs are evaluated; one topic is too few for a paired test
    assert result.exit_code == 1, result.output
    assert "a paired test needs at least two topics, got 1" in result.output
    assert "directory" not in result.output.lower()


def test_api_evaluate_resolves_xrai_passages_like_the_cli(tmp_path):
    import sdreval.api as api

    collection = tmp_path / "wiki"
    write_documents(collection, WIKI)
    qrels = put(tmp_path / "qrels" / "done" / "CO" / "main" / "topic-289" / "pool-41.xml",
                _a2006("", "text()[2]")).parents[3]
    run = put(tmp_path / "run.xml", """<inex-submission run-id="r" task="Focused">
<topic topic-id="289"><result><file>12345</file><path>/article[1]/bdy[1]/p[2]</path></result>
</topic></inex-submission>""")
    table = api.evaluate(qrels, [run], ["MAiP"], collection=collection)
    cli = invoke("eval", qrels, run, "--collection", collection, "-m", "MAiP")
    assert cli.exit_code == 0, cli.output
    assert f"{float(table['value'].iloc[0]):.4f}" == _numbers(cli.output)[0]
    assert float(table["value"].iloc[0]) > 0


def test_two_2004_pools_without_a_main_mark_follow_the_policy(tmp_path):
    folder = tmp_path / "done" / "CO" / "topic-162"
    put(folder / "pool-12.xml", A2004)
    other = A2004.replace("pool='12'", "pool='30'").replace(
        "exhaustiveness='1' specificity='3'", "exhaustiveness='2' specificity='3'")
    put(folder / "pool-30.xml", other)
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log)  # no main pool: both read, one disagreement
    assert [e.line for e in log.errors] == [12]
    assert "pools 12 and 30 disagree" in log.errors[0].message
    assert qrels["162"].elements[("pd/1996/p2064", "/article[1]")].e == 1  # the first kept
    log = ProblemLog()
    union = read_inex_assessments(tmp_path, log, pool_policy="union")
    assert not log.errors and union["162"].elements[("pd/1996/p2064", "/article[1]")].e == 1
    assert sum("disagree" in p.message for p in log.warnings) == 1
    result = invoke("eval", tmp_path, put(tmp_path.parent / "r.xml", RUN_2004), "-m", "nxCG@3")
    assert result.exit_code == 1 and "disagree" in result.output
    result = invoke("eval", tmp_path, tmp_path.parent / "r.xml", "-m", "nxCG@3",
                    "--pool-policy", "union")
    assert result.exit_code == 0, result.output


def test_pools_highlighting_different_passages(tmp_path):
    collection = tmp_path / "wiki"
    write_documents(collection, WIKI)
    coll = read_collection(collection, ProblemLog())
    put(tmp_path / "q" / "topic-289" / "pool-41.xml", _a2006("", "text()[2]"))
    put(tmp_path / "q" / "topic-289" / "pool-50.xml", _a2006("", "text()[2]").replace(
        'pool="41"', 'pool="50"').replace("text()[1].15", "text()[1].20"))
    log = ProblemLog()
    read_inex_assessments(tmp_path / "q", log, collection=coll)
    assert len(log.errors) == 1 and "highlight different passages" in log.errors[0].message
    log = ProblemLog()
    union = read_inex_assessments(tmp_path / "q", log, collection=coll, pool_policy="union")
    text = coll["12345"].text
    assert union["289"].passages["12345"].ranges[0] == (text.index("para"), 14)


def test_validate_with_the_collection_checks_every_point(tmp_path):
    collection = tmp_path / "wiki"
    write_documents(collection, WIKI)
    put(tmp_path / "q" / "topic-289" / "pool-41.xml",
        _a2006().replace("text()[1].15", "text()[1].900"))
    plain = invoke("validate", tmp_path / "q")
    assert plain.exit_code == 0 and "not resolved" in plain.output
    checked = invoke("validate", tmp_path / "q", "--collection", collection)
    assert checked.exit_code == 1 and "beyond its text node" in checked.output
    assert ":12: error:" in checked.output


def test_overlapping_highlighted_passages_follow_the_run_rule(tmp_path):
    """One warning per document at the lowest overlapping offset; an empty passage overlaps
    nothing (the rule of result_rules.overlapping_rows; it used to warn about 10+0 here)."""
    def passages(*pairs):
        body = "".join(f'<passage offset="{o}" length="{n}"/>' for o, n in pairs)
        return put(tmp_path / f"a{len(pairs)}{pairs[-1][0]}.xml",
                   f'<assessments topic="1"><file name="d">{body}'
                   '<element path="/article[1]" exhaustivity="1" specificity="1"/>'
                   '</file></assessments>')

    def overlaps(path):
        log = ProblemLog()
        read_inex_assessments(path, log)
        return [p.message for p in log.warnings if "overlap" in p.message]

    assert overlaps(passages((30, 5), (0, 20), (12, 10), (15, 1))) == [
        "topic 1, d: highlighted passages overlap (at offset 12); their characters are "
        "counted once"]
    assert overlaps(passages((0, 20), (10, 0))) == []
    assert overlaps(passages((0, 10), (10, 5))) == []


def test_element_assessed_twice_follows_the_text_readers_rule(tmp_path):
    """A repeat within one file: identical -> warning naming the first line, the repeat
    ignored; different -> error, the first kept (as in native and FOL judgements)."""
    path = put(tmp_path / "twice.xml",
               '<assessments topic="7"><file file="d">\n'
               '<element path="/a[1]" exhaustiveness="2" specificity="3"/>\n'
               '<element path="/a[1]" exhaustiveness="2" specificity="3"/>\n'
               '<element path="/a[1]" exhaustiveness="1" specificity="1"/>\n'
               "</file></assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(path, log)
    assert [(p.severity, p.line, p.message) for p in log.problems] == [
        ("warning", 3, "topic 7, d /a[1] repeats line 2 (identical; ignored)"),
        ("error", 4, "topic 7, d /a[1] judged again, differently from line 2 (line 2 kept)")]
    kept = qrels.topics["7"].elements[("d", "/a[1]")]
    assert (kept.e, kept.s) == (2, 3)
