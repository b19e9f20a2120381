"""Layout rules measured on every example kit, in both languages on both papers (issue 17).

Each rule reads the PDFs a user would print (tests/pdfcheck.py): type sizes, what lies near the
sheet's edge, how full booklet pages are, where tables break, repeated headings, hyphens in table
cells, spacing after full stops and markup that leaked into print. The kits are built once per
test session (the `kits` fixture) and shared with every other test that reads them.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from printkit.config.session import load_session
from printkit.geometry import PRINTABLE_MARGIN
from printkit.labels import label
from printkit.pipeline.kit import kinds_for
from printkit.render.html import environment
from printkit.sheets.quickref import sides

from .conftest import CONFIGS, EXAMPLES, KIT_SEED, ExampleKits, pdf_text
from .pdfcheck import (
    AUTO_HYPHEN,
    MM,
    Glyph,
    Line,
    Page,
    _read,
    body_lines,
    ink_in_margin,
    outline_starts,
    read,
    split_tables,
    table_parts,
    toner,
)

MIN_TEXT = 6.0  # pt
# The booklet's page box margins (templates/booklet.css): running header above, page number below.
BOOKLET_TOP, BOOKLET_BOTTOM = 15 * MM, 16 * MM
QUICKREF_MARGIN = 9 * MM * 0.84  # quickref.css, at the smallest fitting scale
KITS = [(c.stem, lang, paper) for c in CONFIGS for lang in ("ru", "en") for paper in ("a4", "letter")]
WITH_BOOKLET = [k for k in KITS if "booklet" in kinds_for(load_session(EXAMPLES / f"{k[0]}.yaml"))]


# The ids end in the kit (config-lang-paper): under xdist every check of one kit runs on one worker
# (tests/conftest.py's xdist_group marks), which reads each PDF once for all of them.
@pytest.fixture(scope="module", params=KITS, ids=["-".join(k) for k in KITS])
def kit(request: pytest.FixtureRequest, kits: ExampleKits) -> Path:
    """One example kit; module scope makes pytest run every rule on a kit before building the next."""
    name, lang, paper = request.param
    return kits(name, lang, paper)


@pytest.fixture(scope="module", params=WITH_BOOKLET, ids=["-".join(k) for k in WITH_BOOKLET])
def booklet(request: pytest.FixtureRequest, kits: ExampleKits) -> Path:
    """The booklet.pdf of an example kit whose game prints one."""
    name, lang, paper = request.param
    return kits(name, lang, paper) / "booklet.pdf"


def pdfs(kit: Path) -> list[Path]:
    found = sorted(kit.glob("*.pdf"))
    assert found, kit
    return found


def is_booklet(pdf: Path) -> bool:
    return pdf.name in ("booklet.pdf", "booklet-print.pdf")


# The id ends in the kit: the check runs on the worker that builds it.
@pytest.mark.parametrize(("name", "lang", "paper"), [("vs-2025", "en", "a4")], ids=["vs-2025-en-a4"])
def test_pages_kept_for_later_reads_come_back_whole(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """conftest.remembered pickles what read() found (pdfcheck.Page packs its glyphs by column)."""
    pages = _read(kits(name, lang, paper) / "quickref.pdf")
    assert sum(len(p.glyphs) for p in pages) > 1000 and len({g.font for p in pages for g in p.glyphs}) > 1
    back = pickle.loads(pickle.dumps(pages))
    assert back == pages and all(type(g) is Glyph for p in back for g in p.glyphs)


@pytest.mark.slow
def test_no_text_smaller_than_6_pt(kit: Path) -> None:
    for pdf in pdfs(kit):
        small = sorted({(round(g.size, 2), p.number) for p in read(pdf) for g in p.glyphs if g.size < MIN_TEXT - 0.01})
        assert not small, f"{pdf.name}: text below {MIN_TEXT} pt (size, page): {small[:8]}"


@pytest.mark.slow
def test_no_letter_inside_the_unprintable_margin(kit: Path) -> None:
    for pdf in pdfs(kit):
        near = [
            (p.number, g.char, round(min(g.x0, g.y0, p.width - g.x1, p.height - g.y1) / MM, 1))
            for p in read(pdf)
            for g in p.glyphs
            if min(g.x0, g.y0, p.width - g.x1, p.height - g.y1) < PRINTABLE_MARGIN - 0.05 * MM
        ]
        assert not near, f"{pdf.name}: letters within 6 mm of the edge (page, char, mm): {near[:8]}"


def test_no_mark_inside_the_unprintable_margin(kit: Path) -> None:
    """Crop marks, cut lines, fold lines and every other ink keep 6 mm clear of the sheet's edges.

    Booklet tabs are the exception by design: their colour runs off the outer (left and right)
    edges, while their labels stay inside (the letter test above holds them to it).
    """
    for pdf in pdfs(kit):
        found = ink_in_margin(pdf, PRINTABLE_MARGIN, sides="tb" if is_booklet(pdf) else "lrbt")
        assert not found, f"{pdf.name}: ink within 6 mm of the edge (page, side, mm from edge): {found[:8]}"


def chapter_ends(pdf: Path, count: int) -> set[int]:
    """Pages that end a chapter: the page before a chapter's first page, and the last page."""
    return {p - 1 for p in outline_starts(pdf) if p > 1} | {count}


