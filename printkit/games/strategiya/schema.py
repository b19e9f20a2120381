"""The «Стратегия» parts of a ruleset and of a session config, and their frozen records."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from printkit.plugin.schema import (
    IDENT,
    Boolean,
    Checker,
    Choice,
    Field,
    Integer,
    Key,
    ListOf,
    Localized,
    MapOf,
    Nullable,
    Record,
    Text,
    terrain_base,
)

from .model import (
    DIRECTIONS,
    TOWN_KINDS,
    Battle,
    Building,
    HeroRules,
    Learning,
    LivesRules,
    Move,
    Offer,
    Resource,
    Rules,
    SecretRules,
    Ship,
    STerrain,
    StrategiyaMap,
    Tier,
    Turns,
)
from .party import PLAYER_FIELDS
from .session_schema import SESSION_FIELDS, build_session  # the registry reads a game's schema parts here

SECTIONS = ("resources", "adventures")
COUNT = Integer(0, 1000)

TERRAIN_FIELDS = {
    "slots": Field(Integer(1, 99), default=10),
    "move": Field(
        Record(
            {
                "base": Field(Integer(0, 99)),
                "fixed": Field(Integer(0, 99)),
                "needs": Field(ListOf(Choice(["ship", "flight", "bridge"]), min_items=1)),
            }
        )
    ),
    "experience": Field(Integer(-99, 99), default=0),
    "lives_per_turn": Field(Integer(-99, 99), default=0),
}

RESOURCE = Record(
    {
        "name": Field(Localized(max_len=60), required=True),
        "days": Field(Integer(1, 10_000)),
        "price": Field(Integer(0, 1_000_000), required=True),
        "endless": Field(Boolean(), default=False),
    }
)

HEROES = Record(
    {
        "per_player": Field(Integer(1, 12), default=4),
        "three_players": Field(
            ListOf(Integer(1, 12), min_items=3, max_items=3),
            doc="heroes of players 1, 2 and 3 in a three-player game (the rules: 2, 2 and 4)",
        ),
        "three_players_talk_every": Field(Integer(1, 100), default=10, doc="turns between the third player's talks"),
        "four_players": Field(
            ListOf(Integer(1, 12), min_items=4, max_items=4),
            doc="heroes of players 1 to 4 in a four-player game (the rules do not say)",
        ),
        "starting_points": Field(COUNT, default=5),
        "common_potential": Field(COUNT, default=3),
        "experience_per_point": Field(Integer(1, 1000), default=10),
        "lives": Field(
            Record(
                {
                    "base": Field(Integer(1, 1000), required=True),
                    "per_strength": Field(
                        Record({"every": Field(Integer(1, 100), required=True), "add": Field(COUNT, required=True)}),
                        required=True,
                    ),
                    "wounded_at": Field(COUNT, default=3),
                    "wounded_turns": Field(COUNT, default=10),
                    "slow_at": Field(COUNT, default=2),
                    "immobile_at": Field(COUNT, default=1),
                    "rest_heal": Field(COUNT, default=1),
                    "town_heal": Field(COUNT, default=3),
                }
            ),
            required=True,
        ),
        "border": Field(Record({"cells": Field(COUNT, default=1), "per_speed": Field(Integer(1, 100), default=4)})),
        "load": Field(
            Record(
                {
                    "days_per_cell": Field(Integer(1, 1000), default=10),
                    "strength_per_cell": Field(Integer(1, 100), default=4),
                }
            )
        ),
        "markers": Field(MapOf(Choice(["ru", "en"]), ListOf(ListOf(Text(max_len=3), min_items=1), min_items=1))),
    }
)

TIER = Record(
    {
        "from": Field(Integer(0, 1000), required=True),
        # The rules give closed ranges (7–10, 11–15, 15–25); whether a tier holds above its range is a reading.
        "to": Field(Integer(0, 1000)),
        "text": Field(Localized(max_len=300), required=True),
        "deathzone_move": Field(Integer(0, 99)),
        "deathzone_lives": Field(Integer(-99, 0)),
        "discount": Field(Integer(0, 100)),
    }
)

OFFER = Record(
    {
        "id": Field(IDENT, required=True),
        "name": Field(Localized(max_len=60), required=True),
        "text": Field(Localized(max_len=400), required=True),
        "price": Field(Integer(0, 10_000_000)),
        "percent": Field(Integer(0, 1000)),
        "times_price": Field(Integer(1, 100)),
        "points": Field(COUNT),
        "strength": Field(COUNT, default=0),
        "intellect": Field(COUNT, default=0),
        "intellect_bonus": Field(COUNT, default=0),
        "work_strength": Field(COUNT, default=0),
        "max": Field(Integer(1, 10), default=1),
        "pair_strength": Field(COUNT),
        "pair_excludes": Field(ListOf(IDENT), default=[]),
        "weapon": Field(Boolean(), default=False),
        "damage": Field(COUNT, default=0),
        "excludes_weapons": Field(Boolean(), default=False),
        "move_bonus": Field(COUNT, default=0),
        "flight": Field(COUNT),
        "not_on": Field(ListOf(IDENT), default=[]),
        "mount": Field(Boolean(), default=False),
        "damage_times": Field(Integer(1, 10), default=1),
        "learn": Field(Localized(max_len=60)),
        # Turns between what it brings again: the tracker's look every 3, the stall's dollar every turn.
        "every": Field(Integer(1, 1000)),
    }
)

BUILDING = Record(
    {
        "id": Field(IDENT, required=True),
        "name": Field(Localized(max_len=60), required=True),
        "days": Field(Integer(1, 10_000), required=True),
        "per_cell": Field(Boolean(), default=False),
        "needs": Field(
            ListOf(Record({"name": Field(Localized(max_len=60), required=True), "days": Field(COUNT, required=True)})),
            default=[],
        ),
        "text": Field(Localized(max_len=400), required=True),
    }
)

BATTLE_FIELDS = (
    "die", "hit_from", "rolls_per_turn", "backstab_times", "surrounded_times", "escape_from", "escape_moves",
    "winner_points",
)  # fmt: skip
BATTLE = Record({name: Field(Integer(0, 100), required=True) for name in BATTLE_FIELDS})

TURNS = Record({name: Field(COUNT, required=True) for name in ("object_skip", "town_skip", "shared_object_loss")})


# heroes, battle and turns are required: the quick reference, the booklet's tables and the referee
# read them in every kit (a ruleset without them cannot print one).
RULESET_FIELDS = {
    "secret_sheets": Field(
        Nullable(
            Record(
                {
                    "holders": Field(Integer(2, 2), default=2),
                    "sections": Field(ListOf(Choice(list(SECTIONS)), min_items=1, max_items=2), default=list(SECTIONS)),
                }
            )
        )
    ),
    "resources": Field(MapOf(IDENT, ListOf(Nullable(RESOURCE), max_items=99)), default={}),
    "heroes": Field(HEROES, required=True),
    "potential_tiers": Field(ListOf(TIER, max_items=20), default=[]),
    **{kind: Field(ListOf(OFFER, max_items=100), default=[]) for kind in TOWN_KINDS},
    "learning": Field(
        Nullable(
            Record(
                {
                    "turns_per_missing_point": Field(COUNT, required=True),
                    "gain_every": Field(Integer(1, 1000), required=True),
                }
            )
        )
    ),
    "buildings": Field(ListOf(BUILDING, max_items=100), default=[]),
    "battle": Field(BATTLE, required=True),
    "turns": Field(TURNS, required=True),
    # A ship's cells a turn: its builders' intellect plus these, with the current, on still water, against it.
    "ship": Field(
        Nullable(
            Record(
                {
                    "downstream": Field(Integer(-99, 99), required=True),
                    "still": Field(Integer(-99, 99), default=0),
                    "upstream": Field(Integer(-99, 99), required=True),
                }
            )
        )
    ),
}


# Russian letters and arrows for the directions of a current, as people write them.
_FLOW_ALIASES = {
    "с": "N", "св": "NE", "в": "E", "юв": "SE", "ю": "S", "юз": "SW", "з": "W", "сз": "NW",
    "↑": "N", "↗": "NE", "→": "E", "↘": "SE", "↓": "S", "↙": "SW", "←": "W", "↖": "NW",
}  # fmt: skip
MAP_FIELDS = {
    # Running water (rivers, seas): the way it flows, by cells like "I4-I6 J7" (rectangles and cells).
    # Water with no current given is still (lakes, ponds).
    "currents": Field(
        ListOf(
            Record(
                {
                    "cells": Field(Text(max_len=20_000), required=True),
                    "flow": Field(Choice(list(DIRECTIONS), _FLOW_ALIASES), required=True),
                }
            ),
            max_items=5000,
        ),
        default=[],
        doc="where running water flows (N, NE, E, ... or →); water without a current is still",
    ),
}


def build_map_part(data: dict[str, Any], width: int, height: int, key: Key, ck: Checker) -> StrategiyaMap:
    """The currents of a checked map; a cell outside the map or given two currents is reported."""
    from printkit.plugin import cell_name, cell_ranges

    seen: dict[tuple[int, int], str] = {}
    currents: list[tuple[tuple[int, int], str]] = []
    for i, entry in enumerate(data.get("currents") or []):
        where = (*key, "currents", i, "cells")
        try:
            found = cell_ranges(entry["cells"])
        except ValueError as exc:
            ck.fail(where, str(exc))
            continue
        for cell in sorted(found, key=lambda c: (c[1], c[0])):
            if not (0 <= cell[0] < width and 0 <= cell[1] < height):
                ck.fail(where, f"{cell_name(*cell)} is outside the {width}×{height} map")
                break
            if cell in seen and seen[cell] != entry["flow"]:
                ck.fail(where, f"{cell_name(*cell)} flows {seen[cell]} already")
                break
            if cell not in seen:
                seen[cell] = entry["flow"]
                currents.append((cell, entry["flow"]))
    return StrategiyaMap(tuple(currents))


def check_ruleset(data: dict[str, Any], key: Key, ck: Checker) -> None:
    """Cross-checks: one way to move per terrain, resources and offers that name real terrains."""
    ids = [t["id"] for t in data["terrains"]]
    for i, t in enumerate(data["terrains"]):
        move = t["move"] or {}
        if sum(move.get(k) is not None for k in ("base", "fixed", "needs")) > 1:
            ck.fail((*key, "terrains", i, "move"), "give one of base, fixed or needs")
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
    for kind in TOWN_KINDS:
        seen: set[str] = set()
        for i, offer in enumerate(data[kind]):
            where = (*key, kind, i)
            if offer["id"] in seen:
                ck.fail((*where, "id"), f"{offer['id']!r} appears twice")
            seen.add(offer["id"])
            if all(offer[k] is None for k in ("price", "percent", "times_price")):
                ck.fail(where, "give a price (or percent / times_price)")
            for tid in offer["not_on"]:
                if tid not in slots:
                    ck.fail((*where, "not_on"), f"unknown terrain {tid!r}")
    starts = [t["from"] for t in data["potential_tiers"]]
    if starts != sorted(starts):
        ck.fail((*key, "potential_tiers"), "tiers must be listed from the lowest to the highest")


def _frozen(value: dict[str, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(value)


def build_rules(data: dict[str, Any]) -> Rules:
    """The «Стратегия» records from checked ruleset data."""
    terrains = tuple(
        STerrain(
            **terrain_base(t),
            slots=t["slots"],
            move=Move(**{**(t["move"] or {}), "needs": tuple((t["move"] or {}).get("needs") or ())}),
            experience=t["experience"],
            lives_per_turn=t["lives_per_turn"],
        )
        for t in data["terrains"]
    )
    resources = {
        tid: tuple(
            None
            if e is None
            else Resource(name=_frozen(e["name"]), price=e["price"], days=e["days"], endless=e["endless"])
            for e in entries
        )
        for tid, entries in data["resources"].items()
    }
    secret = data["secret_sheets"]
    town = {
        kind: tuple(
            Offer(
                kind=kind,
                **{
                    **o,
                    "name": _frozen(o["name"]),
                    "text": _frozen(o["text"]),
                    "not_on": tuple(o["not_on"]),
                    "pair_excludes": tuple(o["pair_excludes"]),
                    "learn": _frozen(o["learn"]) if o["learn"] else None,
                },
            )
            for o in data[kind]
        )
        for kind in TOWN_KINDS
    }
    learning = data["learning"]
    return Rules(
        id=data["id"],
        terrains=terrains,
        secret=SecretRules(secret["holders"], tuple(secret["sections"])) if secret else None,
        resources=_frozen(resources),
        heroes=_hero_rules(data["heroes"]) if data["heroes"] else None,
        tiers=tuple(
            Tier(t["from"], _frozen(t["text"]), t["deathzone_move"], t["deathzone_lives"], t["discount"], t["to"])
            for t in data["potential_tiers"]
        ),
        town=_frozen(town),
        learning=Learning(learning["turns_per_missing_point"], learning["gain_every"]) if learning else None,
        battle=Battle(**data["battle"]) if data["battle"] else None,
        turns=Turns(**data["turns"]) if data["turns"] else None,
        ship=Ship(**data["ship"]) if data["ship"] else None,
        buildings=tuple(
            Building(
                b["id"],
                _frozen(b["name"]),
                b["days"],
                b["per_cell"],
                tuple((_frozen(n["name"]), n["days"]) for n in b["needs"]),
                _frozen(b["text"]),
            )
            for b in data["buildings"]
        ),
    )


def _hero_rules(h: dict[str, Any]) -> HeroRules:
    lives = h["lives"]
    border = h["border"] or {"cells": 1, "per_speed": 4}
    load = h["load"] or {"days_per_cell": 10, "strength_per_cell": 4}
    markers = h["markers"] or {}
    return HeroRules(
        per_player=h["per_player"],
        three_players=tuple(h["three_players"]) if h.get("three_players") else None,
        three_players_talk_every=h["three_players_talk_every"],
        four_players=tuple(h["four_players"]) if h.get("four_players") else None,
        starting_points=h["starting_points"],
        common_potential=h["common_potential"],
        experience_per_point=h["experience_per_point"],
        lives=LivesRules(
            base=lives["base"],
            every=lives["per_strength"]["every"],
            add=lives["per_strength"]["add"],
            wounded_at=lives["wounded_at"],
            wounded_turns=lives["wounded_turns"],
            slow_at=lives["slow_at"],
            immobile_at=lives["immobile_at"],
            rest_heal=lives["rest_heal"],
            town_heal=lives["town_heal"],
        ),
        border_cells=border["cells"],
        border_per_speed=border["per_speed"],
        load_days_per_cell=load["days_per_cell"],
        load_strength_per_cell=load["strength_per_cell"],
        markers=_frozen({lang: tuple(tuple(s) for s in sets) for lang, sets in markers.items()}),
    )


__all__ = [
    "MAP_FIELDS", "PLAYER_FIELDS", "RULESET_FIELDS", "SESSION_FIELDS", "TERRAIN_FIELDS", "build_map_part",
    "build_rules", "build_session",
]  # fmt: skip
