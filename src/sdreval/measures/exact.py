"""Exact sums of float64 values, so that means over topics do not depend on how the topics
were cut into partitions or in which order partial sums were added.

Every finite float64 is an integer multiple of 2**-1074, so a sum of them is an integer times
a power of two: :class:`ExactSum` keeps that integer (a Python int) and the count.  Partial
sums of topic partitions add up exactly (:meth:`ExactSum.__add__`); a mean is the exact sum
divided by the count, rounded once (:meth:`ExactSum.mean`), the float nearest the true mean.
The work is vectorised: values are split by binary exponent into 18-bit pieces whose sums per
exponent are exact in float64 (:func:`exact_sum`).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: bits of a float64 significand, cut into pieces of _PIECE bits (3 x 18 >= 53)
_BITS, _PIECE = 53, 18
#: sums of at most this many pieces of _PIECE bits are exact in float64 (2**53 / 2**18)
_BLOCK = 1 << (_BITS - _PIECE)


@dataclass(frozen=True)
class ExactSum:
    """``numerator * 2**exponent``, the exact sum of ``count`` values."""

    numerator: int = 0
    exponent: int = 0
    count: int = 0

    def __add__(self, other: "ExactSum") -> "ExactSum":
        if isinstance(other, _Infinite):
            return other + self
        low = min(self.exponent, other.exponent)
        total = (self.numerator << (self.exponent - low)) + \
            (other.numerator << (other.exponent - low))
        return ExactSum(total, low, self.count + other.count)

    def fraction(self) -> Fraction:
        return Fraction(self.numerator) * Fraction(2) ** self.exponent

    def total(self) -> float:
        """The sum, rounded once (an infinity past the largest float, as IEEE gives)."""
        exact = self.fraction()
        try:
            return float(exact)
        except OverflowError:
            return float("inf") if exact > 0 else float("-inf")

    def mean(self) -> float:
        """The mean, rounded once (NaN without values)."""
        if not self.count:
            return float("nan")
        return float(self.fraction() / self.count)


def exact_sum(values: np.ndarray) -> ExactSum:
    """The exact sum of the finite values (NaN left out, and not counted)."""
    values = np.asarray(values, dtype=np.float64)
    values = values[~np.isnan(values)]
    if values.size == 0:
        return ExactSum()
    if not np.isfinite(values).all():
        total = float(values.sum())  # an infinity: the sum is what IEEE arithmetic gives
        return _Infinite(0, 0, int(values.size), total)
    bits = values.view(np.uint64)  # sign, 11 exponent bits, 52 fraction bits
    field = ((bits >> np.uint64(52)) & np.uint64(0x7FF)).view(np.int64)
    exponent = np.maximum(field, 1)  # value = +-digits * 2**(exponent - 1075)
    digits = (bits & np.uint64((1 << 52) - 1)).view(np.int64)
    digits[field > 0] |= 1 << 52  # the implicit leading 1 of normal numbers
    sign = np.where(bits >> np.uint64(63), -1.0, 1.0)
    low = int(exponent.min())
    bins = exponent - low
    numerator = 0
    for start in range(0, values.size, _BLOCK):
        part = slice(start, start + _BLOCK)
        for shift in (0, _PIECE, 2 * _PIECE):
            piece = (digits[part] >> shift) & ((1 << _PIECE) - 1)
            sums = np.bincount(bins[part], weights=piece * sign[part])
            for position in np.flatnonzero(sums).tolist():
                numerator += int(sums[position]) << (position + shift)
    return ExactSum(numerator, low - 1075, int(values.size))


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
