"""The kit's print guide: one page saying, per file, what it is for and how to print it."""

# Each artefact declares how its files print (printkit.game.Printing); the guide reads those
# declarations, never a table of games here. It is written for a whole kit only (a build with
# `only` prints part of one), from the files the build wrote, and drawn on the canvas in the kit's
# language and paper.

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from ..config.session import display_title
from ..game import Artefact, Printing
from ..geometry import PRINTABLE_MARGIN, mm, paper_size
from ..labels import label
from ..model import Session
from ..render import fonts
from ..render.canvas import Colour, open_canvas
from ..render.pen import Pen, page, para
from .artefact import Build
from .manifest import MANIFEST

GUIDE = "print-guide.pdf"
# The files a kit holds whatever its game: the guide itself and the manifest.
KIT_FILES = (Printing(GUIDE, "guide_self", copies=0), Printing(MANIFEST, "guide_manifest", copies=0))

INK: Colour = (0.09, 0.09, 0.09)
RULE: Colour = (0.7, 0.7, 0.7)
# pt: the rows' size, and the smaller sizes a guide of many files takes to stay on its one page (a
# VS kit with --print-shop and --cutter lists seventeen files); the column heads are 1 pt smaller.
SIZES = (9.4, 8.8, 8.2, 7.6, 7.0)
# Column widths as shares of the line: file, what it is for, copies, paper, sides.
COLUMNS = (0.21, 0.29, 0.08, 0.14, 0.28)


