"""Run the examples of README.md and docs/*.md, and check or rewrite their printed output.

Conventions of the docs (``tests/docs/test_docs_commands.py`` enforces them):

* ```` ```console ```` blocks are terminal transcripts: a line ``$ sdreval ...`` (continued by a
  trailing ``\\``) is a command, the lines after it up to the next ``$`` are what it prints —
  warnings (stderr) first, then the output (stdout).  A line ``...`` stands for any number of
  lines.  Commands run from a copy of the bundled examples (``src/sdreval/data/examples/``),
  one copy per document, so a later command can read what an earlier one wrote.  Besides
  ``sdreval``, a transcript may use ``cd DIR``, ``cp -r SRC DST`` (a new folder DST; SRC may be
  ``"$(python -c "...")"`` printing a folder of the bundled examples: a reader copies it, and
  never works inside the installed package, where the commands would write their files),
  ``NAME="value"`` with ``$NAME`` later, and ``head [-N] FILE``.
* ```` ```pycon ```` blocks are Python sessions: ``>>>``/``...`` lines are code, the lines after
  them what the interpreter prints, warnings included (``<stdin>:1: UserWarning: ...``, shown
  as the interpreter's default filters show them).  ```` ```python ```` blocks are run (they
  must not fail);
  blocks of one document share their variables, in order.
* A block preceded by the line ``<!-- no-test -->`` is not run (it needs the user's own data,
  or is a synopsis with placeholders).  Other blocks (plain ```` ``` ````, ``xml``, ...) are text.

Printed output is compared after normalising whitespace, timestamps, temporary paths and the
last printed digit of numbers.  After a change of behaviour, rewrite the outputs from real runs:

    python docs/_update_outputs.py            # every document
    python docs/_update_outputs.py docs/user-guide.md
"""
from __future__ import annotations

import contextlib
import glob
import io
import os
import re
import shlex
import shutil
import sys
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NO_TEST = "<!-- no-test -->"
RUNNABLE = ("console", "pycon", "python")
_FENCE = re.compile(r"^```([\w-]*)\s*$")
_TIME = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?( ?UTC|Z|[+-]\d\d:?\d\d)?")
_NUMBER = re.compile(r"^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$")


def documents() -> list[Path]:
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


@dataclass
class Block:
    path: Path
    lang: str
    start: int                    # index of the first line inside the fence
    lines: list[str]
    no_test: bool

    @property
    def where(self) -> str:
        path = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{path}:{self.start}"


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, with its language and no-test mark."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        before = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        found.append(Block(path, match.group(1).lower(), i + 1, lines[i + 1:end],
                           before == NO_TEST))
        i = end + 1
    return found


# --- console transcripts ------------------------------------------------------------------

@dataclass
class Step:
    source: str                   # the command or Python code
    expected: list[str] = field(default_factory=list)
    first: int = 0                # line offsets of the expected output inside the block
    last: int = 0


def _steps(lines: list[str], prompt: str, kind: str, read_source) -> list[Step]:
    """Split a transcript into steps: code from ``read_source`` at each ``prompt`` line, then
    the output lines up to the next prompt."""
    steps: list[Step] = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith(prompt):
            raise ValueError(f"{kind} block line {i + 1}: output before any {prompt!r} line")
        source, i = read_source(lines, i)
        step = Step(source, first=i)
        while i < len(lines) and not lines[i].startswith(prompt):
            step.expected.append(lines[i])
            i += 1
        step.last = i
        steps.append(step)
    return steps


def _shell_command(lines: list[str], i: int) -> tuple[str, int]:
    command = lines[i][2:]
    while command.endswith("\\") and i + 1 < len(lines):
        i += 1
        command = command[:-1] + " " + lines[i].strip()
    return command.strip(), i + 1


def _python_statement(lines: list[str], i: int) -> tuple[str, int]:
    source = [lines[i][4:]]
    i += 1
    while i < len(lines) and lines[i].startswith("... "):
        source.append(lines[i][4:])
        i += 1
    return "\n".join(source), i


def console_steps(lines: list[str]) -> list[Step]:
    return _steps(lines, "$ ", "console", _shell_command)


