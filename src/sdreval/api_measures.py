"""Measures of the Python API (:mod:`sdreval.api`): from names as typed, sdreval objects or
ir_measures measure objects (mapped to the sdreval measure computing the same thing)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .errors import UsageError

if TYPE_CHECKING:  # annotations only
    from .measures import Measure, MeasureDef


def measure(text: str | Measure | MeasureDef, **params: Any) -> Measure:
    """A measure from its name as typed (``"P@10"``, ``"MAep(quant=sog)"``, ``"nxCG@25"``),
    with keyword parameters added or overriding those in the text (``k``/``r``/``at`` set the
    cut-off)."""
    from .measures import MEASURES, MeasureDef, parse_measure
    from .measures.aliases import cutoff_key
    from .measures.registry import make_measure

    if isinstance(text, MeasureDef):
        return text(**params)
    if is_ir_measures_measure(text):
        text = from_ir_measures(text)
    if isinstance(text, str) and text.strip() in MEASURES:
        return MEASURES[text.strip()](**params)  # a bare name: parameters as keywords
    parsed = parse_measure(text)
    if not params:
        return parsed
    cutoff = parsed.cutoff
    given = [alias for alias in params if cutoff_key(parsed.definition, alias)]
    if len(given) > 1:
        raise UsageError(f"measure {parsed.text}: the cut-off is given {len(given)} times as a "
                         f"keyword ({', '.join(given)}); give one")
    for alias in given:
        cutoff = params.pop(alias)
    merged = dict(parsed.params)
    merged.update(params)
    return make_measure(parsed.definition, merged, cutoff)


def measures(*items: str | Measure | Iterable[str | Measure]) -> list[Measure]:
    """Measures from names, objects or lists of them (``measures("MAep", "nxCG@10")``)."""
    out: list[Measure] = []
    for item in items:
        if is_one_measure(item):
            out.append(measure(item))
        else:
            out.extend(measure(m) for m in item)
    return out


def is_one_measure(item: Any) -> bool:
    from .measures.registry import Measure, MeasureDef

    return isinstance(item, (str, Measure, MeasureDef)) or is_ir_measures_measure(item)


def is_ir_measures_measure(obj: Any) -> bool:
    """An ir_measures measure object (``ir_measures.AP``, ``ir_measures.nDCG@10``)."""
    return type(obj).__module__.split(".")[0] == "ir_measures" and hasattr(obj, "NAME") \
        and isinstance(getattr(obj, "params", None), dict)


#: ir_measures parameter -> sdreval parameters with the same meaning (None: no equivalent)
_IR_MEASURES_PARAMS: dict[str, Any] = {
    "rel": lambda v: {"rel": v},  # both: relevant iff grade >= rel
    "dcg": lambda v: {} if v == "log2" else ({"gains": "exp"} if v == "exp-log2" else None),
    "judged_only": lambda v: None if v else {},
    "gains": lambda v: {} if v is None else None,
    "beta": lambda v: {"beta": v},  # SetF: both trec_eval's set_F beta
    "p": lambda v: {"p": v},  # RBP: both the persistence of Moffat & Zobel (2008)
}


#: ir_measures names whose sdreval namesake is another measure (sdreval's R is Sakai's
#: R-measure; ir_measures' R is recall) -> the name to look up instead
_IR_MEASURES_NAMES = {"R": "Recall"}


def from_ir_measures(obj: Any) -> Measure:
    """The sdreval measure computing what an ir_measures measure object computes:
    ``AP`` -> ``AP``, ``nDCG@10`` -> ``nDCG@10``, ``P(rel=2)@5`` -> ``P(rel=2)@5``,
    ``nDCG(dcg='exp-log2')`` -> ``nDCG(gains=exp)``, ``NumRelRet`` (ir_measures'
    ``NumRet(rel=1)``) -> ``NumRelRet(rel=1)``, ``SetF(beta=2.0)`` -> ``SetF(beta=2.0)``,
    ``IPrec@0.1`` (``IPrec(recall=0.1)``) -> ``IPrec@0.1``, ``SetRelP`` (``SetP(relative=True)``)
    -> ``SetRelP``; names go through the measure registry
    (trec_eval and ir_measures aliases included).  A parameter without an equivalent
    (``judged_only=True``, custom ``gains`` maps, other DCG discounts) is refused."""
    from .measures import parse_measure

    params = dict(obj.params)
    cutoff = params.pop("cutoff", None)
    if obj.NAME == "IPrec" and "recall" in params:  # IPrec@0.1: the recall level
        cutoff = params.pop("recall")
    # ir_measures.SetRelP is SetP(relative=True): trec_eval's set_relative_P, sdreval's SetRelP
    relative = obj.NAME in ("SetP", "SetRelP") and bool(params.pop("relative", False))
    translated: dict[str, Any] = {}
    for key, value in params.items():
        rule = _IR_MEASURES_PARAMS.get(key)
        found = rule(value) if rule is not None else None
        if found is None:
            raise UsageError(f"ir_measures measure {obj} has no sdreval equivalent: parameter "
                             f"{key}={value!r} is not supported (give the measure without it, "
                             f"or an sdreval measure; `sdreval measures` lists them)")
        translated.update(found)
    inner = ",".join(f"{k}={v}" for k, v in translated.items())
    name = _IR_MEASURES_NAMES.get(obj.NAME, obj.NAME)
    if name == "NumRet" and "rel" in translated:  # ir_measures.NumRelRet is NumRet(rel=1)
        name = "NumRelRet"
    name = "SetRelP" if relative else name
    text = name + (f"({inner})" if inner else "") + (f"@{cutoff}" if cutoff is not None
                                                         else "")
    try:
        return parse_measure(text)
    except UsageError as error:
        raise UsageError(f"ir_measures measure {obj} has no sdreval equivalent ({error})"
                         ) from None




def measure_list(given: Any) -> list[Measure]:
    """One measure or several (names, objects, ir_measures objects) as a list of measures."""
    if is_one_measure(given):
        return [measure(given)]
    if not isinstance(given, Iterable):  # None included: there is no default set in Python
        raise UsageError(f"measures: give a measure name or a list of them, e.g. ['map', "
                         f"'P@10'] (`sdreval measures` lists them), not {given!r}")
    return [measure(m) for m in given]


def measure_name(given: Any) -> str:
    """The name a measure has in results tables."""
    return given if isinstance(given, str) else measure(given).text
