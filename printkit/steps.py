"""One artefact of a build: replayed from the cache, or drawn while noting what it reads, then stored."""

# The key of an artefact is its kind, printkit's code, data, templates and fonts
# (fingerprint.environment) and the value of every session field and option its builder read the
# last time it was drawn. Reading is watched (fingerprint.watch), so a builder needs no list of what
# it depends on: change a hero's name and the hero sheets are drawn again while the booklet comes
# from the cache.

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .artefact import Build, Progress
from .cache import Entry, Store
from .fingerprint import Reads, Unkeyable, digest, environment, read, watch
from .game import Artefact, resolve

# A builder that reads any of these drew from the kit's randomness: its files are never stored.
_RANDOM = "entropy."


@dataclass(frozen=True)
class Outcome:
    """What drawing one artefact produced (plain data: it comes back from a worker process)."""

    kind: str
    names: tuple[str, ...]  # kit files, in the order written
    extra: dict[str, tuple[str, ...]] = field(default_factory=dict)  # option -> files in its folder
    reads: tuple[str, ...] = ()
    seconds: float = 0.0

    @property
    def random(self) -> bool:
        return any(p.startswith(_RANDOM) for p in self.reads)


def base_key(artefact: Artefact) -> str:
    return digest("printkit.artefact", environment(), artefact.kind, artefact.builder)


def _roots(b: Build) -> dict[str, Any]:
    return {"session": b.session, "options": b.options}


def _value(roots: dict[str, Any], path: str) -> Any:
    value = read(roots, path)
    # A destination folder (--png DIR) changes where files go, never their bytes.
    return ("destination", value is not None) if path.startswith("options.") and isinstance(value, Path) else value


def key_for(base: str, b: Build, paths: list[str]) -> str | None:
    """The entry key for these read paths with this build's values (None: a path no longer reads)."""
    roots = _roots(b)
    try:
        return digest(base, [(p, _value(roots, p)) for p in sorted(paths)])
    except (AttributeError, KeyError, Unkeyable):
        return None


def lookup(store: Store, artefact: Artefact, b: Build) -> tuple[Entry, str] | None:
    """The cached files of an artefact for this build, and their key; None when not cached."""
    base = base_key(artefact)
    for paths in store.reads(base):
        key = key_for(base, b, paths)
        entry = store.get(key) if key is not None else None
        if key is not None and entry is not None:
            return entry, key
    return None


def replay(b: Build, entry: Entry) -> None:
    """Put a cached artefact's files into the kit (and its extra folders)."""
    for name, data in entry.files.items():
        b.writer.write(name, data)
    for option, files in entry.extra.items():
        staged = b.writer.extra_folder(getattr(b.options, option))
        for name, data in files.items():
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            (staged / name).write_bytes(data)


def _destinations(b: Build) -> dict[str, Path]:
    """Extra folders by option name (--png DIR): staged before anything draws."""
    found = {}
    for f in dataclasses.fields(b.options):
        value = getattr(b.options, f.name)
        if isinstance(value, Path):
            found[f.name] = b.writer.extra_folder(value)
    return found


def _listing(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _passing(progress: Progress) -> Progress:
    # A builder's own reports of progress inside its step pass; the build reports start and end.
    def report(step: str, done: int, total: int) -> None:
        if 0 < done < total:
            progress(step, done, total)

    return report


def draw(artefact: Artefact, b: Build) -> Outcome:
    """Run an artefact's builder, noting what it reads and which files it writes."""
    reads = Reads(nested=["session.part"])
    watched = Build(
        watch(b.session, reads, "session."),
        watch(b.entropy, reads, _RANDOM),
        b.writer,
        _passing(b.progress),
        watch(b.options, reads, "options."),
    )
    folders = _destinations(b)
    before = {option: _listing(staged) for option, staged in folders.items()}
    written = len(b.writer.names)
    start = time.perf_counter()
    resolve(artefact.builder)(watched)
    seconds = time.perf_counter() - start
    extra = {}
    for option, staged in folders.items():
        if f"options.{option}" in reads.paths:
            extra[option] = tuple(sorted(_listing(staged) - before[option]))
    return Outcome(artefact.kind, tuple(b.writer.names[written:]), extra, tuple(sorted(reads.paths)), seconds)


def store(cache: Store, artefact: Artefact, b: Build, outcome: Outcome) -> None:
    """Keep a drawn artefact's files, unless they are secret or came from the kit's randomness."""
    if artefact.secret or outcome.random:
        return
    base = base_key(artefact)
    key = key_for(base, b, list(outcome.reads))
    if key is None:
        return
    files = {name: (b.writer.staging / name).read_bytes() for name in outcome.names}
    extra = {}
    for option, names in outcome.extra.items():
        staged = b.writer.extra_folder(getattr(b.options, option))
        extra[option] = {name: (staged / name).read_bytes() for name in names}
    cache.put(key, Entry(files, extra))
    cache.add_reads(base, outcome.reads)
