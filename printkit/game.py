"""The contract a game implements, and the registry that finds games through the printkit.games entry points."""

# A game is a package that offers one `Game` through the `printkit.games` entry-point group (the
# four games printkit ships register there exactly as a third-party game would). A Game holds data,
# "module:attribute" references imported on first use, and small functions of a session defined
# beside it (Artefact.available), so that listing the games (for `printkit --help`, say) imports
# no game's code beyond its entry.

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ._moved import forward
from .errors import PrintkitError
from .labels import forget as forget_words
from .labels import known, label, words_from

if TYPE_CHECKING:
    from .model import Session
    from .questions import Input

GROUP = "printkit.games"


# How a file is printed (Printing): on plain paper or on thin card; on one side, or on both sides
# flipped on the sheet's long edge (turned like a book's page) or its short edge (like a notepad's).
STOCKS = ("plain", "card")
SIDES = ("single", "long", "short")
# The folders of its own files a game's package may ship beside its code (Game.assets).
ASSETS = ("templates", "static")
# A family as rulesets name it (`family:`): it also prefixes the game's templates ("vs/lands.html.j2")
# and its static files' addresses (/static/vs/...), so it holds no dot, slash or capital.
FAMILY = re.compile(r"[a-z][a-z0-9_-]*")


@dataclass(frozen=True)
class Printing:
    """How one file of an artefact is printed, as the kit's print guide tells it: what the file is
    for, how many copies, on which paper, on one side or both and with which flip. `copies` and
    `sides` may be a function of the session defined beside the game's entry (a quick reference for
    each player, the flip the config names)."""

    file: str  # the file's name, or a pattern of names ("secret-sheet-player-*.pdf", fnmatch)
    purpose: str  # the label key of what the file is for, in the game's words or the shared ones
    copies: int | Callable[[Session], int] = 1  # 0: not printed (read on screen, or by printkit)
    stock: str = "plain"  # one of STOCKS
    sides: str | Callable[[Session], str] = "single"  # one of SIDES
    # The entry applies only where the kit also holds this file (booklet.pdf is read on screen
    # beside booklet-print.pdf, and printed two pages a sheet where a build left that out).
    beside: str | None = None

    def __post_init__(self) -> None:
        if self.stock not in STOCKS:
            raise PluginError(f"printing of {self.file!r}: stock {self.stock!r} is none of {', '.join(STOCKS)}")
        if isinstance(self.sides, str) and self.sides not in SIDES:
            raise PluginError(f"printing of {self.file!r}: sides {self.sides!r} is none of {', '.join(SIDES)}")
        if isinstance(self.copies, int) and self.copies < 0:
            raise PluginError(f"printing of {self.file!r}: copies must not be negative")


def per_player(session: Session) -> int:
    """Copies: one for each player of the session."""
    return len(session.players)


@dataclass(frozen=True)
class Artefact:
    """One printable a game offers: its kind name, its builder and whether a session has it."""

    kind: str
    builder: str  # "module:function"; the function takes a printkit.pipeline.artefact.Build
    available: Callable[[Session], bool] | None = None  # None: every session of the game has it
    # "module:function(Build)" that `validate` runs for every paper and language, so that it refuses
    # whatever the build would refuse for the config's content (text too long for its box, a broken
    # cross-reference, a page that would overlap). A fixed-geometry sheet that renders in a blink
    # names its own builder; None: nothing in the config can make this artefact fail.
    preflight: str | None = None
    # Secret files (the secret sheets and the key): never stored in the artefact cache, and drawn
    # in the build's own process. Whatever draws from the kit's randomness is never stored either.
    secret: bool = False
    # Rough seconds to draw it: a parallel build starts the slowest first.
    cost: float = 0.1
    # Laid out by WeasyPrint (a flowing document) rather than drawn on a canvas.
    flowing: bool = False
    # "module:function(Build)" run once the artefact's files are in the kit, drawn or from the cache:
    # cheap copies made from them (the booklet imposed for saddle stitching). What it reads is not
    # part of the artefact's cache key, so one drawing serves builds with and without the copy.
    finish: str | None = None
    # What the builder may read besides what every builder gets (the ruleset, its texts, the
    # language and the paper): the artefact's cache key is the digest of these values, and the
    # builder is handed a session and options that hold nothing else (the names: below).
    inputs: tuple[str, ...] = ()
    # How each file it writes is printed (the kit's print guide): every file the builder or its
    # finish may write matches one entry's `file`.
    prints: tuple[Printing, ...] = ()

    def __post_init__(self) -> None:
        for text in self.inputs:
            check_input(self.kind, text, self.inputs)


