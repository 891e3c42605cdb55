"""The measure registry: every measure declared once, apart from the code computing it.

A :class:`MeasureDef` names a measure, its typed and documented parameters, whether it takes a
cut-off (``@k`` or ``@r``), and the *family* whose kernel computes it.  A :class:`Measure` is a
definition with parameter values, parsed from strings such as ``nxCG@10``,
``MAep(quant=sog,overlap=off)`` or ``gP(task=bic)@5`` (SPEC §11), and keeps the text exactly as
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

CutoffKind = Literal["none", "int", "float", "optional-int", "optional-float"]


@dataclass(frozen=True)
class Param:
    """A typed, documented measure parameter."""

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple | None = None
    context_key: str | None = None  # EvalContext attribute that supplies the default

    def convert(self, raw: Any) -> Any:
        if self.type is bool and isinstance(raw, str):
            lowered = raw.lower()
            if lowered not in {"true", "false", "on", "off", "1", "0", "yes", "no"}:
                raise UsageError(f"parameter {self.name}: expected a boolean, got {raw!r}")
            value: Any = lowered in {"true", "on", "1", "yes"}
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

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.params) or "none"
        raise UsageError(f"measure {self.name} has no parameter {name!r} (parameters: {known})")

    def __call__(self, cutoff: float | int | None = None, **params: Any) -> "Measure":
        """Build a measure object: ``nxCG(k=10, quant="gen")`` style (``k``/``r`` = cut-off)."""
        for alias in ("k", "r", "at"):
            if alias in params and (alias != "r" or "r" not in {p.name for p in self.params}):
                cutoff = params.pop(alias)
        return make_measure(self, params, cutoff)


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
            if value is not None:
                return param.convert(value) if isinstance(value, str) else value
        return param.default

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Measure({self.text!r})"


MEASURES: dict[str, MeasureDef] = {}
FAMILIES: dict[str, Callable[..., dict[str, dict[str, float]]]] = {}
#: family -> ``relevant(measure, qrels, ctx) -> frozenset of topics`` with something relevant
#: under the measure's own quantisation (the topic policy, ``measures/topics.py``).
RELEVANCE: dict[str, Callable[..., frozenset]] = {}


def register_measure(definition: MeasureDef) -> MeasureDef:
    if definition.name in MEASURES:
        raise UsageError(f"measure {definition.name!r} is already registered")
    MEASURES[definition.name] = definition
    return definition


def register_family(name: str, compute: Callable[..., dict[str, dict[str, float]]],
                    relevant: Callable[..., frozenset] | None = None) -> None:
    """Register a family kernel and, optionally, how it decides which topics have something
    relevant for one of its measures (default: anything judged relevant)."""
    FAMILIES[name] = compute
    if relevant is not None:
        RELEVANCE[name] = relevant


def _format_value(value: Any) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def make_measure(definition: MeasureDef, params: dict[str, Any],
                 cutoff: float | int | None, text: str | None = None) -> Measure:
    converted = []
    for key, raw in params.items():
        converted.append((key, definition.param(key).convert(raw)))
    if cutoff is None and definition.cutoff in ("int", "float"):
        if definition.cutoff_default is None:
            raise UsageError(f"measure {definition.name} needs a cut-off: "
                             f"{definition.name}@{'k' if definition.cutoff == 'int' else 'r'}")
        cutoff = definition.cutoff_default
    if cutoff is not None:
        if definition.cutoff == "none":
            raise UsageError(f"measure {definition.name} takes no cut-off")
        try:
            if definition.cutoff.endswith("int"):
                as_float = float(cutoff)
                if as_float != int(as_float) or as_float < 1:
                    raise ValueError
                cutoff = int(as_float)
            else:
                cutoff = float(cutoff)
        except (TypeError, ValueError):
            raise UsageError(f"measure {definition.name}: bad cut-off {cutoff!r}") from None
    if text is None:
        inner = ",".join(f"{k}={_format_value(v)}" for k, v in converted)
        text = definition.name + (f"({inner})" if inner else "")
        if cutoff is not None:
            text += f"@{cutoff}"
    return Measure(definition, tuple(converted), cutoff, text)


_SYNTAX = re.compile(r"^\s*([A-Za-z_][\w\-]*)\s*(?:\(([^()]*)\))?\s*(?:@\s*([^@\s()]+))?\s*$")


def parse_measure(text: str | Measure) -> Measure:
    """Parse ``Name(param=value,...)@cutoff`` (parameters and cut-off optional)."""
    if isinstance(text, Measure):
        return text
    match = _SYNTAX.match(text)
    if match is None:
        raise UsageError(f"cannot parse measure {text!r}; expected Name(param=value,...)@cutoff")
    name, inner, cutoff = match.groups()
    definition = MEASURES.get(name)
    if definition is None:
        lowered = {k.lower(): k for k in MEASURES}
        hint = lowered.get(name.lower())
        extra = f" (did you mean {hint}?)" if hint else ""
        raise UsageError(f"unknown measure {name!r}{extra}; `sdreval measures` lists them")
    params: dict[str, str] = {}
    if inner and inner.strip():
        for item in inner.split(","):
            if "=" not in item:
                raise UsageError(f"measure {text!r}: parameter {item.strip()!r} needs name=value")
            key, value = (part.strip() for part in item.split("=", 1))
            if key in params:
                raise UsageError(f"measure {text!r}: parameter {key!r} given twice")
            params[key] = value
    return make_measure(definition, params, cutoff, text.strip())


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
    compat: str | None = None
    strict: bool = False
    collection: Any = None
    navigation: Any = None
    collection_elements: int | None = None
    warnings: list[str] = field(default_factory=list)
    cache: dict = field(default_factory=dict)

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)
