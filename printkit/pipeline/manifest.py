"""A kit's manifest: written last into a staged kit, and read to tell the kit's files from the user's."""

from __future__ import annotations

import hashlib
import json
import stat
from pathlib import Path
from typing import Any

from .files import files_in, inside, plain_name, read_regular

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "printkit.manifest/1"


def write_manifest(folder: Path, info: dict[str, Any]) -> list[str]:
    """Write the manifest of the files in folder (name, size, SHA-256 each) with info; their names."""
    names = files_in(folder)
    files = []
    for name in names:
        data = (folder / name).read_bytes()
        files.append({"name": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    manifest = {"format": MANIFEST_FORMAT, **info, "files": files}
    (folder / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return names


def listed(folder: Path, dev: int) -> set[str]:
    """The files of the kit in folder: its manifest and the names it lists that are regular files
    reached through real folders of the file system `dev` (never through a link, never out of it)."""
    found = inside(folder, MANIFEST, dev)
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
        found = inside(folder, name, dev)
        if found is not None and stat.S_ISREG(found.st_mode):
            names.add(name)
    return names
