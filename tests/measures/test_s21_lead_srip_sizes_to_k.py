"""SRiP@k sums the sizes of the first k results only (Ali, Consens & Lalmas 2012, Eq. 18:
``E[Hits] / Σ_{i≤k} size(t_i)``), so a result ranked below k with no size known is no reason
to refuse it; MASRiP, which reads every rank, still needs every size."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError


def _files(tmp_path):
    (tmp_path / "q.tsv").write_text(
        "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
        "1\td1\t/article[1]\t1\t1\t100\n1\td1\t/article[1]/sec[1]\t3\t3\t40\n")
    # rank 2: an element of another document, assessed nowhere, no collection to size it
    (tmp_path / "run").write_text("1 Q0 d1 1 2 r /article[1]/sec[1]\n"
                                  "1 Q0 d9 2 1 r /article[1]\n")
    return tmp_path / "q.tsv", tmp_path / "run"


def test_srip_at_1_needs_only_the_first_size(tmp_path):
    qrels, run = _files(tmp_path)
    table = sdreval.evaluate(qrels, run, "SRiP(rel=length)@1", navigation=None)
    # rank 1 is sec[1], 40 characters, all relevant under rel=length (its whole size counts,
    # specificity 3 of 3): E[Hits] = 40 characters over size(t_1) = 40
    assert table[table.topic == "all"].value.item() == pytest.approx(40 / 40)


def test_masrip_still_needs_every_size(tmp_path):
    qrels, run = _files(tmp_path)
    with pytest.raises(UsageError, match="sizes unknown for 1 retrieved elements"):
        sdreval.evaluate(qrels, run, ["SRiP(rel=length)@1", "MASRiP(rel=length)"],
                         navigation=None)
