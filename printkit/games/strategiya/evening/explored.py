"""An object explored and what it gave: the master's alone."""

from __future__ import annotations

import dataclasses

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Input, RefusedValue, Text, cell_name, label, parse_cell

from ..model import rules_of
from .part import Explored, heroes_of
from .waters import standing


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


def _explored(state: State, what: str, gave: str) -> Decided:
    key, named, cell = _object(state, what)
    before = next((e.gave for e in heroes_of(state).explored if e.key == key), None)
    return Decided({"key": key, "what": named, "cell": cell, "gave": " ".join(gave.split()), "before": before})


def _explored_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    now = Explored(str(effect["key"]), dict(effect["what"]), str(effect["gave"]), state.turn)
    kept = tuple(e for e in part.explored if e.key != now.key)
    return dataclasses.replace(state, part=dataclasses.replace(part, explored=(*kept, now)))


def _explored_words(effect: Effect, lang: str) -> str:
    what = effect["what"].get(lang, "")
    said = label("sev_explored", lang, what=what + (f" ({effect['cell']})" if effect.get("cell") and
                                                    not str(effect["key"]).startswith("cell:") else ""),
                 gave=effect["gave"])  # fmt: skip
    return said + ("; " + label("sev_explored_before", lang, before=effect["before"]) if effect.get("before") else "")


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
    ),
    _explored,
    _explored_applied,
    _explored_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        'printkit evening record explored strategiya.sqlite --object "ресурсы лес 2" --gave "шкуры, 35 дней по 20 $"',
    ),
    masters=lambda values: True,  # the secret sheets are the master's: so is what they gave
    secret=lambda effect, lang: label("sev_explored_veiled", lang),
)  # fmt: skip
