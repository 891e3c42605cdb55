"""A real RAG example with gold given as text: two speeches of Abraham Lincoln.

The texts are in the public domain: the Gettysburg Address (the Bliss copy, 1864) and the
Second Inaugural Address (1865), as transcribed by the Library of Congress and the Avalon
Project.  Eight questions carry their gold evidence as text, the way RAGAS
(``reference_contexts``) and hand-made test sets store it; one gold excerpt is written with a
line break where the speech has a space, one occurs twice.  Two retrievers over two chunkings,
written the way LangChain returns ``Document(page_content, metadata)``:

* ``runs/fixed.jsonl``: fixed-size chunks (200 characters, stride 150) with
  ``metadata.start_index``;
* ``runs/sentence.jsonl``: one sentence per chunk, chunk text only (no offsets).

Both rank chunks by the number of the question's words (four letters or more) they contain,
ties by position, five chunks per question.  :func:`build_lincoln_example` writes the files
(``examples/lincoln/``, ``docs/rag.md``).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

GETTYSBURG = (
    "Four score and seven years ago our fathers brought forth on this continent, a new "
    "nation, conceived in Liberty, and dedicated to the proposition that all men are created "
    "equal.\n\nNow we are engaged in a great civil war, testing whether that nation, or any "
    "nation so conceived and so dedicated, can long endure. We are met on a great "
    "battle-field of that war. We have come to dedicate a portion of that field, as a final "
    "resting place for those who here gave their lives that that nation might live. It is "
    "altogether fitting and proper that we should do this.\n\nBut, in a larger sense, we can "
    "not dedicate -- we can not consecrate -- we can not hallow -- this ground. The brave "
    "men, living and dead, who struggled here, have consecrated it, far above our poor power "
    "to add or detract. The world will little note, nor long remember what we say here, but "
    "it can never forget what they did here. It is for us the living, rather, to be "
    "dedicated here to the unfinished work which they who fought here have thus far so nobly "
    "advanced. It is rather for us to be here dedicated to the great task remaining before "
    "us -- that from these honored dead we take increased devotion to that cause for which "
    "they gave the last full measure of devotion -- that we here highly resolve that these "
    "dead shall not have died in vain -- that this nation, under God, shall have a new birth "
    "of freedom -- and that government of the people, by the people, for the people, shall "
    "not perish from the earth.")
SECOND_INAUGURAL = (
    "Fondly do we hope -- fervently do we pray -- that this mighty scourge of war may "
    "speedily pass away. Yet, if God wills that it continue, until all the wealth piled by "
    "the bondsman's two hundred and fifty years of unrequited toil shall be sunk, and until "
    "every drop of blood drawn with the lash, shall be paid by another drawn with the sword, "
    "as was said three thousand years ago, so still it must be said \"the judgments of the "
    "Lord, are true and righteous altogether\".\n\nWith malice toward none; with charity for "
    "all; with firmness in the right, as God gives us to see the right, let us strive on to "
    "finish the work we are in; to bind up the nation's wounds; to care for him who shall "
    "have borne the battle, and for his widow, and his orphan -- to do all which may achieve "
    "and cherish a just, and a lasting peace, among ourselves, and with all nations.")
DOCUMENTS = {"gettysburg": GETTYSBURG, "second-inaugural": SECOND_INAUGURAL}
QUESTIONS = [
    ("q1", "What did our fathers bring forth on this continent?",
     ["our fathers brought forth on this continent, a new nation, conceived in Liberty"]),
    ("q2", "What war were they engaged in, and what was it testing?",
     ["Now we are engaged in a great civil war, testing whether that nation, or any nation "
      "so conceived and so dedicated, can long endure."]),
    ("q3", "What will the world little note nor long remember?",
     ["The world will little note, nor long remember what we say here"]),
    ("q4", "Which government shall not perish from the earth?",
     ["government of the people,\nby the people, for the people, shall not perish from the "
      "earth"]),
    ("q5", "Why can they not consecrate or hallow this ground?",
     ["we can not consecrate -- we can not hallow -- this ground. The brave men, living and "
      "dead, who struggled here, have consecrated it"]),
    ("q6", "With what spirit should the nation finish the work?",
     ["With malice toward none; with charity for all; with firmness in the right"]),
    ("q7", "What did Lincoln hope for the scourge of war?",
     ["Fondly do we hope -- fervently do we pray -- that this mighty scourge of war may "
      "speedily pass away."]),
    ("q8", "Which nation is meant?", ["that nation"]),
]
FIXED_SIZE, FIXED_STRIDE, DEPTH = 200, 150, 5
_WORD = re.compile(r"[a-z]{4,}")


def _fixed(doc: str, text: str) -> list[tuple[str, int, int]]:
    return [(doc, s, min(s + FIXED_SIZE, len(text)))
            for s in range(0, max(len(text) - (FIXED_SIZE - FIXED_STRIDE), 1), FIXED_STRIDE)]


def _sentences(doc: str, text: str) -> list[tuple[str, int, int]]:
    return [(doc, m.start(), m.end()) for m in re.finditer(r"[^\s][^.;]*[.;]?", text)]


def _ranked(chunks, question: str):
    words = set(_WORD.findall(question.lower()))
    scored = []
    for position, (doc, s, e) in enumerate(chunks):
        hits = len(words & set(_WORD.findall(DOCUMENTS[doc][s:e].lower())))
        scored.append((-hits, position, doc, s, e, hits))
    return sorted(scored)[:DEPTH]


def build_lincoln_example(outdir: str | Path) -> Path:
    """Write ``documents.jsonl``, ``gold.jsonl`` and ``runs/{fixed,sentence}.jsonl``."""
    out = Path(outdir)
    (out / "runs").mkdir(parents=True, exist_ok=True)
    with open(out / "documents.jsonl", "w", encoding="utf-8") as handle:
        for doc, text in DOCUMENTS.items():
            handle.write(json.dumps({"doc_id": doc, "text": text}) + "\n")
    with open(out / "gold.jsonl", "w", encoding="utf-8") as handle:
        for qid, question, gold in QUESTIONS:
            handle.write(json.dumps({"query_id": qid, "user_input": question,
                                     "reference_contexts": gold}) + "\n")
    fixed = [c for d, t in DOCUMENTS.items() for c in _fixed(d, t)]
    sentences = [c for d, t in DOCUMENTS.items() for c in _sentences(d, t)]
    for name, chunks, offsets in (("fixed", fixed, True), ("sentence", sentences, False)):
        with open(out / "runs" / f"{name}.jsonl", "w", encoding="utf-8") as handle:
            for qid, question, _ in QUESTIONS:
                for _, _, doc, s, e, hits in _ranked(chunks, question):
                    meta = {"source": doc, "start_index": s} if offsets else {"source": doc}
                    handle.write(json.dumps({"query_id": qid, "page_content":
                                             DOCUMENTS[doc][s:e], "metadata": meta,
                                             "score": hits}) + "\n")
    return out
