"""Cache keys: a digest of values, of printkit's own files and libraries, and of what a builder read."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import sys
from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from . import __version__
from .assets import fonts_dir, templates_dir

T = TypeVar("T")

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


@cache
def environment() -> str:
    """What printkit prints with: its version, every file of its code, data, templates and fonts, the
    versions of the libraries that write PDFs and of Python.

    The code's content rather than only the version number: a changed line (in a checkout, between
    releases) must never bring back pages an earlier printkit drew. Hashing ~5 MB takes ~15 ms.
    """
    h = hashlib.sha256(f"printkit={__version__};python={sys.version_info[:2]};".encode())
    package = Path(__file__).resolve().parent
    for folder in (package, templates_dir(), fonts_dir()):
        h.update(f"[{folder.name}]".encode())
        if not folder.is_relative_to(package) or folder == package:
            _tree(h, folder)
    for line in (*_library_versions(), *_system_versions()):
        h.update(f"{line};".encode())
    return h.hexdigest()


# ---- what a builder reads -----------------------------------------------------------------------


class Reads:
    """The attribute paths a builder read ("session.part.heroes", "options.greyscale")."""

    def __init__(self, nested: Iterable[str] = ()) -> None:
        self.paths: set[str] = set()
        self.nested = frozenset(nested)  # paths whose value is watched in turn, a level deeper


_WATCHING: dict[type, type] = {}
_RECORDER = "_printkit_reads"


def _watching(cls: type) -> type:
    """A subclass of a frozen dataclass whose instances note each field read."""
    if cls not in _WATCHING:
        names = frozenset(f.name for f in dataclasses.fields(cls))

        def __getattribute__(self: Any, name: str) -> Any:
            value = object.__getattribute__(self, name)
            if name in names or name == "__dict__":
                recorder = object.__getattribute__(self, "__dict__").get(_RECORDER)
                if recorder is not None:
                    reads, prefix = recorder
                    if name == "__dict__":  # vars(), copying: the whole value
                        reads.paths.add(prefix.rstrip("."))
                        return value
                    path = prefix + name
                    if path in reads.nested and dataclasses.is_dataclass(value) and not isinstance(value, type):
                        return watch(value, reads, path + ".")  # its fields are noted one by one
                    reads.paths.add(path)
            return value

        compared = [f.name for f in dataclasses.fields(cls) if f.compare]

        def __eq__(self: Any, other: object) -> bool:
            # Equal to the value it watches, as a plain copy would be (dataclasses compare classes).
            if not isinstance(other, cls) or type(other) not in (cls, _WATCHING[cls]):
                return NotImplemented
            return all(getattr(self, n) == getattr(other, n) for n in compared)

        # isinstance() and part_of() still see the original class; hash and equality read every field,
        # so a builder that caches on the whole value depends on the whole value.
        attributes = {"__getattribute__": __getattribute__, "__eq__": __eq__, "__hash__": cls.__hash__, "__slots__": ()}
        _WATCHING[cls] = type(cls.__name__, (cls,), attributes)
    return _WATCHING[cls]


def watch(value: T, reads: Reads, prefix: str) -> T:
    """A copy of a frozen dataclass value that records in `reads` every field read (as prefix + name)."""
    watched: T = object.__new__(_watching(type(value)))
    state = object.__getattribute__(watched, "__dict__")
    state.update(object.__getattribute__(value, "__dict__"))
    state[_RECORDER] = (reads, prefix)
    return watched


def read(root: Mapping[str, Any], path: str) -> Any:
    """The value at an attribute path from the roots ({"session": ..., "options": ...})."""
    head, *rest = path.split(".")
    value = root[head]
    for name in rest:
        value = getattr(value, name)
    return value
