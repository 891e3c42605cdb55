"""Graded span qrels converted to TREC qrels keep each document's highest grade (eval of the
TREC qrels then gives SpanDocNDCG's numbers); to FOL qrels, which have no grades, a warning
says the grades are lost."""
from __future__ import annotations

import math

from click.testing import CliRunner

from sdreval.cli.main import cli

X, Y = "x" * 100, "y" * 100
DOCS = f'{{"doc_id": "a", "text": "{X}"}}\n{{"doc_id": "b", "text": "{Y}"}}\n'
GOLD = ('{"query_id": "t", "doc_id": "a", "start": 0, "end": 10, "relevance": 1}\n'
        '{"query_id": "t", "doc_id": "b", "start": 0, "end": 10, "relevance": 3}\n'
        '{"query_id": "t", "doc_id": "b", "start": 20, "end": 30, "relevance": 2}\n')


def _files(tmp_path):
    (tmp_path / "docs.jsonl").write_text(DOCS)
    (tmp_path / "gold.jsonl").write_text(GOLD)
    (tmp_path / "run.txt").write_text("t Q0 a 1 2.0 r\nt Q0 b 2 1.0 r\n")
    return str(tmp_path / "gold.jsonl")


def test_trec_qrels_keep_the_highest_grade(tmp_path):
    gold = _files(tmp_path)
    out = tmp_path / "q.trec"
    converted = CliRunner().invoke(cli, ["convert", gold, str(out), "--to", "trec-qrels"])
    assert converted.exit_code == 0, converted.output
    assert out.read_text() == "t 0 a 1\nt 0 b 3\n"  # b: max(3, 2)
    evaluated = CliRunner().invoke(cli, ["eval", str(out), str(tmp_path / "run.txt"),
                                         "-m", "ndcg_cut_2"])
    # run a (gain 1), b (gain 3); ideal b, a: trec_eval's log2(r + 1) discount
    ideal = 3 + 1 / math.log2(3)
    expected = (1 + 3 / math.log2(3)) / ideal
    assert evaluated.stdout.split()[-1] == f"{expected:.4f}"  # 0.7967


def test_fol_qrels_say_the_grades_are_lost(tmp_path):
    gold = _files(tmp_path)
    converted = CliRunner().invoke(cli, ["convert", gold, str(tmp_path / "q.fol"),
                                         "--documents", str(tmp_path / "docs.jsonl")])
    assert converted.exit_code == 0
    assert "the span judgements are graded (grade(s) 2, 3): FOL qrels have no grades" \
        in converted.stderr
