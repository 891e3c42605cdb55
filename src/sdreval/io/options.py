"""How the caller names an option in a message: a command's flag (``--run-format``) when a
command was called, the API's keyword (``fmt=``) when a Python function was."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
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
    format to name, if any; a function without ``fmt=`` named by :func:`called_as` is
    told how to read the file first)."""
    flags = FORMAT_FLAGS.get()
    if flags is None and (function := CALLED.get()) is not None:  # it has no fmt=
        return (f"sdreval.read_{role}(path, fmt={value!r}) given to {function}" if value
                else f"fmt= of sdreval.read_{role}, the {role} read given to {function}")
    if flags is None:
        return f"read_{role}(..., fmt={value!r})" if value else f"fmt= of read_{role}"
    flag = flags.get(role) or f"sdreval eval's --{role}-format"
    return flag + (f" {value}" if value else "")


def chunk_map_option() -> str:
    """The option that gives a chunk map, as the caller spells it: ``--chunk-map FILE`` on
    the command line, ``read_run(path, chunk_map=FILE)`` in Python."""
    return "--chunk-map FILE" if FORMAT_FLAGS.get() is not None else \
        "read_run(path, chunk_map=FILE)"


#: the public Python function called that reads its inputs itself without a ``fmt=`` keyword
#: (``sdreval.evaluate``), None when the caller called a reader (:func:`called_as`)
CALLED: ContextVar[str | None] = ContextVar("sdreval_called", default=None)


@contextmanager
def called_as(name: str) -> Iterator[None]:
    """Within: the inputs are read by the public function ``name``, which has no ``fmt=``
    (``sdreval.evaluate``): messages naming a format option say what its caller can do
    (:func:`format_option`); the outermost such function is named."""
    token = CALLED.set(CALLED.get() or name)
    try:
        yield
    finally:
        CALLED.reset(token)


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


#: the commands' options a warning may name -> the API's keyword (with the kind of value it
#: takes: "text" quoted, "number" and "path" as written) or the whole keyword (a switch)
API_KEYWORDS: dict[str, tuple[str, str]] = {
    "--order": ("order", "text"), "--compat": ("compat", "text"), "--quant": ("quant", "text"),
    "--ideal": ("ideal", "text"), "--overlap": ("overlap", "text"),
    "--alpha": ("alpha", "number"), "--beta": ("beta", "number"),
    "--bep-distance": ("bep_distance", "number"), "-l": ("rel_level", "number"),
    "-M": ("depth", "number"), "--collection-elements": ("collection_elements", "number"),
    "--collection": ("collection", "path"), "--navigation": ("navigation", "path"),
    "--zero-rel-as-zero": ("zero_rel=True", ""), "--strict": ("strict=True", ""),
    "-c": ("all_topics=True", ""), "--chunk-map": ("chunk_map", "read_run"),
    "--pool-policy": ("pool_policy", "read_qrels"),
}
_FLAG = re.compile(r"(?<![\w'-])(" + "|".join(sorted(map(re.escape, API_KEYWORDS), key=len,
                                                       reverse=True))
                   + r")(?![\w-])(?: ([\w/+-]+(?:[.:][\w/+-]+)*))?")
#: a command line the message gives (``sdreval validate RUN --collection DIR``): kept as it is
_COMMAND = re.compile(r"\b(?:eval|validate|convert|compare|report|stability|recallbase) "
                      r"[^;()]*$")


def api_spelling(message: str) -> str:
    """A message worded for the command line (``--order rsv ranks as trec_eval does``) as a
    Python caller spells its options (``order='rsv' ranks as trec_eval does``): the one place
    that rewords the rules the commands print for the API's warnings.  A flag of trec_eval's
    (``trec_eval -c``), one in a command line (``sdreval validate RUN --collection DIR``) and
    one whose keyword the message names already (``--zero-rel-as-zero, zero_rel=True in
    Python``) are left as they are."""
    def reword(match: re.Match) -> str:
        flag, value = match.group(1), match.group(2)
        keyword, kind = API_KEYWORDS[flag]
        before = message[:match.start()]
        if before.endswith(("trec_eval ", "trec_eval's ")) or _COMMAND.search(before) or \
                keyword.split("=")[0] + "=" in message:
            return match.group(0)
        given = value is not None and (
            kind in ("text", "read_qrels") or re.fullmatch(r"[0-9.]+", value) is not None
            or (kind != "number" and (value.isupper() or "/" in value or "." in value)))
        rest = f" {value}" if value and not given else ""  # the next word of the sentence
        if kind == "read_run":  # a chunk map is read with the run
            return f"read_run(path, chunk_map={value if given else 'FILE'})" + rest
        if kind == "read_qrels":  # INEX pools are combined as the judgements are read
            return f"read_qrels(path, pool_policy={value!r})" if given else match.group(0)
        if not kind:
            return keyword + rest
        if not given:
            return match.group(0)  # no value to give the keyword
        return (f"{keyword}={value!r}" if kind == "text" else f"{keyword}={value}") + rest
    return _FLAG.sub(reword, message)
