"""Printed words in Russian and English, looked up by key, with plural forms, and refusals said in them."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Self

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


# How a sentence names a switch or a field of the question it answers, written {--mirror} or
# {--potential N} in a label (or passed to it as a Switch): as written, the command line's
# words, for the terminal, the JSON and the printed kit; a page sets its own naming (its field's label,
# printkit.web.said) for the time it says an answer, so that a note is declared once for both.
_naming: ContextVar[Callable[[str], str] | None] = ContextVar("printkit_switch_naming", default=None)


def switch(option: str) -> str:
    """A switch or an option of the question being answered ("--mirror", "--potential N") as the
    surface saying the answer names it: as written, unless a surface named them otherwise."""
    named = _naming.get()
    return option if named is None else named(option)


@contextmanager
def switches_named(naming: Callable[[str], str]) -> Iterator[None]:
    """Within the block, every switch a label names is named by `naming` (given "--mirror" or
    "--potential N", as the label writes it)."""
    token = _naming.set(naming)
    try:
        yield
    finally:
        _naming.reset(token)


class Switch(str):
    """A switch, an option or a positional input passed to a label as a value ("--lives", "NOTATION"):
    named by switch() when the label is said, so that a refusal said later names it as its surface does."""

    __slots__ = ()


class _Words(string.Formatter):
    """str.format, plus a plural spec: {n:cell|cells} in English, {n:клетка|клетки|клеток} in Russian
    print the form that agrees with n (the spec may itself hold fields: {n:the next turn|{n} turns});
    a field that is an option ({--mirror}, {--potential N}) is the switch, named by switch()."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key.startswith("--"):
            return switch(key)
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Switch):
            value = switch(value)
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
    return _Words(lang).format(text, **values) if values or "{--" in text else text


class Phrase(str):
    """A sentence printkit says: its English text where a plain string is wanted (library messages,
    API results), and any language through say(). A value may itself be a Phrase or a {ru, en}
    name, said in the same language.

    >>> Phrase("cells_n", n=3), Phrase("cells_n", n=3).say("ru")
    ('3 cells', '3 кл.')
    """

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, **values: object) -> Self:
        self = super().__new__(cls, _said(key, "en", values))
        self.key, self.values = key, values
        return self

    def say(self, lang: str) -> str:
        """The sentence in lang."""
        return _said(self.key, lang, self.values)


class Suggestion(Phrase):
    """A "did you mean 'forest'?" hint, said in either language, that knows the word `typed` and the
    name `near` it suggests: the command line says it; a page makes the name a link that asks again
    with it in the word's place."""

    typed: str
    near: str

    def __new__(cls, typed: str, near: str, said: Mapping[str, str] | None = None) -> Suggestion:
        words = {lang: (said or {}).get(lang, near) for lang in ("en", "ru")}
        self = super().__new__(cls, "cl_did_you_mean", names={"en": repr(words["en"]), "ru": f"«{words['ru']}»"})
        self.typed, self.near = typed, near
        return self

    def named(self, lang: str) -> str:
        """The suggested name as the sentence quotes it in lang."""
        names = self.values["names"]
        assert isinstance(names, dict)
        return str(names[lang])


def suggestions(values: dict[str, object]) -> list[Suggestion]:
    """The suggestions among a refusal's values, and among those of the phrases it holds."""
    out: list[Suggestion] = []
    for value in values.values():
        if isinstance(value, Suggestion):
            out.append(value)
        elif isinstance(value, Phrase):
            out += suggestions(value.values)
    return out


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


def decimal(number: str, lang: str) -> str:
    """A number printed with a decimal point ('54.9 %', '>99.9') as the language writes it: Russian
    with a decimal comma ('54,9 %'); English as given."""
    return re.sub(r"(?<=\d)\.(?=\d)", ",", number) if lang == "ru" else number
