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
    ship_at: Cell | None = None  # where the ship lies for a hero ashore; None: any water beside the start
    deathzone_lives: int | None = None  # signed change a turn there: the tiers' −1 or 0, a hunter's 0
    # The hero's lives at the start, counted as he goes (the wound then follows them); None: not counted.
    lives: int | None = None
    carry: int = 0  # cells less for carrying a hero who cannot walk (1 life)


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
    # A crossing always goes at least one cell (the rules: the hero «всегда» moves one cell onto the
    # new terrain), a wound notwithstanding; else the wound's cell comes off the crossing too.
    crossing_floor: bool = True
    lives_leaving_zone: bool = False  # a turn begun in the death zone costs its lives even if it ends outside

    def describe(self, lang: str = "ru", notes: tuple[Phrase, ...] = (), lives: int | None = None) -> str:
        """The readings taken, then what the answer leaves out or adds (notes), in lang; lives: what a
        turn in the map's death zone costs (None: the map has none, and the answer says nothing of it)."""
        from printkit.plugin import label

        border = label("rf_border_up" if self.border_round_up else "rf_border_down", lang)
        wound = label("rf_wound_floor" if self.crossing_floor else "rf_wound_cut", lang)
        cross = label("rf_cross_step" if self.cross_needs_step else "rf_cross_free", lang)
        corner = label("rf_corner_cut" if self.corner_cutting else "rf_no_corner_cut", lang)
        parts = [border, wound, label("rf_border_deathzone", lang), cross, corner]
        if lives is not None:
            parts.append(label("rf_lives_leaving" if self.lives_leaving_zone else "rf_lives_end", lang, n=lives))
        parts += [n.say(lang) for n in notes]
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
    return max(0, cells - mover.wound - mover.carry)


def crossing_depth(rules: Rules, mover: Mover, terrain: str | None, border: int, floor: bool = True) -> int:
    """Cells a step over a border goes into `terrain`: the border allowance less a wound's cell, and in
    a terrain whose cells a turn do not depend on speed (the death zone: 1 whatever the speed) no
    more than a turn's walk there. floor: never less than one cell (a hero who can move at all)."""
    allow = allowance(rules, mover, terrain)
    if allow is None:
        return 0
    least = 1 if floor else 0
    depth = max(least, border - max(0, mover.wound) - mover.carry)
    if terrain is not None and rules.terrain(terrain).move.fixed is not None:
        depth = min(depth, max(least, allow))
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
        self.depth = {t: crossing_depth(rules, mover, t, border, switches.crossing_floor) for t in kinds}
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


# Where the hero's ship is, as a state of the search. A ship is where it was left: aboard, it goes
# with the hero; moored, it waits at its cells for the hero to board; on foot, the hero has none to
# board, or left it where he landed (going back to it is never faster than staying aboard, so the
# search need not remember where).
FOOT, MOORED, ABOARD = 0, 1, 2
State = tuple[Cell, int]


@dataclass
class _Turn:
    """Where one turn's moves lead from a set of starting cells of one ship state, and how (for
    routes): the cells walked within the starting terrain, those past a border, flown, sailed, the
    ship boarded and the shore landed on, each with the cell before it. A path is read back through
    one of them to a starting cell."""

    walked: dict[Cell, Cell]
    crossed: dict[Cell, tuple[Cell, bool]]  # cell -> (previous, whether that previous was walked)
    flown: dict[Cell, Cell]
    sailed: dict[Cell, Cell]
    boarded: dict[Cell, Cell]
    landed: dict[Cell, Cell]

    def reached(self, mode: int) -> list[tuple[Cell, int, str]]:
        """Every cell this turn ends on, with the ship state it leaves the hero in and how it came."""
        ashore = MOORED if mode == MOORED else FOOT  # walking or flying off a ship leaves it behind
        # A flyer aboard who does not fly stays aboard: his own cell is no flight off the ship.
        flown = {c for c, p in self.flown.items() if mode != ABOARD or c != p}
        out = [(c, ashore, "foot") for c in {*self.walked, *self.crossed, *flown}]
        out += [(c, ABOARD, "sail") for c in self.sailed]
        out += [(c, ABOARD, "board") for c in self.boarded]
        out += [(c, FOOT, "land") for c in self.landed]
        return out

    def path(self, cell: Cell, kind: str = "foot") -> list[Cell]:
        """The cells from a starting cell to `cell` (both included), come the way `kind` says."""
        if kind in ("board", "land"):
            return [(self.boarded if kind == "board" else self.landed)[cell], cell]
        out = [cell]
        if kind == "sail":
            table = self.sailed
        elif cell in self.walked:
            table = self.walked
        elif cell in self.crossed:
            while True:
                previous, from_walk = self.crossed[out[-1]]
                out.append(previous)
                if from_walk:
                    break
            table = self.walked
        else:
            table = self.flown
        while table[out[-1]] != out[-1]:
            out.append(table[out[-1]])
        return list(reversed(out))


