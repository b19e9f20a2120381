"""Frozen records every game shares: a ruleset's common part, players and the session config."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .provenance import Provenance

if TYPE_CHECKING:
    from ..imposition import Printer
    from ..maps.grid import GameMap

Localized = Mapping[str, str]
Part = TypeVar("Part")


def fold(word: str) -> str:
    """How names are compared: case and ё/е do not matter."""
    return word.strip().casefold().replace("ё", "е")


@dataclass(frozen=True)
class Terrain:
    """A terrain as every game knows it; a game may extend it with its own figures (a subclass)."""

    id: str
    name: Localized
    short: Localized
    colour: str
    letter: str | None = None  # the cell letter in text maps
    water: bool = False  # a water terrain: rivers flow into it, ships sail it
    pattern: str | None = None  # how printed maps hatch it, so that it reads in grey (printkit.maps.sheet)


@dataclass(frozen=True)
class Ruleset:
    """The part of a ruleset every game has, plus `part`: the game's own frozen records."""

    id: str
    family: str  # which registered game this ruleset belongs to
    title: Localized
    players_min: int
    players_max: int
    terrains: tuple[Terrain, ...]
    source: Path
    part: object = None
    booklet: Path | None = None  # the rules text, read only when a booklet is printed
    provenance: Provenance = field(default_factory=Provenance)  # where each figure comes from

    def terrain(self, terrain_id: str) -> Terrain:
        for t in self.terrains:
            if t.id == terrain_id:
                return t
        raise KeyError(terrain_id)

    def find_terrain(self, word: str) -> Terrain | None:
        """A terrain by id or by any of its localized names, ignoring case."""
        folded = fold(word)
        for t in self.terrains:
            if folded in {fold(n) for n in (t.id, *t.name.values(), *t.short.values())}:
                return t
        return None


def part_of(owner: Ruleset | Session, kind: type[Part]) -> Part:
    """The game's own part of a ruleset or session, checked to be of the expected type."""
    part = owner.part
    if not isinstance(part, kind):
        name = owner.id if isinstance(owner, Ruleset) else owner.ruleset.id
        raise TypeError(f"{name} has no {kind.__name__}")
    return part


@dataclass(frozen=True)
class Player:
    """A player as every game knows them; game-specific fields live in the session's part."""

    name: str | None
    colour: str | None = None  # card backs, tokens, markers


@dataclass(frozen=True)
class Session:
    """A game night: which ruleset, who plays, the options printing uses, and the game's own part."""

    ruleset: Ruleset
    title: str | None
    language: str
    paper: str
    players: tuple[Player, ...]
    label: str
    folder: Path | None
    warnings: tuple[str, ...] = ()
    printer: Printer | None = None
    game_map: GameMap | None = None
    part: object = None
