"""Progress bars: on stderr only when it is a terminal, never with --quiet, nested bars share
one display, and stdout is never touched."""
from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval import progress as _progress

SRC = Path(__file__).resolve().parents[1] / "src"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_shown_only_on_a_terminal_and_not_quiet(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert not _progress.showing()
    monkeypatch.setattr(sys, "stderr", _Tty())
    assert _progress.showing()
    _progress.set_quiet(True)
    try:
        assert not _progress.showing() and not _progress.showing(True)
    finally:
        _progress.set_quiet(False)
    assert not _progress.showing(False)


def test_nested_bars_share_one_display(monkeypatch):
    monkeypatch.setattr(sys, "stderr", _Tty())
    with _progress.progress(2, "outer", True) as outer:
        for _ in range(2):
            with _progress.progress(3, "inner", True) as inner:  # no rich LiveError
                for _ in range(3):
                    inner.update()
            outer.update()
    assert list(_progress.track([1, 2, 3], "items", enabled=False)) == [1, 2, 3]


def _eval_args():
    base = example_path("synthetic")
    return ["eval", str(base / "qrels.tsv"), *(str(base / "runs" / f"sim0{i}.txt")
                                               for i in (1, 2, 3)), "-m", "MAep"]


def test_nothing_on_stderr_when_piped():
    result = CliRunner().invoke(cli, _eval_args())
    assert result.exit_code == 0
    assert "evaluating runs" not in result.stderr and "\x1b" not in result.stderr
    assert "MAep" in result.stdout


def _run_with_tty_stderr(args: list[str]) -> tuple[str, str]:
    parent, child = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(SRC), COLUMNS="100")
    proc = subprocess.run([sys.executable, "-m", "sdreval.cli.main", *args], env=env,
                          stdout=subprocess.PIPE, stderr=child, timeout=120)
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(parent, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(parent)
    assert proc.returncode == 0
    return proc.stdout.decode(), b"".join(chunks).decode(errors="replace")


def test_bar_on_a_terminal_and_quiet_silences_it():
    stdout, stderr = _run_with_tty_stderr(_eval_args())
    assert "evaluating runs" in stderr
    assert "\x1b" not in stdout and "MAep" in stdout          # stdout stays clean
    quiet_out, quiet_err = _run_with_tty_stderr(_eval_args() + ["--quiet"])
    assert "evaluating runs" not in quiet_err and quiet_out == stdout


def test_quiet_command_run_in_process_leaves_progress_as_it_was(tmp_path):
    """``--quiet`` is for its command: run in-process (CliRunner, a notebook) it left the
    process quiet, so later progress bars (and this module's first test, when it ran after
    such a command in the same worker) stayed hidden."""
    args = ["simulate", str(tmp_path / "sim"), "--docs", "2", "--elements", "10", "--topics",
            "1", "--runs", "1", "--length", "5", "--quiet"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert not _progress.is_quiet()
