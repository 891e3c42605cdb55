"""The documentation pages that help texts and messages name (``docs/rag.md``, ...) exist for a
user of any install, not only of a clone: ``sdreval docs`` finds them (in a wheel, in the package
as ``sdreval/docs/``, copied there by setup.py; in a clone, the repository's ``docs/``), and every
page named anywhere a user reads (help, messages, docstrings, README, the pages themselves) is
one of them.  Before, a wheel install had no docs at all while its help named ten pages."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.docs_cmd import docs_folder, page_name, page_names
from sdreval.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
#: a page as help texts and messages name it; not a user's folder such as ``--collection docs/``
PAGE_REF = re.compile(r"docs/([a-z][A-Za-z0-9_-]*)\.md")
#: the command that prints a page, as help texts and the demo name it
DOCS_COMMAND = re.compile(r"sdreval docs ([a-z][A-Za-z0-9_./-]*[A-Za-z0-9_-])")


def _help_texts() -> dict[str, str]:
    runner = CliRunner()
    texts = {"sdreval": runner.invoke(cli, ["--help"]).output}
    for name in cli.list_commands(None):
        texts[f"sdreval {name}"] = runner.invoke(cli, [name, "--help"]).output
    return texts


def _pages() -> set[str]:
    folder = docs_folder()
    assert folder is not None, "sdreval docs finds no documentation pages"
    return set(page_names(folder))


def test_every_page_named_in_a_help_text_is_served():
    pages = _pages()
    named = {(where, page) for where, text in _help_texts().items()
             for page in PAGE_REF.findall(" ".join(text.split()))}
    assert {page for _, page in named} >= {"references", "measures", "rag", "scale"}
    assert sorted((w, p) for w, p in named if p not in pages) == []


def test_every_page_named_in_the_source_and_docs_is_served():
    pages = _pages()
    missing = []
    files = [*sorted((ROOT / "src" / "sdreval").rglob("*.py")), ROOT / "README.md",
             *sorted((ROOT / "docs").glob("*.md"))]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for page in set(PAGE_REF.findall(text)) | set(DOCS_COMMAND.findall(text)):
            if page_name(page) not in pages:
                missing.append(f"{path.relative_to(ROOT)}: {page}")
    assert missing == []


def test_the_top_level_help_and_the_demo_say_where_the_pages_are():
    text = " ".join(CliRunner().invoke(cli, ["--help"]).output.split())
    assert "docs Show the documentation pages" in text
    assert "`sdreval docs` lists them and `sdreval docs NAME` prints one" in text
    demo = CliRunner().invoke(cli, ["demo"])
    assert demo.exit_code == 0
    assert "sdreval docs user-guide walks through them" in demo.output


def test_docs_lists_the_pages_with_their_titles():
    result = CliRunner().invoke(cli, ["docs"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"sdreval documentation, {len(_pages())} pages (Markdown) in ")
    assert any(line.split() == ["references", "References"] for line in lines)
    assert any(line.split()[:2] == ["cli", "The"] for line in lines)


@pytest.mark.parametrize("given", ["rag", "rag.md", "docs/rag.md", " docs\\rag.md"])
def test_a_page_is_named_as_messages_write_it(given):
    runner = CliRunner()
    path = runner.invoke(cli, ["docs", given, "--path"])
    assert path.exit_code == 0, path.output
    assert path.output == f"{docs_folder() / 'rag.md'}\n"
    text = runner.invoke(cli, ["docs", given])
    assert text.exit_code == 0
    assert text.output == (docs_folder() / "rag.md").read_text(encoding="utf-8")
    assert text.output.startswith("# Evaluating a RAG retriever\n")


def test_docs_path_is_the_folder():
    result = CliRunner().invoke(cli, ["docs", "--path"])
    assert result.exit_code == 0
    assert result.output == f"{docs_folder()}\n"


@pytest.mark.parametrize("given", ["nope", "../README.md", "_update_outputs.py", ""])
def test_an_unknown_page_is_a_usage_error(given):
    result = CliRunner().invoke(cli, ["docs", given])
    assert result.exit_code == 2
    assert f"sdreval: usage error: no documentation page {given!r}; the pages are: " \
        "classic, cli, esr," in result.output
