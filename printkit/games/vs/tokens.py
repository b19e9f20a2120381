"""Building, mine and troop tokens of «Великая Стратегическая»: one map cell each, two-sided."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import display_title
from ...geometry import MM, PAPERS
from ...imposition import Box, back_box, grid
from ...labels import label
from ...render import fonts
from ...render.canvas import draw_fitted, hex_colour, ink_on, open_canvas, tint
from ...render.marks import cut_lines
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


def _face(c: Any, box: Box, token: Token, back: bool) -> None:
    colour = hex_colour(token.colour)
    pad = box.w * 0.06
    c.setFillColorRGB(*(tint(colour, 0.18) if back else (1, 1, 1)))
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    c.setFillColorRGB(*colour)
    strip = box.h * 0.16
    c.rect(box.x, box.y + box.h - strip, box.w, strip, stroke=0, fill=1)
    inner = box.w - 2 * pad
    if not back:
        c.setFillColorRGB(*ink_on(colour))
        draw_fitted(c, box.x + pad, box.y + box.h - strip * 0.75, token.front, fonts.NARROW_BOLD, strip * 0.6, inner,
                    align="center", min_size=3.5)  # fmt: skip
        c.setFillColorRGB(0, 0, 0)
        draw_fitted(c, box.x + pad, box.y + box.h * 0.42, token.title, fonts.NARROW_BOLD, box.h * 0.17, inner,
                    align="center", min_size=3.5)  # fmt: skip
        return
    c.setFillColorRGB(*ink_on(colour))
    draw_fitted(c, box.x + pad, box.y + box.h - strip * 0.75, token.title, fonts.NARROW_BOLD, strip * 0.6, inner,
                align="center", min_size=3.5)  # fmt: skip
    c.setFillColorRGB(0, 0, 0)
    lines = [line for line in token.back if line]
    step = (box.h - strip) / (len(lines) + 1)
    for i, line in enumerate(lines, start=1):
        draw_fitted(c, box.x + pad, box.y + box.h - strip - i * step - box.h * 0.04, line, fonts.NARROW, box.h * 0.12,
                    inner, align="center", min_size=3.2)  # fmt: skip


def write_tokens(session: Session, target: str | Path) -> None:
    """tokens.pdf: sheets of one-cell tokens with cut lines, each followed by its backs."""
    cell = vs_session(session).tokens.cell_mm * MM
    g = grid(PAPERS[session.paper], (cell, cell), bleed=0, margin=8 * MM)
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


def build(b: Build) -> None:
    """The kit's tokens.pdf."""
    write_tokens(b.session, b.writer.path("tokens.pdf"))
    b.progress("tokens", 1, 1)
