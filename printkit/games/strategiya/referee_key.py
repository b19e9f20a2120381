"""The referee key: every object's whole chain through both sheets, page data first, then the PDF."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from ...config.model import Session
from ...config.session import display_title
from ...errors import RenderError
from ...geometry import mm, paper_size
from ...labels import label
from ...render import fonts
from ...render.canvas import TextRuns, draw_fitted, hex_colour, ink_on, open_canvas, stamp_form, tint
from .codes import Chain, GameSecrets, compose
from .model import Rules, rules_of, session_of
from .secret_sheets import GREY, MARGIN, MIN_ROW, draw_header, kit_line


@dataclass(frozen=True)
class KeyBlock:
    title: str
    colour: str
    rows: tuple[tuple[int, int, int, str, bool], ...]  # object, sheet 1, sheet 2, what is there, found?


@dataclass(frozen=True)
class KeyPage:
    title: str
    heading: str
    kit_line: str
    note: str
    section: str
    headers: tuple[str, str, str, str]
    blocks: tuple[KeyBlock, ...]


def _key_entry(rules: Rules, chain: Chain, lang: str) -> str:
    """What the key prints for a chain: resources as days × price a day = the haul, short enough
    for the key's narrow column."""
    found = rules.resource_at(chain.terrain, chain.second) if chain.section == "resources" else None
    if found is None or found.endless or found.days is None:
        return chain.entry
    return label("key_resource", lang, name=found.name[lang], days=found.days, price=found.price,
                 total=found.days * found.price)  # fmt: skip


def key_pages(session: Session, games: Sequence[GameSecrets]) -> list[KeyPage]:
    """The referee's pages: for every game and section, each object's whole chain."""
    lang, rules = session.language, rules_of(session.ruleset)
    assert rules.secret is not None
    pages = []
    for g in games:
        kit_line = f"{label('kit_id', lang)} {g.kit_id}"
        if len(games) > 1:
            kit_line += " · " + label("game_n_of", lang, n=g.game, total=len(games))
        for section in rules.secret.sections:
            blocks = []
            for t in rules.terrains:
                rows = []
                for n in range(1, t.slots + 1):
                    chain = compose(rules, session_of(session), g.sheets, section, t.id, n, lang)
                    rows.append((n, chain.first, chain.second, _key_entry(rules, chain, lang), chain.found))
                blocks.append(KeyBlock(t.name[lang], t.colour, tuple(rows)))
            pages.append(
                KeyPage(
                    title=display_title(session),
                    heading=label("referee_key", lang),
                    kit_line=kit_line,
                    note=label("referee_key_note", lang),
                    section=label(f"section_{section}", lang),
                    headers=(
                        label("key_object", lang),
                        label("key_sheet", lang, n=1),
                        label("key_sheet", lang, n=2),
                        label("key_entry", lang),
                    ),
                    blocks=tuple(blocks),
                )
            )
    return pages


# ---- drawing ---------------------------------------------------------------------------------------
# A stack of games repeats the same page with other numbers: everything but the numbers and the kit
# line is drawn once as a form and stamped on every page, and the numbers go out as one text object
# per page (see TextRuns). A stack of 10,000 games stays a matter of seconds.

# The most games one build stacks (`secret-sheets --games`): about 6 s and 150 MB on a small machine
# (bench/secret_sheets.py); ten times as many took a minute and a gigabyte.


def write_key(target: str | IO[bytes], pages: Sequence[KeyPage], paper: str, subject: str) -> None:
    """The referee key PDF: one page per game and section."""
    c = open_canvas(target, paper, pages[0].title + " — " + pages[0].heading, subject)
    width, height = paper_size(paper)
    forms: dict[Any, str] = {}
    runs = TextRuns(c)
    for page in pages:
        static = (page.title, page.heading, page.note, page.section, page.headers,
                  tuple((b.title, b.colour, len(b.rows)) for b in page.blocks))  # fmt: skip
        c.doForm(stamp_form(c, forms, static, lambda c, page=page: _draw_key_form(c, page, width, height)))
        kit_line(c, width, height - MARGIN, page.kit_line)
        for block, box in zip(page.blocks, _key_boxes(page, width, height), strict=True):
            _draw_key_rows(runs, block, *box)
        runs.draw()
        c.showPage()
    c.save()


