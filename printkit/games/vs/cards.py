"""Battle-order cards of «Великая Стратегическая»: vector faces, n-up sheets with bleed, duplex backs, print shops."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.imposition import Box, Grid, back_box, best_grid, sheet_flip
from printkit.plugin import (
    MM,
    PAPERS,
    Build,
    Colour,
    RenderError,
    Session,
    display_title,
    label,
    open_canvas,
    player_name,
)
from printkit.render import (
    SHOP_BLEED,
    corner_guides,
    crop_marks,
    cut_template_svg,
    draw_fitted,
    draw_lines,
    fonts,
    hex_colour,
    ink_on,
    readable,
    registration_keep_out,
    registration_marks,
    tint,
    write_faces,
)

from . import livery
from .livery import pattern_of
from .model import player_colour, vs_of, vs_session
from .orders import Card, all_cards
from .piece_sheets import check_count


@dataclass(frozen=True)
class Deck:
    """One player's cards: the faces in print order, and the back colour."""

    player: int
    name: str
    colour: str
    cards: tuple[Card, ...]
    title: str = ""  # printed under the name with --title-on-backs; by default a back fits any session

    @property
    def pattern(self) -> str:
        """The owner's pattern over the back (livery), as on the owner's tokens and markers."""
        return pattern_of(self.player)


def default_counts(session: Session) -> dict[str, int]:
    """Cards of each kind per player, so that every squad may take any order.

    «+» cards: the most advantaged squads one cell can field, the biggest troop (behind walls or
    in mithril armour) with the biggest garrison that has the «+»: 4 + 2 = 6 in both editions,
    which covers the standard starts (2025: castle 1 + knights 4 = 5; 2003: city 2 + knights 4 =
    6) and a necromancer's six zombie squads. Plain cards: a full row of the biggest troops
    (3 × 4 = 12), never fewer than the «+» count."""
    vs = vs_of(session.ruleset)
    assert vs is not None
    biggest = max(t.squads for t in vs.troops)
    garrisons = [s.garrison for s in vs.structures if s.garrison_advantage] + [
        m.garrison for m in vs.mines if m.garrison_advantage
    ]
    advantaged = biggest + max(garrisons, default=0)
    plain = max(vs.orders.row * biggest, advantaged)
    counts = {o: plain for o in vs.orders.cycle}
    counts.update({f"{o}+": advantaged for o in vs.orders.cycle})
    return counts


def decks(session: Session, title_on_backs: bool = False) -> list[Deck]:
    """Every player's deck the config asks for; with `title_on_backs` the backs carry the session's title."""
    vs = vs_of(session.ruleset)
    assert vs is not None
    counts = default_counts(session) | dict(vs_session(session).cards.per_player)
    wanted = vs_session(session).cards.players
    out = []
    for number in range(1, len(session.players) + 1):
        name = player_name(session, number)
        if wanted and name not in wanted and str(number) not in wanted:
            continue
        cards = []
        for card in all_cards(vs.orders):
            cards += [card] * counts[card.label()]
        title = display_title(session) if title_on_backs else ""
        out.append(Deck(number, name, player_colour(session, number), tuple(cards), title))
    return out


# ---- vector symbols ------------------------------------------------------------------------------


