"""Which module declares each built-in measure and family, so that a lookup imports only the
family it needs (``-m map`` loads the classic family, not XCG, ESR, passages or spans).

Each family still declares its measures in its own module (``register_measure``/
``register_family``, as ir_measures' providers do); this table only says where to find them.
``tests/measures/test_declared.py`` checks that it lists every registered name exactly.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any

#: family package (under ``sdreval.measures``) -> the families and measures it registers (the
#: order in which the registry lists them, whatever order they were imported in)
FAMILY_PACKAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "classic": {
        "classic": ("AP", "gAP", "AWP", "P", "Rprec", "RR", "Recall", "Success", "Judged",
                    "Bpref", "NumRel", "NumRet", "NumRelRet", "IPrec", "SetP", "SetR", "SetF",
                    "nDCG"),
        "pooled": ("infAP", "Unjudged"),
        "trec_more": ("NumNonRelJudgedRet", "SetAP", "SetRelP", "RelP", "GMBpref", "Utility",
                      "RprecMult", "BinG", "G", "nDCGRel", "TrecRBP", "TrecRBPResidual",
                      "RnDCG"),
    },
    "xcg": {"xcg": ("xCG", "nxCG", "MAnxCG", "ep", "iMAep", "MAep", "Q", "R")},
    "inex_eval": {"inex_eval": ("inex_eval",)},
    "inex_eval_ng": {"inex_eval_ng": ("inex_eval_ng",)},
    "esr": {"esr": ("ESRP", "ESRR", "SR", "SRP", "SRiP", "SRiR", "SRiP2", "SRiR2", "NSRCG",
                    "NSRCG2", "SRPRUM", "MASRiP", "MASRiP2", "MAESRP", "PRUM", "EPRUM",
                    "MAEPRUM")},
    "passage": {"passage": ("iP", "MAiP", "HiXiP", "HiXiR", "gP", "gR", "MAgP")},
    "span": {"span": ("SpanP", "SpanR", "SpanF", "SpanIoU", "SpanOmega", "SpanHit", "SpanRR",
                      "SpanRecallUnits", "SpanNDCG", "SpanDocR", "SpanDocNDCG", "CharMAP")},
    "rankings": {"rankings": ("GMAP", "IPrecAvg", "RBP", "RBPResidual", "ERR", "Hits")},
}

#: measure name -> the module to import for it
MEASURE_MODULES: dict[str, str] = {
    name: f"{__package__}.{package}"
    for package, families in FAMILY_PACKAGES.items()
    for names in families.values() for name in names}

#: family name -> the module to import for it
FAMILY_MODULES: dict[str, str] = {
    family: f"{__package__}.{package}"
    for package, families in FAMILY_PACKAGES.items() for family in families}


class Declared(MutableMapping):
    """A registry (name -> value) that imports the module declaring a name on its first
    lookup, and every declaring module before listing the names (``sdreval measures``,
    did-you-mean suggestions).  Names registered elsewhere (plug-ins) are kept as given."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = modules
        self._values: dict[str, Any] = {}
        self._complete = False

    def _load(self, name: str) -> None:
        module = self._modules.get(name)
        if module is not None:
            importlib.import_module(module)

    def _load_all(self) -> None:
        if not self._complete:
            for module in dict.fromkeys(self._modules.values()):
                importlib.import_module(module)
            self._complete = True

    def __getitem__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            pass
        self._load(name)
        return self._values[name]

    def __contains__(self, name: object) -> bool:
        if name in self._values:
            return True
        if isinstance(name, str) and name in self._modules:
            self._load(name)
            return name in self._values
        return False

    def __setitem__(self, name: str, value: Any) -> None:
        self._values[name] = value

    def __delitem__(self, name: str) -> None:
        del self._values[name]

    def __iter__(self) -> Iterator[str]:
        """The declared names in the table's order, then any other registered ones."""
        self._load_all()
        declared = [name for name in self._modules if name in self._values]
        return iter(declared + [name for name in self._values if name not in self._modules])

    def __len__(self) -> int:
        self._load_all()
        return len(self._values)

    def registered(self, name: str) -> bool:
        """Whether ``name`` is registered already (imports nothing)."""
        return name in self._values

    def loaded(self) -> dict[str, Any]:
        """The names registered so far, without importing anything."""
        return dict(self._values)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._values!r})"
