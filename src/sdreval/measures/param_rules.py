"""Rules on measure parameters: the ranges of numbers (:class:`Range`, :func:`check_number`),
and parameters that have no effect under the settings of others, declared with each measure.

A measure declares :class:`Inert` rules (``MeasureDef.inert``): parameter ``param`` has no
effect when each of the other parameters in ``when`` has one of the listed values (``None``:
when it is given in the name at all).  One place applies them, on every path:

* parsing (:func:`~.registry.make_measure`): a parameter given in the name that has no effect
  under the name's own settings (or the defaults) is refused, unless it only spells out its
  default value (then the evaluation warns);
* evaluating (every family call, :func:`~.registry.register_family`): the same, with the other
  parameters' values from the evaluation's options (``--ideal full`` and ``keep=``);
* the options check of the command line: an option (``--bep-distance``) whose parameter has no
  effect on any measure evaluated is said to be unused.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import UsageError

if TYPE_CHECKING:  # annotations only: the registry imports this module
    from .registry import Measure


@dataclass(frozen=True)
class Range:
    """Allowed values of a numeric parameter or cut-off: an interval, each end open or closed
    (None: unbounded).  Numbers are always finite (NaN and infinities are refused).  ``why``:
    why the ends are where they are and what to write instead, said with a refusal."""

    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    why: str = ""

    def __contains__(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            return False
        return not (self.high is not None
                    and (value >= self.high if self.high_open else value > self.high))

    def describe(self, name: str) -> str:
        """``0 <= alpha <= 1``, ``beta >= 0``, ``0 < l <= 1``, ``a finite number``."""
        low = None if self.low is None else f"{self.low:g} {'<' if self.low_open else '<='} "
        high = None if self.high is None else f" {'<' if self.high_open else '<='} {self.high:g}"
        if low and high:
            return f"{low}{name}{high}"
        if low:
            return f"{name} {'>' if self.low_open else '>='} {self.low:g}"
        if high:
            return f"{name}{high}"
        return f"{name} a finite number"


#: common ranges
NON_NEGATIVE = Range(0.0)
POSITIVE = Range(0.0, low_open=True)
UNIT = Range(0.0, 1.0)                      # [0, 1]
UNIT_OPEN_LOW = Range(0.0, 1.0, low_open=True)  # (0, 1]
AT_LEAST_ONE = Range(1.0)
#: RBP's persistence p (RBP, TrecRBP and their residuals)
PERSISTENCE_RANGE = Range(
    0.0, 1.0, True, True,
    why="RBP weighs rank i by (1 − p)·p^(i−1), the chance that a user who goes on to the next "
        "rank with probability p stops there (Moffat & Zobel 2008, Eq. 2): with p = 1 the user "
        "never stops, the expected depth 1/(1 − p) is infinite and every weight is 0 (trec_eval "
        "prints 0 for every run); with p = 0 only rank 1 counts. Write p=0.95 or p=0.99 for a "
        "patient user, P@1 for rank 1 alone")


def check_number(name: str, value: Any, allowed: Range | None, integer: bool = False) -> None:
    """Raise a :class:`UsageError` naming ``name`` and its allowed range if ``value`` is not
    a finite number in ``allowed`` (an integer if ``integer``)."""
    kind = "an integer" if integer else "a number"
    rule = allowed.describe(name) if allowed is not None else f"{name} {kind}"
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"parameter {name}: expected {kind}, got {value!r} "
                         f"(allowed: {rule})") from None
    if not math.isfinite(number):
        raise UsageError(f"parameter {name}: {value!r} is not a finite number "
                         f"(allowed: {rule})")
    if integer and number != int(number):
        raise UsageError(f"parameter {name}: expected an integer, got {value!r} "
                         f"(allowed: {rule})")
    if allowed is not None and number not in allowed:
        raise UsageError(f"parameter {name}: {value!r} is out of range (allowed: {rule})"
                         + (f": {allowed.why}" if allowed.why else ""))


@dataclass(frozen=True)
class Inert:
    """``param`` has no effect when every ``(other, values)`` of ``when`` holds (``values``
    None: ``other`` given in the name); ``why`` says why (with the paper), ``instead`` what to
    write.  ``always``: refused even at its default value (two parameters that contradict)."""

    param: str
    when: tuple[tuple[str, tuple | None], ...]
    why: str
    instead: str
    always: bool = False


def _holds(measure: Measure, rule: Inert, ctx: Any) -> tuple[bool, list[str]]:
    """Whether ``rule``'s condition holds for ``measure`` (its name's values, else ``ctx``'s,
    else the defaults), and the settings that make it hold, as text."""
    given = dict(measure.params)
    said = []
    for other, values in rule.when:
        if values is None:
            if other not in given:
                return False, []
            said.append(f"{other}={_text(given[other])}")
            continue
        key = measure.definition.param(other).context_key
        if other in given:
            value, where = given[other], ""
        elif ctx is None and key:  # an option may set it: decided when evaluating
            return False, []
        else:
            value = measure.get(other, ctx)
            where = (" (from the evaluation's options)" if key and getattr(ctx, key, None)
                     is not None else " (the default)")
        if value not in values:
            return False, []
        said.append(f"{other}={_text(value)}{where}")
    return True, said


def _text(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def inert_params(measure: Measure, ctx: Any = None) -> dict[str, Inert]:
    """The parameters of ``measure`` that have no effect under its settings (given in the name
    or not), each with its rule."""
    found: dict[str, Inert] = {}
    for rule in getattr(measure.definition, "inert", ()):
        if rule.param not in found and _holds(measure, rule, ctx)[0]:
            found[rule.param] = rule
    return found


def complete(measure: Measure) -> Measure:
    """``measure``, refused where it lacks the cut-off it needs (``P(rel=2)`` made in Python,
    waiting for ir_measures' ``@ 5``)."""
    definition = measure.definition
    if measure.cutoff is None and definition.cutoff in ("int", "float") and \
            definition.cutoff_default is None:
        at = "k" if definition.cutoff == "int" else "r"
        raise UsageError(f"measure {measure.text} needs a cut-off: {measure.text}@{at}")
    return measure


def check_inert(measure: Measure, ctx: Any = None) -> Measure:
    """``measure``, after refusing a parameter given in its name that has no effect under its
    settings (and ``ctx``'s); one that only spells out its default value is warned of (in
    ``ctx``)."""
    given = dict(measure.params)
    for rule in getattr(measure.definition, "inert", ()):
        if rule.param not in given:
            continue
        holds, said = _holds(measure, rule, ctx)
        if not holds:
            continue
        value = given[rule.param]
        default = measure.definition.param(rule.param).default
        where = f" with {' and '.join(said)}" if said else ""
        text = (f"measure {measure.text}: {rule.param}={_text(value)} has no effect{where}: "
                f"{rule.why}")
        if rule.always or value != default:
            raise UsageError(f"{text}; {rule.instead}")
        if ctx is not None and hasattr(ctx, "warn"):
            ctx.warn(f"{text} ({rule.param}={_text(value)} is its default; {rule.instead})")
    return measure


def check_settings(ctx: Any) -> None:
    """The evaluation's options (command line or API), once, where the context is made: ``alpha``
    and ``overlap`` together are refused (both set XCG's α); a ``rel_level`` of 0 or below is
    refused, as the command line's ``-l`` (trec_eval's ``-l 0`` counts grade 0 relevant, and
    sdreval's threshold counts grades >= level > 0); a fractional ``rel_level`` is a threshold
    on the grade, where trec_eval reads ``-l`` as a whole number (``atol``): warned.  An empty
    ``quant`` (``quant=""``, an unset variable) is refused rather than taken for the default."""
    if isinstance(ctx.quant, str) and not ctx.quant.strip():
        raise UsageError("quant: an empty quantisation name; leave it out (None) for the "
                         "generalised function of the qrels' scale")
    if ctx.alpha is not None and ctx.overlap is not None:
        raise UsageError(f"--alpha {_text(ctx.alpha)} and --overlap {ctx.overlap} both set the XCG "
                         "overlap penalty α (Kazai & Lalmas 2006, §5.2.3): give one (--overlap "
                         "on is --alpha 1, --overlap off is --alpha 0)")
    level = ctx.rel_level
    if level is not None:
        try:
            level = float(level)
        except (TypeError, ValueError):
            raise UsageError(f"rel_level (-l): expected a number, got {level!r}") from None
    if level is not None and not (level > 0 and math.isfinite(level)):
        raise UsageError(f"rel_level (-l) {level:g}: the relevance level must be a finite number "
                         "> 0 (relevant iff grade >= level); trec_eval's -l 0 counts grade 0 "
                         "relevant, which sdreval does not; for any positive grade, leave it "
                         "unset")
    if level is not None and level != int(level):
        ctx.warn(f"-l {level:g}: relevant iff grade >= {level:g} (on whole grades, >= "
                 f"{int(level) + 1}); trec_eval reads -l as a whole number "
                 f"(trec_eval -l {int(level)})")
