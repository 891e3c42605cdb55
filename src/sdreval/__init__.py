"""sdreval: evaluation of structured document retrieval (XML elements, passages, sub-trees).

Quick use::

    import sdreval
    qrels = sdreval.read_qrels("qrels.xml")      # a path, DataFrame, dict, records, ...
    run = sdreval.read_run("run.xml")
    means = sdreval.evaluate(qrels, [run], ["nxCG@10", "MAep"])
    rows = sdreval.evaluate(qrels, [run], ["nxCG@10"], per_topic=True)  # and the means

``sdreval.evaluate``, ``sdreval.read_qrels`` and ``sdreval.read_run`` are the functions of
:mod:`sdreval.api` (one of each).

Importing the package is instant: every name below loads its module (numpy, pandas, the
measure families) on first use.

The pages docs/NAME.md that docstrings and messages name are installed with the package:
``sdreval docs`` (the command) lists them and their folder, ``sdreval docs NAME`` prints one.
"""
from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: public name -> the submodule defining it (loaded on first access)
_LAZY = {
    "InputError": "errors", "Problem": "errors", "SdrevalError": "errors", "UsageError": "errors",
    "read_collection": "io", "read_qrels": "api", "read_run": "api", "read_runs": "api",
    "Qrels": "judgements", "get_quantisation": "judgements",
    "register_quantisation": "judgements",
    "EvalContext": "measures", "evaluate": "api", "parse_measure": "measures",
    "summarise": "measures",
    "Collection": "model", "DocumentTree": "model", "Ranking": "model", "Run": "model",
    "canonical_xpath": "model",
    # Friendly API (ir_measures / ranx style): ``sdreval.api.nxCG(k=10)``,
    # ``sdreval.measure("P@10")``.
    "measure": "api",
}

__all__ = [*_LAZY, "api", "__version__"]


#: subpackages and modules reachable as attributes (``sdreval.io.read_run``)
_SUBMODULES = ("api", "cli", "data", "errors", "io", "judgements", "measures", "model",
               "report", "simulate", "stats")


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sdreval' has no attribute {name!r}")
    module, _, attribute = module.partition(":")  # "module:attribute" when named otherwise
    value = getattr(importlib.import_module(f".{module}", __name__), attribute or name)
    globals()[name] = value  # later accesses skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | set(_SUBMODULES))
