"""Reading the ESR navigation TSV (doc from_xpath to_xpath probability)."""
import gzip
import warnings

import pytest

from sdreval.data import ali_consens_lalmas_2012 as S
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


def test_identical_duplicate_warns_and_row_sum_warns(tmp_path):
    """An identical repeated step: a warning naming the first line, the repeat ignored (the
    repeat rule of every judgement reader; it used to be ignored without a word)."""
    text = "d /a[1] /a[1]/b[1] 0.7\nd /a[1] /a[1]/b[1] 0.7\nd /a[1] /a[1]/b[2] 0.7\n"
    log = ProblemLog()
    nav = read_navigation(write(tmp_path, text), log)
    assert not log.errors and [w.line for w in log.warnings] == [2, 1]
    assert log.warnings[0].message == ("step /a[1] -> /a[1]/b[1] in d repeats line 1 "
                                       "(identical; ignored)")
    assert "sum to 1.400" in log.warnings[1].message
    assert nav.prob("d", "/a[1]", "/a[1]/b[2]") == 0.7
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read_navigation(write(tmp_path, text))
    assert any("sum to" in str(w.message) for w in caught)


def test_abandonment_line(tmp_path):
    nav = read_navigation(write(tmp_path, "d /a[1]/b[1] /a[1]/b[1] 0.3\n"))
    assert nav.prob("d", "/a[1]/b[1]", "/a[1]/b[1]") == 0.3


def routes_text(extra=""):
    lines = [extra] if extra else []
    lines += ["route " + S.DOC + " " + " ".join(S.path(n) for n in r) for r in S.ROUTES]
    return "\n".join(lines) + "\n"


def test_routes_give_the_elementary_graph_of_table2(tmp_path):
    nav = read_navigation(write(tmp_path, routes_text()))
    for (f, t), (w, p) in S.EXPECTED["table2"].items():
        assert nav.weights[S.DOC][(S.path(f), S.path(t))] == w
        assert nav.prob(S.DOC, S.path(f), S.path(t)) == pytest.approx(p, abs=0.01)
    nav = read_navigation(write(tmp_path, routes_text("#! abandonment")))
    assert nav.prob(S.DOC, S.path("e4"), S.path("e4")) == pytest.approx(0.5)


def test_routes_with_tag_partition_and_depth_model(tmp_path):
    nav = read_navigation(write(tmp_path, routes_text("#! partition=tag")))
    # by tag (article, sec, ss1, p): 2 of the 5 steps leaving sec nodes go to the article
    assert nav.prob(S.DOC, S.path("e3"), S.path("e1")) == pytest.approx(2 / 5)
    depth = read_navigation(write(tmp_path, "#! model=depth\n"))
    assert depth.prob("d", "/article[1]/sec[1]", "/article[1]") == pytest.approx(1 / (25 / 12))


def test_route_and_directive_errors(tmp_path):
    with pytest.raises(InputError) as info:
        read_navigation(write(tmp_path, "#! model=magic\nroute d /a[1] /a[1]/b[1]\n"
                                        "route d /a[1]\nroute d /a[1] /a[1]\n"
                                        "d /a[1] /a[1]/b[1] 0.5\n"))
    lines = sorted(p.line or 0 for p in info.value.problems)
    assert lines == [1, 3, 4, 5]  # the unknown model at its line (session 25)
