"""Where the bundled fonts and templates live, in a source checkout and in an installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def asset_dir(name: str) -> Path:
    """printkit/<name> inside a wheel, or <checkout>/<name> when running from the source tree."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"printkit is installed without its {name}/ folder")


def fonts_dir() -> Path:
    return asset_dir("fonts")


def templates_dir() -> Path:
    return asset_dir("templates")
