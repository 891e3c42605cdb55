"""Data model (session 24 coverage hunt): navigation models built from routes and depths, run
names that meet after renaming, repeats among passages whose keys span more than 62 bits,
shared-column rankings edited, XPaths that are no text, points outside their document."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sdreval.errors import ProblemLog, UsageError
from sdreval.io.collection import parse_document
from sdreval.io.readers import read_run
from sdreval.io.textlines import CHAR_LIMIT
from sdreval.model.navigation import (depth_weighted_summary, elementary_from_routes,
                                      summary_from_routes, tag_partition)
from sdreval.model.ordering import sort_topics
from sdreval.model.passage import Passage
from sdreval.model.ranking import Ranking
from sdreval.model.runnames import distinct_run_names
from sdreval.model.topic_rankings import TopicRankings
from sdreval.model.xpath import XPathError, canonical_xpath
from sdreval.model.xpointer import PointError, resolve_point


def test_routes_and_depths_that_make_no_model():
    # an empty route adds no step; a route stepping to itself is refused
    model = elementary_from_routes([("d", []), ("d", ["/a[1]", "/a[1]/b[1]"])])
    assert model.prob("d", "/a[1]", "/a[1]/b[1]") == 1.0
    with pytest.raises(UsageError, match="a step from /a\\[1\\] to itself is not a step"):
        summary_from_routes([("d", ["/a[1]", "/a[1]"])], tag_partition())
    with pytest.raises(UsageError, match="a depth for partition 'other' is needed"):
        depth_weighted_summary(group_depth={"sec": 1})
    with pytest.raises(UsageError, match=r"no depth for \['sec'\]"):
        depth_weighted_summary(groups={"sec": "sec"}, group_depth={"other": 1})


def test_a_renamed_run_does_not_take_another_runs_own_name():
    new, warnings = distinct_run_names(["r", "r", "r (#2)"], [None, None, None])
    assert new == ["r (#1)", "r (#2) #2", "r (#2)"]
    assert len(set(new)) == 3 and len(warnings) == 1


def test_repeats_among_passages_whose_keys_span_more_than_62_bits():
    last = CHAR_LIMIT - 3  # offsets 0 .. 2**32 - 3, lengths 1 .. 2**32 - 2, two documents
    frame = pd.DataFrame({"query_id": ["1"] * 4, "doc_id": ["d", "e", "d", "e"],
                          "offset": [0, last, 0, last], "length": [last + 1, 1, last + 1, 1],
                          "score": [4.0, 3.0, 2.0, 1.0]})
    log = ProblemLog()
    read_run(frame, log=log)
    assert [p.message for p in log.problems] == [
        f"row 2: topic 1: result d 0:{last + 1} repeats row 0 (kept; measures decide how a "
        "repeat counts)",
        f"row 3: topic 1: result e {last}:1 repeats row 1 (kept; measures decide how a repeat "
        "counts)"]


def test_shared_column_rankings_edited():
    docs = np.array(["a", "b", "c"], dtype=object)
    paths = np.array(["/x[1]"] * 3, dtype=object)
    none = np.full(3, -1)
    rankings = TopicRankings(["1", "2"], np.array([0, 2, 3]), docs, paths, none, none,
                             np.array([1, 2, 1]), np.array([2.0, 1.0, 5.0]))
    assert repr(rankings) == "TopicRankings(2 topics, 3 results)"
    rankings["3"] = Ranking.from_elements([("z", "/x[1]")])
    with pytest.raises(ValueError, match="take needs every topic in the shared columns"):
        rankings.take(np.array([0]), np.array([0, 1, 1]))
    del rankings["3"], rankings["1"]
    assert list(rankings) == ["2"] and list(rankings["2"].docs) == ["c"]
    import pyarrow as pa  # a column held by Arrow (strings): read as Python strings

    arrow_paths = TopicRankings(["1"], np.array([0, 3]), docs, pa.array(["/x[1]", "/y[1]",
                                                                         "/z[1]"]),
                                none, none, np.array([1, 2, 3]), np.array([3.0, 2.0, 1.0]))
    assert list(arrow_paths["1"].paths) == ["/x[1]", "/y[1]", "/z[1]"]
    with pytest.raises(ValueError, match="2 topics need 3 bounds, got 2"):
        TopicRankings(["1", "2"], np.array([0, 3]), docs, paths, none, none,
                      np.array([1, 2, 1]), np.array([2.0, 1.0, 5.0]))


def test_small_model_pieces():
    assert Passage("d", 10, 5).end == 15
    assert sort_topics([10, 2, "b"]) == [2, 10, "b"]
    with pytest.raises(XPathError, match="malformed XPath 5: not a string"):
        canonical_xpath(5)
    with pytest.raises(ValueError, match="unknown order 'x'"):
        Ranking.from_elements([("d", "/a[1]"), ("e", "/a[1]")]).ordered("x")


def test_points_outside_their_document():
    tree = parse_document(b"<article><p>abc</p></article>", "d")
    with pytest.raises(PointError, match="element /article\\[1\\]/p\\[2\\] of point "
                                         "'/article\\[1\\]/p\\[2\\]' is not in document d"):
        resolve_point(tree, "/article[1]/p[2]", False)
    with pytest.raises(PointError, match="/article\\[1\\]/p\\[1\\] has 1 text node\\(s\\) in "
                                         "document d, not 2"):
        resolve_point(tree, "/article[1]/p[1]/text()[2].1", False)
