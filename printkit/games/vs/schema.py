"""The shape of the VS part of a ruleset file (troops, structures, mines, spells, orders, figures)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from printkit.plugin import Phrase, Ruleset, Session
from printkit.plugin.schema import (
    IDENT,
    INVALID,
    Boolean,
    Checker,
    Choice,
    Colour,
    Field,
    Integer,
    Key,
    ListOf,
    Localized,
    MapOf,
    Nullable,
    Record,
    Spec,
    Text,
    YamlDocument,
)

from .model import HomeTroops, Land, Mine, Orders, Outcome, Piece, Spell, Structure, Troop, VsData, VsMap, VsSession
from .options import CARDS, COINS, TOKENS, build_print_options

COUNT = Integer(0, 100_000)
FRACTION = Record(
    {"numerator": Field(Integer(0, 1000), required=True), "denominator": Field(Integer(1, 1000), required=True)}
)
NAME = Localized(max_len=60)
TEXT = Localized(max_len=400)

TROOP = Record(
    {
        "id": Field(IDENT, required=True),
        "name": Field(NAME, required=True),
        "kind": Field(Choice(["land", "sea", "magic"]), required=True),
        "cost": Field(COUNT),
        "magic_cost": Field(COUNT),
        "squads": Field(Integer(1, 20), required=True),
        "advantage": Field(Boolean(), default=False),
        "upkeep": Field(COUNT, required=True),
        "move": Field(MapOf(IDENT, Integer(0, 99)), required=True),
        "crosses": Field(Boolean(), default=False),
        "home": Field(IDENT, doc="the land it is hired on only (the edition's `home_troops`)"),
    }
)

STRUCTURE = Record(
    {
        "id": Field(IDENT, required=True),
        "name": Field(NAME, required=True),
        "lord": Field(Boolean(), default=False),
        "level": Field(Integer(1, 10), required=True),
        "cost": Field(COUNT, required=True),
        "income": Field(Choice(["land"])),
        "garrison": Field(Integer(0, 20), required=True),
        "garrison_advantage": Field(Boolean(), default=False),
        "walls": Field(Choice(["defence", "always"])),
        "treasury": Field(COUNT, default=0),
        "upkeep": Field(COUNT, default=0),
        "hires": Field(ListOf(IDENT), default=[]),
    }
)

MINE = Record(
    {
        "level": Field(Integer(1, 10), required=True),
        "name": Field(NAME, required=True),
        "cost": Field(COUNT, required=True),
        "income": Field(COUNT, required=True),
        "garrison": Field(Integer(0, 20), required=True),
        "garrison_advantage": Field(Boolean(), default=False),
        "height": Field(Integer(0, 99)),
    }
)

OUTCOME = Record(
    {
        "from": Field(Integer(1, 20), required=True),
        "to": Field(Integer(1, 20), required=True),
        "text": Field(TEXT, required=True),
    }
)

SPELL = Record(
    {
        "id": Field(IDENT, required=True),
        "number": Field(Text(max_len=10), required=True),
        "school": Field(IDENT, required=True),
        "name": Field(NAME, required=True),
        "text": Field(TEXT, required=True),
        "range": Field(Integer(0, 99)),
        "cost": Field(COUNT),
        "chance": Field(FRACTION),
        "outcomes": Field(ListOf(OUTCOME, max_items=20), default=[]),
        "lasts": Field(Boolean(), default=False, doc="its effect stays a while (a year, until a battle): a marker"),
    }
)

ORDERS = Record(
    {
        "cycle": Field(ListOf(IDENT, min_items=3, max_items=3), required=True),
        "names": Field(MapOf(IDENT, NAME), required=True),
        "beaten": Field(
            MapOf(IDENT, NAME),
            default={},
            doc="each order's name as the one beaten (Russian takes the accusative: «бьёт Защиту»)",
        ),
        "row": Field(Integer(1, 10), default=3),
        "colours": Field(MapOf(IDENT, Colour()), default={}),
    }
)

FIGURE_NAMES = (
    "treasury",
    "transfer_tax",
    "neutral_vanish_percent",
    "personal_restore_years",
    "mithril_cost",
    "prize",
    "start",
    "ship_cargo_speed",
    "cargo_squads",
    "spell_cost",
    "die_cap",
    "mine_chance",
    "rebellion_chance",
    "buildings_apart",
    "mental_duel_range",
    "commander_upkeep",
    "commander_prize",
    "prize_values",
    "leader_cost",
    "escape_cost",
    "escape",
    "level_up_cost",
    "transport",
    "bridge",
    "zombies_per_cell",
    "returns_after_years",
)
MARKER_KINDS = ["capital", "personal", "siege", "no-action", "mithril", "mithril-amulet", "leader",
                "no-magic"]  # fmt: skip


class Figure(Spec):
    """A loose figure of an edition: a number, a fraction, a text in each language, or a list or
    mapping of those."""

    expects = "a number, {numerator, denominator}, {ru, en} or a mapping of those"

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "array"}, {"type": "object"}]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if isinstance(value, bool):
            return self.wrong(value, key, ck)
        if isinstance(value, int):
            return value
        if isinstance(value, list):
            return [self.check(v, (*key, i), ck) for i, v in enumerate(value)]
        if isinstance(value, dict):
            if set(value) == {"numerator", "denominator"}:
                got = FRACTION.check(value, key, ck)
                return got if got is INVALID else Fraction(got["numerator"], got["denominator"])
            if set(value) <= {"ru", "en"}:
                return NAME.check(value, key, ck)
            return {k: self.check(v, (*key, str(k)), ck) for k, v in value.items()}
        return self.wrong(value, key, ck)


# The figures every kit and referee answer of an edition reads (the treasury ledger, the mine, spell
# and rebellion odds, prices); a 2003 ruleset (one with level_up_cost) reads its own too.
NEEDED_FIGURES = ("treasury", "mine_chance", "mithril_cost", "rebellion_chance", "spell_cost", "transfer_tax",
                  "start.ruler_money")  # fmt: skip
NEEDED_2025 = ("start.default",)
NEEDED_2003 = ("bridge", "escape", "escape_cost", "leader_cost", "transport", "commander_prize",
               "start.commander_money")  # fmt: skip


def _figure(figures: dict[str, Any], path: str) -> Any:
    """A figure by its dotted path (start.ruler_money), None where any step is missing."""
    found: Any = figures
    for step in path.split("."):
        found = found.get(step) if isinstance(found, dict) else None
    return found


FIGURES = Record({name: Field(Figure()) for name in FIGURE_NAMES})


def build_rules(data: dict[str, Any]) -> VsData | None:
    """VsData from checked ruleset data, or None for a ruleset without troops."""
    if not data.get("troops"):
        return None
    orders = data["orders"]
    frozen = MappingProxyType
    return VsData(
        orders=Orders(
            tuple(orders["cycle"]),
            frozen({k: frozen(v) for k, v in orders["names"].items()}),
            orders["row"],
            frozen({k: v.upper() for k, v in orders["colours"].items()}),
            frozen({k: frozen(v) for k, v in orders["beaten"].items()}),
        ),
        troops=tuple(Troop(**{**t, "name": frozen(t["name"]), "move": frozen(t["move"])}) for t in data["troops"]),
        structures=tuple(
            Structure(**{**s, "name": frozen(s["name"]), "hires": tuple(s["hires"])}) for s in data["structures"]
        ),
        mines=tuple(Mine(**{**m, "name": frozen(m["name"])}) for m in data["mines"]),
        schools=frozen({k: frozen(v) for k, v in data["schools"].items()}),
        spells=tuple(
            Spell(
                **{
                    **sp,
                    "name": frozen(sp["name"]),
                    "text": frozen(sp["text"]),
                    "chance": Fraction(sp["chance"]["numerator"], sp["chance"]["denominator"])
                    if sp["chance"]
                    else None,
                    "outcomes": tuple(Outcome(o["from"], o["to"], frozen(o["text"])) for o in sp["outcomes"]),
                }
            )
            for sp in data["spells"]
        ),
        figures=frozen(data["vs"] or {}),
        markers=tuple(data["markers"]),
        home_troops=HomeTroops(data["home_troops"]["id"], frozen(data["home_troops"]["name"]))
        if data["home_troops"]
        else None,
    )


def check_ruleset(data: dict[str, Any], key: Key, ck: Checker) -> None:
    """Cross-checks: terrains and troops named in the VS tables exist; D6 tables cover 1..6 once."""
    terrains = {t["id"] for t in data["terrains"]}
    troops = {t["id"] for t in data["troops"]}
    if data["troops"] and not data["orders"]:
        ck.fail(key, "a ruleset with troops needs 'orders'")
    if data["troops"]:
        figures = data["vs"] or {}
        needed = NEEDED_FIGURES + (NEEDED_2003 if figures.get("level_up_cost") else NEEDED_2025)
        missing = [name for name in needed if _figure(figures, name) is None]
        if missing:
            ck.fail((*key, "vs") if data["vs"] else key, f"a ruleset with troops needs vs: {', '.join(missing)}")
    for i, t in enumerate(data["troops"]):
        for tid in t["move"]:
            if tid not in terrains:
                ck.fail((*key, "troops", i, "move", tid), f"unknown terrain {tid!r}")
        if t["cost"] is None and t["kind"] != "magic":
            ck.fail((*key, "troops", i), "only magical troops may have no cost")
    group = (data["home_troops"] or {}).get("id")
    if group in troops:
        ck.fail((*key, "home_troops", "id"), f"{group!r} is a troop's id; name the group otherwise")
    for i, s in enumerate(data["structures"]):
        for hire in s["hires"]:
            if hire != group and hire not in troops:
                ck.fail((*key, "structures", i, "hires"), f"unknown troop {hire!r}")
    for i, t in enumerate(data["troops"]):
        if t["home"] is not None and t["home"] not in terrains:
            ck.fail((*key, "troops", i, "home"), f"unknown terrain {t['home']!r}")
    for i, sp in enumerate(data["spells"]):
        if sp["school"] not in data["schools"]:
            ck.fail((*key, "spells", i, "school"), f"unknown school {sp['school']!r}")
        if sp["outcomes"]:
            covered = sorted(n for o in sp["outcomes"] for n in range(o["from"], o["to"] + 1))
            if covered != list(range(1, 7)):
                ck.fail((*key, "spells", i, "outcomes"), "the outcomes must cover 1 to 6 exactly once")
    orders = data["orders"]
    if orders and set(orders["names"]) != set(orders["cycle"]):
        ck.fail((*key, "orders", "names"), "give a name for every order of the cycle, and no other")


RULESET_FIELDS = {
    "vs": Field(Nullable(FIGURES)),
    "orders": Field(Nullable(ORDERS)),
    "home_troops": Field(
        Nullable(Record({"id": Field(IDENT, required=True), "name": Field(NAME, required=True)})),
        doc="the group a building hires by its home land (2025 heavy infantry, 2003 foot troops): its id in "
        "`hires` and its printed name",
    ),
    "troops": Field(ListOf(TROOP, max_items=50), default=[]),
    "structures": Field(ListOf(STRUCTURE, max_items=50), default=[]),
    "mines": Field(ListOf(MINE, max_items=20), default=[]),
    "schools": Field(MapOf(IDENT, NAME), default={}),
    "spells": Field(ListOf(SPELL, max_items=100), default=[]),
    "markers": Field(ListOf(Choice(MARKER_KINDS), max_items=20), default=[], doc="the markers the kit prints"),
}


SESSION_FIELDS = {
    "cards": Field(CARDS, doc="VS battle-order cards: size, bleed, duplex, how many per player"),
    "tokens": Field(TOKENS, doc="VS building and troop tokens and markers: sizes, copies per player, neutral ones"),
    "coins": Field(COINS, doc="VS coins for the bank: size, how many purses"),
}


def build_session(data: dict[str, Any], ruleset: Ruleset, doc: YamlDocument, ck: Checker) -> VsSession:
    """The card, token and coin options of a VS session; token and marker names must be the edition's."""
    from .markers import marker_ids
    from .tokens import token_ids

    cards, tokens, coins = build_print_options(data)
    vs = ruleset.part
    if isinstance(vs, VsData):
        for key, known in (("copies", token_ids(vs)), ("neutral", token_ids(vs)), ("markers", marker_ids(vs))):
            for name in (data["tokens"] or {}).get(key) or {}:
                if name not in known:
                    ck.fail(("tokens", key, name), f"no {name!r} in {ruleset.id}; one of: {', '.join(known)}")
    return VsSession(cards, tokens, coins)


