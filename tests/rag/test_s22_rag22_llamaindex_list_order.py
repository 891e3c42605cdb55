"""docs/rag.md's table of LlamaIndex's and RAGAS's ID-based scores in sdreval's names, on the
two cases the table did not cover.  The tools' values are written out from their code
(llama-index-core 0.14.25, ``llama_index/core/evaluation/retrieval/metrics.py``; RAGAS
``IDBasedContextPrecision`` / ``IDBasedContextRecall``): each scores the list of retrieved
ids *in list order*; precision and recall use sets of ids; hit_rate and mrr the first
expected id; ``ap`` adds ``relevant_count / i`` at every expected id in the list, repeats
included; ``ndcg`` adds 1/log2(i + 1) at every expected id in the list, repeats included, and
divides by the sum over i = 1..len(expected_ids).

1. Tied scores.  Expected [b]; the retriever returned [a, b], both scored 0.8.  LlamaIndex:
   mrr 1/2, ap (1/2)/1 = 1/2, ndcg (1/log2 3)/(1/log2 2) = 0.6309.  A TREC run written from
   the list (ranks 1, 2) gives these in sdreval's default order (a TREC run's file order);
   ``--order rsv`` (trec_eval's: ties by chunk id descending) puts b first: 1, 1, 1.
   The docs said to use ``--order rsv``.
2. A repeated id.  Expected [c1, c2, c3]; retrieved [c1, c1, x, c2].  LlamaIndex: hit_rate 1,
   mrr 1, recall 2/3 (RAGAS recall the same) -- as sdreval's Success, RR, SetR.  precision
   |{c1, x, c2} & E| / |{c1, x, c2}| = 2/3 (RAGAS the same), where sdreval's SetP counts the
   repeat as retrieved and not relevant: 2/4; ap (1/1 + 2/2 + 3/4)/3 = 11/12, where AP
   credits c1 once: (1/1 + 2/4)/3 = 1/2; ndcg (1 + 1/log2 3 + 1/log2 5) / (1 + 1/log2 3 +
   1/log2 4) = 0.9521, where nDCG is (1 + 1/log2 5) / (1 + 1/log2 3 + 1/2) = 0.6713; granular
   hit_rate 3/3, where Recall@4 is 2/3.  The docs' table now says it holds when no id is
   repeated, and what differs when one is."""
from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


def _eval(tmp_path, qrels, run, names, *options):
    (tmp_path / "q.qrels").write_text(qrels)
    (tmp_path / "r.run").write_text(run)
    args = ["eval", str(tmp_path / "q.qrels"), str(tmp_path / "r.run"), *options]
    for name in names:
        args += ["-m", name]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return {line.split("\t")[1]: float(line.split("\t")[3]) for line in result.stdout.splitlines()}


def test_tied_scores_list_order_is_the_default(tmp_path):
    qrels = "q 0 b 1\n"
    run = "q Q0 a 1 0.8 r\nq Q0 b 2 0.8 r\n"
    llamaindex = {"RR": 1 / 2, "AP": 1 / 2, "nDCG": (1 / math.log2(3)) / (1 / math.log2(2))}
    assert _eval(tmp_path, qrels, run, llamaindex) == pytest.approx(llamaindex, abs=5e-5)
    assert _eval(tmp_path, qrels, run, llamaindex, "--order", "rsv") == pytest.approx(
        {"RR": 1.0, "AP": 1.0, "nDCG": 1.0}, abs=5e-5)


def test_repeated_id_what_agrees_and_what_differs(tmp_path):
    qrels = "q 0 c1 1\nq 0 c2 1\nq 0 c3 1\n"
    run = "q Q0 c1 1 4 r\nq Q0 c1 2 3 r\nq Q0 x 3 2 r\nq Q0 c2 4 1 r\n"
    ideal3 = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    agree = {"Success@4": 1.0, "RR": 1.0, "SetR": 2 / 3}  # hit_rate, mrr, recall
    sdreval_only = {"SetP": 2 / 4, "AP": (1 / 1 + 2 / 4) / 3,
                    "nDCG": (1 + 1 / math.log2(5)) / ideal3, "Recall@4": 2 / 3}
    llamaindex = {"SetP": 2 / 3, "AP": (1 / 1 + 2 / 2 + 3 / 4) / 3,
                  "nDCG": (1 + 1 / math.log2(3) + 1 / math.log2(5)) / ideal3, "Recall@4": 3 / 3}
    got = _eval(tmp_path, qrels, run, [*agree, *sdreval_only])
    assert got == pytest.approx({**agree, **sdreval_only}, abs=5e-5)
    assert all(abs(got[name] - llamaindex[name]) > 0.01 for name in llamaindex)
