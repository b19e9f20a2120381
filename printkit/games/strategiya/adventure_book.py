"""The game master's adventure book: the config's adventures per terrain and entry, blank forms for the rest."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import IO, Any

from markupsafe import Markup

from printkit.plugin import Build, Colour, Session, label, mm
from printkit.render import Blank, Pen, Piece, Run, Tick, drop, flow, hex_colour, runs_width
from printkit.sheets import Words, base_context, signed

from .gm_canvas import (
    BOLD,
    BOTTOM,
    GREY,
    INK,
    ITALIC,
    LEAD,
    MARGIN,
    SANS,
    SECRET,
    SUB,
    Line,
    Pages,
    booklet_titles,
    gap,
    head,
    paragraph,
    rich_lines,
    text_html,
    text_lines,
    write,
)
from .model import ADVENTURE_KINDS, Adventure, rules_of, session_of

LONG_TEXT = 1200  # characters


@dataclass(frozen=True)
class Entry:
    """One numbered entry of a terrain's list: written in the config, or a blank form (adventure None)."""

    number: int
    adventure: Adventure | None
    kind: str  # the kind as printed ('' when the config gives none)
    html: Markup  # the text, in the booklet's markup

    @property
    def long(self) -> bool:
        # Longer than a third of a page: its row may break across pages rather than leave a gap.
        return self.adventure is not None and len(self.adventure.text or "") > LONG_TEXT


def context(session: Session) -> dict[str, Any]:
    """Everything the adventure book prints (draw_book draws it)."""
    rules, lang, part = rules_of(session.ruleset), session.language, session_of(session)
    titles = booklet_titles(session)
    kinds = {k: label(f"adv_kind_{k}", lang) for k in ADVENTURE_KINDS}
    terrains, summary = [], []
    sides: Counter[str] = Counter()
    unsided = 0
    for t in rules.terrains:
        written = part.adventures.get(t.id, {})
        entries = []
        for number in range(1, t.slots + 1):
            a = written.get(number)
            html = text_html(a.text, titles, session, f"adventures.{t.id}.{number}") if a else Markup("")
            entries.append(Entry(number, a, kinds[a.kind] if a and a.kind else "", html))
            if a and a.kind == "morale":
                if a.side:
                    sides[a.side] += 1
                else:
                    unsided += 1
        counts = Counter(a.kind for a in written.values())
        terrains.append(
            {
                "id": t.id,
                "name": t.name[lang],
                "colour": t.colour,
                "enemy": label("adv_enemy", lang, strength=signed(t.experience)),
                "entries": entries,
            }
        )
        summary.append(
            {
                "name": t.name[lang],
                "colour": t.colour,
                "written": len(written),
                "blank": t.slots - len(written),
                "kinds": [counts.get(k, 0) for k in ADVENTURE_KINDS],
            }
        )
    balance = ", ".join(f"{side} {n}" for side, n in sides.most_common())
    even = len(set(sides.values())) <= 1 and len(sides) != 1
    return {
        **base_context(session),
        "intro": label("adv_intro_chain" if rules.secret else "adv_intro_plain", lang),
        "kinds": [kinds[k] for k in ADVENTURE_KINDS],
        "summary": summary,
        "balance": label("adv_balance" if even else "adv_balance_uneven", lang, sides=balance) if balance else "",
        "even": even,
        "unsided": label("adv_unsided", lang, n=unsided) if unsided else "",
        "terrains": terrains,
    }


# ---- drawing: the summary, then each terrain's entries two to a row ------------------------------

WHAT = "adventure book"  # the document's name in errors
RULE, FAINT_RULE, LINE_RULE = hex_colour("#333333"), hex_colour("#cccccc"), hex_colour("#bbbbbb")
TITLE_RULE, BOX = hex_colour("#888888"), hex_colour("#333333")
GUTTER, ROW_GAP = mm(3), mm(2.5)  # half the space between the two entries of a row; below a row
NO, KINDS, KIND = 9.5, 7.5, 8.0  # pt: an entry's number and title, the squares' labels, a written kind


def _measured(pieces: list[Piece], width: float, ink: Colour) -> Line:
    """Text with squares and blanks (pen.flow) as one Line."""

    def draw(pen: Pen, x: float, top: float) -> None:
        flow(pen, x, top, pieces, width, ink, lead=LEAD)

    return Line(-flow(Pen(None, WHAT), 0.0, 0.0, pieces, width, ink, lead=LEAD), draw)


def _kinds(kinds: list[str], t: Words, width: float) -> list[Line]:
    """ "□ Morale test (side ____) □ Find □ Trap": the kind to tick, its side to write."""
    square = Tick(side=mm(2.4), border=0.6)
    pieces: list[Piece] = []
    for i, kind in enumerate(kinds):
        pieces += [square, (kind, SANS, KINDS, SUB)]
        if i == 0:
            pieces += [(f" ({t.adv_side} ", SANS, KINDS, SUB), Blank(mm(14)), (")", SANS, KINDS, SUB)]
        pieces.append(("  ", SANS, KINDS, SUB))
    return [gap(mm(1.2)), _measured(pieces, width, BOX), gap(mm(0.4))]


