"""What the game master's sheets share: their texts as markup, and on the canvas their head, paragraphs and pages."""

# The adventure book and the outer-plot sheet are forms with the game master's own texts in them,
# drawn with ReportLab as the hero sheets are: a few hundredths of a second where WeasyPrint took
# half a second to a second. A document is laid out twice by the same code: once only measuring
# (Pen without a canvas), to count its pages for the "page / pages" footer, then drawn.

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from markupsafe import Markup, escape

from printkit.plugin import Colour, RenderError, Session, label, mm, open_canvas, paper_size
from printkit.render import Block, Pen, Run, blocks, drop, fonts, hex_colour, runs_width, wrap_runs
from printkit.sheets import MarkupError, Words, to_html

SANS, BOLD, ITALIC = fonts.SANS, fonts.SANS_BOLD, fonts.SANS_ITALIC
# The game master's sheets print on a mono laser: their small type (subtitles, column heads, page
# footers, 7-8.5 pt) is near-black like the body, never a halftoned grey (issue 42); the lesser
# words are told by size, weight and slant. GREY keeps its name for what it marks.
INK, SUB, GREY, FAINT = hex_colour("#111111"), hex_colour("#111111"), hex_colour("#111111"), hex_colour("#333333")
SECRET = hex_colour("#b71c1c")
SIZE, LEAD = 9.0, 1.3  # the sheets' body text: pt, and line height in ems
MARGIN, BOTTOM = mm(12), mm(14)  # the page's margins: left, right and top; bottom (the footer's band)

_LINK = re.compile(r'<a class="xref" href="#[a-z0-9-]+">(.*?)</a>')


def booklet_titles(session: Session) -> dict[str, str]:
    """Titles of the rules booklet's chapters and sections, for a [[section]] in the game master's texts."""
    if session.ruleset.booklet is None:
        return {}
    from printkit.sheets import rules_text

    book, lang = rules_text(session), session.language
    titles = {ch.id: ch.title[lang] for ch in book.chapters}
    titles.update({s.id: s.title[lang] for ch in book.chapters for s in ch.sections})
    return titles


def text_html(text: str | None, titles: dict[str, str], session: Session, where: str) -> Markup:
    """A text of the game master's (an adventure, a piece of the plot); a [[section]] becomes the
    section's name in the rules booklet (the sheets are printed apart from the booklet, so they
    cannot link there). `where` is the config field, named after the config file only in an
    error: a page that reads the file's name would be drawn again for a copy of the config
    elsewhere (the artefact cache keys what a builder reads)."""
    if not text:
        return Markup("")
    try:
        html = str(to_html(text, titles, lambda name: Markup("")))
    except MarkupError as exc:
        raise RenderError(f"{session.label}: {where}: {exc}") from None
    lang = session.language
    see = escape(label("adv_in_rules", lang))
    return Markup(_LINK.sub(lambda m: f'<em class="xref">{m.group(1)}</em> {see}', html))


@dataclass(frozen=True)
class Line:
    """One line of a column: its height and how to draw it with its top at `top`."""

    height: float
    draw: Callable[[Pen, float, float], None]  # (pen, x, top)


def gap(height: float) -> Line:
    """Space between blocks."""
    return Line(height, lambda pen, x, top: None)


def _shifted(line: Line, indent: float) -> Line:
    return Line(line.height, lambda pen, x, top: line.draw(pen, x + indent, top))


def text_lines(runs: list[Run], width: float, lead: float = LEAD, align: str = "left") -> list[Line]:
    """Runs wrapped to `width`, a Line each."""
    out = []
    for line in wrap_runs(runs, width):
        size = max(r[2] for r in line)
        spare = width - runs_width(line)
        shift = spare if align == "right" else spare / 2 if align == "center" else 0.0

        def draw(
            pen: Pen, x: float, top: float, line: list[Run] = line, size: float = size, shift: float = shift
        ) -> None:
            pen.runs(x + shift, top - drop(lead) * size, line)

        out.append(Line(lead * size, draw))
    return out


def rich_lines(html: str, width: float, size: float = SIZE, colour: Colour = INK, after: float = mm(1)) -> list[Line]:
    """A text in the rules markup (as sheets.markup writes it): paragraphs, then `after` below each
    block; list entries behind their bullet or number, indented 4 mm."""
    out: list[Line] = []
    for block in blocks(html, size, colour):
        out += _block_lines(block, width, size, colour)
        out.append(gap(after))
    return out


