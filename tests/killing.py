"""The kill harness: builds killed outright (kill -9) at random moments and before every step of the
--force swap, each followed by the checks that the user finds a whole kit and that the next build
loses nothing. tests/test_kill.py runs a few dozen kills; bench/kill.py a few hundred, with figures."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from printkit.examples import find

ROOT = Path(__file__).resolve().parent.parent
# The example config the kills build, as `printkit examples` writes it (found in its game's package).
STRATEGO = find("stratego.yaml")
SEED = "kill-harness-seed-0123456789"

# Run in the killed process: printkit's own code, with every step of a --force swap (and of the
# recovery a later build makes) that changes the disk counted; before step KILL_AT_STEP the process
# kills itself outright. KILL_IN says where to count: "commit" (the swap) or "sweep" (the recovery
# at the start of a build). KILL_NO_EXCHANGE=1 plays a system without renameat2's exchange.
# `kitwriter KIT VARIANT` writes a small kit through KitWriter alone (fast); anything else is a
# printkit command line.
STEPPER = r"""
import os, signal, sys
import printkit.pipeline.files as files
import printkit.pipeline.manifest as manifest
import printkit.pipeline.naming as naming
import printkit.pipeline.staging as staging
import printkit.pipeline.swap as swap

at = int(os.environ.get("KILL_AT_STEP") or 0)
where = os.environ.get("KILL_IN", "commit")
count = [0]
live = [False]


def step():
    if live[0]:
        count[0] += 1
        if count[0] == at:
            os.kill(os.getpid(), signal.SIGKILL)


def counted(call, when=None):
    def wrapped(*args, **kwargs):
        if when is None or when(*args, **kwargs):
            step()
        return call(*args, **kwargs)
    return wrapped


CHANGING = {"rename", "replace", "unlink", "rmdir", "mkdir", "chmod", "fsync"}


class Os:
    def __getattr__(self, name):
        real = getattr(os, name)
        if name in CHANGING:
            return counted(real)
        if name == "open":
            return counted(real, lambda path, flags, *rest, **kw: bool(flags & os.O_CREAT))
        return real


def during(call):
    def wrapped(*args, **kwargs):
        live[0] = True
        try:
            return call(*args, **kwargs)
        finally:
            live[0] = False
    return wrapped


# Every module of the kit writer that changes the disk counts its steps; a whole tree removed is one.
for module in (files, manifest, naming, staging, swap):
    module.os = Os()
    if hasattr(module, "remove_tree"):
        module.remove_tree = counted(module.remove_tree)
if os.environ.get("KILL_NO_EXCHANGE"):
    swap._exchange = lambda a, b: False
else:
    swap._exchange = counted(swap._exchange)
if where == "commit":
    staging.KitWriter.commit = during(staging.KitWriter.commit)
else:
    staging.sweep = during(staging.sweep)

