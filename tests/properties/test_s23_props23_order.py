"""Row order (hypothesis): with strictly decreasing distinct scores, ``order="file"``,
``"rank"`` and ``"rsv"`` give identical values; shuffling the rows of a table of scores
without ranks changes nothing (its order is the score's, ties broken by id)."""
from __future__ import annotations

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from props23_common import assert_same, examples, qrels_and_run, records, scores


@examples(8)
@given(qrels_and_run())
def test_file_rank_and_rsv_orders_agree_on_distinct_decreasing_scores(pair):
    judged, run = pair
    want = scores(judged, run, order="file")
    assert_same(scores(judged, run, order="rsv"), want, 0)
    assert_same(scores(judged, run, order="rank"), want, 0)


@examples(8)
@given(qrels_and_run(ties=True), st.randoms(use_true_random=False))
def test_shuffling_the_rows_of_a_table_without_ranks_changes_nothing(pair, rnd):
    judged, run = pair
    rows = [{k: v for k, v in r.items() if k != "rank"} for r in records(run)]
    want = scores(judged, pd.DataFrame(rows))
    rnd.shuffle(rows)
    assert_same(scores(judged, pd.DataFrame(rows)), want, 0)
    assert_same(scores(judged, pd.DataFrame(rows), order="rsv"), want, 0)


@examples(10)
@given(qrels_and_run(ties=True), st.randoms(use_true_random=False))
def test_shuffling_the_rows_of_a_table_with_ranks_changes_nothing_under_order_rank(pair, rnd):
    judged, run = pair
    rows = records(run)
    want = scores(judged, pd.DataFrame(rows), order="rank")
    rnd.shuffle(rows)
    assert_same(scores(judged, pd.DataFrame(rows), order="rank"), want, 0)
