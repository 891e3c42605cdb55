"""Element <-> passage conversion. Work in progress."""
from __future__ import annotations

from ..errors import ProblemLog
from ..model.run import Run
from ..model.tree import Collection, DocumentTree


def passage_of_element(tree: DocumentTree, path: str) -> tuple[int, int]:
    raise NotImplementedError


def element_run_to_passage_run(run: Run, collection: Collection,
                               log: ProblemLog | None = None) -> Run:
    raise NotImplementedError
