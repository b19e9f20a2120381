"""«Стратегия» movement on a map: every cell a hero reaches in one turn or in K turns, and routes."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...config.model import Ruleset
from ...labels import Refused
from ...maps.grid import GameMap
from ...maps.moves import Reach, Route
from ...questions import File, Flag, Input, Said, Text, Whole
from .model import Rules, rules_of

Cell = tuple[int, int]


@dataclass(frozen=True)
class Mover:
    """What decides a hero's movement; build it from a hero with `mover_for`."""

    speed: int = 0
    horse: bool = False
    flight: int = 0  # cells a turn in the air (griffin 4, dragon 7); 0: on foot
    flight_avoids: tuple[str, ...] = ()  # terrains a flyer may not cross (the griffin: the death zone)
    wound: int = 0  # cells less per turn (2 lives: 1); -1: cannot move at all
    load: int = 0  # cells lost to carried goods
    deathzone_move: int | None = None  # from the total-potential tiers
    ship: int = 0  # cells a turn of the hero's ship (the builders' intellect, ±1 with the current)


def load_cells(rules: Rules, days: int, strength: int) -> int:
    """Cells lost to carried goods: one per ten days of mining, one back per 4 strength."""
    h = rules.heroes
    per_days, per_strength = (h.load_days_per_cell, h.load_strength_per_cell) if h else (10, 4)
    return max(0, days // per_days - strength // per_strength)


@dataclass(frozen=True)
class Switches:
    """Readings of the rules where the text allows two; printed with every answer."""

    cross_needs_step: bool = True  # crossing a border needs a step left of the old terrain's allowance
    corner_cutting: bool = True  # a diagonal step may pass between two water cells

    def describe(self, lang: str = "ru") -> str:
        from ...labels import label

        cross = label("rf_cross_step" if self.cross_needs_step else "rf_cross_free", lang)
        corner = label("rf_corner_cut" if self.corner_cutting else "rf_no_corner_cut", lang)
        return label("rf_readings", lang, text=f"{label('rf_border', lang)}; {cross}; {corner}")


def allowance(rules: Rules, mover: Mover, terrain: str | None) -> int | None:
    """Cells a turn on foot (or riding) on this terrain; None where walking is impossible."""
    if terrain is None or mover.wound < 0:
        return None
    t = rules.terrain(terrain)
    if t.move.fixed is not None:
        cells = mover.deathzone_move if terrain == "deathzone" and mover.deathzone_move else t.move.fixed
    elif t.move.base is not None:
        cells = t.move.base + mover.speed + (1 if mover.horse and terrain != "mountain" else 0)
        cells = max(0, cells - mover.load)
    else:
        return None
    return max(0, cells - mover.wound)


class _Board:
    """The map as the search reads it: terrain per cell (bridges applied) and neighbours, looked
    up once, since a search on a 200 × 200 map asks for them millions of times."""

    def __init__(self, game_map: GameMap, rules: Rules, mover: Mover, switches: Switches) -> None:
        self.map = game_map
        bridges = {(o.x, o.y) for o in game_map.objects if o.kind == "bridge"}
        self.terrain: dict[Cell, str | None] = {}
        for y in range(game_map.height):
            for x in range(game_map.width):
                t = game_map.terrain(x, y)
                self.terrain[(x, y)] = "plain" if t == "water" and (x, y) in bridges else t
        self.water = {c for c in self.terrain if game_map.terrain(*c) == "water"}
        kinds = set(self.terrain.values())
        self.allow = {t: allowance(rules, mover, t) for t in kinds}
        self.switches = switches
        self._near: dict[Cell, list[Cell]] = {}

    def near(self, cell: Cell) -> list[Cell]:
        """King moves from a cell (the map's own `neighbours`, without a call per candidate)."""
        found = self._near.get(cell)
        if found is None:
            x, y = cell
            w, h = self.map.width, self.map.height
            if 0 < x < w - 1 and 0 < y < h - 1:  # inside: all eight, no bounds to test
                found = [(x - 1, y - 1), (x, y - 1), (x + 1, y - 1), (x - 1, y), (x + 1, y),
                         (x - 1, y + 1), (x, y + 1), (x + 1, y + 1)]  # fmt: skip
            else:
                found = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                         if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h]  # fmt: skip
            self._near[cell] = found
        return found

    def step_ok(self, a: Cell, b: Cell) -> bool:
        return self.switches.corner_cutting or _step_ok(self.map, a, b, self.switches)


