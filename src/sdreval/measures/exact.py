"""Exact sums of float64 values, so that means over topics do not depend on how the topics
were cut into partitions or in which order partial sums were added.

Every finite float64 is an integer multiple of 2**-1074, so a sum of them is an integer times
a power of two: :class:`ExactSum` keeps that integer (a Python int) and the count.  Partial
sums of topic partitions add up exactly (:meth:`ExactSum.__add__`); a mean is the exact sum
divided by the count, rounded once (:meth:`ExactSum.mean`), the float nearest the true mean.
The work is vectorised: values are split into 18-bit pieces, each scaled by its binary
exponent's place in a window of 16 exponents, whose sums per window are exact in float64
(:func:`exact_sum`); only those sums become Python ints.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from fractions import Fraction

#: bits of a float64 significand, cut into pieces of _PIECE bits (3 x 18 >= 53)
_BITS, _PIECE = 53, 18
#: binary exponents are summed in windows of _WINDOW: a piece is scaled by its exponent's
#: place in its window (below 2**(18 + 15)), so a group needs a sum per window, not one per
#: exponent (each such sum costs a Python int operation: 30 ms for 400 means before)
_WINDOW_BITS = 4
_WINDOW = 1 << _WINDOW_BITS
#: sums of at most this many shifted pieces are exact in float64 (2**53 / 2**(18 + 16))
_BLOCK = 1 << (_BITS - _PIECE - _WINDOW)
#: windows of a group: the exponent field spans 0 .. 2047
_WINDOWS = (1 << 11) // _WINDOW


@dataclass(frozen=True)
class ExactSum:
    """``numerator * 2**exponent``, the exact sum of ``count`` values."""

    numerator: int = 0
    exponent: int = 0
    count: int = 0

    def __add__(self, other: "ExactSum") -> "ExactSum":
        # ``finite + infinite`` never lands here: Python calls the subclass's __radd__ first
        low = min(self.exponent, other.exponent)
        total = (self.numerator << (self.exponent - low)) + \
            (other.numerator << (other.exponent - low))
        return ExactSum(total, low, self.count + other.count)

    def fraction(self) -> Fraction:
        """The sum as a :class:`~fractions.Fraction`."""
        from fractions import Fraction

        return Fraction(self.numerator) * Fraction(2) ** self.exponent

    def _over(self, divisor: int) -> float:
        """``numerator * 2**exponent / divisor`` rounded once: Python's true division of two
        integers is correctly rounded (as ``float`` of the :meth:`fraction` is), and needs
        no :mod:`fractions` (with :mod:`decimal`, about 4 ms at every start)."""
        if self.exponent >= 0:
            return (self.numerator << self.exponent) / divisor
        return self.numerator / (divisor << -self.exponent)

    def total(self) -> float:
        """The sum, rounded once (an infinity past the largest float, as IEEE gives)."""
        try:
            return self._over(1)
        except OverflowError:
            return float("inf") if self.numerator > 0 else float("-inf")

    def mean(self) -> float:
        """The mean, rounded once (NaN without values)."""
        if not self.count:
            return float("nan")
        return self._over(self.count)


def exact_sum(values: np.ndarray) -> ExactSum:
    """The exact sum of the finite values (NaN left out, and not counted)."""
    values = np.asarray(values, dtype=np.float64)
    return exact_sums(values, np.zeros(values.size, dtype=np.int64), 1)[0]


def exact_sums(values: np.ndarray, groups: np.ndarray, n_groups: int) -> list[ExactSum]:
    """:func:`exact_sum` of the values of each group ``0 .. n_groups - 1`` (``groups[i]``: the
    group of ``values[i]``), all groups in the same few numpy calls."""
    values = np.asarray(values, dtype=np.float64)
    groups = np.asarray(groups, dtype=np.int64)
    present = ~np.isnan(values)
    values, groups = values[present], groups[present]
    counts = np.bincount(groups, minlength=n_groups).tolist()
    infinite = ~np.isfinite(values)
    odd = set(np.unique(groups[infinite]).tolist()) if infinite.any() else set()
    if odd:  # an infinity: the group's sum is what IEEE arithmetic gives
        keep = ~np.isin(groups, list(odd))
        totals = {g: float(values[groups == g].sum()) for g in odd}
        values, groups = values[keep], groups[keep]
    numerators = [0] * n_groups
    lows = [0] * n_groups
    if values.size:
        bits = values.view(np.uint64)  # sign, 11 exponent bits, 52 fraction bits
        field = ((bits >> np.uint64(52)) & np.uint64(0x7FF)).view(np.int64)
        exponent = np.maximum(field, 1)  # value = +-digits * 2**(exponent - 1075)
        digits = (bits & np.uint64((1 << 52) - 1)).view(np.int64)
        digits[field > 0] |= 1 << 52  # the implicit leading 1 of normal numbers
        sign = np.where(bits >> np.uint64(63), -1.0, 1.0)
        low = np.full(n_groups, 1 << 11, dtype=np.int64)
        np.minimum.at(low, groups, exponent)
        lows = low.tolist()
        exponent -= low[groups]  # the binary exponent above the group's lowest
        keys = groups * _WINDOWS
        keys += exponent >> _WINDOW_BITS  # (group, window of exponents)
        exponent &= _WINDOW - 1  # the place in the window
        scale = np.ldexp(sign, exponent, out=sign)  # the sign times 2**place
        del exponent, field
        for start in range(0, values.size, _BLOCK):
            part = slice(start, start + _BLOCK)
            for shift in (0, _PIECE, 2 * _PIECE):
                piece = (digits[part] >> shift) & ((1 << _PIECE) - 1)
                sums = np.bincount(keys[part], weights=piece * scale[part])
                where = np.flatnonzero(sums)
                for key, total in zip(where.tolist(), sums[where].tolist()):
                    numerators[key >> (11 - _WINDOW_BITS)] += \
                        int(total) << ((key & (_WINDOWS - 1)) * _WINDOW + shift)
    out: list[ExactSum] = []
    for g in range(n_groups):
        if g in odd:
            out.append(_Infinite(0, 0, counts[g], totals[g]))
        elif counts[g]:
            out.append(ExactSum(numerators[g], lows[g] - 1075, counts[g]))
        else:
            out.append(ExactSum())
    return out


@dataclass(frozen=True)
class _Infinite(ExactSum):
    """A sum with an infinite value: kept as a float."""

    value: float = 0.0

    def __add__(self, other: ExactSum) -> ExactSum:
        mine = self.value
        theirs = other.value if isinstance(other, _Infinite) else other.total()
        return _Infinite(0, 0, self.count + other.count, mine + theirs)

    __radd__ = __add__

    def total(self) -> float:
        return self.value

    def mean(self) -> float:
        return self.value / self.count if self.count else float("nan")
