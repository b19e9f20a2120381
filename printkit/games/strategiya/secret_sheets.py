"""Secret sheets and the referee key: page data from the binary code, then their PDFs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from printkit.plugin import (
    PRINTABLE_MARGIN,
    Build,
    RenderError,
    Session,
    UsageError,
    display_title,
    label,
    mm,
    open_canvas,
    paper_size,
    player_name,
)
from printkit.render import TextRuns, draw_fitted, fonts, hex_colour, ink_on, stamp_form, tint

from .codes import MAX_KEY_GAMES, Chain, GameSecrets, SheetSecrets, compose, key_json, make_games
from .model import Rules, rules_of, session_of


@dataclass(frozen=True)
class Column:
    title: str
    colour: str
    rows: tuple[tuple[int, int | None], ...]  # (object number, secret number or None on a blank form)


@dataclass(frozen=True)
class Section:
    title: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class SheetPage:
    title: str
    heading: str
    player: str
    kit_line: str
    warning: str
    hint: str
    fold: str
    sections: tuple[Section, ...]


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


def sheet_page(session: Session, player: int, sheet: SheetSecrets | None, games_total: int = 1) -> SheetPage:
    """One page of a player's secret sheet; sheet=None gives the blank form of the rules."""
    lang, rules = session.language, rules_of(session.ruleset)
    assert rules.secret is not None
    sections = []
    for section in rules.secret.sections:
        columns = []
        for t in rules.terrains:
            numbers = sheet.columns[section][t.id] if sheet else (None,) * t.slots
            columns.append(Column(t.short[lang], t.colour, tuple(zip(range(1, t.slots + 1), numbers, strict=True))))
        sections.append(Section(label(f"section_{section}", lang), tuple(columns)))
    if sheet:
        kit_line = f"{label('kit_id', lang)} {sheet.kit_id}"
        if games_total > 1:
            kit_line += " · " + label("game_n_of", lang, n=sheet.game, total=games_total)
        hint = label("how_to_read", lang)
    else:
        kit_line = label("blank_form", lang)
        hint = label("blank_hint", lang, n=max(t.slots for t in rules.terrains))
    return SheetPage(
        title=display_title(session),
        heading=f"{label('secret_sheet', lang)} · {label('player_n', lang, n=player)}",
        player=player_name(session, player),
        kit_line=kit_line,
        warning=label("do_not_show", lang),
        hint=hint,
        fold=label("fold_here", lang),
        sections=tuple(sections),
    )


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
MAX_GAMES = MAX_KEY_GAMES
MARGIN = mm(12)
HEADER = mm(36)
GREY = (0.45, 0.45, 0.45)  # rules and frames
WARN = (0.70, 0.10, 0.10)  # the warning's frame
# Type prints black: a mono laser halftones a grey or a red into dots that small letters lose.
INK = (0.0, 0.0, 0.0)
# The smallest row and column that keep the numbers apart; a ruleset asking for more numbers per
# terrain, or more terrains, than a page can hold that way is refused rather than overprinted.
MIN_ROW = 11.0
MIN_COLUMN = mm(14)


def write_sheets(target: str | IO[bytes], pages: Sequence[SheetPage], paper: str, subject: str) -> None:
    """A PDF with one page per SheetPage."""
    c = open_canvas(target, paper, pages[0].title + " — " + pages[0].heading, subject)
    width, height = paper_size(paper)
    forms: dict[Any, str] = {}
    runs = TextRuns(c)
    for page in pages:
        static = (page.title, page.heading, page.player, page.warning, page.hint, page.fold,
                  tuple((s.title, tuple((col.title, col.colour, len(col.rows)) for col in s.columns))
                        for s in page.sections))  # fmt: skip
        c.doForm(stamp_form(c, forms, static, lambda c, page=page: _draw_sheet_form(c, page, width, height)))
        _draw_sheet_numbers(c, runs, page, width, height)
        c.showPage()
    c.save()


def _draw_header(c: Any, width: float, top: float, title: str, heading: str, sub_left: str) -> None:
    inner = width - 2 * MARGIN
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, MARGIN, top - 16, title, fonts.SANS_BOLD, 16, inner * 0.48)
    draw_fitted(c, MARGIN + inner * 0.5, top - 16, heading, fonts.SANS_BOLD, 16, inner * 0.5, align="right")
    draw_fitted(c, MARGIN, top - 32, sub_left, fonts.SANS, 12, inner * 0.55)


