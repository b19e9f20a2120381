"""The treasury ledger's pages: a page a player whatever his holdings, refused rather than cut off."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.session import load_session, with_overrides
from printkit.errors import RenderError
from printkit.games.vs.treasury_form import context, write_pages

from ..conftest import EXAMPLES


def _pages(ctx: dict, paper: str) -> list[str]:  # type: ignore[type-arg]
    out = io.BytesIO()
    write_pages(out, ctx, paper)
    return [page.extract_text() for page in PdfReader(io.BytesIO(out.getvalue())).pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_listing_still_fits_its_page(paper: str) -> None:
    ctx = context(with_overrides(load_session(EXAMPLES / "vs-2025.yaml"), "en", paper))
    ctx["players"][0]["listing"] = [(f"Land number {n} by the long river", "+12") for n in range(6)]
    pages = _pages(ctx, paper)
    assert len(pages) == len(ctx["players"]) + 1
    assert "Land number 5 by the long river" in pages[0] and "15" in pages[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_listing_too_long_for_the_page_is_refused(paper: str) -> None:
    ctx = context(with_overrides(load_session(EXAMPLES / "vs-2025.yaml"), "ru", paper))
    ctx["players"][0]["listing"] = [(f"Земля номер {n}", "+1") for n in range(40)]
    with pytest.raises(RenderError, match="does not fit on one page; shorten the names on the map"):
        _pages(ctx, paper)


def test_a_character_the_fonts_lack_is_named() -> None:
    ctx = context(load_session(EXAMPLES / "vs-2003.yaml"))
    ctx["players"][1]["name"] = "Юг ☃"
    with pytest.raises(RenderError, match=r"treasury ledger: the bundled fonts cannot print ☃ \(U\+2603\)"):
        _pages(ctx, "a4")


def test_the_pages_are_landscape(tmp_path: Path) -> None:
    ctx = context(load_session(EXAMPLES / "vs-2003.yaml"))
    target = tmp_path / "ledger.pdf"
    write_pages(str(target), ctx, "letter")
    boxes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in PdfReader(target).pages}
    assert boxes == {(792, 612)}
