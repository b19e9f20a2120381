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


HUNTER = """\
game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Хан, strength: 0, speed: 0, intellect: 8, hire: hunter}
      - {name: Шес, strength: 5, speed: 5, intellect: 6}
      - {name: Пот, strength: 2, speed: 2, intellect: 3}
      - {name: Ноль, strength: 0, speed: 0, intellect: 0}
      - {name: Рон, strength: 1, speed: 1, intellect: 1}
  - name: Борис
"""
ZONE = "game: strategiya\nrows:\n" + "".join(f"  - {r}\n" for r in ("DDDDDDD",) * 7)


def rings(answer: dict, turn: int = 1) -> int:  # type: ignore[type-arg]
    """How far the first turn reaches on an open zone (king moves): the farthest ring."""
    from printkit.cells import parse_cell

    return max(max(abs(x - 3), abs(y - 3)) for x, y in map(parse_cell, answer["reachable"]))


@pytest.mark.rule("strategiya.hire.table")
def test_a_hunter_walks_the_zone_at_one_cell_whatever_his_levels_and_his_card_agrees(tmp_path: Path) -> None:
    from printkit.games.strategiya import heroes as H
    from printkit.games.strategiya.hero_sheets import card
    from printkit.games.strategiya.heroes import find_hero
    from printkit.plugin import load_session

    config = write(tmp_path / "h.yaml", HUNTER)
    zone = write(tmp_path / "z.yaml", ZONE)
    # «Гильдия убийц» 3): 1 cell a turn, no lives lost, «вне зависимости от прокачек» (his total is 8).
    hunter = referee("reach", zone, "--from", "D4", "--config", config, "--hero", "Хан")
    assert rings(hunter) == 1 and not hunter.get("lives")
    assert "--hunter-tiers: 2" in hunter["rules"]
    tiered = referee("reach", zone, "--from", "D4", "--config", config, "--hero", "Хан", "--hunter-tiers")
    assert rings(tiered) == 2  # the other reading: the 7–10 tier's 2 cells
    plain = referee("reach", zone, "--from", "D4", "--config", config, "--hero", "Пот")  # total 7, not hired
    assert rings(plain) == 2 and set(plain["lives"].values()) == {1}
    session = load_session(config)
    han = find_hero(session, "Хан").hero
    front = card(session, han, "1")
    zone_row = next(r for r in front.terrain if r.name == "См. зона")
    assert zone_row.cells == "1" and zone_row.lives == "—"
    said = "; ".join(front.perks)
    assert "−1 жизнь вместо −3" not in said and "дар охотника" in said  # no contradiction on the card
    assert H.perks(H.rules_of(session.ruleset), han).deathzone_move is None


@pytest.mark.rule("strategiya.tier.total-potential")
def test_a_tier_above_its_range_is_a_reading_said_with_the_other_as_a_switch(tmp_path: Path) -> None:
    zone = write(tmp_path / "z.yaml", ZONE)
    carried = referee("reach", zone, "--from", "D4", "--speed", "0", "--potential", "16")
    assert rings(carried) == 3 and not carried.get("lives")  # the 11–15 tier kept at 16
    assert "сумма 16 выше порога 11–15" in carried["rules"] and "--tiers-closed" in carried["rules"]
    closed = referee("reach", zone, "--from", "D4", "--speed", "0", "--potential", "16", "--tiers-closed")
    assert rings(closed) == 1 and set(closed["lives"].values()) == {3}
    inside = referee("reach", zone, "--from", "D4", "--speed", "0", "--potential", "13")
    assert "выше порога" not in inside["rules"]
    # The hero sheet prints the kept tier and says the reading in words, naming no switch.
    from printkit.games.strategiya.hero_sheets import readings
    from printkit.games.strategiya.model import Hero

    from ..test_maps import RULES as rules

    said = readings(rules, [Hero(strength=5, speed=5, intellect=6)], "ru")
    assert any("по букве правил порог действует лишь в своих пределах" in s for s in said)
    assert not any("--" in s for s in said)
    assert not any("пределах" in s for s in readings(rules, [Hero(strength=5, speed=5, intellect=3)], "ru"))


WORDS = """\
game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Хром, strength: 3, speed: 0, intellect: 0, items: [Доспехи]}
      - {name: Лис, strength: 1, speed: 3, intellect: 1, animals: [Конь, Конь]}
  - name: Борис
    heroes:
      - {name: Кит, strength: 2, speed: 1, intellect: 2, items: [Меч, Меч]}
      - {name: Грач, strength: 3, speed: 1, intellect: 1, hire: hunterr}
"""


@pytest.mark.slow  # validate checks the config against every page its kit prints
@pytest.mark.rule("strategiya.players.hired")
def test_validate_and_the_referee_say_their_words_in_the_asked_language(tmp_path: Path) -> None:
    config = write(tmp_path / "w.yaml", WORDS)
    ru = run("validate", config).output
    assert "для «Доспехи» нужна сила 6" in ru and "«Конь»: в списке 2 раза" in ru
    assert "выберите из: наёмник, ассасин, охотник" in ru and "для двух предметов «Меч» нужна сила 6" in ru
    en = write(tmp_path / "en.yaml", WORDS + "language: en\n")
    assert "two Swords need strength 6; Кит has 2" in run("validate", en).output
    # --lang en over a Russian config: its warnings in English too.
    warned = write(tmp_path / "w1.yaml", WORDS.replace(", items: [Доспехи]", "").replace(", animals: [Конь, Конь]", "")
                   .replace(", items: [Меч, Меч]", "").replace(", hire: hunterr", ""))  # fmt: skip
    for args in (("validate", warned, "--lang", "en"), ("--lang", "en", "validate", warned)):
        said = run(*args).output
        assert "warning: a new hero spreads 5 points" in said and "предупреждение" not in said
    assert "убегают все 1" not in run("referee", "escape", "1").output
    assert "убегают все 2" in run("referee", "escape", "2").output
    water = write(tmp_path / "m.yaml", "game: strategiya\nrows:\n  - PPP\n  - PWP\n  - PPP\n")
    ship = run("referee", "reach", water, "--from", "A1", "--speed", "0", "--ship", "2").output
    speeds = "клеток за ход: по течению 3, в стоячей воде и поперёк течения 2, против течения 1"
    assert speeds in ship.replace("\n  ", " ")
    bad = write(tmp_path / "bad.yaml", "game: strategiya\nrows:\n  - DPPP\n  - PPDD\n  - PPDP\n")
    assert "D3: отрезан от угла D1 смертельной зоной" in run("map", "check", bad).output
    english = run("map", "check", bad, "--lang", "en").output
    assert "A1: no death zone in a corner" in english and "by the death zone" in english
