"""How the caller names an option in a message: a command's flag (``--run-format``) when a
command was called, the API's keyword (``fmt=``) when a Python function was."""
from __future__ import annotations

from contextvars import ContextVar

#: how the caller names the format options: None when a Python function was called (the API's
#: keyword ``fmt=``), else the called command's flags by role (``"qrels"``, ``"run"``), a role
#: left out where the command has none (:func:`sdreval.cli.common.handle_errors`)
FORMAT_FLAGS: ContextVar[dict[str, str] | None] = ContextVar("sdreval_format_flags",
                                                             default=None)


def format_option(role: str, value: str = "") -> str:
    """The option that names the format of the judgements (``role`` "qrels") or of a run
    (``role`` "run"), as the caller spells it: ``--qrels-format trec`` on the command line
    (``--format trec`` for ``validate`` and ``convert``; ``sdreval eval's --qrels-format trec``
    for a command without one), ``read_qrels(..., fmt='trec')`` in Python (``value``: the
    format to name, if any)."""
    flags = FORMAT_FLAGS.get()
    if flags is None:
        return f"read_{role}(..., fmt={value!r})" if value else f"fmt= of read_{role}"
    flag = flags.get(role) or f"sdreval eval's --{role}-format"
    return flag + (f" {value}" if value else "")


#: where the called Python function takes the judgements, when it is not
#: ``sdreval.evaluate`` (``sdreval.dask.evaluate`` takes the run first)
ARGUMENTS_ORDER: ContextVar[str | None] = ContextVar("sdreval_arguments_order", default=None)


def arguments_order() -> str:
    """Where the judgements go, as the caller calls: the command line's ``sdreval eval QRELS
    RUN...``, the API's ``sdreval.evaluate(qrels, runs, measures)``, or the called function's
    own order (:data:`ARGUMENTS_ORDER`)."""
    if FORMAT_FLAGS.get() is not None:
        return "sdreval eval QRELS RUN...: the judgements come first"
    return ARGUMENTS_ORDER.get() or \
        "sdreval.evaluate(qrels, runs, measures): the judgements come first"
