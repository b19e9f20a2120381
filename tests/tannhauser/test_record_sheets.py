"""The Tannhäuser kit: its files, and the team record sheets read back in both languages and papers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.config.session import load_session
from printkit.games.tannhauser.model import LEVELS, MODES, tannhauser_session
from printkit.games.tannhauser.record_sheets import FIRST_PAGE, MORE_PAGE, context

from ..conftest import EXAMPLES, LANGS_AND_PAPERS, ExampleKits, pdf_text, run, write
from ..vs.test_kit import fonts_of


def flat(pdf: Path) -> list[str]:
    return [re.sub(r"\s+", " ", page) for page in pdf_text(pdf)]


@pytest.mark.rule("tannhauser.print.record-sheet")
# The ids end in the kit: the check runs with that kit's others (tests/conftest.py).
@pytest.mark.parametrize(
    ("lang", "paper"), LANGS_AND_PAPERS, ids=[f"tannhauser-{lang}-{paper}" for lang, paper in LANGS_AND_PAPERS]
)
def test_the_kit_and_its_record_sheets(lang: str, paper: str, kits: ExampleKits) -> None:
    kit = kits("tannhauser", lang, paper)
    assert {p.name for p in kit.iterdir()} == {"quickref.pdf", "record-sheets.pdf", "print-guide.pdf", "manifest.json"}
    pdf = kit / "record-sheets.pdf"
    assert all(ok for _, ok in fonts_of(pdf)) and fonts_of(pdf)
    pages = flat(pdf)
    assert len(pages) == 2  # a page a team: its panel and four character cards
    words = {"ru": ["Лист команды", "Повествование", "Захват флага", "Господство", "Бой насмерть", "Нормальный",
                    "Очки победы", "Перемещение", "Выносливость", "Психика", "Ячейки снаряжения", "Первыми ходят"],
             "en": ["Team record", "Story", "Capture the flag", "Domination", "Death match", "Normal",
                    "Victory points", "Movement", "Stamina", "Psyche", "Equipment slots", "First to act"]}  # fmt: skip
    for page in pages:
        for word in words[lang]:
            assert word in page, word
    # The first team's characters as the config gives them; the second team's cards are blank.
    assert pages[0].startswith("Союз") and "Капитан Громов" in pages[0] and "Рядовой Лис" in pages[0]
    assert "6 5 4" in pages[0] and "Аптечка" in pages[0] and "Медицина" in pages[0]
    assert pages[1].startswith("Рейх") and "Громов" not in pages[1]


@pytest.mark.rule("tannhauser.level.choice")
def test_mode_level_and_reinforcement_boxes_come_from_the_rules_and_the_config() -> None:
    session = load_session(EXAMPLES / "tannhauser.yaml")
    part = tannhauser_session(session)
    assert (part.mode, part.level) == ("story", "normal")
    ctx = context(session)
    assert [m["ticked"] for m in ctx["modes"]] == [m == "story" for m in MODES]
    # Easy: two soldiers may come back, normal one, hard none (V.A.1).
    assert {lv["id"]: lv["back"] for lv in ctx["levels"]} == {"easy": 2, "normal": 1, "hard": 0} == LEVELS


@pytest.mark.rule("tannhauser.move.current-value")
def test_big_teams_go_on_further_pages_and_blank_cards_fill_the_last(tmp_path: Path, kits: ExampleKits) -> None:
    chars = "\n".join(f"      - {{name: Боец {i}, movement: {i}}}" for i in range(1, 12))
    text = f"""game: tannhauser
players:
  - name: Альфа
    characters:
{chars}
  - name: Бета
