"""Frozen records of Tannhäuser: the die, the odds table's ranges and the cost of moving onto a circle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...config.model import Ruleset, part_of


@dataclass(frozen=True)
class TannhauserRules:
    """Tannhäuser's figures: a pool's die, the ranges its odds table prints and circle costs."""

    die: int
    table_dice: tuple[int, int]
    table_difficulties: tuple[int, int]
    move_cost: Mapping[str, int]


def tannhauser_of(ruleset: Ruleset) -> TannhauserRules:
    """The Tannhäuser part of a ruleset."""
    return part_of(ruleset, TannhauserRules)
