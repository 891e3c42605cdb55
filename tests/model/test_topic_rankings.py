"""Runs read from files keep compact shared columns (issue 15: reading in at most 1.5x the
file): document names as Arrow strings, read when a ranking's ``docs`` is first used;
paths as codes; offsets and lengths of element runs not stored; integers in 32 bits.  A
topic's ranking still looks exactly like a plain :class:`Ranking`."""
from __future__ import annotations

import dataclasses
import pickle

import numpy as np
import pytest

from sdreval.io.trec import read_trec_run
from reference.trec_run import read_trec_run_reference
from sdreval.model.run import Ranking, TopicRanking


@pytest.fixture
def element_run(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("".join(f"{t} Q0 doc{(t * 7 + r) % 11} {r} {20 - r}.5 sys "
                            f"/article[1]/sec[{r % 3 + 1}]\n"
                            for t in (5, 3) for r in range(1, 9)), encoding="ascii")
    return read_trec_run(path, "element"), read_trec_run_reference(path, "element")


def test_topics_equal_the_reference_reader_and_have_plain_dtypes(element_run):
    fast, careful = element_run
    for topic in careful.topics:
        a, b = fast[topic], careful[topic]
        for name in ("docs", "paths", "offsets", "lengths", "ranks", "rsv"):
            x, y = getattr(a, name), getattr(b, name)
            assert x.dtype == y.dtype and x.tolist() == y.tolist(), name
        assert a.ranks.dtype == np.int64 and a.offsets.dtype == np.int64


def test_names_are_read_only_when_used(element_run):
    ranking = element_run[0]["5"]
    assert isinstance(ranking, TopicRanking)
    assert len(ranking) == 8 and ranking._docs is None  # counting does not read the names
    assert ranking.docs.tolist()[:2] == ["doc3", "doc4"] and ranking._docs is not None


def test_rankings_of_one_topic_share_an_origin(element_run):
    run = element_run[0]
    assert run["5"].origin == run["5"].origin
    assert run["5"].origin != run["3"].origin
    assert run["5"].docs is not run["5"].docs  # made apart: caches match on the origin


def test_filled_columns_are_read_only(element_run):
    offsets = element_run[0]["5"].offsets
    assert (offsets == -1).all()
    with pytest.raises(ValueError):
        offsets[0] = 3


def test_pickle_copy_and_replace_give_the_same_rows(element_run):
    ranking = element_run[0]["3"]
    plain = pickle.loads(pickle.dumps(ranking))
    assert type(plain) is Ranking and plain.docs.tolist() == ranking.docs.tolist()
    changed = dataclasses.replace(ranking, rsv=ranking.rsv * 2)
    assert changed.docs.tolist() == ranking.docs.tolist()
    assert changed.rsv.tolist() == (ranking.rsv * 2).tolist()
    run = pickle.loads(pickle.dumps(element_run[0]))
    assert run["3"].docs.tolist() == ranking.docs.tolist()
