"""Dice notation, exact distributions and replayable rolls: the referee's dice engine, knowing no game."""

from __future__ import annotations

from .dist import MAX_DIGITS, MAX_OUTCOMES, MAX_WORK, Dist, successes
from .notation import (
    COMPARE,
    EXPLODE_CAP,
    MAX_DICE,
    MAX_EXPLODE_CAP,
    MAX_LENGTH,
    MAX_NESTING,
    MAX_NUMBER,
    MAX_SIDES,
    DiceError,
    Expression,
    parse,
)
from .odds import Odds, odds
from .picture import Bar, chart
from .rolling import Roll, roll

__all__ = [
    "COMPARE",
    "EXPLODE_CAP",
    "MAX_DICE",
    "MAX_DIGITS",
    "MAX_EXPLODE_CAP",
    "MAX_LENGTH",
    "MAX_NESTING",
    "MAX_NUMBER",
    "MAX_OUTCOMES",
    "MAX_SIDES",
    "MAX_WORK",
    "Bar",
    "DiceError",
    "Dist",
    "Expression",
    "Odds",
    "Roll",
    "chart",
    "odds",
    "parse",
    "roll",
    "successes",
]  # fmt: skip
