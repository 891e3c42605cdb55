"""A corpus of hostile and malformed inputs, run through every reader and command.

Each case writes its files into ``tmp_path`` (nothing binary is committed), runs one
``sdreval`` command and asserts the exit code (0 accepted, 1 bad input, 2 bad usage), that no
traceback escaped, and, where a line applies, that the message names ``file:line``.

Placeholders in a case's arguments: the names of the case's own files become their paths;
``Q``/``F`` are the bundled synthetic native and FOL qrels, ``R``/``P`` its element and passage
runs ``sim01``, ``D`` its collection directory.
"""
from __future__ import annotations

import gzip
from dataclasses import dataclass, field

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

SYN = example_path("synthetic")
BUNDLED = {"Q": SYN / "qrels.tsv", "F": SYN / "qrels.fol", "R": SYN / "runs" / "sim01.txt",
           "P": SYN / "runs" / "sim01.passages.txt", "D": SYN / "docs",
           "RQ": example_path("rag") / "qrels.jsonl",
           "RC": example_path("rag") / "chunks" / "fixed.jsonl"}

ELEM = "1 Q0 doc0008 1 0.99 sim01 /article[1]/bdy[1]/sec[1]/p[5]\n"
ELEM2 = "1 Q0 doc0002 2 0.98 sim01 /article[1]/bdy[1]\n"
PASS = "1 Q0 doc0008 1 0.99 sim01 624 450\n"
PASS2 = "1 Q0 doc0002 2 0.98 sim01 5328 221\n"
NATIVE = ("# sdreval native judgements\n# scale=inex2003\n"
          "topic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
          "1\tdoc0002\t/article[1]\t3\t1\t2855\n")
FOL = "1 Q0 doc0002 4375 17130 5328 5328:221\n"
SCORES = "run,topic,measure,value\na,1,M,0.5\nb,1,M,0.4\na,2,M,0.3\nb,2,M,0.1\n"
SUBMISSION = ('<inex-submission participant-id="1" run-id="x" task="CO.Thorough">'
              '<topic topic-id="1"><result><file>doc0008</file>'
              '<path>/article[1]/bdy[1]/sec[1]/p[5]</path><rank>1</rank><rsv>0.9</rsv>'
              '</result>{extra}</topic></inex-submission>\n')
ASSESSMENTS = ("<assessments topic='1' version='2004'><file file='doc0002'>"
               "<path path='/article[1]' exhaustiveness='2' specificity='1'/>{extra}"
               "</file></assessments>\n")
BOMB = ('<?xml version="1.0"?><!DOCTYPE inex-submission [{before}<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        '<inex-submission run-id="&b;"><topic topic-id="1"><result><file>d</file>'
        '<path>/article[1]</path><rank>1</rank><rsv>1</rsv></result></topic>'
        '</inex-submission>\n')
DOC = '<?xml version="1.0" encoding="UTF-8"?>\n<article><bdy><p>{text}</p></bdy></article>\n'
EVAL = ["eval", "Q", "run.txt", "-m", "MAep"]
EVAL_P = ["eval", "F", "run.txt", "-m", "MAiP"]
EVAL_GZ = ["eval", "Q", "run.txt.gz", "-m", "MAep"]
CMP = ["compare", "--scores", "s.csv", "-m", "M"]


@dataclass
class Case:
    id: str
    args: list[str]
    code: int
    files: dict[str, str | bytes | None] = field(default_factory=dict)  # None: a directory
    line: str | None = None  # "name:N" expected in the output
    says: str | None = None  # text expected in the output
    never: str | None = None  # text that must not be in the output


def _gz(text: str) -> bytes:
    return gzip.compress(text.encode())


def _corrupt_gz(text: str) -> bytes:
    data = bytearray(gzip.compress(text.encode() * 50))
    data[30:60] = b"x" * 30
    return bytes(data)


