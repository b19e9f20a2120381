"""What a «Великая Стратегическая» map sheet draws over its terrain, and its legend (issue 33)."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printkit.config.session import load_session, with_overrides
from printkit.games.vs.map_sheet import BORDER
from printkit.games.vs.model import NEUTRAL, PALETTE, owner_marks
from printkit.games.vs.tokens import owners
from printkit.geometry import MM
from printkit.labels import label
from printkit.maps.overlay import map_colours
from printkit.maps.sheet import LEGEND_MIN, LEGEND_SIZE, MARGIN, RULER, kit_cell_mm, left_edge, legend_size, write_map
from printkit.maps.tiling import LEGEND
from printkit.render import fonts
from printkit.render.canvas import hex_colour

from ..conftest import EXAMPLES, run, write
from ..pdfcheck import read

CELL = 20  # mm, the cells of the test maps


def draw(tmp_path: Path, text: str, lang: str = "ru") -> Path:
    m = write(tmp_path / "m.yaml", text)
    result = run("map", "draw", m, "--cell-mm", str(CELL), "--lang", lang, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / "map.pdf"


def test_land_borders_are_in_a_colour_no_player_owns() -> None:
    """issue 33: borders were the dark red of the first player's buildings. Every colour a player
    takes by seat, the neutral grey and every colour an example config gives stays far from them."""
    owned = {*PALETTE, NEUTRAL}
    for config in ("vs-2025.yaml", "vs-2003.yaml"):
        owned |= {p.colour for p in load_session(EXAMPLES / config).players if p.colour}
    for colour in sorted(owned):
        distance = math.dist(BORDER, hex_colour(colour))
        assert distance > 0.3, f"the border colour is {distance:.2f} from a player's {colour}"


TREES = ((0.3, 0.35), (0.7, 0.35), (0.5, 0.7))  # printkit.maps.sheet._hatch's "trees", r = 0.09


def tree_rings(pdf: Path, column: int) -> list[float]:
    """For each tree of the forest pattern in cell (column, row 1) of a two-column map: the share of
    points on its ring still drawn in the pattern's light ink."""
    page = pdfium.PdfDocument(str(pdf))[0]
    width, height = page.get_size()
    scale = 4
    image = page.render(scale=scale).to_pil().convert("RGB")
    s = CELL * MM
    x0 = left_edge(width, 2, s) + column * s
    y0 = height - MARGIN - RULER - s  # the cell's lower edge, from the page's foot
    shares = []
    for cx, cy in TREES:
        light = 0
        for k in range(24):
            a = 2 * math.pi * k / 24
            px, py = x0 + (cx + 0.09 * math.cos(a)) * s, y0 + (cy + 0.09 * math.sin(a)) * s
            r, g, b = image.getpixel((round(px * scale), round((height - py) * scale)))
            light += min(r, g, b) > 170
        shares.append(light / 24)
    return shares


def test_a_building_leaves_the_forest_in_sight(tmp_path: Path) -> None:
    """issue 33: a castle was drawn over a forest's trees, its square covering the middle of the cell.
    It now sits small in a corner: the trees show as in the next forest cell without one."""
    pdf = draw(tmp_path, "game: vs-2025\nrows: [FF, FF]\nobjects:\n  - {at: A1, kind: building, structure: castle}\n")
    bare = tree_rings(pdf, 1)
    assert min(bare) > 0.5, bare  # the measure sees the trees where nothing stands
    built = tree_rings(pdf, 0)
    assert sum(share > 0.5 for share in built) == len(TREES), built


def legend_glyphs(pdf: Path) -> list[tuple[str, float, str]]:
    """(char, size, font) of every letter in a map sheet's legend: below the grid's coordinates."""
    out = []
    for page in read(pdf):
        for g in page.glyphs:
            if g.y1 < MARGIN + LEGEND:
                out.append((g.char, round(g.size, 2), g.font))
    return out


