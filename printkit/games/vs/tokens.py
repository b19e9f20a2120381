"""Building, mine and troop tokens of «Великая Стратегическая»: one map cell each, two-sided, and their faces."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.imposition import Box
from printkit.plugin import MM, Build, Colour, RenderError, Session, label, player_name
from printkit.render import draw_fitted, fit_lines, fonts, hex_colour, ink_on, readable, tint

from . import livery, pictograms
from .livery import PLAIN, pattern_of
from .model import NEUTRAL, VsData, owner_marks, player_colour, vs_map, vs_of, vs_session
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
    mark: str = ""  # the owner's mark on the front (model.owner_marks): whose it is on a grey print
    pattern: str = PLAIN  # the owner's band pattern (livery): whose it is from across the table
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


def _set(session: Session, colour: str, owner: str, copies: Mapping[str, int], owner_mark: str = "",
         pattern: str = PLAIN) -> list[Token]:  # fmt: skip
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
        kind = f"mine-{m.level}" if pictograms.has(f"mine-{m.level}") else "mine"
        token = Token(colour, kind, m.name[lang], owner, pips=m.level, lines=tuple(lines),
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
        # Outside a building and, in brackets, inside one: a line each, the pair too wide for one at 6 pt.
        costs = (label("tk_cost", lang, n=transport["cost_outside"]),
                 label("tk_transport_inside", lang, n=transport["cost_inside"]))  # fmt: skip
        token = Token(colour, "transport", label("tk_transport", lang), owner, squads=(int(transport["squads"]), False),
                      lines=costs, moves=tuple((w.colour, str(transport["speed"])) for w in sea),
                      note=label("tk_moves", lang))  # fmt: skip
        out += [token] * copies["transport"]
    return [dataclasses.replace(token, mark=owner_mark, pattern=pattern) for token in out]


def owners(session: Session) -> list[tuple[str, str, str]]:
    """Every owner of pieces: (colour, name, mark) of each player in seat order, then the neutral set."""
    names = [player_name(session, n) for n in range(1, len(session.players) + 1)]
    names.append(label("tk_neutral", session.language))
    colours = [player_colour(session, n) for n in range(1, len(session.players) + 1)] + [NEUTRAL]
    return list(zip(colours, names, owner_marks(names), strict=True))


def tokens(session: Session) -> list[Token]:
    """Every token of the kit: each player's set in the player's colour, then the neutral set in grey."""
    vs = vs_of(session.ruleset)
    options = vs_session(session).tokens
    out: list[Token] = []
    *players, (grey, neutral_name, neutral_mark) = owners(session)
    for seat, (colour, name, mark) in enumerate(players, start=1):
        out += _set(session, colour, name, counts(vs, DEFAULT_COPIES, options.copies), mark, pattern_of(seat))
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
    return out + _set(session, grey, neutral_name, neutral, neutral_mark)


# ---- faces: pictogram, levels as dots and squads as boxes in front; the figures behind ---------------

TEXT = 6.5  # pt: the figures and names on a token, which has only its safe area to fill
PITCH = 7.0  # pt between their lines
LIFT = 1.5  # pt from a line's foot to its baseline: descenders just clear the foot
OWNER_BAND = 2.72 * MM  # a sheet back's band below the safe edge: the owner's name, its descenders inside
MOVES = 10.0  # pt for the row of terrain-coloured move boxes (8.4 pt tall, a point clear of the lines round it)
CLEAR = 0.36 * MM  # every word on a token keeps this much paper between it and a band, box or frame
GAP = 0.5  # pt between two move boxes
MARK = 7.0  # pt: the mark beside a figure the edition's own rules do not give
MARK_GAP = 1.4  # pt from the last box to that mark: a point of paper besides the mark's own side
BADGE = 6.5  # pt: the owner's mark on a front
SAFE = 3 * MM  # every letter on a sheet's token, front and back, stays this far inside the cut line


def deep(colour: Colour) -> Colour:
    """The colour darkened until a pictogram, dots and squad boxes in it stand out on white paper
    as text would (4.5:1)."""
    return readable(colour, (1.0, 1.0, 1.0))


def boxes(c: Any, cx: float, y: float, size: float, n: int, plus: bool, colour: Colour, mark: str = "") -> None:
    """n squad boxes centred on cx, each with a «+» where the squads have the advantage, and the mark
    of a figure the edition's own rules do not give right after them."""
    gap = size * 0.3
    x = cx - (n * size + (n - 1) * gap) / 2
    if mark:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.SANS_BOLD, MARK)
        c.drawString(x + n * size + (n - 1) * gap + MARK_GAP, y + size - MARK * 0.7, mark)
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


