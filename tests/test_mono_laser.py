"""What a home black-and-white laser meets, measured on the printed kits (issue 42, the contact-sheet review)."""

from __future__ import annotations

import ctypes
import io
import itertools
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from PIL import Image, ImageStat

from printkit.config.session import load_session, player_name, with_overrides
from printkit.games.stratego.model import PRINTED
from printkit.games.vs import markers as marker_faces
from printkit.games.vs.cards import draw_front
from printkit.games.vs.map_sheet import VsOverlay, river_width
from printkit.games.vs.markers import draw_marker, markers
from printkit.games.vs.model import ALIKE, LIKE_A_DIGIT, owner_marks, vs_of, vs_session
from printkit.games.vs.orders import all_cards
from printkit.games.vs.piece_sheets import sheet_grid
from printkit.games.vs.tokens import tokens
from printkit.geometry import MM
from printkit.imposition import Box
from printkit.labels import label
from printkit.maps.sheet import terrain_fill
from printkit.pipeline.print_guide import GUIDE
from printkit.render.canvas import open_canvas

from .conftest import EXAMPLES, KIT_SEED, ExampleKits, pdf_text
from .pdfcheck import read

SMALL = 12.0  # pt: type under this size prints black (or white on a dark ground), never a tint


def inks(pdf: Path) -> list[tuple[int, str, float, float]]:
    """(page from 1, character, size in points, darkness 0-1 in grey) of every printed character."""
    document = pdfium.PdfDocument(pdf)
    out = []
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    for number, page in enumerate(document, start=1):
        text = page.get_textpage()
        chars = text.get_text_range(errors="surrogatepass")
        for i, char in enumerate(chars[: text.count_chars()]):
            if not char.strip():
                continue
            obj = text.get_textobj(i)
            m = obj.get_matrix()
            size = obj.get_font_size() * math.sqrt(abs(m.a * m.d - m.b * m.c))
            raw.FPDFText_GetFillColor(text.raw, i, r, g, b, a)
            out.append((number, char, size, 1 - (0.299 * r.value + 0.587 * g.value + 0.114 * b.value) / 255))
        text.close()
    document.close()
    return out


def tinted(pdf: Path) -> list[tuple[int, str, float, float]]:
    """The small characters that print as a halftoned grey: neither black nor white (knocked out)."""
    return [(n, ch, round(s, 1), round(d, 2)) for n, ch, s, d in inks(pdf) if s < SMALL and 0.03 < d < 0.9]


@pytest.mark.parametrize(
    ("name", "files"),
    [
        ("vs-2025", ("battle-cards.pdf", "tokens.pdf", "markers.pdf")),
        ("vs-2003", ("battle-cards.pdf", "tokens.pdf", "markers.pdf")),
        ("strategiya", ("plot.pdf", "secret-sheet-player-1.pdf")),
        ("stratego", ("stratego-setup.pdf", "stratego-secret-red.pdf")),
    ],
)
def test_small_type_prints_black(kits: ExampleKits, name: str, files: tuple[str, ...]) -> None:
    """issue 42: the fire card's "+ advantage" printed 30 % grey, the token and marker sheets'
    footnotes a grey, the plot sheet's turn numbers #777 and its marks red, the Stratego sheets'
    coordinates and notes grey. Small type on these sheets is now black, or white on a dark band."""
    kit = kits(name)
    for file in files:
        found = tinted(kit / file)
        assert not found, f"{file}: small type in a tint (page, char, pt, darkness): {found[:8]}"


def grey(pdf: bytes, scale: float = 4.0) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    image = document[0].render(scale=scale, grayscale=True).to_pil().convert("L")
    document.close()
    return image


def test_every_order_symbol_prints_dark() -> None:
    """issue 42: the fire order's bow printed in its amber, about 30 % grey on a mono laser. Each
    order's symbol, with and without the «+», now prints at least 55 % dark where it is inked."""
    session = load_session(EXAMPLES / "vs-2025.yaml")
    w, h = 63 * MM, 88 * MM
    for card in all_cards(vs_of(session.ruleset).orders):
        buffer = io.BytesIO()
        c = open_canvas(buffer, "a4", "card", "card", pagesize=(w, h))
        draw_front(c, session, card, w, h, 0.0)
        c.showPage()
        c.save()
        image = grey(buffer.getvalue())
        # The symbol's middle: a square a fifth of the card wide at its centre.
        side = image.width / 5
        crop = image.crop((int(image.width / 2 - side), int(image.height / 2 - side),
                           int(image.width / 2 + side), int(image.height / 2 + side)))  # fmt: skip
        darkest = crop.getextrema()[0]
        assert 1 - darkest / 255 >= 0.55, (card.label(), round(1 - darkest / 255, 2))