def _one_turn_from(board: _Board, mover: Mover, sources: list[Cell], settled: set[Cell] | None = None,
                   mode: int = FOOT, moored: frozenset[Cell] = frozenset()) -> _Turn:  # fmt: skip
    """Every move of one turn from any of `sources` at once, all in one ship state (`mode`).

    Within its starting terrain a hero walks up to that terrain's allowance; a step into another
    terrain (with a step left or as the turn's first move, unless the switch frees it) goes the
    crossing depth into it and ends the move. As the allowance depends on the terrain only, one
    breadth-first search from all sources gives the union of the searches from each, and the whole
    map costs one pass. Aboard, the hero sails or lands; ashore beside the moored ship, boards it."""
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
        reach_air = mover.flight - max(0, mover.wound) - mover.carry
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
    boarded: dict[Cell, Cell] = {}
    landed: dict[Cell, Cell] = {}
    if mover.ship is not None and mover.wound >= 0:
        # Boarding and landing each take the hero's whole turn: from where the turn began, one cell.
        if mode == ABOARD:
            sailed = _sail(board, mover.ship, sources)
            for c in sources:
                for n in board.near(c):
                    if n not in board.water and board.map.terrain(*n) is not None:
                        landed.setdefault(n, c)
        elif mode == MOORED:
            for c in sources:
                if c not in board.water:
                    for n in board.near(c):
                        if n in moored:
                            boarded.setdefault(n, c)
    return _Turn(walked, crossed, flown, sailed, boarded, landed)


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
    """Aboard on water: the ship's cells over water from the afloat sources. Each cell sailed takes
    the share of a turn its water allows: 1/(intellect + 1) going with the current of the cell
    entered, 1/intellect on still water (or across a current), 1/(intellect − 1) against it."""
    import heapq
    import math

    ship = board.rules.ship or Ship(1, 0, -1)
    speeds = {f: ship.speed(intellect, f) for f in (1, 0, -1)}
    whole = math.lcm(*(v for v in speeds.values() if v > 0)) if any(speeds.values()) else 1
    cost = {f: whole // v for f, v in speeds.items() if v > 0}  # a turn is `whole`; a cell, its share
    afloat = [c for c in sources if c in board.water]
    came = {c: c for c in afloat}
    spent = {c: 0 for c in afloat}
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
    return came


def lives_lost(rules: Rules, mover: Mover, terrain: str | None) -> int:
    """Lives a turn ending on this terrain costs the hero: the terrain's own (the death zone 3), or
    what the tiers or a hunter's gift make of it."""
    if terrain is None:
        return 0
    change = rules.terrain(terrain).lives_per_turn  # signed, as the ruleset gives it: −3
    if terrain == "deathzone" and change and mover.deathzone_lives is not None:
        change = mover.deathzone_lives
    return max(0, -change)


@dataclass(frozen=True)
class Found:
    """A search's answer: each cell's first turn and the fewest lives lost getting there that soon
    (a hero whose lives are counted reaches only the cells he reaches alive)."""

    first: dict[Cell, int]
    lives: dict[Cell, int]


def wound_at(rules: Rules, lives: int) -> int:
    """Cells a turn a hero with so many lives loses: 1 at 2 lives, -1 (cannot move) at 1, else 0."""
    h = rules.heroes
    slow, still = (h.lives.slow_at, h.lives.immobile_at) if h else (2, 1)
    return -1 if lives <= still else 1 if lives <= slow else 0


def _start_state(board: _Board, mover: Mover, start: Cell) -> tuple[int, frozenset[Cell]]:
    """The ship state at the start, and the cells the moored ship may be boarded at: the one it was
    left at, or (not said) any water beside a hero on the shore."""
    if mover.ship is None:
        return FOOT, frozenset()
    if start in board.water:
        return ABOARD, frozenset()
    if mover.ship_at is not None:
        return MOORED, frozenset({mover.ship_at})
    return MOORED, frozenset(n for n in board.near(start) if n in board.water)


def reach(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int = 1,
          switches: Switches = Switches(), border: int | None = None) -> dict[Cell, int]:  # fmt: skip
    """Every cell reachable within `turns` turns, with the first turn that reaches it (start: 0).
    border: cells a crossing goes (default: the mover's speed under the switches' reading)."""
    return explore(game_map, rules, mover, start, turns, switches, border).first


def explore(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int = 1,
            switches: Switches = Switches(), border: int | None = None) -> Found:  # fmt: skip
    """As reach, with the fewest lives each cell costs by its fastest ways."""
    first, _ = _search(game_map, rules, mover, start, turns, switches, border)
    cells: dict[Cell, int] = {}
    lives: dict[Cell, int] = {}
    for (cell, _mode, lost), (turn, _, _) in first.items():
        if cell not in cells or (turn, lost) < (cells[cell], lives[cell]):
            cells[cell], lives[cell] = turn, lost
    return Found(cells, lives)


# A node of the search: a ship state and the lives lost by then. While lives are not counted a state
# is kept only the first time it is reached; while they are, also later with fewer lives lost (a
# slower way the hero survives, or walks on unwounded).
Node = tuple[Cell, int, int]
# How a node was first reached: the turn, the history entry and the way.
_Came = tuple[int, int, str]
_Moves = tuple[int, int, _Turn]  # a turn's moves from sources of one ship state and lives lost


def _wounded_board(board: _Board, rules: Rules, mover: Mover, border: int, cache: dict[int, _Board]) -> _Board:
    """The board's allowances and crossings for a mover with this wound (one per wound, built once)."""
    import copy

    if mover.wound not in cache:
        variant = copy.copy(board)
        kinds = set(board.terrain.values())
        variant.allow = {t: allowance(rules, mover, t) for t in kinds}
        variant.depth = {t: crossing_depth(rules, mover, t, border, board.switches.crossing_floor) for t in kinds}
        cache[mover.wound] = variant
    return cache[mover.wound]


def _search(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, turns: int | None, switches: Switches,
            border: int | None, goal: Cell | None = None) -> tuple[dict[Node, _Came], list[_Moves]]:  # fmt: skip
    """Turn by turn from the nodes first reached the turn before (being somewhere earlier with as many
    lives is never worse: a hero may wait). turns=None: until the goal is reached or nothing new is.

    Lives not counted (mover.lives None): every turn-end of a fastest route is a first arrival, so
    the fewest lives to each state are the fewest over the states first reached the turn before that
    lead to it. Lives counted: a node is kept unless its state was reached as soon with as few lives
    lost; each turn moves as the lives at its start allow (2: a cell less, 1: not at all), and a
    turn that leaves none is the hero's death, so no node follows it."""
    import dataclasses

    if border is None:
        border = crossing(rules, mover.speed, switches.border_round_up)
    board = _Board(game_map, rules, mover, switches, border)
    boards: dict[int, _Board] = {mover.wound: board}
    counting = mover.lives is not None
    loss = {t: lives_lost(rules, mover, t) for t in set(board.terrain.values())}
    mode, moored = _start_state(board, mover, start)
    first: dict[Node, _Came] = {(start, mode, 0): (0, -1, "")}
    best: dict[State, int] = {(start, mode): 0}  # fewest lives lost to each state so far
    # Cells whose whole turn's walk was done at least a turn ago, by ship state, with the lives lost then.
    settled: dict[int, dict[Cell, int]] = {FOOT: {}, MOORED: {}, ABOARD: {}}
    history: list[_Moves] = []
    frontier: list[Node] = [(start, mode, 0)]
    turn = 0
    while frontier and (turns is None or turn < turns):
        turn += 1
        groups: dict[tuple[int, int, int], list[Cell]] = {}
        for cell, m, lost in frontier:
            # The other reading: a turn begun in the zone costs its lives even if it ends outside.
            leaving = loss[board.terrain[cell]] if switches.lives_leaving_zone else 0
            groups.setdefault((m, lost, leaving), []).append(cell)
        found: dict[Node, tuple[int, str]] = {}
        for (m, lost, leaving), sources in sorted(groups.items()):
            going, here = mover, board
            if counting:
                assert mover.lives is not None
                going = dataclasses.replace(mover, wound=wound_at(rules, mover.lives - lost))
                here = _wounded_board(board, rules, going, border, boards)
                done = {c for c, was in settled[m].items() if was <= lost}
            else:
                done = set(settled[m])
            moves = _one_turn_from(here, going, sources, done, m, moored)
            history.append((m, lost, moves))
            for cell, target, kind in moves.reached(m):
                cost = lost + max(leaving, loss[board.terrain[cell]])
                if counting:
                    assert mover.lives is not None
                    if mover.lives - cost <= 0:
                        continue  # the hero dies there
                    if best.get((cell, target), cost + 1) <= cost:
                        continue
                elif (cell, target) in best:
                    continue
                node = (cell, target, cost)
                if node not in found and (not counting or best.get((cell, target), cost + 1) > cost):
                    found[node] = (len(history) - 1, kind)
        for cell, m, lost in frontier:
            settled[m][cell] = min(lost, settled[m].get(cell, lost))
        # Of the nodes of one state found this turn, only the cheapest is kept.
        cheapest: dict[State, Node] = {}
        for node in found:
            state = (node[0], node[1])
            if state not in cheapest or node[2] < cheapest[state][2]:
                cheapest[state] = node
        frontier = list(cheapest.values())
        for node in frontier:
            first[node] = (turn, *found[node])
            best[(node[0], node[1])] = node[2]
        if goal is not None and any(s[0] == goal for s in cheapest):
            break
        if goal is None:
            history.clear()  # reach reads no path back: keep no turn's moves
    return first, history


def route(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, goal: Cell, max_turns: int | None = None,
          switches: Switches = Switches(), border: int | None = None) -> list[list[Cell]] | None:  # fmt: skip
    """The fastest route in turns (that the hero survives, where his lives are counted), and of
    those the one that costs the fewest lives: one list of cells per turn, or None if out of reach."""
    found = route_and_lives(game_map, rules, mover, start, goal, max_turns, switches, border)
    return None if found is None else found[0]


def route_and_lives(game_map: GameMap, rules: Rules, mover: Mover, start: Cell, goal: Cell,
                    max_turns: int | None = None, switches: Switches = Switches(),
                    border: int | None = None) -> tuple[list[list[Cell]], list[int]] | None:  # fmt: skip
    """As route, with the lives each turn of it costs."""
    first, history = _search(game_map, rules, mover, start, max_turns, switches, border, goal)
    ends = [(first[n][0], n[2], n) for n in first if n[0] == goal]
    if not ends:
        return None
    node: Node = min(ends)[2]
    legs: list[list[Cell]] = []
    lives: list[int] = []
    while first[node][0] > 0:
        _, index, kind = first[node]
        source_mode, source_lost, moves = history[index]
        path = moves.path(node[0], kind)
        legs.append(path)
        lives.append(node[2] - source_lost)
        node = (path[0], source_mode, source_lost)
        assert node in first
    assert node[0] == start
    return list(reversed(legs)), list(reversed(lives))


def mover_for(rules: Rules, hero: object, tiers_closed: bool = False, hunter_tiers: bool = False) -> Mover:
    """A hero's mover, from the same derived numbers as the hero sheet (an animal the hero cannot
    command yet carries nobody); the switches as in heroes.perks."""
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
        deathzone_move=H.perks(rules, hero, tiers_closed, hunter_tiers).deathzone_move,
        deathzone_lives=0 if hero.hire == "hunter" else H.perks(rules, hero, tiers_closed).deathzone_lives,
    )


