"""The kit folder: default names, a private staging folder, a move into place that loses nothing, the manifest."""

# Where the user looks (the kit folder) there is at every instant one whole kit, the old or the new,
# and no step removes anything but what printkit put in a folder it owns.
#
# A build writes into a private staging folder beside the kit, .<kit>.partial-<host>-<pid>-<random>,
# its manifest last. Into a new or empty folder the staging folder is renamed: one step.
#
# --force into a kit folder that holds files (replacing a kit), in the order a kill may cut short:
#   1. plan: the old kit's files are the regular files its manifest names, each reached through real
#      folders of the kit's own file system (never through a link, never out of the folder). Every
#      other entry is the user's: it is carried into the new folder, unless the new kit writes a file
#      of that name (then the new file replaces it, as it always has). An entry in the way (a folder
#      where the new kit writes a file; a file, link or mount point where it needs a folder) refuses
#      the build here, before anything moves.
#   2. journal: .<kit>.swap-<token> beside the kit (the staging folder's token), written whole and
#      synced before anything moves: the folders' names and identities (device, inode) and the
#      entries to carry.
#   3. exchange: the staging folder and the kit folder swap names in one step (Linux's renameat2
#      RENAME_EXCHANGE): before it the old kit is whole in place, after it the new one. Where the
#      system has no such step, two renames: kit -> .<kit>.replaced-<token>, staging -> kit; between
#      them there is no kit folder, and the journal tells the next build which way to go.
#   4. carry: the user's entries move from the old folder into the new, one rename each.
#   5. the old folder goes (what is left in it is the old kit's files and what the new kit replaced;
#      shutil.rmtree removes a link, never what it points to), then the journal.
# The next build into the same parent folder finishes what a dead build left (_sweep), under a lock
# on the parent so that one build at a time does: a journal whose kit folder is still the old one
# means the exchange never happened (the staging folder goes, nothing else); otherwise the entries
# not yet carried are carried and the old folder goes. Whatever it cannot place (an entry someone
# put in its way meanwhile) it leaves where it is, with the journal: nothing is removed that may be
# the only copy. Between steps 3 and 5 some of the user's own files wait in the hidden old folder
# until that next build carries them.

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path, PurePosixPath
from types import FrameType, TracebackType
from typing import Any, TypeGuard

from .errors import OutputError

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "printkit.manifest/1"
SWAP_FORMAT = "printkit.swap/1"

# Staging folders are named .<kit>.partial-<host>-<pid>-<random>: a later build into the same place
# can tell a dead build's leftovers (this host, no such process) from a build still running.
_PARTIAL = ".partial-"
_REPLACED = ".replaced-"
_SWAP = ".swap-"
_HOST = hashlib.sha256(socket.gethostname().encode("utf-8", "surrogatepass")).hexdigest()[:6]
_LEFT = re.compile(
    r"\.(?P<kit>.+)(?P<mark>\.partial-|\.replaced-|\.swap-)"
    r"(?P<token>(?P<host>[0-9a-f]{6})-(?P<pid>[0-9]+)-[0-9a-f]{8})(?P<temp>\.tmp)?"
)
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
_TAKEN = (errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR, errno.EISDIR)
_JOURNAL_LIMIT = 64 * 1024 * 1024
_LOCK_WAIT = 10.0  # seconds a build waits for another one's sweep or swap in the same folder


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


def plain_name(name: object) -> bool:
    """Whether name is a plain relative file name inside a folder ('a.pdf', 'png/a.png'): never
    absolute, never '..', '.' or an empty part, no backslash, colon, NUL or other unprintable character."""
    if not isinstance(name, str) or not name or not name.isprintable() or any(c in name for c in "\\:"):
        return False
    return not name.startswith("/") and all(part not in ("", ".", "..") for part in name.split("/"))


def _relative(name: object) -> bool:
    """Whether name is a path inside a folder as the file system spells it (a user's file name may
    hold any character but the separator and NUL)."""
    if not isinstance(name, str) or not name or "\0" in name or name.startswith("/"):
        return False
    return all(part not in ("", ".", "..") for part in name.split("/"))


