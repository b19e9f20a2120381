"""Stratego setup sheets: planning boards, each given setup on its own page, and --random."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.model import PRINTED, stratego_of
from printkit.games.stratego.setups import parse_setup40, problems

from ..conftest import EXAMPLES, ExampleKits, pdf_runs, pdf_text, run, write

DATA = stratego_of(load_bundled("stratego"))
BATTLE = DATA.variants["battle"]
EXAMPLE = "BFB343B563/B3492625B4/728X176258/2264B75232"
RU = PRINTED["ru"]  # how a Russian sheet prints X, B and F


def setup_lines(page: str) -> list[str]:
    return [x for x in page.splitlines() if x.count("/") == 3]


@pytest.mark.rule("stratego.setup.hidden")
def test_build_example(kits: ExampleKits) -> None:
    kit = kits("stratego")  # the example's whole kit
    pages = pdf_text(kit / "stratego-setup.pdf")
    assert len(pages) == 2  # a planning page per side; red's own setup is a file of its own (issue 42)
    assert "План расстановки — Красные · Аня" in pages[0] and "План расстановки — Синие · Борис" in pages[1]
    (secret,) = pdf_text(kit / "stratego-secret-red.pdf")
    assert "Секретно" in secret and EXAMPLE in secret
    assert len(PdfReader(kit / "quickref.pdf").pages) == 1


@pytest.mark.rule("stratego.board.zones")
def test_setup_sheets_show_the_board_from_each_side(tmp_path: Path) -> None:
    result = run("build", EXAMPLES / "stratego.yaml", "--only", "stratego-setup", "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    # Red's page numbers its rows 1..10 from the bottom, blue's 10..1: each side sees its rows nearest.
    for page, nearest in ((0, "1"), (1, "10")):
        rows = [(y, text) for x, y, text, _, size in pdf_runs(tmp_path / "kit" / "stratego-setup.pdf", page)
                if text.isdigit() and size == 8 and x < 60]  # fmt: skip
        lowest = min(rows)[1]
        assert lowest == nearest, rows[:4]
    # The filled page prints every piece of the setup on the board: 40 symbols in big bold type.
    symbols = [text for _, _, text, font, size in pdf_runs(tmp_path / "kit" / "stratego-secret-red.pdf", 0)
               if font == "PTSans-Bold" and size == 13]  # fmt: skip
    # A Russian sheet prints the marshal as 10, the bomb (мина) as М, the flag as Ф (issue 42).
    assert sorted(symbols) == sorted(RU.get(s, s) for s in EXAMPLE.replace("/", ""))


def test_build_random_fills_only_the_missing_side(tmp_path: Path) -> None:
    result = run("build", EXAMPLES / "stratego.yaml", "--random", "--seed", "club-night-2026", "--only",
                 "stratego-setup", "--out", tmp_path / "kit")  # fmt: skip
    assert result.exit_code == 0, result.output
    pages = [
        *pdf_text(tmp_path / "kit" / "stratego-secret-red.pdf"),
        *pdf_text(tmp_path / "kit" / "stratego-secret-blue.pdf"),
    ]
    assert len(pages) == 2
    assert setup_lines(pages[0]) == [EXAMPLE]  # the config's red setup, kept
    blue = setup_lines(pages[1])
    assert len(blue) == 1 and blue != [EXAMPLE]
    assert problems(parse_setup40(blue[0], DATA, BATTLE), DATA) == []


def test_build_random_refuses_when_the_config_gives_both(tmp_path: Path) -> None:
    config = write(tmp_path / "both.yaml", (EXAMPLES / "stratego.yaml").read_text("utf-8") + f"  blue: {EXAMPLE}\n")
    result = run("build", config, "--random", "--only", "stratego-setup", "--out", tmp_path / "kit")
    assert result.exit_code == 2
    assert "gives both (red and blue); drop --random or a setup" in result.output
    assert "Traceback" not in result.output
    fine = run("build", config, "--only", "stratego-setup", "--out", tmp_path / "kit2")
    assert fine.exit_code == 0 and len(pdf_text(tmp_path / "kit2" / "stratego-setup.pdf")) == 2
    assert all((tmp_path / "kit2" / f"stratego-secret-{side}.pdf").is_file() for side in ("red", "blue"))


def test_a_duel_kit_prints_ten_pieces(tmp_path: Path) -> None:
    config = write(tmp_path / "duel.yaml", "game: stratego\nvariant: duel\nplayers: [{name: A}, {name: B}]\n")
    result = run("build", config, "--random", "--seed", "duel night at the club", "--only", "stratego-setup",
                 "--out", tmp_path / "kit")  # fmt: skip
    assert result.exit_code == 0, result.output
    for side in ("red", "blue"):
        symbols = [text for _, _, text, font, size in pdf_runs(tmp_path / "kit" / f"stratego-secret-{side}.pdf", 0)
                   if font == "PTSans-Bold" and size == 13]  # fmt: skip
        assert sorted(symbols) == sorted(RU.get(s, s) for s in "X933221BBF")  # the duel's ten pieces


@pytest.mark.rule("stratego.board.lakes", "stratego.variant.duel")
def test_setup_sheets_mark_the_lakes_and_a_published_variants_pieces(tmp_path: Path, kits: ExampleKits) -> None:
    lakes = {"ru": "† как на стандартном поле Стратего (Jumbo, Gravon)",
             "en": "† as on the standard Stratego board (Jumbo, Gravon)"}  # fmt: skip
    for lang in ("ru", "en"):
        for number, page in enumerate(pdf_text(kits("stratego", lang) / "stratego-setup.pdf")):
            flat = " ".join(page.split())
            assert lakes[lang] in flat, (lang, number)
            assert "*" not in flat, (lang, number)  # the battle's pieces are the rules page's own: no mark
        # One mark on each of the two lakes of each board (two boards a planning page, one a setup page).
        marks = [r for r in pdf_runs(kits("stratego", lang) / "stratego-setup.pdf", 0) if r[2] == "†"]
        assert len(marks) == 2 * 2, lang
    config = write(tmp_path / "duel.yaml", "game: stratego\nvariant: duel\nlanguage: en\nplayers: [{name: A}, {}]\n")
    result = run("build", config, "--only", "stratego-setup", "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    flat = " ".join(pdf_text(tmp_path / "kit" / "stratego-setup.pdf")[0].split())
    assert "placed*" in flat and "* from Jumbo's “Stratego Duel” rules (item 81320)" in flat and lakes["en"] in flat