def test_there_are_booklets_to_check() -> None:
    assert {k[0] for k in WITH_BOOKLET} == {"strategiya", "strategiya-heroes", "vs-2003", "vs-2025"}


def test_booklet_pages_are_at_least_a_quarter_full(booklet: Path) -> None:
    pages = read(booklet)
    ends = chapter_ends(booklet, len(pages))
    for page in pages:
        if page.number in ends:
            continue
        body = body_lines(page, BOOKLET_TOP, BOOKLET_BOTTOM)
        top, bottom = page.height - BOOKLET_TOP, BOOKLET_BOTTOM
        lowest = min((ln.bottom for ln in body), default=top)
        assert (top - lowest) / (top - bottom) >= 0.25, f"page {page.number} is less than a quarter full"


def test_the_booklets_last_page_holds_more_than_a_runt(booklet: Path) -> None:
    """issue 42, second review: VS 2003's Russian booklet ended on a page holding only the «Снятие
    чар» table (1 % of it printed). Unless a chapter opens it, the last page is a fifth full or more
    (printkit.sheets.booklet.RUNT: the last chapter is set a little closer where that saves the
    page). The rotated letters of the edge tab are no text of the page."""
    pages = read(booklet)
    last = pages[-1]
    if len(pages) == 1 or last.number in outline_starts(booklet):
        return
    body = [ln for ln in body_lines(last, BOOKLET_TOP, BOOKLET_BOTTOM) if len(ln.text.strip()) > 1]
    top, bottom = last.height - BOOKLET_TOP, BOOKLET_BOTTOM
    lowest = min((ln.bottom for ln in body), default=top)
    assert (top - lowest) / (top - bottom) >= 0.2, (
        f"the last page, {last.number}, holds only {[ln.text for ln in body]}"
    )


def test_no_chapter_ends_with_a_one_or_two_line_runover(booklet: Path) -> None:
    pages = read(booklet)
    starts = set(outline_starts(booklet))
    for number in chapter_ends(booklet, len(pages)) - starts:
        body = body_lines(pages[number - 1], BOOKLET_TOP, BOOKLET_BOTTOM)
        assert len(body) >= 3, f"page {number} holds only {[ln.text for ln in body]}"


@pytest.mark.slow
def test_tables_break_with_three_rows_on_either_side(kit: Path) -> None:
    for pdf in pdfs(kit):
        if pdf.name == "booklet-print.pdf":
            continue  # the same pages as booklet.pdf, two-up
        margins = (BOOKLET_TOP, BOOKLET_BOTTOM) if is_booklet(pdf) else (QUICKREF_MARGIN, QUICKREF_MARGIN)
        for page, header, before, after in split_tables(read(pdf), *margins):
            assert min(before, after) >= 3, f"{pdf.name} p. {page}: table '{header}' breaks {before} | {after} rows"


