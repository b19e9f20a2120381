"""Game maps as text grids: cells, objects, coordinates like C4, and the checks the rules ask for."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..config.model import Ruleset
from ..config.ruleset_schema import GameSchema
from ..config.schema import INVALID, Checker, Choice, Field, Integer, ListOf, Record, Text
from ..config.yamlsource import Key, YamlDocument, load_yaml
from ..errors import Problem
from ..game import Maps, game, games, resolve

MAX_CELLS = 200  # rows of a map, and cells of a row: a search over the whole map stays quick
# Cyrillic letters whose capitals look like Latin ones: a cell typed on a Russian keyboard («С4») is
# the cell it looks like, in a question and in a map file alike.
LOOKALIKES = "АВСЕКМНОРТХавсекмнортх"
_LATIN = str.maketrans(LOOKALIKES, "ABCEKMHOPTXABCEKMHOPTX")
CELL = Text(max_len=4, pattern=rf"[A-Za-z{LOOKALIKES}]{{1,2}}[0-9]{{1,3}}", pattern_hint="a cell like C4")
Cell = tuple[int, int]


def map_record(schemas: list[GameSchema], kinds: list[str], elsewhere: dict[str, str] | None = None) -> Record:
    """The `map:` record of one game (or, given several, of any of them): rows of terrain letters and
    objects, with the keys the game adds to a map and to each of its objects."""
    object_fields: dict[str, Field] = {
        "at": Field(CELL, required=True),
        "kind": Field(Choice(kinds or ["town"]), required=True),
        "number": Field(Integer(1, 99)),
        "name": Field(Text(max_len=40)),
        "owner": Field(Text(max_len=40)),  # a player's name; none: neutral
    }
    map_fields: dict[str, Field] = {}
    for schema in schemas:
        object_fields.update(schema.map_object_fields)
        map_fields.update(schema.map_fields)
    return Record(
        {
            "rows": Field(ListOf(Text(max_len=MAX_CELLS), min_items=2, max_items=MAX_CELLS), required=True),
            "objects": Field(ListOf(Record(object_fields), max_items=2000), default=[]),
            **map_fields,
        },
        elsewhere=elsewhere,
    )


def map_schema(families: list[str]) -> Record:
    """The map record of these games."""
    from ..config.rulesets import game_schema

    kinds = dict.fromkeys(o.kind for f in families for o in (game(f).maps or Maps()).objects)
    mine = {k for f in families for k in game_schema(f).map_fields}
    playing = " or ".join(game(f).name for f in families) or "this game"
    elsewhere = {key: f"only {g.name} maps have {key}; {playing} maps do not"
                 for g in games() for key in game_schema(g.family).map_fields if key not in mine}  # fmt: skip
    return map_record([game_schema(f) for f in families], list(kinds), elsewhere)


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


def latin(text: str) -> str:
    """A cell's name with its Cyrillic look-alike letters (С4, а1) made the Latin ones (C4, A1)."""
    return text.translate(_LATIN)


def parse_cell(text: str) -> tuple[int, int]:
    """C4 -> (2, 3): columns from A, rows from 1 at the top; a Cyrillic look-alike (С4) is its Latin letter."""
    # ASCII only and short: "²" passes isdigit() and fails int(), and no map is wider than ZZZ.
    found = _CELL.fullmatch(latin(text.strip()))
    if not found:
        from ..labels import RefusedValue

        raise RefusedValue("mc_bad_cell", text=text[:12])
    letters, digits = found.group(1).upper(), found.group(2)
    x = 0
    for ch in letters:
        x = x * 26 + (ord(ch) - 64)
    return x - 1, int(digits) - 1


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


def legend(rules: Ruleset) -> dict[str, str]:
    return {t.letter: t.id for t in rules.terrains if t.letter}


def build_map(data: dict[str, Any], rules: Ruleset, doc: YamlDocument, key: Key, ck: Checker) -> GameMap | None:
    """A map from checked data; cell and object problems go to ck with their lines."""
    from ..config.rulesets import game_schema

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
    schema = game_schema(rules.family)
    own = list(schema.map_object_fields)
    objects = []
    for i, o in enumerate(data["objects"]):
        at = cell_in(o["at"], width, len(rows), (*key, "objects", i, "at"), ck)
        if at is not None:
            details = tuple((k, o[k]) for k in own if o.get(k) is not None)
            objects.append(MapObject(*at, o["kind"], o.get("number"), o.get("name"), o.get("owner"), details))
    build = schema.hook("build_map_part")
    part = build(data, width, len(rows), key, ck) if build is not None else None
    # Names a map gives that must be the ruleset's (a troop, a building): a typo is told with its
    # line here, before a question or a sheet reads the map and meets a name it cannot use.
    names = schema.hook("check_map_names")
    if names is not None:
        names(data, rules, key, ck)
    return GameMap(width, len(rows), tuple(cells), tuple(objects), tuple(rows), part)


def cell_in(text: str, width: int, height: int, key: Key, ck: Checker) -> Cell | None:
    """A cell a map file names, inside a width x height map; None (its problem reported) otherwise."""
    try:
        x, y = parse_cell(text)
    except ValueError as exc:
        ck.fail(key, str(exc))
        return None
    if not (0 <= x < width and 0 <= y < height):
        ck.fail(key, f"{text} is outside the {width}×{height} map")
        return None
    return x, y


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


# Maps read, by file and its state on disk: the phone referee and an evening's session ask about the
# same map many times, and a map read once need not be read again until its file changes.
_READ: dict[tuple[str, int, int, int], tuple[GameMap, Ruleset]] = {}
_READ_KEPT = 32
_READING = threading.Lock()


def load_map(path: Path) -> tuple[GameMap, Ruleset]:
    """A map file: the map itself (game, rows, objects), or a session config with a `map:` key.
    `game:` names the bundled ruleset the letters belong to (default: the default game's). A file
    read before and unchanged since (its size, time and inode) gives the same map again."""
    try:
        seen = path.stat()
    except OSError:
        return _read_map(path)  # the reader says what is wrong with the name
    key = (str(path.resolve()), seen.st_mtime_ns, seen.st_size, seen.st_ino)
    with _READING:
        found = _READ.get(key)
    if found is None:
        found = _read_map(path)
        with _READING:  # the phone referee reads maps in several threads at once
            while len(_READ) >= _READ_KEPT:
                _READ.pop(next(iter(_READ)))
            _READ[key] = found
    return found


def _read_map(path: Path) -> tuple[GameMap, Ruleset]:
    from ..config.rulesets import bundled_ids, default_ruleset, load_bundled
    from ..errors import ConfigError

    doc = load_yaml(path, str(path))
    ck = Checker(doc)
    if not isinstance(doc.data, dict):
        raise ConfigError([Problem(doc.label, None, "", "a map file holds rows: and objects:")])
    ruleset_id = doc.data.get("game", default_ruleset())
    if ruleset_id not in bundled_ids():
        raise ConfigError([doc.problem(("game",), f"unknown game {ruleset_id!r}")])
    rules = load_bundled(ruleset_id)
    if game(rules.family).maps is None:
        raise ConfigError([doc.problem(("game",), f"{game(rules.family).name} has no maps")])
    nested = "map" in doc.data
    data = doc.data["map"] if nested else {k: v for k, v in doc.data.items() if k != "game"}
    key: Key = ("map",) if nested else ()
    checked = map_schema([rules.family]).check(data, key, ck)
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
    target = (game(rules.family).maps or Maps()).check
    if target is None:
        return unknown_letters(game_map) + one_per_cell(game_map)
    found: list[Finding] = resolve(target)(game_map, rules)
    return found
