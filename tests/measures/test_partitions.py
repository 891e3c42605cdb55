"""Topic partitions: exact sums whatever the cut, warnings of partitions merged into the serial
ones, and the serial table from any number of partitions."""
import math
from fractions import Fraction

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.measures import EvalContext, evaluate, summarise
from sdreval.measures.exact import exact_sum
from sdreval.measures.partitions import merge_warnings, split_runs
from sdreval.measures.serial import topics_to_evaluate
from sdreval.model.run import Ranking, Run

finite = st.floats(min_value=-1e300, max_value=1e300, width=64)  # sums stay finite


@settings(max_examples=60, deadline=None)
@given(st.lists(finite, min_size=1, max_size=40), st.integers(0, 40))
def test_exact_sums_of_any_cut_add_up_to_the_true_sum(values, cut):
    values = np.array(values)
    whole = exact_sum(values)
    parts = exact_sum(values[:cut]) + exact_sum(values[cut:])
    assert parts == whole or (parts.fraction() == whole.fraction()
                              and parts.count == whole.count)
    assert whole.total() == math.fsum(values)  # the correctly rounded sum
    true_mean = sum(map(Fraction, values.tolist())) / len(values)
    assert whole.mean() == float(true_mean)


def test_a_mean_does_not_depend_on_the_order_of_topics():
    # 0.1 + 0.2 + 0.3 is 0.6000000000000001 left to right, 0.6 the other way round
    table = pd.DataFrame({"run": "r", "topic": ["1", "2", "3"], "measure": "AP",
                          "value": [0.1, 0.2, 0.3]})
    backwards = table.iloc[::-1].reset_index(drop=True)
    assert summarise(table)["value"][0] == summarise(backwards)["value"][0] == 0.2
    with_nan = table.assign(value=[0.5, np.nan, 0.25])
    assert summarise(with_nan, counts=True)[["value", "topics"]].values.tolist() == [[0.375, 2]]


def test_run_wide_counts_of_partitions_are_added_up():
    runs = [Run("sim01")]
    results = [(0, None, ["run sim01: 3 result(s) of documents not assessed for their topic",
                          "ESR: topic 7: 2 relevant documents are not in the model"]),
               (0, None, ["run sim01: 4 result(s) of documents not assessed for their topic",
                          "run sim01: none of its 5 results is a document judged"]),
               (0, None, ["run sim01: none of its 9 results is a document judged"])]
    assert merge_warnings(results, runs) == [
        "run sim01: 7 result(s) of documents not assessed for their topic",
        "ESR: topic 7: 2 relevant documents are not in the model"]
    every = [(0, None, ["run sim01: none of its 5 results is a document judged"]),
             (0, None, ["run sim01: none of its 9 results is a document judged"])]
    assert merge_warnings(every, runs) == ["run sim01: none of its 14 results is a document "
                                           "judged"]


def test_any_number_of_partitions_gives_the_serial_table():
    from sdreval.io.interop import qrels_from_dict

    rng = np.random.default_rng(3)
    qrels = qrels_from_dict({str(t): {f"d{d}": int(rng.integers(0, 3)) for d in range(8)}
                             for t in range(1, 12)})
    rankings = {str(t): Ranking.from_results(
        [(f"d{d}", "/article[1]", None, None, r + 1, 10.0 - r)
         for r, d in enumerate(rng.permutation(10))], "document") for t in range(2, 14)}
    run = Run("r", rankings, "document")
    serial = evaluate(qrels, [run], ["AP", "nDCG@5", "P@3"], EvalContext())
    topics = [topics_to_evaluate(qrels, run, False, EvalContext())]
    for parts in (1, 2, 5, 40):
        pieces = split_runs([run], topics, parts)
        assert [t for p in pieces for t in p.topics] == topics[0]
        assert all(set(p.run.topics) <= set(p.topics) for p in pieces)
    pd.testing.assert_frame_equal(serial, evaluate(qrels, [run], ["AP", "nDCG@5", "P@3"],
                                                   EvalContext(), jobs=3))


def test_a_partition_of_a_run_read_from_a_file_has_columns_of_its_own(tmp_path):
    """A partition of a run held in shared columns is gathered into columns (cheap to send
    to a process), topic by topic the same rankings as the whole run's."""
    import pickle

    from sdreval.io import read_run
    from sdreval.measures.partitions import subset
    from sdreval.model.run import TopicRankings

    lines = [f"{t} Q0 d{d} {r + 1} {9 - r} sys" for t in (3, 1, 2)
             for r, d in enumerate((5, 1, 4)[:t])]
    path = tmp_path / "run.txt"
    path.write_text("\n".join(lines) + "\n")
    run = read_run(path)
    part = subset(run, ["2", "3"])
    assert isinstance(part.topics, TopicRankings) and part.topics.columns() is not None
    assert list(part.topics) == ["2", "3"]
    for topic in ("2", "3"):
        mine, whole = part.topics[topic], run.topics[topic]
        assert mine.docs.tolist() == whole.docs.tolist() == ["d5", "d1", "d4"][:int(topic)]
        assert mine.ranks.tolist() == whole.ranks.tolist()
        assert mine.rsv.tolist() == whole.rsv.tolist()
    assert len(pickle.dumps(part)) < len(pickle.dumps(run))
    assert subset(run, list(run.topics)) is run  # every topic in stored order: no copy