def test_every_quick_reference_is_one_sheet(kit: Path) -> None:
    """One page, or two where the game's card is designed as the front and back of one sheet;
    never a side that holds only a title."""
    quickref = kit / "quickref.pdf"
    family = load_session(EXAMPLES / f"{kit.name.split('-ru-')[0].split('-en-')[0]}.yaml").ruleset.family
    designed = sides(environment().loader.get_source(environment(), f"{family}/quickref.html.j2")[0])
    pages = read(quickref)
    assert len(pages) == designed, f"quickref.pdf has {len(pages)} pages; its template designs {designed}"
    for page in pages:
        lowest = min(g.y0 for g in page.glyphs)
        assert (page.height - lowest) / page.height > 0.25, f"quickref.pdf side {page.number} is nearly empty"


def test_the_quick_reference_keeps_inside_its_margins(kit: Path) -> None:
    """issue 42: the VS 2003 card's who-beats-whom grid ran 7 mm past its column into the right
    margin (its rules 5.7 mm from the sheet's edge). Every side's ink reaches no nearer the right
    edge than it starts from the left (the card's margins are even, whatever its scale)."""
    for page in read(kit / "quickref.pdf"):
        xs = [(g.x0, g.x1) for g in page.glyphs] + [(min(r.x0, r.x1), max(r.x0, r.x1)) for r in page.rules]
        left, right = min(a for a, _ in xs), page.width - max(b for _, b in xs)
        assert right >= left - 0.5 * MM, f"side {page.number}: {right / MM:.1f} mm right, {left / MM:.1f} mm left"


def test_no_hyphenated_word_inside_a_table_cell(kit: Path) -> None:
    for pdf in pdfs(kit):
        for page in read(pdf):
            hyphens = [g for g in page.glyphs if g.char == AUTO_HYPHEN]
            for part in table_parts(page) if hyphens else []:
                inside = [g for g in hyphens if part.bottom < g.y0 < part.top and part.left < g.x0 < part.right]
                assert not inside, f"{pdf.name} p. {page.number}: a word breaks inside table '{part.header}'"


def headings_twice(page: Page) -> list[str]:
    """Texts printed twice, one right under the other, where either is a heading (bold, 8.4 pt or
    more): a caption under the heading it repeats, a running header over the chapter title."""
    lines = page.lines()
    out = []
    for i, line in enumerate(lines):
        if len(line.text) < 2:
            continue
        # The first line under this one that it overlaps: a scan that stops there, not a list of all.
        below: Line | None = next(
            (b for b in lines[i + 1 :] if b.baseline < line.baseline - 1 and b.x0 < line.x1 and line.x0 < b.x1), None
        )
        if below is None or below.text != line.text:
            continue
        glyphs = (*line.glyphs, *below.glyphs)
        near = line.baseline - below.baseline < 4 * max(g.size for g in glyphs)  # not the next card down
        if near and any("Bold" in g.font and g.size >= 8.4 for g in glyphs):
            out.append(line.text)
    return out


@pytest.mark.slow
def test_no_heading_printed_twice_in_a_row(kit: Path) -> None:
    for pdf in pdfs(kit):
        for page in read(pdf):
            twice = headings_twice(page)
            assert not twice, f"{pdf.name} p. {page.number}: printed twice in a row: {twice}"


SENTENCE_GLUED = re.compile(r"[a-zа-яё]{2}[.!?;:][A-ZА-ЯЁ]")
MARKUP = re.compile(r"`|\*\*|\[\[|\]\]|\{\{|\}\}")


def test_sentences_are_spaced_and_no_markup_is_printed(kit: Path) -> None:
    for pdf in pdfs(kit):
        for page in read(pdf):
            for line in page.lines():
                assert not SENTENCE_GLUED.search(line.text), f"{pdf.name} p. {page.number}: no space in {line.text!r}"
                assert not MARKUP.search(line.text), f"{pdf.name} p. {page.number}: markup printed: {line.text!r}"


# ---- the ink-saving kit (issue 42) -----------------------------------------------------------------