def read_regular(path: Path, limit: int) -> bytes | None:
    """The bytes of a file printkit wrote (a manifest, a journal, a cache entry), or None when it is
    not a regular file (a link is not followed; a FIFO or device is not read, and opening it does not
    wait), holds more than `limit` bytes, or cannot be read."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags | os.O_CLOEXEC)
    except (OSError, ValueError):
        return None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode) or found.st_size > limit:
            return None
        chunks, size = [], 0
        while size <= found.st_size:  # one byte past the size: a file that grows meanwhile is refused
            chunk = os.read(fd, min(1 << 20, found.st_size + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size == found.st_size else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _lexists(path: Path) -> bool:
    """Whether something is at path, a link included. Any other failure (no permission, a parent that
    is a file, a name the system refuses) holds for every name beside it, so trying the next would
    never end: False, and the kit writer then refuses the folder, saying why."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def _ident(path: Path) -> tuple[int, int] | None:
    """A folder's identity (device, inode), which a rename keeps; None when path is no folder."""
    try:
        found = os.lstat(path)
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISDIR(found.st_mode) else None


def _inside(folder: Path, name: str, dev: int) -> os.stat_result | None:
    """The lstat of folder/name when every folder on the way is a real folder (no link) of the
    file system `dev`; None when one is not, or the name is not there."""
    path = folder
    parts = name.split("/")
    try:
        for part in parts[:-1]:
            path = path / part
            found = os.lstat(path)
            if not stat.S_ISDIR(found.st_mode) or found.st_dev != dev:
                return None
        return os.lstat(path / parts[-1])
    except (OSError, ValueError):
        return None


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


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[bool]:
    """An exclusive lock on a folder (flock on the folder itself, so nothing is left in it), waited
    for a few seconds at most: one build at a time sweeps or swaps there. Yields whether it holds it."""
    try:
        import fcntl
    except ImportError:  # (Windows: no flock, and no sweep either)
        yield False
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    except (OSError, ValueError):
        yield False
        return
    try:
        deadline = time.monotonic() + _LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:  # a build stopped (Ctrl-Z) in its swap: do without
                    yield False
                    return
                time.sleep(0.01)
            except OSError:  # a file system without locks
                yield False
                return
        yield True
    finally:
        os.close(fd)  # (the lock goes with it, as it does when a process is killed)


def _sweep(parent: Path) -> None:
    """Finish what dead builds on this host left in parent: a replacement cut short (its journal
    says which way to go, see the top of this module), and their staging folders."""
    if os.name != "posix":  # os.kill(pid, 0) would end the process on Windows
        return
    try:
        if not stat.S_ISDIR(os.lstat(parent).st_mode):
            return
    except (OSError, ValueError):
        return
    with _locked(parent) as held:
        if not held:
            return  # another build is at it, or cannot be waited for: leave everything as it is
        try:
            names = os.listdir(parent)
        except OSError:
            return
        left = [(name, found) for name in names if (found := _LEFT.fullmatch(name)) is not None]
        dead = {
            found["token"]
            for _, found in left
            if found["host"] == _HOST and found["pid"].isascii() and not _alive(int(found["pid"]))
        }
        for name, found in left:
            if found["token"] in dead and found["mark"] == _SWAP and not found["temp"]:
                _recover(parent, name, found["kit"], found["token"])
        journals = {
            found["token"]
            for name, found in left
            if found["mark"] == _SWAP and not found["temp"] and _lexists(parent / name)
        }
        for name, found in left:
            if found["token"] not in dead or found["token"] in journals:
                continue  # a live build's, or a journal still needs it
            if found["mark"] == _PARTIAL:
                _remove_tree(parent / name)  # a build that died before its swap: only its new files
            elif found["mark"] == _SWAP:
                with contextlib.suppress(OSError):
                    os.unlink(parent / name)  # a journal never finished: nothing moved on its word
            # A .replaced- folder without its journal is an older printkit's: it may hold the only
            # copy of an old kit's files, so it stays.


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


_BEFORE_DYING: list[Callable[[], None]] = []


def on_termination(cleanup: Callable[[], None]) -> None:
    """Run cleanup when a build ends by SIGTERM or SIGHUP, just before the process dies of the signal
    (atexit handlers do not run then): a library's temporary folder, say."""
    if cleanup not in _BEFORE_DYING:
        _BEFORE_DYING.append(cleanup)


