"""Session configs: YAML in, a checked and frozen Session out; errors as FILE:LINE: field: message."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .errors import ConfigError, Problem
from .maps import MAP, build_map
from .model import Adventure, Ruleset, Session
from .party import PLAYER, build_players
from .print_options import CARDS, PRINTER, TOKENS, build_print_options
from .rulesets import bundled_ids, load_bundled, load_ruleset_file
from .schema import INVALID, Checker, Choice, Field, Integer, ListOf, MapOf, Record, Text, suggest
from .yamlsource import YamlDocument, load_yaml, parse_yaml

LANGUAGES = ["ru", "en"]
PAPERS = ["a4", "letter"]

ADVENTURE = Record(
    {
        "title": Field(Text(max_len=80), required=True),
        "text": Field(Text(max_len=4000, multiline=True)),
    }
)

SETUP_TEXT = Text(max_len=400, multiline=True)
SETUPS = Record({"red": Field(SETUP_TEXT), "blue": Field(SETUP_TEXT)})

SESSION = Record(
    {
        "game": Field(
            Text(max_len=300),
            required=True,
            doc="a bundled ruleset id (strategiya) or a path to a ruleset file next to the config",
        ),
        "title": Field(Text(max_len=80), doc="printed in every header; defaults to the game's name"),
        "language": Field(Choice(LANGUAGES, {"russian": "ru", "english": "en"}), default="ru"),
        "paper": Field(Choice(PAPERS, {"us-letter": "letter"}), default="a4"),
        "players": Field(
            ListOf(PLAYER, min_items=1, max_items=8),
            doc="one entry per player: name, heroes, common_potential, markers (all optional)",
        ),
        "variant": Field(Choice(["battle", "duel"]), doc="Stratego: the 40-piece battle or the quick duel"),
        "setups": Field(SETUPS, doc="Stratego: each side's setup string, printed on its own secret page"),
        "map": Field(MAP, doc="the game map: rows of terrain letters and objects (see printkit map check)"),
        "cards": Field(CARDS, doc="battle-order cards: size, bleed, duplex, how many per player"),
        "tokens": Field(TOKENS, doc="building and troop tokens: cell size, copies per player"),
        "printer": Field(PRINTER, doc="this printer's duplex offset and scale, from printkit calibrate"),
        "adventures": Field(
            MapOf(Text(max_len=40), MapOf(Integer(1, 99), ADVENTURE)),
            default={},
            doc="adventures per terrain and number: {forest: {1: {title, text}}}",
        ),
    }
)

DEFAULT_CONFIG = "game: strategiya\n"


def load_session(path: Path | None) -> Session:
    """Read a session config; None means the bundled default game."""
    if path is None:
        return _session(parse_yaml(DEFAULT_CONFIG, "(default game)", folder=None))
    return _session(load_yaml(path, str(path)))


def with_overrides(session: Session, language: str | None = None, paper: str | None = None) -> Session:
    """The session with command-line choices applied over the config's."""
    changes = {k: v for k, v in (("language", language), ("paper", paper)) if v}
    return dataclasses.replace(session, **changes) if changes else session


def _session(doc: YamlDocument) -> Session:
    ck = Checker(doc)
    if doc.data is None:
        raise ConfigError([Problem(doc.label, None, "", "the file is empty; it needs at least 'game:'")])
    data = SESSION.check(doc.data, (), ck)
    if data is INVALID:
        ck.raise_if_any()
    ruleset = _resolve_game(data["game"], doc, ck)
    if ruleset is None:
        ck.raise_if_any()
    assert ruleset is not None
    raw_players = data["players"] or [
        {"name": None, "colour": None, "heroes": [], "common_potential": None, "markers": None}
    ] * (ruleset.players_min)
    players = build_players(raw_players, ruleset, data["language"], ck)
    if not ruleset.players_min <= len(players) <= ruleset.players_max:
        ck.fail(
            ("players",),
            f"{ruleset.id} is played by {ruleset.players_min} to {ruleset.players_max} "
            f"players; the config lists {len(players)}",
        )
    adventures = {}
    for tid, entries in data["adventures"].items():
        terrain = ruleset.find_terrain(tid)
        if terrain is None:
            ck.fail(
                ("adventures", tid),
                f"unknown terrain {tid!r}; terrains are "
                + ", ".join(t.id for t in ruleset.terrains)
                + suggest(tid, [t.id for t in ruleset.terrains]),
            )
            continue
        for number in entries:
            if number > terrain.slots:
                ck.fail(
                    ("adventures", tid, str(number)),
                    f"{terrain.id} has numbers 1..{terrain.slots}; {number} is beyond them",
                )
        adventures[terrain.id] = MappingProxyType({n: Adventure(a["title"], a["text"]) for n, a in entries.items()})
    cards, tokens, printer = build_print_options(data)
    setups = _setups(data, ruleset, ck)
    game_map = build_map(data["map"], ruleset, doc, ("map",), ck) if data["map"] else None
    ck.raise_if_any()
    return Session(
        ruleset=ruleset,
        title=data["title"],
        language=data["language"],
        paper=data["paper"],
        players=players,
        adventures=MappingProxyType(adventures),
        label=doc.label,
        folder=doc.folder,
        warnings=tuple(str(w) for w in sorted(ck.warnings, key=lambda w: w.line or 0)),
        cards=cards,
        tokens=tokens,
        printer=printer,
        variant=data["variant"] or ("battle" if ruleset.stratego else None),
        game_map=game_map,
        setups=MappingProxyType(setups),
    )


def _setups(data: dict[str, Any], ruleset: Ruleset, ck: Checker) -> dict[str, Any]:
    """Stratego setups from the config, each checked like `printkit stratego check`."""
    from .setups import SetupError, parse_setup40, problems

    if ruleset.stratego is None:
        for key in ("variant", "setups"):
            if data[key] is not None:
                ck.fail((key,), f"only Stratego has {key}; {ruleset.id} does not")
        return {}
    variant = ruleset.stratego.variants[data["variant"] or "battle"]
    out = {}
    for side, text in (data["setups"] or {}).items():
        if text is None:
            continue
        try:
            setup = parse_setup40(text, ruleset.stratego, variant)
        except SetupError as exc:
            for problem in exc.problems:
                ck.fail(("setups", side), problem)
            continue
        for problem in problems(setup, ruleset.stratego):
            ck.fail(("setups", side), problem)
        out[side] = setup
    return out


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
    path = (doc.folder / value).resolve()
    # A config may come from anyone: it may name files in its own folder, nothing elsewhere.
    if not path.is_relative_to(doc.folder):
        ck.fail(("game",), f"ruleset {value!r} is outside the config's folder; copy it next to the config")
        return None
    if not path.is_file():
        ck.fail(("game",), f"no ruleset file {value!r} next to the config")
        return None
    return load_ruleset_file(path, str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path))


def display_title(session: Session) -> str:
    """The title printed in headers: the config's, or the game's name in the session language."""
    return session.title or session.ruleset.title[session.language]


def player_name(session: Session, number: int) -> str:
    """Player number (1-based) as printed: the config's name, or 'Игрок 1' / 'Player 1'."""
    from .labels import label

    if number <= len(session.players) and session.players[number - 1].name:
        return session.players[number - 1].name or ""
    return label("player_n", session.language, n=number)
