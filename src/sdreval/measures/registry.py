"""The measure registry: every measure declared once, apart from the code computing it.

A :class:`MeasureDef` names a measure, its typed and documented parameters, whether it takes a
cut-off (``@k`` or ``@r``), and the *family* whose kernel computes it.  A :class:`Measure` is a
definition with parameter values, parsed from strings such as ``nxCG@10``,
``MAep(quant=sog,overlap=off)`` or ``gP(task=bic)@5``, and keeps the text exactly as
the user typed it (results are reported under that text).

A family kernel has the signature ``compute(measures, qrels, run, topics, ctx)`` and returns
``{measure.text: {topic: value}}``; it receives all measures of its family at once so shared
work (gain vectors, orderings) is done once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from ..errors import UsageError
from .declared import FAMILY_MODULES, MEASURE_MODULES, Declared
from .param_rules import (AT_LEAST_ONE, NON_NEGATIVE, POSITIVE, UNIT, UNIT_OPEN_LOW, Inert, Range,
                          check_inert, check_number, check_settings, complete)

#: the XML collection as a message tells a caller to give it: the option of the commands and
#: the keyword of the Python API (``sdreval.evaluate(..., collection=DIR)``, ``EvalContext``)
GIVE_COLLECTION = "--collection DIR, or collection= in Python"
#: the same for the ESR navigation matrix and the number of elements in the collection
GIVE_NAVIGATION = "--navigation FILE, or navigation= in Python"
GIVE_COLLECTION_ELEMENTS = "--collection-elements N, or collection_elements= in Python"

CutoffKind = Literal["none", "int", "float", "optional-int", "optional-float"]


@dataclass(frozen=True)
class Param:
    """A typed, documented measure parameter (numbers: finite, within ``allowed``)."""

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple | None = None
    context_key: str | None = None  # EvalContext attribute that supplies the default
    allowed: Range | None = None

    def convert(self, raw: Any) -> Any:
        if self.type is bool and isinstance(raw, str):
            lowered = raw.lower()
            if lowered not in {"true", "false", "on", "off", "1", "0", "yes", "no"}:
                raise UsageError(f"parameter {self.name}: expected a boolean, got {raw!r}")
            value: Any = lowered in {"true", "on", "1", "yes"}
        elif self.type in (int, float):
            check_number(self.name, raw, self.allowed, integer=self.type is int)
            value = self.type(float(raw)) if self.type is int else float(raw)
        else:
            try:
                value = self.type(raw)
            except (TypeError, ValueError):
                raise UsageError(f"parameter {self.name}: expected {self.type.__name__}, "
                                 f"got {raw!r}") from None
        if self.choices is not None and value not in self.choices:
            raise UsageError(f"parameter {self.name}: {value!r} is not one of "
                             f"{', '.join(map(str, self.choices))}")
        return value


@dataclass(frozen=True)
class MeasureDef:
    """One measure, declared once: name, family, parameters, cut-off kind, documentation."""

    name: str
    family: str
    doc: str
    params: tuple[Param, ...] = ()
    cutoff: CutoffKind = "none"
    cutoff_default: float | int | None = None
    cutoff_doc: str = ""
    cutoff_range: Range | None = None  # float cut-offs; integer cut-offs are >= 1
    aggregate: Literal["mean", "sum", "gmean"] = "mean"  # over topics (trec_eval: counts summed)
    ranks: bool = True  # higher = a better run; False: a diagnostic (no run is its best)
    inert: tuple[Inert, ...] = ()  # parameters without effect under others' values

    def __post_init__(self) -> None:
        # help(sdreval.api.nxCG) shows the measure, with its paper and equation, as
        # ir_measures' objects do, not this class's docstring
        object.__setattr__(self, "__doc__", f"{self.synopsis()}\n\n{self.doc}".rstrip())

    def synopsis(self) -> str:
        """``name(parameter=default, ...)`` and the cut-off (``@k``, ``[@k]``, ``@r``), as
        ``sdreval measures`` lists it."""
        params = ", ".join(f"{p.name}={p.default!r}" for p in self.params)
        cutoff = {"none": "", "int": "@k", "float": "@r", "optional-int": "[@k]",
                  "optional-float": "[@r]"}[self.cutoff]
        return f"{self.name}{f'({params})' if params else ''}{cutoff}"

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        from .aliases import did_you_mean

        known = ", ".join(p.name for p in self.params) or "none"
        hint = did_you_mean(name, [p.name for p in self.params])
        raise UsageError(f"measure {self.name} has no parameter {name!r}{hint} "
                         f"(parameters: {known})")

    def __call__(self, cutoff: float | int | None = None, **params: Any) -> "Measure":
        """Build a measure object: ``nxCG(k=10, quant="gen")`` style (``k``/``r``/``at`` = the
        cut-off; one cut-off, given once)."""
        from .aliases import cutoff_key  # k, r, at, IPrec's recall (a parameter named r is not)
        given = [a for a in params if cutoff_key(self, a)]
        given += ["cutoff"] * (cutoff is not None)  # P(10, k=5): the first argument
        if len(given) > 1:
            raise UsageError(f"measure {self.name}: the cut-off is given {len(given)} times "
                             f"({', '.join(given)}); give it once")
        for alias in given[:1] if cutoff is None else ():
            cutoff = params.pop(alias)
        return make_measure(self, params, cutoff, pending=True)  # P(rel=2) @ 5 may follow

    def __matmul__(self, cutoff: float | int) -> "Measure":
        """``P @ 10``: the measure with that cut-off (ir_measures' notation)."""
        return make_measure(self, {}, cutoff)


@dataclass(frozen=True)
class Measure:
    """A measure with its parameter values; ``text`` is the name as typed."""

    definition: MeasureDef
    params: tuple[tuple[str, Any], ...]
    cutoff: float | int | None
    text: str

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def family(self) -> str:
        return self.definition.family

    def get(self, name: str, ctx: Any = None) -> Any:
        """Parameter value: explicit in the name, else the context default, else the
        definition's default."""
        for key, value in self.params:
            if key == name:
                return value
        param = self.definition.param(name)
        if ctx is not None and param.context_key:
            value = getattr(ctx, param.context_key, None)
            if value is not None:  # an option's value is checked like one in the name
                return param.convert(value)
        return param.default

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Measure({self.text!r})"

    def __matmul__(self, cutoff: float | int) -> "Measure":
        """``nDCG(gains="exp") @ 10``: the same measure with that cut-off."""
        return make_measure(self.definition, dict(self.params), cutoff)


#: every measure by name and every family kernel by family name; a built-in family's module is
#: imported on the first lookup of one of its names (``declared.py``)
MEASURES: Declared = Declared(MEASURE_MODULES)
FAMILIES: Declared = Declared(FAMILY_MODULES)


def register_measure(definition: MeasureDef) -> MeasureDef:
    if MEASURES.registered(definition.name):
        raise UsageError(f"measure {definition.name!r} is already registered")
    MEASURES[definition.name] = definition
    return definition


def register_family(name: str, compute: Callable[..., dict[str, dict[str, float]]],
                    relevant: Callable[..., frozenset] | None = None) -> None:
    """Register a family kernel and, optionally, how it decides which topics have something
    relevant for one of its measures (default: anything judged relevant).

    ``FAMILIES[name]`` is the kernel with the topic policy applied to its values (a topic with
    nothing relevant under a measure's quantisation is NaN; ``measures/topics.py``), so every
    path that calls a family -- serial, parallel, streaming -- follows the same rule."""
    from .topics import RELEVANCE, apply_topic_policy

    if relevant is not None:
        RELEVANCE[name] = relevant

    def with_topic_policy(measures, qrels, run, topics, ctx):
        for measure in measures:  # a parameter without effect under the options: refused
            check_inert(measure, ctx)
        values = compute(measures, qrels, run, topics, ctx)
        apply_topic_policy(measures, qrels, topics, values, ctx)
        return values

    with_topic_policy.kernel = compute  # type: ignore[attr-defined]
    with_topic_policy.__doc__ = compute.__doc__
    FAMILIES[name] = with_topic_policy


def _format_value(value: Any) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def _check_choice(definition: MeasureDef, param: Param, raw: Any) -> None:
    """Refuse a string value outside the parameter's choices (or an unknown quantisation)
    with a did-you-mean (``quant=sgo`` -> ``sog``)."""
    from .aliases import did_you_mean

    if not isinstance(raw, str) or param.type is not str:
        return
    if param.choices is not None:
        choices = [str(c) for c in param.choices]
    elif param.name == "quant":
        from ..judgements.quantise import QUANTISATIONS

        choices = list(QUANTISATIONS)
    else:
        return
    if raw not in choices:
        raise UsageError(f"measure {definition.name}: {param.name}={raw} is not one of "
                         f"{', '.join(choices)}{did_you_mean(raw, choices)}")


def make_measure(definition: MeasureDef, params: dict[str, Any], cutoff: float | int | None,
                 text: str | None = None, pending: bool = False) -> Measure:
    """``pending``: a measure may lack the cut-off it needs, given next by ``@`` (P(rel=2)@5)."""
    converted = []
    for key, raw in params.items():
        param = definition.param(key)
        _check_choice(definition, param, raw)
        try:
            converted.append((key, param.convert(raw)))
        except UsageError as error:
            raise UsageError(f"measure {text or definition.name}: {error}") from None
    given_cutoff = cutoff is not None  # a default cut-off is not part of the name as typed
    if cutoff is None and definition.cutoff in ("int", "float"):
        if definition.cutoff_default is None and not pending:
            raise UsageError(f"measure {definition.name} needs a cut-off: "
                             f"{definition.name}@{'k' if definition.cutoff == 'int' else 'r'}")
        cutoff = definition.cutoff_default
    if cutoff is not None:
        if definition.cutoff == "none":
            raise UsageError(f"measure {definition.name} takes no cut-off")
        integer = definition.cutoff.endswith("int")
        allowed = AT_LEAST_ONE if integer else (definition.cutoff_range or Range())
        what = definition.cutoff_doc or ("rank k" if integer else "cut-off")
        try:
            check_number("cut-off", cutoff, allowed, integer=integer)
        except UsageError as error:
            raise UsageError(f"measure {text or definition.name}: bad cut-off {cutoff!r} "
                             f"({what}): {str(error).split(': ', 1)[1]}") from None
        cutoff = int(float(cutoff)) if integer else float(cutoff)
    if text is None:
        inner = ",".join(f"{k}={_format_value(v)}" for k, v in converted)
        text = definition.name + (f"({inner})" if inner else "")
        if given_cutoff:
            text += f"@{cutoff}"
    return check_inert(Measure(definition, tuple(converted), cutoff, text))  # param_rules


_SYNTAX = re.compile(r"^\s*([A-Za-z_][\w\-]*)\s*(?:\(([^()]*)\))?\s*(?:@\s*([^@\s()]+))?\s*$")


def _unquote(value: str) -> str:
    """``"exp-log2"`` or ``'sog'`` (ir_measures quotes string values) -> the bare value."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def parse_measure(text: str | Measure) -> Measure:
    """Parse ``Name(param=value,...)@cutoff`` (parameters and cut-off optional).

    trec_eval names (``map``, ``P_10``, ``ndcg_cut_10``) and ir_measures spellings (``MRR``,
    ``R@100``, ``nDCG(dcg="exp-log2")@10``) are read through :mod:`.aliases`; the measure keeps
    ``text`` as typed.  Unknown names and parameters get a did-you-mean suggestion."""
    if isinstance(text, Measure):
        return complete(text)
    hit = _PARSED.get(text) if isinstance(text, str) else None  # asked again (every run)
    if hit is not None and MEASURES.registered(hit.name) and MEASURES[hit.name] is hit.definition:
        return hit
    measure = _parse_measure(text)
    if isinstance(text, str) and len(_PARSED) < 4096:
        _PARSED[text] = measure
    return measure


def _several(text: str) -> str:
    """``; one measure per name: -m A -m B`` when ``text`` is several measure names separated
    by spaces (ir_measures' command line takes them so), else an empty string."""
    words = text.split()
    try:
        if len(words) < 2 or not all(_parse_measure(word) for word in words):
            return ""
    except UsageError:
        return ""
    return ("; one measure per name (ir_measures' command line takes a list separated by "
            f"spaces): {' '.join('-m ' + w for w in words)}, or a list in Python")


#: measures parsed from text (a :class:`Measure` is immutable; a hit counts while its
#: definition is still the one registered under its name)
_PARSED: dict[str, Measure] = {}


def _parse_measure(text) -> Measure:
    """:func:`parse_measure` of text (or an ir_measures measure)."""
    from . import aliases

    if hasattr(text, "sdreval") and hasattr(text, "_sdreval"):  # the ir_measures bridge's
        return text.sdreval()
    stripped = text.strip() if isinstance(text, str) else text
    if not isinstance(stripped, str):
        raise UsageError(f"cannot read a measure from {type(text).__name__}")
    trec = aliases.trec_name(stripped)
    if trec is not None:
        name, cutoff_text = trec
        return make_measure(MEASURES[name], {}, cutoff_text, stripped)
    with_param = aliases.trec_param_name(stripped)
    if with_param is not None:
        return make_measure(MEASURES[with_param[0]], with_param[1], None, stripped)
    ranx = aliases.ranx_name(stripped)
    if ranx is not None:
        return make_measure(MEASURES[ranx[0]], ranx[1], ranx[2], stripped)
    match = _SYNTAX.match(stripped)
    if match is None:
        raise UsageError(f"cannot parse measure {text!r}; expected Name(param=value,...)@cutoff"
                         + _several(stripped))
    name, inner, cutoff = match.groups()
    name = aliases.canonical_name(name, cutoff is not None) or name
    definition = MEASURES.get(name)
    if definition is None:
        hint = aliases.unknown_hint(name, MEASURES)
        raise UsageError(f"unknown measure {name!r}{hint}; `sdreval measures` lists them")
    params: dict[str, str] = {}
    spelt: dict[str, str] = {}  # the parameter as typed (dcg for nDCG's gains)
    if inner and "{" in inner:  # ir_measures' gain map nDCG(gains={0:0,1:1,2:3})
        raise UsageError(f"measure {text!r}: a map of grades to gains is not taken (parameter "
                         "values are single values, `sdreval measures` lists them); map the "
                         "grades in the qrels instead")
    if inner and inner.strip():
        for item in inner.split(","):
            if "=" not in item:
                raise UsageError(f"measure {text!r}: parameter {item.strip()!r} needs name=value")
            key, value = (part.strip() for part in item.split("=", 1))
            if aliases.cutoff_key(definition, key) and definition.cutoff != "none":
                raise UsageError(f"measure {text!r}: the cut-off is written after @ "
                                 f"({definition.name}@{value}), not as a parameter {key}")
            typed = key
            key, value = aliases.translate_param(definition.name, key, _unquote(value))
            if key in params:
                other = next((t for t in (typed, spelt.get(key)) if t and t != key), None)
                note = f" ({other}= is ir_measures' spelling of {key}=)" if other else ""
                raise UsageError(f"measure {text!r}: parameter {key!r} given twice{note}")
            spelt[key] = typed
            params[key] = value
    return make_measure(definition, params, cutoff, stripped)


@dataclass
class EvalContext:
    """Evaluation-wide settings (CLI options) that supply measure defaults, plus shared
    inputs and a place for warnings.  ``None`` means "the measure's own default"."""

    quant: str | None = None
    overlap: str | None = None
    alpha: float | None = None
    ideal: str | None = None
    beta: float | None = None
    bep_distance: int | None = None
    order: str = "file"
    depth: int | None = None  # trec_eval -M: evaluate only the first depth results
    rel_level: float | None = None  # trec_eval -l: binary measures count value >= level
    compat: str | None = None
    zero_rel: bool = False  # topics with nothing relevant score 0 in the means (trec_eval)
    strict: bool = False
    collection: Any = None
    navigation: Any = None
    collection_elements: int | None = None
    warnings: list[str] = field(default_factory=list)
    cache: dict = field(default_factory=dict)

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def state_settings(self) -> None:
        """Check the user's options, once, where the context is made from them (command line
        or API): :func:`.param_rules.check_settings`."""
        check_settings(self)


__all__ = ["AT_LEAST_ONE", "NON_NEGATIVE", "POSITIVE", "UNIT", "UNIT_OPEN_LOW", "Range",
           "check_number", "Param", "MeasureDef", "Measure", "MEASURES", "FAMILIES",
           "register_measure", "register_family", "make_measure", "parse_measure",
           "EvalContext"]
