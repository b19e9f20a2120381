"""VS token and marker faces: the owner's mark for a black-and-white print, words clear of the cut (issue 33)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from printkit.config.session import load_session, with_overrides
from printkit.games.vs import markers as marker_faces
from printkit.games.vs import tokens as token_faces
from printkit.games.vs.coins import coins
from printkit.games.vs.markers import markers
from printkit.games.vs.model import owner_marks, vs_session
from printkit.games.vs.piece_sheets import GUTTER, SHEET_MARGIN, shared_shelves, sheet_grid, slots, spread_rows
from printkit.games.vs.tokens import tokens, whose
from printkit.geometry import MM, PAPERS
from printkit.imposition import Box, back_box, grid
from printkit.model import Session

from ..conftest import EXAMPLES, ExampleKits
from ..pdfcheck import read

KITS = [(game, lang, paper) for game in ("vs-2025", "vs-2003") for lang in ("ru", "en") for paper in ("a4", "letter")]
IDS = ["-".join(k) for k in KITS]


# What a kit's session lays out, worked out once per kit for all the checks here (sessions and pieces
# are frozen values).
@cache
def session_of(kit: tuple[str, str, str]) -> Session:
    game, lang, paper = kit
    return with_overrides(load_session(EXAMPLES / f"{game}.yaml"), lang, paper)


@cache
def fronts(kit: tuple[str, str, str], stem: str) -> tuple[tuple[Any, ...], float]:
    """The pieces of one file of the kit, in print order, and their size in points."""
    session = session_of(kit)
    options = vs_session(session).tokens
    if stem == "tokens":
        return tuple(tokens(session)), options.cell_mm * MM
    return tuple(markers(session)), options.marker_mm * MM


@cache
def placed(kit: tuple[str, str, str], stem: str) -> tuple[tuple[int, Box, Any], ...]:
    """(page, box, piece) for every piece's front: each sheet of fronts is followed by its backs.
    Tokens fill a grid a sheet; markers share their sheets with the coins (imposition.shelves)."""
    session = session_of(kit)
    items, size = fronts(kit, stem)
    if stem == "tokens":  # each owner's set from a row of its own (piece_sheets.slots)
        g = sheet_grid(session, (size, size))
        places = spread_rows(slots(items, g.cols, whose), g.cols, g.rows)
        return tuple(
            (2 * (p // g.per_sheet), g.boxes[p % g.per_sheet], item) for p, item in zip(places, items, strict=True)
        )
    groups = [*marker_groups(items, size), (vs_session(session).coins.size_mm * MM, len(coins(session)))]
    laid = shared_shelves(PAPERS[kit[2]], groups)
    boxes = [(2 * number, box) for number, sheet in enumerate(laid) for group, box in sheet if group < len(groups) - 1]
    return tuple((number, box, item) for (number, box), item in zip(boxes, items, strict=True))


def marker_groups(items: Sequence[Any], size: float) -> list[tuple[float, int]]:
    """(side, count) of each owner's markers, in print order: each owner's set starts a row."""
    counts: dict[tuple[str, str], int] = {}
    for item in items:
        counts[(item.colour, item.pattern)] = counts.get((item.colour, item.pattern), 0) + 1
    return [(size, n) for n in counts.values()]


class Sheets:
    """A PDF's pages, each loaded once with its text (PDFium loads a page afresh each time it is indexed,
    and a sheet of tokens is read piece by piece)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.pdf = pdfium.PdfDocument(path)
        self.pages: dict[int, Any] = {}
        self.texts: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self.pdf)

    def page(self, number: int) -> Any:
        if number not in self.pages:
            self.pages[number] = self.pdf[number]
        return self.pages[number]

    def text(self, number: int) -> Any:
        if number not in self.texts:
            self.texts[number] = self.page(number).get_textpage()
        return self.texts[number]


def words_in(sheets: Sheets, number: int, box: Box) -> list[str]:
    text = sheets.text(number).get_text_bounded(left=box.x, bottom=box.y, right=box.x + box.w, top=box.y + box.h)
    return str(text).split()


