"""Building a kit: the artefacts the game's registry entry offers, written into one folder in one go."""

from __future__ import annotations

import copyreg
import dataclasses
import io
import itertools
import multiprocessing
import os
import pickle
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from os import PathLike
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..config.session import LANGUAGES, PAPERS, display_title, with_overrides
from ..errors import ConfigError, Problem, RenderError, UsageError
from ..game import Artefact, game, resolve, split_input
from ..model import Session
from ..randomness import Entropy
from ..suggest import suggest
from ..version import __version__
from .artefact import Build, Options, Progress, project, quiet
from .cache import Store
from .naming import default_folder
from .staging import KitWriter
from .steps import Outcome, draw, lookup, replay, store

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
                resolve(artefact.finish)(b)
        if only is None:  # a whole kit: the guide says how to print each of its files
            from .print_guide import build as print_guide

            print_guide(b, chosen)
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
    if any(a.flowing for a in shared) and _CONTEXT.get_start_method() == "fork":
        from ..render.html import prepare

        prepare()  # once, here: the forked workers start with WeasyPrint and the fonts loaded
    # The workers get the build once, when they start; a job is the artefact's place in `shared`.
    quiet_build = dataclasses.replace(b, progress=quiet)
    payload = _pickled((quiet_build, [dataclasses.replace(a, available=None) for a in shared]))
    stop_reading, stop = _CONTEXT.Pipe(duplex=False)
    pool = ProcessPoolExecutor(workers, _CONTEXT, initializer=_start_worker, initargs=(payload, stop_reading))
    running: dict[Future[Outcome], int] = {}
    # Forked workers start with this process's signal handlers (they clean up the kit) until their
    # start replaces them: the signals wait for that.
    held = {signal.Signals[n] for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)}
    holding = _CONTEXT.get_start_method() == "fork" and hasattr(signal, "pthread_sigmask")
    try:
        queue = list(range(len(shared)))

        def hand_out() -> None:
            while len(running) < workers and queue and not failed:
                job = queue.pop(0)
                running[pool.submit(_draw_job, job)] = job
                report(shared[job].kind, 0, 1)

        if holding:
            before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
        try:
            hand_out()  # (the pool starts its workers with the first job)
        finally:
            if holding:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
        for artefact in misses:
            if artefact.secret:
                in_here(artefact)
                done.add(artefact.kind)
        while running and not refused:
            answered, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in answered:
                job = running.pop(future)
                try:
                    outcome = future.result()
                except BrokenProcessPool:
                    # A worker died (the pool then ends them all): it only costs time, what is
                    # left is drawn here.
                    failed = True
                    continue
                except Exception:
                    # An artefact that refused fails the build: nothing more is handed out, and
                    # what the other workers are drawing is cut short, not waited for.
                    failed = refused = True
                    continue
                for name in outcome.names:
                    b.writer.path(name)  # the worker wrote it into the staging folder
                finished(shared[job], outcome)
                done.add(shared[job].kind)
            hand_out()
    finally:
        if running:  # refused, or this process is leaving (Ctrl-C): the busy workers end now
            stop.send_bytes(b"stop")
        pool.shutdown(wait=True, cancel_futures=True)
        stop.close()
        stop_reading.close()
    # A worker failed: draw what is left here, in build order, so the error is the one a serial
    # build raises (the first kind that fails), with its own type and message.
    for artefact in misses:
        if artefact.kind not in done:
            in_here(artefact)
    return tuple(cached), seconds


