"""«Стратегия» movement on a map: every cell a hero reaches in one turn or in K turns, and routes."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.maps import Reach, Route
from printkit.plugin import Flag, GameMap, Input, Phrase, Refused, Ruleset, Said, Text, Whole

from .heroes import crossing
from .model import Rules, Ship, rules_of, strategiya_map

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
    ship: int | None = None  # the hero's ship: its builders' intellect (its cells a turn on still water)


def load_cells(rules: Rules, days: int, strength: int) -> int:
    """Cells lost to carried goods: one per ten days of mining, one back per 4 strength."""
    h = rules.heroes
    per_days, per_strength = (h.load_days_per_cell, h.load_strength_per_cell) if h else (10, 4)
    return max(0, days // per_days - strength // per_strength)


@dataclass(frozen=True)
class Switches:
    """Readings of the rules where the text allows two; printed with every answer."""

    # Crossing a border needs a step left of the old terrain's allowance, or is the turn's first move
    # (a hero of speed 0 in the mountains walks 0 cells, yet may always step out).
    cross_needs_step: bool = True
    corner_cutting: bool = True  # a diagonal step may pass between two water cells
    border_round_up: bool = True  # every 4 speed begun add a crossing cell (the rules' example); else full 4s

    def describe(self, lang: str = "ru", notes: tuple[Phrase, ...] = ()) -> str:
        """The readings taken, then what the answer leaves out or adds (notes), in lang."""
        from printkit.plugin import label

        border = label("rf_border_up" if self.border_round_up else "rf_border_down", lang)
        cross = label("rf_cross_step" if self.cross_needs_step else "rf_cross_free", lang)
        corner = label("rf_corner_cut" if self.corner_cutting else "rf_no_corner_cut", lang)
        parts = [border, label("rf_border_deathzone", lang), cross, corner, *(n.say(lang) for n in notes)]
        return label("rf_readings", lang, text="; ".join(parts))


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


def crossing_depth(rules: Rules, mover: Mover, terrain: str | None, border: int) -> int:
    """Cells a step over a border goes into `terrain`: the border allowance less a wound's cell, and in
    a terrain whose cells a turn do not depend on speed (the death zone: 1 whatever the speed) no
    more than a turn's walk there."""
    allow = allowance(rules, mover, terrain)
    if allow is None:
        return 0
    depth = max(0, border - max(0, mover.wound))
    if terrain is not None and rules.terrain(terrain).move.fixed is not None:
        depth = min(depth, allow)
    return depth


class _Board:
    """The map as the search reads it: terrain per cell (bridges applied) and neighbours, looked
    up once, since a search on a 200 × 200 map asks for them millions of times."""

    def __init__(self, game_map: GameMap, rules: Rules, mover: Mover, switches: Switches, border: int) -> None:
        self.map = game_map
        self.rules = rules
        bridges = {(o.x, o.y) for o in game_map.objects if o.kind == "bridge"}
        self.terrain: dict[Cell, str | None] = {}
        for y in range(game_map.height):
            for x in range(game_map.width):
                t = game_map.terrain(x, y)
                self.terrain[(x, y)] = "plain" if t == "water" and (x, y) in bridges else t
        self.water = {c for c in self.terrain if game_map.terrain(*c) == "water"}
        kinds = set(self.terrain.values())
        self.allow = {t: allowance(rules, mover, t) for t in kinds}
        self.depth = {t: crossing_depth(rules, mover, t, border) for t in kinds}
        self.flows = strategiya_map(game_map).flows()
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