@pytest.mark.parametrize("kit", KITS, ids=IDS)  # (outermost: the id ends in the kit, tests/conftest.py)
@pytest.mark.parametrize("stem", ["tokens", "markers"])
def test_every_front_carries_its_owners_mark(kits: ExampleKits, kit: tuple[str, str, str], stem: str) -> None:
    """issue 33: tokens and markers told their owners apart by hue alone, so a grey print made the
    players' sets alike. Every front now prints its owner's mark as text, and the owners' marks differ."""
    sheets = Sheets(kits(*kit) / f"{stem}.pdf")
    pieces = placed(kit, stem)
    by_owner: dict[str, str] = {}
    for number, box, piece in pieces:
        assert piece.mark, piece
        assert piece.mark in words_in(sheets, number, box), (stem, number, piece)
        by_owner.setdefault(piece.colour, piece.mark)
    assert len(set(by_owner.values())) == len(by_owner) >= 2, by_owner


@pytest.mark.parametrize(
    ("names", "marks"),
    [
        (["Север", "Юг", "Запад", "нейтральные"], ["С", "Ю", "За", "Н"]),  # «З» alone read as 3 (issue 42)
        (["Север", "Сумрак", "neutral"], ["Се", "Су", "N"]),
        (["Player 1", "Player 2", "neutral"], ["1", "2", "N"]),
        (["Ann", "ann", "Bob"], ["1", "2", "Bo"]),  # a B alone reads as 8
    ],
)
def test_owner_marks_are_short_and_never_shared(names: Sequence[str], marks: list[str]) -> None:
    assert owner_marks(names) == marks


def glyphs(pdf: Path, number: int) -> list[tuple[str, float, float, float, float]]:
    """Every printed character of a page (from 0) with its tight box (left, bottom, right, top) in
    points: as tests/pdfcheck.py reads the kit's pages for the layout checks, once for all of them."""
    return [(g.char, g.x0, g.y0, g.x1, g.y1) for g in read(pdf)[number].glyphs]


@pytest.mark.parametrize("kit", KITS, ids=IDS)  # (outermost: the id ends in the kit, tests/conftest.py)
@pytest.mark.parametrize("stem", ["tokens", "markers"])
def test_every_word_on_a_front_keeps_clear_of_the_cut(kits: ExampleKits, kit: tuple[str, str, str], stem: str) -> None:
    """issue 33: the longest token labels sat about 1.5 mm from the cut line. On every front every
    letter now stays the safe distance inside its piece: 3 mm on a token, 2.4 mm on a 16 mm marker
    (its longest word at 6 pt takes the rest)."""
    safe = token_faces.SAFE if stem == "tokens" else marker_faces.SAFE
    pdf = kits(*kit) / f"{stem}.pdf"
    assert_letters_clear(pdf, [(number, box) for number, box, _ in placed(kit, stem)], safe, stem)


def assert_letters_clear(pdf: Path, pieces: Sequence[tuple[int, Box]], safe: float, what: str) -> None:
    """Every letter inside one of the pieces (page, box) lies at least `safe` inside its box."""
    boxes: dict[int, list[Box]] = {}
    for number, box in pieces:
        boxes.setdefault(number, []).append(box)
    tolerance = 0.1 * MM  # the glyph boxes PDFium reports are rounded to its own units
    checked = 0
    for number, on_page in boxes.items():
        for char, left, bottom, right, top in glyphs(pdf, number):
            x, y = (left + right) / 2, (bottom + top) / 2
            box = next((b for b in on_page if b.x <= x <= b.x + b.w and b.y <= y <= b.y + b.h), None)
            if box is None:
                continue  # the sheet's footnote, outside every piece
            gap = min(left - box.x, box.x + box.w - right, bottom - box.y, box.y + box.h - top)
            assert gap >= safe - tolerance, (what, number, char, round(gap / MM, 2))
            checked += 1
    assert checked >= 2 * len(pieces), (what, checked)


