"""The Tannhäuser quick reference: every rule it promises is on the sheet in both languages with the
text's figures, odds come from the engines without a false 100 % or 0 %, and it fits one sheet."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from pypdf import PdfReader

from printkit.games.tannhauser.pools import at_least, duel
from printkit.games.tannhauser.shares import percent
from printkit.labels import label

from ..conftest import ExampleKits, pdf_text


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def cards(kits: ExampleKits) -> dict[str, list[str]]:
    """Each page's text of the card in each language (A4), from the shared example kits."""
    return {lang: pdf_text(kits("tannhauser", lang) / "quickref.pdf") for lang in ("ru", "en")}


# Rule -> (the card's items that state it, figures each language's wording must carry).
PRINTED = {
    "tannhauser.board.task-circle": ("qt_move_blocked", {"ru": ["задач"], "en": ["task"]}),
    "tannhauser.board.action-circle": ("qt_move_blocked", {"ru": ["действия"], "en": ["action circles"]}),
    "tannhauser.turn.cycle": ("qt_cycle", {"ru": ["одна фаза действия"], "en": ["one action phase"]}),
    "tannhauser.turn.placement-roll": ("qt_placement", {"ru": ["d10", "перебросить"], "en": ["d10", "Reroll"]}),
    "tannhauser.turn.initiative-roll": ("qt_initiative", {"ru": ["+1", "искажена"], "en": ["+1", "garbled"]}),
    "tannhauser.turn.activation-order": ("qt_activation", {"ru": ["раз за ход"], "en": ["once a turn"]}),
    "tannhauser.move.pause-for-action": ("qt_cycle", {"ru": ["прервать"], "en": ["stop for the action"]}),
    "tannhauser.move.obstacles": ("qt_move_step", {"ru": ["стены", "двери"], "en": ["walls", "doors"]}),
    "tannhauser.action.options": (
        "qt_action_list",
        {"ru": ["Натиск", "ящик", "атаковать"], "en": ["Bull Rush", "crate", "attack"]},
    ),
    "tannhauser.equipment.free": ("qt_gear_free", {"ru": ["полосатым"], "en": ["striped"]}),
    "tannhauser.equipment.drop": ("qt_gear_drop", {"ru": ["того же пути"], "en": ["same path"]}),
    "tannhauser.equipment.pass": ("qt_gear_pass", {"ru": ["следующего цикла"], "en": ["next cycle"]}),
    "tannhauser.equipment.pick-up": ("qt_gear_pick", {"ru": ["никто другой"], "en": ["nobody else"]}),
    "tannhauser.equipment.stacking": ("qt_gear_pick", {"ru": ["одного типа оружия"], "en": ["one weapon type"]}),
    "tannhauser.equipment.crate": (
        "qt_crates",
        {"ru": ["нет врагов", "очки победы"], "en": ["no enemy", "victory points"]},
    ),
    "tannhauser.level.choice": ("qt_level_list", {"ru": ["двух", "одного", "никого"], "en": ["two", "one", "none"]}),
    "tannhauser.level.reinforcement": (
        "qt_reinforcement",
        {"ru": ["не герой", "точку входа"], "en": ["never a hero", "entry point"]},
    ),
    "tannhauser.mode.any": ("qt_mode_any", {"ru": ["ничью"], "en": ["draw"]}),
    "tannhauser.mode.story": (
        "qt_mode_story",
        {"ru": ["2 главные", "1 главная и 2", "1 очко", "2 + 2"], "en": ["2 main", "1 main and 2", "1 point", "2 + 2"]},
    ),
    "tannhauser.mode.death-match": ("qt_mode_death", {"ru": ["всех"], "en": ["all"]}),
    "tannhauser.mode.capture-the-flag": (
        "qt_mode_flag",
        {"ru": ["оба флага", "свой флаг поднять нельзя"], "en": ["both enemy flags", "never pick up your own"]},
    ),
    "tannhauser.mode.domination": (
        "qt_mode_domination",
        {"ru": ["4 разных кругах задач"], "en": ["4 different task circles"]},
    ),
    "tannhauser.mode.crates": (
        "qt_mode_crates",
        {
            "ru": ["только с очками победы", "только со снаряжением"],
            "en": ["only those holding victory points", "only those holding equipment"],
        },
    ),
    "tannhauser.bullrush.duel": ("qt_bull_rush", {"ru": ["Выносливость"], "en": ["Stamina"]}),
    "tannhauser.bullrush.once-per-cycle": ("qt_bull_rush", {"ru": ["один за цикл"], "en": ["one a cycle"]}),
    "tannhauser.bullrush.line": ("qt_bull_rush", {"ru": ["сплошную цепочку"], "en": ["unbroken line"]}),
    "tannhauser.move.entering": ("qt_entering", {"ru": ["1 очко", "своей стороны"], "en": ["1 point", "own side"]}),
    "tannhauser.move.end": (
        "qt_move_end",
        {"ru": ["пустом", "не на точке входа"], "en": ["empty", "never on an entry"]},
    ),
    "tannhauser.dice.natural-10": ("qt_natural10", {"ru": ["бонус прибавляется"], "en": ["a bonus still adds"]}),
    "tannhauser.dice.natural-1": ("qt_natural1", {"ru": ["штраф вычитается"], "en": ["a penalty still lowers"]}),
    "tannhauser.duel.tie": ("qt_duel_rules", {"ru": ["проигрывает начавший"], "en": ["started the duel loses"]}),
}


