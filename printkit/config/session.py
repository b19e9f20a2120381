"""Session configs: YAML in, a checked and frozen Session out; errors as FILE:LINE: field: message."""

from __future__ import annotations

import dataclasses
from os import PathLike
from pathlib import Path
from typing import Any

from ..cells import cell_name
from ..errors import ConfigError, Problem
from ..game import Game, game, games
from ..imposition import Printer
from ..labels import Phrase
from ..model import GameMap, Player, Ruleset, Session
from ..suggest import suggest
from .mapfile import MAP_FILE_TEXT, build_map, load_map, map_beside, map_schema
from .rulesets import bundled_ids, default_ruleset, game_schema, load_bundled, load_ruleset_file
from .schema import INVALID, Checker, Choice, Colour, Either, Field, ListOf, Number, Record, Text
from .userfile import is_file
from .yamlsource import Key, YamlDocument, load_yaml, parse_yaml

LANGUAGES = ["ru", "en"]
PAPERS = ["a4", "letter"]
MAX_PLAYERS = 8
MAX_PLAYER_ENTRIES = 100  # a list longer than this is refused unread, as any other list is

GAME = Field(
    Text(max_len=300, printed=False),
    required=True,
    doc="a bundled ruleset id (strategiya) or a path to a ruleset file next to the config",
)

PLAYER_FIELDS: dict[str, Field] = {
    "name": Field(Text(max_len=40)),
    "colour": Field(Colour(), doc="the player's colour on card backs, tokens and markers"),
}

PRINTER = Record(
    {
        "back_offset_mm": Field(ListOf(Number(-20, 20), min_items=2, max_items=2), default=[0.0, 0.0]),
        "scale": Field(Number(0.8, 1.2), default=1.0),
    }
)


class _Players(ListOf):
    """The players' list: how many a game takes is its ruleset's to say (_players, in words naming
    whose the range is), too few or too many; the schema keeps the most any game takes for an editor,
    and a bound on work."""

    def partial(self, value: Any, key: Key, ck: Checker) -> Any:
        if (
            isinstance(value, list)
            and len(value) <= MAX_PLAYER_ENTRIES
            and not self.min_items <= len(value) <= self.max_items
        ):
            return [self.item.check(v, (*key, i), ck) for i, v in enumerate(value)]
        return super().partial(value, key, ck)


def named(g: Game) -> dict[str, str]:
    """A game's name in each language, as a message names it."""
    return {lang: g.named(lang) for lang in LANGUAGES}


def _base_fields(player: Record, families: list[str]) -> dict[str, Field]:

    mapped = [f for f in families if game(f).maps is not None]
    fields = {
        "game": GAME,
        "title": Field(Text(max_len=80), doc="heads the session's sheets (not the rules); default: the game's name"),
        "language": Field(Choice(LANGUAGES, {"russian": "ru", "english": "en"}), default="ru"),
        "paper": Field(Choice(PAPERS, {"us-letter": "letter"}), default="a4"),
        "players": Field(
            _Players(player, min_items=1, max_items=MAX_PLAYERS),
            doc="one entry per player: a name and a colour, and what the game adds (heroes, ...)",
        ),
        "map": Field(
            Either(map_schema(mapped), MAP_FILE_TEXT),
            doc="the game map: rows of terrain letters and objects (printkit map check), or a map file next to it",
        ),
        "printer": Field(PRINTER, doc="this printer's duplex offset and scale, from printkit calibrate"),
    }
    if not mapped:
        del fields["map"]
    return fields


def session_record(family: str | None = None) -> Record:
    """The session config record for one game, or (None) for any game: the keys of every game.

    A key another game uses is named as such ("only «Великая Стратегическая» has cards; «Стратегия»
    does not", in the file's language), not as unknown."""
    families = [family] if family else [g.family for g in games()]
    parts = [game_schema(f) for f in families]
    owners = [(g, game_schema(g.family)) for g in games()]
    chosen = {id(p) for p in parts}
    playing = named(game(family)) if family else {"ru": "другая", "en": "this game"}
    elsewhere: dict[str, str] = {k: Phrase("cs_elsewhere", name=k, owner=named(g), playing=playing)
                                 for g, s in owners if id(s) not in chosen for k in s.session_fields}  # fmt: skip
    elsewhere_p = {k: Phrase("cs_elsewhere", name=k, owner=named(g), playing=playing)
                   for g, s in owners if id(s) not in chosen for k in s.player_fields}  # fmt: skip
    player_fields = {**PLAYER_FIELDS}
    session_fields: dict[str, Field] = {}
    for part in parts:
        player_fields.update(part.player_fields)
        session_fields.update(part.session_fields)
    player = Record(player_fields, elsewhere=elsewhere_p)
    if family is not None and game(family).maps is None:
        elsewhere["map"] = Phrase("cs_no_maps", game=named(game(family)))
    return Record({**_base_fields(player, families), **session_fields}, elsewhere=elsewhere)


