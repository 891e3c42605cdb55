"""The unit of the assessments' element sizes as the collection counts them, so that sizes
taken from the collection (``--collection``) and from the assessments are never summed in two
units in one ranking (characters, or words as Kazai & Lalmas 2006, Fig. 3 give them)."""
from __future__ import annotations

from typing import Any

from .qrels import TopicQrels


def assessed_unit(tq: TopicQrels, trees: dict) -> str:
    """The unit of the assessed sizes of ``trees``' documents as the collection counts them:
    ``characters`` (X-RAI's UTF-8 bytes, one more, or whitespace runs counted once agree:
    :func:`~sdreval.model.xpointer.size_agrees`), ``words``, or an element fitting neither,
    described."""
    from ..model.xpointer import size_agrees

    chars = words = True
    for (doc, path), a in tq.elements.items():
        tree = trees.get(doc)
        if tree is None or a.size is None or path not in tree:
            continue
        start, length = tree.char_range(path)
        text = tree.text[start:start + length] if tree.text is not None else None
        chars = chars and (a.size in (length, length + 1) or
                           (text is not None and size_agrees(text, a.size)))
        words = words and a.size == tree.words[tree.index[path]]
        if not (chars or words):
            return (f"{doc}:{path}: {a.size:g} in the assessments, {length} characters, "
                    f"{tree.words[tree.index[path]]} words")
    return "characters" if chars else "words"


def collection_size(tree: Any, path: str, unit: str) -> int:
    """Size of the element at ``path`` in ``unit``: the collection's words, else characters."""
    return int(tree.words[tree.index[path]]) if unit == "words" else tree.chars(path)
