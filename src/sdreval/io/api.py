"""Entry points of the io layer: detect a file's format and read it (to be completed)."""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from ..model.run import Run
from ..model.tree import Collection


def detect_format(path: str | Path) -> str:
    """Name of the format of a file, detected from its content."""
    raise NotImplementedError


def read_qrels(path: str | Path, fmt: str | None = None, log: ProblemLog | None = None) -> Qrels:
    """Read judgements in any supported format (detected from content unless ``fmt``)."""
    raise NotImplementedError


def read_run(path: str | Path, fmt: str | None = None, log: ProblemLog | None = None) -> Run:
    """Read a run in any supported format (detected from content unless ``fmt``)."""
    raise NotImplementedError


def read_collection(path: str | Path, log: ProblemLog | None = None) -> Collection:
    """A lazily loaded collection from a directory of XML documents."""
    raise NotImplementedError
