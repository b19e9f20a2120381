"""The artefact cache: finished files by content key in the user's cache folder, bounded in size."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
import re
import secrets
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from ..errors import OutputError, UsageError
from .files import plain_name, read_regular
from .manifest import MANIFEST

# Every entry is one file, written beside its place under a temporary name and renamed into place:
# a reader sees a whole entry or none, and two builds storing the same key both store the same bytes.
# The cache folder is the user's, but anything may have been put there: an entry is served only
# when it is a regular file within the size limit whose header names the key and the artefact it is
# read for, and files by plain names inside the kit. Anything else is a miss, logged at debug level.
_LAYOUT = "v1"
_FORMAT = "printkit.cache/2"  # /1 entries named neither their key nor their artefact: misses now
_HEADER_LIMIT = 1 << 20
_KEY = re.compile(r"[0-9a-f]{64}")
# An entry being written: `.<entry>.<pid>-<8 hex>.tmp`, renamed over the entry when whole. One left by
# a build killed before the rename is counted and trimmed once it is older than a writer ever needs.
_TEMP = re.compile(r"\.[0-9a-f]{64}\.\d+-[0-9a-f]{8}\.tmp")
STALE_TEMP_SECONDS = 3600
_SHA = re.compile(r"[0-9a-f]{64}")
DEFAULT_LIMIT_MB = 500
_LIMIT_MB_MAX = 1 << 30  # a petabyte: more than any disk, and still an exact number of bytes

log = logging.getLogger(__name__)


def folder() -> Path:
    """$PRINTKIT_CACHE_DIR, else the user's cache folder for printkit as the platform has it
    ($XDG_CACHE_HOME/printkit or ~/.cache/printkit on Linux, ~/Library/Caches/printkit on macOS,
    %LOCALAPPDATA%\\printkit\\Cache on Windows)."""
    own = os.environ.get("PRINTKIT_CACHE_DIR")
    if own:
        return Path(own)
    return Path(platformdirs.user_cache_dir("printkit", appauthor=False))


def limit_bytes() -> int:
    """The size the cache is trimmed to: $PRINTKIT_CACHE_MAX_MB megabytes (default 500); a value
    that is no such size (text, nan, inf, a negative number) is refused."""
    text = os.environ.get("PRINTKIT_CACHE_MAX_MB", "")
    if not text:
        return DEFAULT_LIMIT_MB * 1024 * 1024
    try:
        mb = float(text) if text.isascii() else math.nan
    except ValueError:
        mb = math.nan
    if not 0 <= mb <= _LIMIT_MB_MAX:  # (nan compares false)
        raise UsageError(
            f"PRINTKIT_CACHE_MAX_MB={text!r}: not a cache size in megabytes (a number from 0 to "
            f"{_LIMIT_MB_MAX}); unset it for the default, {DEFAULT_LIMIT_MB}"
        )
    return int(mb * 1024 * 1024)


@dataclass(frozen=True)
class Entry:
    """A cached artefact: its kit files and the files it put in extra folders (by option name)."""

    files: dict[str, bytes]
    extra: dict[str, dict[str, bytes]]


@dataclass(frozen=True)
class Info:
    folder: Path
    entries: int
    bytes: int
    limit: int


class Store:
    """Entries under one cache folder. Any failure to read or write is a miss: a build never fails
    because of its cache (only `cache clear` reports one, and a PRINTKIT_CACHE_MAX_MB that is no size)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or folder()) / _LAYOUT
        self.limit = limit_bytes()

    def _entry_path(self, key: str) -> Path:
        return self.root / "entries" / key[:2] / key

    def _folders_of(self, path: Path) -> bool:
        """Whether the folders printkit made on the way to an entry are real folders: a link put in
        their place (to a folder elsewhere) is neither read nor written through."""
        return all(_folder(p) for p in (self.root, self.root / "entries", path.parent))

    def _write(self, path: Path, data: bytes) -> None:
        if not self.root.is_dir():
            # Yours alone: it holds the game master's adventure book and plot sheet, among others.
            self.root.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.root.mkdir(mode=0o700, exist_ok=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not self._folders_of(path):
            raise OSError(f"{path.parent} is not a folder of the cache (a link?)")
        temp = temp_name(path)
        try:
            # O_EXCL: a name someone put there meanwhile (a link, a FIFO) is not written through.
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temp, path)
        finally:
            temp.unlink(missing_ok=True)

    # ---- entries -------------------------------------------------------------------------------

    def get(self, key: str, kind: str) -> Entry | None:
        """The entry stored for artefact `kind` under `key`; None (a miss) for anything else."""
        if not _KEY.fullmatch(key):
            return None
        path = self._entry_path(key)
        raw = read_regular(path, self.limit) if self._folders_of(path) else None
        if raw is None:
            if _there(path):
                log.debug("cache miss: %s is no regular file of at most %d bytes", path, self.limit)
            return None
        entry = _decode(raw, key, kind)
        if entry is None:
            log.debug("cache miss: %s is damaged or not the entry of %s under this key", path, kind)
            with contextlib.suppress(OSError):
                path.unlink()  # built afresh and stored again
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # the trim removes the least recently used entries first
        return entry

    def put(self, key: str, kind: str, entry: Entry) -> None:
        try:
            self._write(self._entry_path(key), _encode(entry, key, kind))
            self.trim()
        except (OSError, ValueError) as exc:
            log.debug("cache: %s not stored: %s", kind, exc)

    # ---- size ----------------------------------------------------------------------------------

    def _entries(self, strays: bool = False) -> list[tuple[float, int, Path]]:
        """The regular files under entries/ (a link, a FIFO or a folder someone put there is no
        entry; a folder that cannot be read holds none); with `strays`, the half-written entries a
        killed build left (_TEMP, older than STALE_TEMP_SECONDS) instead."""
        import time

        stale = time.time() - STALE_TEMP_SECONDS
        found: list[tuple[float, int, Path]] = []
        if not (_folder(self.root) and _folder(self.root / "entries")):
            return found
        for folder in _listing(self.root / "entries"):
            if not _folder(folder):
                continue  # a link is never followed: what it points to is not the cache's to trim
            for path in _listing(folder):
                try:
                    st = path.lstat()
                except OSError:
                    continue
                if not stat.S_ISREG(st.st_mode):
                    continue
                stray = _TEMP.fullmatch(path.name) is not None and st.st_mtime < stale
                if stray if strays else not path.name.startswith("."):
                    found.append((st.st_mtime, st.st_size, path))
        return found

    def trim(self, limit: int | None = None) -> None:
        """Remove what killed builds left half-written, then the least recently used entries until
        the cache is within its limit."""
        limit = self.limit if limit is None else limit
        for _, _, path in self._entries(strays=True):
            with contextlib.suppress(OSError):
                path.unlink()
        entries = self._entries()
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries, key=lambda e: e[0]):
            if total <= limit:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                total -= size

    def info(self) -> Info:
        """The entries and their bytes, and in the bytes what killed builds left half-written."""
        entries = self._entries()
        held = sum(size for _, size, _ in entries) + sum(size for _, size, _ in self._entries(strays=True))
        return Info(self.root.parent, len(entries), held, self.limit)

    def clear(self) -> int:
        """Remove every entry (only what printkit stores there); returns the bytes freed. Raises
        OutputError when something stays (a read-only folder, say)."""
        freed = self.info().bytes
        shutil.rmtree(self.root, ignore_errors=True)
        if _there(self.root):
            try:
                shutil.rmtree(self.root)  # again, for the reason
                reason = ""
            except OSError as exc:
                reason = f": {exc.strerror or exc}"
            if _there(self.root):
                raise OutputError(f"{self.root.parent}: cannot clear the cache{reason}")
        return freed


