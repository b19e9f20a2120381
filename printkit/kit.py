"""Building a kit: the artefacts the game's registry entry offers, written into one folder in one go."""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from . import __version__
from .artefact import Build, Options, Progress, quiet
from .config.model import Session
from .config.session import display_title
from .errors import UsageError
from .games import Artefact, game, resolve
from .output import KitWriter, default_folder
from .randomness import Entropy
from .suggest import suggest

__all__ = ["KitResult", "Options", "build_kit", "kinds_for"]


def _artefacts(session: Session) -> list[Artefact]:
    entry = game(session.ruleset.family)
    return [a for a in entry.artefacts if a.available is None or a.available(session)]


def kinds_for(session: Session) -> list[str]:
    """The artefact kinds this session's game can print, in build order."""
    return [a.kind for a in _artefacts(session)]


@dataclass(frozen=True)
class KitResult:
    """Where a kit was written and the files it holds (the manifest last)."""

    folder: Path
    files: list[Path]


def build_kit(
    session: Session,
    out: str | PathLike[str] | None = None,
    *,
    seed: str | int | None = None,
    only: list[str] | None = None,
    force: bool = False,
    progress: Progress | None = None,
    options: Options | None = None,
) -> KitResult:
    """Print every artefact of the session's game (or those in `only`) into one kit folder.

    >>> from printkit import load_session, build_kit
    >>> kit = build_kit(load_session("examples/strategiya.yaml"), "kits/friday", only=["quickref"])
    >>> [p.name for p in kit.files]
    ['quickref.pdf', 'manifest.json']
    """
    offered = _artefacts(session)
    available = [a.kind for a in offered]
    kinds = only or available
    for kind in kinds:
        if kind not in available:
            raise UsageError(
                f"unknown kind {kind!r} for {session.ruleset.id}{suggest(kind, available)}; "
                f"this game prints: {', '.join(available)}"
            )
    folder = Path(out) if out is not None else default_folder(session.ruleset.id)
    entropy = Entropy.from_seed(seed)
    by_kind = {a.kind: a for a in offered}
    with KitWriter(folder, force=force) as writer:
        b = Build(session, entropy, writer, progress or quiet, options or Options())
        for kind in kinds:
            resolve(by_kind[kind].builder)(b)
        files = writer.commit(
            {
                "game": session.ruleset.id,
                "title": display_title(session),
                "language": session.language,
                "paper": session.paper,
                "kinds": kinds,
                "printkit": __version__,
            }
        )
    return KitResult(folder, files)
