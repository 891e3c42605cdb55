"""Simulated assessments size elements in the characters of the documents simulated with them.

The sizes were the simulator's own word counts, a unit its written documents do not have
(their words are ``alpha``, ``beta``..., cut to fit the character ranges), so measures that
take sizes from the assessments and from the collection (ESR's SRiP, Ali, Consens & Lalmas
2012, Eq. 18) summed two units.  The bundled synthetic example is written from the simulator.
"""
from __future__ import annotations

from sdreval.data import example_path
from sdreval.io import read_collection, read_qrels
from sdreval.simulate import simulate


def test_simulated_sizes_are_the_characters_of_the_collection():
    collection, qrels, _ = simulate(n_docs=6, elements_per_doc=60, n_topics=3, n_runs=1,
                                    run_length=10, seed=3)
    checked = 0
    for topic in qrels.topics:
        for (doc, path), a in qrels[topic].elements.items():
            assert a.size == collection[doc].chars(path), (doc, path)
            checked += 1
    assert checked > 10


def test_bundled_synthetic_sizes_are_its_documents_characters():
    root = example_path() / "synthetic"
    qrels = read_qrels(root / "qrels.tsv")
    collection = read_collection(root / "docs")
    for topic in qrels.topics:
        for (doc, path), a in qrels[topic].elements.items():
            tree = collection[doc]
            assert a.size == tree.chars(path), (doc, path, a.size, tree.chars(path))