@cache
def backs(kit: tuple[str, str, str]) -> tuple[tuple[int, Box, Any], ...]:
    """(page, box, token) for every token's back: the page after its front's, the box where
    write_sheets puts it for the kit's duplex flip."""
    session = session_of(kit)
    flip = vs_session(session).cards.duplex
    return tuple((number + 1, back_box(box, PAPERS[kit[2]], flip, session.printer), token)
                 for number, box, token in placed(kit, "tokens"))  # fmt: skip


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_every_letter_on_a_token_back_keeps_clear_of_the_cut(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 33: a token back's title and owner sat about 1.2 mm from the cut at top and bottom
    (0.6 mm for a descender), the fronts keeping 3 mm. Every letter of every back now keeps the
    fronts' 3 mm, and nothing a player reads there is dropped: each back names its owner and prints
    each of its figures."""
    pdf = kits(*kit) / "tokens.pdf"
    sheets = Sheets(pdf)
    pieces = backs(kit)
    assert_letters_clear(pdf, [(number, box) for number, box, _ in pieces], token_faces.SAFE, "token backs")
    for number, box, token in pieces:
        said = " ".join(words_in(sheets, number, box))
        assert token.owner in said, (number, token.owner, said)
        for line in token.lines:
            assert line in said, (number, line, said)
        assert not token.moves or token.note in said, (number, token.note, said)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g in ("vs-2025", "vs-2003") for lang in ("ru", "en")])
def test_every_letter_on_a_print_shop_token_back_keeps_clear_of_the_trim(kits: ExampleKits, game: str,
                                                                          lang: str) -> None:  # fmt: skip
    """issue 33: a print shop's token backs keep their letters 3 mm and more inside the trim, as
    the sheets' backs do (the shop's 1/8 in, render/printshop.py), in both editions and languages."""
    kit = kits.build(EXAMPLES / f"{game}.yaml", "--only", "tokens", "--print-shop", "--lang", lang)
    pdf = kit / "tokens-print-shop.pdf"
    document = pdfium.PdfDocument(pdf)
    pieces = []
    for number in range(1, len(document), 2):  # a face a page: front, back, front, back ...
        left, bottom, right, top = document[number].get_trimbox()
        pieces.append((number, Box(left, bottom, right - left, top - bottom)))
    assert_letters_clear(pdf, pieces, token_faces.SAFE, "print-shop token backs")


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_markers_and_coins_share_their_sheets(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 33: markers filled about a quarter of their sheet and coins two fifths of theirs. They
    now share sheets: every marker and every coin the game needs is printed, on fewer sheets than
    each kind on sheets of its own took."""
    _, lang, paper = kit
    session = session_of(kit)
    options = vs_session(session)
    wanted = {"markers": len(markers(session)), "coins": len(coins(session))}
    sizes = {"markers": options.tokens.marker_mm * MM, "coins": options.coins.size_mm * MM}
    pdf = pdfium.PdfDocument(kits(*kit) / "markers.pdf")
    fronts = [pdf[i] for i in range(0, len(pdf), 2)]
    # Each coin prints its value's word once ("1 монета", "5 coins"); each marker its owner's mark
    # (test_every_front_carries_its_owners_mark reads them where the markers lie).
    word = "монет" if lang == "ru" else "coin"
    printed = 0
    for page in fronts:
        text = page.get_textpage().get_text_range()
        printed += text.count(word) - text.count("Достоинства монет") - text.count("The coins' values")
    assert printed == wanted["coins"]
    assert len(placed(kit, "markers")) == wanted["markers"]
    # Each kind on sheets of its own, GUTTER apart as on the shared ones (issue 42's counter sheets).
    own = {k: grid(PAPERS[paper], (sizes[k], sizes[k]), gutter=GUTTER, margin=SHEET_MARGIN).per_sheet for k in sizes}
    apart = sum(-(-n // own[k]) for k, n in wanted.items())
    assert len(fronts) <= apart, (len(fronts), apart)
    if all(n <= own[k] / 2 for k, n in wanted.items()):  # two half-empty sheets: one shared sheet
        assert len(fronts) < apart, (len(fronts), apart)


@pytest.mark.parametrize("kit", KITS, ids=IDS)
def test_every_letter_on_a_coin_keeps_clear_of_its_round_cut(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 33: a coin's value and word reached within about 1.3 mm of its round cut; every letter's
    box now lies coins.SAFE inside the circle the cutter follows."""
    from printkit.games.vs import coins as coin_faces

    paper = kit[2]
    session = session_of(kit)
    size = vs_session(session).coins.size_mm * MM
    groups = [*marker_groups(markers(session), vs_session(session).tokens.marker_mm * MM), (size, len(coins(session)))]
    laid = shared_shelves(PAPERS[paper], groups)
    pdf = kits(*kit) / "markers.pdf"
    checked = 0
    for number, sheet in enumerate(laid):
        centres = [box.centre for group, box in sheet if group == len(groups) - 1]
        for char, left, bottom, right, top in glyphs(pdf, 2 * number):
            mid = ((left + right) / 2, (bottom + top) / 2)
            near = min(centres, key=lambda p: (p[0] - mid[0]) ** 2 + (p[1] - mid[1]) ** 2, default=None)
            if near is None or max(abs(near[0] - mid[0]), abs(near[1] - mid[1])) > size / 2:
                continue  # a marker's letter, or the sheet's footnote
            reach = max(((x - near[0]) ** 2 + (y - near[1]) ** 2) ** 0.5 for x in (left, right) for y in (bottom, top))
            assert reach <= size / 2 - coin_faces.SAFE + 0.1 * MM, (number, char, round((size / 2 - reach) / MM, 2))
            checked += 1
    assert checked >= len(coins(session)) * 2


@pytest.mark.slow
@pytest.mark.parametrize("kit", KITS, ids=IDS)  # (outermost: the id ends in the kit, tests/conftest.py)
@pytest.mark.parametrize("stem", ["tokens", "markers"])
def test_the_owners_mark_prints_black_on_white_in_grey(kits: ExampleKits, kit: tuple[str, str, str], stem: str) -> None:
    """issue 33: printed in grey, the players' pieces differed only in a shade of grey. Rendered to
    grey and inked dot by dot as a black-and-white laser does, every owner's mark on the first sheet
    of fronts is black letters on a white ground, whatever the owner's colour: what tells the sets
    apart survives a mono printer (the marks differ: test_every_front_carries_its_owners_mark)."""
    pdf = pdfium.PdfDocument(kits(*kit) / f"{stem}.pdf")
    page = pdf[0]
    scale = 300 / 72
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L").point(lambda v: 255 if v > 127 else 0)
    height = page.get_height()
    text = page.get_textpage()
    marks = {piece.mark for number, _, piece in placed(kit, stem) if number == 0}
    seen: dict[str, int] = {}
    count = text.count_chars()
    for i in range(count):
        # A mark of two letters («За»: «З» alone reads as 3) is read by its first letter, the second
        # following it and no letter after (not the «З» of «Замок»).
        char = next((m for m in marks if text.get_text_range(i, min(len(m) + 1, count - i)).rstrip() == m), None)
        if char is None:
            continue
        left, bottom, right, top = text.get_charbox(i)
        glyph = image.crop((int(left * scale), int((height - top) * scale),
                            int(right * scale) + 1, int((height - bottom) * scale) + 1))  # fmt: skip
        # A strip of the ground just left of the letter, inside its square's frame.
        ground = image.crop((int((left - 0.9) * scale), int((height - top) * scale),
                             int((left - 0.3) * scale), int((height - bottom) * scale)))  # fmt: skip
        inked = sum(1 for v in glyph.tobytes() if v == 0) / max(1, glyph.width * glyph.height)
        if inked > 0.15 and min(ground.tobytes()) == 255:
            seen[char] = seen.get(char, 0) + 1
    assert set(seen) == marks, (seen, marks)


@pytest.mark.parametrize("kit", [k for k in KITS if k[2] == "a4"], ids=[i for i in IDS if i.endswith("a4")])
def test_every_building_back_says_garrison_in_one_word_form(kits: ExampleKits, kit: tuple[str, str, str]) -> None:
    """issue 33: a tower's back said «гарн. 0*» ("garr. 0*") while every other building and mine said
    «гарнизон:» ("garrison:"). Every garrison on a back now reads the same word, with its count or boxes."""
    lang = kit[1]
    word = "гарнизон:" if lang == "ru" else "garrison:"
    sheets = Sheets(kits(*kit) / "tokens.pdf")
    printed = 0
    for number, box, token in backs(kit):
        if token.garrison is None:
            continue
        said = words_in(sheets, number, box)
        assert word in said and not any(w.startswith(("гарн.", "garr.")) for w in said), (number, token.title, said)
        printed += 1
    assert printed > 0