def test_gather_orders_the_pieces_by_topic_and_refuses_a_topic_in_two_pieces():
    """Pieces read separately (streamed parts, byte ranges) are put in topic order; a topic no
    piece answered is scored as an empty ranking with ``all_topics``; a topic answered by two
    pieces is refused, named with both."""
    import pytest

    from sdreval.io.interop import qrels_from_dict
    from sdreval.measures.partitions import Piece, SplitTopic, gather

    qrels = qrels_from_dict({t: {f"d{t}": 1} for t in ("1", "2", "3", "4")})
    pieces = [Piece(["3"], ["3"], np.array([[0.3]]), [], "document"),
              Piece(["1", "2"], ["1", "2"], np.array([[0.1, 0.2]]), [], "document")]
    _, topics, matrix, missing = gather(pieces, qrels, "r", ["AP"], EvalContext(), False)
    assert (topics, matrix.tolist(), missing) == (["1", "2", "3"], [[0.1, 0.2, 0.3]], [])
    _, topics, matrix, missing = gather(pieces, qrels, "r", ["AP"], EvalContext(), True)
    assert (topics, matrix.tolist(), missing) == (["1", "2", "3", "4"],
                                                   [[0.1, 0.2, 0.3, 0.0]], ["4"])
    pieces.append(Piece(["4", "2"], ["4", "2"], np.array([[0.4, 0.5]]), [], "document"))
    with pytest.raises(SplitTopic, match="topic 2 has rows in partitions 1 and 2"):
        gather(pieces, qrels, "r", ["AP"], EvalContext(), False)


def test_jobs_with_c_and_partitions_of_unanswered_topics_only(tmp_path):
    # -c with --jobs 2: four partitions, three of them holding qrels topics the run did not
    # answer (no rows of the run at all) crashed with an IndexError.  trec_eval -c: topic 1
    # AP = (1/2) / 1 = 0.5 (d1 relevant at rank 2), topics 2-4 score 0: map = 0.5 / 4
    import sdreval

    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 d1 1\n1 0 d2 0\n2 0 d1 1\n3 0 d3 1\n4 0 d4 1\n")
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 d2 1 2.0 r\n1 Q0 d1 2 1.0 r\n")
    for jobs in (1, 2):
        table = sdreval.evaluate(qrels, run, ["map", "num_ret"], per_topic=True,
                                 all_topics=True, jobs=jobs)
        values = {(t, m): v for t, m, v in table[["topic", "measure", "value"]].values}
        assert values[("all", "map")] == 0.125
        assert values[("all", "num_ret")] == 2
        assert [values[(t, "map")] for t in "1234"] == [0.5, 0, 0, 0]


def test_only_counts_of_a_whole_run_are_added_up_over_partitions():
    # the numbers of a citation, a section, a formula or a quantisation's name are no counts:
    # --jobs 2 printed "(Ali, Consens & Lalmas 4024, §8.4)" and "(Smith & Troynikov, 8096)"
    runs = [Run("sim01")]
    esr = ("ESR: no navigation model given (--navigation); using the depth-weighted summary "
           "model (Ali, Consens & Lalmas 2012, §4.2)")
    chroma = ("--compat chroma: SpanP, SpanR and SpanIoU divide as Chroma's chunking "
              "evaluation (Smith & Troynikov, 2024): precision by ...")
    sizes = ("run sim01: {} partially seen result(s) without known element sizes scored as "
             "fully seen, (1-alpha)*q (docs/xcg.md)")
    passages = "run sim01: {} of its {} results could not be turned into passages"
    parts = [(0, None, [esr, chroma, sizes.format(2), passages.format("1,900", "1,950")]),
             (0, None, [esr, chroma, sizes.format(3), passages.format("1,200", "1,500")]),
             (0, None, [esr, chroma, sizes.format(4), passages.format("5", "10")])]
    # 1,900 + 1,200 + 5 = 3,105 (added as numbers, not digit groups: 1+1, 900+200 = "2,1100")
    assert merge_warnings(parts, runs) == [esr, chroma, sizes.format(9),
                                           passages.format("3,105", "3,460")]


def test_a_warning_of_the_whole_evaluation_is_given_as_written_with_jobs():
    from sdreval.io.interop import qrels_from_dict

    qrels = qrels_from_dict({str(t): {"d1": 1, "d2": 0} for t in range(1, 5)})
    rankings = {str(t): Ranking.from_results([("d2", "/article[1]", None, None, 1, 2.0),
                                              ("d1", "/article[1]", None, None, 2, 1.0)],
                                             "document") for t in range(1, 5)}
    run = Run("r", rankings, "document")
    serial, parallel = EvalContext(), EvalContext()
    table = evaluate(qrels, [run], ["SRP@2", "AP"], serial)
    assert table.equals(evaluate(qrels, [run], ["SRP@2", "AP"], parallel, jobs=2))
    assert any("Lalmas 2012, §4.2" in w for w in serial.warnings)
    assert parallel.warnings == serial.warnings


def test_a_count_added_up_over_partitions_is_written_as_serial_writes_it():
    # serial writes every count of a counting warning thousands-separated ("1,200 result(s)");
    # partitions of 600 each were added up to "1200" (no separator in either part)
    runs = [Run("r")]
    shape = "run r: {} result(s) of documents not assessed for their topic scored 0 (counted as ranks)"
    parts = [(0, None, [shape.format(600)]), (0, None, [shape.format(600)])]
    assert merge_warnings(parts, runs) == [shape.format("1,200")]
