"""``read_qrels(..., scale=NAME)`` with a name that is no scale: each row was refused with
"invalid (1, 1) on scale bogus: unknown scale 'bogus'" (one error per row, blamed on the
data); the option is wrong, so it is one usage error naming the scales, as every other unknown
option value is."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.io.readers import read_qrels

MESSAGE = r"unknown scale 'bogus'; expected one of inex2002, inex2003, inex2005, graded"


@pytest.mark.parametrize("source", [
    pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d", "e"], "relevance": [1, 0]}),
    {"1": {"d": 1, "e": 0}},
])
def test_an_unknown_scale_is_a_usage_error(source):
    with pytest.raises(UsageError, match=MESSAGE):
        read_qrels(source, scale="bogus")


def test_an_unknown_scale_for_a_ranx_json_file_is_a_usage_error(tmp_path):
    path = tmp_path / "qrels.json"
    path.write_text('{"1": {"d": 1, "e": 0}}')
    with pytest.raises(UsageError, match=MESSAGE):
        read_qrels(str(path), scale="bogus")


def test_a_known_scale_is_taken():
    assert read_qrels({"1": {"d": 1}}, scale="inex2003").scale == "inex2003"


@pytest.mark.parametrize("scale", ["fol", "bogus"])
def test_inex_assessments_take_element_scales_only(tmp_path, scale):
    # fol is the scale of highlighted passages: element pairs were read "on" it, every pair
    # valid, and quantised by relfrac (2, 2) -> 1.0; bogus was refused at the first row
    from sdreval.errors import ProblemLog
    from sdreval.io.inex_assessments import read_inex_assessments

    path = tmp_path / "a.xml"
    path.write_text("<assessments topic='3'>\n<file file='d'>\n<path path='/article[1]' "
                    "exhaustiveness='2' specificity='2'/>\n</file>\n</assessments>\n")
    with pytest.raises(UsageError, match=f"unknown scale '{scale}'; expected one of inex2002, "
                                         "inex2003, inex2005, graded"):
        read_inex_assessments(path, ProblemLog(), scale=scale)


def test_a_scale_is_never_ignored(tmp_path):
    # TREC qrels are graded: another scale was ignored without a word; INEX assessments
    # take the scale given (inferred otherwise: inex2003 for these e/s pairs)
    trec = tmp_path / "qrels.txt"
    trec.write_text("1 0 d 1\n")
    assert read_qrels(str(trec), scale="graded").scale == "graded"
    with pytest.raises(UsageError, match="scale='inex2005', but the judgements of this "
                                         "trec-qrels file are on scale 'graded'"):
        read_qrels(str(trec), scale="inex2005")
    inex = tmp_path / "a.xml"
    inex.write_text("<assessments topic='3'>\n<file file='d'>\n<path path='/article[1]' "
                    "exhaustiveness='2' specificity='1'/>\n</file>\n</assessments>\n")
    assert read_qrels(str(inex)).scale == "inex2003"  # (2, 1): valid on 2003 and 2005
    assert read_qrels(str(inex), scale="inex2005").scale == "inex2005"
