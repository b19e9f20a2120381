"""The kit's print guide: every file of every example kit, told how to print, in the kit's language (issue 33)."""

from __future__ import annotations

import ctypes
import dataclasses
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from printkit.config.session import load_session, with_overrides
from printkit.game import Artefact, PluginError, Printing, game
from printkit.labels import label
from printkit.pipeline import print_guide
from printkit.pipeline.print_guide import GUIDE, rows

from .conftest import CONFIGS, EXAMPLES, ExampleKits, pdf_text

KITS = [(c.stem, lang, paper) for c in CONFIGS for lang in ("ru", "en") for paper in ("a4", "letter")]
ACTUAL_SIZE = {"ru": "100 % («Фактический размер»)", "en": '100 % ("Actual size")'}
UNDECLARED = {"ru": "игра не сказала", "en": "its game does not say"}


# The id ends in the kit: under xdist the check runs on the worker that builds it (tests/conftest.py).
@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_every_file_of_the_kit_is_in_its_print_guide(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 33: a kit said nowhere which file to print how; now print-guide.pdf names each file,
    what it is for, copies, paper and sides, and asks for 100 %, in the kit's language."""
    kit = kits(name, lang, paper)
    pages = pdf_text(kit / GUIDE)
    assert len(pages) == 1, f"{GUIDE} runs to {len(pages)} pages"
    text = " ".join(pages[0].split())
    missing = [f.name for f in sorted(kit.iterdir()) if f.is_file() and f.name not in text]
    assert not missing, f"{GUIDE} leaves out {missing}"
    assert ACTUAL_SIZE[lang] in text
    assert UNDECLARED[lang] not in text, "a file of the kit has no declared printing"
    other = "en" if lang == "ru" else "ru"
    assert ACTUAL_SIZE[other] not in text


# A file's name as the guide prints it: in its table and in any sentence ("print booklet-print.pdf").
FILE_NAME = re.compile(r"[\w*-]+(?:\.[\w-]+)*\.(?:pdf|json|svg|png)\b")


def named_files(text: str) -> set[str]:
    """Every file name the guide's text holds."""
    return set(FILE_NAME.findall(" ".join(text.split())))


def test_file_names_are_found_in_sentences() -> None:
    text = "Правила постранично; печатать — booklet-print.pdf  manifest.json, tokens-cut.svg."
    assert named_files(text) == {"booklet-print.pdf", "manifest.json", "tokens-cut.svg"}


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_every_file_the_print_guide_names_is_in_the_kit(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 42: the default kit's guide said to print booklet-print.pdf, which only
    --imposition saddle wrote; following it printed no rules. The guide names only files the kit
    holds, and a kit whose game has a booklet holds the rules to print."""
    kit = kits(name, lang, paper)
    named = named_files(pdf_text(kit / GUIDE)[0])
    missing = sorted(f for f in named if not (kit / f).is_file())
    assert not missing, f"{GUIDE} names files the kit does not hold: {missing}"
    said = " ".join(pdf_text(kit / GUIDE)[0].split())  # the colour kit's line, not --greyscale's
    assert label("guide_mode_colour", lang) in said or label("guide_mode_colour_paper", lang) in said
    if (kit / "booklet.pdf").is_file():
        assert (kit / "booklet-print.pdf").is_file(), "a kit with a booklet holds no rules to print"


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_the_guide_notes_only_what_the_kit_holds(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 42: the Stratego and Tannhäuser guides told what to do without card, though nothing of
    theirs prints on card. A note on card only where a file prints on card; the duplex test sheet
    (`printkit calibrate`) where pieces on card print on both sides (the VS cards and tokens)."""
    text = " ".join(pdf_text(kits(name, lang, paper) / GUIDE)[0].split())
    on_card = label("guide_stock_card", lang) in text
    assert (label("guide_note_card", lang) in text) == on_card
    assert ("printkit calibrate" in text) == name.startswith("vs-")
    assert on_card == name.startswith("vs-")


def guide_words(kit: Path) -> str:
    return " ".join(pdf_text(kit / GUIDE)[0].split())


def measured(kit: Path) -> dict[str, tuple[int, bool]]:
    """Each PDF of the kit: its page count and whether its pages lie landscape, read with PDFium."""
    found = {}
    for pdf in sorted(kit.glob("*.pdf")):
        document = pdfium.PdfDocument(pdf)
        width, height = document[0].get_size()
        found[pdf.name] = (len(document), width > height)
        document.close()
    return found


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_the_guide_totals_the_sheets_of_paper_and_card(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 42: the guide gave copies per file but no total to buy or load. It now says how many
    sheets of plain paper and of card the whole kit takes: each file's pages as printed (PDFium's
    count), halved where both sides print, times its copies."""
    kit = kits(name, lang, paper)
    session = with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, paper)
    pages = measured(kit)
    want = {"plain": 0, "card": 0}
    for row in rows(session, list(game(session.ruleset.family).artefacts), [p.name for p in kit.iterdir()]):
        count = pages.get(row.name, (0, False))[0]
        want[row.stock] += row.copies * (-(-count // 2) if row.sides != "single" else count)
    said = label("guide_total_paper", lang, n=want["plain"])
    if want["card"]:
        said += label("guide_and", lang) + label("guide_total_card", lang, n=want["card"])
    assert label("guide_totals", lang, what=said) in guide_words(kit)


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_the_guide_prints_a_square_to_check_the_scale(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 42: nothing on the guide showed whether the printer scaled the page. It prints a square
    of a stated size (50 mm on A4, 2 in on Letter), measured here as drawn."""
    kit = kits(name, lang, paper)
    side = {"a4": 50 * 72 / 25.4, "letter": 144.0}[paper]
    document = pdfium.PdfDocument(kit / GUIDE)
    squares = []
    stroke = ctypes.c_float()
    for obj in document[0].get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        pdfium_raw.FPDFPageObj_GetStrokeWidth(obj.raw, stroke)
        x0, y0, x1, y1 = obj.get_bounds()  # PDFium pads a stroked path by its line width on each side
        if abs(x1 - x0 - 2 * stroke.value - side) < 0.3 and abs(y1 - y0 - 2 * stroke.value - side) < 0.3:
            squares.append((x0, y0))
    document.close()
    assert squares, "no square of the stated size"
    assert label(f"guide_check_{paper}", lang) in guide_words(kit)


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_the_guide_says_how_each_sheet_turns(name: str, lang: str, paper: str, kits: ExampleKits) -> None:
    """issue 42: the guide said a long-edge flip turns the sheet like a book's page, which is wrong
    for a landscape page (Letter's battle cards, the imposed booklet: a short-edge flip turns those
    like a book's). Each two-sided file now says how its own sheet turns, from its pages as printed."""
    kit = kits(name, lang, paper)
    session = with_overrides(load_session(EXAMPLES / f"{name}.yaml"), lang, paper)
    pages = measured(kit)
    turns = set()
    for row in rows(session, list(game(session.ruleset.family).artefacts), [p.name for p in kit.iterdir()]):
        if row.copies and row.sides != "single":
            landscape = pages[row.name][1]
            turns.add(
                ("landscape" if landscape else "upright", "book" if (row.sides == "long") != landscape else "pad")
            )
    text = guide_words(kit)
    for orientation in ("upright", "landscape"):
        for turn in ("book", "pad"):
            # The second review (issue 42) read a bare "(like a book)" beside "(like a notepad)" as a
            # contradiction: each file's phrase now carries its pages' orientation and the edge.
            said = label("guide_turn", lang, pages=label(f"guide_turn_{orientation}", lang),
                         way=label(f"guide_turn_{turn}", lang))  # fmt: skip
            assert (" ".join(said.split()) in text) == ((orientation, turn) in turns), (orientation, turn, turns)


@pytest.mark.parametrize(("name", "lang", "paper"), KITS, ids=["-".join(k) for k in KITS])
def test_the_guide_breaks_no_line_inside_a_figure_or_a_command(name: str, lang: str, paper: str,
                                                               kits: ExampleKits) -> None:  # fmt: skip
    """issue 42, second review: the Russian guide broke "15 / % тонера" and "printkit / calibrate"
    across lines. No line of a guide now starts with the sign of the number that ends the line
    before, nor splits the calibration command."""
    text = pdf_text(kits(name, lang, paper) / GUIDE)[0]
    assert not re.findall(r"\d[ \u00a0]*\n[ \u00a0]*%|printkit[ \u00a0]*\n[ \u00a0]*calibrate", text)


@pytest.mark.parametrize(("lang", "paper"), [("ru", "a4"), ("en", "letter")])
def test_the_guide_says_which_edge_to_turn_without_duplex_and_to_build_again(lang: str, paper: str,
                                                                             kits: ExampleKits) -> None:  # fmt: skip
    """issue 42, second review: without duplex the guide said to turn the stack "the same way", not
    over which edge; the calibration note never said that the offset takes effect only in a kit
    built again. The note now sends the stack over the edge named at its file, and the calibration
    note ends in building the kit again."""
    text = guide_words(kits("vs-2025", lang, paper))
    edge = {
        "ru": "переверните стопку через тот же край, что назван у файла",
        "en": "turn the stack over the edge its file names",
    }
    again = {"ru": "затем соберите набор заново", "en": "then build the kit again"}
    assert edge[lang] in text and again[lang] in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_guide_and_the_map_say_one_way_to_join_its_sheets(lang: str, kits: ExampleKits) -> None:
    """issue 42: the guide said to lay the map's sheets edge to edge, the map to glue a one-cell
    overlap (what its tiles are cut for). Both now say the one-cell strip and the dashes."""
    kit = kits("vs-2025", lang, "a4" if lang == "ru" else "letter")
    guide = guide_words(kit)
    sheets = " ".join(" ".join(page.split()) for page in pdf_text(kit / "map.pdf"))
    assert len(pdf_text(kit / "map.pdf")) > 1
    strip = {"ru": "одну клетку", "en": "one-cell"}[lang]
    assert strip in guide and strip in sheets
    assert not any(words in guide for words in ("встык", "edge to edge"))


@pytest.mark.slow
def test_a_guide_of_every_file_a_build_can_write_keeps_to_one_page(kits: ExampleKits) -> None:
    """The largest kit: VS 2025 with --print-shop, --cutter and --greyscale, in Russian on Letter
    (the longest words on the shorter sheet), seventeen files with a second markers' cut file. Its
    guide sets its rows smaller rather than run over, and declares every file."""
    kit = kits.build(EXAMPLES / "vs-2025.yaml", "--seed", "s" * 12, "--print-shop", "--cutter", "silhouette",
                     "--greyscale", "--paper", "letter")  # fmt: skip
    pages = pdf_text(kit / GUIDE)
    assert len(pages) == 1 and (kit / "markers-cut-2.svg").is_file()
    text = " ".join(pages[0].split())
    assert not [f.name for f in kit.iterdir() if f.name not in text]
    assert UNDECLARED["ru"] not in text


def test_the_default_kit_holds_rules_to_print(kits: ExampleKits) -> None:
    """`printkit build` with no option: the guide's first rows name booklet-print.pdf, and it is there."""
    kit = kits.default()
    assert (kit / "booklet-print.pdf").is_file()
    assert "booklet-print.pdf" in named_files(pdf_text(kit / GUIDE)[0])


def test_a_booklet_without_its_imposed_copy_is_printed_two_pages_a_sheet() -> None:
    """A library build may leave booklet-print.pdf out (Options(imposition=None)): then the guide
    prints booklet.pdf itself and names no file the kit lacks."""
    session = with_overrides(load_session(EXAMPLES / "vs-2025.yaml"), "en", "a4")
    artefacts = list(game("vs").artefacts)
    alone = {r.name: r for r in rows(session, artefacts, ["booklet.pdf"])}["booklet.pdf"]
    beside = {r.name: r for r in rows(session, artefacts, ["booklet.pdf", "booklet-print.pdf"])}["booklet.pdf"]
    assert alone.copies == 1 and alone.purpose == "guide_booklet_alone"
    assert beside.copies == 0 and beside.purpose == "guide_booklet"


def test_copies_and_flip_come_from_the_session() -> None:
    """A quick reference for each player; VS cards flip as the config's cards.duplex says."""
    session = with_overrides(load_session(EXAMPLES / "vs-2025.yaml"), "en", "a4")
    artefacts = list(game("vs").artefacts)
    names = ["quickref.pdf", "battle-cards.pdf", "booklet.pdf", "booklet-print.pdf"]
    by_name = {r.name: r for r in rows(session, artefacts, names)}
    assert by_name["quickref.pdf"].copies == len(session.players)
    assert by_name["booklet.pdf"].copies == 0
    assert by_name["battle-cards.pdf"].stock == "card"
    assert by_name["battle-cards.pdf"].sides == "long"  # the example's cards.duplex (the default)


def test_a_file_no_game_declares_is_still_listed() -> None:
    session = load_session(EXAMPLES / "stratego.yaml")
    found = rows(session, [Artefact("x", "m:f")], ["x.pdf"])
    assert [r.name for r in found] == ["x.pdf", "manifest.json", GUIDE]
    assert found[0].purpose is None and found[0].copies == 1


@pytest.mark.parametrize(
    "wrong", [{"stock": "vellum"}, {"sides": "both"}, {"copies": -1}], ids=["stock", "sides", "copies"]
)
def test_a_printing_outside_the_vocabulary_is_refused(wrong: dict[str, object]) -> None:
    with pytest.raises(PluginError, match=r"printing of 'x\.pdf'"):
        dataclasses.replace(Printing("x.pdf", "guide_map"), **wrong)  # type: ignore[arg-type]


def test_a_build_with_only_some_kinds_writes_no_guide(tmp_path: Path) -> None:
    from printkit import build_kit

    kit = build_kit(load_session(EXAMPLES / "stratego.yaml"), tmp_path / "kit", only=["quickref"])
    assert [p.name for p in kit.files] == ["quickref.pdf", "manifest.json"]


# ---- each line of the guide says only what applies to its kit (issue 42, fourth review) -------------


def guide_line(kit: Path) -> str:
    """The guide's text on one line, its line breaks and no-break spaces read as spaces."""
    return " ".join(" ".join(pdf_text(kit / GUIDE)).replace("\u00a0", " ").split())


def plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize(
    ("lang", "paper"), [("ru", "a4"), ("en", "letter")], ids=["strategiya-ru-a4", "strategiya-en-letter"]
)
def test_a_one_sheet_map_is_not_told_to_be_glued(kits: ExampleKits, lang: str, paper: str) -> None:
    """The «Стратегия» map prints on one sheet, yet the guide told how to lay a large map's sheets
    over one another and glue them. A one-page map.pdf now reads as one sheet with nothing to glue."""
    kit = kits("strategiya", lang, paper)
    pages, _ = print_guide.pages_of(kit / "map.pdf")
    assert pages == 1
    words = guide_line(kit)
    assert plain(label("guide_map_one", lang)) in words
    assert plain(label("guide_map", lang)) not in words
    assert not re.search(r"склей|glue along|over the next", words), words


def test_a_map_of_several_sheets_keeps_its_gluing() -> None:
    """The gluing instruction stays where the map takes more than one sheet."""
    row = print_guide.Row("map.pdf", "guide_map", 1, "plain", "single", pages=4)
    assert print_guide.purpose_key(row) == "guide_map"
    assert print_guide.purpose_key(dataclasses.replace(row, pages=1)) == "guide_map_one"


SPOILS = {"tannhauser": ["guide_scale_sheets"], "stratego": ["guide_scale_board"],
          "strategiya": ["guide_scale_map"], "vs-2025": ["guide_scale_pieces", "guide_scale_map"]}  # fmt: skip
GUIDE_KITS = [(name, lang, paper) for name in SPOILS for lang, paper in (("ru", "a4"), ("en", "letter"))]


@pytest.mark.parametrize(("name", "lang", "paper"), GUIDE_KITS, ids=["-".join(k) for k in GUIDE_KITS])
def test_the_size_check_names_only_what_the_kit_prints(kits: ExampleKits, name: str, lang: str, paper: str) -> None:
    """Tannhäuser's size check warned that "the boards and cells on the sheets" would come out
    wrong, and that kit has no boards. The sentence now names what the kit prints: cards and tokens
    on card, the map's cells, the board's squares, or else the sheets."""
    words = guide_line(kits(name, lang, paper))
    said = label(f"guide_check_{paper}", lang)
    what = label("guide_and", lang).join(label(key, lang) for key in SPOILS[name])
    assert plain(label("guide_size_check", lang, size=said, what=what)) in words, words
