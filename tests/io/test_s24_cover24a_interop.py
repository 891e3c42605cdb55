"""Dicts in and out (session 24 coverage hunt): a bad (e, s) value with the caller's log, a
list given as a dict, passage qrels and repeated documents to document-level dicts."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io.interop import qrels_from_dict, qrels_to_dict, run_to_dict
from sdreval.model.ranking import Ranking
from sdreval.model.run import Run


def test_a_bad_pair_is_raised_with_the_callers_log_too():
    log = ProblemLog()
    with pytest.raises(InputError, match=r"expected a grade or \(e, s\), got \(1, 2, 3\)"):
        qrels_from_dict({"1": {("d", "/article[1]"): (1, 2, 3)}}, log=log)
    assert [p.message for p in log.errors] == [
        "topic 1, document d element /article[1]: expected a grade or (e, s), got (1, 2, 3)"]


def test_a_list_is_not_a_dict():
    with pytest.raises(UsageError, match=r"expected a dict \{topic: \{document: value\}\}, "
                                         "got list"):
        qrels_from_dict([1, 2])


def test_passage_qrels_to_document_grades():
    qrels = qrels_from_dict({"1": {("d", 0, 10): 1, ("e", 0, 5): 0}})
    with pytest.raises(UsageError, match="qrels topic 1 document d: highlighted passages are "
                                         r"not whole documents \(use documents='max'\)"):
        qrels_to_dict(qrels)
    # max: a document with highlighted text is relevant (1), one judged without it is not (0)
    assert qrels_to_dict(qrels, documents="max") == {"1": {"d": 1, "e": 0}}


def test_a_document_retrieved_twice():
    elements = Ranking.from_elements([("d", "/article[1]/p[1]"), ("e", "/article[1]"),
                                      ("d", "/article[1]/p[2]")], rsv=[3.0, 2.0, 1.0])
    # max: the first (best-placed) result's RSV
    assert run_to_dict(Run("r", {"1": elements}, "element"), documents="max") == \
        {"1": {"d": 3.0, "e": 2.0}}
    twice = Ranking.from_elements([("d", "/article[1]"), ("d", "/article[1]")], rsv=[3.0, 2.0])
    with pytest.raises(UsageError, match="run r topic 1: document d retrieved twice"):
        run_to_dict(Run("r", {"1": twice}, "element"))
