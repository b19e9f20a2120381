"""Text on every coloured fill printkit declares reads at WCAG's 4.5:1 or better (issue 33)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import printkit
from printkit.games.stratego import sheets as stratego_sheets
from printkit.games.tannhauser import record_sheets
from printkit.games.vs import coins, tokens, treasury_form
from printkit.games.vs.model import NEUTRAL, PALETTE
from printkit.render.canvas import Colour, contrast, hex_colour, ink_on, luminance, tint

TEXT = 4.5  # WCAG 2's least contrast for body text
SOURCE = Path(printkit.__file__).resolve().parent
BLACK, WHITE = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)


def declared() -> list[str]:
    """Every colour written in printkit's code and data (rulesets, palettes, sheets' constants)."""
    found: set[str] = set()
    for path in sorted(SOURCE.rglob("*")):
        if path.suffix in (".py", ".yaml") and path.is_file():
            found |= {m.upper() for m in re.findall(r"#[0-9A-Fa-f]{6}\b", path.read_text(encoding="utf-8"))}
    return sorted(found)


COLOURS = declared()
OWNERS = [hex_colour(c) for c in (*PALETTE, NEUTRAL)]


def test_the_collection_finds_the_declared_colours() -> None:
    assert len(COLOURS) > 40
    assert {"#2E7D32", "#9E8076", "#B71C1C", "#C62828", "#263238"} <= set(COLOURS)


@pytest.mark.parametrize("colour", COLOURS)
def test_text_chosen_for_a_fill_reads_on_it(colour: str) -> None:
    """issue 33: black digits on the dark green and brown fills (ink_on took black or white by a
    fixed luminance, 0.3, where WCAG's figure needs the better of the two). Whatever fill any ruleset,
    palette or sheet declares, the text printkit chooses for it contrasts at least 4.5:1."""
    fill = hex_colour(colour)
    assert contrast(fill, ink_on(fill)) >= TEXT, (colour, ink_on(fill), round(contrast(fill, ink_on(fill)), 2))


def test_ink_on_takes_the_better_of_black_and_white() -> None:
    for colour in COLOURS:
        fill = hex_colour(colour)
        assert contrast(fill, ink_on(fill)) == max(contrast(fill, BLACK), contrast(fill, WHITE))
    # Any fill at all: the better of black and white never falls below 4.5:1.
    for v in range(256):
        for fill in ((v / 255, v / 255, v / 255), (v / 255, 0.5, 0.1), (0.1, v / 255, 0.6)):
            assert contrast(fill, ink_on(fill)) >= TEXT


def fixed_pairs() -> list[tuple[str, Colour, Colour]]:
    """Where a sheet sets text in a colour of its own on a fill (not ink_on): (where, fill, text)."""
    pairs: list[tuple[str, Colour, Colour]] = []
    for owner in OWNERS:
        # Token backs: the figures in black on the owner's light tint, the owner's name on the band.
        pairs += [
            ("token back figures", tint(owner, 0.16), BLACK),
            ("token back owner", owner, ink_on(owner)),
        ]
        # Marker backs: the words in black on the tint; the owner's mark in black on its white square.
        pairs += [("marker back", tint(owner, 0.14), BLACK), ("owner's mark", WHITE, BLACK)]
        # The pictogram ink (deep) carries the dots and squad boxes: graphics, but kept readable too.
        pairs.append(("pictogram ink", WHITE, tokens.deep(owner)))
    for value, metal in coins.METAL.items():
        face = tint(hex_colour(metal), 0.55)
        pairs.append((f"coin {value}", face, ink_on(face)))
    for side, colour in stratego_sheets.SIDE_COLOURS.items():
        pairs += [("stratego piece", stratego_sheets.own_cell(side), stratego_sheets.piece_ink(side)),
                  ("stratego heading", WHITE, hex_colour(colour))]  # fmt: skip
    pairs.append(("stratego lake mark", WHITE, hex_colour(stratego_sheets.LAKE_MARK)))
    pairs += [("tannhäuser band", record_sheets.BAND, record_sheets.WHITE),
              ("tannhäuser head", record_sheets.HEAD_FILL, record_sheets.SUB),
              ("ledger head", treasury_form.HEAD_FILL, treasury_form.SUB)]  # fmt: skip
    return pairs


@pytest.mark.parametrize(("where", "fill", "text"), fixed_pairs(), ids=lambda v: v if isinstance(v, str) else "")
def test_text_set_in_a_fixed_colour_reads_on_its_fill(where: str, fill: Colour, text: Colour) -> None:
    assert contrast(fill, text) >= TEXT, (where, round(contrast(fill, text), 2), round(luminance(fill), 3))