def _one_turn_from(board: _Board, mover: Mover, sources: list[Cell], settled: set[Cell] | None = None) -> _Turn:
    """Every move of one turn from any of `sources` at once.

    Within its starting terrain a hero walks up to that terrain's allowance; a step into another
    terrain (with a step left or as the turn's first move, unless the switch frees it) goes the
    crossing depth into it and ends the move. As the allowance depends on the terrain only, one
    breadth-first search from all sources gives the union of the searches from each, and the whole
    map costs one pass."""
    terrain, allow, cross_needs_step = board.terrain, board.allow, board.switches.cross_needs_step
    depth_of = board.depth
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
            elif ((d < budget or d == 0 or not cross_needs_step) and depth_of.get(t, 0) > 0
                  and (free or board.step_ok(cell, n))):  # fmt: skip
                entries.append((cell, n))
    # Past a border: the first cell, then up to the crossing depth within the terrain entered.
    crossed: dict[Cell, tuple[Cell, bool]] = {}
    depth: dict[Cell, int] = {}
    for src, first in entries:
        if first not in depth:
            depth[first] = 1
            crossed[first] = (src, True)
            queue.append(first)
    while queue:
        cell = queue.popleft()
        if depth[cell] >= depth_of[terrain[cell]]:
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
    if mover.ship is not None and mover.wound >= 0:
        sailed = _sail(board, mover.ship, sources)
    return _Turn(walked, crossed, flown, sailed)


def flow_of(step: Cell, current: Cell | None) -> int:
    """1 with the current (within 45° of it), -1 against it (within 45° of its opposite), 0 on still
    water or across the current."""
    if current is None:
        return 0
    dot = step[0] * current[0] + step[1] * current[1]
    # Two of the eight directions: 0° gives |a||b|, 45° gives |a||b|/√2; the squares tell them apart
    # without a root (|a|² and |b|² are 1 or 2).
    near = 2 * dot * dot >= (step[0] ** 2 + step[1] ** 2) * (current[0] ** 2 + current[1] ** 2)
    return (1 if dot > 0 else -1) if dot and near else 0


def _sail(board: _Board, intellect: int, sources: list[Cell]) -> dict[Cell, Cell]:
    """Aboard on water: the ship's cells over water. Each cell sailed takes the share of a turn its
    water allows: 1/(intellect + 1) going with the current of the cell entered, 1/intellect on still
    water (or across a current), 1/(intellect − 1) against it. Boarding from the shore and landing
    each take the hero's whole turn, so they reach only the neighbouring cell."""
    import heapq
    import math

    ship = board.rules.ship or Ship(1, 0, -1)
    speeds = {f: ship.speed(intellect, f) for f in (1, 0, -1)}
    whole = math.lcm(*(v for v in speeds.values() if v > 0)) if any(speeds.values()) else 1
    cost = {f: whole // v for f, v in speeds.items() if v > 0}  # a turn is `whole`; a cell, its share
    came: dict[Cell, Cell] = {}
    afloat = [c for c in sources if c in board.water]
    for c in sources:
        if c not in board.water:
            came.setdefault(c, c)
            for n in board.near(c):
                if n in board.water:
                    came.setdefault(n, c)
    spent = {c: 0 for c in afloat}
    came.update({c: c for c in afloat})
    heap = [(0, c) for c in afloat]
    while heap:
        used, cell = heapq.heappop(heap)
        if used > spent[cell]:
            continue
        for n in board.near(cell):
            if n not in board.water:
                continue
            share = cost.get(flow_of((n[0] - cell[0], n[1] - cell[1]), board.flows.get(n)))
            if share is not None and used + share <= whole and used + share < spent.get(n, whole + 1):
                spent[n] = used + share
                came[n] = cell
                heapq.heappush(heap, (used + share, n))
    for c in afloat:
        for n in board.near(c):
            if n not in board.water and board.map.terrain(*n) is not None:
                came.setdefault(n, c)
    return came


def reach(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int = 1,
          switches: Switches = Switches(), border: int | None = None) -> dict[Cell, int]:  # fmt: skip
    """Every cell reachable within `turns` turns, with the first turn that reaches it (start: 0).
    border: cells a crossing goes (default: the mover's speed under the switches' reading)."""
    return _search(game_map, rules, mover, start, turns, switches, border)[0]


def _search(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int | None, switches: Switches,
            border: int | None, goal: Cell | None = None) -> tuple[dict[Cell, int], list[_Turn]]:  # fmt: skip
    """Turn by turn from the cells first reached the turn before (being somewhere earlier is never
    worse: a hero may wait). turns=None: until the goal is reached or nothing new is."""
    if border is None:
        border = crossing(rules, mover.speed, switches.border_round_up)
    board = _Board(game_map, rules, mover, switches, border)
    first: dict[Cell, int] = {start: 0}
    settled: set[Cell] = set()  # cells whose own turn from there has been searched
    history: list[_Turn] = []
    frontier = [start]
    turn = 0
    while frontier and (turns is None or turn < turns):
        turn += 1
        moves = _one_turn_from(board, mover, frontier, settled)
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
          switches: Switches = Switches(), border: int | None = None) -> list[list[Cell]] | None:  # fmt: skip
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