def pycon_steps(lines: list[str]) -> list[Step]:
    return _steps(lines, ">>> ", "pycon", _python_statement)


class Session:
    """One document's working directory (a copy of the bundled examples) and namespace."""

    def __init__(self) -> None:
        from sdreval.data import example_path

        self.examples = example_path()
        self.tmp = Path(tempfile.mkdtemp(prefix="sdreval-docs-"))
        shutil.copytree(self.examples, self.tmp, dirs_exist_ok=True)
        self.cwd = self.tmp
        self.variables: dict[str, str] = {}
        self.namespace: dict = {"__name__": "__docs__"}
        self.warned: set = set()  # the interpreter shows a warning once per place and text

    def close(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)

    @contextlib.contextmanager
    def inside(self):
        old = os.getcwd()
        os.chdir(self.cwd)
        try:
            yield
        finally:
            os.chdir(old)

    def _substitute(self, command: str) -> str:
        """``$(python -c "CODE")`` → what CODE prints (paths of the bundled examples mapped
        to this session's copy); ``$NAME`` → a variable set earlier."""
        def python_output(match: re.Match) -> str:
            out = self.run_python(match.group(1)).strip()
            if out.startswith(str(self.examples)):
                out = str(self.tmp) + out[len(str(self.examples)):]
            return out

        command = re.sub(r'\$\(python -c "((?:[^"\\]|\\.)*)"\)', python_output, command)
        return re.sub(r"\$([A-Za-z_]\w*)", lambda m: self.variables.get(m.group(1), m.group(0)),
                      command)

    def run_command(self, command: str) -> str:
        """Run one transcript command in this process; for sdreval, stderr lines first,
        then stdout."""
        from click.testing import CliRunner

        from sdreval.cli.main import cli

        assignment = re.fullmatch(r"([A-Za-z_]\w*)=(.*)", command)
        if assignment:
            self.variables[assignment.group(1)] = " ".join(shlex.split(assignment.group(2)))
            return ""
        if command.startswith("cd ") and "$(python" in command:
            raise ValueError(f"a docs transcript must not cd into the installed package "
                             f"(its commands would write there); copy the folder with "
                             f"cp -r first: {command!r}")
        words = shlex.split(self._substitute(command))
        if words[:2] == ["cp", "-r"] and len(words) == 4:
            target = self.cwd / words[3]
            if target.exists():
                raise ValueError(f"cp -r: {words[3]} exists (the docs copy to a new folder)")
            shutil.copytree(self.cwd / words[2], target)
            return ""
        if words and words[0] == "cd" and len(words) == 2:
            self.cwd = (self.cwd / words[1]).resolve()
            return ""
        if words and words[0] == "head":
            count = int(words[1].lstrip("-")) if len(words) == 3 else 10
            with self.inside():
                lines = Path(words[-1]).read_text(encoding="utf-8").splitlines()[:count]
            return "\n".join(lines) + "\n"
        if not words or words[0] != "sdreval":
            raise ValueError(f"a docs transcript can run sdreval, cd, cp -r, head and NAME=value, "
                             f"not {command!r}")
        args = []
        with self.inside():
            for word in words[1:]:
                matches = sorted(glob.glob(word)) if any(c in word for c in "*?[") else []
                args.extend(matches or [word])
            result = CliRunner().invoke(cli, args, prog_name="sdreval", catch_exceptions=False)
        text = result.stderr + result.stdout
        if result.exit_code not in (0, None):
            text += f"[exit {result.exit_code}]\n"
        return text

    def run_python(self, source: str, mode: str = "exec") -> str:
        """Run ``source`` as the interpreter would: what it prints, and its warnings as the
        interactive interpreter shows them (``<stdin>:1: UserWarning: ...``), in order."""
        buffer = io.StringIO()

        def show(message, category, filename, lineno, file=None, line=None):
            if (str(message), category, filename, lineno) not in self.warned:
                self.warned.add((str(message), category, filename, lineno))
                buffer.write(warnings.formatwarning(message, category, filename, lineno, line))

        with self.inside(), contextlib.redirect_stdout(buffer), warnings.catch_warnings():
            warnings.resetwarnings()          # the interpreter's default filters
            for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning,
                             ResourceWarning):
                warnings.simplefilter("ignore", category)
            warnings.showwarning = show
            code = compile(source + "\n", "<stdin>" if mode == "single" else "<docs>", mode)
            exec(code, self.namespace)
        return buffer.getvalue()


