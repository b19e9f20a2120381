"""Printed words in Russian and English, looked up by key, with Russian plural forms."""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

LANGUAGES = ("ru", "en")


@cache
def _table() -> dict[str, dict[str, str]]:
    text = resources.files("printkit").joinpath("labels.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


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