def move_row(cells: Sequence[str], width: float, widest: float) -> tuple[str, list[float]]:
    """The font and each box's width for a row of move boxes `width` wide at most: equal boxes, none
    wider than `widest`, unless a figure needs more to keep CLEAR inside its box (a marked "5†"),
    then that box its need and the others share the rest; the narrow face where the wide one cannot."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for font in (fonts.SANS_BOLD, fonts.NARROW_BOLD):
        needs = [float(stringWidth(n, font, TEXT)) + 2 * CLEAR + 0.3 + GAP for n in cells]
        step = min(width / len(cells), widest)
        if max(needs) <= step:
            return font, [step] * len(cells)
        wide = [need for need in needs if need > step]
        rest = (width - sum(wide)) / (len(cells) - len(wide)) if len(wide) < len(cells) else 0.0
        if sum(wide) <= width and all(need <= rest for need in needs if need <= step):
            return font, [need if need > step else min(rest, widest) for need in needs]
    raise RenderError(f"a token's move figures {' '.join(cells)!r} do not fit its row at {TEXT:g} pt")


def moves(c: Any, cx: float, y: float, width: float, widest: float, token: Token) -> None:
    """Terrain-coloured boxes with the cells a turn in each, their bottom at y, none wider than
    `widest` unless its figure needs it (move_row)."""
    font, widths = move_row([cells for _, cells in token.moves], width, widest)
    x = cx - sum(widths) / 2
    for (terrain, cells), step in zip(token.moves, widths, strict=True):
        rgb = hex_colour(terrain)
        c.setFillColorRGB(*rgb)
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.setLineWidth(0.3)
        c.rect(x + GAP / 2, y, step - GAP, MOVES - 1.6, stroke=1, fill=1)
        c.setFillColorRGB(*ink_on(rgb))
        c.setFont(font, TEXT)
        c.drawCentredString(x + step / 2, y + 2.5, cells)  # a dagger's foot clear too
        x += step


def draw_token(c: Any, box: Box, token: Token, back: bool, bleed: float = 0.0, safe: float = 0.0,
               light: bool = False) -> None:  # fmt: skip
    """One face of a token in its box. `bleed` carries the background past the box; `safe` > 0 lays
    the face out for a print shop, every word at least that far inside the box; `light`, the
    ink-saving kit's faces."""
    colour = hex_colour(token.colour)
    c.setFillColorRGB(*(tint(colour, 0.16) if back and not light else (1, 1, 1)))
    c.rect(box.x - bleed, box.y - bleed, box.w + 2 * bleed, box.h + 2 * bleed, stroke=0, fill=1)
    if back:
        _back(c, box, token, colour, bleed, safe or SAFE, owner=not safe, light=light)
    else:
        _front(c, box, token, colour, bleed, safe or SAFE, light)