class KitWriter:
    """Collects a kit's files in a private staging folder and moves it into place only when all succeed.

    - A build that fails, is interrupted (Ctrl-C, SIGTERM, SIGHUP) or cannot write (a full disk)
      leaves the destination as it was and removes its staging folder and the parent folders it made;
      a killed build's staging folder is removed by the next build into the same place.
    - Staging is readable by its owner only: it holds secret sheets before they reach the kit.
    - The move into place is one rename of the whole folder, which fails if the destination
      appeared (with files) in the meantime; with unique=True the next free name is taken instead.
    - force replaces an earlier kit as a whole (see the top of this module): the files its manifest
      lists go, the new kit's come, everything else in the folder stays; a kill at any instant
      leaves the old kit or the new one whole in place.
    - Extra folders (PNGs for a print shop) are staged and moved the same way.
    """

    def __init__(self, folder: Path, force: bool = False, unique: bool = False) -> None:
        self.folder = Path(folder)
        self.force = force
        self.unique = unique
        self.names: list[str] = []
        self._created: list[Path] = []  # parent folders this build made, removed again on failure
        self._extra: dict[Path, Path] = {}  # an extra destination -> its staging folder
        self._staged: dict[Path, tuple[int, int] | None] = {}  # each staging folder -> its identity
        self._handlers: dict[int, Any] = {}
        self._mode = 0o777 & ~_umask()
        self.folder, self.staging = self._stage(self.folder)

    # ---- preparing -----------------------------------------------------------------------------

    def _stage(self, folder: Path) -> tuple[Path, Path]:
        """Check a destination and make its private staging folder beside it: (destination, staging)."""
        given = folder
        before = len(self._created)
        try:
            if folder.is_symlink():
                # The move into place renames onto the real folder, never over the link itself.
                folder = folder.resolve(strict=True)
            _sweep(folder.parent)  # first: a kit a killed build left half replaced is whole again
            if folder.exists() and not folder.is_dir():
                raise OutputError(f"{folder}: exists and is not a folder")
            if folder.is_dir() and any(folder.iterdir()) and not self.force:
                raise OutputError(
                    f"{folder}: folder exists and is not empty; use --force to write into it, or choose another --out"
                )
            self._make_parents(folder.parent)
            staging = folder.parent / f".{folder.name}{_PARTIAL}{_HOST}-{os.getpid()}-{secrets.token_hex(4)}"
            staging.mkdir(mode=0o700)
            staging.chmod(0o700)
            self._staged[staging] = _ident(staging)
        except OutputError:
            self._remove_parents(self._created[before:])
            raise
        except (OSError, RuntimeError, ValueError) as exc:
            self._remove_parents(self._created[before:])
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
            try:
                p.mkdir()
            except FileExistsError:
                if p.is_dir() and not p.is_symlink():
                    continue  # another build made it meanwhile: its folder, not this build's to remove
                raise
            self._created.append(p)

    def _remove_parents(self, made: list[Path] | None = None) -> None:
        """Remove the parent folders this build made (those of one destination, or all), deepest first."""
        chosen = list(self._created if made is None else made)
        for p in reversed(chosen):
            try:
                p.rmdir()
            except OSError:
                continue  # not empty (a kit of its own now, or another's): a folder higher up stays then too
            finally:
                if p in self._created:
                    self._created.remove(p)

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
        """--force into a folder that holds files: the steps at the top of this module."""
        parent = destination.parent
        token = staged.name.rpartition(_PARTIAL)[2]
        journal = parent / f".{destination.name}{_SWAP}{token}"
        with _locked(parent):
            try:
                carry = _plan(destination, staged)
                old, new = _ident(destination), _ident(staged)
                plan = {
                    "format": SWAP_FORMAT,
                    "kit": destination.name,
                    "old": list(old or ()),
                    "new": list(new or ()),
                    "carry": carry,
                }
                os.chmod(staged, stat.S_IMODE(os.lstat(destination).st_mode))  # the folder keeps its permissions
                _write_journal(journal, plan)
            except OSError as exc:
                raise _fail(destination, exc) from None
            replaced = parent / f".{destination.name}{_REPLACED}{token}"
            try:
                if not _exchange(staged, destination):
                    os.rename(destination, replaced)
                    try:
                        os.rename(staged, destination)
                    except OSError:
                        os.rename(replaced, destination)
                        raise
            except OSError as exc:
                if _ident(destination) == old:  # nothing moved: the journal has nothing to say
                    with contextlib.suppress(OSError):
                        os.unlink(journal)
                raise _fail(destination, exc) from None
            if not _settle(parent, destination.name, token, plan, journal):
                raise OutputError(
                    f"{destination}: the new kit is in place, but some of your own files in it could not be "
                    f"moved into the new folder; they wait in {parent / staged.name} or {replaced}, and the "
                    "next build into this folder tries again"
                )

    # ---- failing -------------------------------------------------------------------------------

    def abort(self) -> None:
        for staged, ident in self._staged.items():
            # Only while it is still the folder this build made: after a swap its name holds the old kit.
            if ident is not None and _ident(staged) == ident:
                _remove_tree(staged)
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
            # What the interrupted drawing held (a font configuration with its temporary folder, say) is
            # let go, and its cleanups run: atexit handlers will not, once the signal ends the process.
            if tb is not None:
                traceback.clear_frames(tb)
            for cleanup in reversed(_BEFORE_DYING):
                with contextlib.suppress(Exception):
                    cleanup()
            # Cleaned up: now end the way the signal meant to, so the parent sees the real status.
            os.kill(os.getpid(), exc.signum)
        if isinstance(exc, OSError) and not isinstance(exc, (FileNotFoundError, IsADirectoryError)):
            raise _fail(self.folder, exc) from None


