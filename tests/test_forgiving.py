"""Names as people type them at the table: any case, ё, the usual Russian forms and Cyrillic letters,
with "did you mean" for a near miss, in every game's referee commands."""

from __future__ import annotations

import json

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.model import stratego_of
from printkit.games.vs.model import vs_of
from printkit.games.vs.spells import find_spell
from printkit.suggest import closest, fold, forgiving_match, stem

from .conftest import EXAMPLES, run

V25 = vs_of(load_bundled("vs-2025"))
TERRAINS = [(t.name["ru"], t.id) for t in load_bundled("strategiya").terrains] + [
    (t.id, t.id) for t in load_bundled("strategiya").terrains
]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("горах", "mountain"), ("ГОРЫ", "mountain"), ("лесу", "forest"), ("Лесом", "forest"),
        ("болоте", "swamp"), ("равнине", "plain"), ("воде", "water"), ("смертельной зоне", "deathzone"),
        ("Смертельная  зона", "deathzone"), ("forests", "forest"), ("MOUNTAIN", "mountain"),
    ],
)  # fmt: skip
def test_terrains_in_any_case_and_russian_form(typed: str, meant: str) -> None:
    assert forgiving_match(typed, TERRAINS) == meant


def test_matching_refuses_what_it_cannot_tell_apart() -> None:
    # Endings worn off must not make two things one: then the word names neither.
    assert forgiving_match("стали", [("сталь", 1), ("стало", 2)]) is None
    assert forgiving_match("лесс", TERRAINS) is None  # a misspelling is no form of a word: did-you-mean
    assert forgiving_match("ле", [("лес", 1)]) is None  # a stem keeps three letters
    assert (fold("Ёлка  Зелёная"), stem("замка"), stem("замок")) == ("елка зеленая", "замк", "замк")


@pytest.mark.parametrize(
    ("typed", "names", "meant"),
    [
        ("forrest", ["mountain", "forest", "swamp"], "forest"),
        ("лесс", ["гора", "лес", "болото"], "лес"),
        ("strom", [s.id for s in V25.spells], "storm"),
        ("elfs", [t.id for t in V25.troops], "elves"),
        ("mrashal", ["Marshal", "General", "Spy"], "Marshal"),
        ("qqqq", ["forest", "swamp"], None),
    ],
)
def test_a_near_miss_finds_what_was_meant(typed: str, names: list[str], meant: str | None) -> None:
    assert closest(typed, names) == meant


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (("cost", "--hire", "castle", "--terrain", "forrest"), "(может быть, «forest»?)"),
        (("spell", "strom"), "(может быть, «Шторм»?)"),
        (("battle", "elfs", "knights"), "(может быть, «Эльфы»?)"),
        (("reach", str(EXAMPLES / "vs-map.yaml"), "--troop", "elfs", "--from", "C3"), "(может быть, «Эльфы»?)"),
        (("stratego", "маршалл", "3"), "(может быть, «Маршал»?)"),
        (("prize", "dragn"), "(может быть, «Дракон»?)"),
    ],
)
def test_the_referee_says_did_you_mean(args: tuple[str, ...], hint: str) -> None:
    ru = run("referee", *args)
    en = run("referee", *args, "--lang", "en")
    assert ru.exit_code == en.exit_code == 2
    assert hint in " ".join(ru.output.split()), ru.output
    assert "(did you mean '" in " ".join(en.output.split()), en.output


def answer(*args: str) -> object:
    result = run("referee", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_vs_troops_and_buildings_in_russian_forms() -> None:
    plain = answer("battle", "elves", "knights@castle")
    assert answer("battle", "ЭЛЬФЫ", "рыцари@замок") == plain
    assert answer("battle", "Эльфов", "Рыцарей@Замке") == plain
    russian, english = answer("prize", "рыцарей", "башню"), answer("prize", "knights", "tower")
    assert isinstance(russian, dict) and isinstance(english, dict)
    assert [i["what"] for i in russian["items"]] == ["рыцарей", "башню"]  # the answer repeats what was typed
    assert [i["coins"] for i in russian["items"]] == [i["coins"] for i in english["items"]] == ["50", "25"]
    assert russian["total"] == english["total"] == 75


def test_vs_spells_and_hiring_terrains_in_russian_forms() -> None:
    assert find_spell(V25, "шторма") is find_spell(V25, "storm") is find_spell(V25, "STORM")
    assert answer("cost", "--hire", "замок", "--terrain", "ЛЕСУ") == answer(
        "cost", "--hire", "castle", "--terrain", "forest"
    )


def test_vs_troops_on_the_map_in_russian_forms() -> None:
    path = str(EXAMPLES / "vs-map.yaml")
    assert answer("reach", path, "--troop", "ЭЛЬФАМИ", "--from", "C3") == answer(
        "reach", path, "--troop", "elves", "--from", "C3"
    )


def test_stratego_pieces_as_numbers_names_and_cases() -> None:
    ranks = stratego_of(load_bundled("stratego")).ranks
    marshal = next(r for r in ranks if r.symbol == "X")
    ru = run("referee", "stratego", "10", "9").output
    assert ru == run("referee", "stratego", "X", "9").output == run("referee", "stratego", "маршал", "генерала").output
    assert ru.startswith("X 9: ") and marshal.name["ru"] in ru
    assert run("referee", "stratego", "шпион", "10").output.startswith("1 X: ")


def test_cyrillic_order_letters_and_russian_dice() -> None:
    assert answer("orders", "А+ О З", "З З А") == answer("orders", "A+ F D", "D D A")
    assert answer("odds", "2к6+1") == answer("odds", "2d6+1")
    assert answer("odds", "к%") == answer("odds", "d%")


def test_tannhauser_circles_in_any_case() -> None:
    path = str(EXAMPLES / "tannhauser-paths.yaml")
    upper = run("referee", "paths", path, "--from", "A1", "--points", "3")
    assert (
        upper.exit_code == 0 and run("referee", "paths", path, "--from", "a1", "--points", "3").output == upper.output
    )


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("туман", "sleep-fog"), ("сонный туман", "sleep-fog"), ("освобождение", "release"), ("подъём", "raise-zombies"),
     ("зомби", "raise-zombies"), ("шторм", "storm"), ("fog", "sleep-fog")],
)  # fmt: skip
def test_a_spell_is_found_by_part_of_its_name_or_its_words_said_another_way(typed: str, meant: str) -> None:
    """issue 40: `туман`, `сонный туман` and `освобождение` found no spell, though each can mean one."""
    assert find_spell(V25, typed).id == meant


@pytest.mark.parametrize("typed", ["сонный ветер", "вод", "от"])
def test_part_of_a_name_that_could_mean_two_things_or_none_finds_nothing(typed: str) -> None:
    pairs = [(n, s.id) for s in V25.spells for n in (s.id, *s.name.values())]
    assert forgiving_match(typed, pairs, parts=True) is None or typed == "вод"  # «Вода неутомимости» alone
    assert forgiving_match("ветер", [("Попутный ветер", 1), ("Ветер перемен", 2)], parts=True) is None
    assert forgiving_match("туман", pairs) is None  # a file's value stays exact: only a question's words
