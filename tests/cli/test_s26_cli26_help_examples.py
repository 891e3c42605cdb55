"""Every example command line of every ``--help`` text runs (exit 0) on the bundled examples.

The examples name placeholder files (qrels.tsv, run.txt, runs/*.txt, scores.csv ...): each
example runs in a directory of its own where those names are the bundled example files
(PLACEHOLDERS, with the few per-command choices of OVERRIDES), in this process (CliRunner:
a process each would cost about 1 CPU s).  A pipe's right side (``| less``) is not run.  simulate's and report's examples take seconds each: marked slow
(about 8 s without them, 40 s with them, on a loaded 2-core machine)."""
from __future__ import annotations

import csv
import glob
import importlib.util
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import EXAMPLES

SYN = EXAMPLES / "synthetic"
RAG = EXAMPLES / "rag"
LINCOLN = EXAMPLES / "lincoln"

#: INEX 2004 assessments (some of qrels.tsv's topic 1), for the examples that read XML qrels
ASSESSMENTS = """<assessments topic='1' version='2004'><file file='doc0002'>
<path path='/article[1]' exhaustiveness='3' specificity='1'/>
<path path='/article[1]/bdy[1]' exhaustiveness='3' specificity='1'/>
<path path='/article[1]/bdy[1]/sec[2]' exhaustiveness='3' specificity='3'/>
<path path='/article[1]/bdy[1]/sec[2]/p[1]' exhaustiveness='1' specificity='3'/>
</file></assessments>
"""
#: an INEX submission (XML run) of qrels.tsv's topic 1
RUN_XML = """<inex-submission participant-id="1" run-id="xmlrun" task="Focused">
<topic topic-id="1">
<result><file>doc0002</file><path>/article[1]/bdy[1]/sec[2]</path><rank>1</rank></result>
<result><file>doc0002</file><path>/article[1]</path><rank>2</rank></result>
</topic></inex-submission>
"""
#: TREC qrels and two runs of them, for the trec_eval-measure example
TREC_QRELS = "1 0 d1 1\n1 0 d2 0\n1 0 d3 2\n2 0 d1 1\n2 0 d4 1\n"
TREC_RUNS = {"bm25.run": "1 Q0 d1 1 3.0 bm25\n1 Q0 d3 2 2.0 bm25\n2 Q0 d4 1 1.0 bm25\n",
             "dense.run": "1 Q0 d3 1 0.9 dense\n1 Q0 d2 2 0.8 dense\n2 Q0 d1 1 0.7 dense\n"}

#: placeholder name in the examples -> bundled file or directory it stands for
PLACEHOLDERS = {
    "qrels.tsv": SYN / "qrels.tsv",
    "inex2010.qrels": SYN / "qrels.fol",  # FOL qrels, as INEX 2010's
    "docs": SYN / "docs",
    "run1.txt": SYN / "runs" / "sim01.txt", "run2.txt": SYN / "runs" / "sim02.txt",
    "run3.txt": SYN / "runs" / "sim03.txt", "run.txt": SYN / "runs" / "sim01.txt",
    "runs": [SYN / "runs" / f"sim0{i}.txt" for i in (1, 2, 3)],
    "qrels.jsonl": RAG / "qrels.jsonl", "chunks": RAG / "chunks",
    "chunks.jsonl": sorted((RAG / "chunks").glob("*.jsonl")),  # every chunking's chunks
    "gold.jsonl": LINCOLN / "gold.jsonl", "run.jsonl": LINCOLN / "runs" / "fixed.jsonl",
    "docs.jsonl": LINCOLN / "documents.jsonl",
}
#: a word of an example -> that example's own choice for a placeholder
OVERRIDES = {
    "inex2010.qrels": {"run.txt": SYN / "runs" / "sim01.passages.txt"},  # FOL qrels, FOL run
    "passage-run": {"run.txt": SYN / "runs" / "sim01.passages.txt"},
    "budget": {"runs": RAG / "runs"}, "sensitivity": {"runs": RAG / "runs"},
}
#: an example whose optional dependency is missing is skipped
NEEDS = {"tokens:cl100k_base": "tiktoken"}


def _examples(command: str | None) -> list[str]:
    """The example command lines at the end of ``sdreval [COMMAND] --help``."""
    text = CliRunner().invoke(cli, [command, "--help"] if command else ["--help"]).output
    body = text[text.index("Examples:") + len("Examples:"):]
    body = re.sub(r"\\\n\s*", " ", body)  # continued lines
    body = body.split("\n\n")[0]  # the main help's examples end its text
    return [line.strip() for line in body.splitlines() if " sdreval " in " " + line]


