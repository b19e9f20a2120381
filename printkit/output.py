"""The kit folder: default names, refusing to overwrite, staged writes and the manifest."""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from .errors import OutputError

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "printkit.manifest/1"


def default_folder(game_id: str, base: Path | None = None, now: datetime | None = None) -> Path:
    """output/<game>-<YYYYMMDD-HHMMSS>/ under base (the current folder), never an existing one."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    root = (base or Path.cwd()) / "output"
    folder = root / f"{game_id}-{stamp}"
    n = 2
    while folder.exists():
        folder = root / f"{game_id}-{stamp}-{n}"
        n += 1
    return folder


class KitWriter:
    """Collects a kit's files in a hidden staging folder and moves them in place only when all succeed.

    A build that fails or is interrupted leaves the destination as it was: no partial PDF, no
    half-written manifest. An existing non-empty destination is refused unless force is given.
    """

    def __init__(self, folder: Path, force: bool = False) -> None:
        self.folder = folder
        self.force = force
        if folder.exists() and not folder.is_dir():
            raise OutputError(f"{folder}: exists and is not a folder")
        if folder.is_dir() and any(folder.iterdir()) and not force:
            raise OutputError(
                f"{folder}: folder exists and is not empty; use --force to write into it, or choose another --out"
            )
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            self.staging = folder.parent / f".{folder.name}.partial-{secrets.token_hex(4)}"
            self.staging.mkdir()
        except OSError as exc:
            raise OutputError(f"{folder}: cannot create: {exc.strerror}") from None
        self.names: list[str] = []

    def path(self, name: str) -> Path:
        """Where to write file `name` now; it reaches the kit folder on commit()."""
        if name in self.names:
            raise ValueError(f"{name} written twice")
        self.names.append(name)
        return self.staging / name

    def write(self, name: str, data: bytes) -> None:
        self.path(name).write_bytes(data)

    def commit(self, info: dict[str, Any]) -> list[Path]:
        """Write the manifest and move everything into the kit folder; returns the final paths."""
        files = []
        for name in sorted(self.names):
            data = (self.staging / name).read_bytes()
            files.append({"name": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        manifest = {"format": MANIFEST_FORMAT, **info, "files": files}
        (self.staging / MANIFEST).write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        names = [*sorted(self.names), MANIFEST]
        try:
            if not self.folder.exists():
                os.rename(self.staging, self.folder)
            else:
                for name in names:
                    os.replace(self.staging / name, self.folder / name)
                self.staging.rmdir()
        except OSError as exc:
            self.abort()
            raise OutputError(f"{self.folder}: cannot write: {exc.strerror}") from None
        return [self.folder / name for name in names]

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)

    def __enter__(self) -> KitWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if kind is not None:
            self.abort()