CASES = [
    # --- TREC-like element runs -----------------------------------------------------------
    Case("run-empty", EVAL, 1, {"run.txt": ""}),
    Case("run-comments-only", EVAL, 1, {"run.txt": "# nothing\n# here\n"}),
    Case("run-blank-lines-only", EVAL, 1, {"run.txt": "\n  \n\t\n"}),
    Case("run-too-few-columns", EVAL, 1, {"run.txt": ELEM + "1 Q0 doc0002 2 0.5\n"},
         "run.txt:2"),
    Case("run-rank-not-a-number", EVAL, 1, {"run.txt": ELEM + ELEM2.replace(" 2 ", " x ")},
         "run.txt:2"),
    Case("run-rsv-not-a-number", EVAL, 1, {"run.txt": ELEM + ELEM2.replace("0.98", "high")},
         "run.txt:2"),
    Case("run-rsv-nan", EVAL, 1, {"run.txt": ELEM + ELEM2.replace("0.98", "nan")}, "run.txt:2"),
    Case("run-rsv-inf", EVAL, 1, {"run.txt": ELEM + ELEM2.replace("0.98", "-inf")}, "run.txt:2"),
    Case("run-rsv-overflows", EVAL, 1, {"run.txt": ELEM + ELEM2.replace("0.98", "1e400")},
         "run.txt:2"),
    Case("run-rank-huge", EVAL, 1,
         {"run.txt": ELEM + ELEM2.replace(" 2 ", " 99999999999999999999999 ")}, "run.txt:2"),
    Case("run-bad-xpath", EVAL, 1, {"run.txt": ELEM + ELEM2.replace("bdy[1]", "bdy[")},
         "run.txt:2"),
    Case("run-xpath-descendant-axis", EVAL, 1,
         {"run.txt": ELEM + ELEM2.replace("/article[1]/bdy[1]", "/article[1]//p")}, "run.txt:2"),
    Case("run-latin1-byte", EVAL, 1, {"run.txt": ELEM.encode() + ELEM2.encode().replace(
        b"doc0002", b"doc\xe90002")}, "run.txt:2"),
    Case("run-nul-bytes", EVAL, 1, {"run.txt": ELEM.encode() + b"\x00\x00\x00\n"}, "run.txt:2"),
    Case("run-binary-junk", EVAL, 1, {"run.txt": bytes(range(256)) * 8}),
    Case("run-utf16", EVAL, 1, {"run.txt": (ELEM + ELEM2).encode("utf-16")}),
    Case("run-utf8-bom", EVAL, 0, {"run.txt": "\ufeff" + ELEM + ELEM2}),
    Case("run-crlf", EVAL, 0, {"run.txt": (ELEM + ELEM2).replace("\n", "\r\n")}),
    Case("run-tabs-and-spaces", EVAL, 0, {"run.txt": ELEM.replace(" ", "\t", 3) + ELEM2}),
    Case("run-no-final-newline", EVAL, 0, {"run.txt": ELEM + ELEM2.rstrip("\n")}),
    Case("run-duplicate-results", EVAL, 0, {"run.txt": ELEM + ELEM2 + ELEM.replace(" 1 ", " 3 ")}),
    Case("run-topic-named-all", EVAL, 1, {"run.txt": ELEM + "all" + ELEM2[1:]}, "run.txt:2"),
    Case("run-gz-corrupt", EVAL_GZ, 1, {"run.txt.gz": _corrupt_gz(ELEM)}),
    Case("run-gz-truncated", EVAL_GZ, 1, {"run.txt.gz": _gz(ELEM * 200)[:120]}),
    Case("run-gz-empty", EVAL_GZ, 1, {"run.txt.gz": _gz("")}),
    Case("run-gz-not-gzip", EVAL_GZ, 1, {"run.txt.gz": ELEM.encode()}),
    # a directory is a run only as a Parquet dataset: this one is bad input (exit 1)
    Case("run-is-a-directory", EVAL, 1, {"run.txt": None}, says="not a run"),
    Case("run-missing", ["eval", "Q", "nowhere.txt", "-m", "MAep"], 2),
    Case("run-first-line-20mb", EVAL, 1, {"run.txt": "1 Q0 " + "d" * 20_000_000 + "\n"},
         "run.txt:1", says="longer than"),
    Case("run-very-long-line", EVAL, 1, {"run.txt": ELEM + "1 Q0 " + "d" * 2_000_000 + "\n"},
         "run.txt:2"),
    # --- passage runs -------------------------------------------------------------------------
    Case("passage-negative-offset", EVAL_P, 1, {"run.txt": PASS + PASS2.replace("5328", "-5")},
         "run.txt:2"),
    Case("passage-offset-not-a-number", EVAL_P, 1,
         {"run.txt": PASS + PASS2.replace("5328", "abc")}, "run.txt:2"),
    Case("passage-length-negative", EVAL_P, 1, {"run.txt": PASS + PASS2.replace("221", "-1")},
         "run.txt:2"),
    Case("passage-offset-huge", EVAL_P, 1,
         {"run.txt": PASS + PASS2.replace("5328", "99999999999999999999")}, "run.txt:2"),
    Case("passage-ok-with-bom-crlf", EVAL_P, 0,
         {"run.txt": "\ufeff" + (PASS + PASS2).replace("\n", "\r\n")}),
    Case("passage-offset-5e9-validate", ["validate", "F", "run.txt"], 1,
         {"run.txt": PASS + PASS2.replace("5328", "5000000000")}, "run.txt:2"),
    # --- native judgements ------------------------------------------------------------------
    Case("native-header-only", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE.rsplit("1\t", 1)[0]}),
    Case("native-exhaustivity-not-a-number", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "1\tdoc0002\t/article[1]/bdy[1]\tthree\t1\t2802\n"}, "q.tsv:5"),
    Case("native-invalid-pair", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "1\tdoc0002\t/article[1]/bdy[1]\t0\t2\t2802\n"}, "q.tsv:5"),
    Case("native-negative-size", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "1\tdoc0002\t/article[1]/bdy[1]\t3\t1\t-4\n"}, "q.tsv:5"),
    Case("native-conflicting-duplicate", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "1\tdoc0002\t/article[1]\t1\t1\t2855\n"}, "q.tsv:5"),
    Case("native-missing-column", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "1\tdoc0002\t/article[1]/bdy[1]\t3\n"}, "q.tsv:5"),
    Case("native-descendant-xpath", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "1\tdoc0002\t//p\t3\t1\t100\n"}, "q.tsv:5", says="'//p'"),
    Case("native-inex2002-highly-relevant-small-coverage", ["eval", "q.tsv", "R", "-m", "MAep"],
         1, {"q.tsv": NATIVE.replace("inex2003", "inex2002").replace("\t3\t1\t2855",
                                                                     "\t3\tE\t2855")
             + "1\tdoc0002\t/article[1]/bdy[1]\t3\tS\t2802\n"}, "q.tsv:5",
         says="coverage is too small cannot be highly relevant"),
    Case("native-topic-named-all", ["eval", "q.tsv", "R", "-m", "MAep"], 1,
         {"q.tsv": NATIVE + "all\tdoc0002\t/article[1]/bdy[1]\t3\t1\t2802\n"}, "q.tsv:5"),
    # --- FOL qrels ----------------------------------------------------------------------------
    Case("fol-relchars-not-a-number", ["eval", "q.fol", "P", "-m", "MAiP"], 1,
         {"q.fol": FOL + "1 Q0 doc0009 many 23304 7092 7092:11\n"}, "q.fol:2"),
    Case("fol-bad-passage-token", ["eval", "q.fol", "P", "-m", "MAiP"], 1,
         {"q.fol": FOL + "1 Q0 doc0009 11 23304 7092 7092:1x\n"}, "q.fol:2"),
    Case("fol-negative-offset", ["eval", "q.fol", "P", "-m", "MAiP"], 1,
         {"q.fol": FOL + "1 Q0 doc0009 11 23304 7092 -5:11\n"}, "q.fol:2"),
    Case("fol-relchars-nan", ["eval", "q.fol", "P", "-m", "MAiP"], 1,
         {"q.fol": FOL + "1 Q0 doc0009 nan 23304 7092 7092:11\n"}, "q.fol:2"),
    Case("fol-utf16", ["eval", "q.fol", "P", "-m", "MAiP"], 1,
         {"q.fol": (FOL * 2).encode("utf-16")}),
    Case("fol-gz-corrupt", ["eval", "q.fol.gz", "P", "-m", "MAiP"], 1,
         {"q.fol.gz": _corrupt_gz(FOL)}),
    Case("fol-passage-beyond-doclen", ["validate", "q.fol"], 0,
         {"q.fol": FOL + "1 Q0 doc0009 11 100 7092 7092:11\n"}, "q.fol:2"),
    # --- INEX XML submissions and assessments ----------------------------------------------
    Case("xml-run-truncated", EVAL, 1, {"run.txt": SUBMISSION.format(extra="")[:150]}),
    Case("xml-run-rank-not-a-number", EVAL, 1,
         {"run.txt": SUBMISSION.format(extra="\n<result><file>doc0002</file><path>/article[1]"
                                             "</path><rank>two</rank><rsv>1</rsv></result>")},
         "run.txt:2"),
    Case("xml-run-entity-bomb", EVAL, 1, {"run.txt": BOMB.format(before="")}),
    Case("xml-run-entity-bomb-comment-in-dtd", EVAL, 1,
         {"run.txt": BOMB.format(before="<!-- hidden -->")}),
    Case("xml-run-entity-bomb-utf16", EVAL, 1,
         {"run.txt": BOMB.format(before="").replace('version="1.0"?>',
                                                    'version="1.0" encoding="UTF-16"?>')
          .encode("utf-16")}),
    Case("xml-run-doctype-after-big-comment", EVAL, 1,
         {"run.txt": "<?xml version='1.0'?><!--" + "x" * (1 << 20) + "-->"
          + BOMB.format(before="").split("?>", 1)[1]}),
    Case("xml-run-external-entity", EVAL, 1,
         {"run.txt": '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">'
                     ']><inex-submission run-id="&e;"><topic topic-id="1"/></inex-submission>'}),
    Case("xml-run-undefined-entity", EVAL, 1,
         {"run.txt": SUBMISSION.format(extra="").replace("<rsv>0.9", "\n<rsv>0.9&nbsp;")},
         "run.txt:2", says="Entity 'nbsp' not defined"),
    Case("xml-run-utf8-bom", EVAL, 0, {"run.txt": "\ufeff" + SUBMISSION.format(extra="")}),
    Case("xml-assessments-malformed", ["eval", "a.xml", "R", "-m", "MAep"], 1,
         {"a.xml": ASSESSMENTS.format(extra="<path path='/article[1]/bdy[1]'")}),
    Case("xml-assessments-bad-value", ["eval", "a.xml", "R", "-m", "MAep"], 1,
         {"a.xml": ASSESSMENTS.format(extra="\n<path path='/article[1]/bdy[1]' "
                                            "exhaustiveness='9' specificity='1'/>")}, "a.xml:2"),
    Case("xml-assessments-without-path", ["validate", "a.xml"], 0,
         {"a.xml": ASSESSMENTS.format(extra="\n<path exhaustiveness='1' specificity='1'/>")},
         "a.xml:2"),
    # --- collections ----------------------------------------------------------------------------
    Case("collection-malformed-document", ["validate", "docs"], 1,
         {"docs": None, "docs/d1.xml": DOC.format(text="fine") + "<oops>"}),
    Case("collection-undefined-entity", ["validate", "docs"], 1,
         {"docs": None, "docs/d1.xml": DOC.format(text="a &undefined; b")}),
    Case("collection-undefined-non-ascii-entity", ["validate", "docs"], 1,
         {"docs": None, "docs/d1.xml": DOC.format(text="caf&eacutex; b")}, "d1.xml:2"),
    Case("collection-empty-directory", ["validate", "docs"], 1, {"docs": None},
         says="no .xml document"),
    Case("collection-directory-without-xml", ["validate", "docs"], 1,
         {"docs": None, "docs/readme.txt": "not a document\n"}, says="no .xml document"),
    Case("collection-utf16-document", ["validate", "docs"], 0,
         {"docs": None, "docs/d1.xml": DOC.format(text="hi").replace("UTF-8", "UTF-16")
          .encode("utf-16")}),
    Case("collection-file-not-xml", ["validate", "docs"], 1,
         {"docs": None, "docs/d1.xml": bytes(range(256))}),
    # --- per-topic score tables (compare/stability/report --scores) ------------------------
    Case("scores-empty", CMP, 1, {"s.csv": ""}),
    Case("scores-header-only", CMP, 1, {"s.csv": "run,topic,measure,value\n"}),
    Case("scores-missing-column", CMP, 1, {"s.csv": "run,topic,value\na,1,0.5\n"}),
    Case("scores-value-not-a-number", CMP, 1, {"s.csv": SCORES + "a,3,M,high\nb,3,M,0.2\n"},
         "s.csv:6"),
    Case("scores-trailing-commas", CMP, 0, {"s.csv": SCORES.replace("\n", ",\n")}),
    Case("scores-extra-field", CMP, 1, {"s.csv": SCORES + "a,3,M,0.5,surprise\n"}, "s.csv:6"),
    Case("scores-duplicate-rows", CMP, 1, {"s.csv": SCORES + "a,1,M,0.9\n"}, "s.csv:6",
         says="already on line 2"),
    Case("scores-missing-cell", CMP, 1, {"s.csv": SCORES.rsplit("b,2", 1)[0]},
         says="s.csv: error: run b has no M value on topic 2"),
    Case("scores-infinite-value", CMP, 1, {"s.csv": SCORES + "a,3,M,inf\nb,3,M,0.2\n"}),
    Case("scores-utf8-bom", CMP, 0, {"s.csv": "\ufeff" + SCORES}),
    Case("scores-utf16", CMP, 1, {"s.csv": SCORES.encode("utf-16")}),
    Case("scores-binary-junk", CMP, 1, {"s.csv": bytes(range(256)) * 4}),
    Case("scores-one-run", CMP, 2, {"s.csv": "run,topic,measure,value\na,1,M,0.5\na,2,M,0.4\n"}),
    Case("scores-topic-all-only", CMP, 1,
         {"s.csv": "run,topic,measure,value\na,all,M,0.5\nb,all,M,0.4\n"}),
    Case("stability-scores-junk", ["stability", "--scores", "s.csv", "-m", "M"], 1,
         {"s.csv": bytes(range(256)) * 4}),
    Case("report-scores-junk", ["report", "--scores", "s.csv", "--no-plots",
                                "--text-table", "-"], 1, {"s.csv": "run;topic\n1;2\n"}),
    Case("stability-variants-without-column",
         ["stability", "--variants", "s.csv", "-a", "variants"], 2, {"s.csv": SCORES}),
    # --- navigation files (ESR) --------------------------------------------------------------
    Case("navigation-probability-out-of-range",
         ["eval", "Q", "R", "-m", "ESRP@3", "--navigation", "nav.tsv"], 1,
         {"nav.tsv": "doc0002 /article[1] /article[1]/bdy[1] 1.7\n"}, "nav.tsv:1"),
    Case("navigation-binary-junk", ["eval", "Q", "R", "-m", "ESRP@3", "--navigation", "nav.tsv"],
         1, {"nav.tsv": bytes(range(256)) * 4}),
    Case("navigation-empty-file", ["eval", "Q", "R", "-m", "ESRP@3", "--navigation", "nav.tsv"],
         1, {"nav.tsv": ""}, says="no navigation step"),
    Case("navigation-header-only", ["eval", "Q", "R", "-m", "ESRP@3", "--navigation",
                                    "nav.tsv"], 1, {"nav.tsv": "doc from to probability\n"},
         says="no navigation step"),
    Case("navigation-rows-sum-to-5", ["eval", "Q", "R", "-m", "ESRP@3", "--navigation",
                                      "nav.tsv"], 0,
         {"nav.tsv": "".join(f"doc0002 /article[1] /article[1]/bdy[1]/sec[{i}] 1\n"
                             for i in range(1, 6))},
         "nav.tsv:1", says="sum to 5.000 > 1", never="InputWarning"),
    # --- commands and usage -------------------------------------------------------------------
    Case("eval-unknown-measure", ["eval", "Q", "R", "-m", "NoSuchMeasure"], 2),
    Case("eval-measure-parameter-nan", ["eval", "Q", "R", "-m", "MAgP(beta=nan)"], 2),
    Case("eval-cutoff-overflows", ["eval", "Q", "R", "-m", "nxCG@1e400"], 2),
    Case("eval-output-is-a-directory", ["eval", "Q", "R", "-m", "MAep", "-o", "out"], 2,
         {"out": None}),
    Case("eval-jobs-zero", ["eval", "Q", "R", "-m", "MAep", "--jobs", "0"], 2),
    Case("recallbase-unknown-quant", ["recallbase", "Q", "--quant", "nonsense"], 2),
    Case("project-output-is-a-directory", ["project", "RQ", "RC", "-o", "out"], 2, {"out": None}),
    Case("project-tau-nan", ["project", "RQ", "RC", "--rule", "chunk", "--tau", "nan"], 2),
    Case("project-junk-chunk-map", ["project", "RQ", "map.jsonl"], 1,
         {"map.jsonl": '{"chunk_id": "c1", "doc_id": "d1", "start": 5, "end": 2}\n'},
         "map.jsonl:1"),
    Case("project-chunk-map-not-json", ["project", "RQ", "map.jsonl"], 1,
         {"map.jsonl": '{"chunk_id": "c1", "doc_id"\n'}, "map.jsonl:1"),
    Case("sensitivity-one-run", ["sensitivity", "RQ", "run.txt", "-m", "SpanRR"], 2,
         {"run.txt": "q1 Q0 doc00 1 1.0 r 0 10\n"}),
    Case("convert-collection-junk", ["convert", "R", "out.txt", "--collection", "docs"], 1,
         {"docs": None, "docs/doc0008.xml": bytes(range(256))}),
    Case("measures-unknown-option", ["measures", "--nonsense"], 2),
    Case("recallbase-passage-qrels", ["recallbase", "F"], 2),
    Case("eval-forced-wrong-run-format", ["eval", "Q", "R", "-m", "MAep", "--run-format",
                                          "passage-run"], 1, line="sim01.txt:1"),
    Case("recallbase-junk-qrels", ["recallbase", "q.tsv"], 1, {"q.tsv": bytes(range(256))}),
    Case("convert-junk", ["convert", "in.txt", "out.txt"], 1, {"in.txt": bytes(range(256))}),
    Case("convert-output-is-a-directory", ["convert", "R", "out"], 2, {"out": None}),
    Case("validate-junk", ["validate", "junk.bin"], 1, {"junk.bin": bytes(range(256)) * 16}),
    Case("validate-empty", ["validate", "empty.txt"], 1, {"empty.txt": ""}),
    Case("simulate-zero-docs", ["simulate", "outdir", "--docs", "0"], 2),
    Case("simulate-into-a-file", ["simulate", "afile", "--docs", "2"], 2, {"afile": "x"}),
]


