"""Building a kit: the artefacts the game's registry entry offers, written into one folder in one go."""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from . import __version__
from .artefact import Build, Options, Progress, quiet
from .config.model import Session
from .config.session import LANGUAGES, PAPERS, display_title, with_overrides
from .errors import ConfigError, Problem, RenderError, UsageError
from .games import Artefact, game, resolve
from .output import KitWriter, default_folder
from .randomness import Entropy
from .suggest import suggest

__all__ = ["KitResult", "Options", "build_kit", "check_kit", "kinds_for"]


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
    options = options or Options()
    with KitWriter(folder, force=force, unique=out is None) as writer:
        if options.png is not None:
            writer.extra_folder(options.png)  # checked now, before anything renders
        b = Build(session, entropy, writer, progress or quiet, options)
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
    return KitResult(writer.folder, files)


def check_kit(session: Session) -> list[Problem]:
    """What building this session would refuse for its content, found without writing a kit.

    Every artefact's preflight (see games.Artefact) runs for every paper and language, in a
    throwaway folder: `printkit validate` says ok only when `printkit build` would succeed with any
    --paper and --lang.
    """
    import tempfile

    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    with tempfile.TemporaryDirectory(prefix="printkit-check-") as tmp:
        for artefact in _artefacts(session):
            if artefact.preflight is None:
                continue
            for paper in PAPERS:
                for lang in LANGUAGES:
                    variant = with_overrides(session, language=lang, paper=paper)
                    writer = KitWriter(Path(tmp) / f"{artefact.kind}-{paper}-{lang}")
                    b = Build(variant, Entropy.from_seed("check"), writer, quiet, Options())
                    try:
                        resolve(artefact.preflight)(b)
                    except ConfigError as exc:
                        for problem in exc.problems:
                            if (artefact.kind, str(problem)) not in seen:
                                seen.add((artefact.kind, str(problem)))
                                problems.append(problem)
                    except RenderError as exc:
                        if (artefact.kind, exc.message) not in seen:
                            seen.add((artefact.kind, exc.message))
                            where = f"{artefact.kind} ({paper}, {lang})"
                            problems.append(Problem(session.label, None, where, exc.message))
                    finally:
                        writer.abort()
    return problems
