"""Game maps as text grids: cells, objects, coordinates like C4, and the checks the rules ask for."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config.model import Ruleset
from ..config.schema import INVALID, Checker, Choice, Field, Integer, ListOf, Record, Text
from ..config.yamlsource import Key, YamlDocument, load_yaml
from ..errors import Problem
from ..games import game, resolve

KINDS = ["town", "port", "resource", "adventure", "building", "bridge"]
CELL = Text(max_len=4, pattern=r"[A-Za-z]{1,2}[0-9]{1,3}", pattern_hint="a cell like C4")

MAP = Record(
    {
        "rows": Field(ListOf(Text(max_len=200), min_items=2, max_items=200), required=True),
        "objects": Field(
            ListOf(
                Record(
                    {
                        "at": Field(CELL, required=True),
                        "kind": Field(Choice(KINDS), required=True),
                        "number": Field(Integer(1, 99)),
                        "name": Field(Text(max_len=40)),
                        "owner": Field(Text(max_len=40)),  # a player's name; none: neutral
                        "structure": Field(Text(max_len=40)),  # which building, in the game's words
                        "height": Field(Integer(1, 99)),  # a vein's height (VS 2003: the deepest mine it holds)
                    }
                ),
                max_items=2000,
            ),
            default=[],
        ),
        # «Великая Стратегическая»: land cells a river runs through.
        "rivers": Field(ListOf(CELL, max_items=5000), default=[]),
        # «Великая Стратегическая»: cells with a dragon's sign (its lair).
        "lairs": Field(ListOf(CELL, max_items=500), default=[]),
        # Pieces standing on the map (a game's movement reads them): what, where, whose.
        "troops": Field(
            ListOf(
                Record(
                    {
                        "at": Field(CELL, required=True),
                        "troop": Field(Text(max_len=40), required=True),
                        "owner": Field(Text(max_len=40)),
                    }
                ),
                max_items=2000,
            ),
            default=[],
        ),
        # Lands (provinces): a name, an income and the cells, like "A1-C3 D4" (rectangles and cells).
        "lands": Field(
            ListOf(
                Record(
                    {
                        "name": Field(Text(max_len=40), required=True),
                        "number": Field(Integer(1, 999)),  # for drawing a land at random (default: its place)
                        "income": Field(Integer(0, 10_000), default=0),
                        "cells": Field(Text(max_len=2000), required=True),
                    }
                ),
                max_items=500,
            ),
            default=[],
        ),
    }
)


def column_name(x: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    x += 1
    while x:
        x, rem = divmod(x - 1, 26)
        name = chr(65 + rem) + name
    return name


def cell_name(x: int, y: int) -> str:
    return f"{column_name(x)}{y + 1}"


_CELL = re.compile(r"([A-Za-z]{1,3})([0-9]{1,4})")


def parse_cell(text: str) -> tuple[int, int]:
    """C4 -> (2, 3): columns from A, rows from 1 at the top."""
    # ASCII only and short: "²" passes isdigit() and fails int(), and no map is wider than ZZZ.
    found = _CELL.fullmatch(text.strip())
    if not found:
        from ..errors import RefusedValue

        raise RefusedValue("mc_bad_cell", text=text[:12])
    letters, digits = found.group(1).upper(), found.group(2)
    x = 0
    for ch in letters:
        x = x * 26 + (ord(ch) - 64)
    return x - 1, int(digits) - 1


@dataclass(frozen=True)
class MapObject:
    x: int
    y: int
    kind: str
    number: int | None = None
    name: str | None = None
    owner: str | None = None
    structure: str | None = None
    height: int | None = None


@dataclass(frozen=True)
class Piece:
    """A troop standing on the map."""

    x: int
    y: int
    troop: str
    owner: str | None = None  # None: neutral


@dataclass(frozen=True)
class Land:
    """A land (province) of the map: its name, yearly income and cells."""

    name: str
    income: int
    cells: frozenset[tuple[int, int]]
    number: int = 0  # its number for a random draw: given, or its place in the list


@dataclass(frozen=True)
class GameMap:
    width: int
    height: int
    cells: tuple[tuple[str | None, ...], ...]  # terrain id per cell; None: a letter no terrain uses
    objects: tuple[MapObject, ...]
    letters: tuple[str, ...]  # the rows as written
    rivers: frozenset[tuple[int, int]] = frozenset()
    pieces: tuple[Piece, ...] = ()
    lands: tuple[Land, ...] = ()
    lairs: frozenset[tuple[int, int]] = frozenset()

    def land_at(self, x: int, y: int) -> Land | None:
        """The land (province) a cell belongs to, if any."""
        return next((land for land in self.lands if (x, y) in land.cells), None)

    def terrain(self, x: int, y: int) -> str | None:
        return self.cells[y][x]

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def neighbours(self, x: int, y: int) -> list[tuple[int, int]]:
        """King moves: row by row from the top left, the cell itself left out."""
        # Spelt out rather than through inside(): routes on large maps ask this millions of times.
        width, height = self.width, self.height
        return [(nx, ny) for ny in (y - 1, y, y + 1) if 0 <= ny < height
                for nx in (x - 1, x, x + 1) if 0 <= nx < width and (nx != x or ny != y)]  # fmt: skip

    def object_at(self, x: int, y: int) -> MapObject | None:
        return next((o for o in self.objects if (o.x, o.y) == (x, y)), None)


def legend(rules: Ruleset) -> dict[str, str]:
    return {t.letter: t.id for t in rules.terrains if t.letter}


def build_map(data: dict[str, Any], rules: Ruleset, doc: YamlDocument, key: Key, ck: Checker) -> GameMap | None:
    """A map from checked data; cell and object problems go to ck with their lines."""
    rows = ["".join(r.split()) for r in data["rows"]]
    width = len(rows[0])
    letters = legend(rules)
    cells = []
    for y, row in enumerate(rows):
        if len(row) != width:
            ck.fail((*key, "rows", y), f"row {y + 1} has {len(row)} cells; the first row has {width}")
            continue
        cells.append(tuple(letters.get(ch.upper()) for ch in row))
    if len(cells) != len(rows):
        return None
    objects = []
    for i, o in enumerate(data["objects"]):
        try:
            x, y = parse_cell(o["at"])
        except ValueError as exc:
            ck.fail((*key, "objects", i, "at"), str(exc))
            continue
        if not (0 <= x < width and 0 <= y < len(rows)):
            ck.fail((*key, "objects", i, "at"), f"{o['at']} is outside the {width}×{len(rows)} map")
            continue
        objects.append(MapObject(x, y, o["kind"], o.get("number"), o.get("name"), o.get("owner"), o.get("structure"),
                                 o.get("height")))  # fmt: skip
    entry = game(rules.family)
    rivers = _cells(data.get("rivers", []), "rivers", entry.map_rivers, rules.family, width, len(rows), key, ck)
    lairs = _cells(data.get("lairs", []), "lairs", entry.map_lairs, rules.family, width, len(rows), key, ck)
    pieces = []
    for i, t in enumerate(data.get("troops", [])):
        try:
            x, y = parse_cell(t["at"])
        except ValueError as exc:
            ck.fail((*key, "troops", i, "at"), str(exc))
            continue
        if not (0 <= x < width and 0 <= y < len(rows)):
            ck.fail((*key, "troops", i, "at"), f"{t['at']} is outside the {width}×{len(rows)} map")
            continue
        pieces.append(Piece(x, y, t["troop"], t["owner"]))
    lands: list[Land] = []
    for i, land in enumerate(data.get("lands", [])):
        try:
            found = cell_ranges(land["cells"])
        except ValueError as exc:
            ck.fail((*key, "lands", i, "cells"), str(exc))
            continue
        outside = sorted(cell_name(*c) for c in found if not (0 <= c[0] < width and 0 <= c[1] < len(rows)))
        if outside:
            ck.fail((*key, "lands", i, "cells"), f"{outside[0]} is outside the {width}×{len(rows)} map")
            continue
        lands.append(Land(land["name"], land["income"], frozenset(found), land.get("number") or len(lands) + 1))
    return GameMap(width, len(rows), tuple(cells), tuple(objects), tuple(rows), frozenset(rivers), tuple(pieces),
                   tuple(lands), frozenset(lairs))  # fmt: skip


def _cells(texts: list[str], name: str, allowed: bool, family: str, width: int, height: int, key: Key,
           ck: Checker) -> set[tuple[int, int]]:  # fmt: skip
    """The cells of a list like `rivers:`, each problem reported with its place."""
    out = set()
    for i, text in enumerate(texts):
        try:
            x, y = parse_cell(text)
        except ValueError as exc:
            ck.fail((*key, name, i), str(exc))
            continue
        if not (0 <= x < width and 0 <= y < height):
            ck.fail((*key, name, i), f"{text} is outside the {width}×{height} map")
            continue
        if not allowed:
            ck.fail((*key, name, i), f"{family} maps have no {name}")
            continue
        out.add((x, y))
    return out


def cell_ranges(text: str) -> set[tuple[int, int]]:
    """Cells from "A1-C3 D4": rectangles between two corners, and single cells."""
    out: set[tuple[int, int]] = set()
    for word in text.replace(",", " ").split():
        corners = [parse_cell(part) for part in word.split("-")]
        if len(corners) > 2:
            raise ValueError(f"{word!r} is not a cell like C4 or a range like A1-C3")
        (x1, y1), (x2, y2) = corners[0], corners[-1]
        out |= {(x, y) for x in range(min(x1, x2), max(x1, x2) + 1) for y in range(min(y1, y2), max(y1, y2) + 1)}
    if not out:
        raise ValueError("no cells")
    return out


def load_map(path: Path) -> tuple[GameMap, Ruleset]:
    """A map file: the map itself (game, rows, objects), or a session config with a `map:` key.
    `game:` names the bundled ruleset the letters belong to (default strategiya)."""
    from ..config.rulesets import DEFAULT_GAME, bundled_ids, load_bundled
    from ..errors import ConfigError

    doc = load_yaml(path, str(path))
    ck = Checker(doc)
    if not isinstance(doc.data, dict):
        raise ConfigError([Problem(doc.label, None, "", "a map file holds rows: and objects:")])
    game = doc.data.get("game", DEFAULT_GAME)
    if game not in bundled_ids():
        raise ConfigError([doc.problem(("game",), f"unknown game {game!r}")])
    rules = load_bundled(game)
    nested = "map" in doc.data
    data = doc.data["map"] if nested else {k: v for k, v in doc.data.items() if k != "game"}
    key: Key = ("map",) if nested else ()
    checked = MAP.check(data, key, ck)
    game_map = None if checked is INVALID else build_map(checked, rules, doc, key, ck)
    if ck.problems or game_map is None:
        raise ConfigError(ck.problems or [Problem(doc.label, None, "", "no map")])
    return game_map, rules


@dataclass(frozen=True)
class Finding:
    """One thing a map check found: where, what (a Phrase says itself in either language), how bad."""

    cell: str | None
    message: str
    warning: bool = False

    def __str__(self) -> str:
        return self.say("en")

    def say(self, lang: str) -> str:
        """'C4: two objects in one cell', 'warning: ...', in lang."""
        from ..labels import label

        say = getattr(self.message, "say", None)
        text = say(lang) if callable(say) else self.message
        text = label("mc_cell", lang, cell=self.cell, text=text) if self.cell else text
        return label("mc_warning", lang, text=text) if self.warning else text


def unknown_letters(game_map: GameMap) -> list[Finding]:
    """A finding for every cell whose letter is no terrain of the map's game."""
    from ..labels import Phrase

    return [Finding(cell_name(x, y), Phrase("mc_letter", letter=game_map.letters[y][x]))
            for y in range(game_map.height) for x in range(game_map.width)
            if game_map.terrain(x, y) is None]  # fmt: skip


def one_per_cell(game_map: GameMap) -> list[Finding]:
    """A finding for every cell holding two objects."""
    from ..labels import Phrase

    seen: set[tuple[int, int]] = set()
    out = []
    for o in game_map.objects:
        if (o.x, o.y) in seen:
            out.append(Finding(cell_name(o.x, o.y), Phrase("mc_two_objects")))
        seen.add((o.x, o.y))
    return out


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every way a map breaks the rules of its game's map, and warnings (the game's own check)."""
    target = game(rules.family).map_check
    if target is None:
        return unknown_letters(game_map) + one_per_cell(game_map)
    found: list[Finding] = resolve(target)(game_map, rules)
    return found