def owner_names(name: str, lang: str) -> list[str]:
    session = with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, "a4")
    names = [player_name(session, n) for n in range(1, len(session.players) + 1)]
    return [*names, label("tk_neutral", lang)]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", ["vs-2025", "vs-2003"])
def test_no_owners_mark_reads_as_a_digit_or_as_another(name: str, lang: str) -> None:
    """issue 42: «З» (Запад) looked like the digit 3 on a badge. Every example's owners, in both
    languages: no mark is one letter that reads as a digit, no two one-letter marks are alike."""
    marks = owner_marks(owner_names(name, lang))
    assert not [m for m in marks if len(m) == 1 and m.upper() in LIKE_A_DIGIT], marks
    group = {ch: k for k, g in enumerate(ALIKE) for ch in g}
    alike = [(a, b) for a, b in itertools.combinations(marks, 2)
             if len(a) == len(b) == 1 and a in group and group[a] == group.get(b)]  # fmt: skip
    assert not alike, marks
    assert len(set(marks)) == len(marks)


@pytest.mark.parametrize(
    ("names", "marks"),
    [
        (["Север", "Юг", "Запад", "нейтральные"], ["С", "Ю", "За", "Н"]),
        (["Север", "Озеро", "нейтральные"], ["С", "Оз", "Н"]),
        (["Шторм", "Щит", "neutral"], ["Шт", "Щи", "N"]),
        (["Oslo", "Bergen", "Stavanger", "neutral"], ["Os", "Be", "St", "N"]),
        (["Player 1", "Player 2", "neutral"], ["1", "2", "N"]),
    ],
)
def test_marks_take_a_second_letter_where_one_misleads(names: list[str], marks: list[str]) -> None:
    assert owner_marks(names) == marks


def test_the_example_tokens_print_the_two_letter_mark(kits: ExampleKits) -> None:
    """The example's third player, Запад, is «За» on the printed tokens, never «З» alone."""
    text = " ".join(pdf_text(kits("vs-2025") / "tokens.pdf"))
    assert re.search(r"(?<!\w)За(?!\w)", text) and not re.search(r"(?<!\w)З(?!\w)", text)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", ["vs-2025", "vs-2003"])
