"""One artefact of a build: replayed from the cache, or drawn from its declared inputs alone, then stored."""

# The key of an artefact is computed before it is drawn, from what it declares it depends on
# (Artefact.inputs) and what every drawing depends on: its kind and builder, printkit's code, data,
# templates and fonts and the libraries it prints with (fingerprint.environment), the files of the
# game's own package where it is installed apart (code, data, templates, static files), the ruleset
# with its texts, the language and the paper. The builder is handed a build that holds nothing else
# (artefact.project): what it could read and the key does not cover raises UndeclaredInput instead
# of drawing. Change a hero's name and the hero sheets are drawn again while the booklet comes from
# the cache.

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

from ..game import ENTROPY, Artefact, game, resolve
from .artefact import Build, Progress, project, readable, value
from .cache import Entry, Store
from .fingerprint import Unkeyable, digest, environment, tree

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    """What drawing one artefact produced (plain data: it comes back from a worker process)."""

    kind: str
    names: tuple[str, ...]  # kit files, in the order written
    extra: dict[str, tuple[str, ...]] = field(default_factory=dict)  # option -> files in its folder
    random: bool = False  # it drew from the kit's randomness: never stored
    seconds: float = 0.0


@cache
def _plugin_code(module: str) -> str:
    """The digest of a module's top-level package (or module) when it is not printkit's (a game
    installed apart): its code, data, templates and static files are no part of fingerprint.environment."""
    package = module.partition(".")[0]
    spec = importlib.util.find_spec(package)
    if package == "printkit" or spec is None:
        return ""
    if spec.submodule_search_locations:
        return tree(Path(next(iter(spec.submodule_search_locations))))
    return digest(Path(spec.origin)) if spec.origin else ""  # a plug-in that is one module


def _keyed(b: Build, path: str, kind: str) -> Any:
    found = value(b, path, kind)
    # A destination folder (--png DIR) changes where files go, never their bytes.
    return ("destination", found is not None) if isinstance(found, Path) and path.startswith("options.") else found


def key(artefact: Artefact, b: Build) -> str | None:
    """The artefact's cache key in this build (None: a declared value the digest cannot describe)."""
    session = b.session
    inputs: list[tuple[Any, ...]] = []
    for path, read in sorted(readable(artefact, b).items()):
        # An input whose condition does not hold is not read: its value is no part of the key.
        if not read:
            inputs.append((path, "unread"))
        else:
            inputs.append((path, "read", None if path == ENTROPY else _keyed(b, path, artefact.kind)))
    try:
        return digest(
            "printkit.artefact/2",
            environment(),
            # The builder's package, and the session's game's: a shared builder (the booklet, the map)
            # runs a plug-in's code and may render its templates.
            _plugin_code(artefact.builder.partition(":")[0]),
            _plugin_code(game(session.ruleset.family).package),
            artefact.kind,
            artefact.builder,
            session.ruleset,
            session.language,
            session.paper,
            inputs,
        )
    except Unkeyable:
        return None


def lookup(store: Store, artefact: Artefact, b: Build) -> tuple[Entry, str] | None:
    """The cached files of an artefact for this build, and their key; None when not cached, or when
    the entry does not fit this build: a folder the artefact does not write into (a --png it was
    not given), a file another artefact wrote already, a name where the kit has a folder."""
    found = key(artefact, b)
    entry = store.get(found, artefact.kind) if found is not None else None
    if found is None or entry is None:
        return None
    folders = _destination_options(artefact, b)
    fits = set(entry.extra) <= folders and _free(b.writer.staging, entry.files, b.writer.names)
    for option, files in entry.extra.items():
        fits = fits and _free(b.writer.extra_folder(getattr(b.options, option)), files, [])
    if not fits:
        log.debug("cache miss: the entry of %s does not fit this kit", artefact.kind)
        return None
    return entry, found


def _free(folder: Path, names: Iterable[str], taken: list[str]) -> bool:
    """Whether files of these names can be written into folder: none written already, none a folder
    of another, and nothing on the disk in the way."""
    wanted = set(names)
    every = wanted | set(taken)
    if len(every) < len(wanted) + len(set(taken)) or every & {str(p) for n in every for p in PurePosixPath(n).parents}:
        return False
    for name in wanted:
        path = folder
        for part in name.split("/")[:-1]:
            path = path / part
            if os.path.lexists(path) and not (path.is_dir() and not path.is_symlink()):
                return False
        if os.path.lexists(folder / name):
            return False
    return True


def replay(b: Build, entry: Entry) -> None:
    """Put a cached artefact's files into the kit (and its extra folders)."""
    for name, data in entry.files.items():
        b.writer.write(name, data)
    for option, files in entry.extra.items():
        staged = b.writer.extra_folder(getattr(b.options, option))
        for name, data in files.items():
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            (staged / name).write_bytes(data)


def _destination_options(artefact: Artefact, b: Build) -> set[str]:
    """The options naming an extra folder (--png DIR) that this build was given and the artefact reads."""
    return {
        f.name
        for f in dataclasses.fields(b.options)
        if isinstance(getattr(b.options, f.name), Path) and readable(artefact, b).get(f"options.{f.name}", False)
    }


def _destinations(artefact: Artefact, b: Build) -> dict[str, Path]:
    """The extra folders (--png DIR) of the options the artefact reads: staged before it draws."""
    return {name: b.writer.extra_folder(getattr(b.options, name)) for name in sorted(_destination_options(artefact, b))}


def _listing(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _passing(progress: Progress) -> Progress:
    # A builder's own reports of progress inside its step pass; the build reports start and end.
    def report(step: str, done: int, total: int) -> None:
        if 0 < done < total:
            progress(step, done, total)

    return report


def draw(artefact: Artefact, b: Build) -> Outcome:
    """Run an artefact's builder on its declared inputs alone, noting which files it writes."""
    seen = project(artefact, dataclasses.replace(b, progress=_passing(b.progress)))
    folders = _destinations(artefact, b)
    before = {option: _listing(staged) for option, staged in folders.items()}
    written = len(b.writer.names)
    start = time.perf_counter()
    resolve(artefact.builder)(seen)
    seconds = time.perf_counter() - start
    extra = {option: tuple(sorted(_listing(staged) - before[option])) for option, staged in folders.items()}
    random = readable(artefact, b).get(ENTROPY, False) and seen.entropy.taken
    return Outcome(artefact.kind, tuple(b.writer.names[written:]), extra, random, seconds)


def store(cache: Store, artefact: Artefact, b: Build, outcome: Outcome) -> None:
    """Keep a drawn artefact's files, unless they are secret or came from the kit's randomness."""
    if artefact.secret or outcome.random:
        return
    found = key(artefact, b)
    if found is None:
        return
    files = {name: (b.writer.staging / name).read_bytes() for name in outcome.names}
    extra = {}
    for option, names in outcome.extra.items():
        staged = b.writer.extra_folder(getattr(b.options, option))
        extra[option] = {name: (staged / name).read_bytes() for name in names}
    cache.put(found, artefact.kind, Entry(files, extra))
