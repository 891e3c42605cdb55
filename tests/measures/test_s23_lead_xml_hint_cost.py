"""The '.xml' hint for unjudged document ids looked at every topic of the run and of the
qrels one by one (a Python set per topic): 2,000 topics x 1,000 results went from 1.6 to
3.6 s of CPU, 10,000 x 1,000 from 7 to 21 s.  The distinct ids are now compared first, in
Arrow; topics are looked at only when some id would match with '.xml' removed or added.

The judged ids were then made distinct again for every part of a streamed run: 171 parts of
ranx's 1,000,000 x 100 files against 10 million judgements spent 26 of the command's 85 s of
CPU in it.  They are now made once for all parts; the hint is the same."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.measures import doc_ids
from sdreval.measures.doc_ids import xml_suffix_warning


@pytest.fixture
def files(tmp_path):
    qrels = "".join(f"{t} 0 d{t}-{d} {d % 2}\n" for t in range(1, 30) for d in range(5))
    run = "".join(f"{t} Q0 {'d' if d < 3 else 'u'}{t}-{d} {d + 1} {10 - d} r\n"
                  for t in range(1, 30) for d in range(8))
    (tmp_path / "q.txt").write_text(qrels)
    (tmp_path / "r.txt").write_text(run)
    (tmp_path / "x.txt").write_text(run.replace(" d1-1 ", " d1-1.xml "))
    return tmp_path


def test_no_topic_is_looked_at_when_no_id_could_match(files, monkeypatch):
    qrels, run = sdreval.read_qrels(files / "q.txt"), sdreval.read_run(files / "r.txt")
    looked = []
    monkeypatch.setattr(type(qrels), "__getitem__", lambda self, t: looked.append(t))
    assert xml_suffix_warning(run, qrels, list(run.topics)) is None
    assert looked == []


def test_a_matching_id_is_still_found(files):
    qrels, run = sdreval.read_qrels(files / "q.txt"), sdreval.read_run(files / "x.txt")
    message = xml_suffix_warning(run, qrels, list(run.topics))
    assert message is not None and "'.xml' removed from" in message


def test_the_judged_ids_are_made_distinct_once_for_every_part(files, monkeypatch):
    qrels = sdreval.read_qrels(files / "q.txt")
    made = []
    real = doc_ids._distinct
    monkeypatch.setattr(doc_ids, "_distinct", lambda ids: made.append(len(ids)) or real(ids))
    monkeypatch.setattr(doc_ids, "_LAST_JUDGED", [], raising=False)
    judged = 29 * 5
    for part in range(3):  # three parts of one run, as --stream and --jobs evaluate them
        run = sdreval.read_run(files / "r.txt")
        assert xml_suffix_warning(run, qrels, list(run.topics)) is None
    assert made.count(judged) == 1 and len(made) == 4  # the qrels once, each part's run ids


def test_the_hint_is_the_same_with_the_distinct_ids_kept(files):
    qrels = sdreval.read_qrels(files / "q.txt")
    run, other = sdreval.read_run(files / "x.txt"), sdreval.read_run(files / "r.txt")
    assert xml_suffix_warning(other, qrels, list(other.topics)) is None
    message = xml_suffix_warning(run, qrels, list(run.topics))
    assert message is not None and "'.xml' removed from" in message
    fresh = sdreval.read_qrels(files / "q.txt")  # other judgements: not the kept ids
    assert xml_suffix_warning(run, fresh, list(run.topics)) == message