def mover_for(rules: Rules, hero: object) -> Mover:
    """A hero's mover, from the same derived numbers as the hero sheet (an animal the hero cannot
    command yet carries nobody)."""
    from . import heroes as H
    from .model import Hero

    assert isinstance(hero, Hero)
    riding = H.in_use(rules, hero)
    lost = H.wound(rules, hero)
    flyer = max((o for o in riding if o.flight), key=lambda o: o.flight or 0, default=None)
    return Mover(
        speed=hero.speed,
        horse=any(o.move_bonus for o in riding),
        flight=flyer.flight or 0 if flyer else 0,
        flight_avoids=tuple(flyer.not_on) if flyer else (),
        wound=-1 if lost is None else lost,
        deathzone_move=H.perks(rules, hero).deathzone_move,
    )


def hero_notes(rules: Rules, hero: object, marker: str) -> tuple[Phrase, ...]:
    """What an answer about this hero's movement says besides the readings: animals left idle."""
    from . import heroes as H
    from .model import Hero

    assert isinstance(hero, Hero)
    smart = H.intellect(rules, hero)
    return tuple(Phrase("rf_idle_animal", who=hero.name or marker, animal=dict(o.name), need=o.intellect, has=smart)
                 for o in H.idle_animals(rules, hero))  # fmt: skip


def _mover(rules: Rules, given: Mapping[str, Any]) -> tuple[Mover, tuple[Phrase, ...]]:
    """The mover, and what the answer notes about it: a hero of a config, or the speed, potential
    and animals given."""
    import dataclasses

    strength = given["strength"]
    notes: tuple[Phrase, ...] = ()
    # A config says who moves only with --hero (a referee's session passes its config to every question;
    # the map's question reads it, printkit.maps.moves.CONFIG, and gives it here as given["config"]).
    if given["hero"]:
        if given["config"] is None:
            raise Refused("rf_e_need_config")
        from printkit.plugin import load_session

        from .heroes import find_hero

        named = find_hero(load_session(given["config"]), given["hero"])
        hero = named.hero
        mover = mover_for(rules, hero)
        notes = hero_notes(rules, hero, named.marker)
        strength = hero.strength
    else:
        if given["speed"] is None:
            raise Refused("rf_e_need_speed")
        potential = given["potential"]
        tiers = rules.tiers_for(potential) if potential is not None else []
        deathzone = next((t.deathzone_move for t in reversed(tiers) if t.deathzone_move is not None), None)
        avoids = ("deathzone",) if given["flight"] == 4 else ()
        mover = Mover(speed=given["speed"], horse=given["horse"], flight=given["flight"], flight_avoids=avoids,
                      deathzone_move=deathzone)  # fmt: skip
        if potential is None and rules.tiers:
            notes = (Phrase("rf_no_tiers", n=rules.tiers[0].start),)
    if mover.horse:
        notes += (Phrase("rf_horse_deathzone"),)
    if given["ship"] is not None:
        ship = rules.ship or Ship(1, 0, -1)
        speeds = {k: ship.speed(given["ship"], f) for k, f in (("down", 1), ("still", 0), ("up", -1))}
        notes += (Phrase("rf_ship", **speeds),)
    load = load_cells(rules, given["load_days"], strength)
    return dataclasses.replace(mover, ship=given["ship"], load=load), notes


