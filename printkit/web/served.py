"""The files a served table may read, named when it starts, and which of a question's inputs each one feeds."""

# A page never names a path: every file a question reads was named when `serve` started, checked
# then, and is offered on a form by its short name only. The inputs take them by name, as the
# evening's session gives its config and key: `config` the session config, `keys` the referee keys
# (joined, as the session joins them), `map_file` a map; any other file input one of the other files.

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..questions import File, Input, Question

# Where each file input's files come from: the input's name -> the source (the option of `serve`).
SOURCES: Mapping[str, str] = {"config": "config", "keys": "key", "map_file": "map"}
OTHER = "file"
# The most a file given with --file may hold: a Stratego position or a paths graph is a few kilobytes.
MAX_OTHER_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class Served:
    """The files named at start, each source's in the order given."""

    config: Path | None = None
    keys: tuple[Path, ...] = ()
    maps: tuple[Path, ...] = ()
    others: tuple[Path, ...] = ()
    edition: str | None = None  # the config's ruleset: the default of an input named `edition`
    language: str | None = None  # the config's language: a page's language unless ?lang= says
    names: Mapping[Path, str] = field(default_factory=dict)  # each file's short name on a form
    map_games: Mapping[Path, str] = field(default_factory=dict)  # each map's game (its family)
    family: str | None = None  # the config's game: the index offers its questions and the shared ones
    evening_map: Path | None = None  # the config's own map (`map:`), first among the maps
    # The evening file the config was written from (`serve --evening` without a config): the config
    # and its map are brought to where the evening stands before each page.
    evening_file: Path | None = None

    def of(self, source: str) -> tuple[Path, ...]:
        """The files of a source (config, key, map, file)."""
        found = {"config": (self.config,) if self.config else (), "key": self.keys, "map": self.maps}
        return found.get(source, self.others)

    def short(self, path: Path) -> str:
        return self.names.get(path, readable(path.name))

    def unplaced(self, text: str) -> str:
        """A message with every file named at start said by its short name, never by where it lies on
        the server (a file changed mid-evening is refused in words a player's page shows)."""
        for path, name in sorted(self.names.items(), key=lambda item: -len(str(item[0]))):
            for where in dict.fromkeys((str(path.resolve()), str(path.absolute()), str(path))):
                text = text.replace(where, name)
        return text

    def by_name(self, source: str, name: str) -> Path | None:
        """The file of a source a form names by its short name (None: no such file was named)."""
        return next((p for p in self.of(source) if self.short(p) == name), None)


def source(i: Input) -> str:
    """The option of `serve` whose files a file input takes."""
    return SOURCES.get(i.name, OTHER)


def secret(q: Question) -> bool:
    """Whether a question reads a referee key: it is asked on the master's pages only."""
    return any(isinstance(i.kind, File) and source(i) == "key" for i in q.inputs)


def missing(q: Question, served: Served) -> list[str]:
    """The sources a question needs files from that were not named at start."""
    return [source(i) for i in q.inputs if isinstance(i.kind, File) and i.required and not served.of(source(i))]


def load(
    config: Path | None,
    keys: tuple[Path, ...],
    maps: tuple[Path, ...],
    others: tuple[Path, ...],
    language: str | None = None,
    evening_file: Path | None = None,
) -> Served:
    """The files named at start, each read and checked now: a bad one is refused (ConfigError) before
    any page is served. `language` is the pages' language (`serve --lang`); None: the config's."""
    from ..config.mapfile import load_map
    from ..config.session import load_session
    from ..config.userfile import read_bytes, read_json

    edition = family = evening = None
    if config is not None:
        session = load_session(config)
        edition, language = session.ruleset.id, language or session.language
        family = session.ruleset.family
        # A key the config names (`key:`) is a file named at start too: read and checked now, offered
        # on the master's pages, and never read behind the table's back by a lookup without one.
        named = getattr(session.part, "key", None)
        if named is not None and not keys:
            keys = (Path(named),)
        # The evening's map (`map:`, written in the config or named by it) is a map the table reads,
        # first among those named at start, so that the movement pages offer the map the kit printed.
        evening = session.map_path
        if evening is not None and evening == config.resolve():
            evening = config  # a map written in the config: the config is offered as the map, by its name
        if evening is not None:  # first, by the name it was given with where --map names it too
            again = [m for m in maps if m.resolve() == evening.resolve()]
            evening = again[0] if again else evening
            maps = (evening, *(m for m in maps if m.resolve() != evening.resolve()))
    for key in keys:
        read_json(key, str(key), 16 * 1024 * 1024)  # the lookup reads it again and checks its content
    map_games = {game_map: load_map(game_map)[1].family for game_map in maps}
    for other in others:
        read_bytes(other, str(other), MAX_OTHER_BYTES)
    every = list(dict.fromkeys(p for p in (config, *keys, *maps, *others) if p is not None))
    return Served(config, keys, maps, others, edition, language, _short_names(every), map_games, family,
                  evening_map=evening, evening_file=evening_file)  # fmt: skip


def readable(name: str) -> str:
    """A file's name as text a page can carry: bytes that are not UTF-8 in its name (a name written in
    cp1251, held by Python as lone surrogates, which no page can encode) by their codes (\\xea)."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def _short_names(paths: list[Path]) -> dict[Path, str]:
    """Each file's name, with its folder where two files share a name, and a number where even that is shared."""
    names: dict[Path, str] = {}
    for path in paths:
        name = readable(path.name)
        if any(o.name == path.name for o in paths if o != path):
            name = readable(f"{path.parent.name}/{path.name}") if path.parent.name else name
        while name in names.values():
            name = f"{name}~"
        names[path] = name
    return names
