"""Frozen records of Tannhäuser: the die, the odds table's ranges and the cost of moving onto a circle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.plugin import Ruleset, Session, part_of

# The game modes and difficulty levels of the rules (V.B, V.A) and the soldiers each level lets back.
MODES = ("story", "death-match", "capture-the-flag", "domination")
LEVELS = {"easy": 2, "normal": 1, "hard": 0}


@dataclass(frozen=True)
class SheetSizes:
    """How many boxes the record sheets print: printkit's choices, since the excerpt gives none."""

    turns: int = 12  # game turns on the turn track
    points: int = 20  # victory points to cross off
    rows: int = 6  # rows of values copied from a character's card (wounds move down, healing up)
    slots: int = 6  # equipment slots to write in
    secondary: int = 4  # secondary tasks to tick


@dataclass(frozen=True)
class TannhauserRules:
    """Tannhäuser's figures: a pool's die, the ranges its odds table prints, circle costs and the
    sizes of the record sheets."""

    die: int
    table_dice: tuple[int, int]
    table_difficulties: tuple[int, int]
    move_cost: Mapping[str, int]
    sheet: SheetSizes = SheetSizes()


def tannhauser_of(ruleset: Ruleset) -> TannhauserRules:
    """The Tannhäuser part of a ruleset."""
    return part_of(ruleset, TannhauserRules)


@dataclass(frozen=True)
class Character:
    """One character of a team as the config gives it: stats unhurt, skills and equipment."""

    name: str
    role: str  # hero or soldier
    movement: int | None = None
    stamina: int | None = None
    psyche: int | None = None
    skills: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()


@dataclass(frozen=True)
class TannhauserSession:
    """The Tannhäuser part of a session: mode, level and each player's team (possibly empty)."""

    mode: str | None
    level: str | None
    teams: tuple[tuple[Character, ...], ...]


def tannhauser_session(session: Session) -> TannhauserSession:
    """The Tannhäuser part of a session."""
    return part_of(session, TannhauserSession)
