"""Synthetic INEX-like article trees: realistic depth and sizes, deterministic.

An article is ``article[1]`` with a front matter (``fm[1]`` holding ``atl[1]``), a body
(``bdy[1]`` holding sections ``sec``, each with a title ``st[1]``, paragraphs ``p`` and
sub-sections ``ss1`` that hold paragraphs ``p`` and ``ip1``) and a back matter (``bm[1]``
holding ``bib[1]`` with references ``bb``).  Only leaves carry text; an inner element's
character range is the union of its children's.  Leaf sizes are log-normal in words with
``chars_per_word`` characters per word (word + space).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..model.tree import Collection, DocumentTree


@dataclass(frozen=True)
class CollectionSpec:
    """Parameters of a synthetic collection."""

    n_docs: int = 100
    elements_per_doc: int = 1500
    mean_leaf_words: float = 40.0
    chars_per_word: int = 6
    seed: int = 0


class _Builder:
    """Accumulates one document's elements in document order."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.parent: list[int] = []
        self.words: list[int] = []
        self.is_leaf: list[bool] = []

    def add(self, parent: int, path: str, words: int = 0, leaf: bool = False) -> int:
        self.paths.append(path)
        self.parent.append(parent)
        self.words.append(words)
        self.is_leaf.append(leaf)
        return len(self.paths) - 1


def _leaf_words(rng: np.random.Generator, mean: float) -> int:
    return max(1, int(rng.lognormal(np.log(mean) - 0.5, 1.0)))


def make_document(doc_id: str, rng: np.random.Generator, spec: CollectionSpec) -> DocumentTree:
    """One synthetic article with about ``spec.elements_per_doc`` elements."""
    b = _Builder()
    root = b.add(-1, "/article[1]")
    fm = b.add(root, "/article[1]/fm[1]")
    b.add(fm, "/article[1]/fm[1]/atl[1]", _leaf_words(rng, 8), True)
    bdy = b.add(root, "/article[1]/bdy[1]")
    budget = max(8, spec.elements_per_doc - 8)
    refs = max(1, budget // 20)
    sec_budget = budget - refs
    n_sec = max(1, int(round(sec_budget / 30)))
    for s in range(1, n_sec + 1):
        sp = f"/article[1]/bdy[1]/sec[{s}]"
        sec = b.add(bdy, sp)
        b.add(sec, sp + "/st[1]", _leaf_words(rng, 6), True)
        n_p = int(rng.integers(2, 9))
        n_ss = int(rng.integers(1, 5))
        for p in range(1, n_p + 1):
            b.add(sec, f"{sp}/p[{p}]", _leaf_words(rng, spec.mean_leaf_words), True)
        for ss in range(1, n_ss + 1):
            ssp = f"{sp}/ss1[{ss}]"
            node = b.add(sec, ssp)
            b.add(node, ssp + "/st[1]", _leaf_words(rng, 6), True)
            n_sp = int(rng.integers(2, 10))
            n_ip = int(rng.integers(0, 3))
            for p in range(1, n_sp + 1):
                b.add(node, f"{ssp}/p[{p}]", _leaf_words(rng, spec.mean_leaf_words), True)
            for p in range(1, n_ip + 1):
                b.add(node, f"{ssp}/ip1[{p}]", _leaf_words(rng, spec.mean_leaf_words), True)
    bm = b.add(root, "/article[1]/bm[1]")
    bib = b.add(bm, "/article[1]/bm[1]/bib[1]")
    for r in range(1, refs + 1):
        b.add(bib, f"/article[1]/bm[1]/bib[1]/bb[{r}]", _leaf_words(rng, 15), True)
    return _finish(doc_id, b, spec.chars_per_word)


def _finish(doc_id: str, b: _Builder, chars_per_word: int) -> DocumentTree:
    """Compute character ranges and word counts bottom-up (pre-order => parents first)."""
    n = len(b.paths)
    parent = np.array(b.parent, dtype=np.int64)
    leaf_chars = np.array(b.words, dtype=np.int64) * chars_per_word
    start = np.zeros(n, dtype=np.int64)
    end = np.zeros(n, dtype=np.int64)
    position = 0
    leaf = np.array(b.is_leaf)
    # Pre-order: a leaf's range follows the previous leaf's; inner elements span their leaves.
    for i in range(n):
        start[i] = position
        if leaf[i]:
            position += int(leaf_chars[i])
        end[i] = position
    # Propagate ends upward: an inner element ends where its last descendant ends.
    words = np.where(leaf, np.array(b.words, dtype=np.int64), 0)
    for i in range(n - 1, 0, -1):
        p = parent[i]
        end[p] = max(end[p], end[i])
        words[p] += words[i]
    return DocumentTree(doc_id, list(b.paths), parent, start, end, words)


def make_collection(spec: CollectionSpec) -> Collection:
    """A collection of ``spec.n_docs`` synthetic articles named ``doc0000``, ``doc0001``, ..."""
    rng = np.random.default_rng(spec.seed)
    width = max(4, len(str(spec.n_docs - 1)))
    trees = [make_document(f"doc{i:0{width}d}", rng, spec) for i in range(spec.n_docs)]
    return Collection.from_trees(trees)


def document_xml(tree: DocumentTree, seed: int = 0) -> str:
    """Render a synthetic tree as XML whose text content matches its character ranges."""
    rng = np.random.default_rng(seed)
    vocabulary = ["alpha", "beta", "gamma", "delta", "omega", "sigma"]
    children: dict[int, list[int]] = {}
    for i, p in enumerate(tree.parent):
        children.setdefault(int(p), []).append(i)
    out: list[str] = []

    def emit(i: int) -> None:
        tag = tree.paths[i].rsplit("/", 1)[-1].split("[", 1)[0]
        out.append(f"<{tag}>")
        kids = children.get(i, [])
        if not kids:
            length = int(tree.end[i] - tree.start[i])
            text = []
            while sum(map(len, text)) < length:
                text.append(vocabulary[int(rng.integers(len(vocabulary)))][:5] + " ")
            out.append("".join(text)[:length])
        for k in kids:
            emit(k)
        out.append(f"</{tag}>")

    emit(0)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + "".join(out) + "\n"
