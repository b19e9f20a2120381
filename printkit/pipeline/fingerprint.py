"""Cache keys: a digest of values, and of printkit's own files and the libraries it prints with."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import sys
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ..assets import fonts_dir, templates_dir
from ..version import __version__

# Libraries whose releases can change a printed byte: PDF writers, layout, fonts, images.
_LIBRARIES = ("reportlab", "weasyprint", "pydyf", "tinycss2", "cssselect2", "fonttools", "pypdf",
              "pillow", "pypdfium2", "jinja2", "pyphen")  # fmt: skip
# System libraries WeasyPrint lays text out with (loaded by name, as WeasyPrint loads them).
_SYSTEM = (("libpango-1.0.so.0", "pango_version_string"), ("libharfbuzz.so.0", "hb_version_string"))


class Unkeyable(Exception):
    """A value the digest cannot describe faithfully (a function, an open file): never cache on it."""


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


_FIELDS: dict[type, tuple[str, ...]] = {}
_SCALARS = (bool, int, float, complex, Fraction, Decimal)


def _feed(out: list[bytes], value: Any, depth: int = 0) -> None:
    # Every value is tagged with its type, so that 1, "1", True and (1,) never collide. The pieces are
    # collected and hashed at once: a ruleset is tens of thousands of them.
    if depth > 64:
        raise Unkeyable("nested too deep")
    kind = type(value)
    if kind is str:
        out.append(f"str:{len(value)}:".encode() + value.encode("utf-8", "surrogatepass"))
    elif value is None or kind in _SCALARS or isinstance(value, _SCALARS):
        out.append(f"{kind.__name__}:{value!r};".encode())
    elif isinstance(value, str):
        out.append(f"str:{len(value)}:".encode() + value.encode("utf-8", "surrogatepass"))
    elif isinstance(value, bytes):
        out.append(f"bytes:{len(value)}:".encode() + value)
    elif isinstance(value, enum.Enum):
        out.append(f"enum:{kind.__qualname__}.{value.name};".encode())
    elif isinstance(value, Path):
        # A file is known by its content (a rules text, a ruleset next to the config); a folder by its name.
        out.append(f"path:{value};".encode("utf-8", "surrogatepass"))
        if value.is_file():
            out.append(hashlib.sha256(value.read_bytes()).digest())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        out.append(f"dc:{kind.__module__}.{kind.__qualname__}(".encode())
        for name in _field_names(kind):
            out.append(f"{name}=".encode())
            _feed(out, object.__getattribute__(value, name), depth + 1)
        out.append(b")")
    elif isinstance(value, Mapping):
        # Insertion order is kept: pages list entries in the order the config gives them.
        out.append(f"map:{len(value)}(".encode())
        for k, v in value.items():
            _feed(out, k, depth + 1)
            _feed(out, v, depth + 1)
        out.append(b")")
    elif isinstance(value, list | tuple):
        out.append(f"{kind.__name__}:{len(value)}(".encode())
        for item in value:
            _feed(out, item, depth + 1)
        out.append(b")")
    elif isinstance(value, set | frozenset):
        out.append(f"set:{len(value)}(".encode())
        for item in sorted(digest(item) for item in value):
            out.append(item.encode())
        out.append(b")")
    else:
        raise Unkeyable(f"cannot key a {kind.__name__}")


def digest(*values: Any) -> str:
    """A SHA-256 of values, equal exactly when the values are equal (for the types configs hold)."""
    out: list[bytes] = []
    for value in values:
        _feed(out, value)
    return hashlib.sha256(b"".join(out)).hexdigest()


def _tree(h: Any, folder: Path) -> None:
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(f"{path.relative_to(folder).as_posix()}:".encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())


def tree(folder: Path) -> str:
    """A digest of every file under a folder (a game installed apart from printkit: its code and data)."""
    h = hashlib.sha256(b"tree;")
    _tree(h, folder)
    return h.hexdigest()


def _library_versions() -> list[str]:
    from importlib import metadata

    versions = []
    for name in _LIBRARIES:
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=none")
    return versions


def _system_versions() -> list[str]:
    import ctypes

    versions = []
    for library, function in _SYSTEM:
        try:
            call = getattr(ctypes.CDLL(library), function)
            call.restype = ctypes.c_char_p
            versions.append(f"{library}={call().decode()}")
        except (OSError, AttributeError):
            versions.append(f"{library}=none")
    return versions


# printkit's package folder (this module lives in its pipeline/): all of it is keyed, games and all.
PACKAGE = Path(__file__).resolve().parent.parent


@cache
def environment() -> str:
    """What printkit prints with: its version, every file of its code, data, templates and fonts (its
    own games' templates and static files among them, in their folders inside the package), the
    versions of the libraries that write PDFs and of Python. A game installed apart is keyed by its
    own files (printkit.pipeline.steps).

    The code's content rather than only the version number: a changed line (in a checkout, between
    releases) must never bring back pages an earlier printkit drew. Hashing ~5 MB takes ~15 ms.
    """
    h = hashlib.sha256(f"printkit={__version__};python={sys.version_info[:2]};".encode())
    package = PACKAGE
    for folder in (package, templates_dir(), fonts_dir()):
        h.update(f"[{folder.name}]".encode())
        if not folder.is_relative_to(package) or folder == package:
            _tree(h, folder)
    for line in (*_library_versions(), *_system_versions()):
        h.update(f"{line};".encode())
    return h.hexdigest()