def _kit_line(c: Any, width: float, top: float, text: str) -> None:
    inner = width - 2 * MARGIN
    c.setFillColorRGB(*INK)
    draw_fitted(c, MARGIN + inner * 0.56, top - 32, text, fonts.SANS, 11, inner * 0.44, align="right")


def _section_boxes(page_height: float, width: float, count: int) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of the sheet's sections: above the fold, then below it."""
    top = page_height - MARGIN
    header_bottom = top - HEADER
    # Folding the paper's bottom edge up to the header's lower edge hides both tables, face to face,
    # and leaves the header readable: so the fold sits halfway between the two.
    fold = header_bottom / 2
    gap = mm(4)
    inner = width - 2 * MARGIN
    boxes = [(MARGIN, fold + gap, inner, header_bottom - fold - 2 * gap)]
    if count > 1:
        boxes.append((MARGIN, MARGIN, inner, fold - gap - MARGIN))
    return boxes


def _grid(section: Section, width: float, height: float) -> tuple[float, float]:
    """Column width and row height of a section's table, or a RenderError when it would overprint."""
    columns = len(section.columns)
    rows = max(len(col.rows) for col in section.columns)
    col_w = width / columns
    row_h = min(mm(9.5), (height - 16 - 18) / rows)
    if row_h < MIN_ROW:
        raise RenderError(f"a secret-sheet column on this paper holds at most {int((height - 34) // MIN_ROW)} "
                          f"numbers; the ruleset asks for {rows}")  # fmt: skip
    if col_w < MIN_COLUMN:
        raise RenderError(f"a secret sheet holds at most {int(width // MIN_COLUMN)} terrains side by side; "
                          f"the ruleset has {columns}")  # fmt: skip
    return col_w, row_h


def _draw_sheet_form(c: Any, page: SheetPage, width: float, height: float) -> None:
    top = height - MARGIN
    inner = width - 2 * MARGIN
    _draw_header(c, width, top, page.title, page.heading, page.player)
    # Warning band, always visible: it stays above the fold.
    c.setStrokeColorRGB(*WARN)
    c.setLineWidth(1.2)
    c.rect(MARGIN, top - 60, inner, 20, stroke=1, fill=0)
    c.setFillColorRGB(*INK)
    draw_fitted(c, MARGIN + 6, top - 54, page.warning, fonts.SANS_BOLD, 11, inner - 12, align="center")
    c.setFillColorRGB(*INK)
    draw_fitted(c, MARGIN, top - 74, page.hint, fonts.SANS, 8.5, inner, align="center")
    _draw_fold(c, width, (top - HEADER) / 2, page.fold)
    for section, box in zip(page.sections, _section_boxes(height, width, len(page.sections)), strict=False):
        _draw_section(c, section, *box)


def _draw_fold(c: Any, width: float, y: float, text: str) -> None:
    c.setStrokeColorRGB(*GREY)
    c.setLineWidth(0.6)
    c.setDash(4, 3)
    # Edge to edge as far as a desktop printer prints: the fold itself runs across the whole sheet.
    c.line(PRINTABLE_MARGIN, y, width - PRINTABLE_MARGIN, y)
    c.setDash()
    c.setFont(fonts.SANS, 7.5)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text_width = stringWidth(text, fonts.SANS, 7.5)
    c.setFillColorRGB(1, 1, 1)
    c.rect(width / 2 - text_width / 2 - 4, y - 4, text_width + 8, 8, stroke=0, fill=1)
    c.setFillColorRGB(*INK)
    c.drawCentredString(width / 2, y - 2.5, text)


