"""Stratego figures against the rules text (and the duel's published source), and the quick reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.model import stratego_of

from ..conftest import ExampleKits, pdf_text

RULES = load_bundled("stratego")
DATA = stratego_of(RULES)

# The army as the rules page lists it, name by name: (name, strength, count).
DOCUMENT_ARMY = [("Маршал", 10, 1), ("Генерал", 9, 1), ("Полковник", 8, 2), ("Майор", 7, 3), ("Капитан", 6, 4),
                 ("Лейтенант", 5, 4), ("Сержант", 4, 4), ("Сапёр", 3, 5), ("Разведчик", 2, 8), ("Шпион", 1, 1),
                 ("Мина", None, 6), ("Флаг", None, 1)]  # fmt: skip
# Jumbo's «Stratego Duel» (item 81320): Spy 1, Flag 1, Bomb 2, Marshal 1, General 1, Miner 2, Scout 2.
JUMBO_DUEL = {"Шпион": 1, "Флаг": 1, "Мина": 2, "Маршал": 1, "Генерал": 1, "Сапёр": 2, "Разведчик": 2}


@pytest.mark.rule("stratego.pieces.roster", "stratego.pieces.strength", "stratego.board.zones",
                  "stratego.variant.battle")  # fmt: skip
def test_the_battle_army_is_the_documents() -> None:
    battle = DATA.variants["battle"]
    by_name = {r.name["ru"]: r for r in DATA.ranks}
    assert [(n, by_name[n].strength, battle.counts.get(by_name[n].symbol, 0)) for n, _, _ in DOCUMENT_ARMY] == (
        DOCUMENT_ARMY
    )
    assert battle.pieces == 40 and len(DATA.ranks) == len(DOCUMENT_ARMY)
    assert (battle.files, battle.rows, battle.setup_rows) == (10, 10, 4)
    assert battle.pieces == battle.files * battle.setup_rows  # all 40 fill the four rows
    # The 8 lake cells lie in the two neutral rows between the sides' four.
    assert len(battle.lakes) == 8 and {int(c[1:]) for c in battle.lakes} == {5, 6}
    assert DATA.first == "red" and DATA.house_bombs


@pytest.mark.rule("stratego.variant.duel")
def test_the_duel_is_jumbos() -> None:
    duel = DATA.variants["duel"]
    names = {r.symbol: r.name["ru"] for r in DATA.ranks}
    assert {names[s]: n for s, n in duel.counts.items() if n} == JUMBO_DUEL
    assert (duel.files, duel.rows, duel.setup_rows) == (10, 10, 4) and duel.lakes == DATA.variants["battle"].lakes
    assert duel.gravon == "duell"
    # Jumbo's booklet sets the 10 pieces on the bottom four rows: its figures say so, with their mark.
    for path in ("counts.X", "board.setup_rows", "board.files"):
        source = RULES.provenance.of(f"stratego.variants.duel.{path}")
        assert source is not None and "81320" in source.document.name["en"] and source.document.mark == "*"


@pytest.fixture(scope="module")
def cards(kits: ExampleKits) -> dict[str, str]:
    """The quick reference's text in each language (the shared example kits), whitespace squeezed."""
    return {
        lang: re.sub(r"\s+", " ", " ".join(pdf_text(kits("stratego", lang) / "quickref.pdf"))) for lang in ("ru", "en")
    }


@pytest.mark.rule("stratego.pieces.roster", "stratego.board.lakes", "stratego.variant.duel")
def test_the_quick_reference_prints_ranks_counts_and_sources(cards: dict[str, str]) -> None:
    for r in DATA.ranks:
        assert r.name["ru"] in cards["ru"] and r.name["en"] in cards["en"]
    assert "Маршал 10 1 1 1" in cards["ru"] and "Scout 2 8 2 2" in cards["en"]
    assert "* по правилам Jumbo «Stratego Duel» (арт. 81320)" in cards["ru"]
    assert "* from Jumbo's “Stratego Duel” rules (item 81320)" in cards["en"]
    assert "обрывается" in cards["ru"] and "breaks off" in cards["en"]
    assert "c5 d5 g5 h5 c6 d6 g6 h6†" in cards["ru"] and "standard board: c5 d5 g5 h5 c6 d6 g6 h6†" in cards["en"]


