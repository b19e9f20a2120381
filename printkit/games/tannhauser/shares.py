"""Chances as printed percentages: halves rounded up exactly, never 100 % or 0 % unless certain."""

from __future__ import annotations

from fractions import Fraction


def percent(p: Fraction, decimals: int = 0) -> str:
    """p as a percentage with `decimals` places, half up on the exact value ('12.5' -> '13').

    A chance that is not certain but would round to 100 or 0 gets one more place ('99.6'), and
    where even that would, shows as '>99.9' or '<0.1': no table prints a certainty not there."""
    rounded = _round(p, decimals)
    if not 0 < p < 1 or 0 < rounded < 100 * 10**decimals:
        return _fixed(rounded, decimals)
    finer = decimals + 1
    closer = _round(p, finer)
    if 0 < closer < 100 * 10**finer:
        return _fixed(closer, finer)
    return ">" + _fixed(100 * 10**finer - 1, finer) if closer else "<" + _fixed(1, finer)


def _round(p: Fraction, decimals: int) -> int:
    """p in percent, in units of 10**-decimals, halves rounded up (exactly: p is a fraction)."""
    scale: int = 10**decimals
    value = p * 100 * scale + Fraction(1, 2)
    return value.numerator // value.denominator


def _fixed(units: int, decimals: int) -> str:
    """An integer count of 10**-decimals as a decimal number: _fixed(1250, 2) -> '12.50'."""
    if not decimals:
        return str(units)
    return f"{units // 10**decimals}.{units % 10**decimals:0{decimals}d}"
