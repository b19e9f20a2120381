"""Print-shop files (one face per page, trim and bleed boxes) and sheets for cutting machines (issue 17)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.session import load_session, with_overrides
from printkit.games.vs.cards import decks, layout
from printkit.games.vs.model import vs_session
from printkit.games.vs.tokens import tokens
from printkit.geometry import MM, PRINTABLE_MARGIN
from printkit.imposition import Box
from printkit.render.printshop import REG_INSET, REG_SQUARE, SHOP_BLEED, SHOP_SAFE, registration_keep_out

from .conftest import EXAMPLES, ExampleKits, run
from .pdfcheck import ink_in_margin, read

PAPERS = ["a4", "letter"]


@cache
def shop_kit(paper: str) -> Path:
    import tempfile

    out = Path(tempfile.mkdtemp(prefix=f"shop-{paper}-")) / "kit"
    result = run("build", EXAMPLES / "vs-2025.yaml", "--only", "battle-cards,tokens,markers", "--paper", paper,
                 "--print-shop", "--cutter", "silhouette", "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    return out


def session(paper: str):  # type: ignore[no-untyped-def]
    return with_overrides(load_session(EXAMPLES / "vs-2025.yaml"), paper=paper)


def boxes(page) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:  # type: ignore[no-untyped-def]
    return tuple(tuple(round(float(v), 2) for v in b) for b in (page.mediabox, page.trimbox, page.bleedbox))  # type: ignore[return-value]


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_print_shop_cards_are_one_face_per_page_with_trim_and_bleed(paper: str) -> None:
    reader = PdfReader(shop_kit(paper) / "battle-cards-print-shop.pdf")
    cards = sum(len(d.cards) for d in decks(session(paper)))
    assert len(reader.pages) == 2 * cards  # every card of every deck: its front, then its back
    w, h, b = 63 * MM, 88 * MM, SHOP_BLEED
    expected = ((0, 0, round(w + 2 * b, 2), round(h + 2 * b, 2)), (round(b, 2), round(b, 2), round(w + b, 2),
                round(h + b, 2)), (0, 0, round(w + 2 * b, 2), round(h + 2 * b, 2)))  # fmt: skip
    assert all(boxes(page) == expected for page in reader.pages)
    # A standard card with 1/8 in bleed: 69.35 × 94.35 mm, the size the shops' templates have.
    assert (round((w + 2 * b) / MM, 2), round((h + 2 * b) / MM, 2)) == (69.35, 94.35)


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_print_shop_tokens_keep_their_text_inside_the_safe_area(paper: str) -> None:
    pdf = shop_kit(paper) / "tokens-print-shop.pdf"
    pages = read(pdf)
    assert len(pages) == 2 * len(tokens(session(paper)))
    for page in pages:
        assert page.trim is not None and page.bleed is None  # the bleed box is the whole page
        x0, y0, x1, y1 = page.trim
        inside = (x0 + SHOP_SAFE - 0.3, y0 + SHOP_SAFE - 0.3, x1 - SHOP_SAFE + 0.3, y1 - SHOP_SAFE + 0.3)
        for g in page.glyphs:
            assert g.size >= 6.0 - 0.01, (page.number, g.char, g.size)
            assert inside[0] <= g.x0 and g.x1 <= inside[2] and inside[1] <= g.y0 and g.y1 <= inside[3], (
                page.number, g.char)  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_2003_print_shop_tokens_fit_their_transports_figures(lang: str, kits: ExampleKits) -> None:
    """issue 33: the 2003 transport's cost («10 мон. (5 в постр.)») was wider than a print shop's safe
    area at 6 pt and stopped the build; a figure that wide now takes two lines, inside the safe area."""
    kit = kits.build(EXAMPLES / "vs-2003.yaml", "--only", "tokens", "--print-shop", "--lang", lang)
    pages = read(kit / "tokens-print-shop.pdf")
    text = " ".join("".join(g.char for g in page.glyphs) for page in pages)
    assert ("постр." if lang == "ru" else "bldg") in text
    for page in pages:
        assert page.trim is not None
        x0, y0, x1, y1 = page.trim
        for g in page.glyphs:
            assert g.size >= 6.0 - 0.01 and x0 + SHOP_SAFE - 0.3 <= g.x0 and g.x1 <= x1 - SHOP_SAFE + 0.3, g.char
            assert y0 + SHOP_SAFE - 0.3 <= g.y0 and g.y1 <= y1 - SHOP_SAFE + 0.3, g.char


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_print_shop_card_text_stays_inside_the_safe_area(paper: str) -> None:
    for page in read(shop_kit(paper) / "battle-cards-print-shop.pdf")[:4]:
        assert page.trim is not None
        x0, y0, x1, y1 = page.trim
        for g in page.glyphs:
            assert x0 + SHOP_SAFE <= g.x0 and g.x1 <= x1 - SHOP_SAFE, (page.number, g.char)
            assert y0 + SHOP_SAFE <= g.y0 and g.y1 <= y1 - SHOP_SAFE, (page.number, g.char)


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["battle-cards.pdf", "tokens.pdf", "markers.pdf"])
def test_cutter_sheets_carry_registration_marks_clear_of_the_art(paper: str, name: str) -> None:
    import pypdfium2 as pdfium

    pdf = shop_kit(paper) / name
    assert not ink_in_margin(pdf, PRINTABLE_MARGIN)
    document = pdfium.PdfDocument(str(pdf))
    scale = 2.0
    for index in (0, 1):
        page = document[index]
        image = page.render(scale=scale, grayscale=True).to_pil()
        centre = (REG_INSET + REG_SQUARE / 2) * scale
        dark = image.getpixel((int(centre), int(centre))) < 60
        assert dark == (index == 0), index  # the square on the front sheet only; backs are not cut
    document.close()


@pytest.mark.parametrize("paper", PAPERS)
def test_cards_leave_the_registration_marks_clear(paper: str) -> None:
    grid, page = layout(session(paper), "silhouette")
    reach = [Box(b.x - grid.bleed, b.y - grid.bleed, b.w + 2 * grid.bleed, b.h + 2 * grid.bleed) for b in grid.boxes]
    for mark in registration_keep_out(page):
        for r in reach:
            assert not (r.x < mark.x + mark.w and mark.x < r.x + r.w and r.y < mark.y + mark.h and mark.y < r.y + r.h)
    assert grid.per_sheet >= 6


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_cut_templates_outline_every_slot_of_a_sheet(paper: str) -> None:
    kit = shop_kit(paper)
    grid, page = layout(session(paper), "silhouette")
    svg = ET.parse(kit / "battle-cards-cut.svg").getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert svg.get("width") == f"{page[0] / MM:.3f}mm" and svg.get("height") == f"{page[1] / MM:.3f}mm"
    cuts = svg.findall("s:g[@id='cut']/s:rect", ns)
    marks = svg.findall("s:g[@id='registration-marks']/s:rect", ns)
    assert len(cuts) == grid.per_sheet and len(marks) == 5
    first = grid.boxes[0]
    assert float(cuts[0].get("x", "")) == pytest.approx(first.x / MM, abs=0.01)
    assert float(cuts[0].get("y", "")) == pytest.approx((page[1] - first.y - first.h) / MM, abs=0.01)
    assert len(ET.parse(kit / "tokens-cut.svg").getroot().findall("s:g[@id='cut']/s:rect", ns)) > 20


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_markers_and_coins_get_cut_templates_and_no_print_shop_file(paper: str) -> None:
    """Markers and coins share their sheets (issue 33): each sheet has its own template, markers cut
    square and coins round, and there is no print-shop file."""
    kit = shop_kit(paper)
    options = vs_session(session(paper))
    ns = {"s": "http://www.w3.org/2000/svg"}
    cuts = ET.parse(kit / "markers-cut.svg").getroot().findall("s:g[@id='cut']/s:rect", ns)
    sizes = {"markers": options.tokens.marker_mm, "coins": options.coins.size_mm}
    found = {stem: [r for r in cuts if float(r.get("width", "")) == pytest.approx(size, abs=0.01)]
             for stem, size in sizes.items()}  # fmt: skip
    assert found["markers"] and found["coins"] and len(cuts) == len(found["markers"]) + len(found["coins"])
    assert all(float(r.get("rx", "")) == pytest.approx(0.0, abs=0.01) for r in found["markers"])
    assert all(float(r.get("rx", "")) == pytest.approx(sizes["coins"] / 2, abs=0.01) for r in found["coins"])
    assert not (kit / "markers-print-shop.pdf").exists() and not (kit / "coins.pdf").exists()  # see the README
