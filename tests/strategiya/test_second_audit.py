"""«Стратегия» after the second outside audit after issue 41: lives counted along a route, the
hunter in the death zone, the tiers' closed ranges, and the words the audit found wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from printkit.games.strategiya.movement import Mover, explore, route_and_lives
from printkit.model import GameMap

from ..conftest import ExampleKits, run, write
from ..test_maps import RULES, grid, one_origin_turn
from .test_questions import shown

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


# ---- item 9: `referee work` on a death-zone resource says the lives the turns of work cost ----------

WORKERS = """\
game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Мал, strength: 2, speed: 0, intellect: 0}
      - {name: Сред, strength: 3, speed: 2, intellect: 2}
      - {name: Хан, strength: 3, speed: 0, intellect: 5, hire: hunter}
      - {name: Бог, strength: 6, speed: 3, intellect: 3}
      - {name: Шест, strength: 6, speed: 5, intellect: 5}
  - name: Борис
"""


def naive_toll(days: int, strength: int, total: int | None, hunter: bool, lives: int | None,
               closed: bool = False) -> tuple[int, int | None]:  # fmt: skip
    """«Сила» (days ÷ strength, a turn begun counts) and «Создание карты» 5) (3 lives a turn in the
    zone), «Потенциал» А), Б) (1 from total 7, none from 11, held above the range unless `closed`),
    «Гильдия убийц» 3) (a hunter none), written apart: the lives lost and the turn he dies on."""
    turns = -(-days // strength)
    per = 3
    if hunter or (total is not None and total >= 11 and not (closed and total > 15)):
        per = 0
    elif total is not None and total >= 7 and not (closed and total > 10):
        per = 1
    if lives is None or per * turns < lives:
        return per * turns, None
    return lives, -(-lives // per)


@pytest.mark.rule("strategiya.deathzone.lives")
@pytest.mark.rule("strategiya.mining.time")
def test_work_on_a_death_zone_resource_says_the_lives_its_turns_cost(tmp_path: Path) -> None:
    import printkit
    from printkit.games.strategiya import heroes as H
    from printkit.plugin import load_bundled

    from . import naive

    rules = H.rules_of(load_bundled("strategiya"))
    zone = rules.resources["deathzone"]
    rng = random.Random(9)
    for _ in range(25):
        entry = rng.randint(1, 6)
        strengths = [rng.randint(1, 9) for _ in range(rng.randint(1, 3))]
        answer = printkit.strategiya.work(resource=("deathzone", str(entry)), strength=strengths)
        days = zone[entry - 1].days
        assert answer.lives_per_turn == 3
        for w, s in zip(answer.workers, strengths, strict=True):
            assert w.turns == naive.work_turns(days, [s]) and w.toll is not None
            assert w.toll.lost == naive_toll(days, s, None, False, None)[0]
        if len(strengths) > 1:
            assert answer.together is not None and answer.together.turns is not None
            assert [t.lost for t in answer.together_tolls] == [3 * answer.together.turns] * len(strengths)
    # Heroes of a config: each his own figure and his own lives.
    config = write(tmp_path / "w.yaml", WORKERS)
    heroes = ["Мал", "Сред", "Хан", "Бог", "Шест"]
    stats = {"Мал": (2, 2, False, 10), "Сред": (3, 7, False, 15), "Хан": (3, 8, True, 15), "Бог": (6, 12, False, 20),
             "Шест": (6, 16, False, 20)}  # fmt: skip
    for closed in (False, True):
        answer = printkit.strategiya.work(resource=("смертельная зона", "2"), config=config, heroes=heroes,
                                          tiers_closed=closed)  # fmt: skip
        for w, name in zip(answer.workers, heroes, strict=True):
            strength, total, hunter, lives = stats[name]
            lost, dies = naive_toll(35, strength, total, hunter, lives, closed)
            assert w.toll is not None and (w.toll.lost, w.toll.dies_on) == (lost, dies), (name, closed)
            assert w.toll.left == (0 if dies else lives - lost)
    said = " ".join(shown(printkit.strategiya.work(resource=("deathzone", "2"), config=config, heroes=heroes), "ru")
                    .split())  # fmt: skip
    assert "Мал (1), сила 2: 18 ходов; −10 жизней (3 за ход): погибает на ходу 4, не кончив работу" in said
    assert "Сред (2), сила 3: 12 ходов; −12 жизней (1 за ход), останется 3: ранен" in said
    assert "Хан (3), сила 3: 12 ходов; жизней не теряет, останется 15" in said
    assert "сумма 16 выше порога 11–15" in said  # Шест keeps the 11–15 tier: a reading, said
    # Text, JSON and the web page, for a worker known by strength only.
    text = " ".join(run("referee", "work", "--resource", "deathzone", "1", "--strength", "4").output.split())
    assert "#1, сила 4: 5 ходов; −15 жизней (3 за ход)" in text and "теряет 3 жизни" in text
    en = " ".join(run("referee", "work", "--resource", "deathzone", "1", "--strength", "4", "--lang", "en")
                  .output.split())  # fmt: skip
    assert "#1, strength 4: 5 turns; −15 lives (3 a turn)" in en and "costs the hero 3 lives" in en
    data = referee("work", "--resource", "deathzone", "1", "--strength", "4")
    assert data["lives_per_turn"] == 3 and data["workers"][0]["toll"]["lost"] == 15
    assert any("смертельной зоне" in n for n in data["notes"])
    from starlette.testclient import TestClient

    from printkit.testing.pages import answer_lines
    from printkit.web.app import Table, make_app
    from printkit.web.served import Served

    with TestClient(make_app(Table(Served()), ["testserver"])) as client:
        for lang, words in (("ru", "−15 жизней (3 за ход)"), ("en", "−15 lives (3 a turn)")):
            page = client.get("/q/work", params={"resource": ["deathzone", "1"], "strength": "4", "ask": "1",
                                                  "lang": lang}).text  # fmt: skip
            lines = answer_lines(page)
            assert lines is not None and any(words in line for line in lines), lines
    # Ground that takes no lives: nothing said of them.
    forest = printkit.strategiya.work(resource=("лес", "2"), strength=[4])
    assert forest.lives_per_turn is None and forest.workers[0].toll is None
    assert "жизн" not in " ".join(shown(forest, "ru").split()).replace("сила 0 работу", "")


# ---- item 10: `route --ship` with no water beside a hero ashore says the ship goes unused -----------

SHORE = "game: strategiya\nrows:\n  - PPPPP\n  - PPPPP\n  - PPWWW\n  - PPWWW\n"


@pytest.mark.rule("strategiya.ship.where-left")
def test_a_ship_with_no_water_beside_the_start_is_said_to_go_unused(tmp_path: Path) -> None:
    shore = write(tmp_path / "shore.yaml", SHORE)
    # «Строительство» 4): a ship is boarded where it lies; by default beside a hero ashore. From A1 no
    # water is next to the hero: he walks, and the answer says the ship was not used and why.
    far = referee("route", shore, "--from", "A1", "--to", "E1", "--speed", "0", "--ship", "2")
    assert far["turns"] == 2 and "корабль не использован: рядом с A1 нет воды" in far["rules"]
    assert "--ship-at" in far["rules"]  # the terminal names the way to say where the ship lies
    en = " ".join(run("referee", "route", shore, "--from", "A1", "--to", "E1", "--speed", "0", "--ship", "2",
                      "--lang", "en").output.split())  # fmt: skip
    assert "the ship goes unused: there is no water next to A1" in en
    reached = referee("reach", shore, "--from", "A1", "--speed", "0", "--ship", "2")
    assert "корабль не использован" in reached["rules"]
    # Water beside him, a ship named at a cell, or a hero already afloat: nothing of the kind said.
    for args in (("--from", "B2"), ("--from", "A1", "--ship-at", "E3"), ("--from", "D3")):
        said = referee("route", shore, *args, "--to", "E4", "--speed", "0", "--ship", "2")
        assert "не использован" not in said["rules"], args
        assert said["turns"] is not None, args
    # Without --ship nothing is said of a ship.
    assert "корабль" not in referee("route", shore, "--from", "A1", "--to", "E1", "--speed", "0")["rules"]


# ---- item 11: a hero carrying a 1-life hero walks a cell a turn less (`--carrying`) -----------------

CELLS = {"mountain": 0, "swamp": 1, "forest": 2, "plain": 3}  # «Создание карты» 1)–4), plus speed


def naive_carry_turn(m: GameMap, speed: int, origin: Cell, less: int) -> set[Cell]:
    """One turn of a hero who goes `less` cells a turn slower (a carrier: 1; a carrier with 2 lives:
    2), from «Сила», «Создание карты» and «Пропуски ходов», written apart: king moves within the
    starting terrain up to its cells a turn (the death zone 1 whatever the speed), or, with a step left
    or as the turn's first move, over a border 1 cell and one more for every 4 speed begun, less the
    same cells but never below the one cell a crossing always goes, and in the death zone no deeper
    than its cells a turn; the move ends there. Water is shut."""

    def cells(t: str | None) -> int | None:
        if t == "deathzone":
            return max(0, 1 - less)
        return max(0, CELLS[t] + speed - less) if t in CELLS else None

    home, out = m.terrain(*origin), {origin}
    budget = cells(home)
    if budget is None:
        return out
    used = {origin: 0}
    todo = [origin]
    while todo:
        cell = todo.pop(0)
        for n in m.neighbours(*cell):
            if n not in used and m.terrain(*n) == home and used[cell] < budget:
                used[n] = used[cell] + 1
                todo.append(n)
    out |= set(used)
    for cell, k in used.items():
        if k and k >= budget:
            continue  # no step left for the border
        for first in m.neighbours(*cell):
            there = m.terrain(*first)
            if there == home or cells(there) is None:
                continue
            deep = max(1, 1 + -(-speed // 4) - less)
            if there == "deathzone":
                deep = min(deep, max(1, cells(there) or 0))
            inside = {first: 1}
            walk = [first]
            while walk:
                c = walk.pop(0)
                for n in m.neighbours(*c):
                    if n not in inside and m.terrain(*n) == there and inside[c] < deep:
                        inside[n] = inside[c] + 1
                        walk.append(n)
            out |= set(inside)
    return out


def naive_carry_reach(m: GameMap, speed: int, start: Cell, less: int, turns: int) -> dict[Cell, int]:
    """Every cell and the first turn it is reached, turn by turn from every cell reached before."""
    first = {start: 0}
    now = {start}
    for turn in range(1, turns + 1):
        now = {c for o in now for c in naive_carry_turn(m, speed, o, less)}
        for c in now:
            first.setdefault(c, turn)
    return first


@pytest.mark.rule("strategiya.wound.movement")
def test_a_carrier_walks_a_cell_a_turn_less_as_the_rules_written_apart_say(tmp_path: Path) -> None:
    from printkit.games.strategiya.movement import reach

    rng = random.Random(11)
    slower = 0
    for i in range(40):
        w, h = rng.randint(5, 8), rng.randint(4, 6)
        rows = ["".join(rng.choice("PPPFFSMDW") for _ in range(w)) for _ in range(h)]
        m = grid(*rows)
        start = rng.choice([(x, y) for y in range(h) for x in range(w) if m.terrain(x, y) != "water"])
        speed, turns = rng.choice([0, 1, 2, 4, 5]), rng.randint(1, 3)
        carried = reach(m, RULES, Mover(speed=speed, carry=1), start, turns)
        assert carried == naive_carry_reach(m, speed, start, 1, turns), (i, rows, start, speed, turns)
        both = reach(m, RULES, Mover(speed=speed, carry=1, wound=1), start, turns)  # a carrier with 2 lives
        assert both == naive_carry_reach(m, speed, start, 2, turns), (i, rows, start, speed, turns)
        slower += len(carried) < len(reach(m, RULES, Mover(speed=speed), start, turns))
    assert slower >= 20  # the cases are ones where carrying tells
    # The command line: --carrying is the carrier's cell less, and says the carried hero's one life.
    plain = write(tmp_path / "p.yaml", "game: strategiya\nrows:\n  - PPPPPPPPPP\n  - PPPPPDDDDD\n")
    alone = referee("route", plain, "--from", "A1", "--to", "J1", "--speed", "0")
    laden = referee("route", plain, "--from", "A1", "--to", "J1", "--speed", "0", "--carrying")
    assert (alone["turns"], laden["turns"]) == (3, 5)  # 9 cells: 3 a turn, carrying 2 a turn
    assert "у несомого одна жизнь" in laden["rules"]
    en = " ".join(run("referee", "reach", plain, "--from", "A1", "--speed", "0", "--carrying", "--lang", "en")
                  .output.split())  # fmt: skip
    assert "carries a hero with 1 life" in en
    # The hero with 1 life himself walks nowhere, and his route says he needs a carrier.
    stuck = run("referee", "route", plain, "--from", "A1", "--to", "C1", "--speed", "0", "--lives", "1")
    assert stuck.exit_code == 1 and "может нести другой герой" in " ".join(stuck.output.split())


# ---- item 8: blank cards for hired heroes, and blank sheets that hand out no owner's marks ----------

THREE = """\
game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Гром, strength: 3, speed: 1, intellect: 1}
      - {name: Лира, strength: 0, speed: 2, intellect: 3}
  - name: Борис
  - name: Вера
