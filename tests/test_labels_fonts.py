"""Printed words exist in every language, and every glyph they need is in the bundled fonts."""

from __future__ import annotations

import re
from functools import cache

import pytest

from printkit.assets import fonts_dir
from printkit.labels import LANGUAGES, _table, days, plural_ru
from printkit.render.fonts import FONTS
from printkit.rulesets import bundled_ids, load_bundled

from .conftest import ROOT


@cache
def charset(filename: str) -> set[str]:
    from reportlab.pdfbase.ttfonts import TTFont

    return {chr(c) for c in TTFont("probe", str(fonts_dir() / filename)).face.charToGlyph}


def printed_strings() -> list[str]:
    out = [text for entry in _table().values() for text in entry.values()]
    for game in bundled_ids():
        rules = load_bundled(game)
        out += list(rules.title.values())
        for t in rules.terrains:
            out += [*t.name.values(), *t.short.values()]
        for entries in rules.resources.values():
            out += [lang_name for e in entries if e for lang_name in e.name.values()]
        for offers in rules.town.values():
            for o in offers:
                out += [*o.name.values(), *o.text.values(), *(o.learn or {}).values()]
        for tier in rules.tiers:
            out += list(tier.text.values())
        for b in rules.buildings:
            out += [*b.name.values(), *b.text.values(), *(n for name, _ in b.needs for n in name.values())]
        if rules.heroes:
            out += [m for sets in rules.heroes.markers.values() for s in sets for m in s]
        if rules.vs:
            for item in (*rules.vs.troops, *rules.vs.structures, *rules.vs.mines, *rules.vs.spells):
                out += list(item.name.values())
            for spell in rules.vs.spells:
                out += [*spell.text.values(), *(t for o in spell.outcomes for t in o.text.values())]
            out += [n for names in rules.vs.orders.names.values() for n in names.values()]
        if rules.stratego:
            out += [n for r in rules.stratego.ranks for n in r.name.values()]
            out += [n for side in rules.stratego.sides.values() for n in side.values()]
        if rules.booklet:
            out.append(rules.booklet.read_text("utf-8"))
    for template in (ROOT / "templates").glob("*.j2"):
        out.append(re.sub(r"{[{%#].*?[}%#]}|<[^>]*>", " ", template.read_text("utf-8")))
    return out


def test_every_label_has_every_language() -> None:
    for key, entry in _table().items():
        assert set(entry) == set(LANGUAGES), key


@pytest.mark.parametrize("role", sorted(FONTS))
def test_every_printed_character_is_in_every_font(role: str) -> None:
    available = charset(FONTS[role][1])
    missing = {ch for text in printed_strings() for ch in text if ch not in available and ch not in "\n{}"}
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
