"""Ships («Строительство» 4): where each lies, whose side sails it, and how fast its builders made it."""

# «Создание карты» 6): water is crossed only by flight or with a ship; «Строительство» 4): a ship
# sails at its builders' summed intellect at the end of building (+1 with the current, −1 against
# it), and boarding or landing takes the hero's turn. Who may sail a ship the text leaves open.
# Reading: any hero of the side whose heroes built it (the rules' «у вашего героя … корабля»: a
# side's things serve its heroes), boarding it where it lies. A hero aboard moves it with him.

from __future__ import annotations

import dataclasses

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Input, RefusedValue, Text, Whole, cell_name, label, parse_cell

from .part import Boat, Heroes, Now, heroes_of
from .waters import standing

MOST_INTELLECT = 99  # builders' summed intellect: far beyond any party's


def water(part: Heroes, cell: str) -> bool | None:
    """Whether a cell of the evening's map is water (None: the evening has no map to say)."""
    game_map = standing(part)
    if game_map is None:
        return None
    terrain = game_map.terrain(*parse_cell(cell))
    return terrain is not None and part.session.ruleset.terrain(terrain).water


def ship_for(part: Heroes, hero: Now) -> Boat | None:
    """The ship a hero's question sails by: the one he is aboard, else his side's nearest (king
    moves; of two as near, the first by name); None for a side without ships or a hero nowhere."""
    if hero.cell is None:
        return None
    x, y = parse_cell(hero.cell)
    # a ship a dam left on dry land sails nowhere: the master moves it to water (`ship --at`)
    ours = [s for s in part.ships if s.player == hero.player and water(part, s.cell) is not False]

    def distance(boat: Boat) -> tuple[int, str]:
        bx, by = parse_cell(boat.cell)
        return max(abs(bx - x), abs(by - y)), boat.name

    return min(ours, key=distance, default=None)


def _owner(state: State, word: str | None, default: str | None) -> str:
    if not word:
        if default is None:
            raise RefusedValue("sev_ship_player", players=", ".join(state.players))
        return default
    found = next((p for p in state.players if p.casefold() == word.strip().casefold()), None)
    if found is None:
        raise RefusedValue("sev_ship_player", players=", ".join(state.players))
    return found


def _ship(state: State, ship: str, at: str, intellect: int | None = None, player: str | None = None) -> Decided:
    part = heroes_of(state)
    name = " ".join(ship.split())
    if not name:
        raise RefusedValue("sev_ship_name")
    x, y = parse_cell(at)
    game_map = part.session.game_map
    if game_map is not None and not game_map.inside(x, y):
        raise RefusedValue("sev_off_map", cell=at, width=game_map.width, height=game_map.height)
    cell = cell_name(x, y)
    if water(part, cell) is False:
        raise RefusedValue("sev_ship_land", cell=cell)
    found = part.ship(name)
    if found is None and intellect is None:
        raise RefusedValue("sev_ship_intellect", ship=name)
    owner = _owner(state, player, found.player if found else state.whose)
    speed = intellect if intellect is not None else found.intellect if found else 0
    return Decided({"ship": found.name if found else name, "player": owner, "from": found.cell if found else None,
                    "to": cell, "intellect": speed})  # fmt: skip


def _shipped(state: State, effect: Effect) -> State:
    boat = Boat(str(effect["ship"]), str(effect["player"]), str(effect["to"]), int(effect["intellect"]))
    return dataclasses.replace(state, part=heroes_of(state).with_ship(boat))


def _ship_words(effect: Effect, lang: str) -> str:
    key = "sev_ship_moved" if effect.get("from") else "sev_ship_placed"
    said = label(key, lang, **effect)
    return said + "; " + label("sev_ship_yard", lang, yard=effect["yard"]) if effect.get("yard") else said


SHIP_EVENT = EventKind(
    "ship",
    {"ru": "Корабль спущен на воду или перенесён: где он стоит, чей он и как быстр.",
     "en": "A ship is launched or moved: where it lies, whose it is and how fast it sails."},
    (
        Input("ship", Text(40), {"ru": "Имя корабля.", "en": "The ship's name."}, flag="--ship", required=True),
        Input("at", Text(8), {"ru": "Клетка воды, где он стоит (H4).", "en": "The water cell it lies on (H4)."},
              flag="--at", required=True),
        Input("intellect", Whole(0, MOST_INTELLECT),
              {"ru": "Суммарный интеллект строителей к концу постройки (клеток за ход в стоячей воде); для нового.",
               "en": "Its builders' summed intellect when finished (cells a turn on still water); for a new ship."},
              flag="--intellect"),
        Input("player", Text(80), {"ru": "Чей корабль: игрок, чьи герои на нём ходят (по умолчанию — чей ход).",
                                   "en": "Whose ship: the player whose heroes sail it (by default: whose turn)."},
              flag="--player"),
    ),
    _ship,
    _shipped,
    _ship_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record ship strategiya.sqlite --ship Чайка --at I5 --intellect 3 --player Аня",
    ),
    masters=lambda values: True,  # a ship launched or set elsewhere: the master says so; heroes sail it by moving
)  # fmt: skip


def sailing(part: Heroes, hero: Now, to: str) -> dict[str, str]:
    """What a hero's move does with his side's ships: sails the one he is aboard to a water cell
    (it goes with him), lands him off it (it stays where it lies), or boards him onto one lying on
    the cell he steps to. Without a map the evening cannot tell water: aboard, the ship goes along."""
    boat = part.aboard(hero)
    if boat is not None and water(part, boat.cell) is not False:
        return {"ship": boat.name} if water(part, to) is not False else {"landed": boat.name}
    here = next((s for s in part.ships if s.player == hero.player and s.cell == to), None)
    if here is not None and water(part, to) is False:
        return {"aground": here.name}  # on a river a dam dried: nothing to board
    return {"boarded": here.name} if here is not None else {}


def stranded(part: Heroes) -> list[Boat]:
    """The ships lying on cells that are no longer water (a dam dried the river under them)."""
    return [s for s in part.ships if water(part, s.cell) is False]


def sailed(part: Heroes, effect: Effect) -> Heroes:
    """The part with the ship a move sailed (effect "ship") at the move's end."""
    boat = part.ship(str(effect.get("ship") or ""))
    if boat is None or not effect.get("ship"):
        return part
    return part.with_ship(dataclasses.replace(boat, cell=str(effect["to"])))
