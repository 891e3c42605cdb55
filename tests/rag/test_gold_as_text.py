"""Gold excerpts and retrieved chunks given as text, and the field names of RAG tools."""
from __future__ import annotations

import json

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io import detect_format
from sdreval.io.spans import (Documents, chunk_map_from_frame, chunk_run_from_frame,
                              read_span_qrels, read_span_run, span_qrels_from_frame,
                              span_run_from_frame)
from sdreval.io.spans.locate import normalised, occurrences

#          0         1         2         3         4         5
#          012345678901234567890123456789012345678901234567890123456
TEXT_A = "The cat sat.  The dog\nran. The cat sat."
TEXT_B = "A bird flew over the   river bank."
DOCS = Documents({"a": TEXT_A, "b": TEXT_B}, source="(docs)")


def ranges(qrels, topic="q"):
    return {d: sorted(dp.ranges) for d, dp in qrels.topics[topic].passages.items() if dp.ranges}


def test_helpers_by_hand():
    assert occurrences("aaa", "aa") == [0, 1]           # overlapping occurrences count
    flat, where = normalised("a  b\n\tc")
    assert flat == "a b c"
    assert where.tolist() == [0, 1, 3, 4, 6]           # each run of space -> its first char


def test_exact_text_with_doc_id():
    qrels = span_qrels_from_frame([{"query_id": "q", "doc_id": "b", "text": "river bank"}],
                                  DOCS)
    assert ranges(qrels) == {"b": [(23, 10)]}           # TEXT_B.find("river bank") == 23
    assert TEXT_B[23:33] == "river bank"


def test_repeated_gold_text_all_occurrences_count_and_are_said():
    log = ProblemLog()
    qrels = span_qrels_from_frame([{"query_id": "q", "doc_id": "a", "text": "The cat sat."}],
                                  DOCS, log=log)
    assert ranges(qrels) == {"a": [(0, 12), (27, 12)]}  # at 0 and at 27
    assert any("occur more than once" in w.message and "every occurrence" in w.message
               for w in log.warnings)


def test_occurrence_key_and_first_and_error_rules():
    record = {"query_id": "q", "doc_id": "a", "text": "The cat sat."}
    assert ranges(span_qrels_from_frame([dict(record, occurrence=2)], DOCS)) == \
        {"a": [(27, 12)]}
    assert ranges(span_qrels_from_frame([record], DOCS, occurrences="first")) == \
        {"a": [(0, 12)]}
    with pytest.raises(InputError, match="occurs 2 times in document a"):
        span_qrels_from_frame([record], DOCS, occurrences="error")
    with pytest.raises(InputError, match="occurs only 2 times"):
        span_qrels_from_frame([dict(record, occurrence=3)], DOCS)


def test_whitespace_normalised_match_maps_back_to_the_original_characters():
    log = ProblemLog()
    # "dog ran." against "dog\nran.": found only after normalising white space
    qrels = span_qrels_from_frame([{"query_id": "q", "doc_id": "a", "text": " dog ran. "},
                                   {"query_id": "q", "doc_id": "b", "text": "the river"}],
                                  DOCS, log=log)
    assert ranges(qrels) == {"a": [(18, 8)], "b": [(17, 11)]}
    assert TEXT_A[18:26] == "dog\nran." and TEXT_B[17:28] == "the   river"
    assert any("white space normalised" in w.message for w in log.warnings)


def test_text_without_doc_id_is_searched_in_every_document():
    qrels = span_qrels_from_frame([{"query_id": "q", "text": "sat."}], DOCS)
    assert ranges(qrels) == {"a": [(8, 4), (35, 4)]}


def test_text_not_found_is_an_error_naming_the_row():
    with pytest.raises(InputError, match=r"\(span qrels\): error: row 1: gold text 'a fish' .* not "
                                         r"found in any document"):
        span_qrels_from_frame([{"query_id": "q", "text": "bird"},
                               {"query_id": "q", "text": "a fish"}], DOCS)
    with pytest.raises(InputError, match="need the documents"):
        span_qrels_from_frame([{"query_id": "q", "text": "bird"}])