def test_marker_words_keep_clear_of_the_frame(tmp_path: Path, name: str, lang: str) -> None:
    """issue 42: the longest marker labels came within 0.4 mm of the frame's inner edge and seemed
    to touch it. Every letter of every marker of either edition, front and back, keeps 0.55 mm."""
    session = with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, "a4")
    size = vs_session(session).tokens.marker_mm * MM
    faces = list(dict.fromkeys(markers(session)))
    path = tmp_path / "markers.pdf"
    c = open_canvas(str(path), "a4", "markers", "markers")
    boxes = []
    for i, marker in enumerate(faces):
        for back in (False, True):
            box = Box(
                10 * MM + (i % 8) * (size + 4 * MM), 20 * MM + (2 * (i // 8) + back) * (size + 4 * MM), size, size
            )
            draw_marker(c, box, marker, back)
            boxes.append(box)
    c.showPage()
    c.save()
    inside = marker_faces.FRAME + 0.55 * MM
    near = []
    for g in read(path)[0].glyphs:
        box = next(b for b in boxes if b.x <= g.x0 <= b.x + b.w and b.y <= g.y0 <= b.y + b.h)
        room = min(g.x0 - box.x, g.y0 - box.y, box.x + box.w - g.x1, box.y + box.h - g.y1)
        if room < inside:
            near.append((g.char, round((room - marker_faces.FRAME) / MM, 2)))
    assert not near, f"letters nearer the frame than 0.55 mm (char, mm): {near[:8]}"


def blue_width(image: Image.Image, x: int, y0: int, y1: int) -> int:
    """The rows of one pixel column from y0 to y1 that are river blue."""
    rgb = image.convert("RGB")
    return sum(1 for y in range(y0, y1) if (p := rgb.getpixel((x, y)))[2] > 150 and p[0] < 80)  # type: ignore[index]


def test_the_legends_river_is_as_wide_as_the_maps() -> None:
    """issue 42: the legend drew a river as a 1.5 pt line; the map draws it 12 % of a cell wide
    (6.8 pt in 20 mm cells). Measured in pixels, the legend's river is the map's width."""
    session = load_session(EXAMPLES / "vs-2025.yaml")
    assert session.game_map is not None
    overlay = VsOverlay(session.game_map, session.ruleset, "ru", {})
    river = next(iter(sorted(overlay.part.rivers)))
    s = 20 * MM
    buffer = io.BytesIO()
    c = open_canvas(buffer, "a4", "river", "river", pagesize=(100 * MM, 40 * MM))
    overlay.cell(c, *river, 5 * MM, 10 * MM, s)
    ((symbol, _),) = overlay.terrain_row()
    symbol(c, 60 * MM, 15 * MM, 5 * MM)
    c.showPage()
    c.save()
    scale = 8.0
    document = pdfium.PdfDocument(buffer.getvalue())
    picture = document[0].render(scale=scale).to_pil()
    document.close()
    height = picture.height
    # The legend's line runs level across its square: a column through the square's middle.
    legend = blue_width(picture, round(62.5 * MM * scale), 0, height)
    expected = river_width(s) * scale
    assert abs(legend - expected) <= 2, (legend, expected)
    # The map's river, measured across a straight run of it, is the same width.
    drawn = max(blue_width(picture, round((5 * MM + s * k / 10) * scale), 0, height) for k in (3, 7))
    horizontal = [blue_width(picture.transpose(Image.Transpose.TRANSPOSE), round((10 * MM + s * k / 10) * scale), 0,
                             picture.width) for k in (3, 7)]  # fmt: skip
    assert min(v for v in (drawn, *horizontal) if v) == pytest.approx(expected, abs=2)


def test_the_maps_owner_marks_stand_on_solid_white(kits: ExampleKits) -> None:
    """issue 42: a forest's rings showed through the see-through tag behind «С», in grey a ringed
    letter. Around each large mark on the map, inside its tag, the paper is white."""
    pdf = kits("vs-2025") / "map.pdf"
    page = read(pdf)[0]
    marks = [g for g in page.glyphs if g.size >= 12 and g.char in "СЮЗ"]
    assert marks
    document = pdfium.PdfDocument(pdf)
    scale = 300 / 72
    image = document[0].render(scale=scale, grayscale=True).to_pil().convert("L")
    document.close()
    for g in marks:
        # A strip 0.3 to 0.8 mm left of the letter: inside the tag (its sides stand a quarter em off).
        left = (g.x0 - 0.8 * MM) * scale, (page.height - g.y1) * scale
        strip = image.crop((round(left[0]), round(left[1]), round((g.x0 - 0.3 * MM) * scale),
                            round((page.height - g.y0) * scale)))  # fmt: skip
        assert strip.getextrema()[0] > 235, (g.char, strip.getextrema())


def test_stratego_sides_differ_in_grey_and_symbols_are_russian(kits: ExampleKits) -> None:
    """issue 42: the quick reference's board printed both sides' rows the same grey, and a Russian
    kit printed the ranks as X, B and F. Measured in grey: blue's rows and red's differ by a fifth
    of the scale or more (or carry a pattern red's lack); the Russian card and setup sheets print
    10, М and Ф and no Latin rank letter."""
    pdf = kits("stratego") / "quickref.pdf"
    page = read(pdf)[0]
    size = min(g.size for g in page.glyphs)
    labels = {ln.text: ln for ln in page.lines() if ln.text in ("1", "10") and ln.glyphs[0].size == size}
    assert set(labels) == {"1", "10"}, [ln.text for ln in page.lines() if ln.glyphs[0].size == size][:20]
    document = pdfium.PdfDocument(pdf)
    scale = 200 / 72
    image = document[0].render(scale=scale, grayscale=True).to_pil().convert("L")
    document.close()

    def row(line: object) -> ImageStat.Stat:
        g = line.glyphs[0]  # type: ignore[attr-defined]
        x, y = (g.x1 + 3 * MM) * scale, (page.height - (g.y0 + g.y1) / 2) * scale
        return ImageStat.Stat(
            image.crop((round(x), round(y - MM * scale), round(x + 3 * MM * scale), round(y + MM * scale)))
        )

    blue, red = row(labels["10"]), row(labels["1"])
    assert abs(blue.mean[0] - red.mean[0]) >= 0.2 * 255 or blue.stddev[0] > red.stddev[0] + 20, (blue.mean, red.mean)
    for file in ("quickref.pdf", "stratego-setup.pdf", "stratego-secret-red.pdf"):
        words = set(" ".join(pdf_text(kits("stratego") / file)).split())
        assert not words & {"X", "B", "F"}, (file, words & {"X", "B", "F"})
    ranks = " ".join(pdf_text(kits("stratego") / "quickref.pdf"))
    assert all(f" {shown} " in f" {ranks} " for shown in PRINTED["ru"].values()), ranks[:200]


def test_a_stratego_secret_is_a_file_of_its_own(kits: ExampleKits) -> None:
    """issue 42: the secret setup shared stratego-setup.pdf with the blank plans, so whoever printed
    the plans printed the secret too. Each side's setup is now its own file, named by the guide."""
    kit = kits("stratego")
    plans = " ".join(pdf_text(kit / "stratego-setup.pdf"))
    assert "Секретно" not in plans and "/" not in plans.replace("«/»", "")
    secret = pdf_text(kit / "stratego-secret-red.pdf")
    assert len(secret) == 1 and "Секретно" in secret[0]
    assert not (kit / "stratego-secret-blue.pdf").exists()  # the example gives red's setup alone
    guide = pdf_text(kit / GUIDE)[0]
    assert "stratego-setup.pdf" in guide and "stratego-secret-red.pdf" in guide


@pytest.mark.parametrize("name", ["stratego", "tannhauser"])
def test_a_paper_only_guide_speaks_of_no_card(kits: ExampleKits, name: str) -> None:
    """issue 42: the Stratego and Tannhäuser guides spoke of card backs, cards and tokens that their
    kits do not have."""
    guide = " ".join(pdf_text(kits(name) / GUIDE)[0].split()).casefold()
    for word in ("рубашк", "карты, фишки", "картон"):
        assert word not in guide, word


def test_the_record_sheets_flag_labels_do_not_break(kits: ExampleKits) -> None:
    """issue 42: "наши на кругах" ended a line and "задач:" began the next. Each label of the
    flags' row stays on one line with its squares."""
    lines = [ln.text for page in read(kits("tannhauser") / "record-sheets.pdf") for ln in page.lines()]
    whole = label("ts_flags_placed", "ru")
    assert any(whole in line.replace("\u00a0", " ") for line in lines), [ln for ln in lines if "наши" in ln]


SWITCH = re.compile(r"(?<![\w-])--[a-z][a-z-]+")
DICE = re.compile(r"(?<![\w/.-])\d*[DdД](6|10)\b")


@pytest.mark.parametrize("name", ["strategiya", "strategiya-heroes", "vs-2025", "vs-2003", "tannhauser", "stratego"])
def test_no_page_names_a_switch_and_russian_dice_are_written_k(kits: ExampleKits, name: str) -> None:
    """issue 42: a Russian player's pages named terminal switches (--natural-ten-stays,
    --plain-mage, --edition) and wrote dice as D6 and d10, while the referee's Russian says к6 and
    к10. A page says a reading in words; a Russian page writes a die as к6 or к10 (Stratego rolls
    none, and its lakes' cells, d5 and d6, are no dice)."""
    kit = kits(name)
    found = []
    for pdf in sorted(kit.glob("*.pdf")):
        if pdf.name == GUIDE:
            continue  # the guide is for whoever builds the kit, with printkit
        for number, page in enumerate(pdf_text(pdf), start=1):
            flat = " ".join(page.split())
            found += [(pdf.name, number, m.group()) for m in SWITCH.finditer(flat)]
            if name != "stratego":
                found += [(pdf.name, number, m.group()) for m in DICE.finditer(flat)]
    assert not found, found[:10]


@pytest.mark.parametrize("name", ["vs-2025", "vs-2003"])
def test_no_page_sends_the_reader_to_a_section_it_does_not_number(kits: ExampleKits, name: str) -> None:
    """issue 42: the VS 2003 booklet, ledger and quick reference cited §2.1, §2.3 and §4.2 of the
    rules document, which the kit's booklet does not number, so no reader could look them up. A
    printed reading says itself in words; the referee's answers keep their sources."""
    kit = kits(name)
    found = [(pdf.name, number) for pdf in sorted(kit.glob("*.pdf")) if pdf.name != GUIDE
             for number, page in enumerate(pdf_text(pdf), start=1) if "§" in page]  # fmt: skip
    assert not found, found[:10]


def test_each_players_tokens_start_a_row(kits: ExampleKits) -> None:
    """issue 42: a row of tokens held the end of one player's set and the start of the next. On the
    printed fronts, every row of the grid holds one player's marks (the neutral set, nobody's,
    fills the ends of rows), and the grouping costs no sheet: two, as before."""
    session = load_session(EXAMPLES / "vs-2025.yaml")
    pdf = kits("vs-2025") / "tokens.pdf"
    size = vs_session(session).tokens.cell_mm * MM
    g = sheet_grid(session, (size, size))
    marks = set(owner_marks(owner_names("vs-2025", "ru"))[:-1])  # the players': the neutral set fills row ends
    document = pdfium.PdfDocument(pdf)
    rows_checked = 0
    for number in range(0, len(document), 2):
        text = document[number].get_textpage()
        for r in range(g.rows):
            owners = set()
            for box in g.boxes[r * g.cols : (r + 1) * g.cols]:
                words = text.get_text_bounded(left=box.x, bottom=box.y, right=box.x + box.w, top=box.y + box.h).split()
                owners |= marks & set(words)
            assert len(owners) <= 1, (number + 1, r + 1, owners)
            rows_checked += bool(owners)
        text.close()
    document.close()
    assert rows_checked >= 8
    assert len(list(tokens(session))) > g.per_sheet  # more than a sheet: the rows run on across sheets
    assert len(read(pdf)) == 4  # two sheets, fronts and backs


# A figure with a fractional part: Russian writes 54,9 and English 54.9.
FRACTION = {"ru": re.compile(r"(?<![\d.,])\d+,\d+(?![\d.,])"), "en": re.compile(r"(?<![\d.,])\d+\.\d+(?![\d.,])")}


@pytest.mark.parametrize(("lang", "paper"), [("ru", "a4"), ("en", "letter")])
@pytest.mark.parametrize("name", ["strategiya", "tannhauser"])
def test_quick_references_write_decimals_as_their_language_does(kits: ExampleKits, name: str, lang: str,
                                                                paper: str) -> None:  # fmt: skip
    """issue 42, second review: the Russian quick references printed "54.9 %", "99.9" and "<0.1".
    A Russian page writes a decimal comma, an English one a point; both print their fractions."""
    flat = " ".join(" ".join(page.split()) for page in pdf_text(kits(name, lang, paper) / "quickref.pdf"))
    other = "en" if lang == "ru" else "ru"
    assert len(FRACTION[lang].findall(flat)) >= 10
    assert not FRACTION[other].findall(flat), FRACTION[other].findall(flat)[:5]


@pytest.mark.parametrize("name", ["vs-2025", "vs-2003"])
def test_the_structures_table_keeps_its_short_phrases_whole(kits: ExampleKits, name: str) -> None:
    """issue 42, second review: the Russian quick reference's structures table broke «с / земли» and
    «не / нападая» over two lines of their cells. Each stays on one line."""
    text = "\n".join(pdf_text(kits(name) / "quickref.pdf"))
    for phrase in (label("tb_land", "ru"), label("tb_walls_defence", "ru")):
        first, second = phrase.split("\u00a0")
        assert re.search(rf"{first}[ \u00a0]{second}", text), phrase
        assert not re.search(rf"(?<!\S){first}[ \u00a0]*\n[ \u00a0]*{second}", text), phrase


def rule_clearance(pdf: Path) -> list[tuple[int, str, float]]:
    """(page from 1, character, mm) of every printed character less than 1 mm from a vertical rule
    beside it: a cell's side drawn as a thin upright path that spans the character's middle."""
    document = pdfium.PdfDocument(pdf)
    close = []
    for number, page in enumerate(document, start=1):
        rules = []
        for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=3):
            x0, y0, x1, y1 = obj.get_bounds()
            if x1 - x0 < 1.2 and y1 - y0 > 4:
                rules.append(((x0 + x1) / 2, y0, y1))
        text = page.get_textpage()
        chars = text.get_text_range(errors="surrogatepass")
        for i, char in enumerate(chars[: text.count_chars()]):
            if not char.strip():
                continue
            left, bottom, right, top = text.get_charbox(i)
            for x, low, high in rules:
                if low <= (bottom + top) / 2 <= high and not left < x < right:
                    gap = min(abs(left - x), abs(right - x)) / MM
                    if gap < 1.0:
                        close.append((number, char, round(gap, 2)))
        text.close()
    document.close()
    return close


@pytest.mark.parametrize(("name", "lang", "paper", "pdf"), [
    ("strategiya", "ru", "a4", "quickref.pdf"), ("strategiya", "en", "letter", "quickref.pdf"),
    ("vs-2003", "ru", "a4", "ledger.pdf"), ("vs-2003", "en", "letter", "ledger.pdf"),
])  # fmt: skip
def test_no_letter_touches_its_cells_rule(kits: ExampleKits, name: str, lang: str, paper: str, pdf: str) -> None:
    """issue 42, second review: the VS ledger's column heads ran from rule to rule, and the Strategiya
    quick reference's "900 $", "3; два — 6" and "+25 % к цене" touched their cells' sides (0.8 mm).
    No letter now stands within 1 mm of a cell's side."""
    close = rule_clearance(kits(name, lang, paper) / pdf)
    assert not close, close[:10]


@pytest.mark.parametrize(("lang", "paper"), [("ru", "a4"), ("en", "letter")])
def test_a_written_sex_keeps_clear_of_the_age_label(kits: ExampleKits, lang: str, paper: str) -> None:
    """issue 42, second review: the hero sheet printed the sex right-aligned on its line, so
    "Пол: __м Возраст" jammed the value into the next label. The value stands centred on its line,
    at least 2 mm before the age's label."""
    document = pdfium.PdfDocument(kits("strategiya-heroes", lang, paper) / "hero-sheets.pdf")
    text = document[0].get_textpage()
    chars = text.get_text_range(errors="surrogatepass")
    age = label("age", lang)
    gaps = []
    for start in [m.start() for m in re.finditer(age, chars)]:
        before = start - 1
        while before >= 0 and not chars[before].strip():
            before -= 1
        value = text.get_charbox(before)[2]
        gaps.append((text.get_charbox(start)[0] - value) / MM)
    text.close()
    document.close()
    assert gaps and min(gaps) >= 2.0, gaps


# ---- distinct things in distinct greys (issue 42, third review) -------------------------------------


def bt601(rgb: tuple[int, int, int]) -> float:
    """The grey (0-255) a black-and-white printer makes of a colour (ITU-R BT.601, as the review measured)."""
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def filled(pdf: Path, number: int) -> list[tuple[tuple[int, int, int], tuple[float, float, float, float]]]:
    """(fill colour, bounds) of every filled path on a page (from 0), forms included."""
    document = pdfium.PdfDocument(pdf)
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    fill, stroked = ctypes.c_int(), ctypes.c_int()
    found = []
    for obj in document[number].get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=3):
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroked)
        if not fill.value:
            continue
        raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
        found.append(((r.value, g.value, b.value), obj.get_bounds()))
    document.close()
    return found