"""


@pytest.mark.slow  # builds two sheets through the command line
@pytest.mark.rule("strategiya.players.hired")
@pytest.mark.rule("strategiya.hero.blank-set")
def test_hires_get_blank_cards_and_no_blank_card_carries_an_owners_marks(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from printkit.games.strategiya.hero_sheets import context, hires_context, write_hires_blank
    from printkit.plugin import load_session

    config = write(tmp_path / "three.yaml", THREE)
    session = load_session(config)
    # «Гильдия убийц»: a hire is a new hero, skills at nought and 4, 6 or 8 points; he belongs to
    # whoever hires him, so his card names no player and no marker.
    hires = hires_context(session)
    page = hires["players"][0]
    assert page["name"] == "" and page["markers"] == "" and len(page["cards"]) == 4
    assert all(c.marker == "" and c.stats == tuple((s, "") for s, _ in c.stats) for c in page["cards"])
    assert all(c.hire == "наёмник / ассасин / охотник" for c in page["cards"])
    write_hires_blank(session, tmp_path / "hired.pdf")
    pdf = PdfReader(tmp_path / "hired.pdf")
    said = " ".join((pdf.pages[0].extract_text() or "").split())
    assert len(pdf.pages) == 1 and "Нанятые герои — пустые карточки" in said and "Игрок:" in said
    assert "наёмник — 4, ассасин — 6, охотник — 8" in said and "Охотник ходит по смертельной зоне" in said
    assert not any(name in said for name in ("Аня", "Борис", "Вера", "Гром", "Метки героев на карте"))
    # The blank set beside a config's heroes: each player's sheet, its rings empty (Аня's 1 and 2 are
    # Гром's and Лира's already; Вера's 5–8 would be hers to take at the table, but blank is blank).
    blank = context(session, marks=False)
    assert all(c.marker == "" for p in blank["players"] for c in p["cards"])
    assert [p["markers"] for p in blank["players"]] == ["", "", ""]
    assert [p["markers"] for p in context(session)["players"]] == ["1 2", "А Б", "5 6 7 8"]  # the kit's own sheet
    built = run("build", config, "--only", "hero-sheets-blank,hero-sheets-hired", "--out", tmp_path / "kit",
                "--lang", "en", "--paper", "letter")  # fmt: skip
    assert built.exit_code == 0, built.output
    english = " ".join(" ".join((p.extract_text() or "").split())
                       for p in PdfReader(tmp_path / "kit" / "hero-sheets-hired-blank.pdf").pages)  # fmt: skip
    assert "Hired heroes: blank cards" in english and "mercenary 4, assassin 6, hunter 8" in english
    sheets = " ".join(" ".join((p.extract_text() or "").split())
                      for p in PdfReader(tmp_path / "kit" / "hero-sheets-blank.pdf").pages)  # fmt: skip
    assert "write in each ring a marker no hero on the map goes by" in sheets
    assert "Hero markers on the map: 1 2" not in sheets and "Hero markers on the map: A B" not in sheets


@pytest.mark.rule("strategiya.players.hired")
def test_the_print_guide_names_the_blank_cards_for_hires(kits: ExampleKits) -> None:
    from printkit.pipeline.print_guide import GUIDE

    from ..conftest import pdf_text

    for lang, paper, words in (("ru", "a4", "Пустые карточки героев, нанятых в городе"),
                               ("en", "letter", "Blank cards for heroes hired in town")):  # fmt: skip
        kit = kits("strategiya", lang, paper)
        assert (kit / "hero-sheets-hired-blank.pdf").is_file()
        guide = " ".join(pdf_text(kit / GUIDE)[0].split())
        assert "hero-sheets-hired-blank.pdf" in guide and words in guide


# ---- item 12, what is left: «Стратегия»'s own refusals in the config's language --------------------

BAD_HERO = """\
game: strategiya
players:
  - name: A
    heroes:
      - {name: X, strength: 2, speed: 2, intellect: 1, items: [Лопата], animals: [Кот], spells: [Огонь], hire: тролль,
         lives: 99}
  - name: B
