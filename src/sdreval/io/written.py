"""Output files written whole or not at all."""
from __future__ import annotations

import io
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator


@contextmanager
def whole_file(path: str | Path) -> Iterator[IO[str]]:
    """A UTF-8 text file (LF line ends) written beside ``path`` and renamed onto it when the
    block ends: a writer refusing its input half-way (an id it cannot write, a grade that is
    no integer) leaves no file, or an earlier file at ``path`` as it was, never a cut one.
    A ``path`` that is no regular file (``/dev/stdout``, a named pipe) is written directly;
    ``-`` is standard output (as ``-`` is standard input to the readers), written once whole."""
    if str(path) == "-":
        buffer = io.StringIO()
        yield buffer
        sys.stdout.write(buffer.getvalue())
        sys.stdout.flush()
        return
    target = Path(path)
    if target.exists() and not target.is_file():  # /dev/stdout, a named pipe: written as is
        with open(target, "w", encoding="utf-8", newline="\n") as out:
            yield out
        return
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with open(partial, "w", encoding="utf-8", newline="\n") as out:
            yield out
        os.replace(partial, target)
    finally:
        if partial.exists():
            partial.unlink()
