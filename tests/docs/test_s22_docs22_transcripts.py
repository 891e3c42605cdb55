"""The docs' transcripts show what a reader sees when following them in a fresh folder.

* A transcript never works inside the installed package (``cd "$(python -c ...example_path)"``):
  the commands after it write reports, figures and qrels, and a reader would write them into
  site-packages (often not writable) or a clone's source tree.  The docs copy the example to a
  new folder with ``cp -r`` instead.
* A ``pycon`` session shows the warnings the interactive interpreter prints
  (``<stdin>:1: UserWarning: ...``), as console transcripts show sdreval's stderr.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_PATH = "$(python -c \"from sdreval.data import example_path; print(example_path('rag'))\")"


def _runner():
    spec = importlib.util.spec_from_file_location("sdreval_docs_runner_s22",
                                                  ROOT / "docs" / "_update_outputs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


runner = _runner()


def test_a_transcript_that_cds_into_the_installed_package_is_refused(tmp_path):
    doc = tmp_path / "cd.md"
    doc.write_text(f"```console\n$ cd \"{_PATH}\"\n$ head -1 qrels.jsonl\n...\n```\n",
                   encoding="utf-8")
    with pytest.raises(ValueError, match="cp -r"):
        runner.run_document(doc)


def test_a_transcript_copies_a_bundled_example_to_a_new_folder(tmp_path):
    first = (ROOT / "src" / "sdreval" / "data" / "examples" / "rag" / "qrels.jsonl") \
        .read_text(encoding="utf-8").splitlines()[0]
    doc = tmp_path / "cp.md"
    doc.write_text(f"```console\n$ cp -r \"{_PATH}\" rag-example\n$ cd rag-example\n"
                   f"$ head -1 qrels.jsonl\n{first}\n```\n", encoding="utf-8")
    outcomes = runner.run_document(doc)
    assert len(outcomes) == 3 and all(o.ok for o in outcomes)


def test_a_python_session_shows_the_warnings_the_interpreter_prints(tmp_path):
    doc = tmp_path / "warn.md"
    doc.write_text('```pycon\n>>> import warnings\n'
                   '>>> warnings.warn("sdreval: warning: shown")\n'
                   '<stdin>:1: UserWarning: sdreval: warning: shown\n'
                   '>>> warnings.warn("hidden", DeprecationWarning)\n```\n', encoding="utf-8")
    outcomes = runner.run_document(doc)
    assert [o.actual for o in outcomes] == [
        [], ["<stdin>:1: UserWarning: sdreval: warning: shown"], []]
    assert all(o.ok for o in outcomes)


def test_a_warning_repeated_at_the_same_place_is_shown_once(tmp_path):
    """As the interactive interpreter's default filter: once per text, category and place."""
    doc = tmp_path / "again.md"
    doc.write_text('```pycon\n>>> import warnings\n>>> warnings.warn("again")\n'
                   '<stdin>:1: UserWarning: again\n>>> warnings.warn("again")\n```\n',
                   encoding="utf-8")
    outcomes = runner.run_document(doc)
    assert [o.actual for o in outcomes] == [[], ["<stdin>:1: UserWarning: again"], []]