def printed_grey(image: Image.Image, height: float, scale: float, box: tuple[float, float, float, float]) -> float:
    """The mean grey of a part of a page image rendered at `scale`, given in points from the page's foot."""
    x0, y0, x1, y1 = box
    crop = image.crop(
        (round(x0 * scale), round((height - y1) * scale), round(x1 * scale), round((height - y0) * scale))
    )
    return float(ImageStat.Stat(crop).mean[0])


@pytest.mark.parametrize("name", ["vs-2025", "vs-2003"])
def test_a_tokens_move_boxes_print_each_terrain_in_its_own_grey(kits: ExampleKits, name: str) -> None:
    """issue 42, third review: on a grey print the move boxes of a token's back showed field and
    desert in one light grey (197 and 198). The terrains' colours now step in lightness: measured on
    the printed backs, beside each box's figure, every two terrains lie 25 or more apart."""
    session = load_session(EXAMPLES / f"{name}.yaml")
    colours = {tuple(int(t.colour[i : i + 2], 16) for i in (1, 3, 5)): t.id for t in session.ruleset.terrains}
    pdf = kits(name) / "tokens.pdf"
    scale = 300 / 72
    document = pdfium.PdfDocument(pdf)
    image = document[1].render(scale=scale, grayscale=True).to_pil().convert("L")  # the first sheet's backs
    height = document[1].get_height()
    document.close()
    greys: dict[str, list[float]] = {}
    for colour, (x0, y0, x1, y1) in filled(pdf, 1):
        if colour in colours and y1 - y0 < 10 and x1 - x0 < 12:  # a move box, 8.5 pt high
            # A strip along the box's left side, clear of its border and of the figure in its middle.
            strip = (x0 + 0.9, y0 + 1.5, x0 + 2.0, y1 - 1.5)
            greys.setdefault(colours[colour], []).append(printed_grey(image, height, scale, strip))
    assert len(greys) >= 4, sorted(greys)
    level = {terrain: sum(found) / len(found) for terrain, found in greys.items()}
    close = [(a, b, round(abs(level[a] - level[b]))) for a, b in itertools.combinations(sorted(level), 2)
             if abs(level[a] - level[b]) < 25]  # fmt: skip
    assert not close, {k: round(v) for k, v in level.items()}
    # A second measure, from the declared colours alone: every pair of the edition's terrains.
    lumas = sorted(bt601(c) for c in colours)
    assert min(b - a for a, b in itertools.pairwise(lumas)) >= 25, [round(v) for v in lumas]


