"""The VS referee's questions are declared once: printkit.vs answers what the command line prints, in
Russian and English from one record, and as the same JSON; a Python caller's values are checked too."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import printkit
from printkit.labels import Refused
from printkit.questions import as_json, declared, text_lines

from ..conftest import EXAMPLES, run

MAP = str(EXAMPLES / "vs-map.yaml")

# (the question asked from Python, the same question on the command line)
ASKED: list[tuple[Callable[[], Any], list[str]]] = [
    (lambda: printkit.vs.orders("A+ F D", "D D A"),
     ["orders", "A+ F D", "D D A"]),
    (lambda: printkit.vs.orders("A+ F D", "D D A", relays=["D F / D"]),
     ["orders", "A+ F D", "D D A", "--relay", "D F / D"]),
    (lambda: printkit.vs.orders(mix=True, advantage="a"),
     ["orders", "--mix", "--advantage", "a"]),
    (lambda: printkit.vs.battle("knights", "knights@castle", play="random"),
     ["battle", "knights", "knights@castle", "--play", "random"]),
    (lambda: printkit.vs.spell("storm", roll=True, seed="r"),
     ["spell", "storm", "--roll", "--seed", "r"]),
    (lambda: printkit.vs.mine(edition="vs-2003", roll=True, seed="turn-14"),
     ["mine", "--edition", "vs-2003", "--roll", "--seed", "turn-14"]),
    (lambda: printkit.vs.income(lands="12 8", mines="1 3", troops="knights elves", personal="knights", cash=130),
     ["income", "--lands", "12 8", "--mines", "1 3", "--troops", "knights elves", "--personal", "knights",
      "--cash", "130"]),
    (lambda: printkit.vs.income(MAP, player="Север", personal="knights", cash=40),
     ["income", MAP, "--player", "Север", "--personal", "knights", "--cash", "40"]),
    (lambda: printkit.vs.cost(edition="vs-2003"),
     ["cost", "--edition", "vs-2003"]),
    (lambda: printkit.vs.cost(["mine-1", "mine-3"]),
     ["cost", "mine-1", "mine-3"]),
    (lambda: printkit.vs.cost(hire="castle", terrain="лес"),
     ["cost", "--hire", "castle", "--terrain", "лес"]),
    (lambda: printkit.vs.cost(transfer=37, tax_on_top=True),
     ["cost", "--transfer", "37", "--tax-on-top"]),
    (lambda: printkit.vs.prize(["zombie:3", "dragon", "knights+@personal"], edition="vs-2003"),
     ["prize", "zombie:3", "dragon", "knights+@personal", "--edition", "vs-2003"]),
    (lambda: printkit.vs.rebellion(4, together=True, roll=True, seed="year-9"),
     ["rebellion", "4", "--together", "--roll", "--seed", "year-9"]),
    (lambda: printkit.vs.leader_escape(income=47, roll=True, seed="year-3"),
     ["leader-escape", "--income", "47", "--roll", "--seed", "year-3"]),
]  # fmt: skip


def said(answer: Any, lang: str) -> str:
    """An answer's text as a terminal of 80 columns shows it."""
    return "".join(f"{line}\n" for line in text_lines(answer, lang))


def printed(args: list[str]) -> str:
    result = run("referee", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(("ask", "args"), ASKED, ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_python_and_the_command_line_give_one_answer(ask: Callable[[], Any], args: list[str]) -> None:
    answer = ask()
    ru, en = said(answer, "ru"), said(answer, "en")
    assert printed(args) == ru and printed([*args, "--lang", "en"]) == en
    for lang in ("ru", "en"):  # the JSON's words (a spell's outcomes) follow --lang; its keys stay English
        asked = json.loads(printed([*args, "--json", "--lang", lang]))
        assert asked == json.loads(json.dumps(as_json(answer, lang), ensure_ascii=False))
    # One record in two languages: other words, the same figures.
    assert ru != en
    fractions = re.compile(r"\d+/\d+")
    assert sorted(fractions.findall(ru)) == sorted(fractions.findall(en))
    assert max(len(line) for line in (ru + en).splitlines()) <= 80


def test_the_namespace_offers_every_question_of_the_registry() -> None:
    from printkit.game import game

    for name, target in game("vs").questions["referee"].items():
        function = getattr(printkit.vs, target.rsplit(":", 1)[1])
        assert declared(function).name == name and function.__doc__ and ">>>" in function.__doc__


def test_a_python_caller_is_checked_as_the_command_line_is() -> None:
    with pytest.raises(Refused) as no_cards:
        printkit.vs.orders()
    assert no_cards.value.key == "rf_no_cards"
    with pytest.raises(Refused) as play:
        printkit.vs.battle("knights", "knights", play="best")
    assert "best" in play.value.say("en") and "optimal" in play.value.say("en")
    with pytest.raises(Refused):
        printkit.vs.rebellion(201)
    with pytest.raises(Refused):
        printkit.vs.leader_escape(edition="vs-2025", income=10)
    with pytest.raises(Refused) as numbers:
        printkit.vs.income(lands="x")
    assert numbers.value.say("ru") == '--lands и --mines — целые числа, например "12 8"'


def test_the_price_table_has_its_json_too() -> None:
    table = json.loads(printed(["cost", "--edition", "vs-2003", "--json"]))
    castle = next(b for b in table["buildings"] if b["building"] == "castle")
    assert castle == {"building": "castle", "coins": castle["coins"], "from": "manor", "step": 25}
    assert [m["deepen"] for m in table["mines"]] == [10, 10, 10, 10] and table["mine_chance"] == "1/2"
    assert table["bridge"] == 10 and "transport" in table
    assert "transport" not in json.loads(printed(["cost", "--json"]))
