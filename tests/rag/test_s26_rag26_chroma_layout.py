"""Chroma's chunking evaluation (Smith & Troynikov, 2024) in its own layout.  Its questions
file (``question``, ``references``, ``corpus_id``; ``references`` the JSON text of a list of
``{"content", "start_index", "end_index"}``) was refused as "unrecognised format", and its
chunk metadata (``start_index``, ``end_index``, ``corpus_id``) as a chunk map missing doc_id
and end, without saying what to rename.  Both are read now: each reference is a gold span
(its content checked against the documents), ``corpus_id`` the document, ``question`` the
query id.

Worked example: text of 70 characters, gold [18, 37) and [54, 70) (|G| = 19 + 16 = 35);
chunks c0 [0, 30), c1 [20, 50), c2 [40, 70); the run ranks c1, c2, c0.
First two chunks: retrieved [20, 70), 50 characters; retrieved gold [20, 37) and [54, 70),
17 + 16 = 33 characters.
  SpanP@2 = 33/50, SpanR@2 = 33/35, SpanIoU@2 = 33 / |[18, 70)| = 33/52.
  Chroma's code (--compat chroma): precision 33 / (30 + 30), recall 33/35, IoU 33 / (60 + 2
  unretrieved gold characters [18, 20)).
  SpanOmega: every chunk touches gold; |∪T ∩ G| / |∪T ∪ G| = 35/70."""
from __future__ import annotations

import json
from fractions import Fraction

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError

TEXT = "Alpha beta gamma. Delta epsilon zeta. Eta theta iota. Kappa lambda mu."
REFS = [{"content": "Delta epsilon zeta.", "start_index": 18, "end_index": 37},
        {"content": "Kappa lambda mu.", "start_index": 54, "end_index": 70}]
QUESTION = "What comes after gamma?"
CHUNKS = [(0, 30), (20, 50), (40, 70)]
EXPECTED = {"SpanP@2": Fraction(33, 50), "SpanR@2": Fraction(33, 35),
            "SpanIoU@2": Fraction(33, 52), "SpanOmega": Fraction(35, 70)}
CHROMA = {"SpanP@2": Fraction(33, 60), "SpanR@2": Fraction(33, 35),
          "SpanIoU@2": Fraction(33, 62), "SpanOmega": Fraction(35, 70)}


def _write(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "corpus.md", "text": TEXT}) + "\n")
    pd.DataFrame({"question": [QUESTION], "references": [json.dumps(REFS)],
                  "corpus_id": ["corpus.md"]}).to_csv(tmp_path / "questions.csv", index=False)
    (tmp_path / "chunks.jsonl").write_text("".join(
        json.dumps({"chunk_id": f"c{i}", "start_index": s, "end_index": e,
                    "corpus_id": "corpus.md"}) + "\n" for i, (s, e) in enumerate(CHUNKS)))
    (tmp_path / "run.jsonl").write_text("".join(
        json.dumps({"query_id": QUESTION, "chunk_id": c, "rank": r + 1}) + "\n"
        for r, c in enumerate(["c1", "c2", "c0"])))


@pytest.mark.parametrize("compat", [None, "chroma"])
def test_chroma_questions_and_chunk_metadata_are_read(tmp_path, sdreval_cli, compat):
    _write(tmp_path)
    done = sdreval_cli("eval", tmp_path / "questions.csv", tmp_path / "run.jsonl",
                       "--chunk-map", tmp_path / "chunks.jsonl", "--documents",
                       tmp_path / "docs.jsonl", *(f"-m{m}" for m in EXPECTED),
                       *(["--compat", compat] if compat else []), "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = [line.split(",") for line in done.stdout.splitlines()[1:]]
    values = {measure: float(value) for _, _, measure, value, *_ in rows}
    assert values == pytest.approx({m: float(v) for m, v in
                                    (CHROMA if compat else EXPECTED).items()}, rel=1e-12)


def test_references_as_lists_of_dicts_in_a_dataframe():
    """Chroma's own loader applies json.loads to the column: the lists are read as they are."""
    gold = pd.DataFrame({"question": [QUESTION], "references": [REFS],
                         "corpus_id": ["corpus.md"]})
    run = [{"question": QUESTION, "corpus_id": "corpus.md", "start_index": s,
            "end_index": e, "rank": r + 1} for r, (s, e) in enumerate([CHUNKS[1], CHUNKS[2]])]
    table = sdreval.evaluate(gold, run, ["SpanP", "SpanR", "SpanIoU"])
    values = dict(zip(table.measure, table.value))
    assert values == pytest.approx({"SpanP": 33 / 50, "SpanR": 33 / 35, "SpanIoU": 33 / 52},
                                   rel=1e-12)


def test_a_reference_that_is_not_a_list_of_excerpts_is_named(tmp_path, sdreval_cli):
    _write(tmp_path)
    (tmp_path / "bad.csv").write_text(
        'question,references,corpus_id\nQ1,not json,corpus.md\n'
        'Q2,"[{""content"": ""Delta"", ""start_index"": 0, ""end_index"": 5}]",corpus.md\n')
    done = sdreval_cli("validate", tmp_path / "bad.csv", "--documents", tmp_path / "docs.jsonl")
    assert done.returncode == 1
    said = done.stdout + done.stderr
    assert ("bad.csv:2: error: references 'not json' is not a list of {\"content\", "
            "\"start_index\", \"end_index\"}") in said
    assert "bad.csv:3: error: the text at 0-5 of document corpus.md is 'Alpha'" in said


def test_a_question_given_twice_in_the_gold_is_refused():
    gold = [{"question": QUESTION, "references": REFS, "corpus_id": "corpus.md"}] * 2
    with pytest.raises(InputError, match="question 'What comes after gamma\\?' given again"):
        sdreval.read_qrels(gold)