@pytest.mark.parametrize("greyscale", [False, True], ids=["colour", "ink-saving"])
@pytest.mark.parametrize("name", ["vs-2025", "vs-2003"])
def test_the_maps_legend_swatches_print_as_the_cells_they_explain(kits: ExampleKits, name: str,
                                                                 greyscale: bool) -> None:  # fmt: skip
    """issue 42, third review: the VS map's legend must show each terrain as its cells print. Measured
    in grey on the printed map (colour kit and ink-saving kit), the ground of every terrain's swatch
    (inside its border, clear of its pattern) is within 3 levels of the ground of that terrain's cells,
    and the legend's coin says what the map's coin shows: a land's income, and nothing else."""
    session = load_session(EXAMPLES / f"{name}.yaml")
    kit = kits(name) if not greyscale else kits.build(EXAMPLES / f"{name}.yaml", "--only", "map", "--greyscale")
    pdf = kit / "map.pdf"
    scale = 300 / 72
    document = pdfium.PdfDocument(pdf)
    image = document[0].render(scale=scale, grayscale=True).to_pil().convert("L")
    height = document[0].get_height()
    document.close()
    cells: dict[tuple[int, int, int], list[float]] = {}
    swatches: dict[tuple[int, int, int], list[float]] = {}
    for colour, (x0, y0, x1, y1) in filled(pdf, 0):
        side = (x1 - x0) / MM
        if abs((x1 - x0) - (y1 - y0)) > 1 or not (4 < side < 8 or 15 < side < 25):
            continue
        # The ground in the square's lower left corner, clear of its border (1 pt) and left of and
        # under every pattern (dots, peaks, trees and waves start a fifth of the square up, a deep
        # sea's band 0.15 of it in from the left: 0.9 mm in a 6 mm swatch).
        spot = (x0 + 0.6 * MM, y0 + 0.6 * MM, x0 + 0.8 * MM, y0 + 0.8 * MM)
        (swatches if side < 8 else cells).setdefault(colour, []).append(printed_grey(image, height, scale, spot))
    fills = {t.id: tuple(round(255 * v) for v in terrain_fill(t.colour, greyscale)) for t in session.ruleset.terrains}
    compared = 0
    for terrain, fill in fills.items():
        if fill not in cells or fill not in swatches:
            continue
        # A cell's corner may hold a building or a label: the commonest reading is the ground's.
        ground = max(set(round(v) for v in cells[fill]), key=[round(v) for v in cells[fill]].count)
        assert abs(swatches[fill][0] - ground) <= 3, (terrain, round(swatches[fill][0]), ground)
        compared += 1
    assert compared >= 4, (sorted(fills), len(cells), len(swatches))
    text = " ".join(pdf_text(pdf))
    assert label("vm_income", "ru") in text and "№" not in text.split(label("vm_income", "ru"))[0][-12:]
    # The shorter coin entry left «постройка владельца» setting the legend's size, and cut short by
    # a hair («постройка владель…»): every entry prints whole.
    assert label("vm_building", "ru") in text and "…" not in text


