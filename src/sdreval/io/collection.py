"""XML collections: document trees with INEX character offsets. Work in progress."""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..model.tree import Collection, DocumentTree


def parse_document(source, doc_id: str | None = None) -> DocumentTree:
    raise NotImplementedError


def read_collection(directory: str | Path, log: ProblemLog | None = None) -> Collection:
    raise NotImplementedError