_CELL = Text(max_len=4, pattern=r"[A-Za-z]{1,2}[0-9]{1,3}", pattern_hint=Phrase("cs_hint_cell"))
MAP_FIELDS = {
    "rivers": Field(ListOf(_CELL, max_items=5000), default=[], doc="land cells a river runs through"),
    "lairs": Field(ListOf(_CELL, max_items=500), default=[], doc="cells with a dragon's sign (its lair)"),
    # Troops standing on the map (movement and the treasury read them): what, where, whose.
    "troops": Field(
        ListOf(
            Record(
                {
                    "at": Field(_CELL, required=True),
                    "troop": Field(Text(max_len=40), required=True),
                    "owner": Field(Text(max_len=40)),
                    "personal": Field(
                        Boolean(), default=False, doc="its owner's personal troop (unmarked: the owner's first troop)"
                    ),
                }
            ),
            max_items=2000,
        ),
        default=[],
    ),
    # Lands (provinces): a name, an income and the cells, like "A1-C3 D4" (rectangles and cells).
    "lands": Field(
        ListOf(
            Record(
                {
                    "name": Field(Text(max_len=40), required=True),
                    "number": Field(Integer(1, 999)),  # for drawing a land at random (default: its place)
                    "income": Field(Integer(0, 10_000), default=0),
                    "cells": Field(Text(max_len=2000), required=True),
                }
            ),
            max_items=500,
        ),
        default=[],
    ),
}
MAP_OBJECT_FIELDS = {
    "structure": Field(Text(max_len=40), doc="which building or mine, in the edition's ids"),
    "height": Field(Integer(1, 99), doc="a vein's height (2003: the deepest mine it holds)"),
}


