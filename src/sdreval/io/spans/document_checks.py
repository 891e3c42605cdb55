"""Warnings on a documents file as a whole: two ids holding one text, and texts starting
with a byte-order mark (:func:`sdreval.io.spans.documents.read_documents` gives them)."""
from __future__ import annotations

from ...errors import ProblemLog
from ..table_model import Table


def same_texts(texts: dict[str, str], first: dict[str, int], table: Table,
                log: ProblemLog) -> None:
    """One warning for documents holding the same text under two ids: a span of one is not
    a span of the other (gold under one id and a retrieved span under the other score
    nothing), which an id spelled two ways makes easy to miss."""
    holder: dict[str, str] = {}
    pairs = []
    for doc, text in texts.items():
        if text and (other := holder.setdefault(text, doc)) != doc:
            pairs.append((other, doc))
    if pairs:
        named = ", ".join(f"{a} and {b} ({table.place(first[b])})" for a, b in pairs[:5])
        table.report(log, None, f"{len(pairs)} pair(s) of documents hold the same text under "
                     f"two ids ({named}{' ...' if len(pairs) > 5 else ''}): a span of "
                     "one is not a span of the other, so gold text under one id is not found "
                     "by a run retrieving the other; give each document under the id the "
                     "qrels and runs use", "warning")


def marked(texts: dict[str, str], first: dict[str, int], table: Table,
            log: ProblemLog) -> None:
    """One warning for documents whose text starts with a byte-order mark (U+FEFF): counted
    as the first character, while tools that drop it count every offset one less."""
    marked = [doc for doc, text in texts.items() if text.startswith("\ufeff")]
    if marked:
        named = ", ".join(f"{d} ({table.place(first[d])})" for d in marked[:5])
        table.report(log, None, f"{len(marked)} document(s) start with a byte-order mark "
                     f"(U+FEFF, invisible: {named}{' ...' if len(marked) > 5 else ''}), "
                     "counted as the character at offset 0, as Python's open() reads the "
                     "file; offsets from a tool that drops it (JavaScript's TextDecoder, "
                     "encoding 'utf-8-sig') are one less: then leave it out of the text",
                     "warning")
