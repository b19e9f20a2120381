"""The artefact cache: finished files by content key in the user's cache folder, bounded in size."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

# Every entry is one file, written beside its place under a temporary name and renamed into place:
# a reader sees a whole entry or none, and two builds storing the same key both store the same bytes.
_LAYOUT = "v1"
_HEADER_LIMIT = 1 << 20
DEFAULT_LIMIT_MB = 500


def folder() -> Path:
    """$PRINTKIT_CACHE_DIR, else the user's cache folder for printkit as the platform has it
    ($XDG_CACHE_HOME/printkit or ~/.cache/printkit on Linux, ~/Library/Caches/printkit on macOS,
    %LOCALAPPDATA%\\printkit\\Cache on Windows)."""
    own = os.environ.get("PRINTKIT_CACHE_DIR")
    if own:
        return Path(own)
    return Path(platformdirs.user_cache_dir("printkit", appauthor=False))


def limit_bytes() -> int:
    """The size the cache is trimmed to: $PRINTKIT_CACHE_MAX_MB megabytes (default 500)."""
    text = os.environ.get("PRINTKIT_CACHE_MAX_MB", "")
    try:
        mb = float(text) if text else DEFAULT_LIMIT_MB
    except ValueError:
        mb = DEFAULT_LIMIT_MB
    return max(0, int(mb * 1024 * 1024))


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
    """Entries under one cache folder. Any failure to read or write is a miss: a
    build never fails because of its cache."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or folder()) / _LAYOUT

    def _entry_path(self, key: str) -> Path:
        return self.root / "entries" / key[:2] / key

    def _write(self, path: Path, data: bytes) -> None:
        if not self.root.is_dir():
            # Yours alone: it holds the game master's adventure book and plot sheet, among others.
            self.root.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.root.mkdir(mode=0o700, exist_ok=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
        try:
            with open(temp, "wb") as f:
                f.write(data)
            os.replace(temp, path)
        finally:
            temp.unlink(missing_ok=True)

    # ---- entries -------------------------------------------------------------------------------

    def get(self, key: str) -> Entry | None:
        path = self._entry_path(key)
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError:
            return None
        entry = _decode(raw)
        if entry is None:
            path.unlink(missing_ok=True)  # damaged (a full disk, a crash mid-copy): built afresh
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # the trim removes the least recently used entries first
        return entry

    def put(self, key: str, entry: Entry) -> None:
        try:
            self._write(self._entry_path(key), _encode(entry))
            self.trim()
        except OSError:
            pass

    # ---- size ----------------------------------------------------------------------------------

    def _entries(self) -> list[tuple[float, int, Path]]:
        found = []
        for path in (self.root / "entries").glob("*/*"):
            try:
                st = path.stat()
            except OSError:
                continue
            if not path.name.startswith("."):
                found.append((st.st_mtime, st.st_size, path))
        return found

    def trim(self, limit: int | None = None) -> None:
        """Remove the least recently used entries until the cache is within its limit."""
        limit = limit_bytes() if limit is None else limit
        entries = self._entries()
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries, key=lambda e: e[0]):
            if total <= limit:
                break
            path.unlink(missing_ok=True)
            total -= size

    def info(self) -> Info:
        entries = self._entries()
        return Info(self.root.parent, len(entries), sum(size for _, size, _ in entries), limit_bytes())

    def clear(self) -> int:
        """Remove every entry (only what printkit stores there); returns the bytes freed."""
        freed = self.info().bytes
        shutil.rmtree(self.root, ignore_errors=True)
        return freed


# ---- the entry file: a JSON header line, then the files' bytes one after another -----------------


def _encode(entry: Entry) -> bytes:
    blobs: list[bytes] = []
    listing: list[list[Any]] = []
    for where, files in [("", entry.files), *sorted(entry.extra.items())]:
        for name, data in files.items():
            listing.append([where, name, len(data), hashlib.sha256(data).hexdigest()])
            blobs.append(data)
    header = json.dumps({"format": f"printkit.cache/{_LAYOUT}", "files": listing}).encode("utf-8")
    return header + b"\n" + b"".join(blobs)


def _decode(raw: bytes) -> Entry | None:
    end = raw.find(b"\n", 0, _HEADER_LIMIT)
    try:
        header = json.loads(raw[:end])
        listing = header["files"] if header["format"] == f"printkit.cache/{_LAYOUT}" else None
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(listing, list):
        return None
    files: dict[str, bytes] = {}
    extra: dict[str, dict[str, bytes]] = {}
    pos = end + 1
    for item in listing:
        try:
            where, name, size, sha = item
            data = raw[pos : pos + size]
        except (ValueError, TypeError):
            return None
        if len(data) != size or hashlib.sha256(data).hexdigest() != sha:
            return None
        (extra.setdefault(where, {}) if where else files)[name] = data
        pos += size
    return Entry(files, extra) if pos == len(raw) else None