def _key_boxes(page: KeyPage, width: float, height: float) -> list[tuple[float, float, float, float]]:
    top = height - MARGIN
    gap = mm(5)
    block_w = (width - 2 * MARGIN - gap) / 2
    per_column = (len(page.blocks) + 1) // 2
    area_top = top - 62
    block_h = (area_top - MARGIN - gap * (per_column - 1)) / per_column
    boxes = []
    for i in range(len(page.blocks)):
        col, row = divmod(i, per_column)
        boxes.append((MARGIN + col * (block_w + gap), area_top - (row + 1) * block_h - row * gap, block_w, block_h))
    return boxes


def _draw_key_form(c: Any, page: KeyPage, width: float, height: float) -> None:
    top = height - MARGIN
    draw_header(c, width, top, page.title, page.heading, page.section)
    c.setFillColorRGB(*GREY)
    draw_fitted(c, MARGIN, top - 50, page.note, fonts.SANS, 9, width - 2 * MARGIN)
    for block, box in zip(page.blocks, _key_boxes(page, width, height), strict=True):
        _draw_key_block(c, block, page.headers, *box)


KEY_BAND = 16
KEY_HEAD = 11


def _key_rows(block: KeyBlock, height: float) -> float:
    """A key block's row height, or a RenderError when its rows would overprint."""
    rows = len(block.rows)
    row_h = min(16.0, (height - KEY_BAND - KEY_HEAD) / max(rows, 1))
    if row_h < MIN_ROW:
        raise RenderError(f"the referee key has room for {int((height - KEY_BAND - KEY_HEAD) // MIN_ROW)} objects "
                          f"per terrain on this paper; the ruleset asks for {rows}")  # fmt: skip
    return row_h


def _draw_key_block(
    c: Any, block: KeyBlock, headers: tuple[str, str, str, str], x: float, y: float, width: float, height: float
) -> None:
    """A key block's band, headings, stripes and frame; its rows come per game (_draw_key_rows)."""
    rgb = hex_colour(block.colour)
    c.setFillColorRGB(*rgb)
    c.rect(x, y + height - KEY_BAND, width, KEY_BAND, stroke=0, fill=1)
    c.setFillColorRGB(*ink_on(rgb))
    draw_fitted(c, x + 5, y + height - KEY_BAND + 4.5, block.title, fonts.SANS_BOLD, 10.5, width - 10)
    num_w = width * 0.13
    cols = [x + 3, x + 3 + num_w, x + 3 + 2 * num_w, x + 3 + 3 * num_w]
    entry_w = width - 3 * num_w - 6
    hy = y + height - KEY_BAND - KEY_HEAD + 3
    c.setFillColorRGB(*GREY)
    for cx, text, w in zip(cols, headers, (num_w, num_w, num_w, entry_w), strict=True):
        draw_fitted(c, cx, hy, text, fonts.NARROW, 7.5, w - 2)
    rows = len(block.rows)
    row_h = _key_rows(block, height)
    for r in range(rows):
        ry = y + height - KEY_BAND - KEY_HEAD - (r + 1) * row_h
        if r % 2 == 0:
            c.setFillColorRGB(*tint(rgb, 0.14))
            c.rect(x, ry, width, row_h, stroke=0, fill=1)
    c.setStrokeColorRGB(*rgb)
    c.setLineWidth(0.8)
    c.rect(x, y + height - KEY_BAND - KEY_HEAD - rows * row_h, width, KEY_BAND + KEY_HEAD + rows * row_h, stroke=1,
           fill=0)  # fmt: skip


def _draw_key_rows(runs: TextRuns, block: KeyBlock, x: float, y: float, width: float, height: float) -> None:
    num_w = width * 0.13
    cols = [x + 3, x + 3 + num_w, x + 3 + 2 * num_w, x + 3 + 3 * num_w]
    entry_w = width - 3 * num_w - 6
    row_h = _key_rows(block, height)
    for r, (obj, first, second, entry, found) in enumerate(block.rows):
        base = y + height - KEY_BAND - KEY_HEAD - (r + 1) * row_h + row_h / 2 - 3
        runs.colour((0, 0, 0))
        runs.text(cols[0], base, str(obj), fonts.NARROW_BOLD, 10)
        runs.text(cols[1], base, str(first), fonts.NARROW, 10)
        runs.text(cols[2], base, str(second), fonts.NARROW, 10)
        # Empty finds in grey, so the game master's eye lands on what is really there.
        runs.colour((0, 0, 0) if found else GREY)
        # What players typed is cut short rather than printed below 6 pt.
        runs.fitted(cols[3], base, entry, fonts.NARROW, 10, entry_w, shorten=True)