MAX_TONER = 0.15  # of a page: what a home mono laser's kit may lay on any one sheet side
# Every config in Russian on A4 every day; the other languages and papers in the whole suite.
INK_KITS = [pytest.param(*k, marks=() if k[1:] == ("ru", "a4") else pytest.mark.slow, id="-".join(k)) for k in KITS]


def ink_saving_kit(kits: ExampleKits, name: str, lang: str, paper: str) -> Path:
    """An example's kit as `printkit build CONFIG --greyscale` writes it (shared like the example kits)."""
    return kits.build(EXAMPLES / f"{name}.yaml", "--seed", KIT_SEED, "--greyscale", "--lang", lang, "--paper", paper)


@pytest.mark.parametrize(("name", "lang", "paper"), INK_KITS)
def test_no_page_of_the_ink_saving_kit_lays_more_than_15_percent_toner(
    name: str, lang: str, paper: str, kits: ExampleKits
) -> None:
    """issue 42: a VS battle-card back printed 56 % grey, a sheet of tokens 26 %, and --greyscale
    changed only the booklet. Now --greyscale is the ink-saving kit: light backs and pieces and a
    pale map in every file, and no page over 15 % toner (pdfcheck.toner: the page's mean darkness
    rendered in grey); its guide says which kit it is."""
    kit = ink_saving_kit(kits, name, lang, paper)
    heavy = [(pdf.name, number, round(100 * share, 1)) for pdf in pdfs(kit)
             for number, share in enumerate(toner(pdf), start=1) if share > MAX_TONER]  # fmt: skip
    assert not heavy, f"pages over {MAX_TONER:.0%} toner (file, page, %): {heavy}"
    guide = " ".join(pdf_text(kit / "print-guide.pdf")[0].split())
    assert label("guide_mode_ink", lang) in guide or label("guide_mode_ink_paper", lang) in guide


def test_toner_reads_a_full_bleed_back_as_dark_as_it_prints(tmp_path: Path) -> None:
    """The measure itself: a page half covered in 50 % grey lays a quarter of full toner."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "half.pdf"
    c = Canvas(str(path), pagesize=(200, 100))
    c.setFillGray(0.5)
    c.rect(0, 0, 100, 100, stroke=0, fill=1)
    c.showPage()
    c.save()
    assert toner(path) == [pytest.approx(0.25, abs=0.01)]


# ---- squares to tick (issue 42) ---------------------------------------------------------------------

TICKED = ("record-sheets.pdf", "adventures.pdf")  # the sheets with squares to tick among words
TICK_CLEAR = 0.8 * MM


def squares(pdf: Path, number: int) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of every small stroked, unfilled square on a page (from 0), its
    line's width taken off (PDFium pads a path's bounds by it)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(pdf)
    fill, stroked, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
    found = []
    for obj in document[number].get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroked)
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
        x0, y0, x1, y1 = obj.get_bounds()
        x0, y0, x1, y1 = x0 + width.value, y0 + width.value, x1 - width.value, y1 - width.value
        if stroked.value and 2 * MM <= x1 - x0 <= 4 * MM and abs((x1 - x0) - (y1 - y0)) < 0.3:
            found.append((x0, y0, x1, y1))
    document.close()
    return found


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_no_square_to_tick_touches_a_word(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 42: the squares to tick sat 0.6 mm before their labels and touched the words before
    them ("3:" ran into its first square). Every letter beside a square on its line keeps 0.8 mm."""
    kit = kits(name, lang, paper)
    checked = 0
    for file in TICKED:
        if not (kit / file).is_file():
            continue
        for page in read(kit / file):
            boxes = squares(kit / file, page.number - 1)
            for x0, y0, x1, y1 in boxes:
                beside = [g for g in page.glyphs if g.char.strip() and g.y0 < y1 and y0 < g.y1]
                gaps = [g.x0 - x1 for g in beside if g.x0 >= x0] + [x0 - g.x1 for g in beside if g.x1 <= x1]
                near = [round(gap / MM, 2) for gap in gaps if gap < TICK_CLEAR]
                assert not near, f"{file} p. {page.number}: a word {near} mm from a square"
                checked += 1
    if name in ("tannhauser", "strategiya", "strategiya-heroes"):
        assert checked >= 8, checked
