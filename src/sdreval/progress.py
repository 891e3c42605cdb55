"""Progress bars for long work (rich, on stderr): shown only when stderr is a terminal.

One helper for every command: ``with progress(total, "evaluating runs") as bar: bar.update()``.
Bars opened while another is shown become extra lines of the same display (rich allows one
live display at a time).  Nothing is drawn when stderr is piped or redirected, or after
:func:`set_quiet` (the ``--quiet`` option of the commands); output on stdout is never touched.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")

_quiet = False
_active = None          # the rich Progress currently shown, if any


def set_quiet(quiet: bool) -> None:
    """Silence (or allow again) every progress bar of this process."""
    global _quiet
    _quiet = bool(quiet)


def is_quiet() -> bool:
    return _quiet


def showing(enabled: bool | None = None) -> bool:
    """Whether a bar would be drawn: ``enabled=None`` means "stderr is a terminal and not
    quiet"; ``False`` never; ``True`` always (unless quiet)."""
    if _quiet or enabled is False:
        return False
    if enabled is None:
        stream = sys.stderr
        return bool(getattr(stream, "isatty", None) and stream.isatty())
    return True


class _Silent:
    def update(self, n: int = 1) -> None:
        pass


class _Bar:
    def __init__(self, owner, task) -> None:
        self._owner, self._task = owner, task

    def update(self, n: int = 1) -> None:
        self._owner.advance(self._task, n)


@contextmanager
def progress(total: int | None, desc: str, enabled: bool | None = None) -> Iterator:
    """A bar of ``total`` steps (``None``: unknown) labelled ``desc``; ``.update(n)``
    advances it.  See :func:`showing` for ``enabled``."""
    global _active
    if not showing(enabled):
        yield _Silent()
        return
    if _active is not None:  # nested: one more line in the display already shown
        task = _active.add_task(desc, total=total)
        try:
            yield _Bar(_active, task)
        finally:
            _active.remove_task(task)
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    owner = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                     MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                     console=Console(file=sys.stderr, force_terminal=enabled or None),
                     transient=True)
    task = owner.add_task(desc, total=total)
    _active = owner
    try:
        with owner:
            yield _Bar(owner, task)
    finally:
        _active = None


def track(items: Iterable[T], desc: str, total: int | None = None,
          enabled: bool | None = None) -> Iterator[T]:
    """Iterate over ``items`` with a bar (advanced after each item)."""
    items = list(items) if total is None and not hasattr(items, "__len__") else items
    size = total if total is not None else len(items)  # type: ignore[arg-type]
    with progress(size, desc, enabled) as bar:
        for item in items:
            yield item
            bar.update()


__all__ = ["progress", "track", "set_quiet", "is_quiet", "showing"]