def badge(c: Any, right: float, top: float, mark: str, ink: Colour) -> float:
    """The owner's mark in a white square framed in the owner's ink (a ring would make «С» read as ©),
    its top right corner at (right, top); returns its width. On a black-and-white print the mark, not
    the shade, says whose it is."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    height = BADGE * 1.25
    width = max(height, float(stringWidth(mark, fonts.SANS_BOLD, BADGE)) + BADGE * 0.75)  # a point clear each side
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(0.6)
    c.roundRect(right - width, top - height, width, height, height * 0.15, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.SANS_BOLD, BADGE)
    c.drawCentredString(right - width / 2, top - height + BADGE * 0.3, mark)
    c.restoreState()
    return width


def _front(c: Any, box: Box, token: Token, colour: Colour, bleed: float, safe: float, light: bool = False) -> None:
    """A token's front: the coloured band with the name, the pictogram with the owner's mark beside
    it, the dots or squad boxes at the foot; every word `safe` inside the box."""
    s, cx, ink = box.w, box.x + box.w / 2, deep(colour)
    band = safe + 3.3 * MM  # the name's line below the safe edge, descenders inside the band
    livery.band(c, box.x - bleed, box.y + box.h - band, box.w + 2 * bleed, band + bleed, colour, token.pattern, light)
    livery.plate(c, cx, box.y + box.h - safe - 2.35 * MM, token.title, fonts.NARROW_BOLD, TEXT, s - 2 * safe, colour,
                 light)  # fmt: skip
    row = s * 0.11  # the dots' or boxes' row, on the safe area's bottom edge
    if token.squads:
        boxes(c, cx, box.y + safe, row, token.squads[0], token.squads[1], ink, token.squads_mark)
    elif token.pips:
        pips(c, cx, box.y + safe + row / 2, s, token.pips, ink)
    low = box.y + safe + (row + 1.0 if token.squads or token.pips else 0.0)
    top = box.y + box.h - band
    room = top - low
    width = badge(c, box.x + s - safe, top - 0.6, token.mark, ink) if token.mark else 0.0
    # The pictogram keeps clear of the mark: it moves left by the room the mark takes.
    size = min(s * 0.5, room * 0.92, s - 2 * safe - 2 * width - 0.6 * MM)
    pictograms.draw(c, token.kind, cx - width / 2, low + room / 2, size, ink)


# A print shop cuts up to 1/8 in off the mark (render/printshop.py), so a 20 mm token keeps every
# word inside a 14 mm square; a sheet's token keeps 3 mm (SAFE) for hand cutting. Both lay the faces
# out in that square. The front keeps its band, name, pictogram, owner's mark and dots or boxes. On
# a sheet the back names its owner in a band as the front names the token, then gives the figures:
# face down in a player's box the token still says whose it is, and the name is the key to the mark
# on the front. A print shop's back, with the wider margin, holds the figures alone.


def _back(c: Any, box: Box, token: Token, colour: Colour, bleed: float, safe: float, owner: bool,
          light: bool = False) -> None:  # fmt: skip
    """A token's back: with `owner` the owner's name in a band of the owner's colour, then the
    figures centred in the rest of the safe area; every letter `safe` inside the box."""
    top = box.y + box.h - safe
    if owner:
        band = safe + OWNER_BAND
        livery.band(c, box.x - bleed, box.y + box.h - band, box.w + 2 * bleed, band + bleed, colour, token.pattern,
                    light)  # fmt: skip
        # A player's name is what the user typed: too long for the band, it is cut short, not an error.
        livery.plate(c, box.x + box.w / 2, top - 1.78 * MM, token.owner, fonts.NARROW_BOLD, TEXT, box.w - 2 * safe,
                     colour, light, shorten=True)  # fmt: skip
        # The first line's capitals stand PITCH - LIFT - 0.73 em (0.75 pt) below its slot's top: a
        # little more under the band makes a point of paper between them (issue 42, fourth review).
        top = box.y + box.h - band - 0.35
    _figures(c, box, token, deep(colour), top, box.y + safe, safe)


def _figures(c: Any, box: Box, token: Token, ink: Colour, top: float, bottom: float, safe: float) -> None:
    """The back's figures, top to bottom, centred between `top` and `bottom`: its lines (one too wide
    at 6 pt takes two), the garrison's boxes after the word "garrison:", the moves' boxes and the
    note saying what their numbers are."""
    s, cx = box.w, box.x + box.w / 2
    room = s - 2 * safe
    garrison = token.garrison[0] if token.garrison else 0
    lines = token.lines[:-1] if garrison else token.lines  # the last, "garrison:", shares its boxes' row
    figures = [part for line in lines for part in fit_lines(line, fonts.NARROW, TEXT, room)[0]]
    notes = fit_lines(token.note, fonts.NARROW, TEXT, room)[0] if token.moves else []
    height = PITCH * (len(figures) + bool(garrison) + len(notes)) + MOVES * bool(token.moves)
    if height > top - bottom + 0.01:
        raise RenderError(f"a {s / MM:g} mm token's figures do not fit inside its {safe / MM:.1f} mm margin "
                          "at 6 pt; make tokens.cell_mm larger")  # fmt: skip
    y = top - (top - bottom - height) / 2
    c.setFillColorRGB(0, 0, 0)
    for line in figures:
        y -= PITCH
        draw_fitted(c, box.x + safe, y + LIFT, line, fonts.NARROW, TEXT, room, align="center")
    if garrison:
        y -= PITCH
        _garrison_row(c, box.x + safe, room, y + LIFT, token, ink)
    if token.moves:
        y -= MOVES
        # The words under the swatches come first in the file, so that no reader runs "1 cells" together.
        c.setFillColorRGB(0, 0, 0)
        for i, line in enumerate(notes):
            draw_fitted(c, box.x + safe, y - (i + 1) * PITCH + LIFT, line, fonts.NARROW, TEXT, room,
                        align="center")  # fmt: skip
        moves(c, cx, y + 0.7, room, room * 0.24, token)


def _garrison_row(c: Any, x: float, width: float, y: float, token: Token, ink: Colour) -> None:
    """The back's last line ("garrison:") with the garrison's boxes after it, one row centred in
    `width` from x, its baseline at y; the boxes as large as the row leaves, at most a line high."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert token.garrison is not None
    words = token.lines[-1]
    n, plus = token.garrison
    gap = 1.5
    text = float(stringWidth(words, fonts.NARROW, TEXT))
    mark = float(stringWidth(token.garrison_mark, fonts.SANS_BOLD, MARK)) if token.garrison_mark else 0.0
    # boxes() sets n boxes 0.3 of a box apart, and the mark MARK_GAP after the last.
    span = n + 0.3 * (n - 1)
    after = mark + MARK_GAP if mark else 0.0
    size = min(PITCH - 2.2, (width - text - gap - after) / span)  # its stroke a point below the descenders above
    start = x + (width - text - gap - size * span - after) / 2
    c.setFont(fonts.NARROW, TEXT)
    c.drawString(start, y, words)
    boxes(c, start + text + gap + (n * size + (n - 1) * size * 0.3) / 2, y - 0.6, size, n, plus, ink,
          token.garrison_mark)  # fmt: skip


def footnotes(session: Session, on_sheet: Sequence[Token]) -> list[str]:
    """What the marks on a sheet of tokens mean ("* from the 2003 edition"), printed at its foot."""
    marks = [m for t in on_sheet for m in t.marks if m]
    return session.ruleset.provenance.notes(marks, session.language)


def build(b: Build) -> None:
    """The kit's tokens.pdf; with a cutting machine its cut template, for a print shop its own file."""
    size = vs_session(b.session).tokens.cell_mm * MM
    face = functools.partial(draw_token, light=bool(b.options.greyscale))  # the ink-saving kit's faces
    build_pieces(b, "tokens", "tokens_title", tokens(b.session), size, face, shop=face,
                 notes=lambda chunk: footnotes(b.session, chunk), owner=whose)  # fmt: skip


def whose(token: Token) -> str | None:
    """A token's owner for its sheet's rows (piece_sheets.slots): a player's name, or None for the
    neutral set (its plain band), which fills the ends of the players' rows."""
    return None if token.pattern == PLAIN else token.owner
