"""The two sides of a VS battle from troop names: squads per troop, garrisons, walls and other «+»."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .lanes import UNKNOWN, Squad
from .model import VsData
from .words import Refusal, hint, listed

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
    source: str = ""  # the ruleset path its squads were read from ("" when the asker gave them)
    plus_from: str = ""  # the ruleset path its own «+» was read from ("" for none, or one the asker gave)
    place: str = ""  # the building, ship or transport it stands in or rides (@PLACE)
    afloat: bool = False  # attacking a ship or a troop aboard, it fights as one squad


@dataclass(frozen=True)
class Readings:
    """The readings of a battle the text leaves open, each with the switch for the other one."""

    at_sea: bool = False  # 2003: the target ship or transport is on sea or a river (2025: found from the defenders)
    ghost_as_ship: bool = False  # a ghost ship counts as a ship for the one-squad rule of 2025 §4.3
    plain_mage: bool = False  # 2025: a mage fights without its own «+» (then mage+ is the amulet's)
    # A castle's or city's garrison attacking the troop on its cell keeps its «+» (read by default as
    # its walls', which those walls give only to whoever does not attack this turn).
    garrison_keeps_plus: bool = False


def sea_troop(vs: VsData, unit: Unit, readings: Readings) -> bool:
    """Whether a unit is a "ship" for the rule that troops attacking a ship fight as one squad: the
    ship; a ghost ship only when read so (`ghost_as_ship`)."""
    troop = vs.troop(unit.key) if not unit.garrison else None
    return troop is not None and (troop.kind == "sea" or (readings.ghost_as_ship and troop.id == "ghost-ship"))


def afloat_target(vs: VsData, defenders: list[Unit], readings: Readings) -> bool:
    """Whether the attacked (the first defender) is a ship or a troop aboard one: 2025 from the
    defenders given; 2003 only with `at_sea` (a ship or transport may also stand in a building)."""
    if readings.at_sea:
        return True
    if vs.year == 2003 or not defenders:
        return False
    first = defenders[0]
    return first.place == "ship" or sea_troop(vs, first, readings)


def _structure(vs: VsData, word: str) -> tuple[str, Mapping[str, str], int, bool, str | None] | None:
    """A building or mine named by id, name (any case, the usual Russian forms) or mine-N: (key,
    name, garrison, its «+», walls)."""
    from printkit.plugin import forgiving_match

    pairs: list[tuple[str, tuple[str, Mapping[str, str], int, bool, str | None]]] = []
    for s in vs.structures:
        found = (s.id, s.name, s.garrison, s.garrison_advantage, s.walls)
        pairs += [(n, found) for n in (s.id, *s.name.values())]
    for m in vs.mines:
        mined = (f"mine-{m.level}", m.name, m.garrison, m.garrison_advantage, None)
        pairs += [(n, mined) for n in (f"mine-{m.level}", f"mine{m.level}", *m.name.values())]
    return forgiving_match(word.strip(), pairs)


def _transport(place: str) -> bool:
    """Whether @PLACE names a 2003 transport, as either language types it ("транспорте")."""
    from printkit.plugin import forgiving_match

    return forgiving_match(place.strip(), [("transport", True), ("транспорт", True)]) is not None


def _units(vs: VsData) -> list[tuple[str, Mapping[str, str]]]:
    """Every troop, building and mine a battle may name, as (id, names)."""
    return ([(t.id, t.name) for t in vs.troops] + [(s.id, s.name) for s in vs.structures]
            + [(f"mine-{m.level}", m.name) for m in vs.mines])  # fmt: skip


def _refused(vs: VsData, word: str, name: str) -> Refusal:
    """A unit that cannot be read, with the closest troop, building or mine it may have meant, each
    named in the asker's language."""
    return Refusal("rf_bad_unit", word=word, names=listed(_units(vs)), hint=hint(name, _units(vs)))


