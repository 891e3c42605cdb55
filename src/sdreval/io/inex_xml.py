"""INEX XML run submissions (2003-2005) and assessments (2002-2005). Work in progress."""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from ..model.run import Run


def sniff_inex_xml(head: bytes) -> str | None:
    """``"inex-submission"``, ``"inex-assessments"`` or None from the first bytes of a file."""
    raise NotImplementedError


def read_inex_submission(path: str | Path, log: ProblemLog | None = None) -> Run:
    raise NotImplementedError


def read_inex_assessments(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    raise NotImplementedError


def write_inex_submission(run: Run, path: str | Path, task: str = "CO.Thorough",
                          participant_id: str = "sdreval") -> None:
    raise NotImplementedError
