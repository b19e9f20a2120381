"""Frozen records of «Великая Стратегическая»: troops, structures, mines, spells, orders, figures; players' colours."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from printkit.plugin import Ruleset, Session, part_of

if TYPE_CHECKING:
    from printkit.plugin import GameMap

    from .options import CardOptions, CoinOptions, TokenOptions

Localized = Mapping[str, str]


@dataclass(frozen=True)
class Troop:
    id: str
    name: Localized
    kind: str  # land, sea or magic
    squads: int
    upkeep: int
    move: Mapping[str, int]  # terrain id -> cells per turn; missing: cannot enter
    cost: int | None = None  # None: raised by magic, not hired
    magic_cost: int | None = None
    advantage: bool = False  # every squad plays with the «+»
    crosses: bool = False  # ignores terrain changes and rivers
    home: str | None = None  # hired only where this land lies under the building (the home troops)


@dataclass(frozen=True)
class Structure:
    id: str
    name: Localized
    level: int
    cost: int
    garrison: int
    lord: bool = False  # a lord's house: collects the land's income
    income: str | None = None
    garrison_advantage: bool = False
    walls: str | None = None  # "defence" or "always"
    treasury: int = 0  # added to the treasury limit
    upkeep: int = 0
    hires: tuple[str, ...] = ()  # troop ids, or the home troops' group id (those of the land under it)


@dataclass(frozen=True)
class Mine:
    level: int
    name: Localized
    cost: int
    income: int
    garrison: int
    garrison_advantage: bool = False
    height: int | None = None


@dataclass(frozen=True)
class Outcome:
    low: int
    high: int
    text: Localized


@dataclass(frozen=True)
class Spell:
    id: str
    number: str
    school: str
    name: Localized
    text: Localized
    range: int | None = None
    cost: int | None = None  # None: the edition's usual spell cost
    chance: Fraction | None = None
    outcomes: tuple[Outcome, ...] = ()
    lasts: bool = False  # its effect stays on the table for a while: the kit prints a marker for it


@dataclass(frozen=True)
class Orders:
    cycle: tuple[str, ...]  # each order beats the next; the last beats the first
    names: Mapping[str, Localized]
    row: int
    colours: Mapping[str, str] = field(default_factory=dict)
    beaten: Mapping[str, Localized] = field(default_factory=dict)  # a name as the object of "beats"

    def beaten_name(self, order: str, lang: str) -> str:
        """An order's name as the one beaten ("Обстрел бьёт Защиту"); its plain name when none is given."""
        return (self.beaten.get(order) or self.names[order])[lang]

    def beats(self, a: str, b: str) -> bool:
        i = self.cycle.index(a)
        return self.cycle[(i + 1) % len(self.cycle)] == b


@dataclass(frozen=True)
class HomeTroops:
    """The troops a building hires only on their home land, named as one group (2025: heavy infantry,
    2003: foot troops)."""

    id: str  # the word a building's `hires` names them by
    name: Localized


@dataclass(frozen=True)
class VsData:
    """Everything VS-specific in a ruleset; `figures` holds the edition's loose numbers."""

    orders: Orders
    troops: tuple[Troop, ...]
    structures: tuple[Structure, ...]
    mines: tuple[Mine, ...]
    schools: Mapping[str, Localized]
    spells: tuple[Spell, ...]
    figures: Mapping[str, Any]
    markers: tuple[str, ...] = ()  # the markers of the edition (spells that last get their own too)
    home_troops: HomeTroops | None = None

    @property
    def year(self) -> int:
        """2003 or 2025: the 2003 rules raise a lord's house a level at a flat price."""
        return 2003 if self.figures.get("level_up_cost") else 2025

    def troop(self, word: str) -> Troop | None:
        """A troop by id or name in either language, in any case and the usual Russian forms
        ("эльфов", "Рыцарями"); None for no troop."""
        from printkit.plugin import forgiving_match

        folded = word.strip().casefold()
        for t in self.troops:
            if folded in {t.id, *(n.casefold() for n in t.name.values())}:
                return t
        return forgiving_match(word, self.troop_names())

    def troop_names(self) -> list[tuple[str, Troop]]:
        """Every name a troop answers to (its id and its names), for matching and "did you mean"."""
        return [(n, t) for t in self.troops for n in (t.id, *t.name.values())]


@dataclass(frozen=True)
class VsSession:
    """The VS part of a session: card, token and coin options."""

    cards: CardOptions
    tokens: TokenOptions
    coins: CoinOptions