MAP = """game: vs-2025
rows: [FFPPDDCS, MMPPDDCS]
rivers: [C1]
objects:
  - {at: A1, kind: building, structure: castle, owner: Север}
  - {at: E2, kind: resource, structure: mine-2, owner: Север}
lands:
  - {name: Лесная сторона дальнего края, income: 12, cells: A1-B2}
  - {name: Пески, income: 8, cells: C1-F2}
"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_legend_speaks_at_one_size_without_map_letters(lang: str, tmp_path: Path) -> None:
    """issue 33: the legend printed 6.8 pt beside 7.5 pt, and each terrain's map-file letter beside
    its name (a Latin "C" before «Прибр.»). Now every word of the legend, the caption too, is one
    size (the numbers on its samples aside: they are the symbols'), and a terrain is its name."""
    pdf = draw(tmp_path, MAP, lang)
    words = [(ch, size) for ch, size, font in legend_glyphs(pdf) if font.endswith("PTSans-Regular")]
    assert words and len({size for _, size in words}) == 1, sorted({size for _, size in words})
    text = " ".join(page for page in _text(pdf))
    assert not re.search(r"(?<![\w.])[A-Z] (?=[А-ЯЁA-Z][a-zа-яё])", text), text


def _text(pdf: Path) -> list[str]:
    from ..conftest import pdf_text

    return pdf_text(pdf)


def test_one_legend_size_is_the_largest_that_fits_every_entry() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts.register_reportlab()
    short, long = "Поле", "Прибрежное море и реки"
    room = stringWidth(long, fonts.SANS, LEGEND_SIZE) * 0.9
    assert legend_size([(short, room)]) == LEGEND_SIZE
    assert legend_size([(short, room), (long, room)]) == pytest.approx(LEGEND_SIZE * 0.9)
    assert legend_size([(long * 3, room)]) == LEGEND_MIN  # cut short rather than smaller than 6 pt


OWNED = """game: vs-2025
rows: [FPP, MPP]
objects:
  - {at: A1, kind: building, structure: castle, owner: Север}
  - {at: B1, kind: building, structure: castle, owner: Сумрак}
  - {at: C1, kind: building, structure: tower}
  - {at: A2, kind: resource, structure: mine-1, owner: Юг}
"""


def test_each_owner_s_building_carries_the_owner_s_mark_black_on_white(tmp_path: Path) -> None:
    """issue 33: buildings and opened mines on the map told their owners apart by colour alone. Each
    now carries its owner's mark (model.owner_marks, as the tokens print it) inside its own cell,
    and rendered to grey and inked dot by dot as a black-and-white laser does, the mark's letters
    are black on a white ground whatever the owner's colour."""
    pdf = draw(tmp_path, OWNED)
    page = pdfium.PdfDocument(str(pdf))[0]
    width, height = page.get_size()
    s = CELL * MM
    x0, top = left_edge(width, 3, s), height - MARGIN - RULER
    expected = dict(zip(["Север", "Сумрак", "Юг", None], owner_marks(["Север", "Сумрак", "Юг", "нейтральные"]),
                        strict=True))  # fmt: skip
    assert len(set(expected.values())) == len(expected), expected
    cells = {(0, 0): "Север", (1, 0): "Сумрак", (2, 0): None, (0, 1): "Юг"}
    text = page.get_textpage()
    scale = 300 / 72
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L").point(lambda v: 255 if v > 127 else 0)
    for (col, row), owner in cells.items():
        left, right = x0 + col * s, x0 + (col + 1) * s
        bottom = top - (row + 1) * s
        words = str(text.get_text_bounded(left=left, bottom=bottom, right=right, top=bottom + s)).split()
        assert expected[owner] in words, (owner, words)
    inked: dict[str, bool] = {}
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if char not in "".join(expected.values()):
            continue
        a, b, c, d = text.get_charbox(i)
        glyph = image.crop(
            (int(a * scale), int((height - d) * scale), int(c * scale) + 1, int((height - b) * scale) + 1)
        )
        ground = image.crop((int((a - 1.2) * scale), int((height - d) * scale),
                             int((a - 0.5) * scale), int((height - b) * scale)))  # fmt: skip
        black = sum(1 for v in glyph.tobytes() if v == 0) / max(1, glyph.width * glyph.height)
        inked[char] = inked.get(char, False) or (black > 0.15 and min(ground.tobytes()) == 255)
    assert all(inked.get(mark[0]) for mark in expected.values()), inked


KITS = [(game, lang, paper) for game in ("vs-2025", "vs-2003") for lang in ("ru", "en") for paper in ("a4", "letter")]


@pytest.mark.slow
@pytest.mark.parametrize("kit", KITS, ids=["-".join(k) for k in KITS])
def test_the_kit_map_marks_owners_as_their_tokens_do(kit: tuple[str, str, str], tmp_path: Path) -> None:
    """issue 33: on the example kits' map.pdf, each building's and opened mine's owner was told by
    colour alone. Every owner there now shows the very mark its tokens carry (tokens.owners), as a
    word of its own, at least once per piece of theirs on the map, and no two owners share one."""
    game, lang, paper = kit
    session = with_overrides(load_session(EXAMPLES / f"{game}.yaml"), lang, paper)
    assert session.game_map is not None
    pdf = tmp_path / "map.pdf"
    write_map(session.game_map, session.ruleset, pdf, paper, lang, "t", kit_cell_mm(session),
              colours=map_colours(session))  # fmt: skip
    marks = {name: mark for _, name, mark in owners(session)}
    neutral = label("tk_neutral", lang)
    pieces = Counter(o.owner or neutral for o in session.game_map.objects
                     if o.kind != "resource" or (o.detail("structure") or "").startswith("mine-"))  # fmt: skip
    assert len(pieces) >= 3, pieces  # the examples' maps hold buildings of several owners
    words = Counter(
        w for page in pdfium.PdfDocument(str(pdf)) for w in str(page.get_textpage().get_text_range()).split()
    )
    for owner, count in pieces.items():
        assert words[marks[owner]] >= count, (owner, marks[owner], count, words[marks[owner]])
    assert len({marks[owner] for owner in pieces}) == len(pieces)
