"""Tannhäuser's declared questions: the Python API and the command line give one answer, in either language."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import printkit
from printkit.labels import Refused
from printkit.questions import as_json, declared, text_lines

from ..conftest import EXAMPLES, run

PATHS = EXAMPLES / "tannhauser-paths.yaml"


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)


def printed(answer: Any, lang: str) -> str:
    """An answer's text as a terminal of 80 columns shows it."""
    return "".join(f"{line}\n" for line in text_lines(answer, lang))


def unwrapped(text: str) -> str:
    """A text's characters but its white space, whatever lines a terminal of 80 columns broke it into:
    at spaces, and inside a word longer than a line (a path to a file of a deep checkout)."""
    return "".join(text.split())


def test_the_namespace_offers_the_declared_questions() -> None:
    t = printkit.tannhauser
    assert [declared(f).name for f in (t.pool, t.duel, t.paths)] == ["pool", "duel", "paths"]
    assert not hasattr(printkit, "pool") and not hasattr(printkit, "duel")


def flags_of(given: dict[str, object]) -> list[str]:
    """A question's keyword arguments as its command line spells them."""
    out: list[str] = []
    for name, value in given.items():
        flag = "--from" if name == "start" else "--" + name.replace("_", "-")
        out += [flag] if value is True else [flag, str(value)]
    return out


@pytest.mark.parametrize(
    "given",
    [{"difficulty": 6}, {"difficulty": 7, "penalty": 1}, {"difficulty": 11, "bonus": 2},
     {"difficulty": 1, "penalty": 1, "natural_one_stays": True},
     {"difficulty": 1, "bonus": 2, "penalty": 1, "net": True}],
)  # fmt: skip
def test_a_pool_is_one_answer_in_python_and_at_the_command_line(given: dict[str, int]) -> None:
    answer = printkit.tannhauser.pool(4, **given)
    assert printkit.tannhauser.pool("4d10", **given) == printkit.tannhauser.pool("4к10", **given) == answer
    assert as_json(answer, "en") == json.loads(run("referee", "pool", "4", *flags_of(given), "--json").output)
    for lang in ("ru", "en"):
        assert run("referee", "pool", "4d10", *flags_of(given), "--lang", lang).output == printed(answer, lang)
    assert sum(answer.successes.values()) == 1


def test_a_pool_says_the_same_figures_in_both_languages() -> None:
    answer = printkit.tannhauser.pool(2, 1, penalty=1)
    assert answer.per_die == Fraction(9, 10)
    ru, en = printed(answer, "ru"), printed(answer, "en")
    assert ru != en
    for figure in ("9/10 (90.00 %)", "81.00 %", "1 (100.00 %)"):
        assert figure in ru and figure in en


def test_a_python_caller_is_refused_in_the_same_words() -> None:
    for dice in (31, "31", "4d6"):
        with pytest.raises(Refused) as info:
            printkit.tannhauser.pool(dice, 6)
        refused = run("referee", "pool", str(dice), "--difficulty", "6")
        assert unwrapped(info.value.say("ru")) in unwrapped(refused.output)
    with pytest.raises(Refused):
        printkit.tannhauser.pool(True, 6)  # a flag is no number of dice
    with pytest.raises(Refused):
        printkit.tannhauser.duel(31, 4)
    with pytest.raises(Refused) as info:
        printkit.tannhauser.paths(PATHS, start="Q9", points=3)
    result = run("referee", "paths", PATHS, "--from", "Q9", "--points", "3", "--lang", "en")
    # The refusal names the file by its absolute path, so where it wraps depends on the checkout's folder.
    assert result.exit_code == 2 and unwrapped(info.value.say("en")) in unwrapped(result.output)


def test_a_duel_is_one_answer_in_python_and_at_the_command_line() -> None:
    answer = printkit.tannhauser.duel(5, 4)
    assert answer.attacker_wins + answer.defender_wins == 1 and answer.ties < answer.defender_wins
    assert as_json(answer, "ru") == json.loads(run("referee", "duel", "5", "4", "--json").output)
    ru, en = printed(answer, "ru"), printed(answer, "en")
    assert (
        run("referee", "duel", "5", "4").output == ru and run("referee", "duel", "5", "4", "--lang", "en").output == en
    )
    for figure in ("8349803/12500000 (66.80 %)", "33.20 %", "20.35 %"):
        assert figure in ru and figure in en


@pytest.mark.parametrize(
    "given",
    [{"start": "A1", "points": 6, "bull_rush": True}, {"enter": True, "side": "red", "points": 6},
     {"enter": True, "side": "blue", "points": 5, "bull_rush": True, "line_cost_one": True},
     {"start": "a1", "points": 0}],
)  # fmt: skip
def test_paths_are_one_answer_in_python_and_at_the_command_line(given: dict[str, object]) -> None:
    answer = printkit.tannhauser.paths(PATHS, **given)  # type: ignore[arg-type]
    flags = flags_of(given)
    assert as_json(answer, "en") == json.loads(run("referee", "paths", PATHS, *flags, "--json").output)
    ru, en = printed(answer, "ru"), printed(answer, "en")
    assert run("referee", "paths", PATHS, *flags).output == ru
    assert run("referee", "paths", PATHS, *flags, "--lang", "en").output == en
    assert ru != en
    for circle in answer.reachable:
        assert circle in ru and circle in en
