"""The kit folder: default names, a private staging folder, an all-or-nothing move into place, the manifest."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import stat
import threading
from datetime import datetime
from pathlib import Path, PurePosixPath
from types import FrameType, TracebackType
from typing import Any

from .errors import OutputError

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "printkit.manifest/1"

# Staging folders are named .<kit>.partial-<host>-<pid>-<random>: a later build into the same place
# can tell a dead build's leftovers (this host, no such process) from a build still running.
_PARTIAL = ".partial-"
_REPLACED = ".replaced-"
_HOST = hashlib.sha256(socket.gethostname().encode("utf-8", "surrogatepass")).hexdigest()[:6]
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
_TAKEN = (errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR, errno.EISDIR)


def default_folder(game_id: str, base: Path | None = None, now: datetime | None = None) -> Path:
    """output/<game>-<YYYYMMDD-HHMMSS>/ under base (the current folder), never an existing one.

    Two builds in the same second may still pick the same name; the move into place settles that
    (KitWriter with unique=True takes the next free name, -2, -3, ...).
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    root = (base or Path.cwd()) / "output"
    folder = root / f"{game_id}-{stamp}"
    n = 2
    while _lexists(folder):
        folder = root / f"{game_id}-{stamp}-{n}"
        n += 1
    return folder


def _lexists(path: Path) -> bool:
    """Whether something is at path, a link included. Any other failure (no permission, a parent that
    is a file, a name the system refuses) holds for every name beside it, so trying the next would
    never end: False, and the kit writer then refuses the folder, saying why."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def _fail(folder: Path, exc: OSError | None = None, what: str = "cannot write") -> OutputError:
    reason = (exc.strerror or str(exc)) if exc is not None else ""
    return OutputError(f"{folder}: {what}" + (f": {reason}" if reason else ""))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists (POSIX; see _sweep)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists and belongs to someone else
    return True


def _sweep(parent: Path) -> None:
    """Remove what dead builds on this host left in parent: their staging and replaced-kit folders."""
    if os.name != "posix":  # os.kill(pid, 0) would end the process on Windows
        return
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return
    for entry in entries:
        for mark in (_PARTIAL, _REPLACED):
            if not entry.name.startswith(".") or mark not in entry.name:
                continue
            host, _, rest = entry.name.rpartition(mark)[2].partition("-")
            pid = rest.partition("-")[0]
            if host == _HOST and pid.isascii() and pid.isdigit() and not _alive(int(pid)):
                shutil.rmtree(entry.path, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


class _Terminated(BaseException):
    """SIGTERM or SIGHUP arrived mid-build: unwind, clean up, then die of the signal as asked."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise _Terminated(signum)


