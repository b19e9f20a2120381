"""Referee pictures: the map marks the answer's cells, dice and bars add up, battles show every unit, all escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from printkit.game import games, resolve
from printkit.maps.picture import MOST
from printkit.questions import Question, declared
from printkit.web.pictures import picture

from .conftest import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"


def question_of(name: str) -> Question:
    """A referee question by name, found as the command line finds it: the shared ones, then the games'."""
    if name in ("reach", "route"):
        made: Question = resolve(f"printkit.maps.moves:{name}_question")()
        return made
    shared = {"roll": "printkit.dice.questions:roll", "odds": "printkit.dice.questions:odds"}
    target = shared.get(name) or next(
        g.questions["referee"][name] for g in games() if name in g.questions.get("referee", {})
    )
    return declared(resolve(target))


def link(values: Mapping[str, str]) -> str:
    return "/q?" + "&".join(f"{k}={v}" for k, v in sorted(values.items()))


def drawn(question: str, values: Mapping[str, Any], lang: str = "en", ask: bool = True) -> tuple[Any, ET.Element]:
    """The answer (None when not asked) and the picture, parsed as XML: it must be well-formed."""
    answer = question_of(question).ask(values, lang) if ask else None
    found = picture(question, values, answer, lang, link)
    assert isinstance(found, Markup)
    text = str(found)
    assert "style=" not in text and "<script" not in text.lower()
    return answer, ET.fromstring(f"<root>{text}</root>")


def marked(tree: ET.Element, cls: str) -> list[ET.Element]:
    """Every element with a data-cell whose classes include cls, in document order."""
    return [e for e in tree.iter() if "data-cell" in e.attrib and cls in e.get("class", "").split()]


# ---- the map -----------------------------------------------------------------------------------------------

REACHES = [
    {"map_file": EXAMPLES / "map.yaml", "start": "C4", "speed": 2},
    {"map_file": EXAMPLES / "map.yaml", "start": "C4", "speed": 1, "turns": 3},
    {"map_file": EXAMPLES / "vs-map.yaml", "start": "C3", "troop": "elves", "player": "Север"},
    {"map_file": EXAMPLES / "vs-map.yaml", "start": "C3", "troop": "elves", "player": "Север", "turns": 2},
]


@pytest.mark.parametrize("values", REACHES, ids=["speed-2", "three-turns", "vs-elves", "vs-two-turns"])
def test_the_map_lights_up_exactly_the_cells_reach_answers(values: dict[str, Any]) -> None:
    """issue 34: the tap map shows the same cells as `referee reach`, each with its first turn."""
    answer, tree = drawn("reach", values)
    reach = {e.get("data-cell"): int(e.get("data-turn", "0")) for e in marked(tree, "reach")}
    assert reach == answer.reachable
    assert [e.get("data-cell") for e in marked(tree, "start")] == [values["start"]]
    assert len({e.get("data-cell") for e in tree.iter() if "data-cell" in e.attrib}) == (
        answer.game_map.width * answer.game_map.height
    )


def test_a_tap_on_a_cell_asks_reach_from_it() -> None:
    """issue 34: without JavaScript, each cell is a link to the page asked from that cell."""
    _, tree = drawn("reach", {"map_file": EXAMPLES / "map.yaml", "start": "C4", "speed": 2})
    links = {a.find(f"{SVG}rect[@data-cell]").get("data-cell"): a.get("href") for a in tree.iter(f"{SVG}a")}  # type: ignore[union-attr]
    assert links["H9"] == link({"start": "H9"}) and len(links) == 12 * 9


def test_the_question_page_draws_the_map_before_asking() -> None:
    _, tree = drawn("reach", {"map_file": EXAMPLES / "map.yaml", "start": "B2"}, ask=False)
    assert [e.get("data-cell") for e in marked(tree, "start")] == ["B2"]
    assert not marked(tree, "reach")


