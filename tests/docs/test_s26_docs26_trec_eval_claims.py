"""docs/classic.md said a topic with nothing judged relevant gets no row "as trec_eval leaves out
topics without relevant documents".  trec_eval does not: it scores such a topic 0 and averages
it in (trec_eval 10.0 on qrels 1: a=1, b=0 | 2: c=0, d=0 and a run answering both prints
`map 2 0.0000` and `map all 0.5000`; pytrec_eval, its library form, does the same), which is
what `--zero-rel-as-zero` reproduces and what docs/ir-users.md says."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
QRELS = {"1": {"a": 1, "b": 0}, "2": {"c": 0, "d": 0}}
RUN = {"1": {"a": 5.0}, "2": {"c": 5.0}}


def _text(name: str) -> str:
    return " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())


def test_trec_eval_averages_a_topic_with_nothing_relevant_in():
    pytrec_eval = pytest.importorskip("pytrec_eval")
    per_topic = pytrec_eval.RelevanceEvaluator(QRELS, {"map"}).evaluate(RUN)
    assert per_topic == {"1": {"map": 1.0}, "2": {"map": 0.0}}      # topic 2 kept, scored 0


def test_zero_rel_as_zero_gives_that_mean(tmp_path):
    (tmp_path / "q").write_text("".join(f"{t} 0 {d} {g}\n" for t, docs in QRELS.items()
                                        for d, g in docs.items()))
    (tmp_path / "r").write_text("".join(f"{t} Q0 {d} 1 {s} r\n" for t, docs in RUN.items()
                                        for d, s in docs.items()))
    args = ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m", "map", "--quiet"]
    assert CliRunner().invoke(cli, args).stdout == "r\tmap\tall\t1.0000\n"
    assert CliRunner().invoke(cli, args + ["--zero-rel-as-zero"]).stdout == \
        "r\tmap\tall\t0.5000\n"                                      # (1 + 0) / 2


def test_the_docs_say_what_trec_eval_does():
    classic = _text("classic.md")
    assert "as trec_eval leaves out topics without relevant documents" not in classic
    assert ("trec_eval instead scores such a topic 0 and averages it in where the run answers "
            "it (with -c, every one), which `--zero-rel-as-zero` reproduces") in classic
    assert ("trec_eval scores such a topic 0 and averages it in where the run answers it"
            in _text("ir-users.md"))


def test_xcg_page_gives_keep_where_eval_takes_it(tmp_path):
    """docs/xcg.md said "(`--keep descendant` keeps the descendants)" of the ideal recall-base:
    `eval` has no such option (only `recallbase --keep`); measures take `keep=` in the name."""
    from sdreval.data import example_path

    xcg = _text("xcg.md")
    assert "ancestor (`--keep descendant` keeps" not in xcg
    assert "`MAep(keep=descendant)`" in xcg and "`recallbase --keep descendant`" in xcg
    base = example_path("kazai-lalmas-2006")
    args = ["eval", str(base / "qrels.tsv"), str(base / "runs" / "rel_leaves.txt"), "--quant",
            "sog", "-m", "MAep(keep=descendant)", "--quiet"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    assert CliRunner().invoke(cli, args[:-2] + ["--keep", "descendant"]).exit_code == 2