def parse_side(text: str, vs: VsData, *, attacking: bool, afloat: bool = False,
               readings: Readings = Readings(), stormed: str | None = None) -> list[Unit]:  # fmt: skip
    """Units from text like "knights+ elves@castle zombie:3 elves@ship".

    NAME is a troop, a building or a mine (its garrison alone). `:N` sets the squads (zombies
    come in squads), `+` gives every squad the advantage (mithril armour, the shield of fury),
    `@BUILDING` puts the troop in a building: a defender gets the garrison beside it and, behind
    walls, the «+»; an attacker only gets the «+» of walls that always hold (the fortress).
    `@ship` (2025) or `@transport` (2003) carries the troop: it fights as one squad; a defender's
    ship fights right behind it and takes it down when it sinks, an attacker's ship stays out of
    the battle (only those who declared it attack, §7.1). `afloat`: the attacked is a ship or a
    troop aboard, so every attacker but ships and dragons fights as one squad.

    `stormed`: the building or mine (its key) whose garrison attacks the troop on its cell (2025
    §6.4, 2003 §5.5): attacking, that garrison may be named; defending, the troop on that cell has
    neither the walls' «+» nor the garrison behind it."""
    units: list[Unit] = []
    year = vs.year
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
            key, sname, garrison, adv, walls = found
            if attacking and key != stormed:
                raise Refusal("rf_garrison_attacks", word=word, building=key)
            if attacking and walls == "defence" and not readings.garrison_keeps_plus:
                adv = False  # its «+» is its walls', which give it only to whoever does not attack
            source = "" if count else _garrison_path(key)
            units.append(Unit(key, sname, int(count) if count else garrison, adv or plus, True,
                              why=("garrison",) if adv else (), source=source,
                              plus_from=_garrison_path(key) + "_advantage" if adv else ""))  # fmt: skip
            continue
        squads = int(count) if count else troop.squads
        source = "" if count else f"troops.{troop.id}.squads"
        own = troop.advantage and not (readings.plain_mage and troop.id == "mage" and year == 2025)
        why = ["own"] if own else []
        if plus:
            why.append("plus")
        behind: Unit | None = None  # what @PLACE adds right behind the troop: a garrison or a ship
        carrier = None
        where = ""
        if place:
            ship = vs.troop(place)
            if _transport(place) and vs.figures.get("transport"):
                squads, source, where = int(vs.figures["transport"]["squads"]), "vs.transport.squads", "transport"
            elif ship is not None and ship.kind == "sea":
                if vs.figures.get("transport"):
                    raise Refusal("rf_no_ship_cargo_2003", word=word)
                squads, source, where = cargo_squads, "vs.cargo_squads", "ship"
                if not attacking:  # the ship fights right behind its cargo, which dies with it
                    carrier = len(units) + 1
                    behind = Unit(ship.id, ship.name, ship.squads, False, source=f"troops.{ship.id}.squads")
            else:
                found = _structure(vs, place)
                if found is None:
                    raise _refused(vs, word, place)
                key, sname, garrison, adv, walls = found
                where = key
                attacked_by_garrison = not attacking and key == stormed  # no walls, no garrison behind it
                if not attacked_by_garrison and (walls == "always" or (walls == "defence" and not attacking)):
                    why.append("walls")
                if not attacking and not attacked_by_garrison:
                    behind = Unit(key, sname, garrison, adv, True, why=("garrison",) if adv else (),
                                  source=_garrison_path(key),
                                  plus_from=_garrison_path(key) + "_advantage" if adv else "")  # fmt: skip
        keeps = troop.kind == "sea" or troop.id == "dragon" or (readings.ghost_as_ship and troop.id == "ghost-ship")
        weakened = afloat and attacking and not keeps and squads > cargo_squads
        if weakened:
            squads, source = cargo_squads, "vs.cargo_squads"
        if squads < 1:
            raise Refusal("rf_bad_count", word=word)
        units.append(Unit(troop.id, troop.name, squads, bool(why), carrier=carrier, why=tuple(why), source=source,
                          place=where, afloat=weakened,
                          plus_from=f"troops.{troop.id}.advantage" if own else ""))  # fmt: skip
        if behind is not None:
            units.append(behind)
    if not units:
        raise Refusal("rf_no_units")
    return units


def _garrison_path(key: str) -> str:
    """The ruleset path of a building's or mine's garrison: structures.castle.garrison, mines.4.garrison."""
    return f"mines.{key.removeprefix('mine-')}.garrison" if key.startswith("mine-") else f"structures.{key}.garrison"


def garrisons(text: str, vs: VsData) -> list[str]:
    """The buildings and mines (their keys) a side names alone, as garrisons, in the order given."""
    out = []
    for word in text.replace(",", " ").split():
        m = _TOKEN.match(word)
        if m and not m.group("place") and vs.troop(m.group("name")) is None:
            found = _structure(vs, m.group("name"))
            if found is not None:
                out.append(found[0])
    return out


def sides(vs: VsData, attackers: str, defenders: str, readings: Readings = Readings()) -> tuple[list[Unit], list[Unit]]:
    """Both sides of a battle as the referee lays them: the defenders first, since whether the
    attacked is afloat decides the attackers' squads.

    A garrison among the attackers attacks the troop standing on its own building's cell (2025 §6.4,
    2003 §5.5): the first defender, written TROOP@BUILDING; that troop fights without the walls'
    «+», and the garrison, attacking it, does not stand behind it."""
    stormed = None
    found = garrisons(attackers, vs)
    if found:
        first = next(iter(defenders.replace(",", " ").split()), "")
        m = _TOKEN.match(first)
        place = _structure(vs, m.group("place")) if m and m.group("place") and vs.troop(m.group("name")) else None
        target = place[0] if place is not None else None
        wrong = next((k for k in found if k != target), None)
        if target is None or wrong is not None:
            raise Refusal("rf_garrison_attacks", word=wrong or found[0], building=wrong or found[0])
        if len(found) > 1:
            raise Refusal("rf_garrison_once", word=target)
        stormed = target
    units_d = parse_side(defenders, vs, attacking=False, readings=readings, stormed=stormed)
    afloat = afloat_target(vs, units_d, readings)
    units_a = parse_side(attackers, vs, attacking=True, afloat=afloat, readings=readings, stormed=stormed)
    return units_a, units_d


def squads_of(units: list[Unit]) -> list[Squad]:
    """Every squad of the side in laying order: the units as listed, each unit's squads together."""
    return [(UNKNOWN, u.advantage, k) for k, u in enumerate(units) for _ in range(u.squads)]
