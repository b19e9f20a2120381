"""Building, mine and troop tokens of «Великая Стратегическая»: one map cell each, two-sided."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import display_title, player_name
from ...geometry import MM, PAPERS
from ...imposition import Box, back_box, grid
from ...labels import label
from ...render import fonts
from ...render.canvas import Colour, draw_fitted, hex_colour, ink_on, luminance, open_canvas, tint
from ...render.marks import cut_lines
from . import pictograms
from .cards import PALETTE
from .model import VsData, vs_of, vs_session

NEUTRAL = "#757575"  # neutral troops and buildings: a grey no player's palette colour uses
SHEET_MARGIN = 8 * MM  # every cut line and mark stays at least this far from the paper's edge

# Tokens per player by default: the standard start of either edition (2025: a castle and knights;
# 2003: a city and the personal troop) and a realistic state beside it — four lands, so four lord's
# houses, each a token of its level (a house grows a level a year, so towers are the most common),
# three fortresses, two mines of each metal but mithril, a mixed army and a necromancer's six zombie
# squads (one token a squad). Groups and ids missing here get FALLBACK. See the README.
DEFAULT_COPIES: Mapping[str, int] = {
    "tower": 4, "manor": 3, "castle": 3, "city": 2, "fortress": 3, "bridge": 3,
    "mine-1": 2, "mine-2": 2, "mine-3": 2, "mine-4": 1,
    "light-infantry": 4, "barbarians": 2, "elves": 2, "dwarves": 2, "orcs": 2, "knights": 3, "ship": 2, "mage": 2,
    "zombie": 6, "dragon": 1, "ghost-ship": 2, "transport": 3,
}  # fmt: skip
# The neutral set: whatever may stand on the map unowned at the start, or after a player leaves.
DEFAULT_NEUTRAL: Mapping[str, int] = {
    "tower": 2, "manor": 1, "castle": 1, "city": 1, "fortress": 1, "bridge": 1,
    "mine-1": 1, "mine-2": 1, "mine-3": 1, "mine-4": 1,
    "light-infantry": 2, "barbarians": 2, "elves": 2, "dwarves": 2, "orcs": 2, "knights": 2, "ship": 1, "mage": 1,
    "zombie": 0, "dragon": 1, "ghost-ship": 0, "transport": 0,
}  # fmt: skip
FALLBACK = 2


@dataclass(frozen=True)
class Token:
    """One token: the front shows the pictogram, the name and its levels or squads; the back the figures."""

    colour: str
    kind: str  # pictogram id
    title: str
    owner: str  # printed small on the back, to sort the tokens back to their players
    pips: int = 0  # building and mine levels as dots
    squads: tuple[int, bool] | None = None  # (squads, all with the «+») as boxes
    lines: tuple[str, ...] = ()  # the back's figures
    garrison: tuple[int, bool] | None = None
    moves: tuple[tuple[str, int], ...] = ()  # (terrain colour, cells a turn)
    note: str = ""  # under the moves: what the numbers are


def token_ids(vs: VsData) -> list[str]:
    """Every group and single id `tokens: copies:` accepts for this edition."""
    ids = [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines] + [t.id for t in vs.troops]
    return ["structures", "mines", "troops", *ids, *(["transport"] if vs.figures.get("transport") else [])]


def counts(vs: VsData, defaults: Mapping[str, int], chosen: Mapping[str, int]) -> dict[str, int]:
    """Copies of each id: the default, then a group of the config, then the id of the config."""
    groups = {"structures": [s.id for s in vs.structures], "mines": [f"mine-{m.level}" for m in vs.mines],
              "troops": [t.id for t in vs.troops] + (["transport"] if vs.figures.get("transport") else [])}  # fmt: skip
    out = {i: defaults.get(i, FALLBACK) for ids in groups.values() for i in ids}
    for group, ids in groups.items():
        if group in chosen:
            out.update(dict.fromkeys(ids, chosen[group]))
    out.update({k: v for k, v in chosen.items() if k in out})
    return out


def player_colour(session: Session, number: int) -> str:
    """A player's colour: the config's, else the palette's by seat."""
    colour = session.players[number - 1].colour
    return colour or PALETTE[(number - 1) % len(PALETTE)]