def _block_lines(block: Block, width: float, size: float, colour: Colour) -> list[Line]:
    if block.kind in ("p", "note"):
        return text_lines(block.items[0], width)
    indent = mm(4)
    out: list[Line] = []
    for n, item in enumerate(block.items, start=block.start):
        mark = "•" if block.kind == "ul" else f"{n}."
        lines = text_lines(item, width - indent)
        if not lines:
            continue
        first = lines[0]

        def marked(pen: Pen, x: float, top: float, first: Line = first, mark: str = mark) -> None:
            pen.text(x + indent - mm(1.2), top - drop(LEAD) * size, mark, SANS, size, colour, "right")
            first.draw(pen, x + indent, top)

        out.append(Line(first.height, marked))
        out += [_shifted(ln, indent) for ln in lines[1:]]
    return out


class Pages:
    """Pages drawn one after another, each with "n / total" in its footer. With c=None it only
    measures: `count` is then the number of pages the same drawing takes."""

    def __init__(self, c: Any | None, paper: str, what: str, total: int = 0) -> None:
        fonts.register_reportlab()  # measuring needs the fonts' metrics too
        self.c, self.what, self.total = c, what, total
        self.width, self.height = paper_size(paper)
        self.left, self.right = MARGIN, self.width - MARGIN
        self.count = 1
        self.pen = Pen(c, what)
        self.top = self.height - MARGIN

    @property
    def room(self) -> float:
        """Height left on this page."""
        return self.top - BOTTOM

    @property
    def fresh(self) -> bool:
        return self.top >= self.height - MARGIN - 1e-6

    def _footer(self) -> None:
        label = f"{self.count} / {self.total}"
        self.pen.text(self.width / 2, BOTTOM - mm(3) - drop(LEAD) * 7, label, SANS, 7.0, GREY, "center")
        self.pen.finish()
        if self.c is not None:
            self.c.showPage()

    def next_page(self) -> None:
        self._footer()
        self.count += 1
        self.pen = Pen(self.c, self.what)
        self.top = self.height - MARGIN

    def close(self) -> None:
        self._footer()

    def lines(self, lines: list[Line], x: float | None = None) -> None:
        """Lines down the page's full width (or from x), going on to a new page where one is full."""
        for line in lines:
            if line.height > self.room and not self.fresh:
                self.next_page()
            line.draw(self.pen, self.left if x is None else x, self.top)
            self.top -= line.height


def head(pages: Pages, title: str, what: str, sub: str, t: Words) -> None:
    """The sheet's head: the session's title and the sheet's name, what it is for, and that it is
    for the game master's eyes only."""
    width = pages.right - pages.left
    named = runs_width([(what, BOLD, 13.0, INK)])
    left = text_lines([(title, BOLD, 13.0, INK)], width - named - mm(4))
    right = text_lines([(what, BOLD, 13.0, INK)], named, align="right")
    top, x = pages.top, pages.left
    for i, line in enumerate(left):
        line.draw(pages.pen, x, top - i * line.height)
    right[0].draw(pages.pen, pages.right - named, top)
    top -= max(sum(ln.height for ln in left), right[0].height) + mm(0.8)
    secret = t.adv_gm_only  # bold, in the head's grey
    secret_width = runs_width([(secret, BOLD, 8.5, SUB)])
    under = text_lines([(sub, SANS, 8.5, SUB)], width - secret_width - mm(4))
    for i, line in enumerate(under):
        line.draw(pages.pen, x, top - i * line.height)
    pages.pen.text(pages.right, top - drop(LEAD) * 8.5, secret, BOLD, 8.5, SUB, "right")
    pages.top = top - max(sum(ln.height for ln in under), LEAD * 8.5) - mm(0.8)


def paragraph(pages: Pages, text: str, size: float = SIZE, colour: Colour = INK, before: float = 0.0,
              after: float = 0.0) -> None:  # fmt: skip
    """A plain paragraph across the page."""
    pages.top -= before
    pages.lines(text_lines([(text, SANS, size, colour)], pages.right - pages.left))
    pages.top -= after


def write(target: str | IO[bytes], paper: str, what: str, title: str, draw: Callable[[Pages], None]) -> int:
    """Lay the document out once to count its pages, then draw it; returns the page count. `what`
    names the document in errors, `title` in the PDF's properties."""
    measure = Pages(None, paper, what)
    draw(measure)
    c = open_canvas(target, paper, title, title)
    pages = Pages(c, paper, what, total=measure.count)
    draw(pages)
    pages.close()
    c.save()
    return pages.count
