"""Owners told apart on a grey print: a palette stepped in lightness, a band pattern each, a large mark (issue 42)."""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat

from printkit.games.vs import markers as marker_faces
from printkit.games.vs import tokens as token_faces
from printkit.games.vs.cards import decks, layout
from printkit.games.vs.livery import PATTERNS, PLAIN
from printkit.games.vs.map_sheet import VsOverlay
from printkit.games.vs.model import NEUTRAL, PALETTE, vs_session
from printkit.geometry import MM
from printkit.imposition import Box, back_box, sheet_flip
from printkit.render.canvas import hex_colour, open_canvas

from ..conftest import EXAMPLES, KIT_SEED, ExampleKits
from ..pdfcheck import read
from .test_piece_faces import placed, session_of

KIT = ("vs-2025", "ru", "a4")  # three players, and the neutral set
DPI = 300


def luma(colour: tuple[float, float, float]) -> float:
    """The grey (0-255) a black-and-white printer makes of a colour: ITU-R BT.601's weights, as the
    review measured (red, blue and green of the old palette: 74, 87, 93)."""
    r, g, b = colour
    return 255 * (0.299 * r + 0.587 * g + 0.114 * b)


def test_the_palette_steps_in_lightness() -> None:
    """issue 42: players 1-3 printed as greys 74, 87 and 93; purple, teal and brown collided too.
    The first four seats now lie 35 or more apart in grey, all eight and the neutral grey 18."""
    greys = [luma(hex_colour(c)) for c in (*PALETTE, NEUTRAL)]
    first = min(abs(a - b) for a, b in itertools.combinations(greys[:4], 2))
    every = min(abs(a - b) for a, b in itertools.combinations(greys, 2))
    assert first >= 35, [round(g) for g in greys[:4]]
    assert every >= 18, [round(g) for g in greys]


def grey_crop(pdf: Path, number: int, box: Box, dpi: int = DPI) -> Image.Image:
    """A part of a page (from 0) as a black-and-white printer prints it: in grey, at `dpi`."""
    document = pdfium.PdfDocument(pdf)
    page = document[number]
    scale = dpi / 72
    height = page.get_height()
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    document.close()
    left, top = round(box.x * scale), round((height - box.y - box.h) * scale)
    return image.crop((left, top, left + round(box.w * scale), top + round(box.h * scale)))  # one size a box size


def test_the_owners_card_backs_print_as_greys_apart(kits: ExampleKits) -> None:
    """Each player's card back is the player's colour: measured in grey on the printed backs, the
    three players of the example lie 35 or more apart (they were 13 and 6)."""
    session = session_of(KIT)
    grid, page = layout(session)
    flip = sheet_flip(vs_session(session).cards.duplex, page)
    pdf = kits(*KIT) / "battle-cards.pdf"
    number, greys = 0, []
    for deck in decks(session):
        at = back_box(grid.boxes[0], page, flip, session.printer)
        cx, cy, w = at.x + at.w / 2, at.y + at.h / 2, at.w
        # Inside the name's disc, above and below the name: the owner's colour alone.
        spots = [Box(cx - 1 * MM, cy + dy - 1 * MM, 2 * MM, 2 * MM) for dy in (0.17 * w, -0.17 * w)]
        greys.append(sum(ImageStat.Stat(grey_crop(pdf, number + 1, spot, 100)).mean[0] for spot in spots) / 2)
        number += 2 * math.ceil(len(deck.cards) / grid.per_sheet)
    steps = [abs(a - b) for a, b in itertools.combinations(greys, 2)]
    assert min(steps) >= 35, [round(g) for g in greys]


def signature(image: Image.Image) -> list[bool]:
    """A crop's pattern as light and dark pixels (split halfway between its lightest and darkest);
    a plain band (no pattern) is all one."""
    low, high = image.getextrema()
    if high - low < 20:
        return [False] * (image.width * image.height)
    middle = (low + high) / 2
    return [v > middle for v in image.tobytes()]


def apart(a: list[bool], b: list[bool]) -> float:
    """The share of pixels where two crops' patterns differ."""
    return sum(x != y for x, y in zip(a, b, strict=True)) / len(a)


