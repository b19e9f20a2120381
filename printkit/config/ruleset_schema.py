"""The shape of a ruleset file: the part every game shares, composed with the game's own part."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any

from .model import Terrain
from .schema import IDENT, Boolean, Checker, Choice, Colour, Field, Integer, ListOf, Localized, Record, Text
from .yamlsource import Key

# The hatchings printed maps know (drawn by printkit.maps.sheet); a terrain names one in its ruleset.
PATTERNS = ("peaks", "reeds", "trees", "waves", "deep-waves", "dots", "cross")

TERRAIN_FIELDS: dict[str, Field] = {
    "id": Field(IDENT, required=True),
    "name": Field(Localized(max_len=40), required=True),
    "short": Field(Localized(max_len=20)),
    "colour": Field(Colour(), required=True),
    "letter": Field(Text(max_len=1, pattern=r"[A-Z]", pattern_hint="one capital letter")),
    "water": Field(Boolean(), default=False, doc="a water terrain: rivers flow into it, ships sail it"),
    "pattern": Field(
        Choice(list(PATTERNS)),
        doc="how a printed map hatches its cells, so that the map reads in grey: " + ", ".join(PATTERNS),
    ),
}


def base_fields(families: list[str], terrain: Record) -> dict[str, Field]:
    """The keys every ruleset has; `terrain` is the terrain record with the game's own keys."""
    return {
        "id": Field(IDENT, required=True),
        "family": Field(
            Text(max_len=40, pattern=r"[a-z][a-z0-9_-]*", pattern_hint="a game id"),
            doc="the game this ruleset belongs to: " + ", ".join(families) + " (default: the id)",
        ),
        "title": Field(Localized(max_len=80), required=True),
        "players": Field(
            Record({"min": Field(Integer(1, 8), default=2), "max": Field(Integer(1, 8), default=4)}),
            default={"min": 2, "max": 4},
        ),
        "terrains": Field(ListOf(terrain, min_items=1, max_items=20), required=True),
        "booklet": Field(
            Text(max_len=200, printed=False),
            doc="the rules text for the booklet: a file next to the ruleset, or a bundled rules text by name",
        ),
    }


def _check_base(data: dict[str, Any], key: Key, ck: Checker) -> None:
    ids = [t["id"] for t in data["terrains"]]
    for i, tid in enumerate(ids):
        if tid in ids[:i]:
            ck.fail((*key, "terrains", i, "id"), f"terrain id {tid!r} appears twice")
    if data["players"]["min"] > data["players"]["max"]:
        ck.fail((*key, "players"), "min is larger than max")


@dataclass(frozen=True)
class GameSchema:
    """A game's schema module, read once: what it adds to rulesets and session configs."""

    ruleset_fields: Mapping[str, Field]
    terrain_fields: Mapping[str, Field]
    player_fields: Mapping[str, Field]
    session_fields: Mapping[str, Field]
    map_fields: Mapping[str, Field]
    map_object_fields: Mapping[str, Field]
    module: ModuleType | None

    @classmethod
    def of(cls, module: ModuleType | None) -> GameSchema:
        def fields(name: str) -> Mapping[str, Field]:
            return MappingProxyType(dict(getattr(module, name, {}) or {}))

        return cls(fields("RULESET_FIELDS"), fields("TERRAIN_FIELDS"), fields("PLAYER_FIELDS"),
                   fields("SESSION_FIELDS"), fields("MAP_FIELDS"), fields("MAP_OBJECT_FIELDS"), module)  # fmt: skip

    def hook(self, name: str) -> Any:
        return getattr(self.module, name, None) if self.module else None


def ruleset_record(schema: GameSchema, families: list[str]) -> Record:
    """The whole ruleset record of one game: the shared keys and the game's own."""
    terrain = Record({**TERRAIN_FIELDS, **schema.terrain_fields})
    game_check = schema.hook("check_ruleset")

    def check(data: dict[str, Any], key: Key, ck: Checker) -> None:
        _check_base(data, key, ck)
        if game_check is not None:
            game_check(data, key, ck)

    return Record({**base_fields(families, terrain), **schema.ruleset_fields}, check=check)


def build_terrains(data: dict[str, Any]) -> tuple[Terrain, ...]:
    """The shared terrain records (a game keeps its own richer ones in its part)."""
    return tuple(Terrain(**terrain_base(t)) for t in data["terrains"])


def terrain_base(t: dict[str, Any]) -> dict[str, Any]:
    """The shared fields of one checked terrain, ready for Terrain(**...) or a game's subclass."""
    return {
        "id": t["id"],
        "name": MappingProxyType(t["name"]),
        "short": MappingProxyType(t["short"] or t["name"]),
        "colour": t["colour"].upper(),
        "letter": t["letter"],
        "water": t["water"],
        "pattern": t["pattern"],
    }
