"""Printed words in Russian and English, looked up by key, with Russian plural forms."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

LANGUAGES = ("ru", "en")
_HERE = Path(__file__).resolve().parent


def _read(path: Path) -> dict[str, dict[str, str]]:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return dict(data or {})


@cache
def _table() -> dict[str, dict[str, str]]:
    """The shared words and every registered game's own; a key defined twice is a programming error."""
    from .games import games

    table = _read(_HERE / "labels.yaml")
    for game in games():
        if not game.labels:
            continue
        own = _read(game.folder / "labels.yaml")
        clash = sorted(own.keys() & table.keys())
        if clash:
            raise ValueError(f"labels of {game.family} repeat shared or other games' keys: {', '.join(clash)}")
        table.update(own)
    return table


def forget() -> None:
    """Drop the cached words (the registry of games changed)."""
    _table.cache_clear()


def known(key: str) -> bool:
    """Whether a label exists."""
    return key in _table()


def label(key: str, lang: str, **values: object) -> str:
    """The text for key in lang, with {placeholders} filled from values."""
    entry = _table()[key]
    text = entry.get(lang) or entry["ru"]
    return text.format(**values) if values else text


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """Russian noun form for n: 1 день, 2 дня, 5 дней, 11 дней, 21 день."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def days(n: int, lang: str) -> str:
    """'35 дней' or '35 days'."""
    if lang == "ru":
        return f"{n} {plural_ru(n, 'день', 'дня', 'дней')}"
    return f"{n} day" if n == 1 else f"{n} days"