@pytest.mark.parametrize(("name", "lang", "paper"), [("vs-2025", "ru", "a4"), ("vs-2003", "en", "letter")])
def test_the_maps_legend_leaves_room_between_an_entrys_words_and_the_next_sample(
    kits: ExampleKits, name: str, lang: str, paper: str
) -> None:
    """issue 42, third review: «постройка владельца» ran to within half a millimetre of the troop's
    sample beside it. On the printed legend every entry's words end 1.5 mm or more before the next
    sample drawn to their right on the same row (the layout leaves 2 mm; a glyph's box may reach a
    little past its advance)."""
    document = pdfium.PdfDocument(kits(name, lang, paper) / "map.pdf")
    page = document[0]
    text = page.get_textpage()
    foot = 40 * MM  # the legend and the caption lie in the sheet's foot
    chars = [text.get_charbox(i) for i in range(text.count_chars())]
    shapes = [o.get_bounds() for o in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=3)]
    document.close()
    words = [b for b in chars if b[3] < foot and b[2] > b[0]]
    samples = [b for b in shapes if b[3] < foot and 3 * MM < b[2] - b[0] < 8 * MM and 2 * MM < b[3] - b[1] < 8 * MM]
    assert len(samples) >= 8, len(samples)
    tight = []
    for _, bottom, right, top in words:
        ahead = [s[0] - right for s in samples if s[0] >= right - 0.5 and s[1] < top and s[3] > bottom]
        if ahead and min(ahead) < 1.5 * MM:
            tight.append((round(right / MM, 1), round(min(ahead) / MM, 2)))
    assert not tight, f"words ending closer than 1.5 mm to the next sample (x mm, gap mm): {tight}"