@pytest.mark.parametrize(
    ("key", "figures"),
    [pytest.param(key, figures, id=rule, marks=pytest.mark.rule(rule)) for rule, (key, figures) in PRINTED.items()],
)
def test_each_rule_is_printed_in_both_languages(cards: dict[str, list[str]], key: str, figures: dict[str, list[str]]
                                                ) -> None:  # fmt: skip
    for lang in ("ru", "en"):
        text = label(key, lang)
        for figure in figures[lang]:
            assert figure in text, (lang, figure)
        assert squeeze(text.replace(" | ", ": ")) in squeeze(cards[lang][0]), (lang, key)


@pytest.mark.rule("tannhauser.dice.pool", "tannhauser.dice.difficulty")
def test_the_odds_tables_come_from_the_engine(cards: dict[str, list[str]]) -> None:
    back = squeeze(cards["ru"][1])
    for difficulty in range(2, 11):
        # The row of 3 dice, as the table prints it: "3" then P(>=1), P(>=2), P(>=3).
        cells = "".join(percent(at_least(3, difficulty, k)) for k in (1, 2, 3))
        assert f"сложность{difficulty}" in back and f"3{cells}" in back, difficulty


@pytest.mark.rule("tannhauser.duel.stats")
def test_the_duel_table_comes_from_the_engine(cards: dict[str, list[str]]) -> None:
    back = squeeze(cards["en"][1])
    assert squeeze(label("qt_duel_table", "en")) in back
    for a in range(1, 9):
        row = "".join(percent(duel(a, d)) for d in range(1, 9))
        assert f"{a}{row}" in back, a


def test_no_uncertain_chance_prints_as_a_certainty() -> None:
    for dice in range(1, 9):
        for difficulty in range(2, 11):
            for k in range(1, dice + 1):
                p = at_least(dice, difficulty, k)
                shown = percent(p)
                assert (shown == "100") == (p == 1) and (shown == "0") == (p == 0), (dice, difficulty, k, shown)
    for a in range(1, 9):
        for d in range(1, 9):
            p = duel(a, d)
            assert (percent(p) in ("100", "0")) == (p in (0, 1)), (a, d)


def test_halves_round_up_the_same_way_everywhere() -> None:
    assert [percent(Fraction(n, 8)) for n in (1, 3, 5, 7)] == ["13", "38", "63", "88"]  # 12.5 37.5 62.5 87.5
    assert percent(Fraction(1, 8), 2) == "12.50" and percent(Fraction(1, 400), 2) == "0.25"
    assert percent(Fraction(199, 200)) == "99.5"  # 99.5 would round to 100: one more place
    assert percent(Fraction(9995, 10000)) == ">99.9" and percent(Fraction(1, 2001)) == "<0.1"
    assert percent(Fraction(1, 200)) == "1"  # 0.5 rounds up, to 1, never down to 0


def test_it_fits_one_sheet_in_every_paper_and_language(kits: ExampleKits) -> None:
    for lang in ("ru", "en"):
        for paper in ("a4", "letter"):
            quickref = kits("tannhauser", lang, paper) / "quickref.pdf"
            assert len(PdfReader(quickref).pages) == 2  # front: the rules; back: the odds
