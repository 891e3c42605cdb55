"""Navigation files (session 25): a problem with a ``#!`` directive named no line, unlike
every other problem of every reader (file:line).  Each is now reported at the directive's
line; "model=depth takes no data lines" at the first data line."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.navigation import read_navigation


def _errors(tmp_path, text):
    path = tmp_path / "nav.txt"
    path.write_text(text)
    log = ProblemLog()
    read_navigation(path, log)
    return [(p.file, p.line, p.message.split(";")[0].split(" (")[0]) for p in log.errors]


def test_an_unknown_directive_is_reported_at_its_line(tmp_path):
    text = "d /a[1] /a[1]/b[1] 0.5\n# a comment\n#! bogus\n"
    assert _errors(tmp_path, text) == [(str(tmp_path / "nav.txt"), 3,
                                        "unknown directive(s) ['bogus']")]


def test_unknown_values_are_reported_at_their_lines(tmp_path):
    text = "#! model=wide\nroute d /a[1] /a[1]/b[1]\n\n#! partition=size abandonment\n"
    assert [(line, message) for _, line, message in _errors(tmp_path, text)] == [
        (1, "unknown model 'wide'"), (4, "unknown partition 'size'")]


def test_depth_model_with_data_lines_names_the_first_data_line(tmp_path):
    text = "# header\n#! model=depth\n\nroute d /a[1] /a[1]/b[1]\n"
    assert [(line, message) for _, line, message in _errors(tmp_path, text)] == [
        (4, "model=depth takes no data lines")]
