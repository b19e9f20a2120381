"""The map rules of «Великая Стратегическая»: letters, rivers, lands, veins, lairs, pieces, spacing."""

from __future__ import annotations

from collections import Counter

from printkit.maps import Finding, one_per_cell, unknown_letters
from printkit.plugin import GameMap, Phrase, Ruleset, cell_name, did_you_mean

from .economy import year_of
from .model import VsData, vs_map

WATERS = ("coast", "sea")  # the sea terrains; ships sail them, land troops do not
MOUNTAINS = "mountains"


def _where(cells: frozenset[tuple[int, int]] | set[tuple[int, int]]) -> str:
    first = min(cells, key=lambda c: (c[1], c[0]))
    return cell_name(*first)


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every problem of a VS map, and warnings for what is legal but probably unintended."""
    out = unknown_letters(game_map) + one_per_cell(game_map)
    for x, y in sorted(vs_map(game_map).rivers, key=lambda c: (c[1], c[0])):
        if game_map.terrain(x, y) in WATERS:
            out.append(Finding(cell_name(x, y), Phrase("vmc_river")))
    for x, y in sorted(vs_map(game_map).lairs, key=lambda c: (c[1], c[0])):
        if game_map.terrain(x, y) != MOUNTAINS:
            out.append(Finding(cell_name(x, y), Phrase("vmc_lair")))
    vs = rules.part
    if not isinstance(vs, VsData):
        return out
    out += _buildings(game_map, rules, vs) + _lands(game_map) + _pieces(game_map, rules, vs)
    return out


def _buildings(game_map: GameMap, rules: Ruleset, vs: VsData) -> list[Finding]:
    out = []
    known = {s.id for s in vs.structures} | {f"mine-{m.level}" for m in vs.mines}
    heights = {m.level: m.height for m in vs.mines if m.height}
    old = year_of(vs) == 2003
    for o in game_map.objects:
        where = cell_name(o.x, o.y)
        what = (o.detail("structure") or "").casefold()
        if what and what not in known:
            hint = did_you_mean(o.detail("structure") or "", known)
            out.append(Finding(where, Phrase("vmc_building", name=o.detail("structure"), edition=rules.id, hint=hint)))
        terrain = game_map.terrain(o.x, o.y)
        on_river = (o.x, o.y) in vs_map(game_map).rivers
        if o.kind == "resource":
            # Veins (and the mines opened on them) lie in the mountains.
            if terrain != MOUNTAINS:
                out.append(Finding(where, Phrase("vmc_vein")))
            level = (
                int(what.removeprefix("mine-"))
                if what.startswith("mine-") and what[5:].isascii() and what[5:].isdigit()
                else None
            )
            if o.detail("height") is not None and level in heights and o.detail("height") < heights[level]:
                said = Phrase("vmc_height", level=level, needs=heights[level], has=o.detail("height"))
                out.append(Finding(where, said))
        elif terrain in WATERS and (o.kind in ("building", "town", "port", "bridge") or what):
            out.append(Finding(where, Phrase("vmc_at_sea")))
        elif old and what == "bridge" and not on_river:
            out.append(Finding(where, Phrase("vmc_bridge")))
        elif old and on_river and what and what != "bridge":
            out.append(Finding(where, Phrase("vmc_on_river")))
    # At least `buildings_apart` cells must lie between two постройки (lord houses and fortresses):
    # read as a king's distance of more than that.
    apart = int(vs.figures.get("buildings_apart") or 0)
    built = {s.id for s in vs.structures if s.id != "bridge"}
    houses = [o for o in game_map.objects if o.kind in ("town", "port", "building")
              and (o.detail("structure") or "tower").casefold() in built]  # fmt: skip
    for i, a in enumerate(houses):
        for b in houses[i + 1 :]:
            if max(abs(a.x - b.x), abs(a.y - b.y)) <= apart:
                out.append(Finding(cell_name(b.x, b.y), Phrase("vmc_apart", apart=apart, at=cell_name(a.x, a.y))))
    # One lord's house a land: it is what collects the land's income.
    lords = {s.id for s in vs.structures if s.lord}
    seen: dict[str, str] = {}
    for o in houses:
        land = vs_map(game_map).land_at(o.x, o.y)
        if land is None or (o.detail("structure") or "tower").casefold() not in lords:
            continue
        if land.name in seen:
            said = Phrase("vmc_second_lord", land=land.name, at=seen[land.name])
            out.append(Finding(cell_name(o.x, o.y), said))
        else:
            seen[land.name] = cell_name(o.x, o.y)
    return out


def _lands(game_map: GameMap) -> list[Finding]:
    out = []
    names = Counter(land.name.casefold() for land in vs_map(game_map).lands)
    numbers = Counter(land.number for land in vs_map(game_map).lands)
    owner: dict[tuple[int, int], str] = {}
    for land in vs_map(game_map).lands:
        if names[land.name.casefold()] > 1:
            out.append(Finding(_where(land.cells), Phrase("vmc_land_name", land=land.name)))
            names[land.name.casefold()] = 0  # said once
        if numbers[land.number] > 1:
            out.append(Finding(_where(land.cells), Phrase("vmc_land_number", n=land.number)))
            numbers[land.number] = 0
        dry = {c for c in land.cells if game_map.terrain(*c) not in WATERS}
        if not dry:
            out.append(Finding(_where(land.cells), Phrase("vmc_land_dry", land=land.name)))
        elif len(dry) < len(land.cells):
            wet = land.cells - dry
            said = Phrase("vmc_land_wet", land=land.name, n=len(wet))
            out.append(Finding(_where(wet), said, warning=True))
        overlaps: set[str] = set()
        for cell in sorted(land.cells, key=lambda c: (c[1], c[0])):
            if cell in owner and owner[cell] not in overlaps:
                overlaps.add(owner[cell])
                said = Phrase("vmc_overlap", a=owner[cell], b=land.name)
                out.append(Finding(cell_name(*cell), said))
            owner.setdefault(cell, land.name)
    if vs_map(game_map).lands:
        loose = {(x, y) for y in range(game_map.height) for x in range(game_map.width)
                 if game_map.terrain(x, y) not in WATERS and (x, y) not in owner}  # fmt: skip
        if loose:
            out.append(Finding(_where(loose), Phrase("vmc_loose", n=len(loose)), warning=True))
    return out


def _pieces(game_map: GameMap, rules: Ruleset, vs: VsData) -> list[Finding]:
    out = []
    seen: dict[tuple[int, int], list[tuple[str, str | None]]] = {}
    per_cell = int(vs.figures.get("zombies_per_cell") or 1)  # 2003: two zombie squads of one player
    for p in vs_map(game_map).pieces:
        where = cell_name(p.x, p.y)
        troop = vs.troop(p.troop)
        if troop is None:
            hint = did_you_mean(p.troop, [t.id for t in vs.troops])
            out.append(Finding(where, Phrase("vmc_troop", name=p.troop, edition=rules.id, hint=hint)))
        here = seen.setdefault((p.x, p.y), [])
        kind = (troop.id if troop else p.troop, p.owner)
        stacked = here and kind[0] == "zombie" and len(here) < per_cell and all(h == kind for h in here)
        if here and not stacked:
            out.append(Finding(where, Phrase("vmc_two_troops")))
        here.append(kind)
    return out