def tier_notes(rules: Rules, total: int, closed: bool) -> tuple[Phrase, ...]:
    """The reading of the tiers' ranges, where this total is above the range of a tier it keeps."""
    from . import heroes as H

    kept = [t for t in H.carried(rules, total) if t.deathzone_move is not None or t.deathzone_lives is not None]
    if not kept:
        return ()
    t = kept[-1]
    return (Phrase("rf_tiers_closed" if closed else "rf_tiers_carried", total=total, start=t.start, end=t.end or 0),)


def hero_notes(rules: Rules, hero: object, marker: str, given: Mapping[str, Any] | None = None) -> tuple[Phrase, ...]:
    """What an answer about this hero's movement says besides the readings: animals left idle."""
    from . import heroes as H
    from .model import Hero

    assert isinstance(hero, Hero)
    smart = H.intellect(rules, hero)
    notes = tuple(Phrase("rf_idle_animal", who=hero.name or marker, animal=dict(o.name), need=o.intellect, has=smart)
                  for o in H.idle_animals(rules, hero))  # fmt: skip
    closed, hunter_tiers = (bool(given["tiers_closed"]), bool(given["hunter_tiers"])) if given else (False, False)
    if hero.hire == "hunter":
        tiered = H.perks(rules, hero, closed, hunter_tiers=True).deathzone_move
        if hunter_tiers and tiered:
            notes += (Phrase("rf_hunter_tiers", n=tiered),)
        elif tiered:
            notes += (Phrase("rf_hunter_gift", n=tiered),)
    else:
        notes += tier_notes(rules, H.total_potential(hero), closed)
    return notes


