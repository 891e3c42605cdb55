"""Progress bars for long statistics work: on stderr, and only when stderr is a terminal."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator


class _Silent:
    def update(self, n: int = 1) -> None:  # noqa: D401 - tqdm-compatible no-op
        pass


@contextmanager
def progress(total: int, desc: str, enabled: bool | None = None) -> Iterator:
    """A tqdm bar on stderr; ``enabled=None`` means "only if stderr is a TTY"."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield _Silent()
        return
    from tqdm import tqdm

    bar = tqdm(total=total, desc=desc, file=sys.stderr, leave=False)
    try:
        yield bar
    finally:
        bar.close()
