"""The API states a fractional relevance level as ``sdreval eval -l`` does: trec_eval reads
``-l`` with ``atol`` (its ``-l 1.5`` is ``-l 1``), sdreval's level is a threshold on the grade.

By hand: d1 grade 1, d2 grade 2, ranked d1, d2.  Grade >= 1.5 (= 2 on whole grades): only d2
is relevant, at rank 2: AP = (1/2) / 1 = 0.5."""
from __future__ import annotations

import warnings

import sdreval


def _files(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 1\n1 0 d2 2\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n")
    return str(tmp_path / "q"), str(tmp_path / "r")


def _evaluate(tmp_path, level):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sdreval.evaluate(*_files(tmp_path), "AP", rel_level=level, order="rsv")
    return table.value.tolist(), [str(w.message) for w in caught]


def test_fractional_level_is_stated_by_the_api(tmp_path):
    values, said = _evaluate(tmp_path, 1.5)
    assert values == [0.5]
    assert any("rel_level=1.5: relevant iff grade >= 1.5" in s  # as Python spells it
               and "whole number (trec_eval -l 1)" in s
               for s in said), said


def test_whole_level_says_nothing(tmp_path):
    values, said = _evaluate(tmp_path, 2)
    assert values == [0.5]
    assert not any("whole number" in s for s in said)


def test_a_context_made_by_hand_says_it_too(tmp_path):
    from sdreval.measures import EvalContext

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sdreval.evaluate(*_files(tmp_path), "AP",
                                 ctx=EvalContext(rel_level=1.5, order="rsv"))
    assert table.value.tolist() == [0.5]
    assert sum("rel_level=1.5: relevant iff" in str(w.message) for w in caught) == 1
