"""What each cell of a VS map is to one moving troop: its ground, rivers, buildings and pieces."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from printkit.plugin import GameMap, MapObject, Ruleset

from .model import Troop, VsData, vs_map

Cell = tuple[int, int]
WATERS = ("coast", "sea")
LAND = ("field", "forest", "mountains", "desert")
BUILDINGS = ("tower", "manor", "castle", "city", "fortress")  # постройки: lord houses and the fortress


def edition(rules: Ruleset) -> int:
    """2025 or 2003: the 2003 maps have one sea terrain, which also holds the rivers."""
    return 2025 if any(t.id == "coast" for t in rules.terrains) else 2003


@dataclass(frozen=True)
class Mover:
    """Who moves, and under which spells and readings."""

    troop: Troop
    year: int  # 2025 or 2003
    player: str | None = None
    allow: frozenset[str] = frozenset()
    laden: bool = False  # 2025: a ship carrying a troop
    fair_wind: bool = False
    water: bool = False  # the water of tirelessness
    transport: bool = False  # 2003: a troop afloat on its transport
    ghost_table: bool = False  # reading: the ghost ship sails as the table says
    ships_cross: bool = False  # reading: a ship passes between coastal and open sea without stopping
    ghost_stops: bool = False  # reading: a ghost ship stops between coastal and open sea as ships do
    orthogonal: bool = False  # reading: no diagonal steps (a dragon of 2003 flies rows and columns only)
    river_along: bool = False  # reading (2025): along a river, from river cell to river cell, no stop
    pass_through: bool = False  # reading: a cell holding another troop may be passed, not stopped on
    magic_barred: bool = False  # reading (2025): magical troops enter no building, their owner's neither
    forbid: frozenset[str] = frozenset()  # 2003: players who forbid their structures to this troop

    @property
    def kind(self) -> str:
        """walker, free (mages and zombies: no stop at terrain or rivers), dragon, ship, ghost or
        transport (2003: a land troop afloat)."""
        t = self.troop
        if self.transport:
            return "transport"
        if t.id == "ghost-ship":
            return "ghost"
        if t.kind == "sea":
            return "ship"
        if t.id == "dragon":
            return "dragon"
        return "free" if t.crosses else "walker"

    @property
    def magical(self) -> bool:
        return self.troop.kind == "magic"


class Board:
    """The map as one mover sees it."""

    def __init__(self, game_map: GameMap, rules: Ruleset, mover: Mover, start: Cell) -> None:
        self.map, self.rules, self.mover, self.start = game_map, rules, mover, start
        self.part = vs_map(game_map)
        assert isinstance(rules.part, VsData)
        self.vs = rules.part

    def terrain(self, cell: Cell) -> str | None:
        return self.map.terrain(*cell)

    def river(self, cell: Cell) -> bool:
        return cell in self.part.rivers

    def is_water(self, cell: Cell) -> bool:
        return self.terrain(cell) in WATERS

    @cached_property
    def structures(self) -> dict[Cell, MapObject]:
        """Cells holding a building or a mine (a vein with no owner and no mine is no building)."""
        out = {}
        for o in self.map.objects:
            mine = o.kind == "resource" and (o.owner is not None or (o.detail("structure") or "").startswith("mine"))
            if o.kind in ("town", "port", "building") or mine:
                out[(o.x, o.y)] = o
        return out

    def building(self, cell: Cell) -> bool:
        """A постройка (lord house or fortress), which a troop may pass as any terrain (2025)."""
        o = self.structures.get(cell)
        return o is not None and o.kind != "resource" and (o.detail("structure") or "tower") in BUILDINGS

    @cached_property
    def pieces(self) -> dict[Cell, tuple[str, str | None]]:
        """Other troops on the map: (troop, owner); the mover's own start cell is left out."""
        return {(p.x, p.y): (p.troop, p.owner) for p in self.part.pieces if (p.x, p.y) != self.start}

    def friend(self, owner: str | None) -> bool:
        return owner is not None and (owner == self.mover.player or owner in self.mover.allow)

    @cached_property
    def watched(self) -> frozenset[Cell]:
        """2025: cells next to another player's troop, where a move ends (neutrals watch nobody)."""
        if self.mover.year != 2025:
            return frozenset()
        out = set()
        for (x, y), (_, owner) in self.pieces.items():
            if owner is not None and not self.friend(owner):
                out |= set(self.map.neighbours(x, y))
        return frozenset(out)

    def may_enter_structure(self, cell: Cell) -> bool:
        """2025: another's building or mine is entered only with its owner's leave, which magical
        troops never get (their own player's they may enter, unless `magic_barred`). 2003: any
        structure may be entered unless its owner forbids it (`forbid`); magical troops never."""
        o = self.structures.get(cell)
        if o is None:
            return True
        m = self.mover
        if m.year == 2003:
            return not m.magical and (o.owner is None or o.owner == m.player or o.owner not in m.forbid)
        if m.magical:
            return not m.magic_barred and o.owner is not None and o.owner == m.player
        return self.friend(o.owner)

    def boards(self, cell: Cell) -> bool:
        """2025: a land troop steps onto its own ship (boarding ends the move)."""
        found = self.pieces.get(cell)
        if found is None or self.mover.year != 2025 or self.mover.kind != "walker":
            return False
        ship = self.vs.troop(found[0])
        return ship is not None and ship.id == "ship" and self.friend(found[1])

    def free(self, cell: Cell) -> bool:
        """No other troop stands there (one troop a cell). 2003: a zombie squad may join one other
        zombie squad of its player (two to a cell)."""
        found = self.pieces.get(cell)
        if found is None:
            return True
        m = self.mover
        per_cell = int(self.vs.figures.get("zombies_per_cell") or 1)
        if m.troop.id == "zombie" and per_cell > 1 and found[1] is not None and found[1] == m.player:
            troop = self.vs.troop(found[0])
            return troop is not None and troop.id == "zombie" and self.count(cell) < per_cell
        return False

    def count(self, cell: Cell) -> int:
        """How many of the map's troops (zombie squads) stand on a cell."""
        return sum(1 for p in self.part.pieces if (p.x, p.y) == cell and (p.x, p.y) != self.start)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells one step away: the eight around it, or the four beside it (`orthogonal`)."""
        x, y = cell
        found = self.map.neighbours(x, y)
        return [(a, b) for a, b in found if a == x or b == y] if self.mover.orthogonal else found

    def borders_land(self, cell: Cell) -> bool:
        return any(not self.is_water(n) or self.river(n) for n in self.map.neighbours(*cell))

    def corner_river(self, a: Cell, b: Cell) -> bool:
        """A diagonal step that cuts the corner where two river cells touch: it would cross the bed."""
        (x1, y1), (x2, y2) = a, b
        return x1 != x2 and y1 != y2 and self.river((x2, y1)) and self.river((x1, y2))
