"""Stratego's declared questions: the Python API and the command line give one answer, in either language."""

from __future__ import annotations

import json
from typing import Any

import pytest

import printkit
from printkit.labels import Refused
from printkit.questions import as_json, declared, text_lines

from ..conftest import EXAMPLES, ROOT, run

SETUP = "BFB343B563/B3492625B4/728X176258/2264B75232"
POSITION = EXAMPLES / "stratego-position.txt"
ARCHIVE = ROOT / "tests" / "stratego" / "data" / "gravon" / "duell-2014.4-387.xml"


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)


def printed(answer: Any, lang: str) -> str:
    """An answer's text as a terminal of 80 columns shows it."""
    return "".join(f"{line}\n" for line in text_lines(answer, lang))


def test_the_namespace_offers_the_declared_questions() -> None:
    stratego = printkit.stratego
    assert {declared(f).name for f in (stratego.attack, stratego.moves)} == {"stratego", "moves"}
    assert [declared(f).name for f in (stratego.check_setup, stratego.random_setup, stratego.convert)] == [
        "check", "random", "convert"
    ]  # fmt: skip
    assert not hasattr(printkit, "stratego_attack") and not hasattr(printkit, "check_setup")


@pytest.mark.parametrize(("attacker", "defender"), [("3", "B"), ("1", "10"), ("сапёр", "мина"), ("X", "F"), ("4", "4")])
def test_an_attack_is_one_answer_in_python_and_at_the_command_line(attacker: str, defender: str) -> None:
    for original in (False, True):
        flags = ["--original-bombs"] if original else []
        answer = printkit.stratego.attack(attacker, defender, original_bombs=original)
        data = json.loads(run("referee", "stratego", attacker, defender, *flags, "--json").output)
        assert as_json(answer, "en") == data == {"winner": answer.winner, "bomb_removed": answer.bomb_removed,
                                                 "game_over": answer.game_over}  # fmt: skip
        for lang in ("ru", "en"):
            assert run("referee", "stratego", attacker, defender, *flags, "--lang", lang).output == printed(
                answer, lang
            )


def test_an_attack_says_the_same_outcome_in_both_languages() -> None:
    answer = printkit.stratego.attack("5", "B")
    ru, en = printed(answer, "ru"), printed(answer, "en")
    assert ru != en and ru.startswith("5 B: ") and en.startswith("5 B: ")
    assert "Мина побеждает" in ru and "Bomb wins" in en
    assert "мина снята" in ru and "bomb removed" in en


def test_a_python_caller_is_refused_in_the_same_words() -> None:
    with pytest.raises(Refused) as info:
        printkit.stratego.attack("B", "3")
    assert info.value.say("ru") in run("referee", "stratego", "B", "3").output
    assert info.value.say("en") in run("referee", "stratego", "B", "3", "--lang", "en").output
    with pytest.raises(Refused) as info:
        printkit.stratego.check_setup(SETUP, variant="giant")  # checked as the command line checks it
    assert str(info.value) == "'giant' is not one of battle, duel, barrage."
    assert info.value.say("ru") == "«giant» — не из списка: battle, duel, barrage"


@pytest.mark.parametrize("cell", ["b4", "j5", "e4", "a1"])
def test_moves_are_one_answer_in_python_and_at_the_command_line(cell: str) -> None:
    answer = printkit.stratego.moves(POSITION, cell)
    assert as_json(answer, "ru") == json.loads(run("referee", "moves", POSITION, "--from", cell, "--json").output)
    for lang in ("ru", "en"):
        assert run("referee", "moves", POSITION, "--from", cell, "--lang", lang).output == printed(answer, lang)
    ru, en = printed(answer, "ru"), printed(answer, "en")
    assert ru != en
    for target in answer.moves + answer.attacks:
        assert target in ru and target in en


@pytest.mark.parametrize(
    ("setup", "variant"),
    [(SETUP, None), (SETUP.replace("X", "9"), None), ("FB......../B.X.9...../...21...3./......2..3", None),
     ("FB......../B.X.9...../...21...3./......2..3", "battle"), ("BFB", None), (str(ARCHIVE), None)],
)  # fmt: skip
def test_a_check_is_one_answer_with_its_exit_code(setup: str, variant: str | None) -> None:
    answer = printkit.stratego.check_setup(setup, variant=variant)
    flags = ["--variant", variant] if variant else []
    for lang in ("ru", "en"):
        result = run("stratego", "check", setup, *flags, "--lang", lang)
        assert (result.exit_code, result.output) == (answer.exit_code, printed(answer, lang))
    assert json.loads(run("stratego", "check", setup, *flags, "--json", "--lang", "en").output) == as_json(answer, "en")
    assert answer.ok == (answer.exit_code == 0) == (answer.problems == [])


def test_a_check_says_the_same_problems_in_both_languages() -> None:
    answer = printkit.stratego.check_setup(SETUP.replace("X", "9"))
    assert not answer.ok and answer.exit_code == 1
    assert answer.problems[0] == "X (Marshal): 0 placed, 1 needed"
    ru, en = printed(answer, "ru").splitlines(), printed(answer, "en").splitlines()
    assert len(ru) == len(en) and ru != en
    for r, e in zip(ru, en, strict=True):
        assert [c for c in r if c.isdigit()] == [c for c in e if c.isdigit()], (r, e)
    board = printkit.stratego.check_setup(str(ARCHIVE))
    assert board.ok and board.variant == "duel" and board.gravon == "duell"
    assert {f.side for f in board.findings} == {"red", "blue"}


def test_a_random_setup_is_the_same_from_python_and_in_either_language() -> None:
    answer = printkit.stratego.random_setup(style="aggressive", seed="42")
    assert printkit.stratego.check_setup(answer.text).ok
    assert run("stratego", "random", "--seed", "42", "--style", "aggressive").output == answer.text + "\n"
    grid = printkit.stratego.random_setup(seed="7", variant="duel", grid=True)
    assert printed(grid, "ru") == printed(grid, "en") == run("stratego", "random", "--seed", "7", "--variant", "duel",
                                                              "--grid", "--lang", "en").output  # fmt: skip
    assert "--json" not in run("stratego", "random", "--help").output  # it prints a setup, nothing to structure


def test_a_conversion_is_one_answer_and_round_trips() -> None:
    field = printkit.stratego.convert(SETUP, "gravon", side="blue")
    assert run("stratego", "convert", SETUP, "--to", "gravon", "--side", "blue").output == printed(field, "ru")
    assert printkit.stratego.convert(field.texts[0], "setup40").texts == (SETUP,)
    both = printkit.stratego.convert(str(ARCHIVE), "grid")
    assert both.sides == ("red", "blue") and both.exit_code == 0
    for lang in ("ru", "en"):
        assert run("stratego", "convert", ARCHIVE, "--to", "grid", "--lang", lang).output == printed(both, lang)
    assert printed(both, "ru").startswith("красные:\n") and printed(both, "en").startswith("red:\n")
    refused = printkit.stratego.convert("BFB", "grid")
    assert refused.exit_code == 1 and refused.texts == ()
    result = run("stratego", "convert", "BFB", "--to", "grid", "--lang", "en")
    assert (result.exit_code, result.output) == (1, printed(refused, "en"))
