"""Pages for the table speak of the rules and the referee, not of the program that printed them (issue 33)."""

from __future__ import annotations

import re

import pytest

from printkit.pipeline.print_guide import GUIDE

from .conftest import CONFIGS, ExampleKits, pdf_text

KITS = [(c.stem, lang, paper) for c in CONFIGS for lang in ("ru", "en") for paper in ("a4", "letter")]
# Where a page may still name printkit: the booklet cover's colophon, and the line of a quick
# reference addressed to the referee (who runs printkit) with the switch for its edition. The print
# guide is for whoever runs printkit, and is not read here.
ALLOWED = re.compile(r"^(Printed by printkit|Напечатано printkit|(Referee|Судья): printkit referee .*)$")


# The id ends in the kit: under xdist the check runs on the worker that builds it (tests/conftest.py).
@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_no_page_for_the_table_names_printkit(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 33: footnotes and rules said "printkit's reading", "printkit prints them": now "this
    kit's reading", "this kit prints them"."""
    kit = kits(name, lang, paper)
    found = []
    for pdf in sorted(kit.glob("*.pdf")):
        if pdf.name == GUIDE:
            continue
        for number, page in enumerate(pdf_text(pdf), 1):
            for line in page.splitlines():
                if "printkit" in line.casefold() and not ALLOWED.match(line.strip()):
                    found.append(f"{pdf.name} p. {number}: {line.strip()}")
    assert not found, found[:10]
