"""Building, mine and troop tokens of «Великая Стратегическая»: one map cell each, two-sided, and their faces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import player_name
from ...errors import RenderError
from ...geometry import MM
from ...imposition import Box
from ...labels import label
from ...render import fonts
from ...render.canvas import Colour, draw_fitted, fit_lines, hex_colour, ink_on, luminance, tint
from . import pictograms
from .model import NEUTRAL, VsData, player_colour, vs_map, vs_of, vs_session
from .piece_sheets import build_pieces
from .tables import Marks

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
    moves: tuple[tuple[str, str], ...] = ()  # (terrain colour, cells a turn with its mark)
    note: str = ""  # under the moves: what the numbers are
    squads_mark: str = ""  # beside the squad boxes: their figure is not the edition's own (tables.Marks)
    garrison_mark: str = ""
    marks: tuple[str, ...] = ()  # every mark the token prints, for its sheet's footnotes


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


def _set(session: Session, colour: str, owner: str, copies: Mapping[str, int]) -> list[Token]:
    vs = vs_of(session.ruleset)
    lang = session.language
    short = {t.id: t for t in session.ruleset.terrains}
    prov = session.ruleset.provenance
    out: list[Token] = []
    for s in vs.structures:
        mark = Marks(session.ruleset)
        lines = [label("tk_cost", lang, n=mark(s.cost, f"structures.{s.id}.cost"))]
        if s.income == "land":
            lines.append(label("tk_income_land", lang))
        if s.treasury:
            lines.append(label("tk_treasury", lang, n=s.treasury))
        if s.upkeep:
            lines.append(label("tk_upkeep", lang, n=s.upkeep))
        garrison = f"structures.{s.id}.garrison"
        lines.append(label("tk_garrison", lang, n=mark(s.garrison, garrison)) if not s.garrison
                     else label("tk_garrison_is", lang))  # fmt: skip
        kind = s.id if pictograms.has(s.id) else "tower"
        token = Token(colour, kind, s.name[lang], owner, pips=s.level, lines=tuple(lines),
                      garrison=(s.garrison, s.garrison_advantage), garrison_mark=prov.mark(garrison),
                      marks=(*mark.used, prov.mark(garrison)))  # fmt: skip
        out += [token] * copies[s.id]
    for m in vs.mines:
        mark = Marks(session.ruleset)
        at = f"mines.{m.level}"
        lines = [label("tk_cost", lang, n=mark(m.cost, f"{at}.cost")),
                 label("tk_income", lang, n=mark(m.income, f"{at}.income"))]  # fmt: skip
        if m.height:
            lines.append(label("tk_height", lang, n=mark(m.height, f"{at}.height")))
        lines.append(label("tk_garrison_is", lang))
        token = Token(colour, "mine", m.name[lang], owner, pips=m.level, lines=tuple(lines),
                      garrison=(m.garrison, m.garrison_advantage), garrison_mark=prov.mark(f"{at}.garrison"),
                      marks=(*mark.used, prov.mark(f"{at}.garrison")))  # fmt: skip
        out += [token] * copies[f"mine-{m.level}"]
    for t in vs.troops:
        mark = Marks(session.ruleset)
        at = f"troops.{t.id}"
        cost = label("tk_cost", lang, n=mark(t.cost, f"{at}.cost")) if t.cost is not None else label("tk_magic", lang)
        moves = tuple((short[k].colour, mark(v, f"{at}.move.{k}")) for k, v in t.move.items() if k in short)
        kind = t.id if pictograms.has(t.id) else "light-infantry"
        # Magical troops stop at no change of terrain (2025 §4.1; 2003 §4.1 names zombies and dragons).
        note = label("tk_moves_free" if t.crosses or t.kind == "magic" else "tk_moves", lang)
        squads = f"{at}.squads"
        token = Token(colour, kind, t.name[lang], owner, squads=(t.squads, t.advantage),
                      lines=(cost, label("tk_upkeep", lang, n=mark(t.upkeep, f"{at}.upkeep"))), moves=moves, note=note,
                      squads_mark=prov.mark(squads), marks=(*mark.used, prov.mark(squads)))  # fmt: skip
        out += [token] * copies[t.id]
    transport = vs.figures.get("transport")
    if transport and copies.get("transport"):
        sea = [t for t in session.ruleset.terrains if t.water]
        cost = label("tk_transport_cost", lang, n=transport["cost_outside"], inside=transport["cost_inside"])
        token = Token(colour, "transport", label("tk_transport", lang), owner, squads=(int(transport["squads"]), False),
                      lines=(cost,), moves=tuple((w.colour, str(transport["speed"])) for w in sea),
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
        for piece in vs_map(game_map).pieces:
            troop = vs.troop(piece.troop) if piece.owner is None else None
            if troop is not None and troop.id not in options.neutral:
                mine = sum(1 for p in vs_map(game_map).pieces if p.owner is None and vs.troop(p.troop) == troop)
                neutral[troop.id] = max(neutral[troop.id], mine)
        if "dragon" in neutral and "dragon" not in options.neutral:
            neutral["dragon"] = max(neutral["dragon"], len(vs_map(game_map).lairs))
    return out + _set(session, NEUTRAL, label("tk_neutral", session.language), neutral)


# ---- faces: pictogram, levels as dots and squads as boxes in front; the figures behind ---------------

LINE = 7.4  # pt from one line of figures on a sheet's back to the next
SHOP_TEXT = 6.5  # pt: the size of a print shop's token text, which has only the safe area to fill
SHOP_PITCH = 7.0  # pt between its lines
MOVES = 10.0  # pt for the row of terrain-coloured move boxes
MARK = 7.0  # pt: the mark beside a figure the edition's own rules do not give


def deep(colour: Colour) -> Colour:
    """The colour darkened until a pictogram in it stands out on white paper."""
    while luminance(colour) > 0.22:
        colour = (colour[0] * 0.85, colour[1] * 0.85, colour[2] * 0.85)
    return colour


def boxes(c: Any, cx: float, y: float, size: float, n: int, plus: bool, colour: Colour, mark: str = "") -> None:
    """n squad boxes centred on cx, each with a «+» where the squads have the advantage, and the mark
    of a figure the edition's own rules do not give right after them."""
    gap = size * 0.3
    x = cx - (n * size + (n - 1) * gap) / 2
    if mark:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.SANS_BOLD, MARK)
        c.drawString(x + n * size + (n - 1) * gap + gap * 0.6, y + size - MARK * 0.7, mark)
        c.restoreState()
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
        c.drawCentredString(x0 + i * step + step / 2, y + 2.1, cells)


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
        boxes(c, cx, box.y + s * 0.07, s * 0.11, token.squads[0], token.squads[1], ink, token.squads_mark)
    elif token.pips:
        pips(c, cx, box.y + s * 0.13, s, token.pips, ink)


