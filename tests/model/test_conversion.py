"""Element -> passage conversion on the INEX 2009 Wikipedia sample and small trees."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io.collection import parse_document, read_collection
from sdreval.model.conversion import element_run_to_passage_run, passage_of_element
from sdreval.model.run import Ranking, Run
from sdreval.model.tree import Collection

DATA = Path(__file__).resolve().parents[1] / "realdata"  # bundled copy, see its README
SAMPLE = DATA / "inex2009-wikipedia-sample"
needs_data = pytest.mark.skipif(not SAMPLE.is_dir(), reason="shared INEX data not available")


def _element_run(path: Path) -> Run:
    """A tiny independent reader of ``topic Q0 doc rank rsv run xpath`` lines."""
    rows: dict[str, list[tuple]] = {}
    name = None
    for line in path.read_text().splitlines():
        topic, _, doc, rank, rsv, name, xpath = line.split()
        rows.setdefault(topic, []).append((doc, xpath, -1, -1, int(rank), float(rsv)))
    return Run(name or path.stem, {t: Ranking.from_results(r) for t, r in rows.items()})


@pytest.fixture(scope="module")
def sample():
    return read_collection(SAMPLE / "docs")


@needs_data
@pytest.mark.parametrize("runfile", ["element_run_bm25_article_sec_p.txt",
                                     "element_run_bm25_bdy.txt"])
def test_sample_element_runs_convert_to_the_right_ranges(sample, runfile):
    run = _element_run(SAMPLE / "runs" / runfile)
    log = ProblemLog()
    passages = element_run_to_passage_run(run, sample, log)
    assert passages.unit == "passage" and passages.name == run.name
    in_sample = 0
    for topic, ranking in run.topics.items():
        out = passages[topic]
        keep = np.array([d in sample for d in ranking.docs])
        in_sample += int(keep.sum())
        assert len(out) == keep.sum()
        np.testing.assert_array_equal(out.ranks, ranking.ranks[keep])
        np.testing.assert_array_equal(out.rsv, ranking.rsv[keep])
        for result, path in zip(out, ranking.paths[keep]):
            tree = sample[result.doc]
            # the passage is exactly the element's text, computed independently with lxml
            from lxml import etree
            from sdreval.io.collection import map_entities
            root = etree.fromstring(map_entities((SAMPLE / "docs" / f"{result.doc}.xml")
                                                 .read_bytes()),
                                    etree.XMLParser(resolve_entities=False, no_network=True,
                                                    load_dtd=False))
            (element,) = root.xpath(path)
            text = "".join(element.itertext())
            assert tree.text[result.offset:result.offset + result.length] == text
            assert "".join(root.itertext()).find(text) >= 0
        if (~keep).any():  # documents outside the sample: reported per topic, not dropped silently
            assert any(f"topic {topic}:" in p.message and "not in the collection" in p.message
                       for p in log.errors)
    assert in_sample >= 15


@needs_data
def test_trimmed_learning_section_is_the_qrels_passage(sample):
    tree = sample["1164"]
    path = "/article[1]/bdy[1]/sec[2]/ss1[1]/ss2[4]"
    assert passage_of_element(tree, path) == (16605, 906)
    assert passage_of_element(tree, path, trim=True) == (16607, 902)
    assert passage_of_element(tree, "/article[1]/header[1]/title[1]", trim=True) == (2, 23)


def test_passage_of_element_small_tree_and_errors():
    tree = parse_document("<a> x <b>  yy </b><c>   </c></a>", "d")
    assert passage_of_element(tree, "/a[1]") == (0, 11)
    assert passage_of_element(tree, "/a[1]/b[1]") == (3, 5)
    assert passage_of_element(tree, "/a[1]/b[1]", trim=True) == (5, 2)
    assert passage_of_element(tree, "/a[1]/c[1]", trim=True) == (8, 0)
    with pytest.raises(InputError):
        passage_of_element(tree, "/a[1]/z[1]")


def test_conversion_policies_and_document_runs():
    trees = [parse_document("<article><p>one</p><p>two</p></article>", "1"),
             parse_document("<article>three</article>", "2")]
    coll = Collection.from_trees(trees)
    ranking = Ranking.from_elements([("1", "/article/p[2]"), ("9", "/article"),
                                     ("1", "/article/p[7]"), ("2", "/article")])
    log = ProblemLog()
    out = element_run_to_passage_run(Run("r", {"t": ranking}), coll, log)
    assert [(r.doc, r.offset, r.length, r.rank) for r in out["t"]] == [("1", 3, 3, 1),
                                                                       ("2", 0, 5, 4)]
    messages = [p.message for p in log.errors]
    assert len(messages) == 2
    assert any("not in the collection (9)" in m for m in messages)
    assert any("/article[1]/p[7] is not an element" in m for m in messages)
    with pytest.raises(InputError):
        element_run_to_passage_run(Run("r", {"t": ranking}), coll)
    doc_run = Run("d", {"t": Ranking.from_results([("1", "/article[1]", -1, -1, 1, 1.0)],
                                                  "document")}, "document")
    assert [(r.offset, r.length) for r in element_run_to_passage_run(doc_run, coll)["t"]] == \
        [(0, 6)]
    with pytest.raises(UsageError):
        element_run_to_passage_run(out, coll)
