"""«Стратегия» movement on a map: every cell a hero reaches in one turn or in K turns, and routes."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ...config.model import Ruleset
from ...errors import UsageError
from ...maps.grid import GameMap
from ...maps.moves import MoveRequest, Reach, Route
from .model import Rules, rules_of

Cell = tuple[int, int]
MAX_ROUTE_TURNS = 200


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

    def describe(self) -> str:
        cross = "crossing needs a step left" if self.cross_needs_step else "a border may always be crossed"
        corner = "diagonals may pass between water" if self.corner_cutting else "no diagonal between two waters"
        return f"switches: {cross}; {corner}"


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


def _passable(game_map: GameMap, rules: Rules, mover: Mover, cell: Cell) -> bool:
    return allowance(rules, mover, _terrain(game_map, cell)) is not None


def _terrain(game_map: GameMap, cell: Cell) -> str | None:
    """Bridges carry walkers over water at plain speed."""
    x, y = cell
    terrain = game_map.terrain(x, y)
    if terrain == "water":
        o = game_map.object_at(x, y)
        if o is not None and o.kind == "bridge":
            return "plain"
    return terrain


def _step_ok(game_map: GameMap, a: Cell, b: Cell, switches: Switches) -> bool:
    if switches.corner_cutting or a[0] == b[0] or a[1] == b[1]:
        return True
    side1 = game_map.terrain(a[0], b[1])
    side2 = game_map.terrain(b[0], a[1])
    return not (side1 == "water" and side2 == "water")


def one_turn(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, switches: Switches = Switches(),
             border: int = 1) -> dict[Cell, Cell]:  # fmt: skip
    """Cells reachable this turn, each with the cell it was reached from (the start maps to itself)."""
    came: dict[Cell, Cell] = {start: start}
    home = _terrain(game_map, start)
    budget = allowance(rules, mover, home)
    # Terrains and allowances are looked up once per cell and per terrain: a whole-map turn
    # visits every cell eight times.
    terrain_of: dict[Cell, str | None] = {}
    walkable: dict[str | None, bool] = {}

    def terrain(cell: Cell) -> str | None:
        found = terrain_of.get(cell, "?")
        if found == "?":
            found = terrain_of[cell] = _terrain(game_map, cell)
        return found

    def passable(cell: Cell) -> bool:
        t = terrain(cell)
        if t not in walkable:
            walkable[t] = allowance(rules, mover, t) is not None
        return walkable[t]

    if budget is not None and budget > 0:
        # Within the starting terrain: plain BFS up to its allowance.
        steps = {start: 0}
        queue = deque([start])
        crossings: list[tuple[Cell, Cell]] = []
        while queue:
            cell = queue.popleft()
            for n in game_map.neighbours(*cell):
                if n in steps or not passable(n) or not _step_ok(game_map, cell, n, switches):
                    continue
                if terrain(n) == home:
                    if steps[cell] < budget:
                        steps[n] = steps[cell] + 1
                        came[n] = cell
                        queue.append(n)
                elif steps[cell] < budget or not switches.cross_needs_step:
                    crossings.append((cell, n))
        # Crossing: one cell into the new terrain, more per 4 speed, and the move ends there.
        for src, first in crossings:
            if first in came:
                continue
            came[first] = src
            entered = terrain(first)
            frontier = [first]
            for _ in range(border - 1):
                nxt = []
                for cell in frontier:
                    for n in game_map.neighbours(*cell):
                        if n not in came and terrain(n) == entered and _step_ok(game_map, cell, n, switches):
                            came[n] = cell
                            nxt.append(n)
                frontier = nxt
    elif budget is not None and not switches.cross_needs_step:
        for n in game_map.neighbours(*start):
            if _passable(game_map, rules, mover, n) and _terrain(game_map, n) != home:
                came.setdefault(n, start)
    if mover.flight and mover.wound >= 0:
        _fly(game_map, mover, start, came)
    if mover.ship and mover.wound >= 0:
        _sail(game_map, mover, start, came)
    return came


def _sail(game_map: GameMap, mover: Mover, start: Cell, came: dict[Cell, Cell]) -> None:
    """Aboard on water: the ship's cells over water. Boarding from the shore and landing each
    take the hero's whole turn, so they reach only the neighbouring cell."""
    if game_map.terrain(*start) != "water":
        for n in game_map.neighbours(*start):
            if game_map.terrain(*n) == "water":
                came.setdefault(n, start)
        return
    steps = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in game_map.neighbours(*cell):
            if n in steps:
                continue
            if game_map.terrain(*n) == "water" and steps[cell] < mover.ship:
                steps[n] = steps[cell] + 1
                came.setdefault(n, cell)
                queue.append(n)
    for n in game_map.neighbours(*start):
        if game_map.terrain(*n) not in ("water", None):
            came.setdefault(n, start)