# What an artefact may declare in `inputs`. Session fields: "title", "players", "printer",
# "game_map", "folder"; "part" (the game's whole session part) or "part.<field>" (one field of it).
# Options: "options.<name>", a shared option (SHARED_OPTIONS) or one of the game's build options.
# "entropy": the builder may draw from the kit's randomness; what it drew is never stored.
# "<input> if <condition>": the input only where the declared condition holds (is truthy), so that
# a booklet which binds the adventures only when asked does not depend on them otherwise.
SESSION_INPUTS = ("title", "players", "printer", "game_map", "folder", "part")
SHARED_OPTIONS = ("imposition", "greyscale", "png", "print_shop", "cutter")
ENTROPY = "entropy"


def split_input(text: str) -> tuple[str, str | None]:
    """A declared input as (path, the path of its condition or None)."""
    path, _, condition = text.partition(" if ")
    return path.strip(), condition.strip() or None


def check_input(kind: str, text: str, declared: tuple[str, ...]) -> None:
    """Refuse an input outside the vocabulary (PluginError): a typo must not go unnoticed."""
    path, condition = split_input(text)
    for one in (path, condition) if condition else (path,):
        head, _, rest = one.partition(".")
        known = (
            one == ENTROPY
            or (head in SESSION_INPUTS and (not rest or (head == "part" and "." not in rest)))
            or (head == "options" and bool(rest) and "." not in rest)
        )
        if not known:
            raise PluginError(
                f"artefact {kind!r} declares the input {text!r}, which is not one (see docs/adding-a-game.md)"
            )
    if condition is not None and condition not in declared:
        raise PluginError(f"artefact {kind!r}: the condition of {text!r} must be declared as an input too")


@dataclass(frozen=True)
class Shortcut:
    """A top-level command that builds some of a game's artefacts with some of its build options
    (`printkit secret-sheets` prints the secret sheets alone). Its --help is the game's labels
    h_<name> (first paragraph the summary) and h_<name>_ex (examples, one a line), - as _."""

    name: str
    kinds: tuple[str, ...]
    options: tuple[str, ...]  # names of the game's build options it offers


@dataclass(frozen=True)
class MapObjectKind:
    """A kind of object a game's maps may hold, and the shared symbol that marks it on a printed map
    (see printkit.maps.symbols: "star", "numbered-circle", "numbered-square", "bridge", "square")."""

    kind: str
    symbol: str
    label: str  # the label key of its words in the map's legend
    numbered: bool = False  # the legend's sample carries a number
    legend: bool = True  # shown in a map's legend (a port looks like the town it is)


@dataclass(frozen=True)
class Maps:
    """What a game's maps hold beyond rows of terrain letters, and what it does with them."""

    objects: tuple[MapObjectKind, ...] = ()
    check: str | None = None  # "module:function(GameMap, Ruleset) -> list[Finding]"
    # "module:function(GameMap, Ruleset, lang, colours) -> maps.overlay.Overlay": what the game draws on
    # its printed maps over the shared terrain (its own symbols, lines along cells, legend entries)
    overlay: str | None = None
    cell_mm: str | None = None  # "module:function(Session) -> float": a kit map's cell (default 20 mm)
    # "module:function" that makes a map file at random (`printkit map random`), if the game has one
    random: str | None = None


