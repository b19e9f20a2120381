"""Replacing a kit in place (--force) through a journal, and finishing what a killed build left."""

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
# The next build into the same parent folder finishes what a dead build left (sweep), under a lock
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
import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any, TypeGuard

from ..errors import OutputError
from .files import failure, files_in, ident, inside, lexists, read_regular, relative_name, remove_tree
from .manifest import listed
from .naming import HOST, LEFT, PARTIAL, REPLACED, SWAP, beside, token_of

SWAP_FORMAT = "printkit.swap/1"
_JOURNAL_LIMIT = 64 * 1024 * 1024
_LOCK_WAIT = 10.0  # seconds a build waits for another one's sweep or swap in the same folder


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists (POSIX; see sweep)
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


def sweep(parent: Path) -> None:
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
        left = [(name, found) for name in names if (found := LEFT.fullmatch(name)) is not None]
        dead = {
            found["token"]
            for _, found in left
            if found["host"] == HOST and found["pid"].isascii() and not _alive(int(found["pid"]))
        }
        for name, found in left:
            if found["token"] in dead and found["mark"] == SWAP and not found["temp"]:
                _recover(parent, name, found["kit"], found["token"])
        journals = {
            found["token"]
            for name, found in left
            if found["mark"] == SWAP and not found["temp"] and lexists(parent / name)
        }
        for name, found in left:
            if found["token"] not in dead or found["token"] in journals:
                continue  # a live build's, or a journal still needs it
            if found["mark"] == PARTIAL:
                remove_tree(parent / name)  # a build that died before its swap: only its new files
            elif found["mark"] == SWAP:
                with contextlib.suppress(OSError):
                    os.unlink(parent / name)  # a journal never finished: nothing moved on its word
            # A .replaced- folder without its journal is an older printkit's: it may hold the only
            # copy of an old kit's files, so it stays.


def replace(staged: Path, destination: Path) -> None:
    """--force into a folder that holds files: the steps at the top of this module."""
    parent = destination.parent
    token = token_of(staged)
    journal = beside(parent, destination.name, SWAP, token)
    with _locked(parent):
        try:
            carry = _plan(destination, staged)
            old, new = ident(destination), ident(staged)
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
            raise failure(destination, exc) from None
        replaced = beside(parent, destination.name, REPLACED, token)
        try:
            if not _exchange(staged, destination):
                os.rename(destination, replaced)
                try:
                    os.rename(staged, destination)
                except OSError:
                    os.rename(replaced, destination)
                    raise
        except OSError as exc:
            if ident(destination) == old:  # nothing moved: the journal has nothing to say
                with contextlib.suppress(OSError):
                    os.unlink(journal)
            raise failure(destination, exc) from None
        if not _settle(parent, destination.name, token, plan, journal):
            raise OutputError(
                f"{destination}: the new kit is in place, but some of your own files in it could not be "
                f"moved into the new folder; they wait in {parent / staged.name} or {replaced}, and the "
                "next build into this folder tries again"
            )


def _folders(names: set[str]) -> set[str]:
    return {str(parent) for name in names for parent in PurePosixPath(name).parents if str(parent) != "."}


def _plan(kit: Path, staged: Path) -> list[str]:
    """The entries of the old kit folder the new one takes over (relative paths): everything but the
    old kit's files and what the new kit replaces. Refuses an entry in the new kit's way."""
    dev = os.lstat(kit).st_dev
    old = listed(kit, dev)
    new = set(files_in(staged))
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
    staging = beside(parent, kit_name, PARTIAL, token)
    replaced = beside(parent, kit_name, REPLACED, token)
    old, new = tuple(plan["old"]), tuple(plan["new"])

    def where(wanted: tuple[int, ...], *paths: Path) -> Path | None:
        return next((p for p in paths if ident(p) == wanted), None)

    old_at, new_at = where(old, kit, staging, replaced), where(new, kit, staging)
    if not lexists(kit):  # between the two renames of a system without an exchange
        if new_at is not None:
            os.rename(new_at, kit)
            new_at = kit
        elif old_at is not None:
            os.rename(old_at, kit)
            old_at = kit
    if old_at == kit:  # the exchange never happened: the old kit stays, the new one goes
        if new_at is not None:
            remove_tree(new_at)
            if lexists(new_at):
                return False
    elif new_at == kit:
        if old_at is not None:
            if not _carry(old_at, kit, plan["carry"]):
                return False
            remove_tree(old_at)
            if lexists(old_at):
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
        if inside(old, name, dev) is None:
            if lexists(source):
                whole = False  # there, but reached through a link: not carried, not removed
            continue  # carried already
        target = new.joinpath(*parts)
        try:
            if lexists(target) or not _folders_for(new, old, parts[:-1], dev):
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
        found = inside(at.parent, part, dev)
        if found is None:
            os.mkdir(at, stat.S_IMODE(os.lstat(was).st_mode))
        elif not stat.S_ISDIR(found.st_mode):
            return False
    return True


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
    return isinstance(carry, list) and all(relative_name(name) for name in carry)
