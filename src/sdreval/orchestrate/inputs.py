"""Checks of inputs that need the files themselves (a line number to point at)."""
from __future__ import annotations

import re
import zlib
from pathlib import Path
from typing import Iterable

from ..errors import InputError
from ..judgements.qrels import Qrels
from ..measures.serial import MEAN_TOPIC, check_topic_names, mean_like_topic
from ..model.run import Run

_XML_TOPIC = rb"""(?:topic|id|topic-id|topic_id)\s*=\s*["']%s["']"""


def topic_line(path: str | Path | None, topic: str = MEAN_TOPIC) -> int | None:
    """The first line of a text (or XML) file that names ``topic``: its first field, or a
    ``topic="..."``-like attribute; None if not found or the file cannot be read."""
    if not path or str(path).startswith("("):
        return None
    from ..io.textlines import open_binary

    wanted = topic.encode()
    attribute = re.compile(_XML_TOPIC % re.escape(wanted))
    try:
        with open_binary(path) as handle:
            for number, raw in enumerate(handle, 1):
                fields = raw.lstrip(b"\xef\xbb\xbf").split()
                if (fields and fields[0] == wanted) or attribute.search(raw):
                    return number
    except (OSError, EOFError, InputError, ValueError, zlib.error):
        return None  # unreadable: the file alone is named
    return None


def check_input_topics(qrels: Qrels | None, runs: Iterable[Run]) -> None:
    """:func:`~sdreval.measures.serial.check_topic_names`, with the file's line added."""
    runs = list(runs)
    try:
        check_topic_names(qrels, runs)
    except InputError as error:
        problem = error.problems[0]
        found = mean_like_topic(qrels, runs)
        topic = found[2] if found else MEAN_TOPIC
        raise InputError(problem.message, problem.file, topic_line(problem.file, topic)) \
            from None

