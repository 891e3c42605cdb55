"""Document codes of the run reader: a passage run's names repeat, so the reader keeps a code
per row into one dictionary of names common to every block (equal codes are equal names over
the whole file), and the repeat and overlap rules use these codes for topics spanning blocks;
names that seldom repeat stay one string per row.  The problems and the run are those of the
reference reader (every line parsed in Python, the rules checked with plain loops)."""
from __future__ import annotations

import pyarrow as pa
import pytest

from sdreval.errors import ProblemLog
from sdreval.io import columnar
from sdreval.io.trec import read_trec_run
from reference.trec_run import read_trec_run_reference
from test_columnar import assert_same_run


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(columnar, "BLOCK_BYTES", 400)
    monkeypatch.setattr(columnar, "ARROW_BLOCK_BYTES", 128)


def _read_both(path):
    fast_log, reference_log = ProblemLog(), ProblemLog()
    fast = read_trec_run(path, "passage", fast_log)
    reference = read_trec_run_reference(path, "passage", reference_log)
    assert_same_run(fast, reference)
    return fast, [(p.line, p.message) for p in fast_log.problems], \
        [(p.line, p.message) for p in reference_log.problems]


def test_repeats_and_overlaps_across_blocks_with_common_codes(tmp_path, small_blocks):
    # topic 7 spans many blocks (each of about 400 bytes, Arrow chunks of 128): three
    # articles only, so every block keeps its names by code
    lines = [f"7 Q0 art{i % 3} {i + 1} {100 - i} r {100 * i} 10" for i in range(60)]
    lines[6] = "7 Q0 art2 7 94 r 600 10"
    lines[41] = "7 Q0 art2 42 59 r 600 10"  # repeats line 7, blocks apart
    lines[50] = "7 Q0 art1 51 49 r 105 20"  # overlaps "art1 100:10" of line 2
    lines[55] = "7 Q0 art0 56 44 r 333 0"  # an empty passage, repeated on the next line
    lines[56] = "7 Q0 art0 57 43 r 333 0"
    path = tmp_path / "run.txt"
    path.write_text("\n".join(lines) + "\n")
    run, problems, expected = _read_both(path)
    assert problems == expected
    messages = [m for _, m in problems]
    assert any("art2 600:10 repeats line 7" in m for m in messages)
    assert any("art0 333:0 repeats line 56" in m for m in messages)
    assert any("art1 105:20 overlaps 100:10 (line 2)" in m for m in messages)
    docs = run.topics.columns().docs
    assert pa.types.is_dictionary(docs.type)  # one dictionary of the 3 names for all rows
    assert docs.num_chunks == 1 and len(docs.chunks[0].dictionary) == 3
    assert run.topics["7"].docs.tolist()[:4] == ["art0", "art1", "art2", "art0"]


def test_names_seldom_repeating_stay_strings(tmp_path, monkeypatch):
    monkeypatch.setattr(columnar, "BLOCK_BYTES", 40_000)
    monkeypatch.setattr(columnar, "ARROW_BLOCK_BYTES", 16_000)
    lines = [f"{1 + i // 1000} Q0 doc{i} {i % 1000 + 1} {3000 - i} r 0 10" for i in range(3000)]
    lines[1500] = "2 Q0 doc5 501 1500 r 0 10"  # doc5 of topic 1 only: no repeat
    lines[2900] = "3 Q0 doc2052 901 100 r 0 10"  # repeats line 2053 of topic 3, blocks apart
    path = tmp_path / "run.txt"
    path.write_text("\n".join(lines) + "\n")
    run, problems, expected = _read_both(path)
    assert problems == expected
    assert [(line, "doc2052 0:10 repeats line 2053" in m) for line, m in problems] == [
        (2901, True)]
    assert run.topics.columns().docs.type == pa.string()


def test_passage_measures_of_coded_documents_equal_those_of_strings(tmp_path, small_blocks):
    """The passage family numbers the documents by the reader's codes; the same rows given
    as plain rankings (document names as Python strings) score the same."""
    from sdreval.io.fol import read_fol_qrels
    from sdreval.measures.evaluate import evaluate
    from sdreval.measures.registry import EvalContext

    lines = [f"7 Q0 art{i % 3} {i + 1} {100 - i} r {100 * i} 10" for i in range(60)]
    lines += [f"8 Q0 art{i % 2} {i + 1} {50 - i} r {40 * i} 30" for i in range(30)]
    run_path, qrels_path = tmp_path / "run.txt", tmp_path / "qrels.fol"
    run_path.write_text("\n".join(lines) + "\n")
    qrels_path.write_text("7 Q0 art0 25 9000 0 0:10 600:15\n7 Q0 art2 10 9000 500 500:10\n"
                          "8 Q0 art1 60 3000 40 40:60\n")
    qrels = read_fol_qrels(qrels_path, ProblemLog())
    fast = read_trec_run(run_path, "passage", ProblemLog())
    assert pa.types.is_dictionary(fast.topics.columns().docs.type)
    reference = read_trec_run_reference(run_path, "passage", ProblemLog())
    measures = ["MAiP", "iP@0.01", "iP@0.5", "MAgP", "gP@5"]
    ours = evaluate(qrels, fast, measures, EvalContext())
    plain = evaluate(qrels, reference, measures, EvalContext())
    assert ours["value"].tolist() == plain["value"].tolist()
    assert ours["value"].notna().all() and (ours["value"] > 0).any()