@dataclass(frozen=True)
class Game:
    """What a game offers printkit. Only `family`, `name` and `package` are required."""

    family: str  # the id rulesets name in `family:`
    name: str  # how messages name the game; a page in a language names it by named(lang)
    package: str  # the game's package; its bundled files (rulesets, texts, labels.yaml) sit in its folder
    rulesets: tuple[str, ...] = ()  # bundled ruleset ids: <package folder>/<id>.yaml
    # module with the game's schema parts: RULESET_FIELDS, TERRAIN_FIELDS, PLAYER_FIELDS,
    # SESSION_FIELDS, MAP_FIELDS, MAP_OBJECT_FIELDS and their builders (see docs/adding-a-game.md)
    schema: str | None = None
    artefacts: tuple[Artefact, ...] = ()
    build_options: tuple[Input, ...] = ()  # options of `printkit build` its artefacts read
    shortcuts: tuple[Shortcut, ...] = ()
    # command group -> question name -> "module:function" of a declared question (printkit.questions);
    # "referee" is the referee's group; any other group becomes a top-level command, its --help the
    # game's labels h_<group> and h_<group>_ex
    questions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    api: str | None = None  # module that is the game's public API: printkit.<family>
    movement: str | None = None  # module with the game's printkit.maps.moves.Movement on its maps
    maps: Maps | None = None  # None: the game has no maps
    tables: str | None = None  # "module:function(name, Session) -> Table" for {{table:...}} in rules texts
    booklet_chapters: str | None = None  # "module:function(Session, titles) -> chapters" added to the booklet
    labels: bool = False  # the package has a labels.yaml of its own words
    # "module:function(question, values, answer, lang, link) -> markupsafe.Markup | None": the
    # pictures a referee page shows beside the answers of the game's own questions (see
    # printkit.web.pictures); None where the game draws none.
    pictures: str | None = None
    default: bool = False  # the game `printkit build` prints without a config
    # "module:attribute" of the game's printkit.evening Table: its part of an evening's state and
    # its kinds of events (`printkit evening`); None: its evenings keep the turn and the rolls only
    evening: str | None = None
    examples: tuple[str, ...] = ()  # `printkit build` command lines that show the game's kit (its --help)
    # The game's example files lie in its package's examples/ folder, and `printkit examples` writes
    # every installed game's into one folder. These are the session configs among them, by file name:
    # its kit is built from them (the first one where a question's example names a file of its kit).
    # Every other example file is named by one of its question or build examples, so that none is
    # dead (`python -m printkit.testing` checks both).
    configs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not FAMILY.fullmatch(self.family):
            raise PluginError(f"game family {self.family!r} is not a lowercase id like 'mygame'")
        for name in self.configs:
            if not name or Path(name).name != name or name.startswith("."):
                raise PluginError(f"game {self.family!r}: config {name!r} is no file name in its examples folder")
        own = {o.name for o in self.build_options}
        for a in self.artefacts:
            for text in a.inputs:
                for path in filter(None, split_input(text)):
                    name = path.removeprefix("options.")
                    if path.startswith("options.") and name not in SHARED_OPTIONS and name not in own:
                        raise PluginError(
                            f"game {self.family!r}: artefact {a.kind!r} declares {path!r}, which is neither a "
                            f"shared option ({', '.join(SHARED_OPTIONS)}) nor one of the game's build options"
                        )
        kinds = {a.kind for a in self.artefacts}
        for cut in self.shortcuts:
            unknown = [k for k in cut.kinds if k not in kinds] + [o for o in cut.options if o not in own]
            if unknown:
                raise PluginError(f"game {self.family!r}: shortcut {cut.name!r} names {unknown[0]!r}, which it lacks")

    @property
    def folder(self) -> Path:
        spec = importlib.util.find_spec(self.package)
        if spec is None or spec.submodule_search_locations is None:
            raise PluginError(f"game {self.family!r}: package {self.package!r} cannot be found")
        return Path(next(iter(spec.submodule_search_locations)))

    def assets(self, kind: str) -> Path | None:
        """The game's own folder of `kind` in its package: "templates" (jinja2 templates of its printed
        documents, named "<family>/<file>") or "static" (files of the referee's pages, served at
        /static/<family>/); None where the game ships none."""
        if kind not in ASSETS:
            raise ValueError(f"a game ships no {kind!r} folder; only {', '.join(ASSETS)}")
        found = self.folder / kind
        return found if found.is_dir() else None

    def named(self, lang: str) -> str:
        """The game's name in a language: its label game_name_<family> (in the game's labels.yaml), or
        `name` where it has none (a name the same in every language)."""
        key = f"game_name_{self.family}"
        return label(key, lang) if known(key) else self.name

    def schema_module(self) -> ModuleType | None:
        return importlib.import_module(self.schema) if self.schema else None

    def build_option(self, name: str) -> Input:
        for option in self.build_options:
            if option.name == name:
                return option
        raise KeyError(name)


class PluginError(PrintkitError):
    """A game plug-in that cannot be used as it is installed."""


# Names this module held before they went where they belong; each answers for one release.
_MOVED = dict.fromkeys(("BOOKLET", "quick_reference", "MAP"), "printkit.plugin")
__getattr__ = forward(__name__, _MOVED)


# ---- the registry ---------------------------------------------------------------------------------

_found: list[Game] = []
_extra: list[Game] = []


def _entry_points() -> list[EntryPoint]:
    # printkit's own games first, in the order its metadata lists them; then the others by name.
    # Its own are told by their module, not by the distribution's name, which packaging may choose.
    points = list(entry_points(group=GROUP))
    own = [p for p in points if p.value.startswith(f"{__package__}.games.")]
    return own + sorted((p for p in points if p not in own), key=lambda p: p.name)