"""
    ctx = context(load_session(write(tmp_path / "t.yaml", text)))
    first, second = ctx["players"]
    assert [len(p) for p in first["pages"]] == [FIRST_PAGE, MORE_PAGE, MORE_PAGE]
    assert [c["name"] for c in first["pages"][2]][:1] == ["Боец 11"] and first["pages"][2][1]["name"] == ""
    assert [len(p) for p in second["pages"]] == [FIRST_PAGE]
    pages = flat(kits.build("--paper", "letter", "--only", "record-sheets", config=text) / "record-sheets.pdf")
    assert len(pages) == 4 and "Боец 11" in pages[2] and "продолжение" in pages[1]


def test_a_bad_character_is_a_config_error(tmp_path: Path) -> None:
    bad = "game: tannhauser\nmode: chess\nplayers:\n  - characters: [{name: X, stamina: 99}]\n  - {}\n"
    config = write(tmp_path / "t.yaml", bad)
    result = run("validate", config)
    assert result.exit_code == 3
    assert "mode:" in result.output and "players[0].characters[0].stamina:" in result.output
    long = write(tmp_path / "l.yaml", "game: tannhauser\nplayers:\n  - characters:\n"
                 + "".join(f"      - {{name: {'Ш' * 40}, skills: [{'Щ' * 30}, {'Щ' * 30}], equipment: [{'Ж' * 30}]}}\n"
                           for _ in range(12)) + "  - {}\n")  # fmt: skip
    result = run("validate", long)
    assert result.exit_code == 0, result.output  # the longest names the config allows still fit


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_longest_names_stay_inside_their_cards(paper: str, tmp_path: Path) -> None:
    """Names, skills and equipment as long as the config allows wrap inside the card (an item too
    long for one slot takes the next), never out of it or off the sheet."""
    from printkit.config.session import with_overrides
    from printkit.games.tannhauser.record_sheets import write_pages

    from ..pdfcheck import MM, read

    long = write(tmp_path / "l.yaml", "game: tannhauser\nplayers:\n  - characters:\n"
                 + "".join(f"      - {{name: {'Ш' * 40}, skills: [{'Щ' * 30}, {'Щ' * 30}], equipment: [{'Ж' * 30}]}}\n"
                           for _ in range(6)) + "  - {}\n")  # fmt: skip
    target = tmp_path / "records.pdf"
    write_pages(str(target), context(with_overrides(load_session(long), "ru", paper)), paper)
    pages = read(target)
    assert len(pages) == 3
    for page in pages:
        margin = 11.2 * MM
        gap = (margin + 0.485 * (page.width - 2 * margin), page.width - margin - 0.485 * (page.width - 2 * margin))
        names = [g for g in page.glyphs if g.char in "ШЩЖ"]
        # Nothing written crosses the gap between a row's two cards or leaves the frame's inside.
        assert not [g for g in names if g.x1 > gap[0] + 1 and g.x0 < gap[1] - 1]
        assert min(g.x0 for g in page.glyphs) > 6 * MM and max(g.x1 for g in page.glyphs) < page.width - 6 * MM
    assert sum(g.char == "Ж" for page in pages for g in page.glyphs) == 6 * 30  # no item lost


@pytest.mark.rule("tannhauser.print.record-sheet", "tannhauser.print.sheet-sizes")
def test_the_sheets_sizes_are_printkits_and_marked_so(kits: ExampleKits) -> None:
    notes = {"ru": "† выбор этого набора: в тексте правил такого числа нет",
             "en": "† this kit's choice: the rules text gives no such number"}  # fmt: skip
    marked = {"ru": ["Игровой ход†", "Очки победы†", "Строка†", "Ячейки снаряжения†", "Второстепенные†"],
              "en": ["Game turn†", "Victory points†", "Row†", "Equipment slots†", "Secondary†"]}  # fmt: skip
    own = {"ru": ["Главные (2 + 2 очка)", "Флаги", "Первыми ходят"], "en": ["Main (2 + 2 points)", "Flags",
                                                                           "First to act"]}  # fmt: skip
    for lang in ("ru", "en"):
        for page in flat(kits("tannhauser", lang) / "record-sheets.pdf"):
            assert page.rstrip().endswith(notes[lang]), lang
            for heading in marked[lang]:
                assert heading in page, (lang, heading)
            for heading in own[lang]:  # the text's own figures carry no mark
                assert heading in page and heading + "†" not in page, (lang, heading)


@pytest.mark.rule("tannhauser.print.sheet-sizes")
def test_a_ruleset_sets_the_sheets_sizes_and_unsourced_figures_go_unmarked(tmp_path: Path) -> None:
    from printkit.config.rulesets import load_bundled

    text = load_bundled("tannhauser").source.read_text("utf-8")
    changed = text.replace("sheet: {turns: 12, points: 20, rows: 6, slots: 6, secondary: 4}",
                           "sheet: {turns: 16, points: 25, rows: 4, slots: 5, secondary: 3}")  # fmt: skip
    assert changed != text
    write(tmp_path / "mine.yaml", changed.split("\ndocuments:")[0] + "\n")  # a user's copy without sources
    ctx = context(load_session(write(tmp_path / "t.yaml", "game: mine.yaml\n")))
    assert ctx["turns"] == list(range(1, 17)) and ctx["points"] == list(range(1, 26))
    assert len(ctx["wounds"]) == 4 and ctx["slots"] == [1, 2, 3, 4, 5] and ctx["secondary"] == 3
    assert ctx["notes"] == [] and "†" not in "".join(ctx["heads"].values())
    bundled = context(load_session(EXAMPLES / "tannhauser.yaml"))
    assert bundled["turns"] == list(range(1, 13))
    assert bundled["heads"]["turn"].endswith("†") and bundled["heads"]["row"].endswith("†")