def check_session(session: Session, ck: Checker) -> None:
    """A kit of more pieces than an artefact prints (MAX_PIECES) is refused with the key that asks
    for them, counted by the functions the builders lay out."""
    from .cards import decks
    from .coins import coins
    from .markers import markers
    from .piece_sheets import count_problem
    from .tokens import tokens

    if not isinstance(session.ruleset.part, VsData):
        return
    counted: tuple[tuple[Key, str, Callable[[], int]], ...] = (
        (("cards", "per_player"), "battle-cards", lambda: sum(len(d.cards) for d in decks(session))),
        (("tokens", "copies"), "tokens", lambda: len(tokens(session))),
        (("tokens", "markers"), "markers", lambda: len(markers(session))),
        (("coins", "sets"), "coins", lambda: len(coins(session))),
    )
    for key, stem, count in counted:
        problem = count_problem(stem, count())
        if problem:
            ck.fail(key, problem)


def check_map_names(data: dict[str, Any], ruleset: Ruleset, key: Key, ck: Checker) -> None:
    """Every building, mine and troop a map names must be the edition's: the ledger, the tokens and
    the referee read them by these names."""
    from printkit.plugin import Phrase, did_you_mean

    vs = ruleset.part
    if not isinstance(vs, VsData):
        return
    known = [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines]
    for i, o in enumerate(data.get("objects") or []):
        name = o.get("structure")
        if name is not None and name.casefold() not in known:
            said = Phrase("vmc_building", name=name, edition=ruleset.id, hint=did_you_mean(name, known))
            ck.fail((*key, "objects", i, "structure"), said)
    for i, t in enumerate(data.get("troops") or []):
        troop = vs.troop(t["troop"])
        if troop is None:
            hint = did_you_mean(t["troop"], [t.id for t in vs.troops])
            ck.fail((*key, "troops", i, "troop"), Phrase("vmc_troop", name=t["troop"], edition=ruleset.id, hint=hint))
        elif t.get("personal") and troop.kind == "magic":  # 2025 §5, 2003 §4.0: a non-magical troop
            ck.fail((*key, "troops", i, "personal"), Phrase("ec_personal_magic", troop=dict(troop.name)))