@pytest.mark.parametrize(
    "values",
    [
        {"map_file": EXAMPLES / "map.yaml", "start": "A1", "goal": "L9", "speed": 1},
        {"map_file": EXAMPLES / "vs-map.yaml", "start": "C3", "goal": "K8", "troop": "elves", "player": "Север"},
    ],
    ids=["strategiya", "vs"],
)
def test_the_route_is_drawn_cell_by_cell_in_order(values: dict[str, Any]) -> None:
    """issue 34: the route lights up in the order the answer gives, numbered from the start."""
    answer, tree = drawn("route", values)
    steps = sorted(marked(tree, "route"), key=lambda e: int(e.get("data-step", "0")))
    expected = [c for n, leg in enumerate(answer.legs) for c in (leg if n == 0 else leg[1:])][1:]
    assert [e.get("data-cell") for e in steps] == expected
    assert [int(e.get("data-step", "0")) for e in steps] == list(range(1, len(expected) + 1))
    turns = [int(e.get("data-turn", "0")) for e in steps]
    assert turns == sorted(turns) and turns[-1] == answer.turns
    assert [e.get("data-cell") for e in marked(tree, "goal")] == [values["goal"]]


def test_a_route_tap_picks_the_goal_once_a_start_is_chosen() -> None:
    """issue 34: two taps ask a route: the first picks the start, the second the goal."""
    _, chosen = drawn("route", {"map_file": EXAMPLES / "map.yaml", "start": "C4"}, ask=False)
    _, answered = drawn("route", {"map_file": EXAMPLES / "map.yaml", "start": "A1", "goal": "C3", "speed": 1})
    for tree, expected in ((chosen, link({"goal": "H9"})), (answered, link({"start": "H9", "goal": ""}))):
        hrefs = [a.get("href") for a in tree.iter(f"{SVG}a") if a.find(f"{SVG}rect[@data-cell='H9']") is not None]
        assert hrefs == [expected]


def test_every_text_of_a_map_file_is_escaped(tmp_path: Path) -> None:
    """issue 34: an object's name from a user's map reaches the page as text, never as markup."""
    hostile = "<script>alert(1)</script>"
    path = tmp_path / "map.yaml"
    objects = f"  - {{at: B2, kind: town, name: '{hostile}'}}\n  - {{at: C3, kind: town, name: '\" onclick=\"x'}}\n"
    path.write_text(f"game: strategiya\nrows:\n  - PPPP\n  - PPFF\n  - PPPP\nobjects:\n{objects}", "utf-8")
    for question, values in (
        ("reach", {"start": "A1", "speed": 1}),
        ("route", {"start": "A1", "goal": "D3", "speed": 1}),
    ):
        answer = question_of(question).ask({"map_file": path, **values}, "en")
        text = str(picture(question, {"map_file": path, **values}, answer, "en", link))
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and hostile not in text
        assert 'onclick="' not in text
        titles = [t.text or "" for t in ET.fromstring(f"<root>{text}</root>").iter(f"{SVG}title")]
        assert any(hostile in t for t in titles)  # the name is there, as text


def test_a_large_map_shows_a_window_around_the_answer(tmp_path: Path) -> None:
    """issue 34: a 60×60 map is not drawn whole on a phone: at most MOST cells a side, around the
    start, with every reachable cell inside it marked."""
    from printkit.maps.questions import random_map

    path = tmp_path / "big.yaml"
    path.write_text(random_map("60x60", seed="window").yaml, "utf-8")
    answer, tree = drawn("reach", {"map_file": path, "start": "AX30", "speed": 2})
    cells = {e.get("data-cell") for e in tree.iter() if "data-cell" in e.attrib}
    assert len(cells) == MOST * MOST and "AX30" in cells
    assert answer.count and {e.get("data-cell") for e in marked(tree, "reach")} == set(answer.reachable) & cells


# ---- dice -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("notation", ["2d6+1", "4d6kh3", "5d10cs>=7", "3dF+d%", "6d6r<3 + 3d6x >= 25", "2d20kl1 - d4"])
def test_a_roll_shows_a_face_for_every_die_rolled(notation: str) -> None:
    """issue 34: each die rolled is one die on the page, its faces those it rolled."""
    answer, tree = drawn("roll", {"notation": notation, "seed": "faces"})
    dice = [e for e in tree.iter() if "data-die" in e.attrib]
    rolled = [d for g in answer.roll.groups for d in g.dice]
    assert len(dice) == len(rolled)
    for element, die in zip(dice, rolled, strict=True):
        assert [int(f.get("data-face", "")) for f in element.iter() if "data-face" in f.attrib] == list(die.faces)
        assert ("dropped" in element.get("class", "").split()) == (not die.kept)
    # The total is the answer's line beside the picture (issue 40: the page says it once); a group's
    # own sum shows only where the roll has several groups.
    sums = [e.text for e in tree.iter() if "pk-group-result" in e.get("class", "").split()]
    several = len(answer.roll.groups) > 1
    assert sums == ([f"= {g.result}" for g in answer.roll.groups] if several else [])


