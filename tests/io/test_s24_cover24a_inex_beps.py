"""INEX assessments: a document given two different best entry points kept the first without a
word (in one file, and across the pools of a topic), where every other passage reader warns
("a second, different BEP for a document is a warning (the first is kept)", read_passage_qrels;
the table readers likewise).  Now a warning names the place of the second."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.collection import read_collection
from sdreval.io.inex_assessments import read_inex_assessments


def _warnings(log):
    return [(p.line, p.message) for p in log.problems if p.severity == "warning"]


def test_two_best_entry_points_in_one_file(tmp_path):
    path = tmp_path / "a.xml"
    path.write_text("<assessments topic='3'>\n<file file='d'>\n"
                    "<passage start='100' length='40' bep='110'/>\n"
                    "<best-entry-point offset='120'/>\n<best-entry-point offset='110'/>\n"
                    "</file>\n</assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(path, log)
    assert qrels["3"].passages["d"].bep == 110
    assert _warnings(log) == [(4, "topic 3, d: best entry point 120 differs from an earlier "
                                  "one (110; the first kept)")]


def test_a_resolved_best_entry_point_beside_a_numeric_one(tmp_path):
    folder = tmp_path / "collection"
    folder.mkdir()
    (folder / "d.xml").write_text("<article><p>abcde</p><p>fghij</p></article>")  # p[2] at 5
    path = tmp_path / "a.xml"
    path.write_text("<assessments topic='3'>\n<file file='d'>\n"
                    "<passage start='0' length='10' bep='0'/>\n"
                    "<best-entry-point path='/article[1]/p[2]'/>\n</file>\n</assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(path, log, collection=read_collection(folder))
    assert qrels["3"].passages["d"].bep == 0
    assert _warnings(log) == [(4, "topic 3, d: best entry point 5 differs from an earlier one "
                                  "(0; the first kept)")]


def test_two_pools_with_different_best_entry_points(tmp_path):
    topic = tmp_path / "topic-3"
    topic.mkdir()
    for pool, bep in (("a", 110), ("b", 120)):
        (topic / f"pool-{pool}.xml").write_text(
            f"<assessments topic='3' pool='{pool}'>\n<file file='d'>\n"
            f"<passage start='100' length='40' bep='{bep}'/>\n</file>\n</assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log, pool_policy="error")
    assert qrels["3"].passages["d"].bep == 110
    assert _warnings(log) == [(3, "topic 3, d: pool b's best entry point 120 differs from an "
                                  "earlier pool's (110; the first kept)")]
