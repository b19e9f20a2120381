"""Booklet texts: the shape of a rules-text file, its records, and checks against the ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..config.schema import INVALID, Checker, Colour, Field, ListOf, Localized, MapOf, Record, Text
from ..config.yamlsource import Key, YamlDocument, load_yaml
from ..errors import ConfigError, Problem
from ..labels import LANGUAGES
from .markup import references, tables

IDENT = Text(max_len=60, pattern=r"[a-z0-9][a-z0-9-]*", pattern_hint="a lowercase id like 'battle'")
# Rules texts keep only the languages they give (fill=False): a booklet is printed in one language
# throughout, or refused, never with a paragraph of another language under its headings.
BODY = Localized(max_len=20_000, multiline=True, fill=False)
TITLE = Localized(max_len=120, fill=False)

SECTION = Record(
    {
        "id": Field(IDENT, required=True),
        "title": Field(TITLE, required=True),
        "text": Field(BODY, required=True),
    }
)

CHAPTER = Record(
    {
        "id": Field(IDENT, required=True),
        "title": Field(TITLE, required=True),
        "coded": Field(IDENT),
        "text": Field(BODY),
        "sections": Field(ListOf(SECTION, max_items=100), default=[]),
    }
)


def _check(data: dict[str, Any], key: Key, ck: Checker) -> None:
    seen: dict[str, Key] = {}
    for i, ch in enumerate(data["chapters"]):
        for where, item in [((*key, "chapters", i), ch), *(((*key, "chapters", i, "sections", j), s)
                                                           for j, s in enumerate(ch["sections"]))]:  # fmt: skip
            if item["id"] in seen:
                ck.fail((*where, "id"), f"id {item['id']!r} is used twice")
            seen[item["id"]] = where
        if ch["coded"] and ch["coded"] not in data["tabs"]:
            ck.fail((*key, "chapters", i, "coded"), f"no tab {ch['coded']!r} under 'tabs'")
    for i, ch in enumerate(data["chapters"]):
        for where, item in [((*key, "chapters", i), ch), *(((*key, "chapters", i, "sections", j), s)
                                                           for j, s in enumerate(ch["sections"]))]:  # fmt: skip
            # Check each distinct text once (a language-neutral text stands for every language).
            for text in dict.fromkeys((item["text"] or {}).values()):
                for target in references(text):
                    if target not in seen:
                        ck.fail((*where, "text"), f"[[{target}]] points to no chapter or section")


TAB = Record(
    {"colour": Field(Colour(), required=True), "short": Field(Localized(max_len=14, fill=False), required=True)}
)
BOOKLET = Record(
    {
        "tabs": Field(MapOf(IDENT, TAB), default={}),
        "chapters": Field(ListOf(CHAPTER, min_items=1, max_items=60), required=True),
    },
    check=_check,
)


@dataclass(frozen=True)
class Tab:
    colour: str
    short: Mapping[str, str]


@dataclass(frozen=True)
class BookSection:
    id: str
    title: Mapping[str, str]
    text: Mapping[str, str]


@dataclass(frozen=True)
class Chapter:
    id: str
    title: Mapping[str, str]
    text: Mapping[str, str] | None
    coded: str | None
    sections: tuple[BookSection, ...]


@dataclass(frozen=True)
class Booklet:
    label: str
    tabs: Mapping[str, Tab]
    chapters: tuple[Chapter, ...]
    # Per language, every title, text or tab label the file does not give in it, with its line.
    gaps: Mapping[str, tuple[Problem, ...]]

    def table_names(self) -> list[str]:
        out = []
        for ch in self.chapters:
            items: list[Chapter | BookSection] = [ch, *ch.sections]
            for item in items:
                for text in (item.text or {}).values():
                    out += tables(text)
        return out


def _gaps(data: dict[str, Any], doc: YamlDocument, lang: str) -> list[Problem]:
    """Where the checked file gives no text in lang: each place named by its id and line."""
    out = [doc.problem(("tabs", k, "short"), f"tab {k!r} has no {lang} text") for k, tab in data["tabs"].items()
           if lang not in tab["short"]]  # fmt: skip
    for i, ch in enumerate(data["chapters"]):
        places = [(("chapters", i), ch), *((("chapters", i, "sections", j), s) for j, s in enumerate(ch["sections"]))]
        for key, item in places:
            for part in ("title", "text"):
                if item[part] is not None and lang not in item[part]:
                    out.append(doc.problem((*key, part), f"{item['id']!r} has no {lang} {part}"))
    return out


@cache
def load_booklet(path: Path, label: str, own_text: bool = False) -> Booklet:
    """Read and check a rules-text file (cached: three booklets may share a build).

    printkit's own rules texts (`own_text`) must give every title and text in every language.
    """
    doc = load_yaml(path, label)
    ck = Checker(doc, own_text=own_text)
    data = BOOKLET.check(doc.data, (), ck)
    ck.raise_if_any()
    assert data is not INVALID
    gaps = {lang: tuple(_gaps(data, doc, lang)) for lang in LANGUAGES}
    if own_text and any(gaps.values()):
        raise ConfigError([p for lang in LANGUAGES for p in gaps[lang]])
    frozen = MappingProxyType
    return Booklet(
        label=label,
        gaps=frozen(gaps),
        tabs=frozen({k: Tab(v["colour"].upper(), frozen(v["short"])) for k, v in data["tabs"].items()}),
        chapters=tuple(
            Chapter(
                id=ch["id"],
                title=frozen(ch["title"]),
                text=frozen(ch["text"]) if ch["text"] else None,
                coded=ch["coded"],
                sections=tuple(BookSection(s["id"], frozen(s["title"]), frozen(s["text"])) for s in ch["sections"]),
            )
            for ch in data["chapters"]
        ),
    )