# ---- replacing a kit (--force) ---------------------------------------------------------------------


def _listed(folder: Path, dev: int) -> set[str]:
    """The files of the kit in folder: its manifest and the names it lists that are regular files
    reached through real folders of the file system `dev` (never through a link, never out of it)."""
    found = _inside(folder, MANIFEST, dev)
    raw = read_regular(folder / MANIFEST, 16 * 1024 * 1024) if found is not None else None
    if raw is None:
        return set()  # no manifest, or none printkit wrote: every file here is the user's
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {MANIFEST}
    names = {MANIFEST}
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or not isinstance(data.get("files"), list):
        return names
    for entry in data["files"]:
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not plain_name(name):
            continue
        found = _inside(folder, name, dev)
        if found is not None and stat.S_ISREG(found.st_mode):
            names.add(name)
    return names


def _folders(names: set[str]) -> set[str]:
    return {str(parent) for name in names for parent in PurePosixPath(name).parents if str(parent) != "."}


def _plan(kit: Path, staged: Path) -> list[str]:
    """The entries of the old kit folder the new one takes over (relative paths): everything but the
    old kit's files and what the new kit replaces. Refuses an entry in the new kit's way."""
    dev = os.lstat(kit).st_dev
    old = _listed(kit, dev)
    new = set(KitWriter._files(staged))
    new_folders, old_folders = _folders(new), _folders(old)
    carry: list[str] = []

    def visit(at: str) -> None:
        with os.scandir(kit / at if at else kit) as entries:
            found = sorted(entries, key=lambda e: e.name)
        for entry in found:
            name = f"{at}/{entry.name}" if at else entry.name
            st = entry.stat(follow_symlinks=False)
            folder = stat.S_ISDIR(st.st_mode) and st.st_dev == dev
            if name in new:
                if stat.S_ISDIR(st.st_mode):
                    raise OutputError(
                        f"{kit / name}: a folder where the new kit writes a file; move it away or choose another --out"
                    )
            elif name in new_folders:
                if not folder:
                    raise OutputError(
                        f"{kit / name}: not a folder of this file system, and the new kit writes into {name}/ "
                        "(printkit never writes through a link); move it away or choose another --out"
                    )
                visit(name)
            elif name in old:
                continue
            elif folder and name in old_folders:
                visit(name)
            elif st.st_dev != dev:
                raise OutputError(
                    f"{kit / name}: another file system is mounted there; --force cannot carry it into the "
                    "new kit folder: unmount it or choose another --out"
                )
            else:
                carry.append(name)

    visit("")
    return carry


