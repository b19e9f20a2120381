"""Printed words in Russian and English, looked up by key, with plural forms, and refusals said in them."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .errors import UsageError

LANGUAGES = ("ru", "en")
_HERE = Path(__file__).resolve().parent
# Where the words of the installed games are: the registry of games (printkit.game) says so when it
# is imported, so that this module, which every other one uses, needs none of them.
_more: list[Callable[[], Iterable[tuple[str, Path]]]] = []


def words_from(files: Callable[[], Iterable[tuple[str, Path]]]) -> None:
    """Take words from more files besides the shared ones: `files()` gives (whose, path) pairs, and
    is asked again after forget()."""
    _more.append(files)
    forget()


def _read(path: Path) -> dict[str, dict[str, str]]:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return dict(data or {})


@cache
def _table() -> dict[str, dict[str, str]]:
    """The shared words and every installed game's own; a key defined twice is a programming error."""
    table = _read(_HERE / "labels.yaml")
    for files in _more:
        for whose, path in files():
            own = _read(path)
            clash = sorted(own.keys() & table.keys())
            if clash:
                raise ValueError(f"labels of {whose} repeat shared or other games' keys: {', '.join(clash)}")
            table.update(own)
    return table


def forget() -> None:
    """Drop the cached words (the installed games changed)."""
    _table.cache_clear()


def known(key: str) -> bool:
    """Whether a label exists."""
    return key in _table()


def entries(prefix: str) -> dict[str, dict[str, str]]:
    """Every label whose key starts with prefix, with its text in each language."""
    return {key: dict(entry) for key, entry in _table().items() if key.startswith(prefix)}


class _Words(string.Formatter):
    """str.format, plus a plural spec: {n:cell|cells} in English, {n:клетка|клетки|клеток} in Russian
    print the form that agrees with n (the spec may itself hold fields: {n:the next turn|{n} turns})."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        forms = format_spec.split("|")
        if self.lang == "ru" and len(forms) == 3:
            return plural_ru(int(value), *forms)
        if len(forms) != 2:
            raise ValueError(f"{self.lang} plural spec {format_spec!r} needs {'3' if self.lang == 'ru' else '2'} forms")
        return forms[0] if value == 1 else forms[1]


def label(key: str, lang: str, **values: object) -> str:
    """The text for key in lang, with {placeholders} filled from values.

    Every label has every language (tests/test_labels_fonts.py): there is no fallback to another
    language, so a missing word is a KeyError naming it rather than Russian in an English kit.
    """
    entry = _table()[key]
    if lang not in entry:
        raise KeyError(f"label {key!r} has no {lang!r} text")
    text = entry[lang]
    return _Words(lang).format(text, **values) if values else text


class Phrase(str):
    """A sentence printkit says: its English text where a plain string is wanted (library messages,
    API results), and any language through say(). A value may itself be a Phrase or a {ru, en}
    name, said in the same language.

    >>> Phrase("cells_n", n=3), Phrase("cells_n", n=3).say("ru")
    ('3 cells', '3 кл.')
    """

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, **values: object) -> Phrase:
        self = super().__new__(cls, _said(key, "en", values))
        self.key, self.values = key, values
        return self

    def say(self, lang: str) -> str:
        """The sentence in lang."""
        return _said(self.key, lang, self.values)


class Refused(UsageError):
    """A request refused with a message from the labels, so that it can be said in the asker's language.

    A value given as {ru: ..., en: ...} (a troop's name, say) is said in that language too; the
    message the library carries (str(error)) is the English one."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = key, values
        self.phrase = Phrase(key, **values)
        super().__init__(str(self.phrase))

    def say(self, lang: str) -> str:
        return self.phrase.say(lang)


class RefusedValue(Refused, ValueError):
    """A refusal of a value the library was handed, where its callers catch ValueError."""


def _said(key: str, lang: str, values: dict[str, object]) -> str:
    def one(v: object) -> object:
        if isinstance(v, Phrase):
            return v.say(lang)
        return v[lang] if isinstance(v, dict) and lang in v else v

    return label(key, lang, **{k: one(v) for k, v in values.items()})


def wrapped(text: str, width: int = 80, indent: str = "") -> list[str]:
    """A paragraph's lines within width, continuation lines indented; a number, its share and its
    percent sign ("25 (34.2 %)") never part at a line break."""
    import re
    import textwrap

    glued = re.sub(r"(\d) \(", "\\1\x00(", text.replace(" %", "\x00%"))
    lines = textwrap.wrap(glued, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return [line.replace("\x00", " ") for line in lines]


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
