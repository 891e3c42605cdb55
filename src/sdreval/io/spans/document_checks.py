"""Warnings on a documents file as a whole: two ids holding one text, and texts starting
with a byte-order mark (:func:`sdreval.io.spans.documents.read_documents` gives them); texts
written without spaces between words, where white-space tokens are phrases
(:func:`sdreval.io.spans.documents.qrels_in_tokens`)."""
from __future__ import annotations

import re

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


#: a run of characters of scripts written without spaces between words (Han, kana and their
#: punctuation, Thai, Lao, Khmer, Myanmar, Tibetan): white-space tokens are phrases there
_UNSPACED = re.compile("[\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u2e80-\u2fdf"
                       "\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                       "\uff00-\uffef\U00020000-\U0003134f]{8,}")


def unspaced(texts: dict[str, str], docs) -> str | None:
    """The warning for counting white-space tokens when documents ``docs`` (of ``texts``) are
    written without spaces between words, else None."""
    found = [d for d in sorted(set(map(str, docs))) if d in texts and _UNSPACED.search(texts[d])]
    if not found:
        return None
    return (f"{len(found)} document(s) are written without spaces between words (Chinese, "
            f"Japanese, Thai, ...: {', '.join(found[:5])}{' ...' if len(found) > 5 else ''}): "
            "a white-space token there is a phrase or a sentence, and a span counts every "
            "token it touches, so a chunk sharing no character with the gold can share its "
            "tokens; count a model's tokens (--span-unit tokens:cl100k_base, a tokenizer in "
            "Documents(texts, tokenizer)) or characters")
