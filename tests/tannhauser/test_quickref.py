"""The Tannhäuser quick reference: every rule it promises is on the sheet in both languages with the
text's figures, odds come from the engines without a false 100 % or 0 %, and it fits one sheet."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from pypdf import PdfReader

from printkit.games.tannhauser.pools import at_least, duel
from printkit.games.tannhauser.quickref import item
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
    "tannhauser.turn.placement-roll": ("qt_placement", {"ru": ["к10", "перебросить"], "en": ["d10", "Reroll"]}),
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
    "tannhauser.equipment.pick-up": (
        "qt_gear_pick",
        {"ru": ["никто другой", "так читает этот набор"], "en": ["nobody else", "this kit's reading"]},
    ),
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
        {
            "ru": ["2 главные", "1 главная и 2", "1 очко", "2 + 2", "задачи соперника делать нельзя"],
            "en": ["2 main", "1 main and 2", "1 point", "2 + 2", "never the opponent's tasks"],
        },
    ),
    "tannhauser.mode.death-match": ("qt_mode_death", {"ru": ["всех"], "en": ["every one"]}),
    "tannhauser.mode.capture-the-flag": (
        "qt_mode_flag",
        {
            "ru": ["оба флага", "свой флаг поднять нельзя", "поставить — фаза действия несущего"],
            "en": ["both enemy flags", "never pick up your own", "setting one: the carrier's action phase"],
        },
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
    "tannhauser.bullrush.line": (
        "qt_bull_rush",
        {
            "ru": ["сплошную цепочку", "по 1 очку за круг", "судья отвечает и так"],
            "en": ["unbroken line", "1 point a circle for a line", "the referee answers that way too"],
        },
    ),
    "tannhauser.move.entering": ("qt_entering", {"ru": ["1 очко", "своей стороны"], "en": ["1 point", "own side"]}),
    "tannhauser.move.end": (
        "qt_move_end",
        {"ru": ["пустом", "не на точке входа"], "en": ["empty", "never on an entry"]},
    ),
    "tannhauser.dice.natural-10": (
        "qt_natural10",
        {
            "ru": ["Бонус к ней прибавляется", "так читает этот набор", "судья отвечает и так"],
            "en": ["A bonus still adds", "this kit's reading", "the referee answers that way too"],
        },
    ),
    "tannhauser.dice.zero-face": ("qt_pool_rules", {"ru": ["грань «0» — это 10"], "en": ["the face marked 0 is a 10"]}),
    "tannhauser.board.task-icon": (
        "qt_task_icons",
        {
            "ru": ["золотой", "серебряный", "только для второстепенной"],
            "en": ["gold", "silver", "secondary-task token only"],
        },
    ),
    "tannhauser.move.current-value": (
        "qt_cycle",
        {"ru": ["изменить текущее Движение"], "en": ["change the current Movement"]},
    ),
    "tannhauser.move.stand-still": (
        "qt_cycle",
        {"ru": ["Двигаться не обязательно"], "en": ["Moving at all is optional"]},
    ),
    "tannhauser.move.allies": (
        "qt_move_others",
        {
            "ru": ["по цене его круга", "так читает этот набор", "судья отвечает и так"],
            "en": ["its circle's usual cost", "this kit's reading", "the referee answers that way too"],
        },
    ),
    "tannhauser.bullrush.pause": (
        "qt_bull_rush",
        {
            "ru": ["круге союзника или точке входа", "только там, где можно закончить ход"],
            "en": ["may hold an ally or be an entry point", "only where a move may end"],
        },
    ),
    "tannhauser.bullrush.lone": (
        "qt_bull_rush",
        {
            "ru": ["одинокого врага проходите по обычной цене"],
            "en": ["a lone enemy's circle is passed at its usual cost"],
        },
    ),
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
        lead, text = item(key, lang)
        for figure in figures[lang]:
            assert figure in text, (lang, figure)
        assert squeeze(f"{lead}: {text}" if lead else text) in squeeze(cards[lang][0]), (lang, key)


@pytest.mark.rule("tannhauser.dice.pool", "tannhauser.dice.difficulty")
def test_the_odds_tables_come_from_the_engine(cards: dict[str, list[str]]) -> None:
    back = squeeze(cards["ru"][1])
    for difficulty in range(2, 11):
        # The row of 3 dice, as the table prints it: "3" then P(>=1), P(>=2), P(>=3).
        # A Russian card writes a decimal comma (issue 42, second review): 99,6, not 99.6.
        cells = "".join(percent(at_least(3, difficulty, k)).replace(".", ",") for k in (1, 2, 3))
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


@pytest.mark.rule("tannhauser.print.odds-range")
def test_the_tables_ranges_are_marked_as_printkits(cards: dict[str, list[str]]) -> None:
    notes = {"ru": "† выбор этого набора: в тексте правил такого числа нет",
             "en": "† this kit's choice: the rules text gives no such number"}  # fmt: skip
    ranges = {"ru": "Таблицы: от 1 до 8 кубиков, сложность от 2 до 10†",
              "en": "Tables: 1 to 8 dice, difficulty 2 to 10†"}  # fmt: skip
    for lang in ("ru", "en"):
        front, back = cards[lang]
        assert squeeze(ranges[lang]) in squeeze(back) and squeeze(notes[lang]) in squeeze(back), lang
        assert "†" not in front  # the rules are the text's: none of their figures is marked


def test_the_text_layer_holds_no_stray_bullets(cards: dict[str, list[str]]) -> None:
    for lang in ("ru", "en"):
        assert all("•" not in page for page in cards[lang]), lang


@pytest.mark.rule("tannhauser.level.reinforcement", "tannhauser.duel.tie", "tannhauser.mode.story")
def test_the_card_and_the_record_sheet_print_a_rule_from_one_source(kits: ExampleKits) -> None:
    from printkit.games.tannhauser.record_sheets import rule_text

    for lang in ("ru", "en"):
        sheet = squeeze(pdf_text(kits("tannhauser", lang) / "record-sheets.pdf")[0]).lower()
        card = squeeze(pdf_text(kits("tannhauser", lang) / "quickref.pdf")[0])
        for key in ("qt_reinforcement", "qt_duel_rules"):
            rule = squeeze(item(key, lang)[1])  # on the sheet after a colon, so its first letter in lower case
            assert rule.lower() in sheet and rule in card, (lang, key)
        for mode in ("story", "death_match", "capture_the_flag", "domination"):
            win = squeeze(label(f"ts_win_{mode}", lang))
            assert win.lower() in sheet and win in card, (lang, mode)
        assert rule_text("qt_reinforcement", lang).startswith(item("qt_reinforcement", lang)[0] + ": ")
