"""A pool file whose topic attribute disagrees with the X-RAI folder that holds it
(``topic-7/pool-3.xml`` saying ``topic="5"``) is an error: which topic its judgements are for is
not clear.  Before, it was read silently as topic 5, and topic 7, its main pool gone, was
evaluated from a pool of ``others/``."""
from __future__ import annotations

from pathlib import Path

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.inex_assessments import read_inex_assessments

POOL = """<assessments pool="{pool}" topic="{topic}" version="2">
<file collection="ieee" name="an/1995/a1003">
<element path="/article[1]" exhaustivity="{e}" specificity="0.5"/>
</file>
</assessments>
"""


def _put(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.mark.parametrize("policy", ["main", "error", "union"])
def test_topic_attribute_beside_another_topic_folder(tmp_path, policy):
    root = tmp_path / "done" / "CO"
    _put(root / "main" / "topic-7" / "pool-3.xml", POOL.format(pool=3, topic=5, e=2))
    _put(root / "others" / "topic-7" / "pool-4.xml", POOL.format(pool=4, topic=7, e=1))
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log, pool_policy=policy)
    assert "5" not in qrels.topics
    assert [(Path(p.file).parent.name, p.line, p.message) for p in log.errors] == [
        ("topic-7", 1, "<assessments> for topic 5 in folder topic-7 (move the file or correct "
                       "its topic attribute): which topic its judgements are for is not clear; "
                       "the file is not read further")]


def test_topic_attribute_agreeing_with_its_folder(tmp_path):
    _put(tmp_path / "main" / "Topic-7" / "pool-3.xml", POOL.format(pool=3, topic=7, e=2))
    _put(tmp_path / "topic-sets" / "pool-4.xml", POOL.format(pool=4, topic=8, e=1))
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log)
    assert not log.problems
    assert {t: [(a.e, a.s) for a in tq.elements.values()] for t, tq in qrels.topics.items()} \
        == {"7": [(2.0, 0.5)], "8": [(1.0, 0.5)]}


def test_without_a_log_the_disagreement_is_raised(tmp_path):
    _put(tmp_path / "topic-7" / "pool-3.xml", POOL.format(pool=3, topic=5, e=2))
    with pytest.raises(InputError, match="for topic 5 in folder topic-7"):
        read_inex_assessments(tmp_path / "topic-7" / "pool-3.xml")


def test_without_a_topic_attribute_the_folder_names_the_topic(tmp_path):
    # two pools of topic 7 without topic attributes: one topic, its pools combined (before:
    # topics 'pool-3' and 'pool-4', from the file names)
    for pool in (3, 4):
        _put(tmp_path / "topic-7" / f"pool-{pool}.xml",
             POOL.format(pool=pool, topic=7, e=2).replace(' topic="7"', ""))
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path, log)
    assert list(qrels.topics) == ["7"] and not log.errors
    assert [p.message for p in log.warnings] == [
        "no topic attribute on <assessments>: topic id taken from the folder name ('7')"] * 2
