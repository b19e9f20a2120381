"""The faces of a VS token: pictogram, levels as dots and squads as boxes in front; the figures behind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import RenderError
from ...geometry import MM
from ...imposition import Box
from ...render import fonts
from ...render.canvas import Colour, draw_fitted, fit_lines, hex_colour, ink_on, luminance, tint
from . import pictograms

if TYPE_CHECKING:  # tokens.py draws its tokens with this module
    from .tokens import Token

LINE = 7.4  # pt from one line of figures on a sheet's back to the next
SHOP_TEXT = 6.5  # pt: the size of a print shop's token text, which has only the safe area to fill
SHOP_PITCH = 7.0  # pt between its lines
MOVES = 10.0  # pt for the row of terrain-coloured move boxes


def deep(colour: Colour) -> Colour:
    """The colour darkened until a pictogram in it stands out on white paper."""
    while luminance(colour) > 0.22:
        colour = (colour[0] * 0.85, colour[1] * 0.85, colour[2] * 0.85)
    return colour


def boxes(c: Any, cx: float, y: float, size: float, n: int, plus: bool, colour: Colour) -> None:
    """n squad boxes centred on cx, each with a «+» where the squads have the advantage."""
    gap = size * 0.3
    x = cx - (n * size + (n - 1) * gap) / 2
    c.saveState()
    c.setLineWidth(0.7)
    c.setStrokeColorRGB(*colour)
    for i in range(n):
        bx = x + i * (size + gap)
        c.setFillColorRGB(*(colour if plus else (1, 1, 1)))
        c.rect(bx, y, size, size, stroke=1, fill=1)
        if plus:
            c.setStrokeColorRGB(*ink_on(colour))
            c.setLineWidth(max(0.6, size * 0.16))
            c.line(bx + size * 0.22, y + size / 2, bx + size * 0.78, y + size / 2)
            c.line(bx + size / 2, y + size * 0.22, bx + size / 2, y + size * 0.78)
            c.setStrokeColorRGB(*colour)
            c.setLineWidth(0.7)
    c.restoreState()


def pips(c: Any, cx: float, cy: float, s: float, n: int, ink: Colour) -> None:
    """A building's or mine's level as n dots centred on (cx, cy)."""
    r, gap = s * 0.04, s * 0.11
    c.setFillColorRGB(*ink)
    for i in range(n):
        c.circle(cx + (i - (n - 1) / 2) * gap, cy, r, stroke=0, fill=1)


def moves(c: Any, cx: float, y: float, width: float, widest: float, token: Token) -> None:
    """Terrain-coloured boxes with the cells a turn in each, their bottom at y, none wider than `widest`."""
    step = min(width / len(token.moves), widest)
    x0 = cx - step * len(token.moves) / 2
    for i, (terrain, cells) in enumerate(token.moves):
        rgb = hex_colour(terrain)
        c.setFillColorRGB(*rgb)
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.setLineWidth(0.3)
        c.rect(x0 + i * step + 0.4, y, step - 0.8, 8.5, stroke=1, fill=1)
        c.setFillColorRGB(*ink_on(rgb))
        c.setFont(fonts.SANS_BOLD, 6.5)
        c.drawCentredString(x0 + i * step + step / 2, y + 2.1, str(cells))


def draw_token(c: Any, box: Box, token: Token, back: bool, bleed: float = 0.0, safe: float = 0.0) -> None:
    """One face of a token in its box. `bleed` carries the background past the box; `safe` > 0 lays
    the face out for a print shop, every word at least that far inside the box."""
    colour = hex_colour(token.colour)
    c.setFillColorRGB(*(tint(colour, 0.16) if back else (1, 1, 1)))
    c.rect(box.x - bleed, box.y - bleed, box.w + 2 * bleed, box.h + 2 * bleed, stroke=0, fill=1)
    if safe:
        (_shop_back if back else _shop_front)(c, box, token, colour, bleed, safe)
    else:
        (_sheet_back if back else _sheet_front)(c, box, token, colour)


def _band(c: Any, box: Box, colour: Colour, text: str, height: float) -> None:
    """The coloured band at a sheet face's top with one line of text, never under 6 pt."""
    c.setFillColorRGB(*colour)
    c.rect(box.x, box.y + box.h - height, box.w, height, stroke=0, fill=1)
    c.setFillColorRGB(*ink_on(colour))
    size = min(8.0, height * 0.62)
    draw_fitted(c, box.x + box.w * 0.05, box.y + box.h - height * 0.72, text, fonts.NARROW_BOLD, size, box.w * 0.9,
                align="center")  # fmt: skip


