"""Printed words exist in every language, and every glyph they need is in the bundled fonts."""

from __future__ import annotations

import re
from functools import cache

import pytest

from printkit.assets import fonts_dir
from printkit.config.rulesets import load_bundled
from printkit.labels import LANGUAGES, _table, days, plural_ru
from printkit.render.fonts import FONTS

from .conftest import ROOT, bundled_games


@cache
def charset(filename: str) -> set[str]:
    from reportlab.pdfbase.ttfonts import TTFont

    return {chr(c) for c in TTFont("probe", str(fonts_dir() / filename)).face.charToGlyph}


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return []


@cache
def printed_characters() -> frozenset[str]:
    """Every character the package could print: in every string of every YAML file it ships
    (rulesets, rules texts, words) and in the text of every template. (Read once for all fonts.)"""
    import yaml

    out = [text for entry in _table().values() for text in entry.values()]
    for path in (ROOT / "printkit").rglob("*.yaml"):
        out += _strings(yaml.load(path.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    for template in (ROOT / "templates").glob("*.j2"):
        out.append(re.sub(r"{[{%#].*?[}%#]}|<[^>]*>", " ", template.read_text("utf-8")))
    return frozenset(ch for text in out for ch in text)


def test_the_bundled_rulesets_are_among_the_scanned_files() -> None:
    scanned = {p.resolve() for p in (ROOT / "printkit").rglob("*.yaml")}
    for game in [rid for g in bundled_games() for rid in g.rulesets]:  # printkit's own, not a plug-in's
        rules = load_bundled(game)
        assert rules.source.resolve() in scanned
        assert rules.booklet is None or rules.booklet.resolve() in scanned


def test_every_label_has_every_language() -> None:
    for key, entry in _table().items():
        assert set(entry) == set(LANGUAGES), key


@pytest.mark.parametrize("role", sorted(FONTS))
def test_every_printed_character_is_in_every_font(role: str) -> None:
    available = charset(FONTS[role][1])
    missing = {ch for ch in printed_characters() if ch not in available and ch not in "\n{}"}
    assert not missing, f"{FONTS[role][1]} lacks {sorted(missing)}"


def test_fonts_ship_with_their_licence() -> None:
    names = {p.name for p in fonts_dir().iterdir()}
    assert "LICENSE-ParaType.txt" in names
    assert {f for _, f in FONTS.values()} <= names


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (1, "день"),
        (2, "дня"),
        (4, "дня"),
        (5, "дней"),
        (11, "дней"),
        (12, "дней"),
        (21, "день"),
        (22, "дня"),
        (35, "дней"),
        (111, "дней"),
    ],
)
def test_russian_plurals(n: int, word: str) -> None:
    assert plural_ru(n, "день", "дня", "дней") == word
    assert days(n, "ru") == f"{n} {word}"


def test_english_days() -> None:
    assert (days(1, "en"), days(35, "en")) == ("1 day", "35 days")