def _step_ok(game_map: GameMap, a: Cell, b: Cell, switches: Switches) -> bool:
    if switches.corner_cutting or a[0] == b[0] or a[1] == b[1]:
        return True
    side1 = game_map.terrain(a[0], b[1])
    side2 = game_map.terrain(b[0], a[1])
    return not (side1 == "water" and side2 == "water")


@dataclass
class _Turn:
    """Where one turn's moves lead from a set of starting cells, and how (for routes): the cells
    walked within the starting terrain, those past a border, flown and sailed, each with the
    cell before it. A path is read back through one of them to a starting cell."""

    walked: dict[Cell, Cell]
    crossed: dict[Cell, tuple[Cell, bool]]  # cell -> (previous, whether that previous was walked)
    flown: dict[Cell, Cell]
    sailed: dict[Cell, Cell]

    def cells(self) -> set[Cell]:
        return {*self.walked, *self.crossed, *self.flown, *self.sailed}

    def path(self, cell: Cell) -> list[Cell]:
        """The cells from a starting cell to `cell` (both included)."""
        out = [cell]
        if cell in self.walked:
            table = self.walked
        elif cell in self.crossed:
            while True:
                previous, from_walk = self.crossed[out[-1]]
                out.append(previous)
                if from_walk:
                    break
            table = self.walked
        else:
            table = self.flown if cell in self.flown else self.sailed
        while table[out[-1]] != out[-1]:
            out.append(table[out[-1]])
        return list(reversed(out))


def _one_turn_from(
    board: _Board, mover: Mover, sources: list[Cell], border: int, settled: set[Cell] | None = None
) -> _Turn:
    """Every move of one turn from any of `sources` at once.

    Within its starting terrain a hero walks up to that terrain's allowance; a step into another
    terrain (needing a step left, unless the switch says otherwise) goes `border` cells into it
    and ends the move. As the allowance depends on the terrain only, one breadth-first search
    from all sources gives the union of the searches from each, and the whole map costs one pass."""
    terrain, allow, cross_needs_step = board.terrain, board.allow, board.switches.cross_needs_step
    free = board.switches.corner_cutting  # every diagonal allowed: no step needs checking
    # Cells reached two turns ago or earlier have walked their whole terrain allowance from
    # themselves already: a walk through them finds nothing new, so the walk skips them.
    done = settled if settled is not None else set()
    walked: dict[Cell, Cell] = {}
    steps: dict[Cell, int] = {}
    queue: deque[Cell] = deque()
    for src in sources:
        if allow.get(terrain[src]) is not None and src not in steps:
            walked[src] = src
            steps[src] = 0
            queue.append(src)
    entries: list[tuple[Cell, Cell]] = []
    while queue:
        cell = queue.popleft()
        home = terrain[cell]
        budget = allow[home]
        assert budget is not None
        d = steps[cell]
        for n in board.near(cell):
            if n in done:
                continue
            t = terrain[n]
            if t == home:
                if d < budget and n not in steps and (free or board.step_ok(cell, n)):
                    steps[n] = d + 1
                    walked[n] = cell
                    queue.append(n)
            elif (d < budget or not cross_needs_step) and allow.get(t) is not None and (free or board.step_ok(cell, n)):
                entries.append((cell, n))
    # Past a border: the first cell, then up to border - 1 more within the terrain entered.
    crossed: dict[Cell, tuple[Cell, bool]] = {}
    depth: dict[Cell, int] = {}
    for src, first in entries:
        if first not in depth:
            depth[first] = 1
            crossed[first] = (src, True)
            queue.append(first)
    while queue:
        cell = queue.popleft()
        if depth[cell] >= border:
            continue
        for n in board.near(cell):
            if n not in depth and terrain[n] == terrain[cell] and (free or board.step_ok(cell, n)):
                depth[n] = depth[cell] + 1
                crossed[n] = (cell, False)
                queue.append(n)
    flown: dict[Cell, Cell] = {}
    if mover.flight and mover.wound >= 0:
        reach_air = mover.flight - max(0, mover.wound)
        height = {c: 0 for c in sources}
        flown = {c: c for c in sources}
        queue.extend(sources)
        while queue:
            cell = queue.popleft()
            if height[cell] >= reach_air:
                continue
            for n in board.near(cell):
                if n not in height and terrain[n] not in mover.flight_avoids:
                    height[n] = height[cell] + 1
                    flown[n] = cell
                    queue.append(n)
    sailed: dict[Cell, Cell] = {}
    if mover.ship and mover.wound >= 0:
        sailed = _sail(board, mover, sources)
    return _Turn(walked, crossed, flown, sailed)