# A player's colour marks everything of theirs the kit prints: card backs, tokens, markers, the ledger
# and the buildings on the map. For players who name none: distinct hues stepped in lightness, since a
# black-and-white printer keeps only that (red, blue and green once printed as greys 74, 87 and 93):
# in grey (Rec. 601 luma) the first four seats lie 38 apart, all eight and the neutral grey 18.
PALETTE = ["#9A1212", "#4A97E8", "#33843A", "#F9C834", "#3A0C70", "#F08A24", "#13A0A6", "#664539"]
NEUTRAL = "#B2B2B2"  # neutral troops and buildings: a grey, lighter than every player's but the yellow


# Capitals a reader takes for a digit on a grey print or across the table (issue 42: a 1.5 mm «З»
# read as 3): a mark of one of them alone takes the name's second letter too ("За").
LIKE_A_DIGIT = frozenset("ЗОЧБВOISZBGQD")
# Capitals alike at a badge's size: two owners whose one-letter marks fall in one group both take
# two letters.
ALIKE = ("СОЭQCOG", "ШЩЦ", "ЕЁ", "ИЙ", "ЬЪБ", "EF", "PR")


def owner_marks(names: Sequence[str]) -> list[str]:
    """The mark that tells each owner's pieces apart where colour cannot (a black-and-white printer):
    the shortest start of the name no other owner's name shares, capitalised ("Север", "Юг" -> "С",
    "Ю"; "Север", "Сумрак" -> "Се", "Су"), at most two letters; one letter only where it cannot be
    taken for a digit (LIKE_A_DIGIT: "Запад" -> "За") nor for another owner's letter (ALIKE); where
    two letters do not tell the names apart, the owner's number in the list."""
    folded = [" ".join(name.split()).casefold() for name in names]

    def shortest(number: int, name: str, least: int) -> str:
        others = [other for i, other in enumerate(folded, start=1) if i != number]
        mark = next((name[:n] for n in range(least, 3) if name[:n].strip() and not any(o.startswith(name[:n])
                     for o in others)), None)  # fmt: skip
        if mark and mark.isalpha() and len(mark) == 1 and mark.upper() in LIKE_A_DIGIT:
            mark = shortest(number, name, 2) if least < 2 else None
        return mark.capitalize() if mark and mark.isalpha() else str(number)

    first = [shortest(number, name, 1) for number, name in enumerate(folded, start=1)]
    group = {ch: g for g in ALIKE for ch in g}
    alike = [len(m) == 1 and m in group and any(o != m and group.get(o) == group[m] for o in first) for m in first]
    return [shortest(n, name, 2) if both else mark
            for n, (name, mark, both) in enumerate(zip(folded, first, alike, strict=True), start=1)]  # fmt: skip


def player_colour(session: Session, number: int) -> str:
    """A player's colour: the config's, else the palette's by seat."""
    colour = session.players[number - 1].colour
    return colour or PALETTE[(number - 1) % len(PALETTE)]


def vs_of(ruleset: Ruleset) -> VsData:
    """The VS part of a ruleset."""
    return part_of(ruleset, VsData)


def vs_session(session: Session) -> VsSession:
    """The VS part of a session."""
    return part_of(session, VsSession)


Cell = tuple[int, int]


@dataclass(frozen=True)
class Piece:
    """A troop standing on the map."""

    x: int
    y: int
    troop: str
    owner: str | None = None  # None: neutral
    personal: bool = False  # marked as its owner's personal troop (economy.personal_troop)


@dataclass(frozen=True)
class Land:
    """A land (province) of the map: its name, yearly income and cells."""

    name: str
    income: int
    cells: frozenset[Cell]
    number: int = 0  # its number for a random draw: given, or its place in the list


@dataclass(frozen=True)
class VsMap:
    """What a VS map holds beyond terrain and objects: rivers, dragons' lairs, troops and lands."""

    rivers: frozenset[Cell] = frozenset()
    lairs: frozenset[Cell] = frozenset()
    pieces: tuple[Piece, ...] = ()
    lands: tuple[Land, ...] = ()

    def land_at(self, x: int, y: int) -> Land | None:
        """The land (province) a cell belongs to, if any."""
        return next((land for land in self.lands if (x, y) in land.cells), None)

    def marked(self) -> list[Cell]:
        """The cells troops stand on."""
        return [(p.x, p.y) for p in self.pieces]


def vs_map(game_map: GameMap) -> VsMap:
    """The VS part of a map (empty for a map of another game's letters)."""
    part = game_map.part
    return part if isinstance(part, VsMap) else VsMap()


def map_cell_mm(session: Session) -> float:
    """A kit map's cells match the tokens placed on them."""
    return vs_session(session).tokens.cell_mm
