"""What an artefact builder gets: the session, the command line's options, randomness and the kit writer."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, cast

from ..game import ENTROPY, SESSION_INPUTS, SHARED_OPTIONS, Artefact, PluginError, split_input
from ..model import Session
from ..randomness import Entropy
from .staging import KitWriter

Progress = Callable[[str, int, int], None]


def quiet(step: str, done: int, total: int) -> None:
    """A progress report that reports nothing."""


@dataclass(frozen=True)
class Options:
    """Choices for individual artefacts, from the command line or a script.

    The shared engines' own are fields; a game's own (its `build_options`, such as Stratego's
    random_setups) are in `game`, by name: `Options(game={"random_setups": True})`.
    """

    # booklet: the order of booklet-print.pdf's pages, two a side ("saddle": fold and staple); the
    # kit's rules to print, so every kit has it. None leaves it out (a booklet read on screen).
    imposition: str | None = "saddle"
    greyscale: bool = False  # booklet: ink-friendly greys instead of colours
    png: Path | None = None  # cards: also one PNG per face into this folder
    print_shop: bool = False  # cards and tokens: also one face per page with trim and bleed boxes
    cutter: str | None = None  # cards and tokens: "silhouette" sheets with registration marks and a cut file
    game: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.png is not None and not isinstance(self.png, Path):
            object.__setattr__(self, "png", Path(self.png))
        object.__setattr__(self, "game", MappingProxyType(dict(self.game)))

    def own(self, name: str, default: Any = None) -> Any:
        """A game's build option as given (default where it was not)."""
        value = self.game.get(name)
        return default if value is None else value


@dataclass
class Build:
    """One build in progress: the session, its entropy and the writer collecting files."""

    session: Session
    entropy: Entropy
    writer: KitWriter
    progress: Progress = quiet
    options: Options = field(default_factory=Options)


# ---- what one artefact's builder sees -------------------------------------------------------------


class UndeclaredInput(PluginError):
    """A builder used a session field or option its artefact does not declare in `inputs`: a mistake
    in the game's code, never a config's, told in one line like every plug-in error. (Not an
    AttributeError or a KeyError, which a builder's getattr(..., default) or .get() would quietly
    take for "absent".)"""


class Undeclared:
    """What a builder finds in place of a session field, part field or option its artefact does not
    declare: every use of it raises UndeclaredInput, so a builder cannot depend on a value its cache
    key does not cover. (Its repr stays readable for debuggers: it is the same for every config, so
    it can tell nothing about the one at hand.)"""

    __slots__ = ("kind", "path")

    def __init__(self, kind: str, path: str) -> None:
        self.kind = kind
        self.path = path

    def __reduce__(self) -> tuple[type[Undeclared], tuple[str, str]]:
        return Undeclared, (self.kind, self.path)  # a projected session travels to worker processes

    def __repr__(self) -> str:
        return f"<{self.path}: not an input of {self.kind}>"

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise UndeclaredInput(
            f"{self.kind} reads {self.path} but does not declare it in its artefact's inputs "
            f"(add {_declared_as(self.path)!r} to the artefact's inputs)"
        )

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("__") and name.endswith("__"):
            # Another library probing for a protocol (copy's __deepcopy__, jinja2's __html__) finds
            # none and goes on to use the value the plain way, which refuses.
            raise AttributeError(name)
        self._refuse()

    __bool__ = __len__ = __iter__ = __reversed__ = __contains__ = __getitem__ = __call__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _refuse
    __str__ = __format__ = __bytes__ = __fspath__ = __int__ = __float__ = __index__ = __round__ = _refuse
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _refuse
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __neg__ = __pos__ = __abs__ = _refuse
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = __enter__ = __exit__ = _refuse


def _declared_as(path: str) -> str:
    """How an artefact declares the input at a path a builder read: session.part.table_name ->
    part.table_name; session.title -> title; options.shuffle stays."""
    return path.removeprefix("session.").split(" ")[0]


class OwnOptions(Mapping[str, Any]):
    """A game's build options as a builder sees them: the declared ones only."""

    def __init__(self, kind: str, given: Mapping[str, Any], declared: frozenset[str]) -> None:
        self.kind = kind
        self.given = {name: value for name, value in given.items() if name in declared}
        self.declared = declared

    def __getitem__(self, name: str) -> Any:
        if name not in self.declared:
            Undeclared(self.kind, f"options.{name}")._refuse()
        return self.given[name]  # KeyError: declared but not given (Options.own gives the default)

    def __iter__(self) -> Iterator[str]:
        Undeclared(self.kind, "options (every game option)")._refuse()

    def __len__(self) -> int:
        Undeclared(self.kind, "options (every game option)")._refuse()


def readable(artefact: Artefact, b: Build) -> dict[str, bool]:
    """Each declared input's path -> whether the builder may read it in this build (an input with a
    condition only where the condition holds)."""
    found: dict[str, bool] = {}
    for text in artefact.inputs:
        path, condition = split_input(text)
        found[path] = found.get(path, False) or condition is None or bool(value(b, condition, artefact.kind))
    return found


def value(b: Build, path: str, kind: str) -> Any:
    """The value of an input path in the whole build ("part.plot": the session part's plot)."""
    head, _, rest = path.partition(".")
    if head == "options":
        if rest in SHARED_OPTIONS:
            return getattr(b.options, rest)
        return b.options.game.get(rest)  # None: not given (the builder's default applies)
    if head == "part" and rest:
        part = b.session.part
        if not dataclasses.is_dataclass(part) or rest not in {f.name for f in dataclasses.fields(part)}:
            raise PluginError(f"artefact {kind!r} declares {path!r}, but the session part has no field {rest!r}")
        return getattr(part, rest)
    return getattr(b.session, head)


def project(artefact: Artefact, b: Build) -> Build:
    """The build as the artefact's builder gets it: its session and options hold only the artefact's
    inputs (and what every builder gets: the ruleset, language, paper, and the label and warnings
    for messages); anything else is Undeclared. Its entropy is a copy that notes any draw (or
    Undeclared where the artefact does not declare "entropy")."""
    kind = artefact.kind
    allowed = {path for path, ok in readable(artefact, b).items() if ok}
    for path in allowed - {ENTROPY}:
        value(b, path, kind)  # refuses a part field the game's session part does not have
    session = copy.copy(b.session)
    # Setting fields of printkit's own frozen records on a fresh copy: nothing else sees the copy.
    for name in SESSION_INPUTS:
        if name != "part" and name not in allowed:
            object.__setattr__(session, name, Undeclared(kind, f"session.{name}"))
    part = b.session.part
    if "part" not in allowed and part is not None:
        if dataclasses.is_dataclass(part):
            part = copy.copy(part)
            for f in dataclasses.fields(part):
                if f"part.{f.name}" not in allowed:
                    object.__setattr__(part, f.name, Undeclared(kind, f"session.part.{f.name}"))
        else:
            part = Undeclared(kind, "session.part")
        object.__setattr__(session, "part", part)
    options = copy.copy(b.options)
    for name in SHARED_OPTIONS:
        if f"options.{name}" not in allowed:
            object.__setattr__(options, name, Undeclared(kind, f"options.{name}"))
    own = frozenset(p.removeprefix("options.") for p in allowed if p.startswith("options.")) - set(SHARED_OPTIONS)
    object.__setattr__(options, "game", OwnOptions(kind, b.options.game, own))
    entropy = b.entropy.noting() if ENTROPY in allowed else cast(Entropy, Undeclared(kind, "entropy"))
    return Build(session, entropy, b.writer, b.progress, options)