def _params() -> list:
    return [pytest.param(case, id=case.id) for case in CASES]


def test_corpus_is_large_enough():
    assert len(CASES) >= 60 and len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", _params())
def test_hostile_input(case: Case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # anything a command writes by default lands here
    for name, content in sorted(case.files.items(), key=lambda item: item[0]):
        path = tmp_path / name
        if content is None:
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode())
    args = [str(tmp_path / a) if a in case.files else str(BUNDLED[a]) if a in BUNDLED else a
            for a in case.args]
    result = CliRunner().invoke(cli, args)
    output = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{type(result.exception).__name__}: {result.exception}"
    assert "Traceback" not in output
    assert result.exit_code == case.code, output[-3000:]
    if case.line:
        name, line = case.line.rsplit(":", 1)
        assert f"{name}:{line}:" in output, output[-3000:]
    if case.says:
        assert case.says in output, output[-3000:]
    if case.never:
        assert case.never not in output, output[-3000:]


def test_run_piped_on_stdin_is_read_whole(tmp_path):
    """More than 64 KiB through a pipe: the same means as from the file, or a clean refusal."""
    import os
    import subprocess
    import sys

    run = tmp_path / "big.txt"
    run.write_bytes(BUNDLED["R"].read_bytes() * 10)  # ~120 KB (repeats are warnings)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    command = [sys.executable, "-c", "from sdreval.cli.main import main; main()", "eval",
               str(BUNDLED["Q"]), "RUN", "-m", "MAep"]
    from_file = subprocess.run([str(run) if a == "RUN" else a for a in command], env=env,
                               capture_output=True, text=True, timeout=120)
    piped = subprocess.run(["/dev/stdin" if a == "RUN" else a for a in command], env=env,
                           input=run.read_text(), capture_output=True, text=True, timeout=120)
    assert "Traceback" not in piped.stderr
    assert (piped.returncode, piped.stdout) == (0, from_file.stdout)
