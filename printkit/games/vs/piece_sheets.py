"""Sheets of two-sided pieces (tokens; markers and coins sharing sheets): backs behind fronts, cutter marks."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from printkit.imposition import Box, Grid, back_box, grid, shelves
from printkit.plugin import (
    MM,
    PAPERS,
    PRINTABLE_MARGIN,
    Build,
    ConfigError,
    Problem,
    Session,
    display_title,
    label,
    open_canvas,
)
from printkit.render import (
    SHOP_BLEED,
    SHOP_SAFE,
    cut_lines,
    cut_template_svg,
    fonts,
    registration_keep_out,
    registration_marks,
    write_faces,
)

from .model import vs_session

SHEET_MARGIN = 8 * MM  # every cut line and mark stays at least this far from the paper's edge
# Pieces stand this far apart, as on a publisher's counter sheet. A back's ground bleeds into its
# half of the gap: a back that lands 1.5 mm off its front (a home printer's duplex drift; `printkit
# calibrate` measures it) still shows its own colour at the cut, not a sliver of the neighbour's. A
# front bleeds a millimetre, enough for a cut a little outside the line, and the white left between
# two fronts shows where to cut.
GUTTER = 3 * MM
BLEED = GUTTER / 2  # a back's
FRONT_BLEED = 1 * MM

Item = TypeVar("Item", bound=Hashable)
# Draws one face of an item in its box, its ground reaching `bleed` past it: (canvas, box, item, back, bleed).
Face = Callable[[Any, Box, Item, bool, float], None]
# A face for a print shop: (canvas, box, item, back, bleed, safe). `bleed` carries the background
# past the box, `safe` keeps every word that far inside it (the shop's cutting tolerance).
ShopFace = Callable[[Any, Box, Item, bool, float, float], None]
Notes = Callable[[Sequence[Item]], list[str]]  # a sheet's footnotes from the items on it
Owner = Callable[[Item], Hashable]  # whose set an item belongs to: each set starts a row of its own
NOTE = 6.0  # pt: a sheet's footnotes, the smallest type printkit prints, in black (a grey halftones)


def sheet_grid(session: Session, size: tuple[float, float], cutter: str | None = None) -> Grid:
    """The grid of pieces GUTTER apart on the session's paper, clear of a cutting machine's marks."""
    page = PAPERS[session.paper]
    keep_out = registration_keep_out(page) if cutter else ()
    return grid(page, size, bleed=BLEED, gutter=GUTTER, margin=SHEET_MARGIN, keep_out=keep_out)


def shared_shelves(page: tuple[float, float], groups: Sequence[tuple[float, int]],
                   cutter: str | None = None) -> list[list[tuple[int, Box]]]:  # fmt: skip
    """Pieces of several sizes (side, count) on shared sheets, GUTTER apart (imposition.shelves), each
    group from a row of its own. Where they take more than one sheet the sheets are evened out: rows
    stop as high above the foot as they can without taking another sheet, so that the last is no
    near-empty sheet of card (issue 42: a second sheet a fifth full of coins)."""
    keep_out = registration_keep_out(page) if cutter else ()
    laid = shelves(page, groups, SHEET_MARGIN, keep_out, GUTTER)
    floor = SHEET_MARGIN
    while len(laid) > 1 and floor < page[1] / 2:
        higher = shelves(page, groups, SHEET_MARGIN, keep_out, GUTTER, floor + 2 * MM)
        if len(higher) > len(laid):
            break
        laid, floor = higher, floor + 2 * MM
    return laid


def footnote(c: Any, page: tuple[float, float], placed: Sequence[Box], notes: Sequence[str]) -> None:
    """The notes of a sheet (what the marks on its pieces mean) on the sheet itself, in the free band
    below its lowest piece or above its highest, as wide as the pieces' block and at least
    SHEET_MARGIN inside the paper's edge: issue 42 (third review) found them running sideways at
    6 pt in the margin a cutter trims away. Only a sheet with no such band left (its rows full to
    the margin: spread_rows leaves one wherever that costs no sheet) sets them in its widest margin."""
    from reportlab.lib.utils import simpleSplit

    if not notes:
        return
    ph = page[1]
    left = min(b.x for b in placed)
    right = max(b.x + b.w for b in placed)
    width = right - left
    lines = [line for note in notes for line in simpleSplit(note, fonts.NARROW, NOTE, width)]
    need = len(lines) * NOTE * 1.25
    below = min(b.y for b in placed) - BLEED - GUTTER - SHEET_MARGIN  # room under the pieces' bleed
    above = ph - SHEET_MARGIN - (max(b.y + b.h for b in placed) + BLEED + GUTTER)
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.NARROW, NOTE)
    if max(below, above) >= need:
        # First baseline a line under the band's top edge: the notes read top down under the pieces.
        high = max(b.y + b.h for b in placed) + BLEED + GUTTER + need
        top = min(b.y for b in placed) - BLEED - GUTTER if below >= above else high
        for k, line in enumerate(lines):
            c.drawString(left, top - NOTE * (0.9 + 1.25 * k), line)
    else:
        _margin_note(c, page, left, right, placed, "   ".join(notes))
    c.restoreState()


def _margin_note(c: Any, page: tuple[float, float], left: float, right: float, placed: Sequence[Box],
                 text: str) -> None:  # fmt: skip
    """The notes in one line in the sheet's widest margin, inside the printable area: a sheet whose
    pieces fill it to the margin has nowhere else."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pw, ph = page
    low, high = min(b.y for b in placed), max(b.y + b.h for b in placed)
    margins = {"bottom": low, "top": ph - high, "left": left, "right": pw - right}
    side = max(margins, key=lambda k: margins[k])
    width = stringWidth(text, fonts.NARROW, NOTE)
    if side in ("bottom", "top"):
        # The baseline sits far enough inside the printable area that the descenders stay in it too.
        y = PRINTABLE_MARGIN + NOTE * 0.3 if side == "bottom" else ph - PRINTABLE_MARGIN - NOTE * 0.75
        c.drawString((pw - width) / 2, y, text)
    else:
        x = PRINTABLE_MARGIN + NOTE * 0.75 if side == "left" else pw - PRINTABLE_MARGIN - NOTE * 0.3
        c.translate(x, (ph - width) / 2)
        c.rotate(90)
        c.drawString(0, 0, text)


