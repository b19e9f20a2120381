"""«Стратегия»'s referee questions: the Python API and the command line give one answer, in either language."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import printkit
from printkit.games.strategiya import questions
from printkit.labels import Refused, RefusedValue
from printkit.questions import as_json, declared, text_lines

from ..conftest import EXAMPLES, run, write
from .test_lookup import example_key

HEROES = EXAMPLES / "strategiya-heroes.yaml"


def shown(answer: Any, lang: str) -> str:
    """An answer's text as a terminal of 80 columns shows it."""
    return "".join(f"{line}\n" for line in text_lines(answer, lang))


# The figures an answer computes: chances, means and percentages (a reading's words hold numbers too:
# "the sword's blow on a 3").
COMPUTED = r"\d+[./]\d+"


def asked_both_ways(answer: Any, *args: str, figures: str = COMPUTED) -> None:
    """The CLI prints the record's lines and JSON exactly, in Russian and in English; the two
    languages carry the same figures, in the same order, and differ in their words."""
    for lang in ("ru", "en"):
        text = run("referee", *args, "--lang", lang)
        assert (text.exit_code, text.output) == (0, shown(answer, lang))
        data = run("referee", *args, "--lang", lang, "--json")
        assert json.loads(data.output) == as_json(answer, lang)
    ru, en = shown(answer, "ru"), shown(answer, "en")
    assert ru != en and re.findall(figures, ru) == re.findall(figures, en) != []


@pytest.mark.rule("strategiya.battle.d6")
def test_fight_is_one_answer_in_python_and_on_the_command_line() -> None:
    answer = printkit.strategiya.fight((25, 15), (9, 3), first="b", backstab=True)
    assert answer.win_a + answer.win_b == 1 and answer.exact
    asked_both_ways(answer, "fight", "--lives", "25", "15", "--damage", "9", "3", "--first", "b", "--backstab")
    heroes = printkit.strategiya.fight(config=HEROES, heroes=("1", "4"))
    assert (heroes.a.lives, heroes.a.damage) == (25, 9)
    asked_both_ways(heroes, "fight", "--config", str(HEROES), "--heroes", "1", "4")


@pytest.mark.rule("strategiya.hide.contest")
def test_hide_is_one_answer_in_python_and_on_the_command_line() -> None:
    answer = printkit.strategiya.hide([3, 2], [5], per_hero=True)
    assert (answer.hidden, answer.found) == (Fraction(13, 27), Fraction(14, 27))
    asked_both_ways(answer, "hide", "--hiders", "3", "2", "--seekers", "5", "--per-hero")
    # The values of an option given in a row, or one option a value: one answer.
    spread = run("referee", "hide", "--hiders", "3", "--seekers", "5", "--hiders", "2", "--per-hero")
    assert spread.output == shown(answer, "ru")


@pytest.mark.rule("strategiya.escape.roll")
def test_escape_is_one_answer_in_python_and_on_the_command_line() -> None:
    answer = printkit.strategiya.escape(3)
    assert (answer.each, answer.everyone, answer.someone) == (Fraction(1, 2), Fraction(1, 8), Fraction(7, 8))
    asked_both_ways(answer, "escape", "3")


@pytest.mark.rule("strategiya.secret.lookup")
def test_lookup_is_one_answer_in_python_and_on_the_command_line(workdir: Path) -> None:
    key = example_key(workdir)
    answer = printkit.strategiya.lookup(["ресурсы", "лесу", "3"], keys=[key])
    assert (answer.terrain, answer.number, answer.sheet1, answer.sheet2) == ("forest", 3, 9, 2)
    asked_both_ways(answer, "lookup", "--key", str(key), "ресурсы", "лесу", "3", figures=r"\d+")
    assert printkit.strategiya.lookup(["forest", "resources", "3"], keys=[key], ascii_only=True).lines("en") != (
        answer.lines("en")
    )


def test_the_namespace_holds_the_questions_and_the_flat_names_are_gone() -> None:
    assert "strategiya" in dir(printkit)
    for name in ("fight", "hide", "lookup", "escape"):
        function = getattr(printkit.strategiya, name)
        assert function is getattr(questions, name) and declared(function).name == name
        assert not hasattr(printkit, name)


def test_a_python_caller_is_checked_as_the_command_line_is(workdir: Path) -> None:
    with pytest.raises(RefusedValue) as refused:
        printkit.strategiya.hide([3, "2"], [5])  # type: ignore[list-item]
    assert refused.value.key == "cl_not_whole"
    with pytest.raises(RefusedValue) as refused:
        printkit.strategiya.escape(13)
    assert refused.value.key == "cl_out_of_range"
    with pytest.raises(RefusedValue) as refused:
        printkit.strategiya.hide([1] * 25, [1])
    assert (refused.value.key, refused.value.say("en")) == ("rf_e_hide_many", "--hiders: at most 24 heroes a side")
    with pytest.raises(RefusedValue) as refused:
        printkit.strategiya.fight(heroes=("1", "4"))
    assert refused.value.key == "rf_e_heroes"
    with pytest.raises(Refused) as said:
        printkit.strategiya.lookup(["resources", "sky", "3"], keys=[example_key(workdir)])
    assert said.value.key == "rf_e_terrain" and not isinstance(said.value, RefusedValue)


