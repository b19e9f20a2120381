"""The two sides of a VS battle from troop names: squads per troop, garrisons, walls and other «+»."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .lanes import UNKNOWN, Squad
from .model import VsData
from .words import Refusal

_TOKEN = re.compile(r"^(?P<name>[^@:+*]+?)(?:[:*x×](?P<count>\d+))?(?P<plus>\+)?(?:@(?P<place>[^@]+))?$")


@dataclass(frozen=True)
class Unit:
    """One troop or garrison in a battle, with the squads it plays."""

    key: str  # troop id, or structure id / mine-N for a garrison
    name: Mapping[str, str]
    squads: int
    advantage: bool
    garrison: bool = False
    carrier: int | None = None  # the unit (ship or transport) this troop rides: it dies with it
    why: tuple[str, ...] = ()  # what gave the «+»: own, plus, walls, garrison


def _structure(vs: VsData, word: str) -> tuple[str, Mapping[str, str], int, bool, str | None] | None:
    """A building or mine named by id, name (any case, the usual Russian forms) or mine-N: (key,
    name, garrison, its «+», walls)."""
    from ...suggest import forgiving_match

    pairs: list[tuple[str, tuple[str, Mapping[str, str], int, bool, str | None]]] = []
    for s in vs.structures:
        found = (s.id, s.name, s.garrison, s.garrison_advantage, s.walls)
        pairs += [(n, found) for n in (s.id, *s.name.values())]
    for m in vs.mines:
        mined = (f"mine-{m.level}", m.name, m.garrison, m.garrison_advantage, None)
        pairs += [(n, mined) for n in (f"mine-{m.level}", f"mine{m.level}", *m.name.values())]
    return forgiving_match(word.strip(), pairs)


def _troop_names(vs: VsData) -> str:
    return ", ".join([t.id for t in vs.troops] + [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines])


def _refused(vs: VsData, word: str, name: str) -> Refusal:
    """A unit that cannot be read, with the closest troop, building or mine it may have meant."""
    from ...suggest import did_you_mean

    every = [n for n, _ in vs.troop_names()] + [n for s in vs.structures for n in (s.id, *s.name.values())]
    return Refusal("rf_bad_unit", word=word, names=_troop_names(vs), hint=did_you_mean(name, every))


def parse_side(text: str, vs: VsData, *, attacking: bool, at_sea: bool = False) -> list[Unit]:
    """Units from text like "knights+ elves@castle zombie:3 elves@ship".

    NAME is a troop, a building or a mine (its garrison alone). `:N` sets the squads (zombies
    come in squads), `+` gives every squad the advantage (mithril armour, the shield of fury),
    `@BUILDING` puts the troop in a building: a defender gets the garrison beside it and, behind
    walls, the «+»; an attacker only gets the «+» of walls that always hold (the fortress).
    `@ship` (2025) or `@transport` (2003) carries the troop: it fights as one squad and dies with
    its ship. `at_sea`: the battle is against a ship or a troop aboard, so every attacker but
    ships and dragons fights as one squad."""
    units: list[Unit] = []
    cargo_squads = int(vs.figures.get("cargo_squads") or 1)
    for word in text.replace(",", " ").split():
        m = _TOKEN.match(word)
        if not m:
            raise _refused(vs, word, word)
        name, count, plus, place = m.group("name"), m.group("count"), bool(m.group("plus")), m.group("place")
        troop = vs.troop(name)
        if troop is None:
            found = _structure(vs, name)
            if found is None or place:
                raise _refused(vs, word, name if found is None else word)
            if attacking:
                raise Refusal("rf_garrison_attacks", word=word)
            key, sname, garrison, adv, _ = found
            units.append(Unit(key, sname, int(count) if count else garrison, adv or plus, True,
                              why=("garrison",) if adv else ()))  # fmt: skip
            continue
        squads = int(count) if count else troop.squads
        why = ["own"] if troop.advantage else []
        if plus:
            why.append("plus")
        behind: Unit | None = None  # what @PLACE adds right behind the troop: a garrison or a ship
        carrier = None
        if place:
            ship = vs.troop(place)
            if place.casefold() == "transport" and "transport" in vs.figures:
                squads = int(vs.figures["transport"]["squads"])  # 2003: the troop rides its own transport
            elif ship is not None and ship.kind == "sea":
                carrier = len(units) + 1  # 2025: the ship fights beside its cargo, which dies with it
                behind = Unit(ship.id, ship.name, ship.squads, False)
                squads = cargo_squads
            else:
                found = _structure(vs, place)
                if found is None:
                    raise _refused(vs, word, place)
                key, sname, garrison, adv, walls = found
                if walls == "always" or (walls == "defence" and not attacking):
                    why.append("walls")
                if not attacking:
                    behind = Unit(key, sname, garrison, adv, True, why=("garrison",) if adv else ())
        if at_sea and attacking and troop.id not in ("ship", "dragon"):
            squads = cargo_squads
        if squads < 1:
            raise Refusal("rf_bad_count", word=word)
        units.append(Unit(troop.id, troop.name, squads, bool(why), carrier=carrier, why=tuple(why)))
        if behind is not None:
            units.append(behind)
    if not units:
        raise Refusal("rf_no_units")
    return units


def squads_of(units: list[Unit]) -> list[Squad]:
    """Every squad of the side in laying order: the units as listed, each unit's squads together."""
    return [(UNKNOWN, u.advantage, k) for k, u in enumerate(units) for _ in range(u.squads)]
