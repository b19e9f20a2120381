"""Movement questions on a map, answered by the map's game: every cell within reach, the fastest route."""

# `reach` and `route` are one question each for every game with maps: the map file, where from,
# how many turns, and the inputs each game's movement declares (a hero's speed, a VS troop, ...).
# An input of another game than the map's is refused with the game it belongs to.

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..cells import Cell, cell_name, column_name, parse_cell
from ..config.mapfile import load_map
from ..game import Game, PluginError, game, games, load_module
from ..labels import Refused, RefusedValue, label
from ..model import GameMap, Ruleset
from ..questions import Drawn, File, Input, Line, Note, Para, Question, Said, Text, Whole, checking

WIDTH = 80  # a reach map fits an 80-column terminal


@dataclass(frozen=True)
class Reach:
    """Every cell reachable (with the first turn that reaches it; the start is left out) and the
    readings of the rules the answer used."""

    cells: dict[Cell, int]
    note: Said
    lives: Mapping[Cell, int] | None = None  # lives lost on the fastest way, where not none; None: never lost


@dataclass(frozen=True)
class Route:
    """The fastest route, one list of cells per turn (None: out of reach), and the readings used."""

    legs: list[list[Cell]] | None
    note: Said
    lives: list[int] | None = None  # lives lost on each turn of the route; None: the game's movers lose none


class Movement(Protocol):
    """What a game's movement module offers (Game.movement names it)."""

    INPUTS: Sequence[Input]  # who moves and how: a hero's speed, a troop, the readings to switch
    EXAMPLES: Mapping[str, Sequence[str]]  # "reach" / "route" -> command lines for --help

    def reach_answer(self, game_map: GameMap, rules: Ruleset, start: Cell, turns: int,
                     given: Mapping[str, Any]) -> Reach: ...  # fmt: skip

    def route_answer(self, game_map: GameMap, rules: Ruleset, start: Cell, goal: Cell,
                     given: Mapping[str, Any]) -> Route: ...  # fmt: skip

    def marks(self, game_map: GameMap) -> Mapping[Cell, str]:
        """A mark a text map shows before a cell's letter (a river's ~), by cell."""
        ...


def movement_of(rules: Ruleset) -> Movement:
    module = game(rules.family).movement
    if module is None:
        raise Refused("mc_no_rules", family=rules.family)
    found: Movement = load_module(module)
    return found


def game_inputs() -> dict[str, tuple[Game, Input]]:
    """Every installed game's movement inputs: name -> (the game, the input). Two games may
    share an input declared alike; one declared two ways, or named as a shared input, is refused."""
    out: dict[str, tuple[Game, Input]] = {}
    own = (MAP_FILE, START, TURNS, GOAL, CONFIG)
    shared = {i.name for i in own} | {i.flag for i in own if i.flag}
    for g in games():
        if g.movement is not None:
            for i in load_module(g.movement).INPUTS:
                first = out.setdefault(i.name, (g, i))
                if first[1] != i or i.name in shared or i.flag in shared:
                    raise PluginError(f"game {g.family!r}: its movement input {i.name!r} clashes with another's")
    return out


def _own(rules: Ruleset, given: Mapping[str, Any], config: Path | None = None) -> dict[str, Any]:
    """The given inputs of the map's game (each checked), with the evening's config; one of another
    game's is refused, and so is a config of another game than the map's."""
    if config is not None:
        from ..config.session import load_session

        family = load_session(config).ruleset.family
        if family != rules.family:
            raise Refused("mc_config_other_game", config_game=_names(game(family)), map_game=_names(game(rules.family)))
    mine = {i.name: i for i in movement_of(rules).INPUTS}
    out: dict[str, Any] = {CONFIG.name: config}
    for name, value in given.items():
        if name in mine:
            checked = mine[name].checked(value)
            out[name] = mine[name].default if checked is None else checked
        elif value not in (None, False, (), 0) and name in game_inputs():
            owner, declared = game_inputs()[name]
            raise Refused("mc_other_game", flag=declared.named(), game=_names(owner))
        elif name not in game_inputs():
            raise TypeError(f"no game's movement takes {name!r}")
    return {**{n: i.default for n, i in mine.items()}, **out}


def _names(g: Game) -> dict[str, str]:
    """A game's name in each language, for a refusal said in either."""
    return {lang: g.named(lang) for lang in ("ru", "en")}


def cell_on(game_map: GameMap, text: str) -> Cell:
    """A cell named like C4, on this map."""
    x, y = parse_cell(text)
    if not game_map.inside(x, y):
        raise RefusedValue("mc_outside", cell=text[:12], w=game_map.width, h=game_map.height)
    return x, y