def owners_bands(pdf: Path, stem: str, kit: tuple[str, str, str] = KIT) -> dict[str, list[bool]]:
    """Each owner's band as its first piece of `stem` prints it, by owner's colour: a token's band
    left of the name (between the cut and the safe line), a marker's frame up its left side."""
    found: dict[str, list[bool]] = {}
    gap = 0.25 * MM
    for number, box, piece in placed(kit, stem):
        if piece.colour in found:
            continue
        if stem == "tokens":
            band = token_faces.SAFE + 3.3 * MM
            strip = Box(box.x + gap, box.y + box.h - band + gap, token_faces.SAFE - 2 * gap, band - 2 * gap)
        else:
            frame = marker_faces.FRAME
            strip = Box(box.x + gap, box.y + frame, frame - 2 * gap, box.h - 2 * frame)
        found[piece.colour] = signature(grey_crop(pdf, number, strip))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("ink_saving", [False, True], ids=["colour", "ink-saving"])
@pytest.mark.parametrize("stem", ["tokens", "markers"])
def test_every_owner_prints_a_band_pattern_of_its_own(kits: ExampleKits, stem: str, ink_saving: bool) -> None:
    """issue 42: on tokens and markers only a 1.5 mm letter told owners apart in grey (a Russian С
    and З alike at that size). Each owner's band now carries a pattern of its own (the neutral set's
    is plain): measured in grey on the printed sheets, any two owners' bands differ in a fifth of
    their pixels or more, in the colour kit and in the ink-saving one."""
    kit = kits(*KIT) if not ink_saving else kits.build(EXAMPLES / "vs-2025.yaml", "--seed", KIT_SEED, "--greyscale",
                                                       "--lang", "ru", "--paper", "a4")  # fmt: skip
    bands = owners_bands(kit / f"{stem}.pdf", stem)
    assert len(bands) == (4 if stem == "tokens" else 3), list(bands)  # three players (and the neutral set)
    close = [(a, b, round(apart(bands[a], bands[b]), 2)) for a, b in itertools.combinations(bands, 2)
             if apart(bands[a], bands[b]) < 0.2]  # fmt: skip
    assert not close, close


def test_the_patterns_are_told_apart_from_each_other(tmp_path: Path) -> None:
    """All eight seats' patterns and the plain band, drawn as the map draws an owner's strip (the
    code the tokens and markers use), differ pairwise in a fifth of their pixels or more."""
    session = session_of(KIT)
    assert session.game_map is not None
    names = [f"p{k}" for k in range(1, 9)]
    overlay = VsOverlay(session.game_map, session.ruleset, "ru", dict.fromkeys(names, ""))
    assert [overlay.patterns[n] for n in names] == list(PATTERNS) and PLAIN not in PATTERNS
    buffer = io.BytesIO()
    s = 20 * MM
    c = open_canvas(buffer, "a4", "cues", "cues")
    for k, owner in enumerate([*names, None]):
        overlay.owner_cues(c, owner, 10 * MM + k * s, 200 * MM, s)
    c.showPage()
    c.save()
    path = tmp_path / "cues.pdf"
    path.write_bytes(buffer.getvalue())
    strips = [signature(grey_crop(path, 0, Box(10 * MM + k * s + 0.1 * s, 200 * MM + s * 0.83, 0.8 * s, 0.08 * s)))
              for k in range(len(names) + 1)]  # fmt: skip
    close = [(a, b) for a, b in itertools.combinations(range(len(strips)), 2) if apart(strips[a], strips[b]) < 0.2]
    assert not close, close


def test_the_map_prints_each_owners_mark_large(kits: ExampleKits) -> None:
    """issue 42: a building's owner was a 1.5 mm letter on the map. It is now about 5 mm high (19 pt
    in the example's 20 mm cells), beside the building, over the owner's band and pattern."""
    session = session_of(KIT)
    marks = {"С", "Ю"}  # Север, Юг: one letter, 19 pt
    found = {g.char for page in read(kits(*KIT) / "map.pdf") for g in page.glyphs if g.char in marks and g.size >= 18}
    assert found == marks, found
    # Запад's «За» (two letters: «З» alone reads as 3) fits right of the building, capitals 4 mm high.
    two = [g for page in read(kits(*KIT) / "map.pdf") for g in page.glyphs if g.char == "З" and g.size >= 15]
    assert two, "За"
    assert vs_session(session).tokens.cell_mm == 20