def _write_journal(path: Path, plan: dict[str, Any]) -> None:
    """The journal, whole or not at all: written under a temporary name, synced, renamed."""
    temp = path.with_name(path.name + ".tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(json.dumps(plan, ensure_ascii=False).encode("utf-8", "surrogateescape"))
        f.flush()
        os.fsync(f.fileno())
    os.rename(temp, path)
    with contextlib.suppress(OSError):  # (a folder cannot be opened or synced everywhere)
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _exchange(a: Path, b: Path) -> bool:
    """Swap the names of two folders in one step; False where the system has no such step (then
    nothing happened)."""
    call = _renameat2()
    if call is None:
        return False
    at = -100  # AT_FDCWD
    if call(at, os.fsencode(a), at, os.fsencode(b), 2) == 0:  # 2: RENAME_EXCHANGE
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # not on this kernel or file system
        return False
    raise OSError(code, os.strerror(code), str(b))


@functools.cache
def _renameat2() -> Any:
    """Linux's renameat2 from the C library (glibc 2.28 and later); None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    call.restype = ctypes.c_int
    return call


def _settle(parent: Path, kit_name: str, token: str, plan: dict[str, Any], journal: Path) -> bool:
    """Take a replacement to its end from wherever it stopped (see the top of this module): back to
    the old kit before the exchange, on to the new one after it. False when something stays for a
    later build (the journal with it)."""
    kit = parent / kit_name
    staging = parent / f".{kit_name}{_PARTIAL}{token}"
    replaced = parent / f".{kit_name}{_REPLACED}{token}"
    old, new = tuple(plan["old"]), tuple(plan["new"])

    def where(ident: tuple[int, ...], *paths: Path) -> Path | None:
        return next((p for p in paths if _ident(p) == ident), None)

    old_at, new_at = where(old, kit, staging, replaced), where(new, kit, staging)
    if not _lexists(kit):  # between the two renames of a system without an exchange
        if new_at is not None:
            os.rename(new_at, kit)
            new_at = kit
        elif old_at is not None:
            os.rename(old_at, kit)
            old_at = kit
    if old_at == kit:  # the exchange never happened: the old kit stays, the new one goes
        if new_at is not None:
            _remove_tree(new_at)
            if _lexists(new_at):
                return False
    elif new_at == kit:
        if old_at is not None:
            if not _carry(old_at, kit, plan["carry"]):
                return False
            _remove_tree(old_at)
            if _lexists(old_at):
                return False
    elif old_at is not None or new_at is not None:
        return False  # the folders were moved by someone else: touch nothing
    os.unlink(journal)
    return True


def _carry(old: Path, new: Path, names: list[str]) -> bool:
    """Move the user's entries from the old folder into the new one, one rename each; False when one
    of them could not be moved (it stays where it is, and so does the old folder)."""
    try:
        dev = os.lstat(old).st_dev
    except OSError:
        return False
    whole = True
    for name in names:
        parts = name.split("/")
        source = old.joinpath(*parts)
        if _inside(old, name, dev) is None:
            if _lexists(source):
                whole = False  # there, but reached through a link: not carried, not removed
            continue  # carried already
        target = new.joinpath(*parts)
        try:
            if _lexists(target) or not _folders_for(new, old, parts[:-1], dev):
                whole = False  # someone put something in its way meanwhile: it waits
                continue
            os.rename(source, target)
        except OSError:
            whole = False
    return whole


def _folders_for(new: Path, old: Path, parts: list[str], dev: int) -> bool:
    """The folders on the way to an entry in the new folder, made like the old ones where missing;
    False when one of them is there but no real folder."""
    at, was = new, old
    for part in parts:
        at, was = at / part, was / part
        found = _inside(at.parent, part, dev)
        if found is None:
            os.mkdir(at, stat.S_IMODE(os.lstat(was).st_mode))
        elif not stat.S_ISDIR(found.st_mode):
            return False
    return True


def _remove_tree(path: Path) -> None:
    # shutil.rmtree removes a link, never what it points to (on Linux through file descriptors, so a
    # folder swapped for a link midway is not followed either), and refuses a path that is a link.
    shutil.rmtree(path, ignore_errors=True)


def _recover(parent: Path, name: str, kit_name: str, token: str) -> None:
    """Finish a dead build's replacement from its journal; a journal that cannot be read or does
    not fit its name leaves everything as it is."""
    journal = parent / name
    raw = read_regular(journal, _JOURNAL_LIMIT)
    try:
        plan = json.loads(raw.decode("utf-8", "surrogateescape")) if raw is not None else None
    except (ValueError, RecursionError):
        return
    if not _valid_plan(plan, kit_name):
        return
    with contextlib.suppress(OSError):
        _settle(parent, kit_name, token, plan, journal)


def _valid_plan(plan: Any, kit_name: str) -> TypeGuard[dict[str, Any]]:
    if not isinstance(plan, dict) or plan.get("format") != SWAP_FORMAT or plan.get("kit") != kit_name:
        return False
    idents = [plan.get("old"), plan.get("new")]
    if not all(isinstance(i, list) and len(i) == 2 and all(type(n) is int for n in i) for i in idents):
        return False
    carry = plan.get("carry")
    return isinstance(carry, list) and all(_relative(name) for name in carry)
