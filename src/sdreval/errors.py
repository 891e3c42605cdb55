"""The project's own error and problem types.

Every reader reports bad input as a :class:`Problem` (file, line, what was wrong).  A reader in
strict mode raises :class:`InputError` carrying all problems found; in lenient mode problems are
collected in a :class:`ProblemLog` and nothing is dropped silently.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Callable


class SdrevalError(Exception):
    """Base class of every error sdreval raises on purpose.

    ``topic``: the topic an error about one topic's evaluation names (else None); ``family``:
    the measure family whose kernel raised it (set by the evaluation).  With them, of the
    errors of a run evaluated in parts (streamed, parallel, Dask), the one a serial evaluation
    raises is chosen (:func:`sdreval.measures.serial.serial_failure`)."""

    topic: str | None = None
    family: str | None = None

    def __init__(self, *args: object, topic: str | None = None) -> None:
        super().__init__(*args)
        if topic is not None:
            self.topic = topic


def shown_source(file: str | None) -> str:
    """An input's name in messages: ``<stdin>`` for ``-`` (standard input, as Python and its
    tools name it), ``<input>`` for none."""
    return "<stdin>" if file == "-" else file or "<input>"


def printable(text: str) -> str:
    """A message as printed: a NUL character shown as ``\\x00`` (a terminal shows nothing
    there, and a C program reading the output ends the line at it)."""
    return text.replace("\x00", "\\x00")


@dataclass(frozen=True)
class Problem:
    """One problem found in an input: where it is and what is wrong."""

    file: str | None
    line: int | None
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = shown_source(self.file)
        if self.line is not None:
            where = f"{where}:{self.line}"
        return printable(f"{where}: {self.severity}: {self.message}")


class InputError(SdrevalError):
    """Invalid input; carries every problem found (file, line, message)."""

    def __init__(self, problems: list[Problem] | Problem | str, file: str | None = None,
                 line: int | None = None, topic: str | None = None):
        if isinstance(problems, str):
            problems = [Problem(file, line, problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        #: the log whose errors these are (:meth:`ProblemLog.raise_if_errors`), else None
        self.logged_in: ProblemLog | None = None
        #: the command the log named as listing every problem
        self.listed_by: str | None = None
        #: what to do, the last line the log gave (:meth:`ProblemLog.raise_if_errors`)
        self.advice: str | None = None
        super().__init__("\n".join(str(p) for p in self.problems), topic=topic)


class UsageError(SdrevalError):
    """A call that cannot be carried out as asked (unknown measure, bad parameter, ...)."""


#: examples kept per (severity, file, kind) of problem; the rest are counted
EXAMPLES_KEPT = 20
#: kinds of problem told apart per log; further kinds are counted under one "other" kind
KINDS_KEPT = 200

#: problems a warning about a whole run names as examples (:func:`examples_text`)
EXAMPLES_NAMED = 3


def examples_text(messages: list[str], total: int) -> str:
    """The examples a warning about a whole run gives of its problems, each a message about
    one topic (``topic T: ...``): the first :data:`EXAMPLES_NAMED` joined by ``; ``, then how
    many more of the ``total`` (the partitions' examples of a run cut into topic partitions
    are put together by :func:`sdreval.measures.partitions.merge_warnings`)."""
    more = f" (and {total - EXAMPLES_NAMED} more)" if total > EXAMPLES_NAMED else ""
    return "; ".join(messages[:EXAMPLES_NAMED]) + more


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_PATHLIKE = re.compile(r"\S*/\S*")
_NUMBER = re.compile(r"\d+")


def problem_kind(message: str) -> str:
    """The kind of a problem, from its message: numbers, quoted strings and paths replaced
    (``topic 7: result d1 0:10 repeats line 3`` -> ``topic #: result d# #:# repeats line #``)."""
    if "'" in message or '"' in message:
        message = _QUOTED.sub("'…'", message)
    if "/" in message:
        message = _PATHLIKE.sub("<path>", message)
    return _NUMBER.sub("#", message)


@dataclass
class ProblemLog:
    """Collects problems and warnings in bounded memory; ``strict`` turns errors into an
    immediate InputError.

    Problems are grouped by severity, file and kind (``kind=`` or, by default, the message with
    its numbers, quoted strings and paths blanked out: :func:`problem_kind`): every problem is
    counted, the :data:`EXAMPLES_KEPT` of each group first in the file (by line; equal lines in
    the order found) are kept in :attr:`problems`, whatever order they were found in (a run
    read whole checks its topics in order of first line, a stream as each topic ends, parallel
    parts one after another: the same examples on every path).  With a
    ``sink`` every problem is handed to it as found (``sdreval validate`` prints them all) and
    none is kept, only counted."""

    strict: bool = False
    problems: list[Problem] = field(default_factory=list)
    sink: Callable[[Problem], None] | None = None
    examples: int = EXAMPLES_KEPT
    counts: dict[tuple[str, str | None, str], int] = field(default_factory=dict)
    kept: dict[tuple[str, str | None, str], list[Problem]] = field(default_factory=dict,
                                                                    repr=False)

    def add(self, problem: Problem, kind: str | None = None) -> None:
        """Record one problem (counted; kept if among the first of its group)."""
        kind = kind or problem_kind(problem.message)
        key = (problem.severity, problem.file, kind)
        if key not in self.counts and len(self.counts) >= KINDS_KEPT:
            key = (problem.severity, problem.file, "other")
        count = self.counts.get(key, 0) + 1
        self.counts[key] = count
        if self.sink is not None:
            self.sink(problem)
        else:
            self._keep(key, problem)

    def _keep(self, key: tuple[str, str | None, str], problem: Problem) -> None:
        """Keep ``problem`` if it is among the first :attr:`examples` of its group by line
        (the group's examples are kept in line order; a later one it displaces is dropped)."""
        kept = self.kept.setdefault(key, [])
        line = problem.line or 0
        if len(kept) >= self.examples:
            if line >= (kept[-1].line or 0):
                return
            dropped = kept.pop()
            at = next(i for i in range(len(self.problems) - 1, -1, -1)
                      if self.problems[i] is dropped)
            del self.problems[at]
        kept.insert(bisect_right(kept, line, key=lambda p: p.line or 0), problem)
        self.problems.append(problem)

    def error(self, file: str | None, line: int | None, message: str,
              kind: str | None = None) -> None:
        problem = Problem(file, line, message, "error")
        self.add(problem, kind)
        if self.strict:
            raise InputError([problem])

    def warn(self, file: str | None, line: int | None, message: str,
             kind: str | None = None) -> None:
        self.add(Problem(file, line, message, "warning"), kind)

    def refuse(self, file: str | None, line: int | None, messages: list[str]) -> bool:
        """Every message an error of the line (a rejected line); True if there was one."""
        for message in messages:
            self.error(file, line, message)
        return bool(messages)

    @property
    def errors(self) -> list[Problem]:
        """The errors kept (all of them unless a group had more than ``examples``)."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """The warnings kept (all of them unless a group had more than ``examples``)."""
        return [p for p in self.problems if p.severity == "warning"]

    def count(self, severity: str | None = None) -> int:
        """How many problems (of ``severity``) were recorded, kept or not."""
        return sum(n for (sev, _, _), n in self.counts.items()
                   if severity is None or sev == severity)

    @property
    def error_count(self) -> int:
        # problems appended to ``problems`` directly (older callers) count too
        return max(self.count("error"), len(self.errors))

    @property
    def warning_count(self) -> int:
        return max(self.count("warning"), len(self.warnings))

    def groups(self, severity: str | None = None
               ) -> list[tuple[str | None, str, int, list[Problem]]]:
        """``(file, kind, count, kept examples)`` per group, in order of first appearance."""
        return [(file, kind, count, self.kept.get((sev, file, kind), []))
                for (sev, file, kind), count in self.counts.items()
                if severity is None or sev == severity]

    def absorb(self, other: "ProblemLog", severity: str | None = None) -> None:
        """Add the problems of ``other`` (a log of a later part of the same input: a byte range,
        a partition) as one reading of the whole would have recorded them: counts added, the
        first examples of each kind (by line) kept.  ``severity``: every problem of ``other``
        taken as one of this severity (a conversion's problems: errors or warnings, as asked)."""
        def moved(key: tuple[str, str | None, str]) -> tuple[str, str | None, str]:
            return key if severity is None else (severity, key[1], key[2])

        for key, count in other.counts.items():
            self.counts[moved(key)] = self.counts.get(moved(key), 0) + count
        key_of = {id(p): moved(key) for key, kept in other.kept.items() for p in kept}
        for problem in other.problems:  # in the order found (errors are raised in that order)
            key = key_of.get(id(problem))
            if severity is not None and problem.severity != severity:
                problem = replace(problem, severity=severity)
            if key is not None:
                self._keep(key, problem)
            else:
                self.problems.append(problem)

    def raise_if_errors(self, listed_by: str | None = "sdreval validate",
                        advice: str | None = None) -> None:
        """Raise the errors logged as one :class:`InputError` (the examples kept, then how many
        more there are, and ``listed_by``, the command that lists them all, where one does;
        ``advice``, what to do, last)."""
        if not self.error_count:
            return
        errors = self.errors
        left = self.error_count - len(errors)
        if left:
            where = f" ({listed_by} lists them all)" if listed_by else ""
            errors = errors + [Problem(None, None, f"... and {left} more error(s) like the "
                                                   f"above{where}")]
        if advice:
            errors = errors + [Problem(None, None, advice)]
        error = InputError(errors)
        error.logged_in = self  # its problems are this log's: a caller holding it counts them once
        error.listed_by, error.advice = listed_by, advice
        raise error


class HeldProblems(ProblemLog):
    """A log that holds every problem (whatever their number) to be reported later: the
    problems of a block checked as columns, of lines explained one by one while the repeats
    of the whole file are not known yet, or of an XML file that may be read again."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[Problem] = []

    def add(self, problem: Problem, kind: str | None = None) -> None:
        self.held.append(problem)

    def flush(self, log: ProblemLog, by_line: bool = True) -> None:
        """Hand the held problems to ``log`` (in line order, stable, unless ``by_line`` is
        False: in the order found), and forget them."""
        for problem in sorted(self.held, key=lambda p: p.line or 0) if by_line else self.held:
            log.add(problem)
        self.held.clear()

