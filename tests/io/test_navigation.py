"""Reading the ESR navigation TSV (doc from_xpath to_xpath probability)."""
import gzip
import warnings

import pytest

from sdreval.data import seed002 as S
from sdreval.errors import InputError, ProblemLog
from sdreval.io.navigation import read_navigation


def write(tmp_path, text, name="nav.tsv"):
    p = tmp_path / name
    p.write_text(text)
    return p


def table5_tsv():
    lines = ["# seed 002 Table 5", "doc\tfrom\tto\tprobability"]
    for (f, t), p in S.TABLE5.items():
        lines.append(f"{S.DOC}\t{S.path(f)}\t{S.path(t)}\t{p}")
    return "\n".join(lines) + "\n"


def test_reads_table5_and_reproduces_table11(tmp_path):
    nav = read_navigation(write(tmp_path, table5_tsv()))
    assert nav.probs == S.table5_navigation().probs
    from sdreval.measures import evaluate
    from sdreval.measures.registry import EvalContext
    df = evaluate(S.qrels(), S.runs(), ["ESRR@2"], EvalContext(navigation=nav))
    assert dict(zip(df.run, df.value))["System 2"] == pytest.approx(0.194, abs=5e-4)


def test_paths_are_canonicalised_and_gzip_is_read(tmp_path):
    p = tmp_path / "nav.tsv.gz"
    with gzip.open(p, "wt") as handle:
        handle.write("d /article/sec[2] /article 0.25\n")
    nav = read_navigation(p)
    assert nav.prob("d", "/article[1]/sec[2]", "/article[1]") == 0.25
    assert nav.prob("d", "/article[1]", "/article[1]/sec[2]") == 0.0   # direction matters
    assert nav.prob("e", "/article[1]/sec[2]", "/article[1]") == 0.0   # other document


def test_every_error_is_reported_with_its_line(tmp_path):
    text = ("d /a[1] /a[1]/b[1] 0.5\n"
            "d /a[1] /a[1]/b[2]\n"                 # 3 fields
            "d /a[1] /a[1]//b 0.1\n"               # bad xpath
            "d /a[1] /a[1]/c[1] 1.5\n"             # out of range
            "d /a[1] /a[1]/c[2] x\n"               # not a number
            "d /a[1] /a[1]/b[1] 0.4\n")            # conflicting duplicate
    with pytest.raises(InputError) as info:
        read_navigation(write(tmp_path, text))
    lines = sorted(p.line for p in info.value.problems)
    assert lines == [2, 3, 4, 5, 6]
    assert all(p.file.endswith("nav.tsv") for p in info.value.problems)


def test_identical_duplicate_is_accepted_and_row_sum_warns(tmp_path):
    text = "d /a[1] /a[1]/b[1] 0.7\nd /a[1] /a[1]/b[1] 0.7\nd /a[1] /a[1]/b[2] 0.7\n"
    log = ProblemLog()
    nav = read_navigation(write(tmp_path, text), log)
    assert not log.errors and len(log.warnings) == 1 and log.warnings[0].line == 1
    assert nav.prob("d", "/a[1]", "/a[1]/b[2]") == 0.7
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read_navigation(write(tmp_path, text))
    assert any("sum to" in str(w.message) for w in caught)


def test_abandonment_line(tmp_path):
    nav = read_navigation(write(tmp_path, "d /a[1]/b[1] /a[1]/b[1] 0.3\n"))
    assert nav.prob("d", "/a[1]/b[1]", "/a[1]/b[1]") == 0.3