def _writing(count: int, width: float) -> list[Line]:
    """Lines to write on, 6 mm apart."""

    def rule(pen: Pen, x: float, top: float) -> None:
        pen.rule(x, top - mm(6), x + width, top - mm(6), LINE_RULE, 0.5)

    return [Line(mm(6), rule) for _ in range(count)]


# Lines to write on under an entry the config leaves out; one fewer where that saves a last page
# holding less than RUNT of its height (issue 42, third review: on Letter the sixth page held the
# last four death zones, 26 % of it).
WRITING, RUNT = 4, 0.3


def _form(entry: Any, name: str, kinds: list[str], t: Words, width: float, writing: int = WRITING) -> list[Line]:
    """An entry the config leaves out: its number on a line to write the title on, the kinds, lines."""
    label = f"{name} {entry.number}"
    used = runs_width([(label, BOLD, NO, INK)]) + mm(2)

    def title(pen: Pen, x: float, top: float) -> None:
        pen.text(x, top - drop(LEAD) * NO, label, BOLD, NO, INK)
        pen.rule(x + used, top - LEAD * NO, x + width, top - LEAD * NO, TITLE_RULE, 0.5)

    return [Line(LEAD * NO, title), *_kinds(kinds, t, width), *_writing(writing, width)]


def _written(entry: Any, name: str, kinds: list[str], t: Words, width: float) -> list[Line]:
    """An entry from the config: number and title, its kind (or the kinds to tick), its text."""
    a = entry.adventure
    heading: list[Run] = [(f"{name} {entry.number}", BOLD, NO, GREY), ("  ", BOLD, NO, INK), (a.title, BOLD, NO, INK)]
    lines = [*text_lines(heading, width), gap(mm(0.5))]
    if entry.kind or a.side:
        said = entry.kind + (" · " if entry.kind and a.side else "") + (f"{t.adv_side}: {a.side}" if a.side else "")
        lines += [*text_lines([(said, ITALIC, KIND, GREY)], width), gap(mm(0.6))]
    else:
        lines += _kinds(kinds, t, width)
    lines += rich_lines(str(entry.html), width) if entry.html else _writing(3, width)
    return lines


BAR = 1.5  # pt: the bar left of a written entry, 2 mm before its text
Column = tuple[list[Line], float, bool]  # an entry's lines, its left edge, whether it has the bar


def _row(pages: Pages, columns: list[Column], whole: bool) -> None:
    """Two entries side by side. A row stays on one page unless `whole` is False (a long text): then
    each column goes on where the page ends, on the next."""
    height = max(sum(ln.height for ln in lines) for lines, _, _ in columns) + ROW_GAP
    if whole and height > pages.room and not pages.fresh:
        pages.next_page()
    at = [0] * len(columns)
    while True:
        top, floor, low = pages.top, pages.top - pages.room, pages.top
        for k, (lines, x, barred) in enumerate(columns):
            y, start = top, at[k]
            # A line goes where it fits; on a fresh page it goes anyway (it could fit nowhere else).
            while at[k] < len(lines) and (y - lines[at[k]].height >= floor or (y == top and pages.fresh)):
                lines[at[k]].draw(pages.pen, x + (BAR + mm(2) if barred else 0.0), y)
                y -= lines[at[k]].height
                at[k] += 1
            if barred and at[k] > start:
                pages.pen.rule(x + BAR / 2, top, x + BAR / 2, y, LINE_RULE, BAR)
            low = min(low, y)
        if all(at[k] == len(lines) for k, (lines, _, _) in enumerate(columns)):
            pages.top = low - ROW_GAP
            return
        pages.next_page()


def _summary(pages: Pages, ctx: dict[str, Any]) -> None:
    """How many entries each terrain has written and blank, and of which kinds."""
    t: Words = ctx["t"]
    heads = [t.terrain, t.adv_written, t.adv_blank, *ctx["kinds"]]
    rows = [[s["name"], str(s["written"]), str(s["blank"]), *[str(n) if n else "" for n in s["kinds"]]]
            for s in ctx["summary"]]  # fmt: skip
    size, pad, swatch = 8.0, mm(1), mm(2.6) + mm(1.2)
    natural = [max(runs_width([(r[i], SANS, size, INK)]) for r in [heads, *rows]) + 2 * pad for i in range(len(heads))]
    natural[0] += swatch
    width = pages.right - pages.left
    widths = [w + (width - sum(natural)) * w / sum(natural) for w in natural]
    pages.top -= mm(1)

    def cells(texts: list[str], colour: Colour, under: Colour, weight: float, first: Colour | None = None) -> None:
        lines = []
        for i, (text, w) in enumerate(zip(texts, widths, strict=True)):
            room = w - 2 * pad - (swatch if i == 0 and first else 0.0)
            lines.append(text_lines([(text, SANS, size, colour)], room, align="left" if i == 0 else "center"))
        height = max(sum(ln.height for ln in cell) for cell in lines) + pad
        if height > pages.room:
            pages.next_page()
        x, top = pages.left, pages.top
        for i, cell in enumerate(lines):
            inner = x + pad
            if i == 0 and first is not None:
                y = top - pad / 2 - drop(LEAD) * size
                pages.pen.box(inner, y - mm(0.2), mm(2.6), mm(2.6), RULE, 0.3, fill=first)
                inner += swatch
            y = top - pad / 2
            for line in cell:
                line.draw(pages.pen, inner, y)
                y -= line.height
            x += widths[i]
        pages.pen.rule(pages.left, top - height, pages.right, top - height, under, weight)
        pages.top = top - height

    cells(heads, GREY, RULE, 0.6)
    for s, row in zip(ctx["summary"], rows, strict=True):
        cells(row, INK, FAINT_RULE, 0.3, first=hex_colour(s["colour"]))
    pages.top -= mm(2)