def _draw_section(c: Any, section: Section, x: float, y: float, width: float, height: float) -> None:
    """Everything of a section's table but the secret numbers."""
    band_h = 18
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, x, y + height - 12, section.title, fonts.SANS_BOLD, 12, width)
    col_w, row_h = _grid(section, width, height)
    rows = max(len(col.rows) for col in section.columns)
    band_top = y + height - 16
    for i, col in enumerate(section.columns):
        cx = x + i * col_w
        rgb = hex_colour(col.colour)
        c.setFillColorRGB(*rgb)
        c.rect(cx + 1, band_top - band_h, col_w - 2, band_h, stroke=0, fill=1)
        c.setFillColorRGB(*ink_on(rgb))
        draw_fitted(c, cx + 4, band_top - band_h + 5.5, col.title, fonts.SANS_BOLD, 10.5, col_w - 8, align="center")
        for r, (number, secret) in enumerate(col.rows):
            ry = band_top - band_h - (r + 1) * row_h
            if r % 2 == 0:
                c.setFillColorRGB(*tint(rgb, 0.16))
                c.rect(cx + 1, ry, col_w - 2, row_h, stroke=0, fill=1)
            c.setFillColorRGB(*INK)
            c.setFont(fonts.SANS, 9)
            c.drawRightString(cx + col_w * 0.34, ry + row_h / 2 - 3, str(number))
            c.setStrokeColorRGB(*GREY)
            c.setLineWidth(0.4)
            c.line(cx + col_w * 0.42, ry + row_h * 0.3, cx + col_w * 0.42, ry + row_h * 0.7)
            if secret is None:
                c.line(cx + col_w * 0.5, ry + row_h * 0.22, cx + col_w * 0.86, ry + row_h * 0.22)
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(0.8)
        c.rect(cx + 1, band_top - band_h - rows * row_h, col_w - 2, band_h + rows * row_h, stroke=1, fill=0)


def _draw_sheet_numbers(c: Any, runs: TextRuns, page: SheetPage, width: float, height: float) -> None:
    """What changes from game to game: the kit line and the secret numbers."""
    _kit_line(c, width, height - MARGIN, page.kit_line)
    runs.colour((0, 0, 0))
    for section, (x, y, w, h) in zip(page.sections, _section_boxes(height, width, len(page.sections)), strict=False):
        col_w, row_h = _grid(section, w, h)
        band_bottom = y + h - 16 - 18
        size = min(15, row_h * 0.62)
        for i, col in enumerate(section.columns):
            cx = x + i * col_w
            for r, (_, secret) in enumerate(col.rows):
                if secret is not None:
                    ry = band_bottom - (r + 1) * row_h
                    runs.text(cx + col_w * 0.68, ry + row_h / 2 - row_h * 0.2, str(secret), fonts.SANS_BOLD, size,
                              "center")  # fmt: skip
    runs.draw()


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
        _kit_line(c, width, height - MARGIN, page.kit_line)
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
    _draw_header(c, width, top, page.title, page.heading, page.section)
    c.setFillColorRGB(*INK)
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
    c.setFillColorRGB(*INK)
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


def build(b: Build) -> None:
    """The kit's secret sheets: one PDF per player and the referee key (PDF and JSON), or the blank form."""
    rules, lang = rules_of(b.session.ruleset), b.session.language
    count, player, blank = b.options.own("games", 1), b.options.own("player"), b.options.own("blank", False)
    assert rules.secret is not None
    if blank and (count != 1 or b.entropy.seeded):
        raise UsageError("--blank prints the empty form: it takes no --seed or --games")
    if not 1 <= count <= MAX_GAMES:
        raise UsageError(f"games: 1 to {MAX_GAMES} at once (a stack of {MAX_GAMES} is {4 * MAX_GAMES} pages)")
    holders = list(range(1, rules.secret.holders + 1))
    players = [player] if player else holders
    subject = label("secret_sheet", lang)
    if blank:
        pages = [sheet_page(b.session, p, None) for p in players]
        write_sheets(str(b.writer.path("secret-sheets-blank.pdf")), pages, b.session.paper, subject)
        b.progress("secret-sheets", 1, 1)
        return
    games = make_games(rules, b.entropy, count, players)
    steps = len(players) + 2
    for i, p in enumerate(players, start=1):
        pages = [sheet_page(b.session, p, g.sheet(p), count) for g in games]
        write_sheets(str(b.writer.path(f"secret-sheet-player-{p}.pdf")), pages, b.session.paper, subject)
        b.progress("secret-sheets", i, steps)
    if players == holders:
        b.writer.write("referee-key.json", key_json(rules, games))
        write_key(str(b.writer.path("referee-key.pdf")), key_pages(b.session, games), b.session.paper,
                  label("referee_key", lang))  # fmt: skip
    else:
        # One player's own sheet: its key part lets a referee merge both later (lookup --key A --key B).
        b.writer.write(f"referee-key-player-{player}.json", key_json(rules, games))
    b.progress("secret-sheets", steps, steps)
