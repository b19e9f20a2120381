"""«Стратегия» after the second outside audit after issue 41: lives counted along a route, the
hunter in the death zone, the tiers' closed ranges, and the words the audit found wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from printkit.games.strategiya.movement import Mover, explore, route_and_lives
from printkit.model import GameMap

from ..conftest import run, write
from ..test_maps import RULES, grid, one_origin_turn

Cell = tuple[int, int]

# The audit's strip: a death zone four rows deep, open at the right.
STRIP = """\
game: strategiya
rows:
  - PPPPPPPPPP
  - PPPPPPPPPP
  - DDDDDDDDPP
  - DDDDDDDDPP
  - DDDDDDDDPP
  - DDDDDDDDPP
  - PPPPPPPPPP
"""


def referee(*args: object) -> dict:  # type: ignore[type-arg]
    result = run("referee", *args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def naive_alive(m: GameMap, start: Cell, lives: int, speed: int, turns: int,
                goal: Cell | None = None) -> tuple[dict[Cell, int], dict[Cell, int]]:  # fmt: skip
    """«Сила» and «Создание карты» 5), written apart: every cell the hero can stand on at each turn,
    with the most lives he can have there. A turn ending in the zone costs 3; a turn begun with 2
    lives walks a cell less, with 1 the hero stays where he is; at 0 he is dead and gone. Each
    cell's first turn and the most lives left then. No shortcut: every place at every turn is kept."""
    now = {start: lives}
    first, most = {start: 0}, {start: lives}
    for turn in range(1, turns + 1):
        after: dict[Cell, int] = {}
        for cell, have in now.items():
            # With 1 life the hero cannot walk by himself: he stays.
            ends = {cell} if have <= 1 else one_origin_turn(m, speed, cell, False, wounded=have == 2)
            for n in ends:
                left = have - (3 if m.terrain(*n) == "deathzone" else 0)
                if left > 0:
                    after[n] = max(after.get(n, 0), left)
        now = after
        for cell, left in now.items():
            if cell not in first:
                first[cell], most[cell] = turn, left
        if goal is not None and goal in first:
            break
    return first, most


@pytest.mark.slow
@pytest.mark.rule("strategiya.deathzone.lives")
@pytest.mark.rule("strategiya.wound.movement")
def test_a_route_counts_the_lives_as_the_hero_goes_and_takes_one_he_survives() -> None:
    rng = random.Random(41)
    differs = 0
    for i in range(60):
        w, h = rng.randint(6, 9), rng.randint(5, 7)
        rows = ["".join(rng.choice("PPPFDDD") for _ in range(w)) for _ in range(h)]
        m = grid(*rows)
        land = [(x, y) for y in range(h) for x in range(w)]
        start, goal = rng.choice(land), rng.choice(land)
        lives, speed = rng.choice([1, 2, 4, 5, 7, 8, 10, 10]), rng.choice([0, 1, 3])
        first, most = naive_alive(m, start, lives, speed, 14, goal)
        found = route_and_lives(m, RULES, Mover(speed=speed, lives=lives), start, goal, 14)
        if goal not in first:
            assert found is None, (i, rows, start, goal, lives, speed)
            continue
        assert found is not None, (i, rows, start, goal, lives, speed)
        legs, lost = found
        assert len(legs) == first[goal] and lives - sum(lost) == most[goal], (i, rows, start, goal, lives, speed)
        # Replayed turn by turn by the rules written apart: every turn a legal one, the hero alive.
        have = lives
        for leg, k in zip(legs, lost, strict=True):
            assert have > 1 and leg[-1] in one_origin_turn(m, speed, leg[0], False, wounded=have == 2)
            have -= k
            assert have > 0 and k == (3 if m.terrain(*leg[-1]) == "deathzone" else 0)
        blind = route_and_lives(m, RULES, Mover(speed=speed), start, goal, 14)
        differs += blind is not None and len(blind[0]) < len(legs)
        reached = explore(m, RULES, Mover(speed=speed, lives=lives), start, 4)
        near, kept = naive_alive(m, start, lives, speed, 4)
        assert reached.first == near, i
        assert {c: lives - n for c, n in reached.lives.items()} == kept, i
    assert differs >= 2  # the cases include routes slower than the fatal fastest way


@pytest.mark.rule("strategiya.deathzone.lives")
def test_route_says_a_faster_way_would_kill_and_when_no_way_is_survived(tmp_path: Path) -> None:
    strip = write(tmp_path / "strip.yaml", STRIP)
    config = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n  - {name: a, heroes: [{name: Пеш, strength: 0, "
                   "speed: 0, intellect: 5}, {name: Два, strength: 0, speed: 0, intellect: 5, lives: 5}]}\n"
                   "  - {name: b}\n")  # fmt: skip
    ten = referee("route", strip, "--from", "A1", "--to", "A7", "--config", config, "--hero", "Пеш")
    assert ten["lives"] == 0 and ten["turns"] == 7  # round the strip, not 5 turns and 12 lives through it
    assert "самый быстрый путь (5 ходов) стоит 12 жизней, а у героя 10" in ten["rules"]
    assert "в начале 10 жизней" in ten["rules"]
    five = run("referee", "route", strip, "--from", "A1", "--to", "A7", "--config", config, "--hero", "Два",
               "--lang", "en").output  # fmt: skip
    assert "costs 12 lives and the hero has 5: he dies on turn 2" in five.replace("\n  ", " ")
    # Only through the zone, two rows of it: 10 lives get there, 9 wounded, 7 stuck at 1 life, 5 dead.
    shut = write(tmp_path / "shut.yaml", "game: strategiya\nrows:\n  - PPPP\n  - DDDD\n  - DDDD\n  - PPPP\n")
    alive = referee("route", shut, "--from", "A1", "--to", "A4", "--speed", "0", "--lives", "10")
    assert alive["turns"] == 3 and alive["lives"] == 6
    assert "ранен и умрёт через 10 ходов" not in alive["rules"]
    dead = run("referee", "route", shut, "--from", "A1", "--to", "A4", "--speed", "0", "--lives", "5")
    assert dead.exit_code == 1
    said = dead.output.replace("\n  ", " ")
    assert "клетка A4 недостижима из A1" in said and "живым не дойти" in said and "погибает на ходу 2" in said
    hurt = referee("route", shut, "--from", "A1", "--to", "A4", "--speed", "0", "--lives", "7")
    assert hurt["turns"] is None and "остаётся с 1 жизнью" in hurt["rules"]
    wounded = referee("route", shut, "--from", "A1", "--to", "A4", "--speed", "0", "--lives", "9")
    assert wounded["lives"] == 6 and "в конце пути жизней 3: герой ранен и умрёт через 10 ходов" in wounded["rules"]
