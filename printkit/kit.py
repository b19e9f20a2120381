"""Building a kit: the artefacts the game's registry entry offers, written into one folder in one go."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from . import __version__
from .artefact import Build, Options, Progress, quiet
from .cache import Store
from .config.model import Session
from .config.session import LANGUAGES, PAPERS, display_title, with_overrides
from .errors import ConfigError, Problem, RenderError, UsageError
from .game import Artefact, game, resolve
from .heap import drawing
from .output import KitWriter, default_folder
from .randomness import Entropy
from .steps import Outcome, draw, lookup, replay, store
from .suggest import suggest
from .workers import Failed, Pool, cores

__all__ = ["KitResult", "Options", "build_kit", "check_kit", "kinds_for"]


def _artefacts(session: Session) -> list[Artefact]:
    entry = game(session.ruleset.family)
    return [a for a in entry.artefacts if a.available is None or a.available(session)]


def kinds_for(session: Session) -> list[str]:
    """The artefact kinds this session's game can print, in build order."""
    return [a.kind for a in _artefacts(session)]


@dataclass(frozen=True)
class KitResult:
    """Where a kit was written and the files it holds (the manifest last); which kinds came from the
    artefact cache, and the seconds each drawn kind took."""

    folder: Path
    files: list[Path]
    cached: tuple[str, ...] = ()
    seconds: dict[str, float] = field(default_factory=dict)


def build_kit(
    session: Session,
    out: str | PathLike[str] | None = None,
    *,
    seed: str | int | None = None,
    only: list[str] | None = None,
    force: bool = False,
    progress: Progress | None = None,
    options: Options | None = None,
    cache: bool = True,
    jobs: int | None = None,
) -> KitResult:
    """Print every artefact of the session's game (or those in `only`) into one kit folder.

    Artefacts drawn before with the same inputs come from the artefact cache (cache=False draws
    everything afresh); the rest are drawn by up to `jobs` processes at once (default: the cores
    available). Either way the files are byte for byte the ones a plain serial build writes.

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
        for f in dataclasses.fields(options):
            if isinstance(getattr(options, f.name), Path):
                writer.extra_folder(getattr(options, f.name))  # checked now, before anything renders
        b = Build(session, entropy, writer, progress or quiet, options)
        chosen = [by_kind[k] for k in kinds]
        cached, seconds = _draw_all(b, chosen, Store() if cache else None, jobs or cores())
        for artefact in chosen:
            if artefact.finish is not None:
                with drawing():  # (imposing a booklet reads and writes it: its garbage goes now too)
                    resolve(artefact.finish)(b)
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
    return KitResult(writer.folder, files, cached, seconds)


def _draw_all(
    b: Build, artefacts: list[Artefact], cache: Store | None, jobs: int
) -> tuple[tuple[str, ...], dict[str, float]]:
    """Put every artefact into the kit: cached ones at once, the rest drawn (in parallel if it helps).

    Progress: (kind, 0, 0) when a kind came from the cache, (kind, 0, 1) when it starts drawing,
    (kind, 1, 1) when it is done; a builder's own reports come in between.
    """
    report = b.progress
    cached: list[str] = []
    misses: list[Artefact] = []
    for artefact in artefacts:
        hit = lookup(cache, artefact, b) if cache is not None and not artefact.secret else None
        if hit is not None:
            replay(b, hit[0])
            cached.append(artefact.kind)
            report(artefact.kind, 0, 0)
        else:
            misses.append(artefact)
    seconds: dict[str, float] = {}

    def finished(artefact: Artefact, outcome: Outcome) -> None:
        seconds[artefact.kind] = outcome.seconds
        report(artefact.kind, 1, 1)
        if cache is not None:
            store(cache, artefact, b, outcome)

    def in_here(artefact: Artefact) -> None:
        report(artefact.kind, 0, 1)
        finished(artefact, draw(artefact, b))

    # Secret artefacts stay in this process; the others may go to workers, slowest first.
    shared = sorted((a for a in misses if not a.secret), key=lambda a: -a.cost)
    workers = min(jobs, len(shared))
    if workers < 2:
        for artefact in misses:
            in_here(artefact)
        return tuple(cached), seconds
    done: set[str] = set()
    failed = refused = False
    quiet_build = dataclasses.replace(b, progress=quiet)
    if any(a.flowing for a in shared):
        from .render.html import prepare

        prepare()
    pool = Pool(workers, lambda job: draw(shared[job], quiet_build))
    try:
        queue = list(range(len(shared)))

        def hand_out() -> None:
            while pool.idle and queue and not failed:
                job = queue.pop(0)
                pool.send(job)
                report(shared[job].kind, 0, 1)

        hand_out()
        for artefact in misses:
            if artefact.secret:
                in_here(artefact)
                done.add(artefact.kind)
        while pool.jobs and not refused:
            for job, result in pool.results():
                if isinstance(result, Failed):
                    # Nothing more is handed out. An artefact that refused fails the build: what the
                    # other workers are drawing is cut short, not waited for. A dead worker only
                    # costs time: the others finish.
                    failed = True
                    refused = refused or not result.died
                    continue
                for name in result.names:
                    b.writer.path(name)  # the worker wrote it into the staging folder
                finished(shared[job], result)
                done.add(shared[job].kind)
            hand_out()
    finally:
        pool.close()
    # A worker failed: draw what is left here, in build order, so the error is the one a serial
    # build raises (the first kind that fails), with its own type and message.
    for artefact in misses:
        if artefact.kind not in done:
            in_here(artefact)
    return tuple(cached), seconds


def _preflight(artefact: Artefact, b: Build, cache: Store | None) -> None:
    """Run an artefact's preflight. Where the preflight is the builder itself (a form that must fit
    its page is only known to fit once it is laid out), the artefact cache answers for inputs drawn
    before, which drew without error; what is drawn now is kept for the build that usually follows."""
    assert artefact.preflight is not None
    if cache is None or artefact.secret or artefact.preflight != artefact.builder:
        with drawing():
            resolve(artefact.preflight)(b)
    elif lookup(cache, artefact, b) is None:
        store(cache, artefact, b, draw(artefact, b))


def check_kit(session: Session, cache: bool = True) -> list[Problem]:
    """What building this session would refuse for its content, found without writing a kit.

    Every artefact's preflight (see games.Artefact) runs for every paper and language, in a
    throwaway folder: `printkit validate` says ok only when `printkit build` would succeed with any
    --paper and --lang. Preflights that draw the whole artefact go through the artefact cache
    (cache=False: they draw every time).
    """
    import tempfile

    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    entries = Store() if cache else None
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
                        _preflight(artefact, b, entries)
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
