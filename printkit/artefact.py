"""What an artefact builder gets: the session, the command line's options, randomness and the kit writer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .config.model import Session
from .output import KitWriter
from .randomness import Entropy

Progress = Callable[[str, int, int], None]


def quiet(step: str, done: int, total: int) -> None:
    """A progress report that reports nothing."""


@dataclass(frozen=True)
class Options:
    """Choices for individual artefacts, from the command line or a script."""

    games: int = 1  # secret sheets: how many games at once
    player: int | None = None  # secret sheets: only this player's sheet
    blank: bool = False  # secret sheets: the empty form
    imposition: str | None = None  # booklet: "saddle" adds booklet-print.pdf
    greyscale: bool = False  # booklet: ink-friendly greys instead of colours
    png: Path | None = None  # battle cards: also one PNG per face into this folder
    random_setups: bool = False  # Stratego: generate the setups the config leaves out
    print_shop: bool = False  # cards and tokens: also one face per page with trim and bleed boxes
    cutter: str | None = None  # cards and tokens: "silhouette" sheets with registration marks and a cut file
    random_map: bool = False  # «Стратегия»: a random map (as `map random` draws) when the config has none

    def __post_init__(self) -> None:
        if self.png is not None and not isinstance(self.png, Path):
            object.__setattr__(self, "png", Path(self.png))


@dataclass
class Build:
    """One build in progress: the session, its entropy and the writer collecting files."""

    session: Session
    entropy: Entropy
    writer: KitWriter
    progress: Progress = quiet
    options: Options = field(default_factory=Options)
