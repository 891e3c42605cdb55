"""Lazy imports (session 24 coverage hunt; the one-command parts run in every ``sdreval``
subprocess): a lazy module's repr, a package's listing, and the Arrow-pandas probe letting
``importlib.import_module`` through while declining a request made from elsewhere."""
from __future__ import annotations

import pytest

from sdreval.lazy import ArrowPandasProbe, lazy_module


def test_a_lazy_module_says_what_it_is():
    assert repr(lazy_module("json")) == "<module 'json', imported on first use>"


def test_a_lazy_package_lists_its_names():
    import sdreval.judgements as judgements

    assert {"Qrels", "get_quantisation", "TopicJudgements"} <= set(dir(judgements))


def test_the_probe_lets_import_module_through_and_declines_the_rest():
    probe = ArrowPandasProbe()
    assert probe.find_spec("numpy") is None  # other modules: not its business
    namespace: dict = {}
    exec(compile("def import_module(probe):\n    return probe.find_spec('pandas')\n",
                 "/lib/importlib/__init__.py", "exec"), namespace)
    assert namespace["import_module"](probe) is None  # importlib.import_module: imported
    with pytest.raises(ModuleNotFoundError, match="declined for Arrow's conversion"):
        probe.find_spec("pandas")  # asked from a plain call (as Arrow asks, from C)