@pytest.mark.parametrize("notation", ["2d6+1>=8", "3d6 >= 2d6+2", "10d20 >= 120", "4d6kh3", "d20 < 3+4", "100d100"])
def test_the_odds_bars_add_up_and_mark_what_was_asked(notation: str) -> None:
    """issue 34: the chart's bars hold the whole distribution (exactly 1) and the marked part of them
    is exactly the answer's chance; a wide distribution is grouped into few enough bars for a phone."""
    answer, tree = drawn("odds", {"notation": notation})
    bars = [e for e in tree.iter() if "data-p" in e.attrib]
    assert sum(Fraction(b.get("data-p", "")) for b in bars) == 1
    assert sum(Fraction(b.get("data-hit", "")) for b in bars) == (answer.chance or 0)
    assert 1 <= len(bars) <= 40
    if answer.chance is not None:
        assert f"({answer.chance.numerator * 100 / answer.chance.denominator:.2f} %)" in "".join(tree.itertext())


# ---- the games' own pictures -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "values",
    [
        {"attackers": "knights elves+", "defenders": "orcs zombie:3"},
        {"attackers": "knights", "defenders": "knights@castle"},
        {"attackers": "dragon elves", "defenders": "elves@ship", "play": "random"},
    ],
    ids=["field", "castle", "ship"],
)
def test_a_battle_shows_every_unit_of_each_side_in_order(values: dict[str, Any]) -> None:
    """issue 34: the two sides as columns of cards, every troop in laying order, the likeliest ending marked."""
    answer, tree = drawn("battle", values, "ru")
    sides = {
        e.get("class", "").split()[1]: [u.get("data-unit") for u in e if "data-unit" in u.attrib]
        for e in tree.iter("ol")
        if "pk-side" in e.get("class", "")
    }
    assert sides == {"attackers": [u.key for u in answer.attackers], "defenders": [u.key for u in answer.defenders]}
    laid = [e.get("class", "").split() for e in tree.iter("li") if "squad" in e.get("class", "").split()]
    assert sum("attacker" in c for c in laid) == sum(u.squads for u in answer.attackers)
    assert sum("defender" in c for c in laid) == sum(u.squads for u in answer.defenders)
    endings = {e.get("data-ending"): e for e in tree.iter("tr") if "data-ending" in e.attrib}
    odds = answer.random or answer.optimal
    best = max(endings, key=lambda w: odds.winner(w))
    assert [w for w, e in endings.items() if "best" in e.get("class", "")] == [best]


@pytest.mark.parametrize(
    ("attackers", "defenders", "relays"),
    [("A+ F D A", "D F A", ()), ("A A A A", "D D D F F F", ()), ("A F D A", "F D", ("keep",))],
)
def test_orders_lay_every_card_of_every_round(attackers: str, defenders: str, relays: tuple[str, ...]) -> None:
    """issue 34: each round's cards in their columns as laid; the ones that leave are struck."""
    answer, tree = drawn("orders", {"attackers": attackers, "defenders": defenders, "relays": relays})
    rounds = [e for e in tree.iter("section") if "pk-round" in e.get("class", "")]
    assert len(rounds) == len(answer.battle.rounds)
    for element, rnd in zip(rounds, answer.battle.rounds, strict=True):
        cards = [c for c in element.iter("li") if "data-card" in c.attrib]
        assert sorted(c.get("data-card", "") for c in cards) == sorted(c.label() for c in rnd.attackers + rnd.defenders)
        gone = sum("gone" in c.get("class", "").split() for c in cards)
        assert gone == len(rnd.attackers) + len(rnd.defenders) - len(rnd.attackers_left) - len(rnd.defenders_left)
    winners = [e.get("data-winner") for e in tree.iter() if "data-winner" in e.attrib]
    assert winners == ([answer.battle.winner] if answer.battle.winner else [])