def _sword(c: Any, cx: float, cy: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(cx, cy + 0.50 * s)
    p.lineTo(cx + 0.07 * s, cy + 0.36 * s)
    p.lineTo(cx + 0.07 * s, cy - 0.18 * s)
    p.lineTo(cx - 0.07 * s, cy - 0.18 * s)
    p.lineTo(cx - 0.07 * s, cy + 0.36 * s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.rect(cx - 0.26 * s, cy - 0.24 * s, 0.52 * s, 0.07 * s, stroke=0, fill=1)
    c.rect(cx - 0.045 * s, cy - 0.42 * s, 0.09 * s, 0.18 * s, stroke=0, fill=1)
    c.circle(cx, cy - 0.46 * s, 0.06 * s, stroke=0, fill=1)


def _bow(c: Any, cx: float, cy: float, s: float) -> None:
    c.saveState()
    c.setLineWidth(max(0.6, 0.06 * s))
    p = c.beginPath()
    p.moveTo(cx - 0.10 * s, cy + 0.46 * s)
    p.curveTo(cx + 0.42 * s, cy + 0.30 * s, cx + 0.42 * s, cy - 0.30 * s, cx - 0.10 * s, cy - 0.46 * s)
    c.drawPath(p, stroke=1, fill=0)
    c.setLineWidth(max(0.3, 0.018 * s))
    c.line(cx - 0.10 * s, cy + 0.46 * s, cx - 0.10 * s, cy - 0.46 * s)
    c.setLineWidth(max(0.5, 0.035 * s))
    c.line(cx - 0.34 * s, cy, cx + 0.36 * s, cy)
    c.restoreState()
    head = c.beginPath()
    head.moveTo(cx + 0.50 * s, cy)
    head.lineTo(cx + 0.34 * s, cy + 0.08 * s)
    head.lineTo(cx + 0.34 * s, cy - 0.08 * s)
    head.close()
    c.drawPath(head, stroke=0, fill=1)
    for dy in (0.05, -0.05):
        c.line(cx - 0.34 * s, cy, cx - 0.42 * s, cy + dy * 2 * s)


def _shield(c: Any, cx: float, cy: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(cx - 0.36 * s, cy + 0.42 * s)
    p.lineTo(cx + 0.36 * s, cy + 0.42 * s)
    p.curveTo(cx + 0.36 * s, cy - 0.05 * s, cx + 0.25 * s, cy - 0.30 * s, cx, cy - 0.48 * s)
    p.curveTo(cx - 0.25 * s, cy - 0.30 * s, cx - 0.36 * s, cy - 0.05 * s, cx - 0.36 * s, cy + 0.42 * s)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(cx - 0.035 * s, cy - 0.30 * s, 0.07 * s, 0.62 * s, stroke=0, fill=1)
    c.rect(cx - 0.22 * s, cy + 0.12 * s, 0.44 * s, 0.07 * s, stroke=0, fill=1)
    c.restoreState()


SYMBOLS = {"attack": _sword, "fire": _bow, "defend": _shield}


def _plus(c: Any, cx: float, cy: float, r: float, colour: tuple[float, float, float]) -> None:
    c.saveState()
    c.setFillColorRGB(*colour)
    c.circle(cx, cy, r, stroke=0, fill=1)
    c.setFillColorRGB(*ink_on(colour))
    arm, thick = r * 0.62, r * 0.24
    c.rect(cx - arm, cy - thick / 2, 2 * arm, thick, stroke=0, fill=1)
    c.rect(cx - thick / 2, cy - arm, thick, 2 * arm, stroke=0, fill=1)
    c.restoreState()


def _arrow(c: Any, x0: float, x1: float, y: float, size: float) -> None:
    c.line(x0, y, x1 - size, y)
    p = c.beginPath()
    p.moveTo(x1, y)
    p.lineTo(x1 - size, y + size * 0.55)
    p.lineTo(x1 - size, y - size * 0.55)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


# ---- faces ---------------------------------------------------------------------------------------


def draw_front(c: Any, session: Session, card: Card, w: float, h: float, bleed: float, light: bool = False) -> None:
    """One card front with its origin at the trim's lower-left corner, art reaching into the bleed;
    `light` (the ink-saving kit) leaves the frame white inside a line of the order's colour."""
    vs = vs_of(session.ruleset)
    assert vs is not None
    lang = session.language
    colour = hex_colour(vs.orders.colours.get(card.order, "#455A64"))
    inset = 2.6 * MM
    if light:
        c.setStrokeColorRGB(*tint(colour, 0.6))
        c.setLineWidth(0.8)
        c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.2 * MM, stroke=1, fill=0)
    else:
        c.setFillColorRGB(*tint(colour, 0.28))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.2 * MM, stroke=0, fill=1)
    band = 0.17 * h
    c.setFillColorRGB(*colour)
    c.roundRect(inset, h - inset - band, w - 2 * inset, band, 2.2 * MM, stroke=0, fill=1)
    c.rect(inset, h - inset - band, w - 2 * inset, band / 2, stroke=0, fill=1)
    name = vs.orders.names[card.order][lang]
    c.setFillColorRGB(*ink_on(colour))
    draw_fitted(c, inset + 2 * MM, h - inset - band * 0.62, name, fonts.SANS_BOLD, 0.09 * h, w - 2 * inset - 4 * MM,
                align="center")  # fmt: skip
    ink = symbol_ink(colour)
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    SYMBOLS[card.order](c, w / 2, h * 0.50, min(w, h) * 0.55)
    if card.advantage:
        _plus(c, w - inset - 0.11 * w, h - inset - band - 0.11 * w, 0.085 * w, ink)
        c.setFillColorRGB(0, 0, 0)  # small type in black: a tint halftones on a laser
        c.setFont(fonts.SANS_BOLD, 0.042 * h)
        c.drawCentredString(w / 2, inset + 0.19 * h, "+ " + label("advantage", lang) + " +")
    _cycle(c, session, card, w, inset + 0.07 * h)


# How dark an order's symbol prints against the white card: the fire's amber (#F9A825) printed about
# 30 % grey on a mono laser, too light for a line drawing; darkened to 6:1 it prints about 60 %.
SYMBOL_CONTRAST = 6.0


def symbol_ink(colour: Colour) -> Colour:
    """An order's colour, darkened where needed for its symbol to print dark on white card."""
    return readable(colour, (1.0, 1.0, 1.0), SYMBOL_CONTRAST)


def _cycle(c: Any, session: Session, card: Card, w: float, y: float) -> None:
    """The order cycle, small: each symbol beats the one its arrow points at."""
    vs = vs_of(session.ruleset)
    assert vs is not None
    cycle = list(vs.orders.cycle)
    step = w * 0.24
    x0 = w / 2 - step
    size = w * 0.09
    for i, order in enumerate(cycle):
        colour = hex_colour(vs.orders.colours.get(order, "#455A64"))
        shade = symbol_ink(colour) if order == card.order else (0.55, 0.55, 0.55)
        c.setFillColorRGB(*shade)
        c.setStrokeColorRGB(*shade)
        SYMBOLS[order](c, x0 + i * step, y, size)
    c.setStrokeColorRGB(0.4, 0.4, 0.4)
    c.setFillColorRGB(0.4, 0.4, 0.4)
    c.setLineWidth(0.5)
    for i in range(len(cycle) - 1):
        _arrow(c, x0 + i * step + size * 0.55, x0 + (i + 1) * step - size * 0.6, y, 1.4 * MM)
    # The last order beats the first: a return arrow under the row.
    low = y - size * 0.75
    c.line(x0 + 2 * step, y - size * 0.55, x0 + 2 * step, low)
    c.line(x0 + 2 * step, low, x0, low)
    p = c.beginPath()
    p.moveTo(x0, y - size * 0.55)
    p.lineTo(x0 - 0.8 * MM, low + 0.1 * MM)
    p.lineTo(x0 + 0.8 * MM, low + 0.1 * MM)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


# The ink-saving back (--greyscale): white card, the owner's colour in lines and a faint pattern. A full-bleed
# dark back laid some 56 % toner on every sheet of backs, and solid toner on card cracks at the cut.
LIGHT_LATTICE = 0.3  # the pattern's tint of the owner's colour
BACK_STEP = 4 * MM  # one repeat of the owner's pattern on a back
LIGHT_FRAME = 3.5 * MM  # the outline's inset from the cut: a 2 mm duplex drift still misses the edge


def draw_back(c: Any, session: Session, deck: Deck, w: float, h: float, bleed: float, light: bool = False) -> None:
    """A deck's back: the owner's colour with the owner's pattern over the whole card and the owner's
    name on a disc; `light` draws it faint on white card, inside an outline of the owner's colour."""
    colour = hex_colour(deck.colour)
    if light:
        c.setFillColorRGB(1, 1, 1)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    else:
        c.setFillColorRGB(*colour)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.saveState()
    if light:
        frame = c.beginPath()
        frame.roundRect(LIGHT_FRAME, LIGHT_FRAME, w - 2 * LIGHT_FRAME, h - 2 * LIGHT_FRAME, 2.2 * MM)
        c.clipPath(frame, stroke=0, fill=0)
    # The owner's pattern (livery), large and faint: a tint of the colour on it, or on white card.
    livery.band(c, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed, colour, deck.pattern, light, BACK_STEP,
                tint(colour, LIGHT_LATTICE if light else 0.55))  # fmt: skip
    c.restoreState()
    disc = (1.0, 1.0, 1.0) if light else colour
    if light:
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(1.2)
        c.roundRect(LIGHT_FRAME, LIGHT_FRAME, w - 2 * LIGHT_FRAME, h - 2 * LIGHT_FRAME, 2.2 * MM, stroke=1, fill=0)
    c.setFillColorRGB(*disc)
    c.circle(w / 2, h / 2, 0.3 * w, stroke=0, fill=1)
    c.setStrokeColorRGB(*(colour if light else ink_on(colour)))
    c.setLineWidth(1.2)
    c.circle(w / 2, h / 2, 0.3 * w, stroke=1, fill=0)
    c.setFillColorRGB(*ink_on(disc))
    # What players typed: at least 6 pt, on two lines where needed, cut short only as a last resort.
    # Alone, the name sits on the disc's centre line; with the session's title it moves up above it.
    name_y = h / 2 + 0.02 * h if deck.title else h / 2 - 0.02 * h
    draw_fitted(c, w / 2 - 0.26 * w, name_y, deck.name, fonts.SANS_BOLD, 0.06 * h, 0.52 * w, align="center",
                shorten=True)  # fmt: skip
    if deck.title:
        draw_lines(c, w / 2 - 0.26 * w, h / 2 - 0.065 * h, deck.title, fonts.SANS, 0.035 * h, 0.52 * w, shorten=True)


# ---- sheets --------------------------------------------------------------------------------------


def layout(session: Session, cutter: str | None = None) -> tuple[Grid, tuple[float, float]]:
    """The sheet's grid: the most cards with room for crop marks, or clear of a cutter's marks."""
    opts = vs_session(session).cards
    keep_out = registration_keep_out if cutter else None
    try:
        grid, _ = best_grid(PAPERS[session.paper], opts.size, opts.bleed_mm * MM, opts.gutter_mm * MM, keep_out)
    except ValueError:
        w, h = opts.size_mm
        raise RenderError(
            f"{w:g}×{h:g} mm cards with {opts.bleed_mm:g} mm bleed do not fit on {session.paper}"
        ) from None
    return grid, grid.page


def _clip_for(grid: Grid, index: int) -> Box:
    """The part of a card's art that may print: its trim, plus bleed where no neighbour is."""
    b = grid.boxes[index]
    col, row = index % grid.cols, index // grid.cols
    reach = min(grid.bleed, grid.gutter / 2) if grid.gutter else 0.0
    left = grid.bleed if col == 0 else reach
    right = grid.bleed if col == grid.cols - 1 else reach
    top = grid.bleed if row == 0 else reach
    bottom = grid.bleed if row == grid.rows - 1 else reach
    return Box(b.x - left, b.y - bottom, b.w + left + right, b.h + top + bottom)


def _place(c: Any, form: str, clip: Box, at: Box, rotate: bool = False, scale: float = 1.0) -> None:
    """Draw a face form at a trim box, clipped; rotated half a turn for short-edge backs."""
    c.saveState()
    path = c.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    c.clipPath(path, stroke=0, fill=0)
    if rotate:
        c.translate(at.x + at.w, at.y + at.h)
        c.rotate(180)
    else:
        c.translate(at.x, at.y)
    if scale != 1.0:
        c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()


def write_cards(session: Session, target: str | Path, cutter: str | None = None, title_on_backs: bool = False,
                light: bool = False) -> Grid:  # fmt: skip
    """battle-cards.pdf: per player, sheets of fronts each followed by its page of backs.

    For a cutting machine (`cutter`), fronts carry its registration marks instead of crop marks.
    `light`: the ink-saving faces. Returns the grid, for the cutting machine's template.
    """
    opts = vs_session(session).cards
    grid, page = layout(session, cutter)
    flip = sheet_flip(opts.duplex, page)
    w, h = opts.size
    bleed = opts.bleed_mm * MM
    c = open_canvas(str(target), session.paper, f"{display_title(session)} — {label('cards_title', session.language)}",
                    label("cards_title", session.language), pagesize=page)  # fmt: skip
    vs = vs_of(session.ruleset)
    assert vs is not None
    for card in all_cards(vs.orders):
        c.beginForm(f"front-{card.label()}", -bleed, -bleed, w + bleed, h + bleed)
        draw_front(c, session, card, w, h, bleed, light)
        c.endForm()
    all_decks = decks(session, title_on_backs)
    for deck in all_decks:
        c.beginForm(f"back-{deck.player}", -bleed, -bleed, w + bleed, h + bleed)
        draw_back(c, session, deck, w, h, bleed, light)
        c.endForm()
    # Every front sheet has the same marks: draw them once and stamp them.
    c.beginForm("crop-marks", 0, 0, page[0], page[1])
    if cutter:
        registration_marks(c, page)
    else:
        crop_marks(c, grid)
    c.endForm()
    n = grid.per_sheet
    for deck in all_decks:
        for start in range(0, len(deck.cards), n):
            chunk = deck.cards[start : start + n]
            for i, card in enumerate(chunk):
                _place(c, f"front-{card.label()}", _clip_for(grid, i), grid.boxes[i])
            _finish(c, grid, len(chunk), opts.corners and not cutter, opts.corner_radius_mm * MM)
            c.showPage()
            for i in range(len(chunk)):
                front = grid.boxes[i]
                at = back_box(front, page, flip, session.printer)
                clip = back_box(_clip_for(grid, i), page, flip, session.printer)
                _place(c, f"back-{deck.player}", clip, at, flip == "short", at.w / w)
            c.showPage()
    c.save()
    return grid


def _finish(c: Any, grid: Grid, used: int, corners: bool, radius: float) -> None:
    c.doForm("crop-marks")
    if corners:
        corner_guides(c, list(grid.boxes[:used]), radius)


def face_pdfs(session: Session, title_on_backs: bool = False, light: bool = False) -> list[tuple[str, bytes]]:
    """Each distinct face (fronts, then one back per player) as a one-page PDF of card + bleed."""
    opts = vs_session(session).cards
    w, h = opts.size
    bleed = opts.bleed_mm * MM
    vs = vs_of(session.ruleset)
    assert vs is not None
    faces: list[tuple[str, Any]] = [
        (
            f"{card.order}{'-plus' if card.advantage else ''}",
            lambda c, card=card: draw_front(c, session, card, w, h, bleed, light),
        )
        for card in all_cards(vs.orders)
    ]
    faces += [
        (f"back-player-{d.player}", lambda c, d=d: draw_back(c, session, d, w, h, bleed, light))
        for d in decks(session, title_on_backs)
    ]
    out = []
    for name, draw in faces:
        buffer = io.BytesIO()
        c = open_canvas(buffer, session.paper, name, name, pagesize=(w + 2 * bleed, h + 2 * bleed))
        c.translate(bleed, bleed)
        draw(c)
        c.showPage()
        c.save()
        out.append((name, buffer.getvalue()))
    return out


def write_pngs(session: Session, folder: Path, dpi: int = 300, title_on_backs: bool = False,
               light: bool = False) -> list[Path]:  # fmt: skip
    """One PNG per card face at `dpi`, bleed included (what print shops ask for)."""
    import pypdfium2 as pdfium

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    w, h = vs_session(session).cards.size
    bleed = vs_session(session).cards.bleed_mm * MM
    # Exact pixel size: the renderer rounds partial pixels up, so trim the extra row or column.
    size = (round((w + 2 * bleed) / 72 * dpi), round((h + 2 * bleed) / 72 * dpi))
    for name, pdf in face_pdfs(session, title_on_backs, light):
        page = pdfium.PdfDocument(pdf)[0]
        image = page.render(scale=dpi / 72).to_pil().crop((0, 0, *size))
        path = folder / f"{name}.png"
        image.save(path, dpi=(dpi, dpi))
        paths.append(path)
    return paths


def cards_for_print_shop(session: Session, target: str | Path, title_on_backs: bool = False,
                         light: bool = False) -> int:  # fmt: skip
    """battle-cards-print-shop.pdf: every card of every deck, its front then its back, each on a page
    of its own at trim size plus 1/8 in bleed, with TrimBox and BleedBox; returns the page count."""
    opts = vs_session(session).cards
    w, h = opts.size
    vs = vs_of(session.ruleset)
    assert vs is not None
    fronts = {card.label(): card for card in all_cards(vs.orders)}

    def front(label_: str) -> Any:
        return lambda c: draw_front(c, session, fronts[label_], w, h, SHOP_BLEED, light)

    def back(deck: Deck) -> Any:
        return lambda c: draw_back(c, session, deck, w, h, SHOP_BLEED, light)

    pages = [
        page
        for deck in decks(session, title_on_backs)
        for card in deck.cards
        for page in ((f"front-{card.label()}", front(card.label())), (f"back-{deck.player}", back(deck)))
    ]
    title = f"{display_title(session)} — {label('cards_title', session.language)}"
    return write_faces(target, (w, h), pages, title)


def build(b: Build) -> None:
    """The kit's battle-cards.pdf; one PNG per card face where --png asks for them; the print
    shop's file with --print-shop; the cutting machine's template with --cutter."""
    check_count(b.session, "battle-cards", sum(len(deck.cards) for deck in decks(b.session)))
    on_backs = bool(b.options.own("title_on_backs", False))
    light = bool(b.options.greyscale)  # the ink-saving kit
    grid = write_cards(b.session, b.writer.path("battle-cards.pdf"), b.options.cutter, on_backs, light)
    if b.options.cutter:
        opts = vs_session(b.session).cards
        radius = opts.corner_radius_mm * MM if opts.corners else 0.0
        b.writer.write("battle-cards-cut.svg", cut_template_svg(grid.page, grid.boxes, radius).encode())
    if b.options.print_shop:
        cards_for_print_shop(b.session, b.writer.path("battle-cards-print-shop.pdf"), on_backs, light)
    if b.options.png is not None:
        write_pngs(b.session, b.writer.extra_folder(b.options.png), title_on_backs=on_backs, light=light)
    b.progress("battle-cards", 1, 1)
