"""Movement questions on a map, answered by the map's game: every cell within reach, the fastest route."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from os import PathLike
from typing import Protocol

from ..config.model import Ruleset
from ..errors import Refused
from ..games import game
from .grid import GameMap

Cell = tuple[int, int]


@dataclass(frozen=True)
class MoveRequest:
    """Who moves and how, as a referee asks it; each game reads the fields it knows."""

    start: Cell
    turns: int = 1
    speed: int | None = None
    config: str | PathLike[str] | None = None  # a session config holding the hero...
    hero: str | None = None  # ...by its map marker
    horse: bool = False
    flight: int = 0
    ship: int = 0
    load_days: int = 0
    strength: int = 0
    cross_free: bool = False  # «Стратегия» switch: a border may be crossed with no step left
    no_corner_cutting: bool = False  # «Стратегия» switch: no diagonal step between two waters
    troop: str | None = None  # «Великая Стратегическая»: the troop that moves
    laden: bool = False  # «Великая Стратегическая»: a ship carrying a troop
    player: str | None = None  # whose piece moves (the map's pieces of others may stop or block it)
    allow: tuple[str, ...] = ()  # players who let it pass their pieces and buildings
    switches: frozenset[str] = frozenset()  # a game's own spells and readings, by name
    lang: str = "ru"  # the language of the answer's notes


@dataclass(frozen=True)
class Reach:
    """Every cell reachable (with the first turn that reaches it; the start is left out) and the
    readings of the rules the answer used."""

    cells: dict[Cell, int]
    note: str


@dataclass(frozen=True)
class Route:
    """The fastest route, one list of cells per turn (None: out of reach), and the readings used."""

    legs: list[list[Cell]] | None
    note: str


class _Movement(Protocol):
    def reach_answer(self, game_map: GameMap, rules: Ruleset, request: MoveRequest) -> Reach: ...

    def route_answer(self, game_map: GameMap, rules: Ruleset, request: MoveRequest, goal: Cell) -> Route: ...


def _movement(rules: Ruleset) -> _Movement:
    module = game(rules.family).movement
    if module is None:
        raise Refused("mc_no_rules", family=rules.family)
    found: _Movement = importlib.import_module(module)
    return found


def reach(game_map: GameMap, rules: Ruleset, request: MoveRequest) -> Reach:
    """Every cell the mover reaches in request.turns turns, by the rules of the map's game."""
    return _movement(rules).reach_answer(game_map, rules, request)


def route(game_map: GameMap, rules: Ruleset, request: MoveRequest, goal: Cell) -> Route:
    """The fastest route to goal, by the rules of the map's game."""
    return _movement(rules).route_answer(game_map, rules, request, goal)