def _set(session: Session, colour: str, owner: str, copies: Mapping[str, int]) -> list[Token]:
    vs = vs_of(session.ruleset)
    lang = session.language
    short = {t.id: t for t in session.ruleset.terrains}
    out: list[Token] = []
    for s in vs.structures:
        lines = [label("tk_cost", lang, n=s.cost)]
        if s.income == "land":
            lines.append(label("tk_income_land", lang))
        if s.treasury:
            lines.append(label("tk_treasury", lang, n=s.treasury))
        if s.upkeep:
            lines.append(label("tk_upkeep", lang, n=s.upkeep))
        lines.append(label("tk_garrison", lang, n=s.garrison) if not s.garrison else label("tk_garrison_is", lang))
        kind = s.id if pictograms.has(s.id) else "tower"
        token = Token(colour, kind, s.name[lang], owner, pips=s.level, lines=tuple(lines),
                      garrison=(s.garrison, s.garrison_advantage))  # fmt: skip
        out += [token] * copies[s.id]
    for m in vs.mines:
        lines = [label("tk_cost", lang, n=m.cost), label("tk_income", lang, n=m.income)]
        if m.height:
            lines.append(label("tk_height", lang, n=m.height))
        lines.append(label("tk_garrison_is", lang))
        token = Token(colour, "mine", m.name[lang], owner, pips=m.level, lines=tuple(lines),
                      garrison=(m.garrison, m.garrison_advantage))  # fmt: skip
        out += [token] * copies[f"mine-{m.level}"]
    for t in vs.troops:
        cost = label("tk_cost", lang, n=t.cost) if t.cost is not None else label("tk_magic", lang)
        moves = tuple((short[k].colour, v) for k, v in t.move.items() if k in short)
        kind = t.id if pictograms.has(t.id) else "light-infantry"
        note = label("tk_moves_free" if t.crosses else "tk_moves", lang)
        token = Token(colour, kind, t.name[lang], owner, squads=(t.squads, t.advantage),
                      lines=(cost, label("tk_upkeep", lang, n=t.upkeep)), moves=moves, note=note)  # fmt: skip
        out += [token] * copies[t.id]
    transport = vs.figures.get("transport")
    if transport and copies.get("transport"):
        sea = [t for t in session.ruleset.terrains if t.water]
        cost = label("tk_transport_cost", lang, n=transport["cost_outside"], inside=transport["cost_inside"])
        token = Token(colour, "transport", label("tk_transport", lang), owner, squads=(int(transport["squads"]), False),
                      lines=(cost,), moves=tuple((w.colour, int(transport["speed"])) for w in sea),
                      note=label("tk_moves", lang))  # fmt: skip
        out += [token] * copies["transport"]
    return out


def tokens(session: Session) -> list[Token]:
    """Every token of the kit: each player's set in the player's colour, then the neutral set in grey."""
    vs = vs_of(session.ruleset)
    options = vs_session(session).tokens
    out: list[Token] = []
    for number in range(1, len(session.players) + 1):
        copies = counts(vs, DEFAULT_COPIES, options.copies)
        out += _set(session, player_colour(session, number), player_name(session, number), copies)
    neutral = counts(vs, DEFAULT_NEUTRAL, options.neutral)
    game_map = session.game_map
    if game_map is not None:  # enough neutral tokens for the map's own neutral troops and its dragons
        for piece in game_map.pieces:
            troop = vs.troop(piece.troop) if piece.owner is None else None
            if troop is not None and troop.id not in options.neutral:
                mine = sum(1 for p in game_map.pieces if p.owner is None and vs.troop(p.troop) == troop)
                neutral[troop.id] = max(neutral[troop.id], mine)
        if "dragon" in neutral and "dragon" not in options.neutral:
            neutral["dragon"] = max(neutral["dragon"], len(game_map.lairs))
    return out + _set(session, NEUTRAL, label("tk_neutral", session.language), neutral)


# ---- faces ---------------------------------------------------------------------------------------


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


def band(c: Any, box: Box, colour: Colour, text: str, height: float) -> None:
    """The coloured band at a face's top with one line of text, never under 6 pt."""
    c.setFillColorRGB(*colour)
    c.rect(box.x, box.y + box.h - height, box.w, height, stroke=0, fill=1)
    c.setFillColorRGB(*ink_on(colour))
    size = min(8.0, height * 0.62)
    draw_fitted(c, box.x + box.w * 0.05, box.y + box.h - height * 0.72, text, fonts.NARROW_BOLD, size, box.w * 0.9,
                align="center")  # fmt: skip