def _fly(game_map: GameMap, mover: Mover, start: Cell, came: dict[Cell, Cell]) -> None:
    steps = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if steps[cell] >= mover.flight - max(0, mover.wound):
            continue
        for n in game_map.neighbours(*cell):
            if n not in steps and game_map.terrain(*n) not in mover.flight_avoids:
                steps[n] = steps[cell] + 1
                came.setdefault(n, cell)
                queue.append(n)


def reach(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int = 1,
          switches: Switches = Switches(), border: int = 1) -> dict[Cell, int]:  # fmt: skip
    """Every cell reachable within `turns` turns, with the first turn that reaches it (start: 0)."""
    return _search(game_map, rules, mover, start, turns, switches, border)[0]


Legs = dict[Cell, tuple[Cell, list[Cell]]]


def _search(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int, switches: Switches,
            border: int, goal: Cell | None = None) -> tuple[dict[Cell, int], Legs]:  # fmt: skip
    first: dict[Cell, int] = {start: 0}
    how: Legs = {}
    frontier = [start]
    for turn in range(1, turns + 1):
        nxt = []
        for origin in frontier:
            came = one_turn(game_map, rules, mover, origin, switches, border)
            for cell in came:
                if cell not in first:
                    first[cell] = turn
                    nxt.append(cell)
                    if goal is not None:  # only a route needs the cells between
                        path = [cell]
                        while path[-1] != origin:
                            path.append(came[path[-1]])
                        how[cell] = (origin, list(reversed(path)))
        if goal is not None and goal in first:
            break
        frontier = nxt
        if not frontier:
            break
    return first, how


def route(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, goal: Cell, max_turns: int = 200,
          switches: Switches = Switches(), border: int = 1) -> list[list[Cell]] | None:  # fmt: skip
    """The fastest route in turns: one list of cells per turn, or None if the goal is out of reach."""
    first, how = _search(game_map, rules, mover, start, max_turns, switches, border, goal)
    if goal not in first:
        return None
    legs = []
    cell = goal
    while cell != start:
        origin, path = how[cell]
        legs.append(path)
        cell = origin
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


def _mover(rules: Rules, request: MoveRequest) -> tuple[Mover, int]:
    """The mover and its border allowance: a hero of a config, or the speed and animals given."""
    import dataclasses

    strength = request.strength
    if request.config is not None:
        if not request.hero:
            raise UsageError("--config needs --hero MARKER")
        from ...config.session import load_session
        from .heroes import marked_heroes

        hero = marked_heroes(load_session(request.config)).get(request.hero.casefold())
        if hero is None:
            raise UsageError(f"no hero marked {request.hero!r} in {request.config}")
        mover, border = mover_for(rules, hero)
        strength = hero.strength
    else:
        if request.speed is None:
            raise UsageError("give --speed N, or --config C --hero MARKER")
        speed = request.speed
        border = 1 + speed // (rules.heroes.border_per_speed if rules.heroes else 4)
        mover = Mover(speed=speed, horse=request.horse, flight=request.flight,
                      flight_avoids=("deathzone",) if request.flight == 4 else ())  # fmt: skip
    load = load_cells(rules, request.load_days, strength)
    return dataclasses.replace(mover, ship=request.ship, load=load), border


def _switches(request: MoveRequest) -> Switches:
    return Switches(cross_needs_step=not request.cross_free, corner_cutting=not request.no_corner_cutting)


def reach_answer(game_map: GameMap, ruleset: Ruleset, request: MoveRequest) -> Reach:
    """`printkit referee reach` on a «Стратегия» map."""
    if request.troop:
        raise UsageError("--troop is for «Великая Стратегическая» maps")
    rules = rules_of(ruleset)
    mover, border = _mover(rules, request)
    switches = _switches(request)
    found = reach(game_map, rules, mover, request.start, request.turns, switches, border)
    return Reach({c: t for c, t in found.items() if c != request.start}, switches.describe())


def route_answer(game_map: GameMap, ruleset: Ruleset, request: MoveRequest, goal: Cell) -> Route:
    """`printkit referee route` on a «Стратегия» map."""
    rules = rules_of(ruleset)
    mover, border = _mover(rules, request)
    switches = _switches(request)
    legs = route(game_map, rules, mover, request.start, goal, MAX_ROUTE_TURNS, switches, border)
    return Route(legs, switches.describe())
