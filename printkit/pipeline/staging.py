"""A kit's private staging folder, moved into place only when the whole kit is written; signals on the way."""

# Where the user looks (the kit folder) there is at every instant one whole kit, the old or the new,
# and no step removes anything but what printkit put in a folder it owns: a build writes into a
# private staging folder beside the kit (printkit.pipeline.naming), its manifest last; into a new or
# empty folder the staging folder is renamed, one step; into a kit folder that holds files (--force)
# it replaces the old kit through a journal (printkit.pipeline.swap).

from __future__ import annotations

import errno
import os
import signal
import threading
import traceback
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from ..errors import OutputError
from ..termination import clean_up
from .files import failure, ident, remove_tree
from .manifest import MANIFEST, write_manifest
from .naming import staging_for
from .swap import replace, sweep

_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
_TAKEN = (errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR, errno.EISDIR)


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
            sweep(folder.parent)  # first: a kit a killed build left half replaced is whole again
            if folder.exists() and not folder.is_dir():
                raise OutputError(f"{folder}: exists and is not a folder")
            if folder.is_dir() and any(folder.iterdir()) and not self.force:
                raise OutputError(
                    f"{folder}: folder exists and is not empty; use --force to write into it, or choose another --out"
                )
            self._make_parents(folder.parent)
            staging = staging_for(folder)
            staging.mkdir(mode=0o700)
            staging.chmod(0o700)
            self._staged[staging] = ident(staging)
        except OutputError:
            self._remove_parents(self._created[before:])
            raise
        except (OSError, RuntimeError, ValueError) as exc:
            self._remove_parents(self._created[before:])
            if isinstance(exc, OSError):
                raise failure(given, exc, "cannot create") from None
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
        names = write_manifest(self.staging, info)
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

    def _block_signals(self) -> list[int]:
        # The moves are short; a signal in their middle would leave an old kit half replaced.
        if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
            return []
        wanted = [*_SIGNALS, signal.SIGINT]
        signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
        return wanted

    def _move(self, staged: Path, destination: Path, unique: bool) -> Path:
        if self.force and destination.is_dir() and any(destination.iterdir()):
            replace(staged, destination)
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
                    raise failure(candidate, exc) from None
                if not unique:
                    raise OutputError(
                        f"{candidate}: another kit appeared there while this one was being built; nothing "
                        "was written there — choose another --out"
                    ) from None
            candidate = destination.with_name(f"{destination.name}-{n}")
            n += 1

    # ---- failing -------------------------------------------------------------------------------

    def abort(self) -> None:
        for staged, made in self._staged.items():
            # Only while it is still the folder this build made: after a swap its name holds the old kit.
            if made is not None and ident(staged) == made:
                remove_tree(staged)
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
            clean_up()
            # Cleaned up: now end the way the signal meant to, so the parent sees the real status.
            os.kill(os.getpid(), exc.signum)
        if isinstance(exc, OSError) and not isinstance(exc, (FileNotFoundError, IsADirectoryError)):
            raise failure(self.folder, exc) from None