# ---- the answers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReachAnswer:
    """`reach`: every cell within reach (by name, with its first turn), and the readings used."""

    reachable: dict[str, int]
    count: int
    rules: Said
    game_map: GameMap = field(metadata={"json": False})
    origin: Cell = field(metadata={"json": False})
    turns: int = field(metadata={"json": False})
    marks: Mapping[Cell, str] = field(metadata={"json": False})
    lives: dict[str, int] | None = None  # cell -> lives lost on the fastest way there (a game that counts them)

    def json(self, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {"reachable": self.reachable, "count": self.count}
        if self.lives is not None:
            out["lives"] = self.lives
        return {**out, "rules": self.rules.say(lang)}

    def lines(self, lang: str) -> list[Line]:
        """The map with the turn that reaches each cell; wider maps show the columns around the start."""
        game_map, origin = self.game_map, self.origin
        reached = {parse_cell(c): t for c, t in self.reachable.items()}
        # Two characters a cell while names and turn numbers fit in one or two; three from column AA
        # or turn 10 on, so neighbours never run together.
        widest = max([len(column_name(game_map.width - 1)), *(len(str(t)) for t in reached.values())])
        cell_w = 2 if widest < 2 else 3
        margin = len(str(game_map.height)) + 1
        shown = max(1, (WIDTH - margin) // cell_w)
        left = 0
        if game_map.width > shown:
            left = min(max(0, origin[0] - shown // 2), game_map.width - shown)
        columns = range(left, min(game_map.width, left + shown))
        out: list[Line] = [Drawn(" " * margin + "".join(f"{column_name(x):>{cell_w}}" for x in columns))]
        for y in range(game_map.height):
            row = []
            for x in columns:
                if (x, y) == origin:
                    row.append("@".rjust(cell_w))
                elif (x, y) in reached:
                    row.append(f"{reached[(x, y)]:>{cell_w}}")
                else:
                    mark = self.marks.get((x, y), " ")
                    row.append((mark + game_map.letters[y][x].lower()).rjust(cell_w))
            out.append(Drawn(f"{y + 1:>{margin}}" + "".join(row)))
        if len(columns) < game_map.width:
            first, last = column_name(columns[0]), column_name(columns[-1])
            out.append(Para(label("map_excerpt", lang, first=first, last=last, cell=cell_name(*origin)), "  "))
        out.append(label("map_reached", lang, n=self.count, turns=self.turns))
        if self.lives:
            cells = ", ".join(f"{c} −{n}" for c, n in self.lives.items())
            out.append(Para(label("map_reach_lives", lang, cells=cells), "  "))
        out.append(Note(self.rules.say(lang), "  "))
        return out


@dataclass(frozen=True)
class RouteAnswer:
    """`route`: the fewest turns, cell by cell (none: out of reach, exit 1), and the readings used."""

    turns: int | None
    legs: list[list[str]] | None
    rules: Said
    start: str = field(metadata={"json": False})
    goal: str = field(metadata={"json": False})
    lives: list[int] | None = None  # lives lost on each turn (a game that counts them)

    @property
    def exit_code(self) -> int:
        return 1 if self.legs is None else 0

    def json(self, lang: str) -> dict[str, Any]:
        if self.legs is None:
            # The readings still say why (a game may name a way that exists but is not taken).
            return {"turns": None, "rules": self.rules.say(lang)}
        counted = {} if self.lives is None else {"lives": sum(self.lives), "lives_per_turn": self.lives}
        return {"turns": self.turns, "legs": self.legs, **counted, "rules": self.rules.say(lang)}

    def lines(self, lang: str) -> list[Line]:
        if self.legs is None:
            return [label("map_unreachable", lang, goal=self.goal, start=self.start), Note(self.rules.say(lang), "  ")]
        lost = self.lives or [0] * len(self.legs)
        out: list[Line] = [
            Para(label("map_route_turn", lang, n=n, cells=" → ".join(leg))
                 + (label("map_route_turn_lives", lang, n=k) if k else ""), "  ")
            for n, (leg, k) in enumerate(zip(self.legs, lost, strict=True), start=1)
        ]  # fmt: skip
        out.append(label("map_route_total", lang, n=len(self.legs)))
        if self.lives is not None:
            out.append(label("map_route_lives", lang, n=sum(self.lives)))
        out.append(Note(self.rules.say(lang), "  "))
        return out


def _reach(map_file: str | Path, start: str, turns: int = 1, config: Path | None = None, **given: Any) -> ReachAnswer:
    """Every cell a mover reaches from `start` in `turns` turns, by the rules of the map's game;
    `given` holds the game's own inputs (speed=2; troop="elves"; see its movement's INPUTS).

    >>> found = reach("examples/map.yaml", "C4", speed=2)
    >>> found.count > 0
    True
    """
    game_map, rules = load_map(Path(map_file))
    origin = cell_on(game_map, start)
    moves = movement_of(rules)
    found = moves.reach_answer(game_map, rules, origin, turns, _own(rules, given, config))
    cells = {cell_name(*c): t for c, t in sorted(found.cells.items())}
    lives = None if found.lives is None else {cell_name(*c): n for c, n in sorted(found.lives.items())}
    return ReachAnswer(cells, len(cells), found.note, game_map, origin, turns, moves.marks(game_map), lives)


def _route(map_file: str | Path, start: str, goal: str, config: Path | None = None, **given: Any) -> RouteAnswer:
    """The fastest route from `start` to `goal`, one list of cells per turn (None: out of reach).

    >>> route("examples/map.yaml", "C4", "H9", speed=2).legs[0][0]
    'C4'
    """
    game_map, rules = load_map(Path(map_file))
    origin, target = cell_on(game_map, start), cell_on(game_map, goal)
    found = movement_of(rules).route_answer(game_map, rules, origin, target, _own(rules, given, config))
    legs = None if found.legs is None else [[cell_name(*c) for c in leg] for leg in found.legs]
    return RouteAnswer(
        None if legs is None else len(legs), legs, found.note, cell_name(*origin), cell_name(*target), found.lives
    )


# ---- the declarations -------------------------------------------------------------------------------

MAP_FILE = Input("map_file", File(), {"en": "The map file.", "ru": "Файл карты."}, required=True)
# The evening's config, which a referee's session and `serve` give every question that takes one: of
# any game with maps, checked to be the map's game; a game's movement reads what it needs of it.
CONFIG = Input(
    "config",
    File(),
    {
        "en": "The evening's config, of the map's game (Strategy: the hero's, with --hero).",
        "ru": "Конфиг вечера, той же игры, что и карта («Стратегия»: конфиг с героем, для --hero).",
    },
    flag="--config",
)
START = Input(
    "start",
    Text(40),
    {
        "en": "The mover's cell, like C4 (a Cyrillic С4 is read as C4); of an evening, a hero's name: his cell.",
        "ru": "Клетка, откуда идут, например C4 (можно русскими буквами: С4); в вечере — имя героя: его клетка.",
    },
    flag="--from",
    required=True,
    complete="printkit.maps.moves:complete_cells",
)


TURNS = Input("turns", Whole(1, 50), {"en": "Turns.", "ru": "Сколько ходов."}, flag="--turns", default=1)
GOAL = Input(
    "goal",
    Text(8),
    {
        "en": "Where to go, like H9 (a Cyrillic Н9 is read as H9).",
        "ru": "Куда идти, например H9 (можно русскими буквами: Н9).",
    },
    flag="--to",
    required=True,
    complete="printkit.maps.moves:complete_cells",
)


def complete_cells(given: Any, incomplete: str) -> list[str]:
    """Cells of the map on the command line: those holding something first, then (once a letter is
    typed, or on a small map) every cell that begins so."""
    game_map, _ = load_map(Path(given.get("map_file")))
    marked = [cell_name(*c) for c in game_map.marked()]
    every: list[str] = []
    if incomplete or game_map.width * game_map.height <= 400:
        every = [cell_name(x, y) for y in range(game_map.height) for x in range(game_map.width)]
    return marked + every


def _games_help(i: Input, owner: Game) -> Input:
    from dataclasses import replace

    families = tuple(g.family for g in games() if g.movement and i in load_module(g.movement).INPUTS)
    return replace(i, help={lang: f"{owner.named(lang)}: {text}" for lang, text in i.help.items()}, games=families)


def reach_question() -> Question:
    """`referee reach`, with the movement inputs of every installed game."""
    own = tuple(_games_help(i, owner) for owner, i in game_inputs().values())
    return Question(
        "reach",
        summary={
            "en": "Every cell a mover reaches in one turn (or in --turns K), drawn as a map.",
            "ru": "Все клетки, куда можно дойти за ход (или за --turns K), картой.",
        },
        about={
            "en": "The map's game decides: the map file names it (game:). The answer prints the readings of "
            "the rules it used.",
            "ru": "Правила — игры этой карты (game: в файле карты). Ответ называет прочтения правил.",
        },
        inputs=(MAP_FILE, START, CONFIG, *own, TURNS),
        examples=_examples("reach"),
        function=reach,
        notes=True,
    )


def route_question() -> Question:
    """`referee route`, with the movement inputs of every installed game."""
    own = tuple(_games_help(i, owner) for owner, i in game_inputs().values())
    return Question(
        "route",
        summary={
            "en": "The fastest route in turns, cell by cell (exit 1 when out of reach).",
            "ru": "Самый быстрый путь по ходам, клетка за клеткой (код 1, если не дойти).",
        },
        about={"en": "", "ru": ""},
        inputs=(MAP_FILE, START, CONFIG, *own, GOAL),
        examples=_examples("route"),
        function=route,
        notes=True,
    )


def _examples(question: str) -> tuple[str, ...]:
    """Each installed game's examples of a movement question (its movement module's EXAMPLES)."""
    return tuple(
        e for g in games() if g.movement for e in getattr(load_module(g.movement), "EXAMPLES", {}).get(question, ())
    )


# A script's call is checked as a command line's: the shared inputs here, the game's in _own.
reach = checking(_reach, (MAP_FILE, START, TURNS, CONFIG))
route = checking(_route, (MAP_FILE, START, GOAL, CONFIG))
