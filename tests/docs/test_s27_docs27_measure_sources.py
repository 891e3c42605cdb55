"""Measures that trec_eval, ir_measures or ranx compute cite the paper that defines them; the
tool's name stays as the peer.  Every work a measure cites is listed in docs/references.md, and
docs/measures.md is the generator's output for the registry as it is."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from sdreval.measures import MEASURES

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "_make_measures_index.py"

# the literature source of each measure, from the papers and from the peers' own citations
# (trec_eval's m_map.c and m_Rprec.c cite Buckley & Voorhees 2005, m_bpref.c Buckley &
# Voorhees 2004, m_infap.c Yilmaz & Aslam 2006, m_set_F.c van Rijsbergen 1979; ir_measures
# cites Kantor & Voorhees 2000 for RR and van Rijsbergen 1979 for P)
PAPER = {
    "AP": "Buckley & Voorhees 2005", "Rprec": "Buckley & Voorhees 2005",
    "RR": "Kantor & Voorhees 2000",
    "P": "van Rijsbergen 1979", "Recall": "van Rijsbergen 1979", "SetP": "van Rijsbergen 1979",
    "SetR": "van Rijsbergen 1979", "SetF": "van Rijsbergen 1979",
    "IPrec": "Manning, Raghavan & Schütze 2008, §8.4",
    "IPrecAvg": "Manning, Raghavan & Schütze 2008, §8.4",
    "Bpref": "Buckley & Voorhees 2004", "GMBpref": "Buckley & Voorhees 2004",
    "infAP": "Yilmaz & Aslam 2006", "GMAP": "Robertson 2006",
    "nDCG": "Järvelin & Kekäläinen 2002", "nDCGRel": "Järvelin & Kekäläinen 2002",
    "RnDCG": "Järvelin & Kekäläinen 2002",
    "ERR": "Chapelle et al. 2009, Eq. 4", "RBP": "Moffat & Zobel 2008, Eq. 2",
    "TrecRBP": "Moffat & Zobel 2008, Eq. 2", "RBPResidual": "Moffat & Zobel 2008, §4",
    "Utility": "Hull & Robertson 1999",
    "AWP": "Sakai 2004", "Q": "Sakai 2004", "R": "Sakai 2004",
    # the span measures of Chroma's chunking evaluation, read at the character level
    "SpanR": "Smith & Troynikov", "SpanIoU": "Smith & Troynikov", "SpanF": "van Rijsbergen 1979",
}
# no paper defines these: the tool that does is the source
PEER = {
    "NumRel": "trec_eval num_rel", "NumRet": "trec_eval num_ret",
    "NumRelRet": "trec_eval num_rel_ret", "Success": "trec_eval success_k",
    "Judged": "ir_measures Judged@k", "Unjudged": "trec_eval unj_k", "G": "trec_eval G",
    "BinG": "trec_eval binG", "SetAP": "trec_eval set_map", "Hits": "ranx hits@k",
    "RprecMult": "trec_eval Rprec_mult_x",
}


def _generator():
    spec = importlib.util.spec_from_file_location("make_measures_index_s27", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _source_cells(text: str) -> dict[str, str]:
    cells = {}
    for row in text.splitlines():
        if row.startswith("| `"):
            name = row.split("`")[1].split("@")[0].split("[")[0]
            cells[name] = row.rstrip(" |").rsplit(" | ", 1)[1]
    return cells


def _cited_as() -> list[str]:
    """The first column of docs/references.md's tables: 'Authors YEAR'."""
    text = (ROOT / "docs" / "references.md").read_text(encoding="utf-8")
    return [row.split(" | ")[0].lstrip("| ").strip() for row in text.splitlines()
            if row.startswith("| ") and not row.startswith("| cited as")]


@pytest.mark.parametrize("name", sorted(PAPER))
def test_measure_cites_its_paper_and_keeps_the_peer_name(name):
    doc = " ".join(MEASURES[name].doc.split())
    assert PAPER[name] in doc
    assert PAPER[name] in _source_cells(_generator().render())[name]


@pytest.mark.parametrize("name", sorted(PEER))
def test_measure_without_a_paper_names_its_peer(name):
    assert PEER[name] in " ".join(MEASURES[name].doc.split())
    assert _source_cells(_generator().render())[name].startswith(PEER[name])


def test_every_cited_work_is_in_references():
    module = _generator()
    listed = _cited_as()
    missing = set()
    for definition in MEASURES.values():
        for citation in module.cited(definition.doc):
            work = re.match(r".*?(?:19|20)\d\d", citation).group(0)
            if not any(entry.startswith(work) for entry in listed):
                missing.add((definition.name, work))
    assert not missing


def test_citations_are_read_whole():
    cited = _generator().cited
    assert cited("(Manning, Raghavan & Schütze 2008, §8.4; trec_eval 11pt_avg)") == [
        "Manning, Raghavan & Schütze 2008, §8.4"]
    assert cited("(van Rijsbergen 1979; trec_eval P_k)") == ["van Rijsbergen 1979"]
    assert cited("of TREC Genomics 2007 PASSAGE2 (Hersh et al., 2007)") == ["Hersh et al. 2007"]
    assert cited("(Järvelin & Kekäläinen 2002, whose DCG divides)") == [
        "Järvelin & Kekäläinen 2002"]
    assert cited("(Ali, Consens & Lalmas 2012, Eq. 26, Table 9)") == [
        "Ali, Consens & Lalmas 2012, Eq. 26, Table 9"]
    assert cited("INEX 2005 quantisation, trec_eval 10.0") == []


def test_measures_page_is_the_generators_output():
    page = (ROOT / "docs" / "measures.md").read_text(encoding="utf-8")
    assert page == _generator().render(), "run python docs/_make_measures_index.py"