def test_ragas_reference_contexts_lists(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps({"query_id": "q", "user_input": "what sat?",
                                "reference_contexts": ["The dog", "bird flew"]}) + "\n")
    assert detect_format(path) == "span-qrels"
    qrels = read_span_qrels(path, documents=DOCS)
    assert ranges(qrels) == {"a": [(14, 7)], "b": [(2, 9)]}


def test_langchain_documents_with_and_without_start_index():
    run = span_run_from_frame([
        {"query_id": "q", "page_content": "river bank.", "metadata": {"source": "b"}},
        {"query_id": "q", "page_content": "The dog", "metadata": {"source": "a",
                                                                  "start_index": 14}}],
        documents=DOCS)
    ranking = run.topics["q"]
    # no score or rank: row order is the ranking
    assert ranking.docs.tolist() == ["b", "a"]
    assert ranking.offsets.tolist() == [23, 14] and ranking.lengths.tolist() == [11, 7]
    with pytest.raises(InputError, match="is 'The dog', not the text given"):
        span_run_from_frame([{"query_id": "q", "page_content": "The cat",
                              "metadata": {"source": "a", "start_index": 14}}], documents=DOCS)


def test_repeated_chunk_text_in_a_run_must_be_resolved():
    record = {"query_id": "q", "doc_id": "a", "text": "The cat sat.", "score": 1.0}
    with pytest.raises(InputError, match="occurs 2 times"):
        span_run_from_frame([record], documents=DOCS)
    run = span_run_from_frame([record], documents=DOCS, occurrences="first")
    assert run.topics["q"].offsets.tolist() == [0]


def test_llamaindex_nodes_as_run_and_chunk_map():
    nodes = [{"query_id": "q", "node_id": "n2", "ref_doc_id": "b", "start_char_idx": 2,
              "end_char_idx": 11, "score": 0.9},
             {"query_id": "q", "node_id": "n1", "ref_doc_id": "a", "start_char_idx": 0,
              "end_char_idx": 12, "score": 0.4}]
    run = span_run_from_frame(nodes)
    assert run.topics["q"].docs.tolist() == ["b", "a"]
    assert run.topics["q"].offsets.tolist() == [2, 0]
    assert run.topics["q"].lengths.tolist() == [9, 12]
    chunks = chunk_map_from_frame([{k: v for k, v in n.items() if k not in ("query_id",
                                                                           "score")}
                                   for n in nodes])
    ids = chunk_run_from_frame([{"query_id": "q", "node_id": "n1", "score": 2.0},
                                {"query_id": "q", "node_id": "n2", "score": 1.0}], chunks)
    assert ids.topics["q"].docs.tolist() == ["a", "b"]


def test_ir_datasets_span_qrels_start_length(tmp_path):
    path = tmp_path / "q.tsv"
    path.write_text("query_id\tdoc_id\tstart\tlength\trelevance\nq\ta\t4\t3\t2\n")
    assert detect_format(path) == "span-qrels"
    assert ranges(read_span_qrels(path)) == {"a": [(4, 3)]}


def test_plain_ranked_list_order_is_rank(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"query_id": "q", "doc_id": "a", "start": 20, "end": 30}\n'
                    '{"query_id": "q", "doc_id": "a", "start": 0, "end": 10}\n'
                    '{"query_id": "p", "doc_id": "b", "start": 5, "end": 6}\n')
    assert detect_format(path) == "span-run"
    log = ProblemLog()
    run = read_span_run(path, log)
    assert run.topics["q"].offsets.tolist() == [20, 0]
    assert run.topics["q"].ranks.tolist() == [1, 2] and run.topics["p"].ranks.tolist() == [1]
    assert any("order of the rows is the ranking" in w.message for w in log.warnings)