# ---- words clear of their frames (issue 42, fourth review) ------------------------------------------

WORD_CLEAR = 0.9  # pt: a piece's words keep about a point of their own ground round them
CLEAR_SCALE = 600 / 72  # px a point: a pixel is an eighth of the clearance asked for


def crowded_letters(pdf: Path, clear: float = WORD_CLEAR) -> list[tuple[int, str, float, float]]:
    """(page from 1, character, x, y in mm from the top left) of every printed character with other
    ink within `clear` pt of its box: the page drawn without its text, each character's box grown
    by `clear` must show only the ground under the character's middle (its panel, plate or box).
    Measured on what prints, so a pattern painted over by a white panel does not count."""
    document = pdfium.PdfDocument(pdf)
    close = []
    for number, page in enumerate(document, start=1):
        text = page.get_textpage()
        chars = text.get_text_range(errors="surrogatepass")
        boxes = [(chars[i], text.get_charbox(i)) for i in range(text.count_chars()) if chars[i].strip()]
        text.close()
        drawn = list(page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT], max_depth=1))
        assert len(drawn) == len(list(page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT], max_depth=4)))
        for obj in drawn:
            page.remove_obj(obj)
        page.gen_content()
        image = page.render(scale=CLEAR_SCALE, grayscale=True).to_pil().convert("L")
        height = page.get_height()
        for char, (left, bottom, right, top) in boxes:
            middle = image.getpixel(
                (int((left + right) / 2 * CLEAR_SCALE), int((height - (bottom + top) / 2) * CLEAR_SCALE))
            )
            assert isinstance(middle, int)
            grown = tuple(
                round(v * CLEAR_SCALE)
                for v in (left - clear, height - top - clear, right + clear, height - bottom + clear)
            )
            low, high = image.crop(grown).getextrema()  # type: ignore[misc]
            if middle - low > 48 or high - middle > 48:
                close.append((number, char, round(left / MM, 1), round((height - top) / MM, 1)))
    document.close()
    return close