@dataclass(frozen=True)
class Row:
    """One file of the kit as the guide prints it; purpose is None for a file no artefact declares.
    `pages` and `landscape` are the file's as written (0 and False where the guide has no file)."""

    name: str
    purpose: str | None
    copies: int
    stock: str
    sides: str
    pages: int = 0
    landscape: bool = False

    @property
    def sheets(self) -> int:
        """The sheets of paper or card the file takes, every copy of it."""
        per_copy = -(-self.pages // 2) if self.sides != "single" else self.pages
        return per_copy * self.copies

    @property
    def turn(self) -> str:
        """How the sheet turns for its back, as the person at the printer sees the page: a long-edge
        flip turns an upright page like a book's, a landscape page like a notepad's; a short-edge
        flip the other way round ("" on one side)."""
        if self.sides == "single":
            return ""
        return "book" if (self.sides == "long") != self.landscape else "pad"


def pages_of(path: Path) -> tuple[int, bool]:
    """A PDF's page count and whether its first page lies landscape ((0, False) for another file)."""
    if path.suffix != ".pdf" or not path.is_file():
        return 0, False
    from pypdf import PdfReader

    reader = PdfReader(path)
    box = reader.pages[0].mediabox if reader.pages else None
    turned = bool(reader.pages) and reader.pages[0].get("/Rotate", 0) % 180 == 90
    wide = box is not None and float(box.width) > float(box.height)
    return len(reader.pages), wide != turned


def declared(name: str, artefacts: list[Artefact], names: Collection[str] = ()) -> Printing | None:
    """The declaration that covers file `name` in a kit of files `names`: the kit's own, then the
    artefacts' in build order, leaving out an entry whose `beside` file the kit does not hold."""
    for entry in (*KIT_FILES, *(p for a in artefacts for p in a.prints)):
        if fnmatchcase(name, entry.file) and (entry.beside is None or entry.beside in names):
            return entry
    return None


def rows(session: Session, artefacts: list[Artefact], names: list[str], folder: Path | None = None) -> list[Row]:
    """Every file of the kit (and the guide and the manifest) with its printing: the files to print
    first, then those not printed, each in file order; with the files' pages where `folder` holds them."""
    out = []
    kit = {*names, GUIDE, MANIFEST}
    for name in sorted(kit):
        pages, landscape = pages_of(folder / name) if folder is not None else (0, False)
        entry = declared(name, artefacts, kit)
        if entry is None:
            out.append(Row(name, None, 1, "plain", "single", pages, landscape))
            continue
        copies = entry.copies if isinstance(entry.copies, int) else entry.copies(session)
        sides = entry.sides if isinstance(entry.sides, str) else entry.sides(session)
        out.append(Row(name, entry.purpose, copies, entry.stock, sides, pages, landscape))
    return sorted(out, key=lambda row: row.copies == 0)


def note_keys(table: Iterable[Row]) -> list[str]:
    """The label keys of the notes under the table, for what the kit holds: what the flips mean where
    a file prints on both sides, what to do without card where one prints on card, and the
    printer's duplex test where pieces on card print on both sides."""
    printed = [row for row in table if row.copies]
    keys = []
    if any(row.sides != "single" for row in printed):
        keys.append("guide_note_sides")
    if any(row.stock == "card" for row in printed):
        keys.append("guide_note_card")
    if any(row.stock == "card" and row.sides != "single" for row in printed):
        keys.append("guide_note_calibrate")
    return keys


def on_card(table: Iterable[Row]) -> bool:
    """Whether the kit prints anything on card (cards, tokens, markers): what its guide may speak of.
    issue 42: the guides of paper-only kits (Stratego, Tannhäuser) spoke of card backs and tokens."""
    return any(row.stock == "card" and row.copies for row in table)


# What a wrong scale spoils, by what a printed file is for: a kit's size check names only its own
# (issue 42, fourth review: Tannhäuser's, a kit of record sheets, warned of boards and cells).
SCALED = {
    "guide_map": "guide_scale_map",
    "guide_map_one": "guide_scale_map",
    "guide_stratego_setup": "guide_scale_board",
}
# A file's purpose when it is one page: a one-sheet map has nothing to lay over the next and glue.
ONE_PAGE = {"guide_map": "guide_map_one"}


def purpose_key(row: Row) -> str | None:
    """The label key of what the row's file is for, as the file came out (ONE_PAGE)."""
    if row.purpose is not None and row.pages == 1:
        return ONE_PAGE.get(row.purpose, row.purpose)
    return row.purpose


def scale_words(table: Iterable[Row], lang: str) -> str:
    """What the kit's size check says a wrong scale spoils: the cards and tokens where it prints on
    card, the map's cells or the board's squares where it prints them, else the sheets."""
    printed = [row for row in table if row.copies]
    keys = ["guide_scale_pieces"] if on_card(printed) else []
    keys += [SCALED[k] for row in printed if (k := purpose_key(row) or "") in SCALED]
    keys = list(dict.fromkeys(keys)) or ["guide_scale_sheets"]
    return label("guide_and", lang).join(label(key, lang) for key in keys)


def mode_key(table: Iterable[Row], ink_saving: bool) -> str:
    """The label key of the line saying which kit this is: with card backs or, paper only, without."""
    return f"guide_mode_{'ink' if ink_saving else 'colour'}{'' if on_card(table) else '_paper'}"


def tied(text: str) -> str:
    """A guide's sentence with no-break spaces where a line must not break: between a figure and
    its % and inside the command printkit calibrate (issue 42, second review: the Russian guide
    broke "15 / % тонера" and "printkit / calibrate")."""
    return re.sub(r"(?<=\d) (?=%)", "\u00a0", text).replace("printkit calibrate", "printkit\u00a0calibrate")


def _cells(row: Row, lang: str) -> list[str]:
    if row.copies == 0:
        return [
            row.name,
            label(purpose, lang) if (purpose := purpose_key(row)) else "",
            label("guide_not_printed", lang),
            "",
            "",
        ]
    sides = label(f"guide_sides_{row.sides}", lang)
    if row.turn and row.pages:  # how this file's sheet turns, from its pages as written
        sides += " " + turn_words(row, lang)
    return [
        row.name,
        label(purpose, lang) if (purpose := purpose_key(row)) else label("guide_undeclared", lang),
        str(row.copies),
        label(f"guide_stock_{row.stock}", lang),
        sides,
    ]


def turn_words(row: Row, lang: str) -> str:
    """How a two-sided file's sheet turns, with the pages' orientation that makes it so: issue 42's
    second review read "long edge (like a book)" beside "long edge (like a notepad)" as a
    contradiction, so each file says its pages' orientation and the page's edge the sheet turns over."""
    pages = label(f"guide_turn_{'landscape' if row.landscape else 'upright'}", lang)
    return label("guide_turn", lang, pages=pages, way=label(f"guide_turn_{row.turn}", lang))


def totals(table: Iterable[Row], lang: str) -> str:
    """The sheets of plain paper and of card the whole kit takes, in a sentence."""
    paper = sum(row.sheets for row in table if row.stock == "plain")
    card = sum(row.sheets for row in table if row.stock == "card")
    parts = [label("guide_total_paper", lang, n=paper)] + ([label("guide_total_card", lang, n=card)] if card else [])
    return label("guide_totals", lang, what=label("guide_and", lang).join(parts))


# The size check: a square this wide (50 mm on A4, 2 inches on Letter), to measure with a ruler.
CHECK = {"a4": mm(50), "letter": 144.0}


def size_check(pen: Pen, session: Session, right: float, top: float) -> float:
    """A square of a known size, its top right corner at (right, top); returns its bottom."""
    side, said = CHECK[session.paper], label(f"guide_check_{session.paper}", session.language)
    pen.box(right - side, top - side, side, side, INK, 0.8)
    pen.text(right - side / 2, top - side / 2 - 3, said, fonts.SANS_BOLD, 10, INK, "center")
    return top - side


def _draw(pen: Pen, session: Session, table: list[Row], width: float, height: float, ink_saving: bool,
          size: float = SIZES[0]) -> float:  # fmt: skip
    lang, head = session.language, size - 1
    x, line = PRINTABLE_MARGIN + mm(6), width - 2 * (PRINTABLE_MARGIN + mm(6))
    top = height - PRINTABLE_MARGIN - mm(6)
    top = para(
        pen, x, top, [(label("guide_title", lang, title=display_title(session)), fonts.SANS_BOLD, 15, INK)], line
    )
    top -= mm(2)
    paper = label(f"guide_paper_{session.paper}", lang)
    top = para(pen, x, top, [(tied(label("guide_actual_size", lang, paper=paper)), fonts.SANS_BOLD, 10, INK)], line)
    top -= mm(1.5)
    mode = tied(label(mode_key(table, ink_saving), lang))
    top = para(pen, x, top, [(mode, fonts.SANS, size, INK)], line)
    top -= mm(4)
    lefts = [x]
    for share in COLUMNS[:-1]:
        lefts.append(lefts[-1] + share * line)
    widths = [share * line - mm(2) for share in COLUMNS]
    heads = [label(f"guide_col_{k}", lang) for k in ("file", "for", "copies", "paper", "sides")]
    low = min(para(pen, lefts[i], top, [(h, fonts.SANS_BOLD, head, INK)], widths[i]) for i, h in enumerate(heads))
    pen.rule(x, low - mm(0.8), x + line, low - mm(0.8), INK, 0.8)
    top = low - mm(2)
    for row in table:
        # The copies in bold where a file is printed; "not printed" in the text's own weight.
        fonts_of = [
            fonts.NARROW_BOLD,
            fonts.SANS,
            fonts.SANS_BOLD if row.copies else fonts.SANS,
            fonts.SANS,
            fonts.SANS,
        ]
        # "not printed" takes the width of the three columns it stands for: in the copies column
        # alone the Russian «не печатать» broke after «не» (issue 42, second review).
        spans = widths if row.copies else [*widths[:2], x + line - lefts[2], 0.0, 0.0]
        low = min(
            para(pen, lefts[i], top, [(text, fonts_of[i], size, INK)], spans[i]) if text else top
            for i, text in enumerate(_cells(row, lang))
        )
        pen.rule(x, low - mm(1), x + line, low - mm(1), RULE, 0.4)
        top = low - mm(2.2)
    top -= mm(2)
    # Under the table: the totals and the notes, and beside them the square to check the scale with
    # what it is for (on the shorter Letter sheet a kit of eleven files leaves no room below).
    square = size_check(pen, session, x + line, top)
    narrow = line - (CHECK[session.paper] + mm(6))
    top = para(pen, x, top, [(totals(table, lang), fonts.SANS_BOLD, size, INK)], narrow) - mm(2)
    said = label(f"guide_check_{session.paper}", lang)
    check = label("guide_size_check", lang, size=said, what=scale_words(table, lang))
    for text in (*(label(key, lang) for key in note_keys(table)), check):
        top = para(pen, x, top, [(tied(text), fonts.SANS, size, INK)], narrow) - mm(1.5)
    return min(top, square)


def write_guide(session: Session, artefacts: list[Artefact], names: list[str], target: Path,
                ink_saving: bool = False) -> None:  # fmt: skip
    """print-guide.pdf: one page, in the session's language and on its paper, from the files beside
    `target`; `ink_saving` says the kit was built with --greyscale."""
    width, height = paper_size(session.paper)
    table = rows(session, artefacts, names, target.parent)
    c = open_canvas(str(target), session.paper, label("guide_title", session.language, title=display_title(session)),
                    "printkit print guide")  # fmt: skip
    why = f"{GUIDE}: {len(table)} files do not fit on one page"
    # The largest size at which the whole guide fits its page (the last is tried on the page itself).
    size = next((z for z in SIZES if _draw(Pen(None, GUIDE), session, table, width, height, ink_saving, z)
                 >= PRINTABLE_MARGIN), SIZES[-1])  # fmt: skip
    page(c, GUIDE, PRINTABLE_MARGIN, why, _draw, session, table, width, height, ink_saving, size)
    c.save()


def build(b: Build, artefacts: list[Artefact]) -> None:
    """Add print-guide.pdf to a whole kit, listing every file the build wrote."""
    write_guide(b.session, artefacts, list(b.writer.names), b.writer.path(GUIDE), bool(b.options.greyscale))
