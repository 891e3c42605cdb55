"""A run read from a file is ordered (``--order``) and cut (``-M``) over all its rows at once;
each topic must come out as ordering it alone does (``Ranking.ordered``, trec_eval's order
for ``rsv``: score descending, then document id descending)."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval.errors import ProblemLog
from sdreval.io.trec import read_trec_run
from sdreval.measures.serial import ordered_run, ranked
from sdreval.model.run import Run, TopicRankings


def tied_run(tmp_path, unit: str) -> Run:
    rng = np.random.default_rng(7)
    lines = []
    for topic in ("3", "1", "20"):
        for rank in rng.permutation(12) + 1:
            score = float(rng.choice([1.0, 2.5, 2.5, 4.0]))  # many ties
            path = f" /article[1]/sec[{rng.integers(1, 3)}]" if unit == "element" else ""
            lines.append(f"{topic} Q0 d{rng.integers(0, 9)}{rng.integers(0, 99)} {rank} "
                         f"{score} sys{path}\n")
    path = tmp_path / f"{unit}.run"
    path.write_text("".join(lines), encoding="ascii")
    return read_trec_run(path, unit, ProblemLog())  # ranks out of order, repeats: on purpose


@pytest.mark.parametrize("unit", ["document", "element"])
@pytest.mark.parametrize("order", ["file", "rank", "rsv"])
@pytest.mark.parametrize("depth", [None, 1, 5])
def test_whole_run_ordering_is_each_topics_ordering(tmp_path, unit, order, depth):
    run = tied_run(tmp_path, unit)
    assert isinstance(run.topics, TopicRankings)
    got = ordered_run(run, order, depth)
    assert list(got.topics) == list(run.topics)
    for topic in run.topics:
        want = ranked(run.topics[topic], order, depth)
        mine = got.topics[topic]
        for name in ("docs", "paths", "ranks", "rsv"):
            assert getattr(mine, name).tolist() == getattr(want, name).tolist(), (topic, name)