def _switches(given: Mapping[str, Any]) -> Switches:
    return Switches(cross_needs_step=not given["cross_free"], corner_cutting=not given["no_corner_cutting"],
                    border_round_up=not given["border_full_fours"])  # fmt: skip


def _said(switches: Switches, notes: tuple[Phrase, ...]) -> Said:
    return Said(lambda lang: switches.describe(lang, notes))


def reach_answer(game_map: GameMap, ruleset: Ruleset, start: Cell, turns: int, given: Mapping[str, Any]) -> Reach:
    """`printkit referee reach` on a «Стратегия» map."""
    rules = rules_of(ruleset)
    mover, notes = _mover(rules, given)
    switches = _switches(given)
    found = reach(game_map, rules, mover, start, turns, switches)
    return Reach({c: t for c, t in found.items() if c != start}, _said(switches, notes))


def route_answer(game_map: GameMap, ruleset: Ruleset, start: Cell, goal: Cell, given: Mapping[str, Any]) -> Route:
    """`printkit referee route` on a «Стратегия» map."""
    rules = rules_of(ruleset)
    mover, notes = _mover(rules, given)
    switches = _switches(given)
    legs = route(game_map, rules, mover, start, goal, None, switches)
    return Route(legs, _said(switches, notes))


def marks(game_map: GameMap) -> dict[Cell, str]:
    """«Стратегия» maps mark nothing before a cell's letter."""
    return {}


def _help(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


# Who moves on a «Стратегия» map, and the two readings of its rules that can be switched.
INPUTS = (
    Input("speed", Whole(0, 99), _help("The hero's speed (or use --config and --hero).", "Скорость героя."),
          flag="--speed"),
    Input("hero", Text(40), _help("The hero in that config: its name (Гром) or map marker (А, 1).",
                                  "Герой из конфига: имя (Гром) или метка на карте (А, 1)."),
          flag="--hero", complete="printkit.games.strategiya.heroes:complete_markers"),
    Input("horse", Flag(), _help("Riding: +1 cell everywhere but mountains.", "Верхом: +1 клетка, кроме гор."),
          flag="--horse"),
    Input("flight", Whole(0, 20), _help("Flying cells a turn (griffin 4).", "Клеток полёта за ход (грифон 4)."),
          flag="--flight", default=0),
    Input("potential", Whole(0, 300), _help("The hero's total potential (strength + speed + intellect), for the "
                                            "death-zone tiers (with --speed).",
                                            "Суммарный потенциал героя (для смертельной зоны, с --speed)."),
          flag="--potential"),
    Input("ship", Whole(0, 20), _help("Aboard a ship: its builders' intellect, its cells a turn on still water; the "
                                      "map's currents add 1 downstream and take 1 upstream.",
                                      "На корабле: интеллект строителей (клеток за ход в стоячей воде; течение "
                                      "карты даёт +1 по течению и −1 против)."), flag="--ship"),
    Input("load_days", Whole(0, 999), _help("Days of mining carried: one cell less per 10 days, one back per 4 "
                                            "strength.", "Дней добычи в грузе."), flag="--load-days", default=0),
    Input("strength", Whole(0, 99), _help("With --load-days and --speed.", "Сила (с --load-days и --speed)."),
          flag="--strength", default=0),
    Input("cross_free", Flag(), _help("Switch: a border may be crossed with no step left.",
                                      "Прочтение: границу можно пересечь без оставшегося шага."), flag="--cross-free"),
    Input("no_corner_cutting", Flag(), _help("Switch: no diagonal step between two waters.",
                                             "Прочтение: нельзя по диагонали между двумя водами."),
          flag="--no-corner-cutting"),
    Input("border_full_fours", Flag(), _help("Switch: a crossing gains a cell only per full 4 speed (speed 2 or 3 "
                                             "crosses 1 cell, against the rules' example).",
                                             "Прочтение: переход растёт лишь за полные 4 скорости (скорость 2–3 — "
                                             "1 клетка, вопреки примеру правил)."), flag="--border-full-fours"),
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
