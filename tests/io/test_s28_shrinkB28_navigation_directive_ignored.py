"""``#! abandonment`` and ``#! partition=tag`` shape the graph estimated from routes (Ali,
Consens & Lalmas 2012, footnote 4 and Table 3); with explicit probabilities or ``#!
model=depth`` they change nothing, and they were dropped without a word, so a user who
asked for abandonment got none.  Now one warning at the directive's line says they are
ignored; the model read is unchanged."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.navigation import read_navigation

STEP = "d /article[1] /article[1]/sec[1] 0.5\n"


def _read(tmp_path, text):
    (tmp_path / "nav.txt").write_text(text)
    log = ProblemLog()
    model = read_navigation(tmp_path / "nav.txt", log)
    return model, [(p.line, p.severity, p.message) for p in log.problems]


def test_route_directives_with_explicit_probabilities_are_said_ignored(tmp_path):
    model, problems = _read(tmp_path, STEP + "#! abandonment partition=tag\n")
    assert type(model).__name__ == "ExplicitNavigation"
    assert problems == [(2, "warning", "#! abandonment and partition=tag apply to route lines "
                         "only: ignored (the file gives explicit probabilities)")]


def test_a_route_directive_with_the_depth_model_is_said_ignored(tmp_path):
    model, problems = _read(tmp_path, "#! model=depth\n#! abandonment\n")
    assert type(model).__name__ == "SummaryNavigation"
    assert problems == [(2, "warning", "#! abandonment applies to route lines only: ignored "
                         "(the file gives model=depth)")]


def test_route_directives_with_routes_say_nothing(tmp_path):
    _, problems = _read(tmp_path, "#! abandonment\nroute d /article[1] /article[1]/sec[1]\n")
    assert problems == []
