"""The turns of a «Стратегия» evening: the third of three players skips his first turn, the second
of two plays two turns in a row."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from printkit import evening

from ..conftest import EXAMPLES, heroes_evening


def _evening(tmp_path: Path, players: list[str]) -> Path:
    text = (EXAMPLES / "strategiya.yaml").read_text(encoding="utf-8")
    listed = "players:\n" + "".join(f"  - name: {p}\n" for p in players)
    text = text.replace("players:                  # 2 to 4 players; the first two hold secret sheets 1 and 2\n"
                        "  - name: Аня\n  - name: Борис\n", listed)  # fmt: skip
    assert listed in text
    config = tmp_path / "three.yaml"
    config.write_text(text, encoding="utf-8")
    path = tmp_path / "three.sqlite"
    evening.start(config, path)
    return path


def _turns(path: Path, n: int) -> list[tuple[int, str | None]]:
    """(turn, whose) after each of n ends of turn, recorded one by one."""
    out = []
    for _ in range(n):
        evening.record(path, "next", {})
        state = evening.read(path).state
        out.append((state.turn, state.whose))
    return out


@pytest.mark.rule("strategiya.players.three.order")
def test_the_third_of_three_players_skips_his_first_turn_and_plays_the_rest(tmp_path: Path) -> None:
    path = _evening(tmp_path, ["Аня", "Борис", "Вера"])
    # Written out from «Начало игры»: turn numbers count every player's turn, the skipped one too.
    expected = [(2, "Борис"), (4, "Аня"), (5, "Борис"), (6, "Вера"), (7, "Аня")]
    assert _turns(path, 5) == expected
    said = evening.read(path).rows[1]
    opened = evening.read(path)
    from printkit.evening.recording import said_row

    assert said_row(opened, said, "ru").startswith("ход 3: Вера пропускает ход (третий игрок пропускает свой "
                                                   "первый ход); ход 4 (круг 2): ходит Аня")  # fmt: skip
    assert "turn 3: Вера skips it (the third player skips his first turn)" in said_row(opened, said, "en")
    # the state replayed from the journal is the one recorded live
    evening.recording._KNOWN.clear()
    assert evening.read(path).state == opened.state


@pytest.mark.rule("strategiya.players.three.order")
def test_four_players_skip_nothing(tmp_path: Path) -> None:
    players = ["Аня", "Борис", "Вера", "Гена"]
    path = _evening(tmp_path, players)
    assert _turns(path, 8) == [(t, players[(t - 1) % 4]) for t in range(2, 10)]


@pytest.mark.rule("strategiya.players.two.double-turn")
def test_the_second_of_two_players_plays_two_turns_in_a_row_once(tmp_path: Path) -> None:
    """«Начало игры», two players: the first chooses a corner and plays; the second plays two
    turns in a row for it. Written out: Аня 1, Борис 2, (Аня's 3 passed over), Борис 4, then by
    turns for good."""
    path = _evening(tmp_path, ["Аня", "Борис"])
    played = [(1, "Аня"), *_turns(path, 6)]
    assert played == [(1, "Аня"), (2, "Борис"), (4, "Борис"), (5, "Аня"), (6, "Борис"), (7, "Аня"), (8, "Борис")]
    whose = [w for _, w in played]
    assert whose[1:3] == ["Борис", "Борис"] and all(a != b for a, b in itertools.pairwise(whose[2:]))
    from printkit.evening.recording import said_row

    opened = evening.read(path)
    assert "turn 3: Аня skips it (Борис plays a second turn in a row" in said_row(opened, opened.rows[1], "en")
    evening.recording._KNOWN.clear()
    assert evening.read(path).state == opened.state


@pytest.mark.rule("strategiya.wound.threshold")
def test_a_hero_who_comes_wounded_counts_his_ten_turns_from_the_evenings_start(tmp_path: Path) -> None:
    """Тень comes with 2 lives: wounded. Аня plays the odd turns but the third (passed over for
    Борис's second in a row, played by no one), so her tenth turn after the first is turn 23 (5, 7,
    ..., 23), when he dies unhealed. Turn 23 begins after 21 ends of turn (1, 2, then 4 to 22)."""
    path = tmp_path / "wounded.sqlite"
    evening.start(EXAMPLES / "strategiya-heroes.yaml", path)
    (count,) = evening.read(path).state.countdowns
    hers = [t for t in range(2, 40) if t % 2 and t != 3]
    assert (count.key, count.due) == ("wound:Тень", hers[9]) == ("wound:Тень", 23)
    assert len(_ENDED[: _ENDED.index(22) + 1]) == 21
    _turns(path, 20)
    assert evening.read(path).state.part.find("Тень").lives == 2
    _turns(path, 1)
    state = evening.read(path).state
    assert state.turn == 23 and state.part.find("Тень").lives == 0 and not state.countdowns


# The turns that end as `next` is recorded, two players, written from «Начало игры»: 1 (Аня), 2
# (Борис), then 3 is Аня's, passed over for Борис's second turn in a row, then by turns.
_ENDED = [1, 2, *range(4, 40)]


def _order_lives(before: int, each: int, records: int) -> list[int]:
    """Гром's lives after each end of turn under an order: «Гильдия убийц» 4), his player's (Аня's,
    the odd turns) first four turns to end take `each`."""
    out, left, taken = [], before, 0
    for turn in _ENDED[:records]:
        if turn % 2 and taken < 4:
            left, taken = left - each, taken + 1
        out.append(left)
    return out


def _heroes_on_a_map(tmp_path: Path) -> Path:
    return heroes_evening(tmp_path, "order.sqlite")


@pytest.mark.rule("strategiya.guild.order")
def test_an_order_takes_its_lives_at_the_end_of_four_of_the_victims_turns(tmp_path: Path) -> None:
    """«Гильдия убийц» 4): the hero loses the chosen skill's lives four turns running. Гром (25
    lives, on the plain at C4) is Аня's: she plays the odd turns but the third, so the losses come
    as turns 1, 5, 7 and 9 end, 2 each, and nothing after."""
    path = _heroes_on_a_map(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "C4"})
    with pytest.raises(Exception, match="master"):
        evening.record(path, "contract", {"hero": "Гром", "lives": 2}, who="Борис")
    evening.record(path, "contract", {"hero": "Гром", "lives": 2})
    lives = []
    for _ in range(10):
        evening.record(path, "next", {})
        lives.append(evening.read(path).state.part.find("Гром").lives)
    assert lives == _order_lives(25, 2, 10) == [23, 23, 23, 21, 21, 19, 19, 17, 17, 17]
    assert evening.read(path).state.part.contracts == ()


@pytest.mark.rule("strategiya.guild.order")
def test_an_order_takes_its_lives_in_an_evening_without_a_map(tmp_path: Path) -> None:
    """An evening whose config names no map still ends its turns: the order's lives are taken as
    they are on a map (there is no death zone to read, nothing else). Гром is Аня's: 3 lives are
    lost as her first four turns end (1, 5, 7, 9), and nothing after."""
    path = tmp_path / "mapless.sqlite"
    evening.start(EXAMPLES / "strategiya-heroes.yaml", path)
    before = evening.read(path).state.part.find("Гром").lives
    evening.record(path, "contract", {"hero": "Гром", "lives": 3})
    lives = []
    for _ in range(10):
        evening.record(path, "next", {})
        lives.append(evening.read(path).state.part.find("Гром").lives)
    assert lives == _order_lives(before, 3, 10) and evening.read(path).state.part.contracts == ()


@pytest.mark.rule("strategiya.guild.order")
def test_a_town_saves_the_hero_under_an_order(tmp_path: Path) -> None:
    path = _heroes_on_a_map(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "C4"})
    evening.record(path, "contract", {"hero": "Гром", "lives": 9})
    evening.record(path, "next", {})
    assert evening.read(path).state.part.find("Гром").lives == 16
    saved = evening.record(path, "move", {"hero": "Гром", "to": "B2"})  # the map's town
    assert "спасён" in saved.said["ru"]
    for _ in range(6):
        evening.record(path, "next", {})
    state = evening.read(path).state
    assert state.part.find("Гром").lives == 16 and state.part.contracts == ()
    opened = evening.read(path)
    evening.recording._KNOWN.clear()
    assert evening.read(path).state == opened.state  # replayed, the same


@pytest.mark.rule("strategiya.wound.light-regen")
def test_a_skipped_turn_gives_back_what_the_rules_say_where_the_hero_stands(tmp_path: Path) -> None:
    """Written from «Сила» and «Объекты»: a turn skipped in a town gives 3 lives; elsewhere 1, only
    while the lives are above 3; never above what his strength gives (Гром: 25). A rest is a whole
    turn: not after a move in it, not twice, and no move after it."""
    from printkit.plugin import RefusedValue

    from ..conftest import to_play

    path = _heroes_on_a_map(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "C4"})  # placed on the plain: no move yet
    evening.record(path, "lives", {"hero": "Гром", "change": -21})  # 4 left: lightly hurt
    steps = [("C4", 5), ("C4", 6), ("B2", 9), ("B2", 12)]  # B2: the map's town
    for cell, expected in steps:
        if evening.read(path).state.part.find("Гром").cell != cell:
            evening.record(path, "move", {"hero": "Гром", "to": cell}, who="Аня")
            with pytest.raises(RefusedValue, match="has moved this turn"):
                evening.record(path, "rest", {"hero": "Гром"}, who="Аня")
            to_play(path, "Аня")
        evening.record(path, "rest", {"hero": "Гром"}, who="Аня")
        assert evening.read(path).state.part.find("Гром").lives == expected
        with pytest.raises(RefusedValue, match="rests this turn already"):
            evening.record(path, "rest", {"hero": "Гром"}, who="Аня")
        with pytest.raises(RefusedValue, match="skips this turn to rest"):
            evening.record(path, "move", {"hero": "Гром", "to": "C5"}, who="Аня")
        to_play(path, "Аня")
    evening.record(path, "move", {"hero": "Тень", "to": "C4"})  # 2 lives: wounded, outside a town
    done = evening.record(path, "rest", {"hero": "Тень"})
    assert evening.read(path).state.part.find("Тень").lives == 2 and "не восстанавливает" in done.said["ru"]
    evening.record(path, "lives", {"hero": "Гром", "change": 50})  # the master: back to 25
    full = evening.record(path, "rest", {"hero": "Гром"})
    assert evening.read(path).state.part.find("Гром").lives == 25 and "сколько даёт сила" in full.said["ru"]


@pytest.mark.rule("strategiya.players.three.info-every-10")
def test_the_rules_recurring_events_are_announced_as_their_rounds_begin(tmp_path: Path) -> None:
    """The third of three players talks every 10 turns of the plot track, the tracker looks every 3
    (read as rounds: each player plays one turn a round). With three players round r begins at turn
    3r - 2, so the talk comes due as turn 28 begins, the tracker's look at turns 7, 16 and 25."""
    path = _evening(tmp_path, ["Аня", "Борис", "Вера"])
    due: dict[int, str] = {}
    for _ in range(30):
        done = evening.record(path, "next", {})
        state = evening.read(path).state
        if "пришёл срок" in done.said["ru"]:
            due[state.turn] = done.said["ru"]
    assert sorted(due) == [7, 16, 25, 28]
    assert "третий игрок втайне говорит" in due[28] and "следопыт" in due[7] and "третий" not in due[7]


@pytest.mark.rule("strategiya.players.two.double-turn")
def test_a_player_moves_his_heroes_in_his_own_turn_and_the_master_any_time(tmp_path: Path) -> None:
    """«Передвижение»: a player acts with his heroes in his turn, then passes it. Out of it his page
    and his command are refused in one line; the master records a move any time (an escape)."""
    from printkit.evening import EveningRefused

    path = _heroes_on_a_map(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "C4"}, who="Аня")  # her turn 1
    evening.record(path, "next", {})  # Борис's turn 2
    with pytest.raises(EveningRefused, match=r"whose turn it is \(Борис\)"):
        evening.record(path, "move", {"hero": "Гром", "to": "C5"}, who="Аня")
    with pytest.raises(EveningRefused, match=r"whose turn it is \(Борис\)"):
        evening.record(path, "rest", {"hero": "Гром"}, who="Аня")
    assert "C5" in evening.record(path, "move", {"hero": "Гром", "to": "C5"}).said["en"]  # the master
