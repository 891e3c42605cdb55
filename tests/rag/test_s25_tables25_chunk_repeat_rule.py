"""A chunk id mapped three times in one chunk map: each repeat is compared with the mapping
kept (the first), as across chunk map files; a row repeating a refused mapping is not
"the same" as the kept one."""
from sdreval.errors import ProblemLog
from sdreval.io.spans import read_chunk_map


def test_third_mapping_compared_with_the_kept_one(tmp_path):
    path = tmp_path / "chunks.csv"
    path.write_text("chunk_id,doc_id,start,end\nc,d1,0,10\nc,d1,5,20\nc,d1,5,20\n")
    log = ProblemLog()
    read_chunk_map(path, log)
    said = {p.line: (p.severity, p.message) for p in log.problems}
    # line 2 (0-10) is kept; lines 3 and 4 (5-20) both differ from it
    assert said[3] == ("error", "chunk c mapped again, to a different span than on line 2")
    assert said[4] == ("error", "chunk c mapped again, to a different span than on line 2")


def test_same_span_again_is_a_warning(tmp_path):
    path = tmp_path / "chunks.csv"
    path.write_text("chunk_id,doc_id,start,end\nc,d1,0,10\nc,d1,0,10\n")
    log = ProblemLog()
    chunk_map = read_chunk_map(path, log)
    assert [(p.line, p.severity, p.message) for p in log.problems] == [
        (3, "warning", "chunk c repeats line 2 (ignored)")]
    assert len(chunk_map) == 1


def test_across_files_names_the_file(tmp_path):
    one, two = tmp_path / "a.csv", tmp_path / "b.csv"
    one.write_text("chunk_id,doc_id,start,end\nc,d1,0,10\n")
    two.write_text("chunk_id,doc_id,start,end\nx,d1,0,3\nc,d1,0,10\n")
    log = ProblemLog()
    chunk_map = read_chunk_map([one, two], log)
    assert [(p.file, p.line, p.severity, p.message) for p in log.problems] == [
        (str(two), 3, "warning", f"chunk c repeats line 2 of {one} (ignored)")]
    assert list(chunk_map.index) == ["c", "x"]
