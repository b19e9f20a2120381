"""Names of kit folders: output/<game>-<stamp>/ by default, and the hidden names a build works under."""

# A build stages its kit in .<kit>.partial-<host>-<pid>-<random> beside the kit folder; replacing a
# kit adds a journal .<kit>.swap-<token> and, where the system cannot exchange two names in one
# step, .<kit>.replaced-<token> (the same token). A later build into the same place tells a dead
# build's leftovers (this host, no such process) from a build still running by these names.

from __future__ import annotations

import hashlib
import os
import re
import secrets
import socket
from datetime import datetime
from pathlib import Path

from .files import lexists

PARTIAL = ".partial-"
REPLACED = ".replaced-"
SWAP = ".swap-"
HOST = hashlib.sha256(socket.gethostname().encode("utf-8", "surrogatepass")).hexdigest()[:6]
LEFT = re.compile(
    r"\.(?P<kit>.+)(?P<mark>\.partial-|\.replaced-|\.swap-)"
    r"(?P<token>(?P<host>[0-9a-f]{6})-(?P<pid>[0-9]+)-[0-9a-f]{8})(?P<temp>\.tmp)?"
)


def default_folder(game_id: str, base: Path | None = None, now: datetime | None = None) -> Path:
    """output/<game>-<YYYYMMDD-HHMMSS>/ under base (the current folder), never an existing one.

    Two builds in the same second may still pick the same name; the move into place settles that
    (KitWriter with unique=True takes the next free name, -2, -3, ...).
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    root = (base or Path.cwd()) / "output"
    folder = root / f"{game_id}-{stamp}"
    n = 2
    while lexists(folder):
        folder = root / f"{game_id}-{stamp}-{n}"
        n += 1
    return folder


def staging_for(kit: Path) -> Path:
    """A new staging folder's name beside the kit folder: this host, this process, a random part."""
    return kit.parent / f".{kit.name}{PARTIAL}{HOST}-{os.getpid()}-{secrets.token_hex(4)}"


def token_of(staging: Path) -> str:
    """The token a staging folder's name carries, which its journal and replaced folder share."""
    return staging.name.rpartition(PARTIAL)[2]


def beside(parent: Path, kit_name: str, mark: str, token: str) -> Path:
    """The hidden entry of one build beside a kit: mark is PARTIAL, REPLACED or SWAP."""
    return parent / f".{kit_name}{mark}{token}"
