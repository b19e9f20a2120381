"""An object explored and what it gave: the master's alone."""

from __future__ import annotations

import dataclasses

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Flag, Input, RefusedValue, Text, cell_name, label, parse_cell

from ..model import rules_of
from .part import Explored, heroes_of
from .waters import standing
from .works import MINE


def _object(state: State, words: str) -> tuple[str, dict[str, str], str | None]:
    """An object the lookup's words name (resources forest 3, in either order and language) or its
    cell (C4, where the map numbers it): (its key, its words in each language, its cell)."""
    from ..lookup import _section, split_words

    part = heroes_of(state)
    rules = rules_of(part.session.ruleset)
    game_map = standing(part)  # a dam's dried river holds its lost objects no more
    said = words.split()
    if len(said) == 1:
        x, y = parse_cell(said[0])
        cell = cell_name(x, y)
        if game_map is not None and not game_map.inside(x, y):
            raise RefusedValue("sev_off_map", cell=cell, width=game_map.width, height=game_map.height)
        found = game_map.object_at(x, y) if game_map is not None else None
        terrain_id = game_map.terrain(x, y) if game_map is not None else None
        if found is None or found.kind not in ("resource", "adventure") or not found.number or terrain_id is None:
            return f"cell:{cell}", {lang: label("sev_object_cell", lang, cell=cell) for lang in ("ru", "en")}, cell
        section, terrain, number = found.kind + "s", rules.terrain(terrain_id), int(found.number)
    else:
        if len(said) < 3:
            raise RefusedValue("rf_e_lookup_words")
        if not (said[-1].isascii() and said[-1].isdigit() and len(said[-1]) <= 3):
            raise RefusedValue("sev_object_number", word=said[-1][:12])
        number = int(said[-1])
        first, rest = split_words(said[:-1])
        section = _section(first) or ""
        if not section:
            raise RefusedValue("rf_e_section", word=first, hint="")
        looked = rules.find_terrain(rest)
        if looked is None:
            raise RefusedValue("sev_object_terrain", word=rest[:40])
        terrain = looked
        if not 1 <= number <= terrain.slots:
            raise RefusedValue("rf_e_number", terrain={"en": terrain.id, "ru": terrain.name["ru"].lower()},
                               slots=terrain.slots, n=number)  # fmt: skip
        cell = None
    what = {lang: label("sev_object", lang, section=label(f"sev_section_{section}", lang),
                        terrain=terrain.name[lang].lower(), n=number) for lang in ("ru", "en")}  # fmt: skip
    return f"{section}:{terrain.id}:{number}", what, cell


def object_key(state: State, words: str) -> str | None:
    """The key an object explored is kept by, from a lookup's words or its cell; None for words
    that name no object."""
    try:
        return _object(state, words)[0]
    except RefusedValue:
        return None


def _explored(state: State, what: str, gave: str, spent: bool = False) -> Decided:
    key, named, cell = _object(state, what)
    before = next((e.gave for e in heroes_of(state).explored if e.key == key), None)
    cells = _cells(state, key, cell)
    effect: dict[str, object] = {"key": key, "what": named, "cell": cell, "gave": " ".join(gave.split()),
                                 "before": before, "cells": cells}  # fmt: skip
    if spent:
        mining = next((j.cell for j in heroes_of(state).jobs if j.kind == MINE and j.cell in cells), None)
        if mining is not None:  # the mine's days are what is left there: it is worked out when they are done
            raise RefusedValue("sev_spent_mining", cell=mining)
        effect["crossed"] = cells
    return Decided(effect)


# «Двоичный код»: a place worked out yields nothing twice and is crossed out on the map. Whether it
# is worked out is what the secret lists say, so the master says it (--spent); the evening's map
# crosses it out, and a resource crossed out is mined no more.
def _cells(state: State, key: str, cell: str | None) -> list[str]:
    """The map's cells of an object: its own where it was named by its cell, else every cell the
    map numbers with its section, terrain and number (none on a map that does not)."""
    if key.startswith("cell:"):
        return []  # a cell where the map shows no adventure nor resource: nothing there to cross out
    if cell is not None:
        return [cell]
    game_map = standing(heroes_of(state))
    if game_map is None:
        return []
    section, terrain, number = key.split(":")
    return [cell_name(o.x, o.y) for o in game_map.objects
            if o.kind + "s" == section and o.number and int(o.number) == int(number)
            and game_map.terrain(o.x, o.y) == terrain]  # fmt: skip


def _explored_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    kept_cells = effect.get("cells")
    cells = tuple(map(str, kept_cells)) if isinstance(kept_cells, list | tuple) else ()
    now = Explored(str(effect["key"]), dict(effect["what"]), str(effect["gave"]), state.turn, cells,
                   "crossed" in effect)  # fmt: skip
    kept = tuple(e for e in part.explored if e.key != now.key)
    crossed = tuple(c for c in effect.get("crossed") or () if c not in part.worked_out)
    return dataclasses.replace(state, part=dataclasses.replace(part, explored=(*kept, now),
                                                               worked_out=(*part.worked_out, *crossed)))  # fmt: skip


def _explored_words(effect: Effect, lang: str) -> str:
    what = effect["what"].get(lang, "")
    said = label("sev_explored", lang, what=what + (f" ({effect['cell']})" if effect.get("cell") and
                                                    not str(effect["key"]).startswith("cell:") else ""),
                 gave=effect["gave"])  # fmt: skip
    if effect.get("before"):
        said += "; " + label("sev_explored_before", lang, before=effect["before"])
    return said + _crossed_words(effect, lang)


def _crossed_words(effect: Effect, lang: str) -> str:
    if "crossed" not in effect:
        return ""
    cells = list(effect["crossed"])
    return "; " + (label("sev_worked_out", lang, cells=", ".join(cells)) if cells
                   else label("sev_worked_out_nowhere", lang))  # fmt: skip


def _veiled(effect: Effect, lang: str) -> str:
    """A player's page: an object explored, not which nor what it gave; a place crossed out on the
    map is the table's to see (the map shows it)."""
    return label("sev_explored_veiled", lang) + (_crossed_words(effect, lang) if effect.get("crossed") else "")


EXPLORED_EVENT = EventKind(
    "explored",
    {"ru": "Ведущий отмечает объект исследованным и что он дал (видно лишь ведущему).",
     "en": "The master marks an object explored and what it gave (seen by the master alone)."},
    (
        Input("what", Text(80), {"ru": "Объект: слова поиска (ресурсы лес 3) или его клетка (C4).",
                                   "en": "The object: the lookup's words (resources forest 3) or its cell (C4)."},
              flag="--object", required=True),
        Input("gave", Text(200), {"ru": "Что он дал, словами.", "en": "What it gave, in words."}, flag="--gave",
              required=True),
        Input("spent", Flag(), {"ru": "Место истощено: на карте вечера оно зачёркнуто, добывать там больше нечего.",
                                "en": "The place is worked out: the evening's map crosses it out, nothing more "
                                      "is mined there."}, flag="--spent"),
    ),
    _explored,
    _explored_applied,
    _explored_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        'printkit evening record explored strategiya.sqlite --object "ресурсы лес 2" --gave "шкуры, 35 дней по 20 $"',
        'printkit evening record explored strategiya.sqlite --object "приключения лес 4" --gave "лук" --spent',
    ),
    masters=lambda values: True,  # the secret sheets are the master's: so is what they gave
    secret=_veiled,
)  # fmt: skip
