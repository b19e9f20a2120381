"""The registry of games: each game's small entry names its rulesets, schema, artefacts and referee commands."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..config.model import Session

# Everything in an entry is data or a "module:attribute" string, so that reading the registry (for
# `printkit --help`, say) imports no game code; the code is imported when it is first used.


@dataclass(frozen=True)
class Artefact:
    """One printable a game offers: its kind name, its builder and whether a session has it."""

    kind: str
    builder: str  # "module:function"; the function takes a printkit.artefact.Build
    available: Callable[[Session], bool] | None = None  # None: every session of the game has it
    # "module:function(Build)" that `validate` runs for every paper and language, so that it refuses
    # whatever the build would refuse for the config's content (text too long for its box, a broken
    # cross-reference, a page that would overlap). A fixed-geometry sheet that renders in a blink
    # names its own builder; None: nothing in the config can make this artefact fail.
    preflight: str | None = None
    # Secret files (the secret sheets and the key): never stored in the artefact cache, and drawn
    # in the build's own process. Whatever draws from the kit's randomness is never stored either.
    secret: bool = False
    # Rough seconds to draw it: a parallel build starts the slowest first (flowing WeasyPrint
    # documents cost about a second or more; canvas sheets a tenth).
    cost: float = 0.1
    # Laid out by WeasyPrint: a parallel build loads it (about a second) once, before its workers
    # fork, instead of in each of them.
    flowing: bool = False
    # "module:function(Build)" run once the artefact's files are in the kit, drawn or from the cache:
    # cheap copies made from them (the booklet imposed for saddle stitching). What it reads is not
    # part of the artefact's cache key, so one drawing serves builds with and without the copy.
    finish: str | None = None


@dataclass(frozen=True)
class Game:
    """A game's registry entry."""

    family: str  # the id rulesets name in `family:` (or as their own id)
    name: str  # how messages name the game
    package: str  # the game's package; its bundled files sit in its folder
    rulesets: tuple[str, ...] = ()  # bundled ruleset ids: <package folder>/<id>.yaml
    schema: str | None = None  # module with the game's schema parts and builders (see config.rulesets)
    artefacts: tuple[Artefact, ...] = ()
    referee: Mapping[str, str] = field(default_factory=dict)  # CLI command -> "module:click command"
    commands: Mapping[str, str] = field(default_factory=dict)  # top-level CLI groups -> "module:group"
    movement: str | None = None  # module with reach() and route() on this game's maps (see maps.moves)
    map_check: str | None = None  # "module:function(GameMap, Ruleset) -> list[Finding]"
    map_rivers: bool = False  # its maps may carry rivers
    map_lairs: bool = False  # its maps may mark dragons' lairs
    # "module:function(GameMap, Ruleset, lang, colours) -> maps.overlay.Overlay": what the game draws on
    # its printed maps over the shared terrain (its own symbols, borders, labels and legend entries)
    map_overlay: str | None = None
    tables: str | None = None  # "module:function(name, Session) -> Table" for {{table:...}} in rules texts
    booklet_chapters: str | None = None  # "module:function(Session, titles) -> chapters" added to the booklet
    labels: bool = False  # the package has a labels.yaml of its own words

    @property
    def folder(self) -> Path:
        module = importlib.util.find_spec(self.package)
        assert module is not None and module.submodule_search_locations is not None
        return Path(next(iter(module.submodule_search_locations)))

    def schema_module(self) -> ModuleType | None:
        return importlib.import_module(self.schema) if self.schema else None


def _has_booklet(session: Session) -> bool:
    return session.ruleset.booklet is not None


def _has_map(session: Session) -> bool:
    return session.game_map is not None


# Printables whose engines every game shares; an entry lists them where they fall in its build order.
BOOKLET = Artefact(
    "booklet",
    "printkit.sheets.booklet:build",
    _has_booklet,
    "printkit.sheets.booklet:preflight",
    cost=4.0,
    flowing=True,
    finish="printkit.sheets.booklet:finish",
)
MAP = Artefact("map", "printkit.maps.sheet:build", _has_map, "printkit.maps.sheet:preflight")

_REGISTRY: dict[str, Game] = {}
_BUILTIN = ("strategiya", "vs", "stratego", "tannhauser")


def _load_builtin() -> None:
    if not _REGISTRY:
        for name in _BUILTIN:
            register(importlib.import_module(f"{__name__}.{name}").GAME)


def register(game: Game) -> Game:
    """Add a game (a test's, or a plug-in's); its family and bundled ruleset ids must be new."""
    existing = _REGISTRY.get(game.family)
    if existing is not None and existing is not game:
        raise ValueError(f"a game {game.family!r} is registered already")
    taken = {r for g in _REGISTRY.values() if g is not existing for r in g.rulesets}
    if taken & set(game.rulesets):
        raise ValueError(f"ruleset ids {sorted(taken & set(game.rulesets))} are taken")
    _REGISTRY[game.family] = game
    _forget_caches()
    return game


def unregister(family: str) -> None:
    """Remove a registered game (tests clean up after themselves)."""
    _REGISTRY.pop(family, None)
    _forget_caches()


def _forget_caches() -> None:
    # Words and bundled rulesets are cached per registry; a change of registry starts them afresh.
    # Only modules already loaded hold caches: `printkit --help` loads neither.
    import sys

    for name in ("printkit.labels", "printkit.config.rulesets"):
        module = sys.modules.get(name)
        if module is not None:
            module.forget()


def games() -> list[Game]:
    """Every registered game, built-in ones first."""
    _load_builtin()
    return list(_REGISTRY.values())


def game(family: str) -> Game:
    """The entry of a family (KeyError if none)."""
    _load_builtin()
    return _REGISTRY[family]


def bundled() -> dict[str, tuple[Game, Path]]:
    """Bundled ruleset id -> (its game, its file)."""
    return {rid: (g, g.folder / f"{rid}.yaml") for g in games() for rid in g.rulesets}


def resolve(target: str) -> Any:
    """Import "module:attribute"."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)