@pytest.mark.rule("stratego.turn.red-first", "stratego.move.two-squares", "stratego.win")
def test_the_quick_reference_prints_the_rules_of_play(cards: dict[str, str]) -> None:
    assert "Первыми ходят красные" in cards["ru"] and "Red moves first" in cards["en"]
    assert "§ из турнирных правил ISF (ст. 10.1)" in cards["ru"] and "больше 5§ раз подряд" in cards["ru"]
    assert "not in the rules text" in cards["en"] and "more than 5§ times in a row" in cards["en"]
    assert "§ from the ISF tournament rules (art. 10.1)" in cards["en"]
    assert "возьмёт флаг противника или не оставит противнику ни одного хода" in cards["ru"]
    assert "leaving the enemy no move" in cards["en"]
    assert "Сапёр побеждает, мина снята" in cards["ru"] and "Spy wins" in cards["en"]


def test_the_quick_reference_fits_one_page_in_every_paper_and_language(kits: ExampleKits) -> None:
    from pypdf import PdfReader

    for lang in ("ru", "en"):
        for paper in ("a4", "letter"):
            assert len(PdfReader(kits("stratego", lang, paper) / "quickref.pdf").pages) == 1


# Each mark the card prints, with its footnote in each language; the battle (the page's own) has none.
NOTES = {
    "*": {"ru": "по правилам Jumbo «Stratego Duel» (арт. 81320)",
          "en": "from Jumbo's “Stratego Duel” rules (item 81320)"},
    "‡": {"ru": "по опубликованным правилам барража (Gravon, ultraboardgames.com)",
          "en": "from the published barrage rules (Gravon, ultraboardgames.com)"},
    "§": {"ru": "из турнирных правил ISF (ст. 10.1)", "en": "from the ISF tournament rules (art. 10.1)"},
    "†": {"ru": "как на стандартном поле Стратего (Jumbo, Gravon)",
          "en": "as on the standard Stratego board (Jumbo, Gravon)"},
}  # fmt: skip


@pytest.mark.rule("stratego.variant.duel", "stratego.variant.barrage", "stratego.board.lakes",
                  "stratego.move.two-squares")  # fmt: skip
def test_figures_from_elsewhere_carry_their_mark_and_source(cards: dict[str, str]) -> None:
    heads = {"ru": "Сила Сражение Дуэль* Барраж‡ Ход", "en": "Strength Battle Duel* Barrage‡ Moves"}
    for lang in ("ru", "en"):
        assert heads[lang] in cards[lang], lang
        for mark, name in NOTES.items():
            assert f"{mark} {name[lang]}" in cards[lang], (lang, mark)
    # The barrage names one source everywhere: the card, the ruleset and the catalogue.
    catalogue = (Path(__file__).parents[2] / "docs" / "rules" / "stratego.md").read_text("utf-8")
    assert "ultraboardgames.com" in catalogue and "ISF" not in cards["en"].split("Barrage‡ is")[1].split(".")[0]
    # The page's own figures go unmarked: the battle's column and its setup.
    assert "Battle*" not in cards["en"] and "Сражение*" not in cards["ru"] and "40 pieces in its own 4" in cards["en"]


@pytest.mark.rule("stratego.move.scout", "stratego.move.scout-attack")
def test_the_card_prints_the_scouts_readings_in_words(cards: dict[str, str]) -> None:
    """The card says both other readings and that the referee answers by them, naming no switch
    (issue 42: a page names no terminal switch)."""
    words = {
        "ru": ["чтение этого набора", "«Атака»", "перелетает и через фишки", "Судья отвечает по любому"],
        "en": ["this kit's reading", "Attack section", "flies over pieces too", "referee answers by any"],
    }
    for lang in ("ru", "en"):
        for word in words[lang]:
            assert word in cards[lang], (lang, word)
        assert "--scout" not in cards[lang]


def test_the_text_layer_holds_no_stray_bullets(cards: dict[str, str]) -> None:
    assert "•" not in cards["ru"] and "•" not in cards["en"]
