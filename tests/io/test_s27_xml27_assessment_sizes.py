"""An element assessed twice in INEX XML assessments with the same (e, s) but another size is
judged differently (the native TSV's rule: sizes feed XCG's overlap gains and ESR), not an
identical repeat; two pool files are two pools even when they give the same pool id."""
from __future__ import annotations

from pathlib import Path

from sdreval.errors import ProblemLog
from sdreval.io.inex_assessments import read_inex_assessments
from sdreval.io.native import read_native_qrels

ONE_POOL = """<assessments pool="3" topic="5" version="2">
<file collection="ieee" name="d1">
<element path="/article[1]" exhaustivity="2" size="100" rsize="50"/>
<element path="/article" exhaustivity="2" size="200" rsize="100"/>
<element path="/article[1]/bdy[1]" exhaustivity="1" specificity="0.5" size="10"/>
<element path="/article[1]/bdy" exhaustivity="1" specificity="0.5" size="10"/>
</file>
</assessments>
"""
POOL = """<assessments pool="{pool}" topic="5" version="2">
<file collection="ieee" name="d1">
<element path="/article[1]" exhaustivity="2" size="{size}" rsize="{rsize}"/>
</file>
</assessments>
"""


def _messages(log: ProblemLog) -> list[tuple[str, int | None, str, str]]:
    return [(Path(p.file).name, p.line, p.severity, p.message) for p in log.problems]


def test_one_pool_same_pair_other_size_is_an_error_as_in_native(tmp_path):
    (tmp_path / "pool-3.xml").write_text(ONE_POOL)
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path / "pool-3.xml", log)
    # 50/100 = 100/200 = 1/2: the same pair, sizes 100 and 200
    assert _messages(log) == [
        ("pool-3.xml", 4, "error", "topic 5, d1 /article[1] judged again, differently from "
                                   "line 3 (line 3 kept)"),
        ("pool-3.xml", 6, "warning", "topic 5, d1 /article[1]/bdy[1] repeats line 5 "
                                     "(identical; ignored)")]
    assert qrels["5"].elements[("d1", "/article[1]")].size == 100
    (tmp_path / "n.tsv").write_text("5\td1\t/article[1]\t2\t0.5\t100\n"
                                    "5\td1\t/article\t2\t0.5\t200\n")
    log = ProblemLog()
    read_native_qrels(tmp_path / "n.tsv", log)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error")]


def test_two_pools_same_pair_other_size_disagree(tmp_path):
    folder = tmp_path / "topic-5"
    folder.mkdir()
    (folder / "pool-1.xml").write_text(POOL.format(pool=1, size=100, rsize=50))
    (folder / "pool-2.xml").write_text(POOL.format(pool=2, size=90, rsize=45))
    log = ProblemLog()
    read_inex_assessments(tmp_path, log, pool_policy="error")
    assert _messages(log) == [
        ("pool-2.xml", 3, "error", "topic 5, d1 /article[1]: pools 1 and 2 disagree ((2, 0.5) "
                                   "size 100 and (2, 0.5) size 90); the first is kept "
                                   "(--pool-policy union keeps the main pool's value, or point "
                                   "QRELS at one pool file)")]


def test_two_files_with_one_pool_id_are_two_pools(tmp_path):
    folder = tmp_path / "topic-5"
    folder.mkdir()
    (folder / "pool-1.xml").write_text(POOL.format(pool=1, size=100, rsize=50))
    (folder / "pool-2.xml").write_text(POOL.format(pool=1, size=100, rsize=100))
    log = ProblemLog()
    read_inex_assessments(tmp_path, log, pool_policy="union")
    # before: read as one pool, 'judged again, differently from line 3' naming no file
    assert [(p.severity, p.message[:40]) for p in log.problems] == [
        ("warning", "1 judgement(s) on which pools of one top")]
