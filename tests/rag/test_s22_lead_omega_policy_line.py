"""Under ``-c`` the stderr line says unanswered topics score 0; SpanOmega (Chroma's
precision_omega, a score of the chunking) keeps its value there, and the line says so."""
import pandas as pd

from sdreval.measures.evaluate import coverage_lines


def _means(measures):
    return pd.DataFrame({"run": "r", "measure": measures, "topic": "all",
                         "value": 0.5, "topics": 2})


def test_omega_named_under_c_only():
    line = coverage_lines(_means(["SpanOmega", "SpanR"]), all_topics=True)[0]
    assert "unanswered topics score 0" in line and "SpanOmega" in line
    assert "SpanOmega" not in coverage_lines(_means(["SpanOmega"]), all_topics=False)[0]
    assert "SpanOmega" not in coverage_lines(_means(["SpanR"]), all_topics=True)[0]