def _mover(rules: Rules, given: Mapping[str, Any], game_map: GameMap | None = None,
           start: Cell | None = None) -> tuple[Mover, tuple[Phrase, ...]]:  # fmt: skip
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

        from . import heroes as H
        from .heroes import find_hero

        named = find_hero(load_session(given["config"]), given["hero"])
        hero = named.hero
        mover = mover_for(rules, hero, given["tiers_closed"], given["hunter_tiers"])
        notes = hero_notes(rules, hero, named.marker, given)
        strength = hero.strength
        lives = given["lives"] if given["lives"] is not None else H.current_lives(rules, hero)
    else:
        if given["speed"] is None:
            raise Refused("rf_e_need_speed")
        potential = given["potential"]
        tiers = rules.tiers_for(potential, given["tiers_closed"]) if potential is not None else []
        deathzone = next((t.deathzone_move for t in reversed(tiers) if t.deathzone_move is not None), None)
        zone_lives = next((t.deathzone_lives for t in reversed(tiers) if t.deathzone_lives is not None), None)
        mover = Mover(speed=given["speed"], horse=given["horse"], flight=given["flight"],
                      flight_avoids=flight_avoids(rules, given["flight"]), deathzone_move=deathzone,
                      deathzone_lives=zone_lives)  # fmt: skip
        base = rules.heroes.lives.base if rules.heroes else 10
        lives = given["lives"] if given["lives"] is not None else base
        if potential is None and rules.tiers:
            notes = (Phrase("rf_no_tiers", n=rules.tiers[0].start),)
        elif potential is not None:
            notes = tier_notes(rules, potential, given["tiers_closed"])
        if given["flight"]:
            free = sorted(flight_free(rules))
            notes += (Phrase("rf_flight_deathzone", n=free[0] if free else 0, flight=given["flight"]),)
    if mover.horse:
        notes += (Phrase("rf_horse_deathzone"),)
    if given["ship"] is not None:
        ship = rules.ship or Ship(1, 0, -1)
        speeds = {k: ship.speed(given["ship"], f) for k, f in (("down", 1), ("still", 0), ("up", -1))}
        notes += (Phrase("rf_ship", **speeds),)
    if given["ship_at"] is not None and given["ship"] is None:
        raise Refused("rf_e_ship_at_alone")
    if given["ship"] is not None:
        notes += (Phrase("rf_ship_where"),)
    days = given["load_days"] or 0
    load = load_cells(rules, days, strength)
    if days:  # the load it took (an evening's hero: the goods he carries), and what it costs
        h = rules.heroes
        notes += (Phrase("rf_load", days=days, strength=strength, n=load, per=h.load_days_per_cell if h else 10,
                         back=h.load_strength_per_cell if h else 4),)  # fmt: skip
    ship_at = _ship_at(given["ship_at"], game_map, start) if given["ship_at"] is not None else None
    if given["ship"] is not None and ship_at is None and game_map is not None and start is not None:
        notes += _ship_unused(game_map, start)
    carry = 1 if given["carrying"] else 0
    if carry:
        notes += (Phrase("rf_carrying"),)
    mover = dataclasses.replace(mover, ship=given["ship"], ship_at=ship_at, load=load, lives=lives, carry=carry)
    return mover, notes


