"""How the caller names an option in a message: a command's flag (``--run-format``) when a
command was called, the API's keyword (``fmt=``) when a Python function was."""
from __future__ import annotations

from contextvars import ContextVar

#: how the caller names the format option: the API's keyword ``fmt=`` unless a command says
#: it was called by its flags (:func:`sdreval.cli.common.handle_errors`)
FORMAT_FLAGS: ContextVar[bool] = ContextVar("sdreval_format_flags", default=False)


def format_option(role: str, value: str = "") -> str:
    """The option that names the format of the judgements (``role`` "qrels") or of a run
    (``role`` "run"), as the caller spells it: ``--qrels-format trec`` on the command line,
    ``read_qrels(..., fmt='trec')`` in Python (``value``: the format to name, if any)."""
    if FORMAT_FLAGS.get():
        return f"--{role}-format" + (f" {value}" if value else "")
    return f"read_{role}(..., fmt={value!r})" if value else f"fmt= of read_{role}"