# --- comparison -----------------------------------------------------------------------------

def normalise(text: str | list[str], tmp: Path | None = None) -> list[str]:
    lines = text if isinstance(text, list) else text.splitlines()
    out = []
    for line in lines:
        if tmp is not None:
            line = line.replace(str(tmp) + os.sep, "").replace(str(tmp), ".")
        line = _TIME.sub("<TIME>", line)
        out.append(" ".join(line.split()))
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return out


def _same_token(expected: str, actual: str) -> bool:
    if expected == actual:
        return True
    if _NUMBER.match(expected) and _NUMBER.match(actual):
        decimals = len(expected.split(".")[1]) if "." in expected and "e" not in expected.lower() \
            else 0
        return abs(float(expected) - float(actual)) <= 1.01 * 10 ** -decimals
    return False


def _same_line(expected: str, actual: str) -> bool:
    e, a = expected.split(" "), actual.split(" ")
    return len(e) == len(a) and all(_same_token(x, y) for x, y in zip(e, a))


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line-by-line match; a line ``...`` in ``expected`` matches any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and _same_line(expected[0], actual[0]) and matches(expected[1:],
                                                                           actual[1:])


def refreshed(expected: list[str], actual: list[str]) -> list[str]:
    """The new output to write: ``actual``, keeping an ellipsis where the docs had one."""
    if "..." not in [line.strip() for line in expected]:
        return actual
    cut = [line.strip() for line in expected].index("...")
    head, tail = cut, len(expected) - cut - 1
    if head + tail >= len(actual):
        return actual
    return actual[:head] + ["..."] + (actual[len(actual) - tail:] if tail else [])


# --- running a document ------------------------------------------------------------------

@dataclass
class Outcome:
    block: Block
    step: Step | None
    expected: list[str]
    actual: list[str]
    raw: list[str]

    @property
    def ok(self) -> bool:
        return matches(self.expected, self.actual)


def run_document(path: Path) -> list[Outcome]:
    """Run every runnable block of ``path``; one outcome per command / statement / block."""
    outcomes: list[Outcome] = []
    session = Session()
    try:
        for block in blocks(path):
            if block.no_test or block.lang not in RUNNABLE:
                continue
            if block.lang == "python":
                session.run_python("\n".join(block.lines))
                continue
            steps = console_steps(block.lines) if block.lang == "console" \
                else pycon_steps(block.lines)
            for step in steps:
                if block.lang == "console":
                    raw = session.run_command(step.source)
                else:
                    raw = session.run_python(step.source, "single")
                raw_lines = [line.replace(str(session.tmp) + os.sep, "")
                             .replace(str(session.tmp), ".").rstrip()
                             for line in raw.splitlines()]
                while raw_lines and not raw_lines[-1]:
                    raw_lines.pop()
                outcomes.append(Outcome(block, step, normalise(step.expected),
                                        normalise(raw, session.tmp), raw_lines))
    finally:
        session.close()
    return outcomes


def update_document(path: Path) -> int:
    """Rewrite the outputs of ``path`` from real runs; returns the number of outputs changed."""
    outcomes = [o for o in run_document(path) if not o.ok]
    if not outcomes:
        return 0
    lines = path.read_text(encoding="utf-8").splitlines()
    # replace from the bottom so that earlier line numbers stay valid
    for outcome in sorted(outcomes, key=lambda o: -(o.block.start + o.step.first)):
        first = outcome.block.start + outcome.step.first
        last = outcome.block.start + outcome.step.last
        lines[first:last] = refreshed(lines[first:last], outcome.raw)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(outcomes)


def main(argv: list[str]) -> int:
    paths = [Path(p).resolve() for p in argv] or documents()
    for path in paths:
        changed = update_document(path)
        print(f"{path}: {changed} output(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    sys.exit(main(sys.argv[1:]))