def _sheet_front(c: Any, box: Box, token: Token, colour: Colour) -> None:
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    _band(c, box, colour, token.title, s * 0.22)
    pictograms.draw(c, token.kind, cx, box.y + s * 0.5, s * 0.5, ink)
    if token.squads:
        boxes(c, cx, box.y + s * 0.07, s * 0.11, token.squads[0], token.squads[1], ink)
    elif token.pips:
        pips(c, cx, box.y + s * 0.13, s, token.pips, ink)


def _sheet_back(c: Any, box: Box, token: Token, colour: Colour) -> None:
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    top = s * 0.22
    _band(c, box, colour, token.title, top)
    c.setFillColorRGB(0, 0, 0)
    y = box.y + box.h - top - 7.3
    for line in token.lines:
        draw_fitted(c, box.x + s * 0.05, y, line, fonts.NARROW, 7.0, s * 0.9, align="center")
        y -= LINE
    if token.garrison is not None and token.garrison[0]:
        boxes(c, cx, y - 1.0, s * 0.09, token.garrison[0], token.garrison[1], ink)
        y -= LINE
    if token.moves:
        # The words under the swatches come first in the file, so that no reader runs "1 cells" together.
        c.setFillColorRGB(0, 0, 0)
        draw_fitted(c, box.x + s * 0.05, y - 11.5, token.note, fonts.NARROW, 6.0, s * 0.9, align="center")
        moves(c, cx, y - 3.5, s * 0.9, s * 0.2, token)
    c.setFillColorRGB(0.25, 0.25, 0.25)
    draw_fitted(c, box.x + s * 0.05, box.y + s * 0.05, token.owner, fonts.NARROW, 6.0, s * 0.9, align="center")


# A print shop cuts up to 1/8 in off the mark (render/printshop.py), so a 20 mm token keeps every
# word inside a 14 mm square. The front keeps its band, name, pictogram and dots or boxes; the back
# holds the figures alone, the name being on the front and the owner told by the colour.


def _shop_front(c: Any, box: Box, token: Token, colour: Colour, bleed: float, safe: float) -> None:
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    band = safe + 3.3 * MM  # the name's line below the safe edge, descenders inside the band
    c.setFillColorRGB(*colour)
    c.rect(box.x - bleed, box.y + box.h - band, box.w + 2 * bleed, band + bleed, stroke=0, fill=1)
    c.setFillColorRGB(*ink_on(colour))
    draw_fitted(c, box.x + safe, box.y + box.h - safe - 2.4 * MM, token.title, fonts.NARROW_BOLD, SHOP_TEXT,
                s - 2 * safe, align="center")  # fmt: skip
    row = s * 0.11  # the dots' or boxes' row, on the safe area's bottom edge
    if token.squads:
        boxes(c, cx, box.y + safe, row, token.squads[0], token.squads[1], ink)
    elif token.pips:
        pips(c, cx, box.y + safe + row / 2, s, token.pips, ink)
    low = box.y + safe + (row + 1.0 if token.squads or token.pips else 0.0)
    room = box.y + box.h - band - low
    pictograms.draw(c, token.kind, cx, low + room / 2, min(s * 0.5, room * 0.92), ink)


def _shop_back(c: Any, box: Box, token: Token, colour: Colour, bleed: float, safe: float) -> None:
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    room = s - 2 * safe
    notes = fit_lines(token.note, fonts.NARROW, SHOP_TEXT, room)[0] if token.moves else []
    garrison = token.garrison[0] if token.garrison else 0
    # Top to bottom: the figures, the garrison's boxes, the moves' boxes, the note's lines.
    height = SHOP_PITCH * (len(token.lines) + bool(garrison) + len(notes)) + MOVES * bool(token.moves)
    if height > room:
        raise RenderError(f"a {s / MM:g} mm token's figures do not fit a print shop's safe area at 6 pt; "
                          "make tokens.cell_mm larger")  # fmt: skip
    y = box.y + box.h - safe - (room - height) / 2  # the block centred in the safe area
    c.setFillColorRGB(0, 0, 0)
    for line in token.lines:
        y -= SHOP_PITCH
        draw_fitted(c, box.x + safe, y + 1.7, line, fonts.NARROW, SHOP_TEXT, room, align="center")
    if garrison:
        y -= SHOP_PITCH
        assert token.garrison is not None
        boxes(c, cx, y + 0.7, min(s * 0.09, SHOP_PITCH - 1.4), garrison, token.garrison[1], ink)
    if token.moves:
        y -= MOVES
        c.setFillColorRGB(0, 0, 0)
        for i, line in enumerate(notes):
            draw_fitted(c, box.x + safe, y - (i + 1) * SHOP_PITCH + 1.7, line, fonts.NARROW, SHOP_TEXT, room,
                        align="center")  # fmt: skip
        moves(c, cx, y + 0.8, room, room * 0.24, token)
