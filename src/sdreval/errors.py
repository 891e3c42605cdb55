"""The project's own error and problem types.

Every reader reports bad input as a :class:`Problem` (file, line, what was wrong).  A reader in
strict mode raises :class:`InputError` carrying all problems found; in lenient mode problems are
collected in a :class:`ProblemLog` and nothing is dropped silently.
"""
from __future__ import annotations

from dataclasses import dataclass, field


class SdrevalError(Exception):
    """Base class of every error sdreval raises on purpose."""


@dataclass(frozen=True)
class Problem:
    """One problem found in an input: where it is and what is wrong."""

    file: str | None
    line: int | None
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.severity}: {self.message}"


class InputError(SdrevalError):
    """Invalid input; carries every problem found (file, line, message)."""

    def __init__(self, problems: list[Problem] | Problem | str, file: str | None = None,
                 line: int | None = None):
        if isinstance(problems, str):
            problems = [Problem(file, line, problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(SdrevalError):
    """A call that cannot be carried out as asked (unknown measure, bad parameter, ...)."""


@dataclass
class ProblemLog:
    """Collects problems and warnings; ``strict`` turns errors into an immediate InputError."""

    strict: bool = False
    problems: list[Problem] = field(default_factory=list)

    def error(self, file: str | None, line: int | None, message: str) -> None:
        problem = Problem(file, line, message, "error")
        self.problems.append(problem)
        if self.strict:
            raise InputError([problem])

    def warn(self, file: str | None, line: int | None, message: str) -> None:
        self.problems.append(Problem(file, line, message, "warning"))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise InputError(self.errors)