def build_map_part(data: dict[str, Any], width: int, height: int, key: Key, ck: Checker) -> VsMap:
    """Rivers, lairs, troops and lands of a checked map; each problem reported with its place."""
    from printkit.plugin import cell_name, cell_ranges
    from printkit.plugin.schema import cell_in

    def cells(name: str) -> frozenset[tuple[int, int]]:
        found = (cell_in(t, width, height, (*key, name, i), ck) for i, t in enumerate(data.get(name, [])))
        return frozenset(c for c in found if c is not None)

    pieces: list[Piece] = []
    for i, t in enumerate(data.get("troops", [])):
        at = cell_in(t["at"], width, height, (*key, "troops", i, "at"), ck)
        if at is not None:
            if t.get("personal") and not t["owner"]:
                ck.fail((*key, "troops", i, "personal"), "a personal troop needs an owner")
            elif t.get("personal") and any(p.personal and p.owner == t["owner"] for p in pieces):
                ck.fail((*key, "troops", i, "personal"), f"{t['owner']} has a personal troop already")
            pieces.append(Piece(*at, t["troop"], t["owner"], bool(t.get("personal"))))
    lands: list[Land] = []
    for i, land in enumerate(data.get("lands", [])):
        try:
            found = cell_ranges(land["cells"])
        except ValueError as exc:
            ck.fail((*key, "lands", i, "cells"), str(exc))
            continue
        outside = sorted(cell_name(*c) for c in found if not (0 <= c[0] < width and 0 <= c[1] < height))
        if outside:
            ck.fail((*key, "lands", i, "cells"), f"{outside[0]} is outside the {width}×{height} map")
            continue
        lands.append(Land(land["name"], land["income"], frozenset(found), land.get("number") or len(lands) + 1))
    return VsMap(cells("rivers"), cells("lairs"), tuple(pieces), tuple(lands))