def slots(items: Sequence[Item], cols: int, owner: Owner[Item] | None = None) -> list[int]:
    """Each item's place on the grids of the sheets, counted in reading order over all of them: one
    after another, or with `owner` each owner's set from the start of a row, so that a player's
    pieces are cut out together (issue 42: one row held the end of a set and the next one's start).
    Items whose owner is None (the neutral set, nobody's) fill the ends of the players' last rows
    first: padding every set to whole rows put two tokens on a third sheet of card."""
    if owner is None:
        return list(range(len(items)))
    out: list[int | None] = []
    gaps: list[int] = []
    place, last = 0, None
    for i, item in enumerate(items):
        whose = owner(item)
        if whose is None:
            out.append(None)
            continue
        if i and whose != last and place % cols:
            gaps += range(place, place + cols - place % cols)
            place += cols - place % cols
        last = whose
        out.append(place)
        place += 1
    spare = iter(gaps)
    for i, found in enumerate(out):
        if found is None:
            out[i] = next(spare, None)
            if out[i] is None:
                out[i], place = place, place + 1
    return [p for p in out if p is not None]


def spread_rows(places: Sequence[int], cols: int, rows: int) -> list[int]:
    """The places of slots() with their rows spread evenly over the fewest sheets that hold them:
    issue 42 (third review) found the VS 2003 tokens' second sheet of card holding 29 of its 96
    places. 125 tokens need two sheets whatever the order, so each now takes eight rows, not twelve
    and four; the rows left free on each sheet hold its notes (footnote)."""
    if not places:
        return []
    used = max(places) // cols + 1
    sheets = -(-used // rows)
    per = -(-used // sheets)  # rows a sheet: at most `rows`, the last sheet no emptier than one row
    return [(row // per) * rows * cols + (row % per) * cols + col for row, col in (divmod(p, cols) for p in places)]


def write_sheets(c: Any, session: Session, items: Sequence[Item], size: tuple[float, float], draw: Face[Item],
                 cutter: str | None = None, notes: Notes[Item] | None = None,
                 owner: Owner[Item] | None = None) -> Grid:  # fmt: skip
    """Sheets of items GUTTER apart on a grid with cut lines, each sheet of fronts followed by its backs,
    placed to land behind their fronts after the duplex flip the config names. With a cutting
    machine the fronts carry its registration marks (the backs are not cut). `notes` gives a sheet's
    footnotes from the items on it (both sides print them); `owner` starts each owner's set on a row
    of its own (slots). Returns the grid."""
    g = sheet_grid(session, size, cutter)
    flip = vs_session(session).cards.duplex
    places = spread_rows(slots(items, g.cols, owner), g.cols, g.rows)
    sheets: dict[int, list[tuple[Box, Item]]] = {}
    for place, item in zip(places, items, strict=True):
        sheets.setdefault(place // g.per_sheet, []).append((g.boxes[place % g.per_sheet], item))
    for laid in sheets.values():
        chunk = [item for _, item in laid]
        fronts = [box for box, _ in laid]
        said = notes(chunk) if notes is not None else []
        for box, item in zip(fronts, chunk, strict=True):
            draw(c, box, item, False, FRONT_BLEED)
        cut_lines(c, fronts)
        footnote(c, g.page, fronts, said)
        if cutter:
            registration_marks(c, g.page)
        c.showPage()
        backs = [back_box(box, g.page, flip, session.printer) for box in fronts]
        for box, item in zip(backs, chunk, strict=True):
            if flip == "short":
                c.saveState()
                c.translate(box.x + box.w, box.y + box.h)
                c.rotate(180)
                draw(c, Box(0, 0, box.w, box.h), item, True, BLEED)
                c.restoreState()
            else:
                draw(c, box, item, True, BLEED)
        cut_lines(c, backs)
        footnote(c, g.page, backs, said)
        c.showPage()
    return g


def write_shop_faces(target: str | Path, items: Sequence[Item], size: tuple[float, float], draw: ShopFace[Item],
                     title: str) -> int:  # fmt: skip
    """A print shop's file: every item, front then back, one face per page at its size plus 1/8 in
    bleed, with TrimBox and BleedBox; copies of an item are drawn once. Returns the page count."""
    box = Box(0, 0, *size)
    index: dict[Item, int] = {}

    def side(item: Item, back: bool) -> Callable[[Any], None]:
        return lambda c: draw(c, box, item, back, SHOP_BLEED, SHOP_SAFE)

    pages = [(f"{'back' if back else 'front'}-{index.setdefault(item, len(index))}", side(item, back))
             for item in items for back in (False, True)]  # fmt: skip
    return write_faces(target, size, pages, title)


# The most cards, tokens, markers or coins one artefact prints. A VS kit's defaults for eight
# players are about 430 cards and 480 tokens; a config may ask for more (cards.per_player,
# tokens.copies, tokens.markers, coins.sets) up to this many, which draw in about a second
# (bench/referee.py prints the figure); cards.per_player: 999 once asked for a 95,904-page print
# shop file. A config asking for more is refused when it is read (schema.check_session).
MAX_PIECES = 1200
# The config keys that set each artefact's count, for the refusal.
_COUNTED_BY = {"battle-cards": "cards.per_player", "tokens": "tokens.copies", "markers": "tokens.markers",
               "coins": "coins.sets"}  # fmt: skip


def count_problem(stem: str, count: int) -> str | None:
    """What is wrong with an artefact of count pieces (None: nothing)."""
    if count <= MAX_PIECES:
        return None
    return f"the kit would print {count:,} {stem.replace('-', ' ')}; at most {MAX_PIECES:,} (ask for fewer per player)"


def check_count(session: Session, stem: str, count: int) -> None:
    """Refuse, before anything is drawn, an artefact of more than MAX_PIECES pieces (exit 3): a
    session made in Python need not have passed its config's checks."""
    problem = count_problem(stem, count)
    if problem:
        raise ConfigError([Problem(session.label, None, _COUNTED_BY.get(stem, stem), problem)])


def build_pieces(b: Build, stem: str, title_key: str, items: Sequence[Item], size: float, draw: Face[Item],
                 shop: ShopFace[Item] | None = None, round_cut: bool = False,
                 notes: Notes[Item] | None = None, owner: Owner[Item] | None = None) -> None:  # fmt: skip
    """<stem>.pdf for the kit, each owner's set from a row of its own where `owner` says whose an
    item is; with a cutting machine also <stem>-cut.svg (round pieces cut as circles); for a print
    shop <stem>-print-shop.pdf, where the pieces have a face for one (`shop`)."""
    session = b.session
    check_count(session, stem, len(items))
    subject = label(title_key, session.language)
    title = f"{display_title(session)} — {subject}"
    c = open_canvas(str(b.writer.path(f"{stem}.pdf")), session.paper, title, subject)
    g = write_sheets(c, session, items, (size, size), draw, b.options.cutter, notes, owner)
    c.save()
    if b.options.cutter:
        b.writer.write(f"{stem}-cut.svg", cut_template_svg(g.page, g.boxes, size / 2 if round_cut else 0.0).encode())
    if b.options.print_shop and shop is not None:
        write_shop_faces(b.writer.path(f"{stem}-print-shop.pdf"), items, (size, size), shop, title)
    b.progress(stem, 1, 1)


@dataclass(frozen=True)
class Pieces:
    """One kind of small piece for shared sheets: the pieces, their side, how a face is drawn, the
    notes a sheet holding them prints, and whether a cutting machine cuts them round."""

    items: Sequence[Any]
    size: float
    draw: Face[Any]
    notes: Callable[[], list[str]] = list
    round_cut: bool = False


def write_shared_sheets(c: Any, session: Session, kinds: Sequence[Pieces],
                        cutter: str | None = None) -> list[list[tuple[Pieces, Box]]]:  # fmt: skip
    """Small pieces of several kinds packed onto shared sheets (imposition.shelves), each sheet of
    fronts followed by its backs, as write_sheets places them. Returns each sheet's (kind, box)."""
    page = PAPERS[session.paper]
    flip = vs_session(session).cards.duplex
    laid = shared_shelves(page, [(k.size, len(k.items)) for k in kinds], cutter)
    out = []
    taken = [0] * len(kinds)
    for sheet in laid:
        pieces = []
        for group, box in sheet:
            pieces.append((kinds[group], box, kinds[group].items[taken[group]]))
            taken[group] += 1
        fronts = [box for _, box, _ in pieces]
        said = [note for k in kinds if any(kind is k for kind, _, _ in pieces) for note in k.notes()]
        for kind, box, item in pieces:
            kind.draw(c, box, item, False, FRONT_BLEED)
        cut_lines(c, fronts)
        footnote(c, page, fronts, said)
        if cutter:
            registration_marks(c, page)
        c.showPage()
        for kind, front, item in pieces:
            box = back_box(front, page, flip, session.printer)
            if flip == "short":
                c.saveState()
                c.translate(box.x + box.w, box.y + box.h)
                c.rotate(180)
                kind.draw(c, Box(0, 0, box.w, box.h), item, True, BLEED)
                c.restoreState()
            else:
                kind.draw(c, box, item, True, BLEED)
        backs = [back_box(box, page, flip, session.printer) for box in fronts]
        cut_lines(c, backs)
        footnote(c, page, backs, said)
        c.showPage()
        out.append([(kind, box) for kind, box, _ in pieces])
    return out


def build_shared(b: Build, stem: str, title_key: str, kinds: Sequence[Pieces]) -> None:
    """<stem>.pdf: small pieces of several kinds on shared sheets; with a cutting machine a cut
    template a sheet (<stem>-cut.svg for the first, <stem>-cut-2.svg for the second, ...)."""
    session = b.session
    subject = label(title_key, session.language)
    c = open_canvas(str(b.writer.path(f"{stem}.pdf")), session.paper, f"{display_title(session)} — {subject}", subject)
    sheets = write_shared_sheets(c, session, kinds, b.options.cutter)
    c.save()
    if b.options.cutter:
        page = PAPERS[session.paper]
        for number, sheet in enumerate(sheets, start=1):
            radii = [box.w / 2 if kind.round_cut else 0.0 for kind, box in sheet]
            svg = cut_template_svg(page, [box for _, box in sheet], radii)
            b.writer.write(f"{stem}-cut{'' if number == 1 else f'-{number}'}.svg", svg.encode())
    b.progress(stem, 1, 1)
