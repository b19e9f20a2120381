"""The shape of a ruleset file: the part every game shares, composed with the game's own part."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any

from ..model import Terrain
from .schema import IDENT, Boolean, Checker, Choice, Colour, Field, Integer, ListOf, Localized, MapOf, Record, Text
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


def base_fields(families: list[str], terrain: Record, maps: bool) -> dict[str, Field]:
    """The keys every ruleset has; `terrain` is the terrain record with the game's own keys. A game
    that draws no maps (`maps` false) needs no terrains: its ruleset may leave them out."""
    terrains = (
        Field(ListOf(terrain, min_items=1, max_items=20), required=True, doc="the terrains of the game's maps")
        if maps
        else Field(ListOf(terrain, max_items=20), default=[], doc="the game draws no maps: terrains are optional")
    )
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
        "terrains": terrains,
        "booklet": Field(
            Text(max_len=200, printed=False),
            doc="the rules text for the booklet: a file next to the ruleset, or a bundled rules text by name",
        ),
        "documents": Field(
            MapOf(
                IDENT,
                Record({"name": Field(Localized(max_len=80), required=True), "mark": Field(Text(max_len=3))}),
                max_items=20,
            ),
            doc="the documents the figures come from: `own` (the game's rules) and any other, with the mark "
            "pages print beside a figure from it",
        ),
        "sources": Field(
            MapOf(
                Text(max_len=120, pattern=r"[a-z0-9_*.-]+", pattern_hint="a path like troops.mage.squads"),
                Text(max_len=200),
                max_items=2000,
            ),
            doc="where each figure comes from: a path (troops.*.cost) -> a document id and where in it",
        ),
    }


def _check_base(data: dict[str, Any], key: Key, ck: Checker) -> None:
    _check_sources(data, key, ck)
    ids = [t["id"] for t in data["terrains"]]
    for i, tid in enumerate(ids):
        if tid in ids[:i]:
            ck.fail((*key, "terrains", i, "id"), f"terrain id {tid!r} appears twice")
    if data["players"]["min"] > data["players"]["max"]:
        ck.fail((*key, "players"), "min is larger than max")


def _check_sources(data: dict[str, Any], key: Key, ck: Checker) -> None:
    """Every source names a declared document; the game's own carries no mark, every other one a mark
    of its own."""
    documents = data.get("documents") or {}
    if (data.get("sources") or documents) and "own" not in documents:
        ck.fail((*key, "documents"), "name the game's own rules document as `own`")
    marks: dict[str, str] = {}
    for doc_id, entry in documents.items():
        mark = entry.get("mark")
        if doc_id == "own" and mark:
            ck.fail((*key, "documents", doc_id, "mark"), "the game's own document carries no mark")
        elif doc_id != "own" and not mark:
            ck.fail((*key, "documents", doc_id), "give this document a mark for its figures on a page")
        elif mark and mark in marks:
            ck.fail((*key, "documents", doc_id, "mark"), f"the mark {mark!r} is {marks[mark]!r}'s already")
        elif mark:
            marks[mark] = doc_id
    for pattern, text in (data.get("sources") or {}).items():
        doc_id = text.split(" ", 1)[0]
        if doc_id not in documents:
            ck.fail((*key, "sources", pattern), f"no document {doc_id!r}; documents: {', '.join(documents)}")


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


def ruleset_record(schema: GameSchema, families: list[str], maps: bool) -> Record:
    """The whole ruleset record of one game: the shared keys and the game's own; `maps`: whether
    the game draws maps, and so needs terrains."""
    terrain = Record({**TERRAIN_FIELDS, **schema.terrain_fields})
    game_check = schema.hook("check_ruleset")

    def check(data: dict[str, Any], key: Key, ck: Checker) -> None:
        _check_base(data, key, ck)
        if game_check is not None:
            game_check(data, key, ck)

    return Record({**base_fields(families, terrain, maps), **schema.ruleset_fields}, check=check)


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