"""


@pytest.mark.rule("strategiya.config.language")
def test_the_games_own_refusals_of_a_hero_are_said_in_the_configs_language(tmp_path: Path) -> None:
    ru = run("validate", write(tmp_path / "ru.yaml", BAD_HERO))
    assert ru.exit_code != 0
    lines = ru.output.strip().splitlines()
    where = f"{tmp_path / 'ru.yaml'}"
    assert lines == [
        f"{where}:5: players[0].heroes[0].items[0]: неизвестный предмет «Лопата»",
        f"{where}:5: players[0].heroes[0].animals[0]: неизвестное животное «Кот» (может быть, «Конь»?)",
        f"{where}:5: players[0].heroes[0].spells[0]: неизвестное заклинание «Огонь»",
        f"{where}:5: players[0].heroes[0].hire: неизвестный наём «тролль»; выберите из: наёмник, ассасин, охотник",
        f"{where}:6: players[0].heroes[0].lives: 99 — больше максимума героя X (10)",
    ]
    en = run("validate", write(tmp_path / "en.yaml", BAD_HERO + "language: en\n")).output
    for said in ("items[0]: unknown item 'Лопата'", "spells[0]: unknown spell 'Огонь'",
                 "hire: unknown hire 'тролль'; choose from mercenary, assassin, hunter",
                 "lives: 99 is more than X's maximum of 10"):  # fmt: skip
        assert said in en, said
