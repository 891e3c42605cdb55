"""With --jobs, the passage tasks' warnings that count topics and then passages or articles
are given once, with both counts added up, as a serial evaluation gives them.

A warning's counts were read only before its first ``(``, and ``topic(s)`` holds one: the
second count (``with 167 overlapping passage pair(s)``) stayed in the warning's shape, so
each partition's warning was printed on its own (``2 topic(s) with 167 ...``, ``2 topic(s)
with 163 ...``, ...) instead of the serial ``6 topic(s) with 494 ...``.
"""
from __future__ import annotations

from sdreval.measures.partitions import merge_warnings
from sdreval.model.run import Run

OVERLAP = ("run sim01: {} topic(s) with {} overlapping passage pair(s) (Focused task forbids "
           "overlap); each character counted once (--strict rejects)")
ARTICLES = ("run sim01: {} topic(s) with {} article(s) returned more than once (Best in "
            "Context); the first result counts (--strict rejects)")


def test_topic_and_passage_counts_of_partitions_are_added_up():
    parts = [(0, None, [OVERLAP.format(2, 167), ARTICLES.format(2, 12)]),
             (0, None, [OVERLAP.format(2, 163), ARTICLES.format(2, 14)]),
             (0, None, [OVERLAP.format(1, 106)]),
             (0, None, [OVERLAP.format(1, 58), ARTICLES.format(1, 5)])]
    # 2 + 2 + 1 + 1 = 6 topics, 167 + 163 + 106 + 58 = 494 pairs; 5 topics, 31 articles
    assert merge_warnings(parts, [Run("sim01")]) == [OVERLAP.format(6, 494),
                                                     ARTICLES.format(5, 31)]


def test_a_parenthesis_that_is_no_plural_still_ends_the_counts():
    sizes = ("run sim01: {} partially seen result(s) without known element sizes scored as "
             "fully seen, (1-alpha)*q (docs/xcg.md)")
    parts = [(0, None, [sizes.format(2)]), (0, None, [sizes.format(3)])]
    assert merge_warnings(parts, [Run("sim01")]) == [sizes.format(5)]  # "1" of 1-alpha kept
