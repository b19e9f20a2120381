"""A hero's move to a cell, and the shelter a town or a castle gives the wounded."""

from __future__ import annotations

import dataclasses
from typing import Any

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Input, RefusedValue, Text, cell_name, label, parse_cell

from ..model import rules_of
from .part import HERO, heroes_of, model_of
from .ships import sailed, sailing
from .waters import standing


def _move(state: State, hero: str, to: str) -> Decided:
    part = heroes_of(state)
    found = part.find(hero)
    x, y = parse_cell(to)
    game_map = part.session.game_map
    if game_map is not None and not game_map.inside(x, y):
        raise RefusedValue("sev_off_map", cell=to, width=game_map.width, height=game_map.height)
    if found.lives <= 0:
        raise RefusedValue("sev_dead", hero=found.name)
    if found.rested_at == state.turn:  # he skips this turn to heal: no step of it
        raise RefusedValue("sev_rested_no_move", hero=found.name)
    sitting = part.sits_out(found, state.turn, state.whose)
    if sitting:  # «Пропуски ходов»: he plays none of this turn
        raise RefusedValue("sev_sitting", hero=found.name, left=sitting)
    wounded = any(c.key == f"wound:{found.name}" for c in state.countdowns)
    # A town, a castle or healing magic saves the wounded (the 10 turns) and the hero under an order
    # (its lives a turn): «Раны», «Гильдия убийц» 4).
    in_danger = wounded or part.contract(found.name) is not None
    sheltered = (game_map is not None and shelter(game_map, x, y)) or part.castle_at(cell_name(x, y))
    aboard = sailing(part, found, cell_name(x, y))
    barred = None if aboard.get("ship") or aboard.get("boarded") else _barred(part, found, x, y)
    # The cells a turn gives are the turn's, however many steps it is recorded in: a second step is
    # reckoned from where the hero began the turn, not from where the first one left him.
    began = found.began_at if found.moved_at == state.turn and found.began_at else found.cell
    far = not barred and not aboard and began is not None and _beyond(part, found, began, (x, y))
    return Decided({"hero": found.name, "from": found.cell, "to": cell_name(x, y),
                    "saved": in_danger and sheltered, **aboard,
                    **({"barred": barred} if barred else {}), **({"far": began} if far else {})})  # fmt: skip


def _beyond(part: Any, hero: Any, began: str, to: tuple[int, int]) -> bool:
    """Whether a cell lies beyond what the hero walks (or flies) in one turn from the cell he began
    it on, as the reach question reckons it with his speed, animals, wounds and load («Передвижение»).
    Said, not refused, as a move onto water is: the master may know better (a plot, a spell)."""
    from ..movement import load_cells, mover_for, reach

    game_map = standing(part)
    model = model_of(part.session, hero)
    if game_map is None or model is None:
        return False
    rules = rules_of(part.session.ruleset)
    mover = dataclasses.replace(mover_for(rules, model), load=load_cells(rules, hero.laden, hero.strength))
    return to not in reach(game_map, rules, mover, parse_cell(began), 1)


def _barred(part: Any, hero: Any, x: int, y: int) -> dict[str, str] | None:
    """The terrain's name in each language where the rules let the hero in only with a ship, a
    flight or a bridge and he has none of them («Создание карты» 6)); None where he may walk or fly.
    A move is the table's record, not the referee's: it is said, not refused (a plot may allow it)."""
    from ..heroes import terrain_figures

    game_map = standing(part)
    model = model_of(part.session, hero)
    if game_map is None or model is None or not game_map.inside(x, y):
        return None
    terrain = game_map.terrain(x, y)
    if terrain is None or any(o.kind == "bridge" and (o.x, o.y) == (x, y) for o in game_map.objects):
        return None
    rules = rules_of(part.session.ruleset)
    found = next((f for f in terrain_figures(rules, model) if f.terrain.id == terrain), None)
    if found is None or found.cells is not None or found.flying:
        return None
    return {lang: found.terrain.name[lang].lower() for lang in ("ru", "en")}


def shelter(game_map: Any, x: int, y: int) -> bool:
    """«Раны»: a wounded hero in a town or a castle is saved (the map's towns, ports and castles;
    a castle built in the evening saves too, Heroes.castle_at)."""
    found = game_map.object_at(x, y)
    if found is None:
        return False
    what = f"{found.kind} {found.detail('structure') or ''} {found.name or ''}".casefold()
    return found.kind in ("town", "port") or "castle" in what or "замок" in what


def _moved(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    before = part.find(str(effect["hero"]))
    moved = state.turn if effect.get("from") else before.moved_at  # placing is no move
    # his turn's first step: where it began (the later steps of the turn keep it)
    began = before.cell if effect.get("from") and before.moved_at != state.turn else before.began_at
    hero = dataclasses.replace(before, cell=str(effect["to"]), moved_at=moved, began_at=began)
    # a worker who steps off his job's cell leaves it, its days kept with the job («Двоичный код»)
    jobs = tuple(dataclasses.replace(j, workers=tuple(w for w in j.workers if w[0] != hero.name or j.cell == hero.cell))
                 for j in part.jobs)  # fmt: skip
    state = dataclasses.replace(state, part=dataclasses.replace(sailed(part.with_hero(hero), effect), jobs=jobs))
    if not effect.get("saved"):
        return state
    kept = tuple(c for c in heroes_of(state).contracts if c[0] != hero.name)
    state = dataclasses.replace(state, part=dataclasses.replace(heroes_of(state), contracts=kept))
    return state.cancelling(f"wound:{hero.name}")


def _move_words(effect: Effect, lang: str) -> str:
    key = "sev_moved" if effect.get("from") else "sev_placed"
    said = label(key, lang, **effect)
    for what in ("ship", "landed", "boarded", "aground"):
        if effect.get(what):
            said += "; " + label(f"sev_{what}", lang, ship=effect[what], cell=effect["from"] or "")
    if effect.get("barred"):
        said += "; " + label("sev_move_barred", lang, terrain=dict(effect["barred"]).get(lang, ""))
    if isinstance(effect.get("far"), str):  # the cell the turn began on
        said += "; " + label("sev_move_far", lang, cell=effect["far"])
    elif effect.get("far"):  # an older record's: its own step reckoned from its own cell
        said += "; " + label("sev_move_far_step", lang, cell=effect["from"] or "")
    return said + "; " + label("sev_saved", lang) if effect.get("saved") else said


MOVE = EventKind(
    "move",
    {"ru": "Герой переходит на клетку (или ставится на карту).", "en": "A hero moves to a cell (or onto the map)."},
    (
        HERO,
        Input("to", Text(8), {"ru": "Клетка, куда он пришёл (C4).", "en": "The cell he reaches (C4)."},
              flag="--to", required=True),
    ),
    _move,
    _moved,
    _move_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record move strategiya.sqlite --hero Гром --to E3",
    ),
    actor="hero",
    in_turn=True,  # «Передвижение»: a player moves his heroes in his own turn
)  # fmt: skip