def _load(point: EntryPoint) -> Game:
    where = f"plug-in {point.name!r} ({point.value})"
    try:
        found = point.load()
    except Exception as exc:  # a plug-in's own import failed: say which, never a traceback
        raise PluginError(f"{where} cannot be loaded: {exc}") from exc
    if not isinstance(found, Game):
        raise PluginError(f"{where} is a {type(found).__name__}, not a printkit.game.Game")
    return found


def _check(found: list[Game]) -> list[Game]:
    """The games, refused where two of them claim one name: a family, a ruleset, a question of one
    group, a shortcut, or a build option declared two ways (one declared alike is shared)."""
    families: dict[str, Game] = {}
    claimed: dict[tuple[str, str], str] = {}
    options: dict[str, tuple[str, Input]] = {}

    def claim(what: str, name: str, family: str) -> None:
        other = claimed.setdefault((what, name), family)
        if other != family:
            raise PluginError(f"{what} {name!r} is offered by both {other!r} and {family!r}")

    for g in found:
        if g.family in families:
            raise PluginError(f"two plug-ins offer the game {g.family!r}")
        families[g.family] = g
        for rid in g.rulesets:
            claim("ruleset", rid, g.family)
        for group, asked in g.questions.items():
            for name in asked:
                claim(f"question of {group}", name, g.family)
        for cut in g.shortcuts:
            claim("command", cut.name, g.family)
        for option in g.build_options:
            first = options.setdefault(option.name, (g.family, option))
            if first[1] != option:
                raise PluginError(f"build option {option.name!r} is declared one way by {first[0]!r}, "
                                  f"another by {g.family!r}")  # fmt: skip
            if option.flag:
                claim("build option flag", option.flag, first[0])
    return found


def games() -> list[Game]:
    """Every installed game: printkit's own first."""
    if not _found:
        _found.extend(_check([_load(p) for p in _entry_points()]))
    if not _extra:
        return list(_found)
    latest = {g.family: g for g in _extra}  # a later block's game stands for an earlier one's
    return _check([*(g for g in _found if g.family not in latest), *latest.values()])


def game(family: str) -> Game:
    """The game of a family (KeyError if none is installed)."""
    for g in games():
        if g.family == family:
            return g
    raise KeyError(family)


def default_game() -> Game:
    """The game printed when no config is given: the first that says it is the default."""
    found = [g for g in games() if g.default] or games()
    if not found:
        raise PluginError("no game is installed: reinstall printkit")
    return found[0]


def bundled() -> dict[str, tuple[Game, Path]]:
    """Bundled ruleset id -> (its game, its file)."""
    return {rid: (g, g.folder / f"{rid}.yaml") for g in games() for rid in g.rulesets}


def edition_aliases(ids: Iterable[str]) -> dict[str, str]:
    """The short names people type for editions: the year alone (2003 for vs-2003), where only one
    of `ids` ends in it."""
    years: dict[str, list[str]] = {}
    for rid in ids:
        head, _, year = rid.rpartition("-")
        if head and year.isdigit():
            years.setdefault(year, []).append(rid)
    return {year: found[0] for year, found in years.items() if len(found) == 1}


def rediscover() -> None:
    """Find the installed games afresh (after a plug-in was installed while running)."""
    _found.clear()
    _forget_caches()


@contextmanager
def beside(*extra: Game) -> Iterator[None]:
    """Games offered beside the installed ones (or instead of an installed game of the same family)
    for the length of a with block: for tests, and for scripts that try a game before installing it."""
    _extra.extend(extra)
    _forget_caches()
    try:
        games()  # refused now if they clash with an installed game
        yield
    finally:
        for g in extra:
            _extra.remove(g)
        _forget_caches()


# What other modules keep per set of games (bundled rulesets and schemas, say): each registers how
# to forget it, and forgets when the set changes.
_FORGET: list[Callable[[], None]] = [forget_words]


def on_change(forget: Callable[[], None]) -> None:
    """Call forget() whenever the installed games change (rediscover(), beside())."""
    if forget not in _FORGET:
        _FORGET.append(forget)


def _forget_caches() -> None:
    for forget in _FORGET:
        forget()


def _label_files() -> list[tuple[str, Path]]:
    return [(g.family, g.folder / "labels.yaml") for g in games() if g.labels]


words_from(_label_files)


def load_module(name: str) -> ModuleType:
    """A game's module by name; one that cannot be imported is a plug-in's error, said as one."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise PluginError(f"module {name!r} cannot be imported: {exc}") from exc


def resolve(target: str) -> Any:
    """Import "module:attribute"; a reference that leads nowhere is a plug-in's error, said as one."""
    module, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise PluginError(f"{target!r} cannot be found: {exc}") from exc
