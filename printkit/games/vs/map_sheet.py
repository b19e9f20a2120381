"""What a «Великая Стратегическая» map shows over its terrain: lands, incomes, veins, lairs, buildings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printkit.maps import cell_tag
from printkit.plugin import MM, Cell, Colour, GameMap, RenderError, Ruleset, label
from printkit.render import draw_fitted, fonts, hex_colour, ink_on

from . import livery, pictograms
from .livery import PLAIN, pattern_of
from .map_check import WATERS
from .markers import lines
from .model import NEUTRAL, PALETTE, Land, owner_marks, vs_map

# Land borders: near-black, a colour no player owns (PALETTE, NEUTRAL; tests/vs hold it far from
# each), so that a border never reads as a red player's; cased in white, it reads on every terrain.
BORDER: Colour = (0.1, 0.1, 0.12)
# The opacity of the white under a land's name and income: the terrain's pattern shows through it.
VEIL = 0.78
GOLD: Colour = (0.95, 0.76, 0.2)


RIVER_BLUE = (0.1, 0.35, 0.85)
RIVER = 0.12  # a river's width, as a share of the cell


def river_width(s: float) -> float:
    """How wide a river is drawn in cells of side s, on the map and in its legend alike."""
    return max(1.5, s * RIVER)


def draw_river(c: Any, game_map: GameMap, rivers: frozenset[Cell], waters: set[str], x: int, y: int, px: float,
               py: float, s: float) -> None:  # fmt: skip
    """Half a river from the cell's centre towards every river or water cell around it; the
    neighbour draws the other half, so the line joins up across cells and sheets."""
    cx, cy = px + s / 2, py + s / 2
    c.saveState()
    c.setStrokeColorRGB(*RIVER_BLUE)
    c.setLineWidth(river_width(s))
    c.setLineCap(1)
    # A diagonal link is left out where an orthogonal river cell already joins the two.
    ends = [(nx - x, ny - y) for nx, ny in game_map.neighbours(x, y) if (nx, ny) in rivers
            and (nx == x or ny == y or ((nx, y) not in rivers and (x, ny) not in rivers))]  # fmt: skip
    if len(ends) <= 1:  # a river's end: into one water cell, an orthogonal one if there is one
        mouths = [(nx - x, ny - y) for nx, ny in game_map.neighbours(x, y) if game_map.terrain(nx, ny) in waters]
        ends += sorted(mouths, key=lambda d: abs(d[0]) + abs(d[1]))[:1]
    if not ends:
        c.line(cx - s * 0.3, cy, cx + s * 0.3, cy)
    for dx, dy in ends:
        c.line(cx, cy, cx + dx * s / 2, cy - dy * s / 2)
    c.restoreState()


def river_symbol(c: Any, x: float, y: float, s: float, width: float = 1.5) -> None:
    """A river in a legend's square, as wide as the map draws it (issue 42: a 1.5 pt line stood for
    a river drawn 6.8 pt wide in 20 mm cells)."""
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    c.rect(x, y, s, s, stroke=1, fill=1)
    c.saveState()
    c.setStrokeColorRGB(*RIVER_BLUE)
    c.setLineWidth(min(width, 0.8 * s))
    c.setLineCap(1)
    c.line(x + s * 0.22, y + s / 2, x + s * 0.78, y + s / 2)
    c.restoreState()


class VsOverlay:
    """Province borders with each land's number, name and income; veins and mines, dragons' lairs and
    buildings in their owners' colours and with their marks; and the troops where the map puts them,
    named at the cell's foot with their owners' marks: the start the tokens are laid out from on a
    kit's map, where they stand now on an evening's."""

    def __init__(self, game_map: GameMap, rules: Ruleset, lang: str, colours: Mapping[str, str]) -> None:
        self.map, self.rules, self.lang = game_map, rules, lang
        self.part = vs_map(game_map)
        self.waters = {t.id for t in rules.terrains if t.water}
        self.land_of: dict[tuple[int, int], int] = {c: i for i, land in enumerate(self.part.lands) for c in land.cells}
        self.colours: dict[str, str] = {}
        for seat, (name, colour) in enumerate(colours.items()):
            self.colours[name] = colour or PALETTE[seat % len(PALETTE)]
        for o in game_map.objects:
            if o.owner and o.owner not in self.colours:
                self.colours[o.owner] = PALETTE[len(self.colours) % len(PALETTE)]
        self.cell_size = 20 * MM  # the cells' side, as cell() is given it (the legend's river follows it)
        self.label_cell = {self._label_cell(land): i for i, land in enumerate(vs_map(game_map).lands)}
        # The owners' marks as the tokens print them (tokens.owners: the players in seat order, then
        # the neutral set): a building's owner reads on a black-and-white print by its mark as by its token's.
        names = [*self.colours, label("tk_neutral", lang)]
        marks = owner_marks(names)
        self.marks: dict[str, str] = dict(zip(self.colours, marks, strict=False))
        self.neutral_mark = marks[-1]
        # And their patterns (livery), by seat as on the tokens: the same cue on the map as on the pieces.
        self.patterns = {name: pattern_of(seat) for seat, name in enumerate(self.colours, start=1)}

    def _dry(self, x: int, y: int) -> bool:
        return self.map.terrain(x, y) not in WATERS

    def _label_cell(self, land: Land) -> tuple[int, int]:
        """The free dry cell nearest the middle of the land's dry cells: where its name goes."""
        dry = [c for c in land.cells if self._dry(*c)] or list(land.cells)
        mx = sum(x for x, _ in dry) / len(dry)
        my = sum(y for _, y in dry) / len(dry)
        busy = {(o.x, o.y) for o in self.map.objects} | set(self.part.lairs) | set(self.part.rivers)
        busy |= {(p.x, p.y) for p in self.part.pieces}
        free = [c for c in dry if c not in busy] or dry
        return min(free, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))

    def owner_colour(self, owner: str | None) -> Colour:
        return hex_colour(self.colours.get(owner or "", NEUTRAL) if owner else NEUTRAL)

    def owner_mark(self, owner: str | None) -> str:
        """The owner's mark (model.owner_marks), the neutral set's for no owner."""
        return self.marks.get(owner or "", self.neutral_mark) if owner else self.neutral_mark

    def owner_cues(self, c: Any, owner: str | None, px: float, py: float, s: float) -> None:
        """Whose a building or a mine is where colour does not print: the owner's band and pattern
        along the cell's top, and the owner's mark large (about 5 mm high in a 20 mm cell) beside
        the building."""
        fill = self.owner_colour(owner)
        pattern = self.patterns.get(owner or "", PLAIN) if owner else PLAIN
        strip, inset = s * 0.13, s * 0.06
        livery.band(c, px + inset, py + s - inset - strip, s - 2 * inset, strip, fill, pattern)
        c.saveState()
        c.setStrokeColorRGB(0.15, 0.15, 0.15)
        c.setLineWidth(0.4)
        c.rect(px + inset, py + s - inset - strip, s - 2 * inset, strip, stroke=1, fill=0)
        c.restoreState()
        _mark(c, self.owner_mark(owner), px + s * 0.7, py + s * 0.52, s, MARK)

    # ---- cells -----------------------------------------------------------------------------------

    def cell(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> bool:
        drawn = self._thing(c, x, y, px, py, s)
        here = [p for p in self.part.pieces if (p.x, p.y) == (x, y)]
        if here:
            o = self.map.object_at(x, y)
            self._troops(c, here, px, py, s, top=o is not None and o.kind == "resource")
        return drawn

    def _troops(self, c: Any, pieces: list[Any], px: float, py: float, s: float, top: bool) -> None:
        """The troops on a cell in a white tag along its foot (its top where a vein's figures take the
        foot): each troop's name with its owner's mark."""
        vs = self.rules.part
        words = []
        for p in pieces:
            troop = vs.troop(p.troop) if hasattr(vs, "troop") else None
            name = troop.name[self.lang] if troop is not None else p.troop
            words.append(f"{name}\u00a0{self.owner_mark(p.owner)}")
        inset, height = s * 0.05, s * 0.2
        y0 = py + s - inset - height if top else py + inset
        cell_tag(c, ", ".join(words), px + inset, y0, s - 2 * inset, height, min(8.0, s * 0.13))

    def _thing(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> bool:
        """A cell's river, lair, and its building, mine or vein; whether the cell's object was drawn."""
        self.cell_size = s
        if (x, y) in self.part.rivers:
            draw_river(c, self.map, self.part.rivers, self.waters, x, y, px, py, s)
        if (x, y) in self.part.lairs:
            _badge(c, "lair", px + s * 0.76, py + s * 0.76, s * 0.2, (0.72, 0.1, 0.1), (1, 1, 1))
        o = self.map.object_at(x, y)
        if o is None:
            return False
        what = (o.detail("structure") or "").casefold()
        if o.kind == "resource":
            opened = what.startswith("mine-")
            fill = self.owner_colour(o.owner) if opened else (1.0, 1.0, 1.0)
            if opened:  # as a building: the badge left, the owner's mark right, the level under both
                _badge(c, "vein", px + s * 0.26, py + s * 0.52, s * 0.17, fill, ink_on(fill))
                self.owner_cues(c, o.owner, px, py, s)
            else:
                _badge(c, "vein", px + s * 0.24, py + s * 0.24, s * 0.19, fill, (0.2, 0.2, 0.2))
            if opened or o.detail("height"):
                c.setFillColorRGB(0, 0, 0)
                # A vein's height is a bare number (as the legend says); an opened mine's level is
                # told apart by its word, so that nobody reads a level 1 as a height.
                said = [str(o.detail("height"))] if o.detail("height") else []
                if opened:
                    said.append(label("tk_level", self.lang, n=what.removeprefix("mine-")))
                text = ", ".join(said)
                size = max(6.0, s * 0.16)
                if opened:  # a line of its own under the badge and the mark, clear of both
                    draw_fitted(c, px + s * 0.08, py + s * 0.1, text, fonts.SANS_BOLD, size, s * 0.84, align="center")
                else:
                    c.setFont(fonts.SANS_BOLD, size)
                    c.drawString(px + s * 0.45, py + s * 0.08, text)
            return True
        if o.kind in ("building", "town", "port", "bridge") or what:
            kind = what if pictograms.has(what) else ("bridge" if o.kind == "bridge" else "tower")
            fill = self.owner_colour(o.owner)
            # In the cell's upper left corner, a third of the cell wide: the terrain's
            # pattern (a forest's trees, say) stays in sight around it.
            half = s * 0.17
            cx, cy = px + s * 0.26, py + s * 0.52
            c.saveState()
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(0.8)
            c.roundRect(cx - half, cy - half, 2 * half, 2 * half, s * 0.05, stroke=1, fill=1)
            c.restoreState()
            pictograms.draw(c, kind, cx, cy, half * 1.6, ink_on(fill), fill)
            self.owner_cues(c, o.owner, px, py, s)
            return True
        return False

    def borders(self, x: int, y: int) -> list[tuple[int, int]]:
        """The sides of a cell (as steps to the neighbour) along which a land border runs: where two
        lands meet, or a land meets dry ground of none. A coast is no border."""
        here = self.land_of.get((x, y))
        out = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if not self.map.inside(nx, ny):
                continue
            there = self.land_of.get((nx, ny))
            if here == there:
                continue
            if (here is None and not self._dry(x, y)) or (there is None and not self._dry(nx, ny)):
                continue
            out.append((dx, dy))
        return out

    def over(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> None:
        # Page y grows upwards while map rows grow downwards: the row below is the cell's lower edge.
        ends = {(1, 0): (s, 0, s, s), (-1, 0): (0, 0, 0, s), (0, 1): (0, 0, s, 0), (0, -1): (0, s, s, s)}
        c.saveState()
        c.setLineCap(2)
        for side in self.borders(x, y):
            x0, y0, x1, y1 = ends[side]
            for colour, width in (((1.0, 1.0, 1.0), 3.4), (BORDER, 2.0)):
                c.setStrokeColorRGB(*colour)
                c.setLineWidth(width)
                c.line(px + x0, py + y0, px + x1, py + y1)
        c.restoreState()
        index = self.label_cell.get((x, y))
        if index is not None:
            self._label(c, self.part.lands[index], px, py, s)

    def _label(self, c: Any, land: Land, px: float, py: float, s: float) -> None:
        width = s * 0.92
        try:
            parts, size = lines(f"{land.number}.\u00a0{land.name}", fonts.NARROW_BOLD, width - 3, min(9.0, s * 0.16))
        except RenderError:  # a name too long for a cell: the number here, the name in the land list
            parts, size = [f"{land.number}."], 7.5
        coin = max(6.5, s * 0.14)
        height = len(parts) * size * 1.1 + coin * 2 + 3
        x0, y0 = px + (s - width) / 2, py + (s - height) / 2
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.setFillAlpha(VEIL)
        c.setStrokeColorRGB(*BORDER)
        c.setLineWidth(0.6)
        c.roundRect(x0, y0, width, height, 2, stroke=1, fill=1)
        c.setFillAlpha(1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.NARROW_BOLD, size)
        top = y0 + height - size - 1
        for i, part in enumerate(parts):
            c.drawCentredString(px + s / 2, top - i * size * 1.1, part)
        _coin(c, px + s / 2, y0 + coin + 1.2, coin, str(land.income))
        c.restoreState()

    # ---- legend ----------------------------------------------------------------------------------

    def terrain_row(self) -> list[tuple[Callable[[Any, float, float, float], None], str]]:
        return [
            (lambda c, x, y, s: river_symbol(c, x, y, s, river_width(self.cell_size)), label("map_river", self.lang))
        ]

    def legend(self) -> list[tuple[Callable[[Any, float, float, float], None], str]]:
        lang = self.lang
        out: list[tuple[Callable[[Any, float, float, float], None], str]] = []
        if self.part.lands:
            out.append((_border_symbol, label("vm_border", lang)))
            out.append((lambda c, x, y, s: _coin(c, x + s / 2, y + s / 2, s / 2, "5"), label("vm_income", lang)))
        if any(o.kind == "resource" for o in self.map.objects):
            out.append(
                (
                    lambda c, x, y, s: _badge(c, "vein", x + s / 2, y + s / 2, s / 2, (1, 1, 1), (0.2, 0.2, 0.2)),
                    self._vein_words(),
                )
            )
        if self.part.lairs:
            out.append(
                (
                    lambda c, x, y, s: _badge(c, "lair", x + s / 2, y + s / 2, s / 2, (0.72, 0.1, 0.1), (1, 1, 1)),
                    label("vm_lair", lang),
                )
            )
        if any(o.kind != "resource" for o in self.map.objects):
            out.append((_building_symbol, label("vm_building", lang)))
        if self.part.pieces:
            out.append((_troop_symbol, label("vm_troops", lang)))
        return out

    def _vein_words(self) -> str:
        heights = [m.height for m in getattr(self.rules.part, "mines", ()) if m.height]
        if heights and any(o.detail("height") for o in self.map.objects):
            return label("vm_vein_height", self.lang, low=min(heights), high=max(heights))
        return label("vm_vein", self.lang)


def _badge(c: Any, kind: str, cx: float, cy: float, r: float, fill: Colour, ink: Colour) -> None:
    c.saveState()
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(0.15, 0.15, 0.15)
    c.setLineWidth(0.6)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.restoreState()
    pictograms.draw(c, kind, cx, cy, r * 1.45, ink, fill)


# An owner's mark on the map, as a share of the cell: 19 pt, capitals about 5 mm high, in a 20 mm
# cell (issue 42: at 1.5 mm a Russian С and З looked alike).
MARK = 0.34
MARK_ROOM = 0.5  # the widest a mark's tag may be, as a share of the cell: right of the building's square


def _mark(c: Any, mark: str, cx: float, cy: float, s: float, share: float = 0.17) -> None:
    """An owner's mark centred on (cx, cy): black letters on a white tag, so that owners differ on a
    mono print (issue 33); the tag is solid, since a forest's rings seen through it turned a «С» into
    a ringed letter on a grey print (issue 42)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = s * share
    # Two letters ("За") as wide as the room right of a building's square (a bit over half the cell).
    size = max(6.0, min(size, MARK_ROOM * s / (stringWidth(mark, fonts.SANS_BOLD, 1.0) + 0.5)))
    width = stringWidth(mark, fonts.SANS_BOLD, size) + size * 0.5
    height = size * 1.05
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.15, 0.15, 0.15)
    c.setLineWidth(0.4)
    c.roundRect(cx - width / 2, cy - height / 2, width, height, size * 0.2, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.SANS_BOLD, size)
    c.drawCentredString(cx, cy - size * 0.34, mark)
    c.restoreState()


def _coin(c: Any, cx: float, cy: float, r: float, text: str) -> None:
    c.saveState()
    c.setFillColorRGB(*GOLD)
    c.setStrokeColorRGB(0.55, 0.4, 0.05)
    c.setLineWidth(0.6)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, cx - r, cy - r * 0.38, text, fonts.SANS_BOLD, max(6.0, r * 1.05), 2 * r, align="center")
    c.restoreState()


def _border_symbol(c: Any, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setStrokeColorRGB(*BORDER)
    c.setLineWidth(1.4)
    c.line(x, y + s / 2, x + s, y + s / 2)
    c.restoreState()


def _troop_symbol(c: Any, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    c.setLineWidth(0.5)
    c.roundRect(x, y + s * 0.3, s, s * 0.4, s * 0.08, stroke=1, fill=1)
    c.restoreState()


def _building_symbol(c: Any, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setFillColorRGB(*hex_colour(PALETTE[1]))
    c.roundRect(x, y, s, s, 1, stroke=0, fill=1)
    c.restoreState()
    pictograms.draw(c, "castle", x + s / 2, y + s / 2, s * 0.8, (1, 1, 1), hex_colour(PALETTE[1]))


def overlay(game_map: GameMap, rules: Ruleset, lang: str, colours: Mapping[str, str]) -> VsOverlay:
    """The registry's entry point: the overlay of one VS map."""
    return VsOverlay(game_map, rules, lang, colours)