def _ship_unused(game_map: GameMap, start: Cell) -> tuple[Phrase, ...]:
    """Said when --ship cannot be used: a hero ashore with no water beside him has no ship to board
    (by default the ship lies next to him), so he walks; the answer says so and why."""
    from printkit.plugin import cell_name

    if not game_map.inside(*start) or game_map.terrain(*start) == "water":
        return ()
    if any(game_map.terrain(*n) == "water" for n in game_map.neighbours(*start)):
        return ()
    return (Phrase("rf_ship_unused", cell=cell_name(*start)),)


def _ship_at(text: str, game_map: GameMap | None, start: Cell | None) -> Cell | None:
    """The cell --ship-at names: water of this map, and the start's own cell for a hero afloat."""
    from printkit.plugin import RefusedValue, cell_name, parse_cell

    try:
        cell = parse_cell(text)
    except ValueError:
        raise RefusedValue("rf_e_ship_at_cell", cell=text[:12]) from None
    if game_map is None:
        return cell
    if not game_map.inside(*cell) or game_map.terrain(*cell) != "water":
        raise RefusedValue("rf_e_ship_at_land", cell=cell_name(*cell))
    if start is not None and game_map.terrain(*start) == "water" and cell != start:
        raise RefusedValue("rf_e_ship_at_aboard", cell=cell_name(*cell), start=cell_name(*start))
    return cell