def _garrison_row(c: Any, box: Box, y: float, token: Token, ink: Colour) -> None:
    """The last of the back's lines ("garrison:") with the garrison's boxes after it, one row centred
    on the token, so that a mine's four lines leave the owner's name below them clear."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert token.garrison is not None
    s, words = box.w, token.lines[-1]
    n, plus = token.garrison
    size = s * 0.09
    width = n * size + (n - 1) * size * 0.3 + (size * 0.3 + MARK * 0.5 if token.garrison_mark else 0)
    text = stringWidth(words, fonts.NARROW, 7.0)
    start = box.x + (s - text - 2.0 - width) / 2
    c.setFont(fonts.NARROW, 7.0)
    c.drawString(start, y, words)
    boxes(c, start + text + 2.0 + (n * size + (n - 1) * size * 0.3) / 2, y - 0.6, size, n, plus, ink,
          token.garrison_mark)  # fmt: skip


def _sheet_back(c: Any, box: Box, token: Token, colour: Colour) -> None:
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    top = s * 0.22
    _band(c, box, colour, token.title, top)
    c.setFillColorRGB(0, 0, 0)
    y = box.y + box.h - top - 7.3
    row = token.garrison is not None and token.garrison[0] > 0
    for line in token.lines[:-1] if row else token.lines:
        draw_fitted(c, box.x + s * 0.05, y, line, fonts.NARROW, 7.0, s * 0.9, align="center")
        y -= LINE
    if row:
        _garrison_row(c, box, y, token, ink)
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
        boxes(c, cx, box.y + safe, row, token.squads[0], token.squads[1], ink, token.squads_mark)
    elif token.pips:
        pips(c, cx, box.y + safe + row / 2, s, token.pips, ink)
    low = box.y + safe + (row + 1.0 if token.squads or token.pips else 0.0)
    room = box.y + box.h - band - low
    pictograms.draw(c, token.kind, cx, low + room / 2, min(s * 0.5, room * 0.92), ink)


def _shop_back(c: Any, box: Box, token: Token, colour: Colour, bleed: float, safe: float) -> None:
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    room = s - 2 * safe
    notes = fit_lines(token.note, fonts.NARROW, SHOP_TEXT, room)[0] if token.moves else []
    # A figure too wide for the safe area at 6 pt (the 2003 transport's two prices in Russian)
    # takes two lines, as the note does.
    figures = [(line, size) for text in token.lines for lines, size in [fit_lines(text, fonts.NARROW, SHOP_TEXT, room)]
               for line in lines]  # fmt: skip
    garrison = token.garrison[0] if token.garrison else 0
    # Top to bottom: the figures, the garrison's boxes, the moves' boxes, the note's lines.
    height = SHOP_PITCH * (len(figures) + bool(garrison) + len(notes)) + MOVES * bool(token.moves)
    if height > room:
        raise RenderError(f"a {s / MM:g} mm token's figures do not fit a print shop's safe area at 6 pt; "
                          "make tokens.cell_mm larger")  # fmt: skip
    y = box.y + box.h - safe - (room - height) / 2  # the block centred in the safe area
    c.setFillColorRGB(0, 0, 0)
    for line, size in figures:
        y -= SHOP_PITCH
        draw_fitted(c, box.x + safe, y + 1.7, line, fonts.NARROW, size, room, align="center")
    if garrison:
        y -= SHOP_PITCH
        assert token.garrison is not None
        boxes(c, cx, y + 0.7, min(s * 0.09, SHOP_PITCH - 1.4), garrison, token.garrison[1], ink, token.garrison_mark)
    if token.moves:
        y -= MOVES
        c.setFillColorRGB(0, 0, 0)
        for i, line in enumerate(notes):
            draw_fitted(c, box.x + safe, y - (i + 1) * SHOP_PITCH + 1.7, line, fonts.NARROW, SHOP_TEXT, room,
                        align="center")  # fmt: skip
        moves(c, cx, y + 0.8, room, room * 0.24, token)


def footnotes(session: Session, on_sheet: Sequence[Token]) -> list[str]:
    """What the marks on a sheet of tokens mean ("* from the 2003 edition"), printed at its foot."""
    marks = [m for t in on_sheet for m in t.marks if m]
    return session.ruleset.provenance.notes(marks, session.language)


def build(b: Build) -> None:
    """The kit's tokens.pdf; with a cutting machine its cut template, for a print shop its own file."""
    size = vs_session(b.session).tokens.cell_mm * MM
    build_pieces(b, "tokens", "tokens_title", tokens(b.session), size, draw_token, shop=draw_token,
                 notes=lambda chunk: footnotes(b.session, chunk))  # fmt: skip
