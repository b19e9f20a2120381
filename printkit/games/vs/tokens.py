"""Building, mine and troop tokens of «Великая Стратегическая»: one map cell each, two-sided."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import display_title
from ...geometry import MM, PAPERS
from ...imposition import Box, Grid, back_box, grid
from ...labels import label
from ...render import fonts
from ...render.canvas import draw_lines, fit_lines, hex_colour, ink_on, open_canvas, tint
from ...render.marks import cut_lines
from ...render.printshop import (
    SHOP_BLEED,
    SHOP_SAFE,
    cut_template_svg,
    registration_keep_out,
    registration_marks,
    write_faces,
)
from .cards import PALETTE
from .model import vs_of, vs_session
from .tables import squads

DEFAULT_COPIES = {"structures": 2, "mines": 1, "troops": 2}


@dataclass(frozen=True)
class Token:
    """What one token shows: a title, a line under it on the front; the figures on the back."""

    colour: str
    title: str
    front: str
    back: tuple[str, ...]


def _move(session: Session, move: Any) -> str:
    short = {t.id: t.short[session.language][:2] for t in session.ruleset.terrains}
    return " ".join(f"{short[k]}{v}" for k, v in move.items())


def tokens(session: Session) -> list[Token]:
    """Every token of the kit: per player, each building, mine level and troop, in copies."""
    vs = vs_of(session.ruleset)
    assert vs is not None
    lang = session.language
    copies = DEFAULT_COPIES | dict(vs_session(session).tokens.copies)
    out: list[Token] = []
    for number, player in enumerate(session.players, start=1):
        colour = player.colour or PALETTE[(number - 1) % len(PALETTE)]
        for s in vs.structures:
            garrison = label("tk_garrison", lang, n=squads(s.garrison, s.garrison_advantage))
            income = label("tk_income_land", lang) if s.income == "land" else ""
            back = (label("tk_cost", lang, n=s.cost), garrison, income)
            out += [Token(colour, s.name[lang], label("tk_level", lang, n=s.level), back)] * copies["structures"]
        for m in vs.mines:
            back = (label("tk_cost", lang, n=m.cost), label("tk_income", lang, n=m.income),
                    label("tk_garrison", lang, n=squads(m.garrison, m.garrison_advantage)))  # fmt: skip
            out += [Token(colour, m.name[lang], label("tk_level", lang, n=m.level), back)] * copies["mines"]
        for t in vs.troops:
            cost = label("tk_cost", lang, n=t.cost) if t.cost is not None else label("tk_magic", lang)
            back = (cost, label("tk_upkeep", lang, n=t.upkeep), _move(session, t.move))
            out += [Token(colour, t.name[lang], label("tk_squads", lang, n=squads(t.squads, t.advantage)), back)] * (
                copies["troops"]
            )
    return out


# Token text never goes below 6 pt: long names take two lines instead of shrinking further.
MIN_TEXT = 6.0


def _face(c: Any, box: Box, token: Token, back: bool, bleed: float = 0.0, safe: float = 0.0) -> None:
    """One side of a token in its box; `bleed` carries the background and the coloured strip past the
    box, `safe` keeps the text that far inside it (a print shop's cutting tolerance)."""
    colour = hex_colour(token.colour)
    pad = max(box.w * 0.06, safe)
    c.setFillColorRGB(*(tint(colour, 0.18) if back else (1, 1, 1)))
    c.rect(box.x - bleed, box.y - bleed, box.w + 2 * bleed, box.h + 2 * bleed, stroke=0, fill=1)
    c.setFillColorRGB(*colour)
    # Inside a print shop's safe area the strip grows so that its label clears the cut.
    strip = max(box.h * 0.21, safe + 3.0 * MM)
    c.rect(box.x - bleed, box.y + box.h - strip, box.w + 2 * bleed, strip + bleed, stroke=0, fill=1)
    inner = box.w - 2 * pad
    strip_base = box.y + box.h - max(strip * 0.68, safe + 2.1 * MM)
    c.setFillColorRGB(*ink_on(colour))
    draw_lines(c, box.x + pad, strip_base, token.title if back else token.front, fonts.NARROW_BOLD,
               max(MIN_TEXT, box.h * 0.12), inner, max_lines=1)  # fmt: skip
    c.setFillColorRGB(0, 0, 0)
    if not back:
        draw_lines(c, box.x + pad, box.y + box.h * 0.36, token.title, fonts.NARROW_BOLD, box.h * 0.17, inner)
        return
    lines = [line for line in token.back if line]
    # One slot per printed line between the strip and the bottom (or the safe area), each centred
    # in its slot; a figure that needs two lines takes two slots.
    top, bottom = box.y + box.h - strip, box.y + max(safe, box.h * 0.08)
    size = max(MIN_TEXT, min(box.h * 0.12, (top - bottom) / (len(lines) + 1)))
    fitted = [fit_lines(line, fonts.NARROW, size, inner) for line in lines]
    step = (top - bottom) / sum(len(rows) for rows, _ in fitted)
    k = 0
    for rows, used in fitted:
        c.setFont(fonts.NARROW, used)
        for row in rows:
            c.drawCentredString(box.x + box.w / 2, top - (k + 0.5) * step - used * 0.3, row)
            k += 1


def write_tokens(session: Session, target: str | Path, cutter: str | None = None) -> Grid:
    """tokens.pdf: sheets of one-cell tokens with cut lines, each followed by its backs; with a
    cutting machine, fronts carry its registration marks. Returns the grid."""
    cell = vs_session(session).tokens.cell_mm * MM
    page = PAPERS[session.paper]
    g = grid(page, (cell, cell), bleed=0, margin=8 * MM, keep_out=registration_keep_out(page) if cutter else ())
    all_tokens = tokens(session)
    title = f"{display_title(session)} — {label('tokens_title', session.language)}"
    c = open_canvas(str(target), session.paper, title, label("tokens_title", session.language))
    flip = vs_session(session).cards.duplex
    for start in range(0, len(all_tokens), g.per_sheet):
        chunk = all_tokens[start : start + g.per_sheet]
        boxes = list(g.boxes[: len(chunk)])
        for box, token in zip(boxes, chunk, strict=True):
            _face(c, box, token, back=False)
        cut_lines(c, boxes)
        if cutter:
            registration_marks(c, page)
        c.showPage()
        backs = [back_box(box, g.page, flip, session.printer) for box in boxes]
        for box, token in zip(backs, chunk, strict=True):
            if flip == "short":
                c.saveState()
                c.translate(box.x + box.w, box.y + box.h)
                c.rotate(180)
                _face(c, Box(0, 0, box.w, box.h), token, back=True)
                c.restoreState()
            else:
                _face(c, box, token, back=True)
        cut_lines(c, backs)
        c.showPage()
    c.save()
    return g


def write_print_shop(session: Session, target: str | Path) -> int:
    """tokens-print-shop.pdf: every token, front then back, one per page at its size plus 1/8 in
    bleed, with TrimBox and BleedBox; returns the page count."""
    cell = vs_session(session).tokens.cell_mm * MM
    box = Box(0, 0, cell, cell)

    def side(token: Token, back: bool) -> Any:
        return lambda c: _face(c, box, token, back, SHOP_BLEED, SHOP_SAFE)

    pages = [(f"{'back' if back else 'front'}-{id(t)}", side(t, back)) for t in _distinct(tokens(session))
             for back in (False, True)]  # fmt: skip
    title = f"{display_title(session)} — {label('tokens_title', session.language)}"
    return write_faces(target, (cell, cell), pages, title)


def _distinct(all_tokens: list[Token]) -> list[Token]:
    """The tokens in print order, copies being the same object (so their faces are drawn once)."""
    seen: dict[Token, Token] = {}
    return [seen.setdefault(t, t) for t in all_tokens]


def build(b: Build) -> None:
    """The kit's tokens.pdf; the print shop's file and the cutting machine's template where asked."""
    g = write_tokens(b.session, b.writer.path("tokens.pdf"), b.options.cutter)
    if b.options.cutter:
        b.writer.write("tokens-cut.svg", cut_template_svg(g.page, g.boxes).encode())
    if b.options.print_shop:
        write_print_shop(b.session, b.writer.path("tokens-print-shop.pdf"))
    b.progress("tokens", 1, 1)