def flight_free(rules: Rules) -> set[int]:
    """Flights a flyer of the rules makes over any terrain (the dragon's 7)."""
    return {o.flight for o in rules.town.get("animals", ()) if o.flight and not o.not_on}


def flight_avoids(rules: Rules, flight: int) -> tuple[str, ...]:
    """Terrains a flight of so many cells keeps out of, given as a number (--flight): only the flight
    of an animal that flies over any terrain (the dragon's 7) crosses them; any other value is read
    as a flyer of the griffin's kind («кроме смертельных зон»)."""
    if not flight or flight in flight_free(rules):
        return ()
    return tuple(dict.fromkeys(t for o in rules.town.get("animals", ()) if o.flight for t in o.not_on))


def _switches(given: Mapping[str, Any]) -> Switches:
    return Switches(cross_needs_step=not given["cross_free"], corner_cutting=not given["no_corner_cutting"],
                    border_round_up=not given["border_full_fours"], crossing_floor=not given["wound_slows_crossing"],
                    lives_leaving_zone=given["lives_leaving_zone"])  # fmt: skip


def _said(switches: Switches, notes: tuple[Phrase, ...], lives: int | None = None) -> Said:
    return Said(lambda lang: switches.describe(lang, notes, lives))


def _zone_lives(game_map: GameMap, rules: Rules, mover: Mover) -> int | None:
    """Lives a turn in the map's death zone for this mover; None when the map has none."""
    zone = {game_map.terrain(x, y) for y in range(game_map.height) for x in range(game_map.width)}
    return lives_lost(rules, mover, "deathzone") if "deathzone" in zone else None


