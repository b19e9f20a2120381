"""Each installed game's example files, found through its package, and writing them into one folder."""

# A game ships its example files (session configs, maps, positions) in its package's examples/
# folder, as a plug-in does, and the wheel carries them. `printkit examples` writes every installed
# game's into one folder, so that a user who installed printkit from the package index can follow
# the README's tour (`printkit build examples/vs-2025.yaml`); the tests assemble theirs the same way.

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import OutputError
from .game import Game, PluginError, games
from .labels import Phrase

# The folder of a game's package that holds its examples, and where `printkit examples` writes them.
FOLDER = "examples"


def files(g: Game) -> list[Path]:
    """A game's example files in name order (none where its package has no examples folder)."""
    folder = g.folder / FOLDER
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")), key=lambda p: p.name)


def configs(g: Game) -> list[Path]:
    """A game's example session configs (Game.configs), in the order it declares them."""
    return [g.folder / FOLDER / name for name in g.configs]


def every(of: Iterable[Game] | None = None) -> dict[str, tuple[Game, Path]]:
    """Every example file of the games (default: every installed game) by its name; a name two
    games both offer is a plug-in's error, since one folder holds them all."""
    found: dict[str, tuple[Game, Path]] = {}
    for g in games() if of is None else of:
        for path in files(g):
            other = found.setdefault(path.name, (g, path))[0]
            if other.family != g.family:
                raise PluginError(f"example file {path.name!r} is offered by both {other.family!r} and {g.family!r}")
    return found


def find(name: str) -> Path:
    """The installed example file of that name (KeyError if no game offers one)."""
    return every()[name][1]


@dataclass(frozen=True)
class Written:
    """One example file as `write` left it: "wrote" (new), "same" (already there as it is) or
    "replaced" (a different file overwritten, with force)."""

    path: Path
    status: str


class ExampleDiffers(OutputError):
    """A file of the folder holds something else than the example of its name."""

    def __init__(self, path: Path) -> None:
        self.phrase = Phrase("ex_differs", file=str(path))
        super().__init__(str(self.phrase))

    def say(self, lang: str) -> str:
        return self.phrase.say(lang)


def write(folder: Path, of: Iterable[Game] | None = None, force: bool = False) -> list[Written]:
    """Write the games' example files (default: every installed game's) into folder, each once: a
    file already there as it is stays untouched, and one that differs is refused (ExampleDiffers,
    before anything is written) unless `force` replaces it. Each file appears whole or not at all."""
    wanted = every(of)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: exists and is not a folder")
    plan: list[tuple[Path, bytes, str]] = []
    for name, (_, source) in sorted(wanted.items()):
        target = folder / name
        data = source.read_bytes()
        status = "wrote"
        if target.is_symlink() or target.exists():
            same = target.is_file() and not target.is_symlink() and _read(target) == data
            if same:
                status = "same"
            elif not force or target.is_dir():
                raise ExampleDiffers(target)
            else:
                status = "replaced"
        plan.append((target, data, status))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create: {exc.strerror or exc}") from None
    for target, data, status in plan:
        if status != "same":
            _put(target, data)
    return [Written(target, status) for target, _, status in plan]


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _put(target: Path, data: bytes) -> None:
    """The file written beside its place and renamed into it: a reader never sees half of it, and a
    link standing in its place is replaced, never followed."""
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with open(partial, "wb") as out:
            out.write(data)
        os.replace(partial, target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
