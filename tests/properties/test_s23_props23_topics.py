"""Topic independence (hypothesis): a topic's values do not depend on the other topics; the
mean is the mean of the per-topic values (GMAP: their geometric mean with trec_eval's floor
1e-5; counts: their sum); ``all_topics=True`` adds exactly the unanswered qrels topics, as 0."""
from __future__ import annotations

import math

from hypothesis import given

from props23_common import COUNTS, MEASURES, assert_same, examples, qrels_and_run, same, scores


@examples(10)
@given(qrels_and_run(relevant=False, longest=12))
def test_each_topic_alone_scores_as_among_the_others(pair):
    judged, run = pair
    together = scores(judged, run)
    for topic in run:
        if topic not in judged:
            continue
        alone = scores({topic: judged[topic]}, {topic: run[topic]})
        want = {k: v for k, v in together.items() if k[0] == topic}
        assert_same({k: v for k, v in alone.items() if k[0] == topic}, want, 0)


def relevant_topics(judged: dict) -> set:
    """The qrels topics with something relevant (the others get no rows, as in trec_eval)."""
    return {t for t, docs in judged.items() if any(g > 0 for g in docs.values())}


def mean_of(name: str, values: list[float]) -> float:
    if name in COUNTS:
        return float(sum(values))
    if name == "gm_map":
        return math.exp(sum(math.log(max(v, 1e-5)) for v in values) / len(values))
    return sum(values) / len(values)


def check_means(got: dict, topics: set) -> None:
    for name in MEASURES:
        values = [got[(t, name)] for t in topics if (t, name) in got]
        values = [v for v in values if not math.isnan(v)]
        if not values:
            continue
        assert same(got[("all", name)], mean_of(name, values), 1e-9), name


@examples(10)
@given(qrels_and_run(relevant=False))
def test_the_mean_is_the_mean_of_the_per_topic_values(pair):
    judged, run = pair
    got = scores(judged, run)
    topics = {t for t, _ in got if t != "all"}
    assert topics == set(run) & relevant_topics(judged)
    check_means(got, topics)


@examples(10)
@given(qrels_and_run(relevant=False))
def test_all_topics_adds_exactly_the_unanswered_qrels_topics_as_zero(pair):
    judged, run = pair
    answered = scores(judged, run)
    everything = scores(judged, run, all_topics=True)
    topics = {t for t, _ in everything if t != "all"}
    assert topics == relevant_topics(judged)
    assert_same({k: v for k, v in everything.items() if k[0] in run},
                {k: v for k, v in answered.items() if k[0] != "all"}, 0)
    for topic in relevant_topics(judged) - set(run):
        for name in MEASURES:
            value = everything[(topic, name)]
            if name == "num_rel":
                assert value == sum(g > 0 for g in judged[topic].values())
            elif name == "AP(rel=2)" and max(judged[topic].values()) < 2:
                assert math.isnan(value), (topic, name, value)
            else:
                assert value == 0, (topic, name, value)
    check_means(everything, topics)