def _lives_counted(rules: Rules, mover: Mover) -> Phrase:
    h = rules.heroes
    return Phrase("rf_lives_counted", n=mover.lives or 0, wounded=h.lives.wounded_at if h else 3)


def reach_answer(game_map: GameMap, ruleset: Ruleset, start: Cell, turns: int, given: Mapping[str, Any]) -> Reach:
    """`printkit referee reach` on a «Стратегия» map."""
    rules = rules_of(ruleset)
    mover, notes = _mover(rules, given, game_map, start)
    switches = _switches(given)
    found = explore(game_map, rules, mover, start, turns, switches)
    lives = {c: n for c, n in found.lives.items() if c != start and n}
    zone = _zone_lives(game_map, rules, mover)
    notes += (_lives_counted(rules, mover),)
    return Reach({c: t for c, t in found.first.items() if c != start}, _said(switches, notes, zone),
                 lives if zone is not None else None)  # fmt: skip


def _fate(rules: Rules, lives: int, per_turn: list[int]) -> Phrase | None:
    """What the lives lost turn by turn do to a hero who starts with `lives`: the first turn that
    leaves him dead (0) or unable to go on (1 life, with turns still to walk); None: neither."""
    left = lives
    for k, lost in enumerate(per_turn, start=1):
        left -= lost
        if left <= 0:
            return Phrase("rf_fate_dies", k=k)
        if wound_at(rules, left) < 0 and k < len(per_turn):
            return Phrase("rf_fate_stuck", k=k)
    return None


