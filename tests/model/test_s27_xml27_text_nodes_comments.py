"""X-RAI points count text nodes as the XPath data model does (XPath 1.0, §5.7): a comment or a
processing instruction between two runs of text makes two text nodes.  Before, comments were
skipped and the runs on both sides counted as one node, so ``text()[2]`` named a later run."""
from __future__ import annotations

import pytest

from sdreval.io.collection import parse_document
from sdreval.model.xpointer import PointError, resolve_point, text_nodes

DOC = "<article><p>ab<!--c-->de<?pi x?>fg<b>h</b>ij<!--1--><!--2-->kl</p></article>"


def test_comments_and_processing_instructions_separate_text_nodes():
    tree = parse_document(DOC)
    assert tree.text == "abdefghijkl"  # comments and PIs count no characters
    # by hand: "ab" [0, 2), "de" [2, 4), "fg" [4, 6), <b> "h" [6, 7), "ij" [7, 9), "kl" [9, 11)
    assert text_nodes(tree, "/article[1]/p[1]") == [(0, 2), (2, 4), (4, 6), (7, 9), (9, 11)]
    assert [resolve_point(tree, f"/article[1]/p[1]/text()[{k}].1", False)
            for k in range(1, 6)] == [1, 3, 5, 8, 10]
    with pytest.raises(PointError):
        resolve_point(tree, "/article[1]/p[1]/text()[6].0", False)


def test_a_comment_at_an_edge_splits_nothing():
    tree = parse_document("<a><p><!--x-->ab<b><!--y-->c</b>de<!--z--></p></a>")
    assert text_nodes(tree, "/a[1]/p[1]") == [(0, 2), (3, 5)]
    assert text_nodes(tree, "/a[1]/p[1]/b[1]") == [(2, 3)]
