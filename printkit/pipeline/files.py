"""Files on disk as a kit's writer handles them: never through a link, never out of their folder."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from ..errors import OutputError


def plain_name(name: object) -> bool:
    """Whether name is a plain relative file name inside a folder ('a.pdf', 'png/a.png'): never
    absolute, never '..', '.' or an empty part, no backslash, colon, NUL or other unprintable character."""
    if not isinstance(name, str) or not name or not name.isprintable() or any(c in name for c in "\\:"):
        return False
    return not name.startswith("/") and all(part not in ("", ".", "..") for part in name.split("/"))


def relative_name(name: object) -> bool:
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


def lexists(path: Path) -> bool:
    """Whether something is at path, a link included. Any other failure (no permission, a parent that
    is a file, a name the system refuses) holds for every name beside it, so trying the next would
    never end: False, and the kit writer then refuses the folder, saying why."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def ident(path: Path) -> tuple[int, int] | None:
    """A folder's identity (device, inode), which a rename keeps; None when path is no folder."""
    try:
        found = os.lstat(path)
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISDIR(found.st_mode) else None


def inside(folder: Path, name: str, dev: int) -> os.stat_result | None:
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


def failure(folder: Path, exc: OSError | None = None, what: str = "cannot write") -> OutputError:
    reason = (exc.strerror or str(exc)) if exc is not None else ""
    return OutputError(f"{folder}: {what}" + (f": {reason}" if reason else ""))


def files_in(folder: Path) -> list[str]:
    """Every regular file below folder, as sorted relative names ('a.pdf', 'png/1.png')."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def remove_tree(path: Path) -> None:
    # shutil.rmtree removes a link, never what it points to (on Linux through file descriptors, so a
    # folder swapped for a link midway is not followed either), and refuses a path that is a link.
    shutil.rmtree(path, ignore_errors=True)