def _sail(board: _Board, mover: Mover, sources: list[Cell]) -> dict[Cell, Cell]:
    """Aboard on water: the ship's cells over water. Boarding from the shore and landing each
    take the hero's whole turn, so they reach only the neighbouring cell."""
    came: dict[Cell, Cell] = {}
    afloat = [c for c in sources if c in board.water]
    for c in sources:
        if c not in board.water:
            came.setdefault(c, c)
            for n in board.near(c):
                if n in board.water:
                    came.setdefault(n, c)
    steps = {c: 0 for c in afloat}
    came.update({c: c for c in afloat})
    queue = deque(afloat)
    while queue:
        cell = queue.popleft()
        for n in board.near(cell):
            if n not in steps and n in board.water and steps[cell] < mover.ship:
                steps[n] = steps[cell] + 1
                came.setdefault(n, cell)
                queue.append(n)
    for c in afloat:
        for n in board.near(c):
            if n not in board.water and board.map.terrain(*n) is not None:
                came.setdefault(n, c)
    return came


def reach(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int = 1,
          switches: Switches = Switches(), border: int = 1) -> dict[Cell, int]:  # fmt: skip
    """Every cell reachable within `turns` turns, with the first turn that reaches it (start: 0)."""
    return _search(game_map, rules, mover, start, turns, switches, border)[0]


def _search(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int | None, switches: Switches,
            border: int, goal: Cell | None = None) -> tuple[dict[Cell, int], list[_Turn]]:  # fmt: skip
    """Turn by turn from the cells first reached the turn before (being somewhere earlier is never
    worse: a hero may wait). turns=None: until the goal is reached or nothing new is."""
    board = _Board(game_map, rules, mover, switches)
    first: dict[Cell, int] = {start: 0}
    settled: set[Cell] = set()  # cells whose own turn from there has been searched
    history: list[_Turn] = []
    frontier = [start]
    turn = 0
    while frontier and (turns is None or turn < turns):
        turn += 1
        moves = _one_turn_from(board, mover, frontier, border, settled)
        if goal is not None:
            history.append(moves)
        settled.update(frontier)
        frontier = [c for c in moves.cells() if c not in first]
        for c in frontier:
            first[c] = turn
        if goal is not None and goal in first:
            break
    return first, history


def route(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, goal: Cell, max_turns: int | None = None,
          switches: Switches = Switches(), border: int = 1) -> list[list[Cell]] | None:  # fmt: skip
    """The fastest route in turns: one list of cells per turn, or None if the goal is out of reach."""
    first, history = _search(game_map, rules, mover, start, max_turns, switches, border, goal)
    if goal not in first:
        return None
    legs = []
    cell = goal
    for turn in range(first[goal], 0, -1):
        path = history[turn - 1].path(cell)
        legs.append(path)
        cell = path[0]
    assert cell == start
    return list(reversed(legs))


def mover_for(rules: Rules, hero: object) -> tuple[Mover, int]:
    """A hero's mover and border allowance, from the same derived numbers as the hero sheet."""
    from . import heroes as H
    from .model import Hero

    assert isinstance(hero, Hero)
    owned = H.owned(rules, hero)
    lives = H.current_lives(rules, hero)
    h = rules.heroes
    assert h is not None
    wound = -1 if lives <= h.lives.immobile_at else (1 if lives <= h.lives.slow_at else 0)
    flyer = max((o for o in owned if o.flight), key=lambda o: o.flight or 0, default=None)
    mover = Mover(
        speed=hero.speed,
        horse=any(o.move_bonus for o in owned),
        flight=flyer.flight or 0 if flyer else 0,
        flight_avoids=tuple(flyer.not_on) if flyer else (),
        wound=wound,
        deathzone_move=H.perks(rules, hero).deathzone_move,
    )
    return mover, H.border_cells(rules, hero)


