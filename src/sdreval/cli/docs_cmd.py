"""``sdreval docs [PAGE] [--path]``: the documentation pages that help texts and messages name
(``docs/rag.md``, ``docs/inputs.md``, ...), in every kind of install.

A wheel or sdist install carries them in the package (``sdreval/docs/``, copied there by the
build, see ``setup.py``); a clone (editable install, or ``PYTHONPATH=src``) reads the
repository's ``docs/`` folder, where they are written."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import SdrevalError, UsageError
from .common import handle_errors

EXAMPLES = """\b
Examples:
  sdreval docs
  sdreval docs rag | less
  sdreval docs docs/inputs.md --path
"""

_PACKAGE = Path(__file__).resolve().parents[1]


def docs_folder() -> Path | None:
    """The folder of the documentation pages: the installed package's ``docs/`` (wheel,
    sdist), else the ``docs/`` of the source tree the package is imported from (``src``
    layout: a clone, editable or on ``PYTHONPATH``); None when neither holds a page."""
    candidates = [_PACKAGE / "docs"]
    if _PACKAGE.parent.name == "src":
        candidates.append(_PACKAGE.parent.parent / "docs")
    return next((folder for folder in candidates if any(folder.glob("*.md"))), None)


def page_names(folder: Path) -> list[str]:
    """The pages of ``folder``, by name without ``.md``, sorted."""
    return sorted(path.stem for path in folder.glob("*.md"))


def page_title(path: Path) -> str:
    """The page's first Markdown heading, without its ``#`` marks."""
    with path.open(encoding="utf-8") as text:
        for line in text:
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return ""


def page_name(given: str) -> str:
    """``rag``, ``rag.md`` and ``docs/rag.md`` (as help texts and messages write it) name the
    same page: ``rag``."""
    name = given.strip().replace("\\", "/").rsplit("/", 1)[-1]
    return name[:-3] if name.endswith(".md") else name


@click.command("docs", epilog=EXAMPLES)
@click.argument("page", required=False)
@click.option("--path", "show_path", is_flag=True,
              help="Print the page's file path (without PAGE: the folder's) instead of its text.")
@handle_errors
def docs_command(page: str | None, show_path: bool) -> None:
    """Show the documentation pages (Markdown) that help texts and messages name.

    Without PAGE: the folder and every page with its title.  With PAGE (rag, rag.md or
    docs/rag.md, as a message writes it): the page's text on standard output.  The pages are
    installed with sdreval (in a clone they are the repository's docs/ folder)."""
    folder = docs_folder()
    if folder is None:
        raise SdrevalError("the documentation pages are not installed with this copy of "
                           f"sdreval (no docs/*.md in {_PACKAGE} or its source tree)")
    names = page_names(folder)
    if page is None:
        if show_path:
            click.echo(folder)
            return
        click.echo(f"sdreval documentation, {len(names)} pages (Markdown) in {folder}:")
        width = max(map(len, names))
        for name in names:
            click.echo(f"  {name:<{width}}  {page_title(folder / f'{name}.md')}")
        click.echo("`sdreval docs PAGE` prints one (e.g. `sdreval docs rag | less`).")
        return
    name = page_name(page)
    if name not in names:
        raise UsageError(f"no documentation page {page!r}; the pages are: {', '.join(names)}")
    path = folder / f"{name}.md"
    click.echo(path if show_path else path.read_text(encoding="utf-8"), nl=show_path)