def temp_name(path: Path) -> Path:
    """The name an entry is written under before it is renamed into place (_TEMP)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _listing(folder: Path) -> list[Path]:
    try:
        with os.scandir(folder) as entries:
            return [folder / entry.name for entry in entries]
    except (OSError, ValueError):
        return []


def _folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def _there(path: Path) -> bool:
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True
    return True


# ---- the entry file: a JSON header line, then the files' bytes one after another -----------------
# The header: {"format", "key", "kind", "files": [[where, name, size, sha256], ...]}, where is "" for
# the kit folder or the option of an extra folder (the caller checks it is one the artefact reads).


def _encode(entry: Entry, key: str, kind: str) -> bytes:
    blobs: list[bytes] = []
    listing: list[list[Any]] = []
    for where, files in [("", entry.files), *sorted(entry.extra.items())]:
        for name, data in files.items():
            if not plain_name(name):
                raise ValueError(f"{name!r} is no plain file name")
            listing.append([where, name, len(data), hashlib.sha256(data).hexdigest()])
            blobs.append(data)
    header = json.dumps({"format": _FORMAT, "key": key, "kind": kind, "files": listing}).encode("utf-8")
    return header + b"\n" + b"".join(blobs)


def _decode(raw: bytes, key: str, kind: str) -> Entry | None:
    """The entry in raw when it is whole, stored for `kind` under `key`, and names files inside a
    folder only; None otherwise."""
    end = raw.find(b"\n", 0, _HEADER_LIMIT)
    if end < 0:
        return None
    try:
        header = json.loads(raw[:end])
    except (ValueError, RecursionError):
        return None
    if not isinstance(header, dict) or [header.get(k) for k in ("format", "key", "kind")] != [_FORMAT, key, kind]:
        return None
    listing = header.get("files")
    if not isinstance(listing, list):
        return None
    files: dict[str, bytes] = {}
    extra: dict[str, dict[str, bytes]] = {}
    pos = end + 1
    for item in listing:
        if not (isinstance(item, list) and len(item) == 4):
            return None
        where, name, size, sha = item
        if not (isinstance(where, str) and (where == "" or where.isidentifier())):
            return None
        if not (plain_name(name) and name != MANIFEST and type(size) is int and 0 <= size <= len(raw) - pos):
            return None
        if not (isinstance(sha, str) and _SHA.fullmatch(sha)):
            return None
        folder = extra.setdefault(where, {}) if where else files
        data = raw[pos : pos + size]
        if name in folder or hashlib.sha256(data).hexdigest() != sha:
            return None
        folder[name] = data
        pos += size
    return Entry(files, extra) if pos == len(raw) else None
