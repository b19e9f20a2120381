"""The «Стратегия» quick reference in English: sums as English writes them, names on one line (issue 33)."""

from __future__ import annotations

import re

import pytest

from ..conftest import ExampleKits, pdf_text

KITS = [("strategiya", "en", "a4"), ("strategiya", "en", "letter"), ("strategiya", "ru", "a4")]


# The id ends in the kit: under xdist the check runs on the worker that builds it (tests/conftest.py).
@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_prices_read_as_the_language_writes_them_and_names_keep_to_a_line(
    name: str, lang: str, paper: str, kits: ExampleKits
) -> None:
    """issue 33: the English card printed "360 $" and broke «Two-handed sword» over three lines."""
    kit = kits(name, lang, paper)
    lines = [line.strip() for page in pdf_text(kit / "quickref.pdf") for line in page.splitlines()]
    text = " ".join(lines)
    if lang == "en":
        assert "$360" in text and not re.search(r"\d \$", text), re.findall(r".{12}\d \$", text)[:3]
        assert any(line.startswith("Two-handed sword") for line in lines)
        hero = " ".join(pdf_text(kit / "hero-sheets.pdf"))
        assert not re.search(r"\d \$", hero)
    else:
        assert "360 $" in text and "$360" not in text