def draw_token(c: Any, box: Box, token: Token, back: bool) -> None:
    """One face of a token in its box."""
    colour = hex_colour(token.colour)
    s = box.w
    c.setFillColorRGB(*(tint(colour, 0.16) if back else (1, 1, 1)))
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    top = s * 0.22
    band(c, box, colour, token.title, top)
    cx = box.x + s / 2
    ink = deep(colour)
    if not back:
        pictograms.draw(c, token.kind, cx, box.y + s * 0.5, s * 0.5, ink)
        if token.squads:
            boxes(c, cx, box.y + s * 0.07, s * 0.11, token.squads[0], token.squads[1], ink)
        elif token.pips:
            r, gap = s * 0.04, s * 0.11
            c.setFillColorRGB(*ink)
            for i in range(token.pips):
                c.circle(cx + (i - (token.pips - 1) / 2) * gap, box.y + s * 0.13, r, stroke=0, fill=1)
        return
    c.setFillColorRGB(0, 0, 0)
    y = box.y + box.h - top - 7.3
    for line in token.lines:
        draw_fitted(c, box.x + s * 0.05, y, line, fonts.NARROW, 7.0, s * 0.9, align="center")
        y -= 7.4
    if token.garrison is not None:
        n, plus = token.garrison
        if n:
            boxes(c, cx, y - 1.0, s * 0.09, n, plus, ink)
            y -= 7.4
    if token.moves:
        # The words under the swatches come first in the file, so that no reader runs "1 cells" together.
        c.setFillColorRGB(0, 0, 0)
        draw_fitted(c, box.x + s * 0.05, y - 11.5, token.note, fonts.NARROW, 6.0, s * 0.9, align="center")
        step = min(s * 0.9 / len(token.moves), s * 0.2)
        x0 = cx - step * len(token.moves) / 2
        for i, (terrain, cells) in enumerate(token.moves):
            rgb = hex_colour(terrain)
            c.setFillColorRGB(*rgb)
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            c.setLineWidth(0.3)
            c.rect(x0 + i * step + 0.4, y - 3.5, step - 0.8, 8.5, stroke=1, fill=1)
            c.setFillColorRGB(*ink_on(rgb))
            c.setFont(fonts.SANS_BOLD, 6.5)
            c.drawCentredString(x0 + i * step + step / 2, y - 1.4, str(cells))
    c.setFillColorRGB(0.25, 0.25, 0.25)
    draw_fitted(c, box.x + s * 0.05, box.y + s * 0.05, token.owner, fonts.NARROW, 6.0, s * 0.9, align="center")


# ---- sheets --------------------------------------------------------------------------------------


def write_sheets(c: Any, session: Session, items: Sequence[Any], size: tuple[float, float],
                 draw: Callable[[Any, Box, Any, bool], None]) -> None:  # fmt: skip
    """Sheets of items butted on a grid with cut lines, each sheet of fronts followed by its backs,
    placed to land behind their fronts after the duplex flip the config names."""
    g = grid(PAPERS[session.paper], size, bleed=0, margin=SHEET_MARGIN)
    flip = vs_session(session).cards.duplex
    for start in range(0, len(items), g.per_sheet):
        chunk = items[start : start + g.per_sheet]
        fronts = list(g.boxes[: len(chunk)])
        for box, item in zip(fronts, chunk, strict=True):
            draw(c, box, item, False)
        cut_lines(c, fronts)
        c.showPage()
        backs = [back_box(box, g.page, flip, session.printer) for box in fronts]
        for box, item in zip(backs, chunk, strict=True):
            if flip == "short":
                c.saveState()
                c.translate(box.x + box.w, box.y + box.h)
                c.rotate(180)
                draw(c, Box(0, 0, box.w, box.h), item, True)
                c.restoreState()
            else:
                draw(c, box, item, True)
        cut_lines(c, backs)
        c.showPage()


def write_tokens(session: Session, target: str | Path) -> None:
    """tokens.pdf: sheets of one-cell tokens with cut lines, each followed by its backs."""
    cell = vs_session(session).tokens.cell_mm * MM
    title = f"{display_title(session)} — {label('tokens_title', session.language)}"
    c = open_canvas(str(target), session.paper, title, label("tokens_title", session.language))
    write_sheets(c, session, tokens(session), (cell, cell), draw_token)
    c.save()


def build(b: Build) -> None:
    """The kit's tokens.pdf."""
    write_tokens(b.session, b.writer.path("tokens.pdf"))
    b.progress("tokens", 1, 1)