def test_a_wrong_word_shows_the_usage_a_refusal_by_the_key_or_config_does_not(workdir: Path) -> None:
    key = str(example_key(workdir))
    number = run("referee", "lookup", "--key", key, "resources", "forest", "x")
    assert number.exit_code == 2 and number.output.startswith("Использование: ")
    assert "неверное значение «NUMBER»: «x» — не целое число (1<=x<=999)" in number.output
    terrain = run("referee", "lookup", "--key", key, "resources", "sky", "3")
    assert terrain.exit_code == 2 and terrain.output.startswith("printkit: ошибка: неизвестная местность «sky»")
    marker = run("referee", "fight", "--config", HEROES, "--heroes", "1", "Q", "--lang", "en")
    # issue 34: heroes go by name too, so the refusal lists both
    assert marker.output == (
        "printkit: error: no hero 'Q' in the config (by name or by marker); heroes: Гром\n"
        "  (1), Ветер (2), Искра (3), Тень (4)\n"
    )
    wound = run("referee", "fight", "--lives", "2", "2", "--damage", "0", "0", "--lang", "en")
    assert wound.exit_code == 2 and wound.output.startswith("Usage: ") and "neither side can wound" in wound.output


def test_a_key_and_a_config_of_two_games_are_refused(workdir: Path) -> None:
    key = str(example_key(workdir))
    result = run("referee", "lookup", "--key", key, "--config", EXAMPLES / "vs-2025.yaml", "resources", "forest", "3")
    assert result.exit_code == 2 and "ключ — для игры strategiya, а конфиг — для vs-2025" in result.output


@pytest.mark.rule("strategiya.battle.damage")
def test_a_dragons_note_is_said_in_the_answers_language(tmp_path: Path) -> None:
    body = "game: strategiya\nplayers:\n" + "".join(
        f"  - name: P{n}\n    heroes:\n      - {{name: H{n}, strength: 5, intellect: 10, animals: [{animal}]}}\n"
        for n, animal in ((1, "dragon"), (2, "horse"))
    )
    config = write(tmp_path / "dragon.yaml", body)
    answer = printkit.strategiya.fight(config=config, heroes=("1", "А"))
    assert answer.a.damage == 10
    assert "H1's dragon: damage ×2 is in" in " ".join(shown(answer, "en").split())
    assert "дракон H1: урон ×2 учтён" in " ".join(shown(answer, "ru").split())
    asked_both_ways(answer, "fight", "--config", str(config), "--heroes", "1", "А")


@pytest.mark.rule("strategiya.flight.dragon")
def test_a_dragon_below_intellect_10_neither_fights_nor_flies(tmp_path: Path) -> None:
    # «Покупки животных»: a hero with intellect under 10 cannot command a dragon.
    body = ("game: strategiya\nplayers:\n  - name: P1\n    heroes:\n"
            "      - {name: Low, strength: 5, intellect: 5, animals: [dragon]}\n"
            "      - {name: Tamer, strength: 5, intellect: 5, animals: [dragon], tamed: [dragon]}\n"
            "  - name: P2\n    heroes:\n      - {name: Foe, strength: 5}\n")  # fmt: skip
    config = write(tmp_path / "low.yaml", body)
    answer = printkit.strategiya.fight(config=config, heroes=("1", "А"))
    assert answer.a.damage == 5
    assert "Low cannot command the Dragon: it needs intellect 10, the hero has 5" in " ".join(
        shown(answer, "en").split()
    )
    assert printkit.strategiya.fight(config=config, heroes=("2", "А")).a.damage == 10
    plain = write(tmp_path / "m.yaml", "game: strategiya\nrows: [PPPPPPPPPPPP, PPPPPPPPPPPP]\n")
    walked = printkit.reach(plain, "A1", config=config, hero="1")
    flown = printkit.reach(plain, "A1", config=config, hero="2")
    assert "D1" in walked.reachable and "H1" not in walked.reachable  # walks 3 cells of plain
    assert "H1" in flown.reachable  # flies 7
    assert "не слушается героя Low" in " ".join(shown(walked, "ru").split())


@pytest.mark.rule("strategiya.mining.time", "strategiya.building.speed", "strategiya.stats.strength")
def test_work_time_per_hero_and_together_against_the_rules_written_apart() -> None:
    from . import naive

    # «Сила»: strength 10 on iron ore (30 days) finishes in 3 turns; «Строительство»: a 2-cell bridge
    # (10 days) built by strengths 3 and 2 takes 2 turns.
    assert printkit.strategiya.work(resource=("горы", "1"), strength=[10]).workers[0].turns == 3
    bridge = printkit.strategiya.work(building="мост", cells=2, strength=[3, 2])
    assert bridge.days == 10 and bridge.together is not None and bridge.together.turns == 2
    rng = __import__("random").Random(31)
    for _ in range(200):
        days, strengths = rng.randint(1, 120), [rng.randint(0, 12) for _ in range(rng.randint(1, 4))]
        tools = rng.random() < 0.3
        answer = printkit.strategiya.work(days=days, strength=strengths, tools=tools)
        given = [s + 3 * tools for s in strengths]
        assert [w.turns for w in answer.workers] == [naive.work_turns(days, [s]) for s in given]
        if len(given) > 1:
            assert answer.together is not None and answer.together.turns == naive.work_turns(days, given)
    stuck = printkit.strategiya.work(days=10, strength=[0])
    assert stuck.workers[0].turns is None and "strength 0 moves no work on" in " ".join(shown(stuck, "en").split())
    asked_both_ways(bridge, "work", "--building", "мост", "--cells", "2", "--strength", "3", "2", figures=r"\d+")
    heroes = printkit.strategiya.work(days=45, config=HEROES, heroes=["1", "2"])
    assert [w.strength for w in heroes.workers] == [9, 0]
    with pytest.raises(RefusedValue):
        printkit.strategiya.work(days=5, resource=("лес", "1"), strength=[1])
    with pytest.raises(RefusedValue):
        printkit.strategiya.work(resource=("вода", "8"), strength=[1])  # endless fishing has no days