if sys.argv[1] == "kitwriter":
    import json
    from pathlib import Path

    kit, variant = Path(sys.argv[2]), json.loads(sys.argv[3])
    with staging.KitWriter(kit, force=True) as writer:
        for name, text in variant["files"].items():
            target = writer.path(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        writer.commit({"variant": variant["name"]})
else:
    from printkit.cli import main

    main(sys.argv[1:])
"""

# Two small kits that share a name with other bytes, a sub-folder, and each a file of its own.
SMALL = {
    "a": {"quickref.pdf": "A" * 3000, "png/1.png": "A1", "only-a.pdf": "A only"},
    "b": {"quickref.pdf": "B" * 2000, "png/2.png": "B2", "only-b.pdf": "B only"},
}


@dataclass(frozen=True)
class Variant:
    """One build: its name, printkit's arguments (the kit folder and --force come apart), and what its
    manifest says (its language, its kinds when --only chooses them)."""

    name: str
    args: tuple[str, ...] = ()
    lang: str = ""
    only: tuple[str, ...] = ()
    small: bool = False  # a KitWriter kit of SMALL (no printkit build)

    def command(self, kit: Path, force: bool = True) -> list[str]:
        if self.small:
            data = json.dumps({"name": self.name, "files": SMALL[self.name]})
            return [sys.executable, "-c", STEPPER, "kitwriter", str(kit), data]
        chosen = [*self.args, "--lang", self.lang] + (["--only", ",".join(self.only)] if self.only else [])
        extra = ["--force"] if force else []
        return [sys.executable, "-c", STEPPER, "build", *chosen, "--seed", SEED, "--out", str(kit), *extra]

    def made(self, manifest: dict[str, object]) -> bool:
        """Whether a manifest is of a kit this variant builds."""
        if self.small:
            return manifest.get("variant") == self.name
        return manifest.get("language") == self.lang and (not self.only or manifest.get("kinds") == list(self.only))


STRATEGO_RU = Variant("stratego-ru", (str(STRATEGO),), "ru")
STRATEGO_EN = Variant("stratego-en", (str(STRATEGO),), "en", ("quickref",))
DEFAULT_RU = Variant("default-ru", (), "ru")  # the default game: eleven files, WeasyPrint's booklet
DEFAULT_EN = Variant("default-en", (), "en", ("booklet", "quickref", "secret-sheets"))
SMALL_A = Variant("a", small=True)
SMALL_B = Variant("b", small=True)


def whole(kit: Path) -> dict[str, object] | None:
    """A kit's manifest when the kit is whole (every file it lists, with its sha256), else None."""
    try:
        manifest = json.loads((kit / "manifest.json").read_bytes())
        for entry in manifest["files"]:
            if hashlib.sha256((kit / entry["name"]).read_bytes()).hexdigest() != entry["sha256"]:
                return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return manifest if isinstance(manifest, dict) else None


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


@dataclass
class Scene:
    """A kit folder as a user keeps it: the kit, files of their own in it (one inside a sub-folder the
    kit may write into too), a link to a folder outside, and the kit's manifest naming a file through
    that link (as a forged or an older manifest could)."""

    base: Path
    many: int = 20  # the user's loose files in the kit folder
    cache: Path | None = None  # the artefact cache the builds use (default: a fresh one in base)
    own: dict[str, bytes] = field(default_factory=dict)
    outside: dict[str, bytes] = field(default_factory=dict)

    @property
    def parent(self) -> Path:
        return self.base / "work"

    @property
    def kit(self) -> Path:
        return self.parent / "kit"

    @property
    def env(self) -> dict[str, str]:
        cache = self.cache or self.base / "cache"
        return {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_CACHE_DIR": str(cache)}

    def run(self, command: list[str], **env: str) -> int:
        """Run a build to its end (or to the kill it asks for); any other ending is an error."""
        found = subprocess.run(command, env={**self.env, **env}, capture_output=True, timeout=600, check=False)
        if found.returncode not in (0, -signal.SIGKILL):
            raise AssertionError(f"{command[3:]} exited {found.returncode}: {found.stderr.decode()[-2000:]}")
        return found.returncode

    def manifest(self) -> bytes | None:
        """The kit's manifest as it is on disk, when the kit is whole."""
        return (self.kit / "manifest.json").read_bytes() if whole(self.kit) is not None else None

    def settle_in(self) -> None:
        """The user's own files, put (again) into the kit folder, and the link through the manifest."""
        outside = self.base / "outside"
        if not self.outside:
            self.outside = {"precious.pdf": b"not printkit's", "deep/keep.txt": b"mine too"}
            for name, data in self.outside.items():
                (outside / name).parent.mkdir(parents=True, exist_ok=True)
                (outside / name).write_bytes(data)
            # A sub-folder of their own, and loose files (each its own step when carried).
            self.own = {"notes.txt": b"my notes", "png/mine.txt": b"in the kit's sub-folder"}
            self.own |= {f"scans/{n}.txt": str(n).encode() * 50 for n in range(5)}
            self.own |= {f"scan-{n}.txt": str(n).encode() * 50 for n in range(self.many)}
        for name, data in self.own.items():
            target = self.kit / name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        link = self.kit / "linked"
        if not link.is_symlink():
            link.symlink_to(outside, target_is_directory=True)
        manifest = json.loads((self.kit / "manifest.json").read_bytes())
        if not self.forged(manifest):
            data = self.outside["precious.pdf"]
            forged = {"name": "linked/precious.pdf", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            manifest["files"].append(forged)
            (self.kit / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1))

    @staticmethod
    def forged(manifest: dict[str, object]) -> bool:
        files = manifest.get("files")
        named = (f.get("name") for f in files if isinstance(f, dict)) if isinstance(files, list) else ()
        return "linked/precious.pdf" in named

    def hidden(self) -> list[Path]:
        return sorted(p for p in self.parent.iterdir() if p.name.startswith("."))

    def problems(self, killed: bool, old: bytes | None, new: list[Variant]) -> list[str]:
        """What is wrong now: right after a kill (the old kit or a new one whole where the user looks;
        the user's files in the kit or waiting in a hidden folder; nothing outside touched), or after
        a build that finished (its kit whole, every file of the user's in it, nothing left behind)."""
        found = []
        manifest = whole(self.kit)
        if manifest is None and killed and self.gap():
            pass  # between the two renames of a system without an exchange: the old kit is whole beside
        elif manifest is None:
            found.append("no whole kit where the user looks")
        elif not (killed and self.manifest() == old) and not any(v.made(manifest) for v in new):
            found.append(f"a whole kit, but neither the old one nor the new: {manifest}")
        for name, data in self.outside.items():
            if not _holds(self.base / "outside" / name, data):
                found.append(f"outside/{name} changed")
        waiting = killed and any((p / "linked").is_symlink() for p in self.hidden())
        if self.outside and not ((self.kit / "linked").is_symlink() or waiting):
            found.append("the link to the outside folder is gone")
        for name, data in self.own.items():
            places = [self.kit, *self.hidden()] if killed else [self.kit]
            if not any(_holds(place / name, data) for place in places):
                found.append(f"the user's {name} is lost")
        if not killed and self.hidden():
            found.append(f"left behind: {[p.name for p in self.hidden()]}")
        return found

    def gap(self) -> bool:
        """Whether the kit folder is missing because a swap without an exchange was killed between its
        two renames: the journal is there, and the old kit is whole in the .replaced- folder."""
        hidden = self.hidden()
        return (
            not self.kit.exists()
            and any(".swap-" in p.name and not p.name.endswith(".tmp") for p in hidden)
            and any(".replaced-" in p.name and whole(p) is not None for p in hidden)
        )

    def phase(self, old: bytes | None) -> str:
        """Where a kill landed, read from what it left (old: the kit's manifest before the build)."""
        names = [p.name for p in self.hidden()]
        if self.gap():
            return "swap, between the two renames (no exchange)"
        if any(".swap-" in n and not n.endswith(".tmp") for n in names):
            manifest = whole(self.kit)
            return "swap, before the exchange" if manifest is None or self.forged(manifest) else "swap, after it"
        if any(".partial-" in n for n in names):
            return "staging (drawing, or the swap before its journal)"
        return "after the swap (the process ending)" if self.manifest() not in (old, None) else "starting"


@dataclass
class Tally:
    """What a run of kills found."""

    kills: int = 0
    finished_first: int = 0  # builds that ended before their kill came
    phases: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    builds: int = 0

    def add(self, other: Tally) -> None:
        self.kills += other.kills
        self.finished_first += other.finished_first
        self.phases.update(other.phases)
        self.problems += other.problems
        self.builds += other.builds


def first_kit(scene: Scene, variant: Variant) -> float:
    """Build the scene's first kit and put the user's files in it; returns the build's seconds."""
    scene.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    scene.run(variant.command(scene.kit))
    seconds = time.perf_counter() - start
    scene.settle_in()
    return seconds


def step_kills(scene: Scene, variants: list[Variant], no_exchange: bool = False, recovery: bool = True) -> Tally:
    """Kill a --force build before each step of its swap in turn (1, 2, ... until one finishes first)
    and, with recovery, the next build before a step of its recovery; each time a build after them
    must settle everything. The variants alternate: each kill replaces one kit with another."""
    tally = Tally()
    extra = {"KILL_NO_EXCHANGE": "1"} if no_exchange else {}
    how = " (no exchange)" if no_exchange else ""
    at, turn = 1, 0
    while True:
        variant, nxt = variants[turn % len(variants)], variants[(turn + 1) % len(variants)]
        old = scene.manifest()
        code = scene.run(variant.command(scene.kit), KILL_AT_STEP=str(at), **extra)
        tally.builds += 1
        if code == 0:
            tally.finished_first += 1
            tally.problems += [f"step {at}{how}, finished: {p}" for p in scene.problems(False, old, [variant])]
            break
        tally.kills += 1
        tally.phases[scene.phase(old)] += 1
        tally.problems += [f"step {at}{how}: {p}" for p in scene.problems(True, old, [variant])]
        if recovery:  # the next build, killed in its recovery at a step of its own
            code = scene.run(nxt.command(scene.kit), KILL_AT_STEP=str(1 + at % 3), KILL_IN="sweep", **extra)
            tally.builds += 1
            if code != 0:
                tally.kills += 1
                tally.phases["recovery"] += 1
            tally.problems += [
                f"step {at}{how}, killed in recovery: {p}" for p in scene.problems(True, old, [variant, nxt])
            ]
        if scene.run(nxt.command(scene.kit), **extra) != 0:
            tally.problems.append(f"step {at}{how}: the next build was killed")
        tally.builds += 1
        tally.problems += [f"step {at}{how}, next build: {p}" for p in scene.problems(False, None, [nxt])]
        scene.settle_in()
        at, turn = at + 1, turn + 2
    return tally


def random_kills(scene: Scene, variants: list[Variant], kills: int, rng: random.Random) -> Tally:
    """Kill --force builds at random moments until `kills` kills have landed (at most three times as
    many tries: on a busy machine a build may end before its kill comes), each followed by a build
    that must finish and lose nothing. Every other kill is aimed at the swap: the builds that finish
    are watched for the moment the kit folder changes (each variant once first), and the kill comes
    within a few hundredths of a second of it."""
    tally = Tally()
    seconds: dict[str, tuple[float, float]] = {}  # variant -> (when the swap came, when the build ended)
    for variant in variants:
        seconds[variant.name] = _watched(variant.command(scene.kit), scene)
        tally.builds += 1
        scene.settle_in()
    for n in range(3 * kills):
        if tally.kills >= kills:
            break
        variant, nxt = variants[n % len(variants)], variants[(n + 1) % len(variants)]
        old = scene.manifest()
        swap, end = seconds[variant.name]
        delay = rng.uniform(0, end) if n % 2 else max(0.0, rng.uniform(swap - 0.03, swap + 0.01))
        code = _killed(variant.command(scene.kit), scene.env, delay)
        tally.builds += 1
        if code == 0:
            tally.finished_first += 1
        else:
            tally.kills += 1
            tally.phases[scene.phase(old)] += 1
        tally.problems += [f"kill {n} after {delay:.3f} s: {p}" for p in scene.problems(True, old, [variant])]
        seconds[nxt.name] = _watched(nxt.command(scene.kit), scene)
        tally.builds += 1
        tally.problems += [f"kill {n}, next build: {p}" for p in scene.problems(False, None, [nxt])]
        scene.settle_in()
    return tally


def _watched(command: list[str], scene: Scene) -> tuple[float, float]:
    """Run a build to its end, watching the kit folder: (seconds until it changed, seconds in all)."""
    before = _identity(scene.kit)
    start = time.perf_counter()
    process = subprocess.Popen(command, env=scene.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    swap = None
    while process.poll() is None:
        if swap is None and _identity(scene.kit) != before:
            swap = time.perf_counter() - start
        time.sleep(0.001)
    end = time.perf_counter() - start
    if process.returncode != 0:
        raise AssertionError(f"{command[3:]} exited {process.returncode}: {process.stderr.read().decode()[-2000:]}")
    process.stderr.close()
    return (end if swap is None else swap), end


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns


def _killed(command: list[str], env: dict[str, str], delay: float) -> int:
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    return process.wait(timeout=600)


def plain_kills(scene: Scene, variant: Variant, kills: int, rng: random.Random) -> Tally:
    """Kill plain builds (no --force, a new folder each, beside the scene's kit) at random moments,
    until `kills` kills have landed (at most three times as many tries): the folder is then absent
    or a whole kit; the next build into the same parent finishes and leaves nothing hidden behind."""
    tally = Tally()
    scene.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    scene.run(variant.command(scene.parent / "first", force=False))
    took = time.perf_counter() - start
    for n in range(3 * kills):
        if tally.kills >= kills:
            break
        kit = scene.parent / f"kit-{n}"
        delay = rng.uniform(0, 1.05 * took)
        code = _killed(variant.command(kit, force=False), scene.env, delay)
        tally.builds += 1
        if code == 0:
            tally.finished_first += 1
        else:
            tally.kills += 1
            tally.phases["plain, " + ("in place" if kit.exists() else "not yet in place")] += 1
        if kit.exists() and whole(kit) is None:
            tally.problems.append(f"plain kill {n} after {delay:.3f} s: {kit.name} is there but not whole")
        after = scene.parent / f"kit-{n}-next"
        start = time.perf_counter()
        scene.run(variant.command(after, force=False))
        took = 0.5 * took + 0.5 * (time.perf_counter() - start)
        tally.builds += 1
        if whole(after) is None:
            tally.problems.append(f"plain kill {n}: the next build's kit is not whole")
        if scene.hidden():
            tally.problems.append(f"plain kill {n}: left behind {[p.name for p in scene.hidden()]}")
    return tally