def _heading(terrain: dict[str, Any], width: float) -> Line:
    """A terrain's heading: its colour, name and what its enemies add, over a rule in its colour."""
    colour = hex_colour(terrain["colour"])
    side = mm(3.4)
    height = LEAD * 11 + mm(0.8)

    def draw(pen: Pen, x: float, top: float) -> None:
        base = top - drop(LEAD) * 11
        pen.box(x, base - mm(0.2), side, side, RULE, 0.3, fill=colour)
        runs: list[Run] = [
            (terrain["name"], BOLD, 11.0, INK),
            ("    ", SANS, 8.0, GREY),
            (terrain["enemy"], SANS, 8.0, GREY),
        ]
        pen.runs(x + side + mm(1.2), base, runs)
        pen.rule(x, top - height, x + width, top - height, colour, 1.2)

    return Line(height, draw)


def draw_book(ctx: dict[str, Any], paper: str, target: str | IO[bytes]) -> int:
    """adventures.pdf from adventure_book.context(); returns its page count. Laid out first with
    WRITING lines under each blank entry, and with one fewer where that saves a runt last page."""
    t: Words = ctx["t"]
    writing = WRITING

    def draw(pages: Pages) -> None:
        width = pages.right - pages.left
        half = width / 2
        head(pages, ctx["title"], t.adv_book, t.adv_inner_plot, t)
        paragraph(pages, ctx["intro"], before=mm(2), after=mm(2.5))
        _summary(pages, ctx)
        paragraph(pages, t.adv_rules_reminder, 8.0, RULE, mm(1), mm(1))
        if ctx["balance"]:
            paragraph(pages, ctx["balance"], 8.0, RULE if ctx["even"] else SECRET, 0.0, mm(1))
        if ctx["unsided"]:
            paragraph(pages, ctx["unsided"], 8.0, SECRET, 0.0, mm(1))
        for terrain in ctx["terrains"]:
            entries = terrain["entries"]
            rows = []
            for i in range(0, len(entries), 2):
                pair = entries[i : i + 2]
                columns = []
                for k, entry in enumerate(pair):
                    x = pages.left + (k * (half + GUTTER))
                    inner = half - GUTTER - (BAR + mm(2) if entry.adventure else 0.0)
                    lines = (_written(entry, terrain["name"], ctx["kinds"], t, inner) if entry.adventure
                             else _form(entry, terrain["name"], ctx["kinds"], t, inner, writing))  # fmt: skip
                    columns.append((lines, x, entry.adventure is not None))
                rows.append((columns, not any(e.long for e in pair)))
            heading = _heading(terrain, width)
            first_columns, first_whole = rows[0]
            first = max(sum(ln.height for ln in lines) for lines, _, _ in first_columns) if first_whole else max(
                lines[0].height for lines, _, _ in first_columns)  # fmt: skip
            pages.top -= mm(4)
            if mm(1.5) + heading.height + first > pages.room and not pages.fresh:
                pages.next_page()  # a heading never stays alone at a page's foot
            pages.lines([heading])
            pages.top -= mm(1.5)
            for columns, whole in rows:
                _row(pages, columns, whole)

    def pages_and_last(lines: int) -> tuple[int, float]:
        nonlocal writing
        writing = lines
        measure = Pages(None, paper, WHAT)
        draw(measure)
        height = measure.height - MARGIN - BOTTOM
        return measure.count, (measure.height - MARGIN - measure.top) / height

    count, last = pages_and_last(WRITING)
    saves = count > 1 and last < RUNT and pages_and_last(WRITING - 1)[0] < count
    writing = WRITING - 1 if saves else WRITING
    return write(target, paper, WHAT, f"{ctx['title']} — {t.adv_book}", draw)


def write_book(session: Session, target: str) -> int:
    """adventures.pdf; returns its page count."""
    return draw_book(context(session), session.paper, target)


def build(b: Build) -> None:
    """The kit's adventures.pdf."""
    write_book(b.session, str(b.writer.path("adventures.pdf")))
    b.progress("adventures", 1, 1)


def preflight(b: Build) -> None:
    """What can refuse the book: an adventure's [[section]] that the rules booklet lacks."""
    context(b.session)
