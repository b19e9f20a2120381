"""Rulesets as data: the bundled games in printkit/games/ and ruleset files a user writes."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .model import Resource, Ruleset, SecretRules, Terrain
from .schema import (
    INVALID,
    Boolean,
    Checker,
    Choice,
    Colour,
    Field,
    Integer,
    ListOf,
    Localized,
    MapOf,
    Nullable,
    Record,
    Text,
)
from .yamlsource import Key, load_yaml

GAMES_DIR = Path(__file__).parent / "games"
SECTIONS = ("resources", "adventures")
IDENT = Text(max_len=40, pattern=r"[a-z][a-z0-9_-]*", pattern_hint="a lowercase id like 'forest'")

TERRAIN = Record(
    {
        "id": Field(IDENT, required=True),
        "name": Field(Localized(max_len=40), required=True),
        "short": Field(Localized(max_len=20)),
        "colour": Field(Colour(), required=True),
        "slots": Field(Integer(1, 99), default=10),
    }
)

RESOURCE = Record(
    {
        "name": Field(Localized(max_len=60), required=True),
        "days": Field(Integer(1, 10_000)),
        "price": Field(Integer(0, 1_000_000), required=True),
        "endless": Field(Boolean(), default=False),
    }
)


def _check_ruleset(data: dict[str, Any], key: Key, ck: Checker) -> None:
    ids = [t["id"] for t in data["terrains"]]
    for i, tid in enumerate(ids):
        if tid in ids[:i]:
            ck.fail((*key, "terrains", i, "id"), f"terrain id {tid!r} appears twice")
    slots = {t["id"]: t["slots"] for t in data["terrains"]}
    for tid, entries in data["resources"].items():
        if tid not in slots:
            ck.fail((*key, "resources", tid), f"unknown terrain {tid!r}; terrains are {', '.join(ids)}")
        elif len(entries) > slots[tid]:
            ck.fail(
                (*key, "resources", tid),
                f"lists {len(entries)} resources but the terrain has only {slots[tid]} numbers",
            )
        for i, entry in enumerate(entries):
            if entry is not None and entry["days"] is None and not entry["endless"]:
                ck.fail((*key, "resources", tid, i), "give 'days' or 'endless: true'")
    if data["players"]["min"] > data["players"]["max"]:
        ck.fail((*key, "players"), "min is larger than max")


RULESET = Record(
    {
        "id": Field(IDENT, required=True),
        "title": Field(Localized(max_len=80), required=True),
        "players": Field(
            Record({"min": Field(Integer(1, 8), default=2), "max": Field(Integer(1, 8), default=4)}),
            default={"min": 2, "max": 4},
        ),
        "terrains": Field(ListOf(TERRAIN, min_items=1, max_items=20), required=True),
        "secret_sheets": Field(
            Nullable(
                Record(
                    {
                        "holders": Field(Integer(2, 2), default=2),
                        "sections": Field(
                            ListOf(Choice(list(SECTIONS)), min_items=1, max_items=2), default=list(SECTIONS)
                        ),
                    }
                )
            )
        ),
        "resources": Field(MapOf(IDENT, ListOf(Nullable(RESOURCE), max_items=99)), default={}),
    },
    check=_check_ruleset,
)


def bundled_ids() -> list[str]:
    """Ids of the rulesets that ship with printkit."""
    return sorted(p.stem for p in GAMES_DIR.glob("*.yaml"))


@cache
def load_bundled(game_id: str) -> Ruleset:
    """A bundled ruleset by id (KeyError if there is none)."""
    path = GAMES_DIR / f"{game_id}.yaml"
    if game_id not in bundled_ids():
        raise KeyError(game_id)
    return load_ruleset_file(path, f"printkit/games/{game_id}.yaml")


def load_ruleset_file(path: Path, label: str | None = None) -> Ruleset:
    """Read and check one ruleset file; every problem is reported at once."""
    doc = load_yaml(path, label)
    ck = Checker(doc)
    data = RULESET.check(doc.data, (), ck)
    ck.raise_if_any()
    assert data is not INVALID
    return _build(data, path)


def _build(data: dict[str, Any], path: Path) -> Ruleset:
    terrains = tuple(
        Terrain(
            id=t["id"],
            name=MappingProxyType(t["name"]),
            short=MappingProxyType(t["short"] or t["name"]),
            colour=t["colour"].upper(),
            slots=t["slots"],
        )
        for t in data["terrains"]
    )
    resources = {
        tid: tuple(
            None
            if e is None
            else Resource(name=MappingProxyType(e["name"]), price=e["price"], days=e["days"], endless=e["endless"])
            for e in entries
        )
        for tid, entries in data["resources"].items()
    }
    secret = data["secret_sheets"]
    return Ruleset(
        id=data["id"],
        title=MappingProxyType(data["title"]),
        players_min=data["players"]["min"],
        players_max=data["players"]["max"],
        terrains=terrains,
        secret=SecretRules(secret["holders"], tuple(secret["sections"])) if secret else None,
        resources=MappingProxyType(resources),
        source=path,
    )