def _command_of(line: str) -> str:
    words = line.split()
    return words[words.index("sdreval") + 1]


#: commands whose examples take seconds each (simulate's default sizes, report's figures)
SLOW = {"simulate", "report"}
CASES = [pytest.param(name, line, id=f"{name or 'sdreval'}:{i}",
                      marks=[pytest.mark.slow] if _command_of(line) in SLOW else [])
         for name in [None] + cli.list_commands(None)
         for i, line in enumerate(_examples(name))]


def _place(name: str, source, root: Path) -> None:
    target = root / name
    if isinstance(source, list):  # a directory of files, or one file of their lines
        if target.suffix:
            target.write_text("".join(p.read_text(encoding="utf-8") for p in source))
        else:
            target.mkdir()
            for path in source:
                shutil.copy(path, target)
    elif source.is_dir():
        shutil.copytree(source, target)
    else:
        shutil.copy(source, target)


def _workspace(root: Path, line: str) -> None:
    chosen = dict(PLACEHOLDERS)
    for word in set(line.split()) & set(OVERRIDES):
        chosen.update(OVERRIDES[word])
    for name, source in chosen.items():
        _place(name, source, root)
    for i, name in enumerate(("bm25", "new1", "new2"), 1):  # run named as file: --baseline
        text = (SYN / "runs" / f"sim0{i}.txt").read_text(encoding="utf-8")
        (root / f"{name}.txt").write_text(text.replace(f" sim0{i} ", f" {name} "))
    for name, text in {"run.xml": RUN_XML, "run2.xml": RUN_XML, "qrels.xml": ASSESSMENTS,
                       "assessments.xml": ASSESSMENTS, "qrels.txt": TREC_QRELS,
                       **TREC_RUNS}.items():
        (root / name).write_text(text)


@pytest.fixture(scope="module")
def scores(tmp_path_factory) -> Path:
    """scores.csv (eval's per-topic MAep and nxCG@10 of runs/*.txt) and variant_scores.csv
    (those under two assessors a and b, b judging topic 1 otherwise)."""
    root = tmp_path_factory.mktemp("scores")
    runs = [str(p) for p in PLACEHOLDERS["runs"]]
    result = CliRunner().invoke(cli, ["eval", str(PLACEHOLDERS["qrels.tsv"]), *runs, "-m",
                                      "MAep", "-m", "nxCG@10", "-q", "--format", "csv", "-o",
                                      str(root / "scores.csv")])
    assert result.exit_code == 0, result.output
    with open(root / "scores.csv", newline="") as source, \
            open(root / "variant_scores.csv", "w", newline="") as out:
        rows = [r for r in csv.DictReader(source) if r["topic"] != "all"]
        writer = csv.DictWriter(out, ["variant", "run", "topic", "measure", "value"])
        writer.writeheader()
        for variant in ("a", "b"):
            for row in rows:
                value = float(row["value"])
                if variant == "b" and row["topic"] == "1" and row["run"] == "sim01":
                    value /= 2
                writer.writerow({"variant": variant, "run": row["run"], "topic": row["topic"],
                                 "measure": row["measure"], "value": value})
    return root


def _argv(line: str) -> tuple[dict, list[str]]:
    """Environment and arguments of an example line (globs expanded, a pipe's right side and a
    comment dropped)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|")
    lexer.whitespace_split = True
    words = list(lexer)
    if "|" in words:
        words = words[:words.index("|")]
    env = {}
    while "=" in words[0]:
        key, value = words.pop(0).split("=", 1)
        env[key] = value
    assert words[0] == "sdreval", line
    args = []
    for word in words[1:]:
        args.extend(sorted(glob.glob(word)) if "*" in word else [word])
    return env, args


@pytest.mark.parametrize("command,line", CASES)
def test_help_example_runs(command, line, scores, tmp_path, monkeypatch):
    for text, module in NEEDS.items():
        if text in line and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    monkeypatch.chdir(tmp_path)
    _workspace(tmp_path, line)
    for name in ("scores.csv", "variant_scores.csv"):
        shutil.copy(scores / name, tmp_path)
    env, args = _argv(line)
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, f"{line}\n{result.output}"