def cores() -> int:
    """How many worker processes a build may use: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # (no affinity outside Linux)
        return max(1, os.cpu_count() or 1)


# On Linux the workers are forked (the default start method there up to Python 3.13, chosen here
# for later ones too): a forked worker starts in milliseconds with WeasyPrint and the bundled fonts
# the build loaded (prepare above), where a spawned one, or one from a fork server, imports and
# loads them again, seconds before the booklet can start (docs/upstream.md). The build's only
# other thread is the progress bar's, and a worker never writes to the terminal. Elsewhere the
# platform's default (spawn on macOS, where forking is unsafe, and on Windows).
#
# What the standard pool gives: a worker leaves through os._exit (fork) or runs only its own
# atexit handlers (spawn), never the build's; the build gets each artefact's outcome or
# exception, and BrokenProcessPool when a worker dies. What it does not: a busy worker of a build
# that is killed outright, or that stops early, goes on drawing; _start_worker sees to that.
_CONTEXT = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)


def _pickled(value: Any) -> bytes:
    """value pickled with read-only mappings (a ruleset's tables) as the dictionaries they show."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, MappingProxyType: lambda m: (_read_only, (dict(m),))}
    pickler.dump(value)
    return out.getvalue()


def _read_only(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


_WORKER: tuple[Build, list[Artefact]] | None = None  # in a worker: the build and its shared artefacts


def _start_worker(payload: bytes, stop: Connection) -> None:
    """A worker's start: the build's own signal handlers (they clean up the kit) are not its own,
    Ctrl-C is the build's to act on, and it ends as soon as the build says stop or is gone (even
    killed outright), whatever it is drawing: no orphan draws on for nobody."""
    global _WORKER
    _WORKER = pickle.loads(payload)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(signal.Signals[name], signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, set())  # the signals the build held while it forked
    parent = multiprocessing.parent_process()
    watched = [stop] + ([parent.sentinel] if parent is not None else [])

    def watch() -> None:
        multiprocessing.connection.wait(watched)
        os._exit(1)

    threading.Thread(target=watch, name="printkit-stop", daemon=True).start()


def _draw_job(job: int) -> Outcome:
    assert _WORKER is not None
    b, artefacts = _WORKER
    return draw(artefacts[job], b)


# The documented options a preflight is run with besides none, one at a time (each adds pages or
# files of its own, so a refusal names the option that causes it), at the value that adds them.
# --png is left out: it rasterises the faces the cards' own sheets lay out, so it refuses nothing
# they do not. --imposition is a finish (a copy of the booklet's pages), not an input of a drawing.
_OPTIONS_ON: dict[str, Any] = {"print_shop": True, "cutter": "silhouette", "greyscale": True}


def option_variants(artefact: Artefact) -> list[Options]:
    """The options an artefact's preflight runs with: none, then each shared option it reads."""
    declared = {split_input(text)[0].removeprefix("options.") for text in artefact.inputs}
    return [Options(), *(Options(**{name: on}) for name, on in _OPTIONS_ON.items() if name in declared)]


def _flags(options: Options) -> list[str]:
    """The command-line options that give these options ("--print-shop", "--cutter silhouette")."""
    out = []
    for name, on in _OPTIONS_ON.items():
        if getattr(options, name):
            flag = "--" + name.replace("_", "-")
            out.append(flag if on is True else f"{flag} {on}")
    return out


def _preflight(artefact: Artefact, b: Build, cache: Store | None) -> None:
    """Run an artefact's preflight on the artefact's inputs, as its builder gets them. The artefact
    cache answers for inputs drawn before (by a build, or an earlier validate), which drew without
    error. Where the preflight is the builder itself (a form that must fit its page is only known to
    fit once it is laid out), what is drawn now is kept for the build that usually follows."""
    assert artefact.preflight is not None
    if cache is not None and not artefact.secret:
        if lookup(cache, artefact, b) is not None:
            return
        if artefact.preflight == artefact.builder:
            store(cache, artefact, b, draw(artefact, b))
            return
    resolve(artefact.preflight)(project(artefact, b))


def check_kit(session: Session, cache: bool = True) -> list[Problem]:
    """What building this session would refuse for its content, found without writing a kit.

    Every artefact's preflight (see games.Artefact) runs for every paper and language, and with
    the shared options it reads (option_variants), in a throwaway folder: `printkit validate` says
    ok only when `printkit build` would succeed with any --paper, --lang and documented option.
    Preflights that draw the whole artefact go through the artefact cache (cache=False: they draw
    every time).
    """
    import tempfile

    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    entries = Store() if cache else None
    with tempfile.TemporaryDirectory(prefix="printkit-check-") as tmp:
        for artefact in _artefacts(session):
            if artefact.preflight is None:
                continue
            variants = option_variants(artefact)
            for paper, lang, (n, options) in itertools.product(PAPERS, LANGUAGES, enumerate(variants)):
                variant = with_overrides(session, language=lang, paper=paper)
                writer = KitWriter(Path(tmp) / f"{artefact.kind}-{paper}-{lang}-{n}")
                b = Build(variant, Entropy.from_seed("check"), writer, quiet, options)
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
                        where = ", ".join([paper, lang, *_flags(options)])
                        problems.append(Problem(session.label, None, f"{artefact.kind} ({where})", exc.message))
                finally:
                    writer.abort()
    return problems
