"""What an artefact builder gets: the session, the command line's options, randomness and the kit writer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .config.model import Session
from .output import KitWriter
from .randomness import Entropy

Progress = Callable[[str, int, int], None]


def quiet(step: str, done: int, total: int) -> None:
    """A progress report that reports nothing."""


@dataclass(frozen=True)
class Options:
    """Choices for individual artefacts, from the command line or a script.

    The shared engines' own are fields; a game's own (its `build_options`, such as Stratego's
    random_setups) are in `game`, by name: `Options(game={"random_setups": True})`.
    """

    imposition: str | None = None  # booklet: "saddle" adds booklet-print.pdf
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
