"""A map as a config holds it or a map file gives it: read, checked line by line, made the shared record."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..cells import LOOKALIKES, Cell, parse_cell
from ..errors import ConfigError, Problem
from ..game import Maps, game, games
from ..labels import Phrase, label
from ..model import GameMap, MapObject, Ruleset
from .ruleset_schema import GameSchema
from .rulesets import bundled_ids, default_ruleset, game_schema, load_bundled
from .schema import INVALID, Checker, Choice, Field, Integer, ListOf, Record, Text
from .yamlsource import Key, YamlDocument, load_yaml

MAX_CELLS = 200  # rows of a map, and cells of a row: a search over the whole map stays quick
CELL = Text(max_len=4, pattern=rf"[A-Za-z{LOOKALIKES}]{{1,2}}[0-9]{{1,3}}", pattern_hint=Phrase("cs_hint_cell"))


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
    kinds = dict.fromkeys(o.kind for f in families for o in (game(f).maps or Maps()).objects)
    mine = {k for f in families for k in game_schema(f).map_fields}
    both = ("ru", "en")
    playing = {lang: label("cl_or", lang).join(game(f).named(lang) for f in families) or label("cs_this_game", lang)
               for lang in both}  # fmt: skip
    elsewhere: dict[str, str] = {
        key: Phrase("cs_elsewhere_map", name=key, owner={lang: g.named(lang) for lang in both}, playing=playing)
        for g in games() for key in game_schema(g.family).map_fields if key not in mine
    }  # fmt: skip
    return map_record([game_schema(f) for f in families], list(kinds), elsewhere)


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


# Maps read, by file and its state on disk: the phone referee and an evening's session ask about the
# same map many times, and a map read once need not be read again until its file changes. A config
# that names its map's file is read again when that file changes too, though the config does not
# (an evening rewrites the map file beside an unchanged config as buildings change hands).
_READ: dict[tuple[str, int, int, int], tuple[GameMap, Ruleset, tuple[tuple[str, Stamp], ...]]] = {}
_READ_KEPT = 32
_READING = threading.Lock()

Stamp = tuple[int, int, int]


def _stamp(path: Path) -> Stamp | None:
    """A file's state on disk (its time, size and inode); None where it cannot be seen."""
    try:
        seen = path.stat()
    except OSError:
        return None
    return seen.st_mtime_ns, seen.st_size, seen.st_ino


def load_map(path: Path) -> tuple[GameMap, Ruleset]:
    """A map file: the map itself (game, rows, objects), or a session config with a `map:` key.
    `game:` names the bundled ruleset the letters belong to (default: the default game's). A file
    read before and unchanged since (its size, time and inode), and the map file it names, give
    the same map again."""
    seen = _stamp(path)
    if seen is None:
        return _read_map(path)  # the reader says what is wrong with the name
    key = (str(path.resolve()), *seen)
    with _READING:
        found = _READ.get(key)
    if found is None or any(_stamp(Path(name)) != stamp for name, stamp in found[2]):
        beside: list[tuple[str, Stamp]] = []
        game_map, rules = _read_map(path, beside=beside)
        found = (game_map, rules, tuple(beside))
        with _READING:  # the phone referee reads maps in several threads at once
            while len(_READ) >= _READ_KEPT:
                _READ.pop(next(iter(_READ)))
            _READ[key] = found
    return found[0], found[1]


# A config's `map:` names a map file as text: a file next to the config, holding the map itself.
MAP_FILE_TEXT = Text(max_len=255, pattern=r"[^\x00]+\.ya?ml", pattern_hint=Phrase("cs_hint_map_file"))


def map_beside(value: str, doc: YamlDocument, key: Key, ck: Checker) -> Path | None:
    """The map file a config's `map:` names: in the config's own folder (a config may come from
    anyone: it names no file elsewhere); None after the problem is recorded."""
    from .userfile import is_file

    if doc.folder is None:
        ck.fail(key, "a map file's name needs a config file to be relative to")
        return None
    try:
        path = (doc.folder / value).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a NUL in the name
        ck.fail(key, f"map file {value!r} cannot be found: the path loops or is not a file name")
        return None
    if not path.is_relative_to(doc.folder):
        ck.fail(key, f"map file {value!r} is outside the config's folder; copy it next to the config")
        return None
    if not is_file(path):
        ck.fail(key, f"no map file {value!r} next to the config")
        return None
    return path


def _read_map(path: Path, named: bool = False,
              beside: list[tuple[str, Stamp]] | None = None) -> tuple[GameMap, Ruleset]:  # fmt: skip
    """The map a file holds or names; the state of a file named beside it is added to `beside`
    as it was before it was read."""
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
    if nested and isinstance(data, str) and not named:  # a config naming its map's file: that file's map
        named_file = map_beside(data, doc, key, ck) if MAP_FILE_TEXT.check(data, key, ck) is not INVALID else None
        if named_file is None:
            raise ConfigError(ck.problems)
        stamp = _stamp(named_file)
        if beside is not None and stamp is not None:
            beside.append((str(named_file), stamp))
        found = _read_map(named_file, named=True)
        if game(found[1].family) is not game(rules.family):
            raise ConfigError([doc.problem(key, f"{data!r} is a map of {game(found[1].family).name}; "
                                                f"this file plays {game(rules.family).name}")])  # fmt: skip
        return found
    checked = map_schema([rules.family]).check(data, key, ck)
    game_map = None if checked is INVALID else build_map(checked, rules, doc, key, ck)
    if ck.problems or game_map is None:
        raise ConfigError(ck.problems or [Problem(doc.label, None, "", "no map")])
    return game_map, rules