def route_answer(game_map: GameMap, ruleset: Ruleset, start: Cell, goal: Cell, given: Mapping[str, Any]) -> Route:
    """`printkit referee route` on a «Стратегия» map: the fastest route the hero survives, his lives
    counted as he goes; said beside it, a faster way (or the only one) that would kill him."""
    import dataclasses

    rules = rules_of(ruleset)
    mover, notes = _mover(rules, given, game_map, start)
    switches = _switches(given)
    found = route_and_lives(game_map, rules, mover, start, goal, None, switches)
    zone = _zone_lives(game_map, rules, mover)
    notes += (_lives_counted(rules, mover),)
    assert mover.lives is not None
    if mover.lives <= (rules.heroes.lives.immobile_at if rules.heroes else 1):
        notes += (Phrase("rf_cannot_walk", n=mover.lives),)
    # The way as if lives were not counted: if it is faster (or the only one), it is what kills him.
    blind = route_and_lives(game_map, rules, dataclasses.replace(mover, lives=None), start, goal, None, switches)
    if blind is not None and (found is None or len(blind[0]) < len(found[0])):
        fate = _fate(rules, mover.lives, blind[1])
        if fate is not None:
            key = "rf_route_fatal_none" if found is None else "rf_route_fatal_slower"
            notes += (Phrase(key, turns=len(blind[0]), lost=sum(blind[1]), n=mover.lives, fate=fate),)
    if found is not None:
        left = mover.lives - sum(found[1])
        h = rules.heroes
        if left <= (h.lives.wounded_at if h else 3):
            notes += (Phrase("rf_route_wounded", n=left, turns=h.lives.wounded_turns if h else 10),)
        elif sum(found[1]):
            notes += (Phrase("rf_route_left", n=left),)
    legs, lives = found if found is not None else (None, None)
    return Route(legs, _said(switches, notes, zone), lives if zone is not None else None)


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
    Input("flight", Whole(0, 20), _help("Flying cells a turn (griffin 4, dragon 7); only the dragon's 7 flies over "
                                        "the death zone.", "Клеток полёта за ход (грифон 4, дракон 7); над "
                                        "смертельной зоной летает лишь дракон (7)."),
          flag="--flight", default=0),
    Input("potential", Whole(0, 300), _help("The hero's total potential (strength + speed + intellect), for the "
                                            "death-zone tiers (with --speed).",
                                            "Суммарный потенциал героя (для смертельной зоны, с --speed)."),
          flag="--potential"),
    Input("ship", Whole(0, 20), _help("Aboard a ship: its builders' intellect, its cells a turn on still water; the "
                                      "map's currents add 1 downstream and take 1 upstream.",
                                      "На корабле: интеллект строителей (клеток за ход в стоячей воде; течение "
                                      "карты даёт +1 по течению и −1 против)."), flag="--ship"),
    Input("ship_at", Text(8), _help("Where the ship lies, a water cell like H4, for a hero ashore (by default: any "
                                    "water next to the start). A hero who starts on water is aboard there.",
                                    "Где стоит корабль — клетка воды, например H4, для героя на берегу (по "
                                    "умолчанию — любая вода рядом с ним). Герой на воде — уже на борту."),
          flag="--ship-at"),
    Input("load_days", Whole(0, 999), _help("Days of mining carried: one cell less per 10 days, one back per 4 "
                                            "strength; asked of an evening, what the hero carries.",
                                            "Дней добычи в грузе; в вечере — что несёт герой."),
          flag="--load-days"),
    Input("strength", Whole(0, 99), _help("With --load-days and --speed.", "Сила (с --load-days и --speed)."),
          flag="--strength", default=0),
    Input("lives", Whole(1, 300), _help("The hero's lives at the start (default: 10, or the config hero's); "
                                        "counted as he goes.", "Жизни героя в начале (по умолчанию 10 или из "
                                        "конфига); считаются по ходу пути."), flag="--lives"),
    Input("carrying", Flag(), _help("The hero carries a hero with 1 life: one cell a turn less.",
                                    "Герой несёт героя с 1 жизнью: на клетку за ход меньше."), flag="--carrying"),
    Input("tiers_closed", Flag(), _help("Switch: a total-potential tier holds only within its range (7–10, 11–15, "
                                        "15–25), not above it.", "Прочтение: порог суммарного потенциала действует "
                                        "лишь в своих пределах (7–10, 11–15, 15–25), не выше."),
          flag="--tiers-closed"),
    Input("hunter_tiers", Flag(), _help("Switch: a hunter walks the death zone as fast as his tiers allow, not 1 "
                                        "cell.", "Прочтение: охотник ходит по смертельной зоне, сколько дают его "
                                        "пороги, а не 1 клетку."), flag="--hunter-tiers"),
    Input("cross_free", Flag(), _help("Switch: a border may be crossed with no step left.",
                                      "Прочтение: границу можно пересечь без оставшегося шага."), flag="--cross-free"),
    Input("no_corner_cutting", Flag(), _help("Switch: no diagonal step between two waters.",
                                             "Прочтение: нельзя по диагонали между двумя водами."),
          flag="--no-corner-cutting"),
    Input("wound_slows_crossing", Flag(), _help("Switch: a hero with 2 lives crosses a border one cell less too, "
                                                "down to none.", "Прочтение: раненый с 2 жизнями и на переходе "
                                                "идёт на клетку меньше, вплоть до нуля."),
          flag="--wound-slows-crossing"),
    Input("lives_leaving_zone", Flag(), _help("Switch: a turn begun in the death zone costs its lives even if it "
                                              "ends outside.", "Прочтение: ход, начатый в смертельной зоне, стоит "
                                              "жизней, даже если кончился вне её."),
          flag="--lives-leaving-zone"),
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
