"""Battle cards, tokens and the VS quick reference: sizes, imposition, marks, PNGs, orders."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.rulesets import load_bundled
from printkit.config.session import load_session
from printkit.games.vs.cards import decks, default_counts
from printkit.games.vs.model import vs_of
from printkit.games.vs.orders import Card, all_cards, resolve
from printkit.games.vs.tokens import tokens
from printkit.geometry import MM, PAPERS
from printkit.imposition import Box, Printer, back_box, best_grid, seen_through
from printkit.render.canvas import hex_colour

from ..conftest import EXAMPLES, ExampleKits, pdf_text, run, write

ORDERS = vs_of(load_bundled("vs-2025")).orders


def sizes(pdf: Path) -> set[tuple[int, int]]:
    return {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in PdfReader(pdf).pages}


@pytest.mark.parametrize(
    ("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))], ids=["vs-2025-ru-a4", "vs-2025-ru-letter"]
)  # the id ends in the kit (tests/conftest.py)
def test_page_sizes(paper: str, size: tuple[int, int], kits: ExampleKits) -> None:
    out = kits("vs-2025", "ru", paper)
    for name in ("battle-cards.pdf", "tokens.pdf", "quickref.pdf"):
        # Letter turns its card sheets for 4×2 cards with crop marks in the printable area (issue 17).
        turned = name == "battle-cards.pdf" and paper == "letter"
        assert sizes(out / name) == {size[::-1] if turned else size}, name


@pytest.mark.parametrize(("paper", "layout"), [("a4", (3, 3, False)), ("letter", (4, 2, True))])
def test_standard_cards_per_sheet(paper: str, layout: tuple[int, int, bool]) -> None:
    # 3×3 on Letter would leave 7.7 mm above and below the cards: no room for crop marks inside a
    # 6 mm printable margin, so Letter takes 4×2 on a turned sheet (issue 17).
    grid, landscape = best_grid(PAPERS[paper], (63 * MM, 88 * MM))
    assert (grid.cols, grid.rows, landscape) == layout


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("printer", [None, Printer((1.5 * MM, -2.0 * MM), 1.0), Printer((-0.8 * MM, 0.6 * MM), 0.99)])
def test_front_and_back_centres_coincide_after_the_flip(flip: str, printer: Printer | None) -> None:
    page = PAPERS["a4"]
    grid, _ = best_grid(page, (63 * MM, 88 * MM))
    for front in grid.boxes:
        back = back_box(front, page, flip, printer)
        seen = seen_through(back, page, flip, printer)
        assert seen.centre == pytest.approx(front.centre, abs=1e-6)
        if printer is not None and printer.scale == 1.0:
            plain = back_box(front, page, flip)
            assert (back.x - plain.x, back.y - plain.y) == pytest.approx(printer.back_offset)


def raster(pdf: Path, index: int, scale: float = 2.0):  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(pdf))[index]
    return page.render(scale=scale).to_pil().convert("RGB"), page.get_size()


def to_pixels(box: Box, height: float, scale: float) -> tuple[int, int, int, int]:
    return (math.floor(box.x * scale), math.floor((height - box.y - box.h) * scale),
            math.ceil((box.x + box.w) * scale), math.ceil((height - box.y) * scale))  # fmt: skip


def test_backs_print_behind_their_fronts(kits: ExampleKits) -> None:
    out = kits("vs-2025")
    session = load_session(EXAMPLES / "vs-2025.yaml")
    grid, page = best_grid(PAPERS["a4"], (63 * MM, 88 * MM))[0], PAPERS["a4"]
    image, (_, height) = raster(out / "battle-cards.pdf", 1)
    colour = tuple(round(v * 255) for v in hex_colour(decks(session)[0].colour))
    for front in grid.boxes:
        back = back_box(front, page, "long")
        x, y = back.centre
        # Off the central emblem, the back shows the player's colour or its pattern's tint.
        px = image.getpixel((int((x - back.w * 0.38) * 2), int((height - y - back.h * 0.35) * 2)))
        assert px[0] > 120 and abs(px[0] - colour[0]) < 90, px


@pytest.mark.slow
def test_crop_marks_stay_outside_every_card_and_are_long_enough(kits: ExampleKits) -> None:
    out = kits("vs-2025")
    scale = 4.0
    image, (_, height) = raster(out / "battle-cards.pdf", 0, scale)
    grid = best_grid(PAPERS["a4"], (63 * MM, 88 * MM))[0]
    boxes = [to_pixels(b, height, scale) for b in grid.boxes]
    pixels = image.load()
    dark_inside = dark_outside = 0
    for yy in range(0, image.size[1]):
        for xx in range(0, image.size[0], 1):
            r, g, b = pixels[xx, yy]
            if r < 40 and g < 40 and b < 40:
                inside = any(x0 <= xx < x1 and y0 <= yy < y1 for x0, y0, x1, y1 in boxes)
                dark_inside += inside
                dark_outside += not inside
    assert dark_inside == 0 and dark_outside > 0
    # Every vertical cut line has a mark above the block at least 5 mm long.
    block = grid.block()
    top = int((height - block.y - block.h) * scale)
    for x in grid.cut_lines()[0]:
        column = int(x * scale)
        run_length = sum(
            1 for yy in range(0, top) if any(pixels[cx, yy][0] < 40 for cx in (column - 1, column, column + 1))
        )
        assert run_length >= 5 * MM * scale * 0.95, x


def test_print_at_100_percent_is_requested(kits: ExampleKits) -> None:
    out = kits("vs-2025")
    for name in ("battle-cards.pdf", "tokens.pdf"):
        prefs = PdfReader(out / name).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None"


@pytest.mark.rule("vs.print.battle-cards")
def test_default_card_counts_cover_the_standard_starts_and_the_largest_army(kits: ExampleKits) -> None:
    from printkit.games.vs.army import parse_side

    for config, start in (("vs-2025.yaml", "knights@castle"), ("vs-2003.yaml", "knights@city")):
        session = load_session(EXAMPLES / config)
        counts = default_counts(session)
        assert counts == {"attack": 12, "fire": 12, "defend": 12, "attack+": 6, "fire+": 6, "defend+": 6}
        vs = vs_of(session.ruleset)
        side = parse_side(start, vs, attacking=False)
        # Every squad of the standard start may take the same order: 5 (2025) or 6 (2003) «+» cards.
        assert sum(u.squads for u in side if u.advantage) <= counts["attack+"]
        most = max(t.squads for t in vs.troops) + max(s.garrison for s in vs.structures)
        assert most <= counts["attack+"] <= counts["attack"]  # the biggest troop with the biggest garrison
    session = load_session(EXAMPLES / "vs-2025.yaml")
    counts = default_counts(session)
    out = kits("vs-2025")
    per_player = sum(counts.values())
    sheets = -(-per_player // 9)
    assert len(PdfReader(out / "battle-cards.pdf").pages) == len(session.players) * sheets * 2


def test_card_options_from_the_config(tmp_path: Path) -> None:
    config = write(
        tmp_path / "c.yaml",
        """game: vs-2003