PIECE_KITS = [
    ("vs-2025", "ru", "a4"),
    ("vs-2025", "en", "letter"),
    ("vs-2003", "ru", "a4"),
    ("vs-2003", "en", "letter"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "lang", "paper"), PIECE_KITS, ids=["-".join(k) for k in PIECE_KITS])
@pytest.mark.parametrize("greyscale", [False, True], ids=["colour", "ink-saving"])
def test_no_word_on_a_piece_touches_its_frame(kits: ExampleKits, name: str, lang: str, paper: str,
                                              greyscale: bool) -> None:  # fmt: skip
    """issue 42, fourth review: on the VS tokens the name plates left 0.2-0.3 mm to the band's
    pattern ("Light infantry"), a back's first figure ("17 coins") sat on the band's foot, the
    dagger of a move box's "5†" touched the box's side (0.07 pt) and a two-letter owner's mark came
    0.3 mm from its badge. Every letter of the tokens and markers, either face, now keeps about a
    point of its own ground round it, read from the printed pages in colour and in the ink-saving kit."""
    if greyscale:
        kit = kits.build(EXAMPLES / f"{name}.yaml", "--seed", KIT_SEED, "--greyscale", "--lang", lang, "--paper", paper)
    else:
        kit = kits(name, lang, paper)
    for file in ("tokens.pdf", "markers.pdf"):
        close = crowded_letters(kit / file)
        assert not close, f"{file}: letters within {WORD_CLEAR} pt of other ink (page, char, x, y mm): {close[:12]}"


def test_a_touching_letter_is_found(tmp_path: Path) -> None:
    """The measure above finds a letter 0.3 pt from a frame's side and passes one 1.4 pt from it."""
    path = tmp_path / "frames.pdf"
    c = open_canvas(str(path), "a4", "frames", "frames")
    c.setLineWidth(0.2)
    for x, gap in ((20 * MM, 0.3), (80 * MM, 1.4)):
        c.setFont("Helvetica", 10)
        c.drawString(x, 100 * MM, "H")
        stem = x + 0.79  # Helvetica's H stands 79/1000 em inside its advance
        c.line(stem - gap - 0.1, 100 * MM - 5, stem - gap - 0.1, 100 * MM + 15)
    c.showPage()
    c.save()
    assert [(page, char) for page, char, *_ in crowded_letters(path)] == [(1, "H")]