def test_stratego_moves_mark_the_moves_and_attacks_the_answer_gives() -> None:
    answer, tree = drawn("moves", {"position_file": EXAMPLES / "stratego-position.txt", "start": "b4"})
    assert {e.get("data-cell") for e in marked(tree, "move")} == set(answer.moves)
    assert {e.get("data-cell") for e in marked(tree, "attack")} == set(answer.attacks)
    assert [e.get("data-cell") for e in marked(tree, "start")] == ["b4"]


@pytest.mark.parametrize(
    "values",
    [
        {"start": "A1", "points": 4},
        {"start": "A2", "points": 6, "bull_rush": True},
        {"enter": True, "side": "red", "points": 5, "bull_rush": True},
    ],
    ids=["from-a1", "bull-rush", "entering"],
)
def test_tannhauser_paths_mark_the_circles_the_answer_gives(values: dict[str, Any]) -> None:
    """issue 34: the path graph's circles a move may end on carry their points; a Bull Rush's apart."""
    answer, tree = drawn("paths", {"graph_file": EXAMPLES / "tannhauser-paths.yaml", **values})
    circles = [e for e in tree.iter() if "data-circle" in e.attrib]
    assert len(circles) == len({c.get("data-circle") for c in circles}) == 11
    reach = {
        e.get("data-circle"): int(e.get("data-points", "")) for e in circles if "reach" in e.get("class", "").split()
    }
    assert reach == answer.reachable
    rushed = {
        e.get("data-circle"): int(e.get("data-rush", "")) for e in circles if "rush" in e.get("class", "").split()
    }
    assert rushed == {c: p for c, (p, _) in (answer.rushed or {}).items()}


@pytest.mark.parametrize(
    ("question", "values"), [("pool", {"dice": 6, "difficulty": 4}), ("duel", {"initiator": 5, "defender": 4})]
)
def test_tannhauser_dice_bars_add_up(question: str, values: dict[str, Any]) -> None:
    _, tree = drawn(question, values, "ru")
    assert sum(Fraction(b.get("data-p", "")) for b in tree.iter() if "data-p" in b.attrib) == 1


def test_a_question_without_a_picture_has_none() -> None:
    assert picture("income", {}, None, "en", link) is None
    assert picture("roll", {"notation": "2d6"}, None, "en", link) is None
    assert picture("reach", {}, None, "en", link) is None


EVERY = [
    ("reach", {"map_file": EXAMPLES / "vs-map.yaml", "start": "C3", "troop": "elves", "player": "Север"}),
    ("route", {"map_file": EXAMPLES / "map.yaml", "start": "A1", "goal": "K7", "speed": 1}),
    ("roll", {"notation": "4d6kh3 + 2d8 + 1 >= 12", "seed": "both"}),
    ("odds", {"notation": "3d6 >= 2d6+2"}),
    ("battle", {"attackers": "knights", "defenders": "knights@castle"}),
    ("orders", {"attackers": "A+ F D", "defenders": "D D A", "relays": ("D F / D",)}),
    ("orders", {"mix": True, "advantage": "a"}),
    ("moves", {"position_file": EXAMPLES / "stratego-position.txt", "start": "e4"}),
    ("paths", {"graph_file": EXAMPLES / "tannhauser-paths.yaml", "start": "A2", "points": 6, "bull_rush": True}),
    ("pool", {"dice": 4, "difficulty": 7, "bonus": 1}),
    ("duel", {"initiator": 3, "defender": 3}),
]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("question", "values"), EVERY, ids=[f"{q}-{n}" for n, (q, _) in enumerate(EVERY)])
def test_every_picture_is_well_formed_in_both_languages(question: str, values: dict[str, Any], lang: str) -> None:
    """issue 34: each picture parses as XML, has no style attribute and no script (drawn() checks),
    and says its words in the page's language only."""
    _, tree = drawn(question, values, lang)
    text = "".join(tree.itertext())
    other = {"ru": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "en": "абвгдежзийклмнопрстуфхцчшщъыьэюя"}[lang]
    words = [w for w in text.split() if len(w) > 3 and w.isalpha() and set(w.lower()) & set(other.lower())]
    names = {"Север", "Юг", "Лесной", "замок", "Крепость", "песков"}  # the example map's own names
    assert not [w for w in words if w not in names], words