def load_session(path: str | PathLike[str] | None, language: str | None = None) -> Session:
    """Read a session config; None means the bundled default game. language: the one its problems
    and warnings are said in, over the config's own (a command's --lang).

    >>> session = load_session("examples/strategiya.yaml")
    >>> session.ruleset.id, [p.name for p in session.players]
    ('strategiya', ['Аня', 'Борис'])
    """
    if path is None:
        return _session(parse_yaml(f"game: {default_ruleset()}\n", "(default game)", folder=None), language)
    return _session(load_yaml(Path(path), str(path)), language)


def with_overrides(session: Session, language: str | None = None, paper: str | None = None) -> Session:
    """The session with command-line choices applied over the config's."""
    if language:
        session = dataclasses.replace(session, language=language)
    if paper:
        session = dataclasses.replace(session, paper=paper)
    return session


def _session(doc: YamlDocument, language: str | None = None) -> Session:
    ck = Checker(doc)
    if doc.data is None:
        raise ConfigError([Problem(doc.label, None, "", "the file is empty; it needs at least 'game:'")])
    if not isinstance(doc.data, dict):
        raise ConfigError([Problem(doc.label, None, "", "a session config is a mapping of keys, like 'game: ...'")])
    # The game decides which keys the rest of the file may have: find it first.
    ruleset = None
    if "game" in doc.data:
        value = GAME.spec.check(doc.data["game"], ("game",), ck)
        if value is not INVALID:
            ruleset = _resolve_game(value, doc, ck)
    schema = game_schema(ruleset.family) if ruleset else None
    record = session_record(ruleset.family if ruleset else None)
    data = record.partial(doc.data, (), ck)
    if ruleset is None or schema is None or data is INVALID:
        ck.raise_if_any()
        raise AssertionError("a session without a game reported no problem")
    # Keep checking what is well formed, so that one run reports every problem of the file.
    if data["players"] is INVALID and isinstance(doc.data.get("players"), list):
        # Each well-formed player still meets the game's checks (its problems were reported once).
        data["players"] = record.fields["players"].spec.partial(doc.data["players"], ("players",), Checker(doc))
    data = {k: record.fields[k].default if v is INVALID else v for k, v in data.items()}
    if language:
        data["language"] = language
    players, raw_players = _players(data["players"], ruleset, ck)
    game_map, map_path = None, None
    if isinstance(data.get("map"), str):  # a map file next to the config: the one the kit prints
        map_path = map_beside(data["map"], doc, ("map",), ck)
        if map_path is not None:
            game_map = _map_file(map_path, ruleset, data["map"], ck)
            map_path = map_path if game_map is not None else None
    elif data.get("map") is not None:
        game_map = build_map(data["map"], ruleset, doc, ("map",), ck)
        map_path = doc.folder / Path(doc.label).name if doc.folder is not None else None
        if game_map is not None:
            for y, message in _unknown_letters(game_map, ruleset):
                ck.fail(("map", "rows", y), message)
    build = schema.hook("build_session")
    part = build({**data, "players": raw_players}, ruleset, doc, ck) if build is not None else None
    ck.raise_if_any(data["language"])
    session = Session(
        ruleset=ruleset,
        title=data["title"],
        language=data["language"],
        paper=data["paper"],
        players=players,
        label=doc.label,
        folder=doc.folder,
        warnings=tuple(w.said(data["language"]) for w in sorted(ck.warnings, key=lambda w: w.line or 0)),
        printer=_printer(data["printer"]),
        game_map=game_map,
        part=part,
        map_path=map_path,
    )
    # What only the whole session tells (how many pieces its kit would print): refused here, at
    # once, rather than after the build has drawn everything before it.
    whole = schema.hook("check_session")
    if whole is not None:
        whole(session, ck)
        ck.raise_if_any(session.language)
    return session


def _map_file(path: Path, ruleset: Ruleset, named: str, ck: Checker) -> GameMap | None:
    """The map of the file a config's `map:` names, which must be a map of the config's game; its
    own problems are said with its own file and lines."""
    try:
        game_map, rules = load_map(path)
    except ConfigError as error:
        ck.problems.extend(error.problems)
        return None
    if game(rules.family) is not game(ruleset.family):
        plays = game(ruleset.family).name
        ck.fail(("map",), f"{named!r} is a map of {game(rules.family).name}; this config plays {plays}")
        return None
    unknown = _unknown_letters(game_map, rules)
    if unknown:
        # Said at the map file's own lines: `map check` reads the same file and says the same cells.
        doc = load_yaml(path, str(path))
        nested = isinstance(doc.data, dict) and isinstance(doc.data.get("map"), dict)
        for y, message in unknown:
            ck.problems.append(doc.problem(("map", "rows", y) if nested else ("rows", y), message))
        return None
    return game_map