def _mover(rules: Rules, given: Mapping[str, Any]) -> tuple[Mover, int]:
    """The mover and its border allowance: a hero of a config, or the speed and animals given."""
    import dataclasses

    strength = given["strength"]
    # A config says who moves only with --hero (a referee's session passes its config to every question).
    if given["hero"]:
        if given["config"] is None:
            raise Refused("rf_e_need_config")
        from ...config.session import load_session
        from .heroes import marked_heroes

        heroes = marked_heroes(load_session(given["config"]))
        hero = heroes.get(given["hero"].casefold())
        if hero is None:
            raise Refused("rf_e_marker", marker=given["hero"], markers=" ".join(sorted(heroes)))
        mover, border = mover_for(rules, hero)
        strength = hero.strength
    else:
        if given["speed"] is None:
            raise Refused("rf_e_need_speed")
        speed = given["speed"]
        border = 1 + speed // (rules.heroes.border_per_speed if rules.heroes else 4)
        mover = Mover(speed=speed, horse=given["horse"], flight=given["flight"],
                      flight_avoids=("deathzone",) if given["flight"] == 4 else ())  # fmt: skip
    load = load_cells(rules, given["load_days"], strength)
    return dataclasses.replace(mover, ship=given["ship"], load=load), border


def _switches(given: Mapping[str, Any]) -> Switches:
    return Switches(cross_needs_step=not given["cross_free"], corner_cutting=not given["no_corner_cutting"])


def reach_answer(game_map: GameMap, ruleset: Ruleset, start: Cell, turns: int, given: Mapping[str, Any]) -> Reach:
    """`printkit referee reach` on a «Стратегия» map."""
    rules = rules_of(ruleset)
    mover, border = _mover(rules, given)
    switches = _switches(given)
    found = reach(game_map, rules, mover, start, turns, switches, border)
    return Reach({c: t for c, t in found.items() if c != start}, Said(switches.describe))


def route_answer(game_map: GameMap, ruleset: Ruleset, start: Cell, goal: Cell, given: Mapping[str, Any]) -> Route:
    """`printkit referee route` on a «Стратегия» map."""
    rules = rules_of(ruleset)
    mover, border = _mover(rules, given)
    switches = _switches(given)
    legs = route(game_map, rules, mover, start, goal, None, switches, border)
    return Route(legs, Said(switches.describe))


def marks(game_map: GameMap) -> dict[Cell, str]:
    """«Стратегия» maps mark nothing before a cell's letter."""
    return {}


def _help(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


# Who moves on a «Стратегия» map, and the two readings of its rules that can be switched.
INPUTS = (
    Input("speed", Whole(0, 99), _help("The hero's speed (or use --config and --hero).", "Скорость героя."),
          flag="--speed"),
    Input("config", File(), _help("A config with the hero.", "Конфиг с героем."), flag="--config"),
    Input("hero", Text(12), _help("The hero's map marker in that config, like А or 1.", "Метка героя на карте."),
          flag="--hero", complete="printkit.games.strategiya.heroes:complete_markers"),
    Input("horse", Flag(), _help("Riding: +1 cell everywhere but mountains.", "Верхом: +1 клетка, кроме гор."),
          flag="--horse"),
    Input("flight", Whole(0, 20), _help("Flying cells a turn (griffin 4).", "Клеток полёта за ход (грифон 4)."),
          flag="--flight", default=0),
    Input("ship", Whole(0, 20), _help("A ship's cells a turn (its builders' intellect; +1 downstream, -1 upstream).",
                                      "Клеток корабля за ход."), flag="--ship", default=0),
    Input("load_days", Whole(0, 999), _help("Days of mining carried: one cell less per 10 days, one back per 4 "
                                            "strength.", "Дней добычи в грузе."), flag="--load-days", default=0),
    Input("strength", Whole(0, 99), _help("With --load-days and --speed.", "Сила (с --load-days и --speed)."),
          flag="--strength", default=0),
    Input("cross_free", Flag(), _help("Switch: a border may be crossed with no step left.",
                                      "Прочтение: границу можно пересечь без оставшегося шага."), flag="--cross-free"),
    Input("no_corner_cutting", Flag(), _help("Switch: no diagonal step between two waters.",
                                             "Прочтение: нельзя по диагонали между двумя водами."),
          flag="--no-corner-cutting"),
)  # fmt: skip

# The examples `referee reach` and `route` show for «Стратегия» maps.
EXAMPLES = {
    "reach": (
        "printkit referee reach examples/map.yaml --from C4 --speed 2",
        "printkit referee reach examples/map.yaml --from C4 --speed 1 --turns 3",
        "printkit referee reach examples/map.yaml --from B2 --config examples/strategiya-heroes.yaml --hero 1 --json",
    ),
    "route": ("printkit referee route examples/map.yaml --from C4 --to H9 --speed 2",),
}
