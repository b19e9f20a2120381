"""Frozen records every game shares: a ruleset's common part and its sources, maps, players, the session."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from .cells import Cell

if TYPE_CHECKING:
    from .imposition import Printer

OWN = "own"  # the id of the game's own rules document in every ruleset's `documents:`


@dataclass(frozen=True)
class Document:
    """A document figures come from: its words in each language and its mark on a page."""

    id: str
    name: Mapping[str, str]
    mark: str = ""  # "" for the game's own document: its figures carry no mark

    @property
    def own(self) -> bool:
        return self.id == OWN


@dataclass(frozen=True)
class Source:
    """Where one figure comes from: a document and a place in it (section, table, printkit's reason)."""

    document: Document
    where: str

    def say(self, lang: str) -> str:
        return f"{self.document.name[lang]}, {self.where}" if self.where else self.document.name[lang]


@dataclass(frozen=True)
class Provenance:
    """A ruleset's documents and the source of each of its figures, by path pattern."""

    documents: Mapping[str, Document] = field(default_factory=dict)
    rules: tuple[tuple[tuple[str, ...], Source], ...] = ()  # pattern (split at dots) -> source

    def of(self, path: str) -> Source | None:
        """The source of the figure at `path`: the most specific pattern that covers it (a pattern
        covers the paths it begins; more segments win, then fewer `*`)."""
        try:
            return self._found[path]
        except KeyError:
            found = self._found[path] = self._search(path)
            return found

    @cached_property
    def _found(self) -> dict[str, Source | None]:
        # What of() found for each path: a kit's pages ask the same figures' sources thousands of
        # times over. Kept outside the fields, so no digest or comparison of a ruleset sees it.
        return {}

    def _search(self, path: str) -> Source | None:
        parts = path.split(".")
        best: tuple[int, int] | None = None
        found = None
        for pattern, source in self.rules:
            if len(pattern) <= len(parts) and all(p in ("*", q) for p, q in zip(pattern, parts, strict=False)):
                rank = (len(pattern), -pattern.count("*"))
                if best is None or rank > best:
                    best, found = rank, source
        return found

    def mark(self, path: str) -> str:
        """What a page prints beside the figure at `path`: "" for the game's own document."""
        source = self.of(path)
        return source.document.mark if source is not None else ""

    def notes(self, marks: Iterable[str], lang: str) -> list[str]:
        """The footnotes that explain the marks a page printed ("* from the 2003 edition"), in order."""
        used = set(marks)
        return [f"{d.mark} {d.name[lang]}" for d in self.documents.values() if d.mark and d.mark in used]


Localized = Mapping[str, str]
Part = TypeVar("Part")


def fold(word: str) -> str:
    """How names are compared: case and ё/е do not matter."""
    return word.strip().casefold().replace("ё", "е")


@dataclass(frozen=True)
class Terrain:
    """A terrain as every game knows it; a game may extend it with its own figures (a subclass)."""

    id: str
    name: Localized
    short: Localized
    colour: str
    letter: str | None = None  # the cell letter in text maps
    water: bool = False  # a water terrain: rivers flow into it, ships sail it
    pattern: str | None = None  # how printed maps hatch it, so that it reads in grey (printkit.maps.sheet)


@dataclass(frozen=True)
class Ruleset:
    """The part of a ruleset every game has, plus `part`: the game's own frozen records."""

    id: str
    family: str  # which registered game this ruleset belongs to
    title: Localized
    players_min: int
    players_max: int
    terrains: tuple[Terrain, ...]
    source: Path
    part: object = None
    booklet: Path | None = None  # the rules text, read only when a booklet is printed
    provenance: Provenance = field(default_factory=Provenance)  # where each figure comes from

    def terrain(self, terrain_id: str) -> Terrain:
        for t in self.terrains:
            if t.id == terrain_id:
                return t
        raise KeyError(terrain_id)

    def find_terrain(self, word: str) -> Terrain | None:
        """A terrain by id or by any of its localized names, ignoring case."""
        folded = fold(word)
        for t in self.terrains:
            if folded in {fold(n) for n in (t.id, *t.name.values(), *t.short.values())}:
                return t
        return None


def part_of(owner: Ruleset | Session, kind: type[Part]) -> Part:
    """The game's own part of a ruleset or session, checked to be of the expected type."""
    part = owner.part
    if not isinstance(part, kind):
        name = owner.id if isinstance(owner, Ruleset) else owner.ruleset.id
        raise TypeError(f"{name} has no {kind.__name__}")
    return part


@runtime_checkable
class MarkedPart(Protocol):
    """A game's map part that holds things in cells besides objects (troops standing there, say)."""

    def marked(self) -> list[Cell]:
        """The cells that hold something, for Tab completion of cells."""
        ...


@dataclass(frozen=True)
class MapObject:
    """An object on a map: where, what, and the details its game's maps add (by key)."""

    x: int
    y: int
    kind: str
    number: int | None = None
    name: str | None = None
    owner: str | None = None
    details: tuple[tuple[str, Any], ...] = ()

    def detail(self, key: str) -> Any:
        """A detail the game's maps add to objects (None where the map file gives none)."""
        return next((v for k, v in self.details if k == key), None)


@dataclass(frozen=True)
class GameMap:
    """A map: terrain per cell, the objects on it, and the game's own part (rivers, say)."""

    width: int
    height: int
    cells: tuple[tuple[str | None, ...], ...]  # terrain id per cell; None: a letter no terrain uses
    objects: tuple[MapObject, ...]
    letters: tuple[str, ...]  # the rows as written
    part: object = None  # what the game's map schema built from its own keys

    def terrain(self, x: int, y: int) -> str | None:
        return self.cells[y][x]

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def neighbours(self, x: int, y: int) -> list[Cell]:
        """King moves: row by row from the top left, the cell itself left out."""
        # Spelt out rather than through inside(): routes on large maps ask this millions of times.
        width, height = self.width, self.height
        return [(nx, ny) for ny in (y - 1, y, y + 1) if 0 <= ny < height
                for nx in (x - 1, x, x + 1) if 0 <= nx < width and (nx != x or ny != y)]  # fmt: skip

    def object_at(self, x: int, y: int) -> MapObject | None:
        return next((o for o in self.objects if (o.x, o.y) == (x, y)), None)

    def marked(self) -> list[Cell]:
        """Cells that hold an object, then those the game's part marks (its troops, say)."""
        cells = [(o.x, o.y) for o in self.objects]
        return cells + (self.part.marked() if isinstance(self.part, MarkedPart) else [])


@dataclass(frozen=True)
class Player:
    """A player as every game knows them; game-specific fields live in the session's part."""

    name: str | None
    colour: str | None = None  # card backs, tokens, markers


@dataclass(frozen=True)
class Session:
    """A game night: which ruleset, who plays, the options printing uses, and the game's own part."""

    ruleset: Ruleset
    title: str | None
    language: str
    paper: str
    players: tuple[Player, ...]
    label: str
    folder: Path | None
    warnings: tuple[str, ...] = ()
    printer: Printer | None = None
    game_map: GameMap | None = None
    part: object = None
    # The file the evening's map was read from: the one `map:` names, or the config itself for a map
    # written in it. Every surface reads this map (serve offers it, movement questions default to it).
    map_path: Path | None = None