class KitWriter:
    """Collects a kit's files in a private staging folder and moves it into place only when all succeed.

    - A build that fails, is interrupted (Ctrl-C, SIGTERM, SIGHUP) or cannot write (a full disk)
      leaves the destination as it was and removes its staging folder; a killed build's staging
      folder is removed by the next build into the same place.
    - Staging is readable by its owner only: it holds secret sheets before they reach the kit.
    - The move into place is one rename of the whole folder, which fails if the destination
      appeared (with files) in the meantime; with unique=True the next free name is taken instead.
    - force replaces an earlier kit as a whole: the files its manifest lists go, the new kit's come;
      files printkit did not write stay.
    - Extra folders (PNGs for a print shop) are staged and moved the same way.
    """

    def __init__(self, folder: Path, force: bool = False, unique: bool = False) -> None:
        self.folder = Path(folder)
        self.force = force
        self.unique = unique
        self.names: list[str] = []
        self._created: list[Path] = []  # parent folders this build made, removed again on failure
        self._extra: dict[Path, Path] = {}  # an extra destination -> its staging folder
        self._handlers: dict[int, Any] = {}
        self._mode = 0o777 & ~_umask()
        self.folder, self.staging = self._stage(self.folder)

    # ---- preparing -----------------------------------------------------------------------------

    def _stage(self, folder: Path) -> tuple[Path, Path]:
        """Check a destination and make its private staging folder beside it: (destination, staging)."""
        given = folder
        try:
            if folder.is_symlink():
                # The move into place renames onto the real folder, never over the link itself.
                folder = folder.resolve(strict=True)
            if folder.exists() and not folder.is_dir():
                raise OutputError(f"{folder}: exists and is not a folder")
            if folder.is_dir() and any(folder.iterdir()) and not self.force:
                raise OutputError(
                    f"{folder}: folder exists and is not empty; use --force to write into it, or choose another --out"
                )
            self._make_parents(folder.parent)
            _sweep(folder.parent)
            staging = folder.parent / f".{folder.name}{_PARTIAL}{_HOST}-{os.getpid()}-{secrets.token_hex(4)}"
            staging.mkdir(mode=0o700)
            staging.chmod(0o700)
        except OutputError:
            self._remove_parents()
            raise
        except (OSError, RuntimeError, ValueError) as exc:
            self._remove_parents()
            if isinstance(exc, OSError):
                raise _fail(given, exc, "cannot create") from None
            raise OutputError(f"{given}: cannot create: the path loops or is not a folder name") from None
        return folder, staging

    def _make_parents(self, parent: Path) -> None:
        missing = []
        for p in [parent, *parent.parents]:
            if p.is_dir():
                break
            if p.is_symlink() or p.exists():
                raise OutputError(f"{p}: exists and is not a folder")
            missing.append(p)
        for p in reversed(missing):
            p.mkdir()
            self._created.append(p)

    def _remove_parents(self) -> None:
        for p in reversed(self._created):
            try:
                p.rmdir()
            except OSError:
                break
        self._created.clear()

    def path(self, name: str) -> Path:
        """Where to write file `name` now; it reaches the kit folder on commit()."""
        if name in self.names:
            raise ValueError(f"{name} written twice")
        self.names.append(name)
        return self.staging / name

    def write(self, name: str, data: bytes) -> None:
        self.path(name).write_bytes(data)

    def extra_folder(self, destination: Path) -> Path:
        """A staging folder for files that go to another folder (e.g. --png DIR), moved on commit()."""
        destination = Path(destination)
        if destination in self._extra:
            return self._extra[destination]
        try:
            inside = destination.resolve().relative_to(self.folder.resolve())
        except (OSError, RuntimeError, ValueError):
            inside = None
        if inside is not None:
            # Inside the kit folder: staged inside the kit's own staging, moved with it.
            staged = self.staging / inside
            staged.mkdir(parents=True, exist_ok=True)
        else:
            destination, staged = self._stage(destination)
        self._extra[destination] = staged
        return staged

    # ---- committing ----------------------------------------------------------------------------

    def commit(self, info: dict[str, Any]) -> list[Path]:
        """Write the manifest and move everything into place; returns the kit's final paths."""
        names = self._files(self.staging)
        files = []
        for name in names:
            data = (self.staging / name).read_bytes()
            files.append({"name": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        manifest = {"format": MANIFEST_FORMAT, **info, "files": files}
        (self.staging / MANIFEST).write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        blocked = self._block_signals()
        try:
            self.folder = self._move(self.staging, self.folder, self.unique)
            for destination, staged in self._extra.items():
                if not staged.is_relative_to(self.staging):
                    if any(staged.iterdir()):
                        self._move(staged, destination, False)
                    else:
                        staged.rmdir()
        finally:
            if blocked:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)
        return [self.folder / name for name in [*names, MANIFEST]]

    @staticmethod
    def _files(folder: Path) -> list[str]:
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())

    def _block_signals(self) -> list[int]:
        # The moves are short; a signal in their middle would leave an old kit half replaced.
        if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
            return []
        wanted = [*_SIGNALS, signal.SIGINT]
        signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
        return wanted

    def _move(self, staged: Path, destination: Path, unique: bool) -> Path:
        if self.force and destination.is_dir() and any(destination.iterdir()):
            self._replace(staged, destination)
            return destination
        candidate, n = destination, 2
        while True:
            try:
                # rename() of a folder is atomic and refuses a destination that holds files.
                os.rename(staged, candidate)
                os.chmod(candidate, self._mode)  # private while building; the kit gets ordinary permissions
                return candidate
            except OSError as exc:
                if exc.errno not in _TAKEN:
                    raise _fail(candidate, exc) from None
                if not unique:
                    raise OutputError(
                        f"{candidate}: another kit appeared there while this one was being built; nothing "
                        "was written there — choose another --out"
                    ) from None
            candidate = destination.with_name(f"{destination.name}-{n}")
            n += 1

    def _replace(self, staged: Path, destination: Path) -> None:
        """--force: the old kit's files out, the new kit's in; what printkit did not write stays."""
        old = [n for n in _listed(destination) if (destination / n).is_file()]
        new = self._files(staged)
        ours = sorted({*old, *(n for n in new if (destination / n).is_file())})
        trash = destination.parent / f".{destination.name}{_REPLACED}{_HOST}-{os.getpid()}-{secrets.token_hex(4)}"
        trash.mkdir(mode=0o700)
        moved: list[str] = []
        placed: list[str] = []
        try:
            for name in ours:
                (trash / name).parent.mkdir(parents=True, exist_ok=True)
                os.rename(destination / name, trash / name)
                moved.append(name)
            for name in [n for n in new if n != MANIFEST] + [MANIFEST]:
                (destination / name).parent.mkdir(parents=True, exist_ok=True)
                os.rename(staged / name, destination / name)
                placed.append(name)
        except OSError as exc:
            for name in placed:
                os.replace(destination / name, staged / name)
            for name in moved:
                os.replace(trash / name, destination / name)
            shutil.rmtree(trash, ignore_errors=True)
            raise _fail(destination, exc) from None
        shutil.rmtree(trash, ignore_errors=True)
        shutil.rmtree(staged, ignore_errors=True)
        for name in moved:  # sub-folders the old kit had and the new one does not
            for parent in (destination / name).parents:
                if parent == destination or not parent.is_relative_to(destination):
                    break
                try:
                    parent.rmdir()
                except OSError:
                    break

    # ---- failing -------------------------------------------------------------------------------

    def abort(self) -> None:
        for staged in [self.staging, *self._extra.values()]:
            shutil.rmtree(staged, ignore_errors=True)
        self._remove_parents()

    def __enter__(self) -> KitWriter:
        if threading.current_thread() is threading.main_thread():
            for signum in _SIGNALS:
                if signal.getsignal(signum) is signal.SIG_DFL:
                    self._handlers[signum] = signal.signal(signum, _raise_terminated)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        for signum, handler in self._handlers.items():
            signal.signal(signum, handler)
        self._handlers.clear()
        if kind is None:
            return
        self.abort()
        if isinstance(exc, _Terminated):
            # Cleaned up: now end the way the signal meant to, so the parent sees the real status.
            os.kill(os.getpid(), exc.signum)
        if isinstance(exc, OSError) and not isinstance(exc, (FileNotFoundError, IsADirectoryError)):
            raise _fail(self.folder, exc) from None


def _listed(folder: Path) -> list[str]:
    """The files an earlier kit's manifest names (only plain relative names inside the folder)."""
    try:
        with open(folder / MANIFEST, "rb") as f:
            data = json.loads(f.read(16 * 1024 * 1024))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or not isinstance(data.get("files"), list):
        return []
    names = [MANIFEST]
    for entry in data["files"]:
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not name or "\\" in name or "\0" in name:
            continue
        parts = PurePosixPath(name).parts
        if PurePosixPath(name).is_absolute() or ".." in parts or "." in parts:
            continue
        if stat.S_ISREG(_mode_of(folder / name)):
            names.append(name)
    return names


def _mode_of(path: Path) -> int:
    try:
        return os.lstat(path).st_mode
    except OSError:
        return 0
