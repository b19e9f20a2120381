"""«Стратегия» movement the third audit found missing (issue 41): a ship stays where it was left, the
lives lost in the death zone, a wounded hero's crossing, flights over the death zone."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from printkit.cells import cell_name, parse_cell
from printkit.games.strategiya.model import strategiya_map
from printkit.games.strategiya.movement import Mover, explore, route_and_lives
from printkit.model import GameMap

from ..conftest import run, write
from ..test_maps import BASE, RULES, grid, one_origin_turn

RIVER = ("I2", "H3", "I3", "H4", "H5", "H6", "I6", "I7", "I8", "J8", "J9", "J10")  # flowing south
# The maps of the audit's evening (issue 41), as a config: three players and a river flowing south.
EVENING = """\
game: strategiya
title: Вечер
players:
  - name: Аня
    heroes:
      - {name: Гром, strength: 3, speed: 1, intellect: 1}
      - {name: Лира, strength: 0, speed: 2, intellect: 3}
  - name: Борис
    heroes:
      - {name: Кир, strength: 3, speed: 0, intellect: 2}
      - {name: Ольга, strength: 1, speed: 4, intellect: 0}
  - name: Вера
    heroes:
      - {name: Зоя, strength: 1, speed: 1, intellect: 3}
      - {name: Лев, strength: 2, speed: 2, intellect: 1}
      - {name: Мих, strength: 5, speed: 0, intellect: 0}
      - {name: Ника, strength: 0, speed: 5, intellect: 0}
map:
  rows:
    - PPFFMMFPPPPP
    - PFFMMMFFWPPP
    - PFSSMFFWWPDP
    - PPSSFFPWPPDD
    - PPPFFPPWPPDP
    - FFPPPPPWWPPP
    - FFFPSSPPWPPP
    - PFFPSSPPWWPP
    - PPPPPPPPPWPP
    - PPPPFFPPPWPP
  currents:
""" + "".join(f'    - {{cells: "{c}", flow: S}}\n' for c in RIVER)

DZ = """\
game: strategiya
rows:
  - PPPPDDDPPPP
  - PPPDDDDDPPP
  - PPPDDDDDPPP
  - PPPPDDDPPPP
"""

# A hero with 2 lives, strength 3, speed 0, intellect 2 (case 11), among two players' starting fours.
W0 = """\
game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Хром, strength: 3, speed: 0, intellect: 2, lives: 2}
      - {name: Бор, strength: 1, speed: 2, intellect: 2}
      - {name: Вел, strength: 1, speed: 2, intellect: 2}
      - {name: Гай, strength: 1, speed: 2, intellect: 2}
  - name: Борис
    heroes:
      - {name: Дан, strength: 1, speed: 2, intellect: 2}
      - {name: Ефим, strength: 1, speed: 2, intellect: 2}
      - {name: Жан, strength: 1, speed: 2, intellect: 2}
      - {name: Зоя, strength: 1, speed: 2, intellect: 2}
