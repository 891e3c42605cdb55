"""Lazy registries and packages no other test reached (session 24 coverage)."""
from __future__ import annotations

import pytest

import sdreval.measures as measures
import sdreval.report as report
from sdreval.errors import UsageError
from sdreval.measures.declared import Declared
from sdreval.measures.xcg.tables import GainSettings


def test_declared_registry_imports_a_name_s_module_on_lookup():
    loaded = []
    registry = Declared({"x": "sdreval.measures.segments"})
    assert "x" not in registry  # its module imported, but it registers no "x"
    assert 3 not in registry
    registry["x"] = loaded
    assert "x" in registry and registry.loaded() == {"x": loaded}
    assert repr(registry) == "Declared({'x': []})"


def test_lazy_package_names():
    from sdreval.report.curves import compute_curve

    assert report.compute_curve is compute_curve
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        report.nothing_here
    assert "evaluate" in dir(measures) and "parse_measure" in dir(measures)
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        measures.nothing_here


@pytest.mark.parametrize("settings, message", [
    (dict(ideal="best"), "ideal must be 'ideal' or 'full'"),
    (dict(keep="both"), "keep must be 'ancestor' or 'descendant'")])
def test_gain_settings_refuse_unknown_choices(settings, message):
    with pytest.raises(UsageError, match=message):
        GainSettings("strict", **settings)


def test_default_measures_of_an_element_run_on_passage_judgements():
    """INEX 2007-2010 focused task: element runs on highlighted passages are scored as
    passages (Kamps et al. 2008), so the passage set is the default."""
    from sdreval.data import example_path
    from sdreval.io import read_qrels
    from sdreval.measures.defaults import DEFAULT_SETS, default_measures

    fol = read_qrels(example_path("synthetic") / "qrels.fol")
    assert default_measures(fol, ["element"]) == ("passage", list(DEFAULT_SETS["passage"]))
    elements = read_qrels(example_path("synthetic") / "qrels.tsv")
    assert default_measures(elements, ["element"])[0] == "element"
    with pytest.raises(UsageError, match="runs of different kinds"):
        default_measures(elements, ["element", "document"])


def test_inex_eval_api_refusals():
    """The functions the curve and the API call with values no measure parameter checked."""
    import numpy as np

    from sdreval.measures.inex_eval import kernels
    from sdreval.measures.inex_eval.definitions import collection_size

    with pytest.raises(UsageError, match="collection element count must be >= 0, got -1"):
        collection_size(None, -1)
    assert collection_size(None, 7) == 7
    with pytest.raises(ValueError, match="unknown precall reading 'other'"):
        kernels.precall(np.ones(1), np.zeros(1), 10, reading="other")
    assert kernels.rank_groups(np.zeros(0)).size == 0
