"""The '.xml' hint made the judged ids distinct for every part of a streamed run: 171 parts
of ranx's 1,000,000 x 100 files against 10 million judgements spent 26 of the command's 85 s
of CPU in it.  The qrels' distinct ids are now made once for all parts; the hint is the same."""
from __future__ import annotations

import sdreval
from sdreval.measures import doc_ids
from sdreval.measures.doc_ids import xml_suffix_warning


def _files(tmp_path):
    qrels = "".join(f"{t} 0 d{t}-{d} {d % 2}\n" for t in range(1, 30) for d in range(5))
    run = "".join(f"{t} Q0 {'d' if d < 3 else 'u'}{t}-{d} {d + 1} {10 - d} r\n"
                  for t in range(1, 30) for d in range(8))
    (tmp_path / "q.txt").write_text(qrels)
    (tmp_path / "r.txt").write_text(run)
    (tmp_path / "x.txt").write_text(run.replace(" d1-1 ", " d1-1.xml "))
    return sdreval.read_qrels(tmp_path / "q.txt")


def test_the_judged_ids_are_made_distinct_once_for_every_part(tmp_path, monkeypatch):
    qrels = _files(tmp_path)
    made = []
    real = doc_ids._distinct
    monkeypatch.setattr(doc_ids, "_distinct", lambda ids: made.append(len(ids)) or real(ids))
    monkeypatch.setattr(doc_ids, "_LAST_JUDGED", [], raising=False)
    judged = 29 * 5
    for part in range(3):  # three parts of one run, as --stream and --jobs evaluate them
        run = sdreval.read_run(tmp_path / "r.txt")
        assert xml_suffix_warning(run, qrels, list(run.topics)) is None
    assert made.count(judged) == 1 and len(made) == 4  # the qrels once, each part's run ids


def test_the_hint_is_the_same_with_the_distinct_ids_kept(tmp_path):
    qrels = _files(tmp_path)
    run, other = sdreval.read_run(tmp_path / "x.txt"), sdreval.read_run(tmp_path / "r.txt")
    assert xml_suffix_warning(other, qrels, list(other.topics)) is None
    message = xml_suffix_warning(run, qrels, list(run.topics))
    assert message is not None and "'.xml' removed from" in message
    fresh = sdreval.read_qrels(tmp_path / "q.txt")  # other judgements: not the kept ids
    assert xml_suffix_warning(run, fresh, list(run.topics)) == message