"""


def rows_of(text: str) -> list[str]:
    """The terrain rows of a map or config text above."""
    block = text.split("rows:\n")[1].split("currents:")[0]
    return [line.strip()[2:] for line in block.splitlines() if line.strip().startswith("- ")]


EVENING_CURRENTS = [{"cells": c, "flow": "S"} for c in RIVER]


def referee(*args: object) -> dict:  # type: ignore[type-arg]
    result = run("referee", *args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


# ---- a ship, written apart: states (hero, ship), boarding and landing a turn each -----------------


def share(flows: dict[tuple[int, int], tuple[int, int]], a: tuple[int, int], b: tuple[int, int],
          intellect: int) -> Fraction | None:  # fmt: skip
    """«Строительство» 4): a cell sailed takes 1/(I + 1) of a turn with the current of the cell entered,
    1/(I − 1) against it, 1/I on still water or across (within 45° counts as with or against)."""
    step, current = (b[0] - a[0], b[1] - a[1]), flows.get(b)
    speed = intellect
    if current is not None:
        dot = step[0] * current[0] + step[1] * current[1]
        cos2 = Fraction(dot * dot, (step[0] ** 2 + step[1] ** 2) * (current[0] ** 2 + current[1] ** 2))
        if cos2 >= Fraction(1, 2):
            speed += 1 if dot > 0 else -1 if dot < 0 else 0
    return Fraction(1, speed) if speed > 0 else None


def sail_turn(m: GameMap, start: tuple[int, int], intellect: int) -> set[tuple[int, int]]:
    """Every water cell a path of shares adding up to at most one turn ends on (the start included)."""
    flows = strategiya_map(m).flows()
    out = {start}

    def walk(cell: tuple[int, int], used: Fraction, seen: frozenset[tuple[int, int]]) -> None:
        for n in m.neighbours(*cell):
            if m.terrain(*n) == "water" and n not in seen:
                cost = share(flows, cell, n, intellect)
                if cost is not None and used + cost <= 1:
                    out.add(n)
                    walk(n, used + cost, seen | {n})

    walk(start, Fraction(0), frozenset({start}))
    return out


def plain_walk(m: GameMap, start: tuple[int, int], cells: int) -> set[tuple[int, int]]:
    """Speed 0 on a map of only plain and water: up to 3 king moves over land."""
    seen = {start}
    ring = {start}
    for _ in range(cells):
        ring = {n for c in ring for n in m.neighbours(*c) if m.terrain(*n) == "plain"} - seen
        seen |= ring
    return seen


Ship = tuple[tuple[int, int], tuple[int, int], bool]  # hero, ship, aboard


def ship_moves(m: GameMap, state: Ship, intellect: int) -> set[Ship]:
    """One turn: aboard, sail or land beside the ship (the ship stays); ashore, walk, or board the
    ship from a cell beside it. Nothing else: no ship is anywhere else."""
    hero, ship, aboard = state
    if aboard:
        out = {(c, c, True) for c in sail_turn(m, hero, intellect)}
        return out | {(n, hero, False) for n in m.neighbours(*hero) if m.terrain(*n) == "plain"}
    out = {(c, ship, False) for c in plain_walk(m, hero, 3)}
    return out | ({(ship, ship, True)} if ship in m.neighbours(*hero) else set())


def ship_turns(m: GameMap, start: Ship, goal: tuple[int, int], intellect: int) -> int | None:
    """The fewest turns to the goal over the states, breadth first."""
    seen = {start}
    ring = {start}
    for turn in range(1, 60):
        ring = {s for r in ring for s in ship_moves(m, r, intellect)} - seen
        if any(s[0] == goal for s in ring):
            return turn
        seen |= ring
    return None


def replay(m: GameMap, start: Ship, legs: list[list[str]], intellect: int) -> None:
    """Each turn of a route is a move the states allow, from where the last one left hero and ship."""
    state = start
    for leg in legs:
        cells = [parse_cell(c) for c in leg]
        assert cells[0] == state[0]
        options = [s for s in ship_moves(m, state, intellect) if s[0] == cells[-1]]
        assert options, (leg, state)
        afloat = m.terrain(*cells[-1]) == "water"
        state = options[0] if len(options) == 1 else next(s for s in options if s[2] == afloat)


@pytest.mark.rule("strategiya.ship.where-left")
def test_a_ship_route_never_boards_where_no_ship_is(tmp_path: Path) -> None:
    # The audit's case: aboard at J10 on a river flowing south, to I2 upstream. The old answer landed at
    # K9, walked round and «boarded» at I2; the ship stays at J10, so the hero sails up, 1 cell a turn.
    evening = write(tmp_path / "evening.yaml", EVENING)
    answer = referee("route", evening, "--from", "J10", "--to", "I2", "--ship", "2", "--speed", "0")
    m = grid(*rows_of(EVENING), currents=EVENING_CURRENTS)
    assert answer["turns"] == 8
    assert all(m.terrain(*parse_cell(c)) == "water" for leg in answer["legs"] for c in leg)
    assert all(len(leg) == 2 for leg in answer["legs"])  # upstream: intellect 2 − 1 = 1 cell a turn
    start: Ship = ((9, 9), (9, 9), True)
    assert ship_turns(m, start, (8, 1), 2) == 8
    replay(m, start, answer["legs"], 2)
    text = run("referee", "route", evening, "--from", "J10", "--to", "I2", "--ship", "2", "--speed", "0").output
    assert "--ship-at" in text and "оставили" in text  # the reading is said with the answer


@pytest.mark.slow
@pytest.mark.rule("strategiya.ship.where-left", "strategiya.water.movement")
def test_ship_routes_equal_the_states_searched_apart() -> None:
    # Random rivers and lakes on plain: the fewest turns by printkit equal a breadth-first search over
    # (hero, ship) written from the text, and every route printkit gives replays move by move.
    rng = random.Random(41)
    flows = ["N", "E", "S", "W", "SE", "NW"]
    checked = 0
    for i in range(50):
        w, h = rng.randint(5, 8), rng.randint(3, 5)
        rows = ["".join(rng.choice("WWWP") for _ in range(w)) for _ in range(h)]
        water = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == "W"]
        land = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == "P"]
        if not water or not land:
            continue
        currents = [{"cells": cell_name(*c), "flow": rng.choice(flows)} for c in water if rng.random() < 0.6]
        m = grid(*rows, currents=currents)
        intellect = rng.randint(1, 3)
        hero = rng.choice(water + land)
        ship_at = hero if hero in water else rng.choice(water)
        start: Ship = (hero, ship_at, hero == ship_at)
        mover = Mover(speed=0, ship=intellect, ship_at=None if hero in water else ship_at)
        for goal in rng.sample(water + land, min(4, len(water + land))):
            if goal == hero:
                continue
            found = route_and_lives(m, RULES, mover, hero, goal)
            expected = ship_turns(m, start, goal, intellect)
            assert (None if found is None else len(found[0])) == expected, (i, rows, currents, hero, ship_at, goal)
            if found is not None:
                replay(m, start, [[cell_name(*c) for c in leg] for leg in found[0]], intellect)
                checked += 1
    assert checked > 40


@pytest.mark.rule("strategiya.ship.where-left")
def test_ship_at_names_where_a_hero_ashore_boards(tmp_path: Path) -> None:
    lake = write(tmp_path / "lake.yaml", "game: strategiya\nrows:\n  - PWWWWWWP\n  - PPPPPPPP\n")
    # Ashore at A2 with the ship at G1: walk to the ship (2 turns), board, sail out to H1's shore ... or
    # simply walk: the plain is quicker. Asked for G1 itself, the ship is boarded there.
    at_ship = referee("route", lake, "--from", "A2", "--to", "G1", "--ship", "2", "--ship-at", "G1", "--speed", "0")
    assert at_ship["legs"][-1][-1] == "G1" and at_ship["legs"][-1][0] in {"F2", "G2", "H2", "H1"}
    # The ship lies at B1: G1 is reached by boarding at B1 and sailing, never by boarding beside G1.
    far = referee("route", lake, "--from", "A2", "--to", "G1", "--ship", "2", "--ship-at", "B1", "--speed", "0")
    assert far["legs"][0] == ["A2", "B1"] and far["turns"] == 4  # board, then 2 cells a turn on still water
    assert all(c.endswith("1") and c[0] in "BCDEFG" for leg in far["legs"][1:] for c in leg)
    refused = run("referee", "route", lake, "--from", "A2", "--to", "G1", "--ship-at", "B1", "--speed", "0")
    assert refused.exit_code == 2 and "--ship" in refused.output and "Traceback" not in refused.output
    on_land = run("referee", "route", lake, "--from", "A2", "--to", "G1", "--ship", "2", "--ship-at", "A2",
                  "--speed", "0")  # fmt: skip
    assert on_land.exit_code == 2 and "A2" in on_land.output and "вод" in on_land.output


# ---- lives in the death zone, written apart: every turn-end, the fewest lives ---------------------


Cells = dict[tuple[int, int], int]


def naive_lives(m: GameMap, start: tuple[int, int], goal: tuple[int, int] | None, speed: int, per_turn: int,
                deathzone: int = 1, turns: int = 12) -> tuple[Cells, Cells]:  # fmt: skip
    """«теряет по 3 жизни в ход»: a turn that ends in the zone costs `per_turn`. Turn by turn, every cell
    the hero can stand on (waiting allowed), with the fewest lives to stand there then; each cell's
    first turn and its lives then. No shortcut: every place at every turn is kept."""
    lives = {start: 0}
    first, cheapest = {start: 0}, {start: 0}
    for turn in range(1, turns + 1):
        after: dict[tuple[int, int], int] = {}
        for cell, lost in lives.items():
            for n in one_origin_turn(m, speed, cell, False, deathzone=deathzone):
                cost = lost + (per_turn if m.terrain(*n) == "deathzone" else 0)
                after[n] = min(after.get(n, cost), cost)
        lives = after
        for cell, lost in lives.items():
            if cell not in first:
                first[cell], cheapest[cell] = turn, lost
        if goal is not None and goal in first:
            break
    return first, cheapest


@pytest.mark.rule("strategiya.deathzone.lives")
def test_route_and_reach_say_the_lives_lost_in_the_death_zone(tmp_path: Path) -> None:
    dz = write(tmp_path / "dz.yaml", DZ)
    m = grid(*rows_of(DZ))
    # 13 lives: the zone's 9 leave him 4, so no turn begins wounded (10 would leave him 1 life in the
    # zone, unable to walk out: no route, the second audit's case 1).
    for potential, per_turn, cells, lost in ((None, 3, 1, 9), (7, 1, 2, 2), (11, 0, 3, 0)):
        extra = ("--lives", "13") if potential is None else ("--potential", str(potential))
        answer = referee("route", dz, "--from", "C2", "--to", "I2", "--speed", "0", *extra)
        first, cheapest = naive_lives(m, (2, 1), (8, 1), 0, per_turn, cells)
        assert answer["turns"] == first[(8, 1)]
        assert answer["lives"] == cheapest[(8, 1)] == lost
        assert sum(answer["lives_per_turn"]) == lost and len(answer["lives_per_turn"]) == answer["turns"]
        ends = [leg[-1] for leg in answer["legs"]]
        assert answer["lives_per_turn"] == [per_turn if m.terrain(*parse_cell(c)) == "deathzone" else 0 for c in ends]
        reached = referee("reach", dz, "--from", "C2", "--speed", "0", "--turns", "3", *extra)
        first, cheapest = naive_lives(m, (2, 1), None, 0, per_turn, cells, turns=3)
        assert reached["lives"] == {cell_name(*c): n for c, n in sorted(cheapest.items()) if n}
    assert referee("route", dz, "--from", "C2", "--to", "I2", "--speed", "0")["turns"] is None
    text = run("referee", "route", dz, "--from", "C2", "--to", "I2", "--speed", "0", "--lives", "13").output
    assert "(−3 жизни)" in text and "жизней потеряно в пути: 9" in text and "--lives-leaving-zone" in text
    english = run("referee", "route", dz, "--from", "C2", "--to", "I2", "--speed", "0", "--lives", "13",
                  "--lang", "en").output  # fmt: skip
    assert "(−3 lives)" in english and "lives lost on the way: 9" in english
    reach_text = run("referee", "reach", dz, "--from", "C2", "--speed", "0").output
    assert "E1 −3" in reach_text


@pytest.mark.slow
@pytest.mark.rule("strategiya.deathzone.lives")
def test_of_equally_fast_routes_the_one_losing_fewest_lives_is_taken() -> None:
    from printkit.games.strategiya.map_random import random_map

    rng = random.Random(7)
    tried = ties = 0
    for i in range(30):
        m = random_map(BASE, rng.randint(7, 12), rng.randint(5, 9), seed=f"lives-{i}")
        zone = [(x, y) for y in range(m.height) for x in range(m.width) if m.terrain(x, y) == "deathzone"]
        land = [(x, y) for y in range(m.height) for x in range(m.width) if m.terrain(x, y) not in ("water", None)]
        if not zone:
            continue
        start, speed = rng.choice(land), rng.choice([0, 1, 3])
        first, cheapest = naive_lives(m, start, None, speed, 3, turns=6)
        found = explore(m, RULES, Mover(speed=speed), start, 6)
        assert found.first == first, i
        assert found.lives == cheapest, i
        for goal in rng.sample(sorted(first), min(5, len(first))):
            routed = route_and_lives(m, RULES, Mover(speed=speed), start, goal)
            assert routed is not None and sum(routed[1]) == cheapest[goal], (i, start, goal)
            tried += 1
            # A goal whose fastest ways differ in lives: the worst of them costs more than the answer.
            ties += cheapest[goal] < 3 * first[goal] and any(m.terrain(*c) == "deathzone" for c in first)
    assert tried > 50 and ties > 10


@pytest.mark.rule("strategiya.deathzone.lives")
def test_a_hunter_and_the_tiers_lose_what_the_hero_sheet_says(tmp_path: Path) -> None:
    config = write(tmp_path / "h.yaml", W0.replace("{name: Хром, strength: 3, speed: 0, intellect: 2, lives: 2}",
                                                  "{name: Хром, strength: 3, speed: 0, intellect: 5, hire: hunter}")
                   .replace("{name: Бор, strength: 1, speed: 2, intellect: 2}",
                            "{name: Бор, strength: 3, speed: 2, intellect: 2}"))  # fmt: skip
    dz = write(tmp_path / "dz.yaml", DZ)
    hunter = referee("route", dz, "--from", "C2", "--to", "I2", "--config", config, "--hero", "Хром")
    assert hunter["lives"] == 0 and "охотник" in hunter["rules"]
    tier = referee("route", dz, "--from", "C2", "--to", "I2", "--config", config, "--hero", "Бор")
    first, cheapest = naive_lives(grid(*rows_of(DZ)), (2, 1), (8, 1), 2, 1, deathzone=2)  # total 7: 2 cells, −1
    assert (tier["turns"], tier["lives"]) == (first[(8, 1)], cheapest[(8, 1)]) == (2, 1)


# ---- a wounded hero crosses a border by one cell at least ---------------------------------------


@pytest.mark.rule("strategiya.wound.crossing")
def test_a_wounded_hero_always_crosses_one_cell(tmp_path: Path) -> None:
    evening = write(tmp_path / "evening.yaml", EVENING)
    w0 = write(tmp_path / "w0.yaml", W0)
    # Хром (speed 0, 2 lives) in the mountains at E3: no cell a turn inside, yet a crossing always
    # goes one cell, so he steps into the swamp and forest round him and goes on, a cell a turn.
    answer = referee("reach", evening, "--from", "E3", "--config", w0, "--hero", "Хром", "--turns", "3")
    m = grid(*rows_of(EVENING), currents=EVENING_CURRENTS)
    first = {(4, 2): 0}
    frontier = [(4, 2)]
    for turn in (1, 2, 3):  # written apart: 2 lives take a cell off every terrain, never off a crossing
        new = set().union(*(one_origin_turn(m, 0, o, False, wounded=True) for o in frontier)) - set(first)
        first.update(dict.fromkeys(new, turn))
        frontier = list(new)
    assert answer["reachable"] == {cell_name(*c): t for c, t in sorted(first.items()) if c != (4, 2)}
    assert answer["reachable"]["D3"] == 1 and answer["count"] > 10
    # From the swamp at C4 to the plain beside it.
    assert referee("reach", evening, "--from", "C4", "--config", w0, "--hero", "Хром")["reachable"]["B4"] == 1
    # The other reading, a switch: the wound takes the crossing to none, and Хром stays put.
    stuck = referee("reach", evening, "--from", "E3", "--config", w0, "--hero", "Хром", "--turns", "3",
                    "--wound-slows-crossing")  # fmt: skip
    assert stuck["count"] == 0
    text = run("referee", "reach", evening, "--from", "E3", "--config", w0, "--hero", "Хром").output
    assert "--wound-slows-crossing" in text


# ---- flight over the death zone: only the dragon's ------------------------------------------------


@pytest.mark.rule("strategiya.flight.griffin", "strategiya.flight.dragon")
def test_only_the_dragons_flight_crosses_the_death_zone(tmp_path: Path) -> None:
    strip = write(tmp_path / "strip.yaml", "game: strategiya\nrows:\n  - PPPDPPPPPP\n  - PPPDPPPPPP\n")
    for flight, over in ((1, False), (3, False), (4, False), (5, False), (7, True), (9, False)):
        found = referee("reach", strip, "--from", "A1", "--speed", "0", "--flight", str(flight))
        # Written apart: king moves through the air, `flight` of them, never into D unless a dragon's 7.
        seen = {(0, 0)}
        ring = {(0, 0)}
        for _ in range(flight):
            ring = {(x + dx, y + dy) for x, y in ring for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                    if 0 <= x + dx < 10 and 0 <= y + dy < 2 and (over or x + dx != 3)} - seen  # fmt: skip
            seen |= ring
        flown = {cell_name(*c) for c in seen} - {"A1"}
        assert flown <= set(found["reachable"]), flight
        assert any(c[0] > "D" for c in found["reachable"]) == over, flight
        assert ("дракон" in found["rules"]) is True