players:
  - {name: A, colour: "#123456"}
  - {name: B}
cards:
  size: mini
  duplex: short
  corners: true
  per_player: {attack: 2, fire: 2, defend: 2, attack+: 1, fire+: 0, defend+: 0}
  players: [A]
printer: {back_offset_mm: [1.5, -1], scale: 1.0}
""",
    )
    session = load_session(config)
    (deck,) = decks(session)
    assert (deck.name, deck.colour, len(deck.cards)) == ("A", "#123456", 7)
    grid, landscape = best_grid(PAPERS["a4"], (44 * MM, 63 * MM))
    assert (grid.cols, grid.rows, landscape) == (6, 3, True)  # 18 on a turned sheet beats 16 upright
    result = run("build", config, "--only", "battle-cards", "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    assert len(PdfReader(tmp_path / "kit" / "battle-cards.pdf").pages) == 2


def test_cards_too_big_for_the_paper_fail_clearly(tmp_path: Path) -> None:
    config = write(tmp_path / "c.yaml", "game: vs-2025\ncards: {size: 200x280mm}\n")
    result = run("build", config, "--only", "battle-cards", "--paper", "letter", "--out", tmp_path / "kit")
    assert result.exit_code == 5
    assert "200×280 mm cards with 3 mm bleed do not fit on letter" in result.output
    assert not (tmp_path / "kit").exists()


def test_bad_card_size_is_a_config_error(tmp_path: Path) -> None:
    config = write(tmp_path / "c.yaml", "game: vs-2025\ncards: {size: huge}\n")
    result = run("validate", config)
    assert result.exit_code == 3
    assert (
        "cards.size: «huge» — это не размер карт: standard, poker, bridge, mini, tarot или вида 63x88mm"
        in result.output
    )


def test_png_per_face_at_300_dpi(tmp_path: Path) -> None:
    from PIL import Image

    result = run("build", EXAMPLES / "vs-2025.yaml", "--only", "battle-cards", "--png", tmp_path / "png",
                 "--out", tmp_path / "kit")  # fmt: skip
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert names == sorted([f"{o}{s}.png" for o in ("attack", "fire", "defend") for s in ("", "-plus")]
                           + [f"back-player-{n}.png" for n in (1, 2, 3)])  # fmt: skip
    for path in (tmp_path / "png").iterdir():
        assert Image.open(path).size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))


def test_order_resolution_follows_the_rules() -> None:
    a, f, d = (Card(o) for o in ("attack", "fire", "defend"))
    ap, fp, dp = (Card(o, True) for o in ("attack", "fire", "defend"))
    assert resolve(ORDERS, a, f) == "a" and resolve(ORDERS, f, d) == "a" and resolve(ORDERS, d, a) == "a"
    assert resolve(ORDERS, f, a) == "b" and resolve(ORDERS, a, d) == "b"
    assert resolve(ORDERS, a, a) == "both" and resolve(ORDERS, ap, ap) == "both"
    assert resolve(ORDERS, ap, a) == "a" and resolve(ORDERS, f, fp) == "b"
    assert resolve(ORDERS, ap, f) == "a" and resolve(ORDERS, dp, fp) == "b"  # the cycle beats the «+»


@pytest.mark.rule("vs.print.quick-reference")
def test_quickref_order_table_matches_the_referee(kits: ExampleKits) -> None:
    text = " ".join(pdf_text(kits("vs-2025") / "quickref.pdf"))
    cards = all_cards(ORDERS)
    names = {c: ORDERS.names[c.order]["ru"] + (" +" if c.advantage else "") for c in cards}
    word = {"a": "нап.", "b": "обор.", "both": "оба"}
    for a in cards:
        expected = " ".join(word[resolve(ORDERS, a, b)] for b in cards)
        assert re.search(re.escape(names[a]) + r"\s+" + re.escape(expected), text), names[a]


@pytest.mark.rule("vs.print.quick-reference")
@pytest.mark.rule("vs.garrison.values")
@pytest.mark.rule("vs.troop.magic-squads")
def test_quickref_prints_the_edition_tables(kits: ExampleKits) -> None:
    for game, castle in (("vs-2025", "100"), ("vs-2003", "75")):
        text = re.sub(r"\s+", " ", " ".join(pdf_text(kits(game) / "quickref.pdf")))
        assert len(PdfReader(kits(game) / "quickref.pdf").pages) <= 2
        assert re.search(r"Замок 3 " + castle, text), game
        rules = load_bundled(game)
        for troop in vs_of(rules).troops:
            assert troop.name["ru"] in text
        for spell in vs_of(rules).spells:
            for o in spell.outcomes:
                # «корабль-призрак» may break at its own hyphen: read back, the line break is a space.
                assert o.text["ru"] in text.replace("- ", "-"), o.text["ru"]
        # The 2025 figures lost with the pictures are the 2003 ones, each marked, and the card says so;
        # the ghost ship's squads are printkit's own reading, marked and explained.
        assert ("* из издания 2003 года" in text) == (game == "vs-2025")
        assert (re.search(r"Замок 3 100 с земли 1\+\* ", text) is not None) == (game == "vs-2025")
        assert (re.search(r"Корабль-призрак‡ магия 2\+† ", text) is not None) == (game == "vs-2025")
        assert ("† прочтение этого набора" in text) == (game == "vs-2025") or game == "vs-2003"
        assert (re.search(r"Дракон‡ магия 50 4\+ 15 5 5 5 5 5† ", text) is not None) == (game == "vs-2003")


@pytest.mark.rule("vs.print.tokens")
def test_tokens_for_every_player_and_edition(kits: ExampleKits) -> None:
    for game in ("vs-2025", "vs-2003"):
        session = load_session(EXAMPLES / f"{game}.yaml")
        vs = vs_of(session.ruleset)
        for number in range(1, len(session.players) + 1):
            name = session.players[number - 1].name
            own = {t.title for t in tokens(session) if t.owner == name}
            # Every building, mine and troop of the edition, in this player's colour.
            assert own >= {s.name["ru"] for s in vs.structures} | {m.name["ru"] for m in vs.mines} | {
                t.name["ru"] for t in vs.troops}  # fmt: skip
        text = re.sub(r"\s+", " ", " ".join(pdf_text(kits(game) / "tokens.pdf")))
        castle = next(s for s in vs.structures if s.id == "castle")
        assert f"{castle.cost} мон." in text and "гарнизон:" in text and "клеток за ход" in text


def test_calibrate(workdir: Path) -> None:
    result = run("calibrate", "--paper", "letter", "--out", workdir / "cal")
    assert result.exit_code == 0, result.output
    pdf = workdir / "cal" / "calibration.pdf"
    assert sizes(pdf) == {(612, 792)} and len(PdfReader(pdf).pages) == 2
    text = " ".join(pdf_text(pdf))
    assert "Линейка 50 мм" in text and "back_offset_mm" in text


def back_pages(pdf: Path) -> list[str]:
    """The text of every sheet of backs (each sheet of fronts is followed by its backs)."""
    return pdf_text(pdf)[1::2]


@pytest.mark.parametrize("lang", ["ru", "en"], ids=["vs-2025-ru-a4", "vs-2025-en-a4"])  # the kit read
def test_card_backs_carry_no_session_title_unless_asked(kits: ExampleKits, lang: str) -> None:
    """issue 33: the session's title was printed on every battle-card back (in Russian on English
    cards too), so the decks served one session only. By default a back holds the player's name
    alone; `--title-on-backs` puts the title back on every one."""
    session = load_session(EXAMPLES / "vs-2025.yaml")
    assert session.title
    title_words = session.title.split()
    plain = back_pages(kits("vs-2025", lang) / "battle-cards.pdf")
    names = [p.name for p in session.players if p.name]
    assert plain and all(any(name in page for name in names) for page in plain)
    assert not any(word in page for page in plain for word in title_words if len(word) > 3)
    asked = kits.build(EXAMPLES / "vs-2025.yaml", "--only", "battle-cards", "--lang", lang, "--title-on-backs")
    titled = back_pages(asked / "battle-cards.pdf")
    assert len(titled) == len(plain)
    flat = [re.sub(r"\s+", " ", page) for page in titled]
    assert all(title_words[0] in page and title_words[-1] in page for page in flat)


def test_each_mine_metal_has_its_own_pictogram() -> None:
    """issue 33: the four mine types shared one pictogram (a pickaxe); each metal now has its own."""
    from printkit.games.vs import pictograms

    for game in ("vs-2025", "vs-2003"):
        session = load_session(EXAMPLES / f"{game}.yaml")
        names = {m.name["ru"] for m in vs_of(session.ruleset).mines}
        mines = {t.title: t.kind for t in tokens(session) if t.title in names}
        assert len(mines) == 4 and all(pictograms.has(kind) for kind in mines.values())
        drawings = [repr(pictograms.PICTOGRAMS[kind]) for kind in mines.values()]
        assert len(set(drawings)) == 4, mines
