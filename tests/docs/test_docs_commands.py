"""Every command and Python example of README.md and docs/*.md runs on the bundled data and
prints what the docs say it prints (conventions: docs/_update_outputs.py).

After a change of behaviour, rewrite the outputs with ``python docs/_update_outputs.py``."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_runner():
    spec = importlib.util.spec_from_file_location("sdreval_docs_runner",
                                                  ROOT / "docs" / "_update_outputs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


runner = _load_runner()
DOCUMENTS = runner.documents()


def _report(outcome) -> str:
    return (f"{outcome.block.where}: {outcome.step.source}\n--- the docs say:\n"
            + "\n".join(outcome.expected) + "\n--- it prints:\n" + "\n".join(outcome.actual)
            + "\n(python docs/_update_outputs.py rewrites the docs from real runs)")


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_print_what_the_docs_say(path):
    if path.name == "pyterrier.md":  # python-terrier is in the peers extra, not the test one
        pytest.importorskip("pyterrier")
    failures = [_report(o) for o in runner.run_document(path) if not o.ok]
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_shell_blocks_are_transcripts_or_marked(path):
    """A shell block is either a ```console transcript (run and compared) or marked
    <!-- no-test --> (a synopsis, or it needs the user's data)."""
    for block in runner.blocks(path):
        if block.lang in ("bash", "sh", "shell", "zsh") and not block.no_test:
            pytest.fail(f"{block.where}: use a ```console transcript or mark the block "
                        f"{runner.NO_TEST}")
        if block.lang == "" and any(line.startswith("$ ") for line in block.lines):
            pytest.fail(f"{block.where}: a '$ ' transcript must be a ```console block")


def test_examples_are_run():
    runnable = [b for p in DOCUMENTS for b in runner.blocks(p)
                if b.lang in runner.RUNNABLE and not b.no_test]
    langs = {b.lang for b in runnable}
    assert {"console", "pycon", "python"} <= langs
    assert sum(b.lang == "console" for b in runnable) >= 5


def test_comparison_tolerates_noise_not_changes():
    match, norm = runner.matches, runner.normalise
    assert match(norm(["MAep   0.4787  0.4893"]), norm(["MAep 0.4787 0.4893 "]))
    assert match(norm(["MAep 0.4787"]), norm(["MAep 0.4788"]))        # last printed digit
    assert not match(norm(["MAep 0.4787"]), norm(["MAep 0.4790"]))
    assert not match(norm(["MAep 0.4787"]), norm(["iMAep 0.4787"]))
    assert not match(norm(["a", "b"]), norm(["a"]))
    assert match(norm(["head", "...", "tail"]), norm(["head", "x", "y", "tail"]))
    assert not match(norm(["head", "...", "tail"]), norm(["head", "x"]))
    assert norm(["written 2026-11-22 12:48:48 UTC"]) == norm(["written 2025-01-01 00:00:00 UTC"])


def test_a_drifted_output_fails(tmp_path):
    doc = tmp_path / "drift.md"
    doc.write_text("```console\n$ sdreval eval kazai-lalmas-2006/qrels.tsv kazai-lalmas-2006/runs/ideal.txt "
                   "--quant sog -m nxCG@1 --format table\nmeasure  ideal\n-------\n"
                   "nxCG@1   0.5000\n```\n\n<!-- no-test -->\n```console\n$ sdreval eval "
                   "my.qrels my.run\n```\n", encoding="utf-8")
    outcomes = runner.run_document(doc)
    assert len(outcomes) == 1 and not outcomes[0].ok
    assert runner.update_document(doc) == 1
    assert all(o.ok for o in runner.run_document(doc))
    assert "1.0000" in doc.read_text(encoding="utf-8")