def _unknown_letters(game_map: GameMap, rules: Ruleset) -> list[tuple[int, Phrase]]:
    """Each row of a map with letters that are no terrain of its edition, as (row, what to say): the
    letter and its cells, the game, and the letters it has. `map check` finds them too, but a config
    that validates must build a map whose every cell has its terrain."""
    lacking: dict[tuple[int, str], list[str]] = {}
    for y in range(game_map.height):
        for x in range(game_map.width):
            if game_map.terrain(x, y) is None:
                lacking.setdefault((y, game_map.letters[y][x]), []).append(cell_name(x, y))
    letters = {lang: ", ".join(f"{t.letter} — {t.name[lang]}" for t in rules.terrains if t.letter)
               for lang in LANGUAGES}  # fmt: skip
    return [(y, Phrase("cf_map_letter", cells=", ".join(cells), letter=letter, game=dict(rules.title), letters=letters))
            for (y, letter), cells in lacking.items()]  # fmt: skip


def _players(raw: list[Any] | None, ruleset: Ruleset, ck: Checker) -> tuple[tuple[Player, ...], list[dict[str, Any]]]:
    """The shared player records, and the player entries for the game's own checks (INVALID where
    an entry was malformed, so that the others keep their place in messages)."""
    if raw is None:
        # No players listed: the fewest the game allows, nameless, with every field at its default.
        item = session_record(ruleset.family).fields["players"].spec.item  # type: ignore[attr-defined]
        raw = [item.check({}, (), ck) for _ in range(ruleset.players_min)]
    if not ruleset.players_min <= len(raw) <= ruleset.players_max:
        # Where the rules set no number of players, the range says whose it is: printkit's reading.
        source = ruleset.provenance.of("players")
        whose = source.document.name if source is not None and not source.document.own else None
        ck.fail(
            ("players",),
            Phrase(
                "cf_players_reading" if whose else "cf_players",
                # Russian names the game by its title; English keeps the ruleset's id, as it always has.
                game={"ru": f"«{ruleset.title['ru']}»", "en": ruleset.id},
                low=ruleset.players_min,
                high=ruleset.players_max,
                n=len(raw),
                whose=whose or "",
            ),
        )
    players = tuple(Player(None) if p is INVALID else Player(p["name"], p["colour"]) for p in raw)
    return players, list(raw)


def _printer(data: dict[str, Any] | None) -> Printer:
    from ..geometry import MM

    printer = data or {}
    offset = printer.get("back_offset_mm") or [0.0, 0.0]
    return Printer((offset[0] * MM, offset[1] * MM), printer.get("scale", 1.0))


def _resolve_game(value: str, doc: YamlDocument, ck: Checker) -> Ruleset | None:
    ids = bundled_ids()
    if value in ids:
        return load_bundled(value)
    looks_like_path = "/" in value or "\\" in value or value.endswith((".yaml", ".yml"))
    if not looks_like_path:
        ck.fail(("game",), f"unknown game {value!r}{suggest(value, ids)}; bundled games: {', '.join(ids)}")
        return None
    if doc.folder is None:
        ck.fail(("game",), "a ruleset path needs a config file to be relative to")
        return None
    try:
        path = (doc.folder / value).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a NUL in the name
        ck.fail(("game",), f"ruleset {value!r} cannot be found: the path loops or is not a file name")
        return None
    # A config may come from anyone: it may name files in its own folder, nothing elsewhere.
    if not path.is_relative_to(doc.folder):
        ck.fail(("game",), f"ruleset {value!r} is outside the config's folder; copy it next to the config")
        return None
    if not is_file(path):
        ck.fail(("game",), f"no ruleset file {value!r} next to the config")
        return None
    return load_ruleset_file(path, str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path))


def display_title(session: Session) -> str:
    """The title printed in headers: the config's, or the game's name in the session language."""
    return session.title or session.ruleset.title[session.language]


def player_name(session: Session, number: int) -> str:
    """Player number (1-based) as printed: the config's name, or 'Игрок 1' / 'Player 1'."""
    from ..labels import label

    if number <= len(session.players) and session.players[number - 1].name:
        return session.players[number - 1].name or ""
    return label("player_n", session.language, n=number)
