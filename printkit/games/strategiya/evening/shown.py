"""The «Стратегия» evening said: as JSON, in lines, the master's secrets, the hero sheets."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from printkit.evening import State
from printkit.plugin import MapObject, RefusedValue, label, parse_cell

from ..model import in_the_open, rules_of, session_of
from .cargo import carried
from .part import Heroes, Now, heroes_of, model_of, models, unspent
from .ships import stranded
from .waters import standing


def json_of(state: State, lang: str) -> Mapping[str, Any]:
    """The heroes for `show --json` (the master's), with the objects explored and what they gave."""
    part = heroes_of(state)
    names = names_of(part, lang)
    return {"players": [{"name": p, "heroes": [{"name": h.name, "lives": h.lives, "most_lives": h.most,
                                                "cell": h.cell, "money": h.money or 0, "experience": h.experience,
                                                "strength": h.strength, "speed": h.speed, "intellect": h.intellect,
                                                "potential": h.total, "unspent": unspent(part.session, h),
                                                "items": [names.get(i, i) for i in h.items],
                                                "animals": [names.get(i, i) for i in h.animals],
                                                "spells": [names.get(i, i) for i in h.spells],
                                                "hidden": [names.get(i, i) for i in h.hidden],
                                                "cargo": carried(h),
                                                "sits_out": next((left for n, left, _, _ in part.sitting
                                                                  if n == h.name), 0)}
                                               for h in part.heroes if h.player == p]}
                        for p in state.players],
            "explored": [{"object": e.what.get(lang, ""), "gave": e.gave, "turn": e.turn, "cells": list(e.cells),
                          "worked_out": e.spent} for e in part.explored],
            "ships": [{"name": s.name, "player": s.player, "cell": s.cell, "intellect": s.intellect,
                       **({"aground": True} if s in stranded(part) else {})} for s in part.ships],
            "jobs": [{"job": j.kind, "cell": j.cell, "days": j.days, "done": j.done,
                      "workers": [w for w, _ in j.workers], "builders": list(j.builders),
                      **({"ship": j.name} if j.kind == "ship" else {})} for j in part.jobs],
            "buildings": [{"building": b.kind, "cell": b.cell, "player": b.player,
                           **({"heals": b.heal} if b.kind == "castle" else {}),
                           **({"over": list(b.over)} if b.over else {}),
                           **({"dried": list(b.dried)} if b.kind == "dam" and b.over else {})} for b in part.built],
            "stalls": {h: part.stalls.count(h) for h in dict.fromkeys(part.stalls)},
            "mined_out": list(part.emptied),
            "worked_out": list(part.worked_out),
            "lying": [{"at": at, "from": g.cell, "days": g.days, "price": g.price}
                      for at, g in part.lying]}  # fmt: skip


def names_of(part: Heroes, lang: str) -> dict[str, str]:
    """Town items', animals' and scrolls' names by id, in a language."""
    rules = rules_of(part.session.ruleset)
    return {o.id: o.name[lang] for kind in ("items", "animals", "scrolls") for o in rules.town.get(kind, ())}


def lines_of(state: State, lang: str) -> list[str]:
    part = heroes_of(state)
    names = names_of(part, lang)
    out = []
    for p in state.players:
        out.append(label("sev_player", lang, name=p))
        if not any(h.player == p for h in part.heroes):
            out[-1] += " " + label("sev_no_heroes", lang)
        for h in part.heroes:
            if h.player == p:
                out.append("    " + label("sev_hero", lang, name=h.name, lives=h.lives, most=h.most, cell=h.cell or "—",
                                          money=label("sum_money", lang, n=h.money or 0),
                                          experience=h.experience))  # fmt: skip
                if h.lives <= 0:
                    out[-1] += "; " + label("sev_hero_fallen", lang)
                out.append("      " + label("sev_hero_skills", lang, strength=h.strength, speed=h.speed,
                                            intellect=h.intellect, total=h.total,
                                            unspent=unspent(part.session, h)))  # fmt: skip
                # what he bought in secret is his player's and the master's (own_of, secrets_of)
                things = [names.get(i, i) for i in (*in_the_open(h.items, h.hidden), *in_the_open(h.animals, h.hidden))]
                if things:
                    out.append("      " + label("sev_hero_items", lang, items=", ".join(things)))
                spells = ", ".join(names.get(i, i) for i in in_the_open(h.spells, h.hidden))
                if spells:
                    out.append("      " + label("sev_hero_spells", lang, spells=spells))
                if h.cargo:
                    out.append("      " + _laden(h, lang))
                order = part.contract(h.name)
                if order is not None:
                    out.append("      " + label("sev_hero_order", lang, n=order[0], left=order[1]))
                for name, left, _, why in part.sitting:
                    if name == h.name:
                        out.append(
                            "      " + label("sev_hero_sitting", lang, left=left, why=f" ({why})" if why else "")
                        )
    if part.lying:  # goods on the ground: where and from which mine, for all to see; how many, the master's
        out.append(label("sev_cargo_lying_head", lang))
        out += ["    " + label("sev_cargo_lying_row", lang, at=at, cell=g.cell) for at, g in part.lying]
    if part.ships:  # on the map for all to see
        out.append(label("sev_ships_head", lang))
        dry = {s.name for s in stranded(part)}
        out += ["    " + label("sev_ship_row", lang, ship=s.name, player=s.player, cell=s.cell, intellect=s.intellect)
                + ("; " + label("sev_ship_aground", lang) if s.name in dry else "") for s in part.ships]  # fmt: skip
    return out + _works_lines(part, lang, mines=False)


def _works_lines(part: Heroes, lang: str, mines: bool) -> list[str]:
    """The jobs under way (a building's days are the table's; a mine's, which tell what the object
    holds, the master's), and for the table the buildings finished and the stalls open."""
    from .works import MINE, job_name

    rules = rules_of(part.session.ruleset)
    jobs = [j for j in part.jobs if (j.kind == MINE) == mines]
    out = [label("sev_jobs_head_mines" if mines else "sev_jobs_head", lang)] if jobs else []
    for j in jobs:
        named = f" «{j.name}»" if j.name and j.kind == "ship" else ""
        workers = ", ".join(w for w, _ in j.workers) or label("sev_job_idle", lang)
        out.append("    " + label("sev_job_row", lang, what=job_name(rules, j.kind, lang) + named, cell=j.cell,
                                  done=j.done, days=j.days, workers=workers))  # fmt: skip
    if mines:
        return out
    if part.built:
        out.append(label("sev_built_head", lang))
        drawn = standing(part)
        for b in part.built:
            more = ["; " + label("sev_built_heals", lang, n=b.heal)] if b.kind == "castle" else []
            # a bridge's cells a later dam dried: its bed is dry land now, said as such
            wet = [c for c in b.over if b.kind != "bridge" or drawn is None or drawn.terrain(*parse_cell(c)) == "water"]
            bed = [c for c in b.over if c not in wet]
            more += ["; " + label("sev_work_over", lang, cells=", ".join(wet))] if wet else []
            more += ["; " + label("sev_over_bed", lang, cells=", ".join(bed))] if bed else []
            more += ["; " + label("sev_built_dried", lang, cells=", ".join(b.dried))] if b.dried else []
            out.append("    " + label("sev_built_row", lang, what=job_name(rules, b.kind, lang), cell=b.cell,
                                      player=b.player) + "".join(more))  # fmt: skip
    for hero in dict.fromkeys(part.stalls):
        out.append(label("sev_stalls_row", lang, hero=hero, n=part.stalls.count(hero)))
    return out


def secrets_of(state: State, lang: str) -> list[str]:
    """The objects explored and what each gave, the mines under way and the goods each hero carries:
    the master's board and command line only."""
    part = heroes_of(state)
    mines = (_works_lines(part, lang, mines=True) + _goods_lines(part.heroes, lang, "sev_goods_head")
             + _hidden_lines(part, part.heroes, lang))  # fmt: skip
    if not part.explored:
        return mines
    return [label("sev_explored_head", lang),
            *("    " + _explored_row(e, lang) for e in part.explored), *mines]  # fmt: skip


def _explored_row(e: Any, lang: str) -> str:
    """An object explored on the master's list: where the map shows it, what it gave, when, and
    whether it is worked out."""
    what = e.what.get(lang, "")
    if e.cells and not e.key.startswith("cell:"):
        what += f" ({', '.join(e.cells)})"
    said = label("sev_explored_row", lang, what=what, gave=e.gave, turn=e.turn)
    return said + ("; " + label("sev_explored_spent", lang) if e.spent else "")


# What a hero carries is seen as the evening sees secrets: that he is laden, and from which mine,
# is the table's (he mined there in sight of all, and an attacker may strike him as from behind);
# the days and the price are what the secret sheets gave, so only his player and the master see them.
def _laden(hero: Now, lang: str) -> str:
    return label("sev_hero_laden", lang, cells=", ".join(dict.fromkeys(g.cell for g in hero.cargo)))


def _goods_lines(heroes: tuple[Now, ...], lang: str, head: str) -> list[str]:
    """Each laden hero's lots: days, where from, price a day."""
    laden = [h for h in heroes if h.cargo]
    out = [label(head, lang)] if laden else []
    for h in laden:
        lots = [label("sev_goods_lot", lang, days=g.days, cell=g.cell,
                      each=label("sum_money", lang, n=g.price) if g.price is not None
                      else label("sev_cargo_unpriced", lang)) for g in h.cargo]  # fmt: skip
        out.append("    " + label("sev_goods_row", lang, hero=h.name, lots="; ".join(lots), days=h.laden))
    return out


def own_of(state: State, player: str, lang: str) -> list[str]:
    """A player's page: the goods his own heroes carry, in full, and what they bought in secret."""
    mine = tuple(h for h in heroes_of(state).heroes if h.player == player)
    return _goods_lines(mine, lang, "sev_goods_head_own") + _hidden_lines(heroes_of(state), mine, lang)


def _hidden_lines(part: Heroes, heroes: tuple[Now, ...], lang: str) -> list[str]:
    """«Услуги» 2): the items and spells each hero bought on the black market."""
    names = names_of(part, lang)
    rows = ["    " + label("sev_hidden_row", lang, hero=h.name, items=", ".join(names.get(i, i) for i in h.hidden))
            for h in heroes if h.hidden]  # fmt: skip
    return [label("sev_hidden_head", lang), *rows] if rows else []


def owner_of(state: State, hero: str) -> str | None:
    try:
        return heroes_of(state).find(hero).player
    except RefusedValue:
        return None


def actors_of(state: State, player: str) -> tuple[str, ...]:
    return tuple(h.name for h in heroes_of(state).heroes if h.player == player and h.lives > 0)  # the fallen act not


def papers(state: State, session: Any, path_of: Callable[[str], Path]) -> tuple[str, ...]:
    """hero-sheets.pdf as the kit prints it, each hero with the lives he has now."""
    from ..hero_sheets import write_hero_sheets

    now = {h.name: h for h in heroes_of(state).heroes}
    part = session_of(session)
    parties = []
    for i, party in enumerate(part.parties):
        owner = session.players[i].name or label("ev_player_n", session.language, n=i + 1)
        heroes = []
        for j, hero in enumerate(party.heroes):
            name = hero.name or label("sev_hero_n", session.language, player=owner, n=j + 1)
            if name in now:  # today's lives, skills, unspent potential, money, things and experience
                hero = model_of(session, now[name])
            heroes.append(hero)
        parties.append(dataclasses.replace(party, heroes=tuple(heroes)))
    write_hero_sheets(dataclasses.replace(session, part=dataclasses.replace(part, parties=tuple(parties))),
                      path_of("hero-sheets.pdf"))  # fmt: skip
    return ("hero-sheets.pdf",)


def owner_marks(players: tuple[str, ...], avoid: frozenset[str] = frozenset()) -> dict[str, str]:
    """Each player's mark on the evening's map, so that a grey print tells whose a hero is: the
    shortest start of the name (one letter, two or three) no other player's shares and no hero's
    marker is (`avoid`: a tag «А Тень Б» would read two ways), else his seat."""
    folded = [p.casefold() for p in players]
    taken = {a.casefold() for a in avoid}
    out = {}
    for seat, (player, name) in enumerate(zip(players, folded, strict=True), start=1):
        others = [o for o in folded if o != name]
        unique = [name[:n] for n in (1, 2, 3) if name[:n].isalpha() and name[:n] not in taken
                  and not any(o.startswith(name[:n]) for o in others)]  # fmt: skip
        mark = unique[0] if unique else str(seat)
        out[player] = mark.capitalize()
    return out


def game_map(state: State) -> Any:
    """The evening's map.pdf: the config's map with each hero where he stands (his marker, name and
    his player's mark) and each ship where it lies (its name and its side's mark); None without a map."""
    from ..heroes import marked_heroes
    from ..model import strategiya_map

    part = heroes_of(state)
    drawn = standing(part)
    if drawn is None:
        return None
    markers = {id(hero): marker for marker, hero in marked_heroes(part.session)}
    marks = owner_marks(state.players, frozenset(markers.values()))
    configured = dict(models(part.session))
    pieces = []
    for h in part.heroes:
        if h.cell is None or h.lives <= 0:
            continue
        marker = markers.get(id(configured.get(h.name)), "")
        pieces.append((parse_cell(h.cell), " ".join(w for w in (marker, h.name, marks.get(h.player, "")) if w)))
    pieces += [(parse_cell(s.cell), f"«{s.name}» {marks.get(s.player, '')}".strip()) for s in part.ships]
    whose = {h.player for h in part.heroes if h.cell is not None and h.lives > 0} | {s.player for s in part.ships}
    owners = tuple((marks[p], p) for p in state.players if p in whose and p in marks)
    # a castle where it was built, a dam on each of its cells: the kit's building mark
    castles = tuple(MapObject(*parse_cell(c), "building") for b in part.built if b.kind in ("castle", "dam")
                    for c in ((b.cell,) if b.kind == "castle" else b.over))  # fmt: skip
    place = dataclasses.replace(strategiya_map(drawn), pieces=tuple((c, w.replace(" ", "\u00a0")) for c, w in pieces),
                                owners=owners, ships=bool(part.ships))  # fmt: skip
    # «Двоичный код»: a place worked out is crossed out on the map
    spent = {parse_cell(c) for c in (*part.emptied, *part.worked_out)}
    objects = tuple(dataclasses.replace(o, details=(*o.details, ("crossed", True)))
                    if (o.x, o.y) in spent and o.kind in ("resource", "adventure") else o
                    for o in drawn.objects)  # fmt: skip
    return dataclasses.replace(drawn, objects=objects + castles, part=place)
