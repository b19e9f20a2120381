"""The rules booklet: chapters from the ruleset's text, tables from its data, tabs, imposition."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..config.yamlsource import file_label
from ..errors import ConfigError, RenderError
from ..game import game, resolve
from ..geometry import MM
from ..model import Session
from ..pipeline.artefact import Build
from ..render.canvas import hex_colour, ink_on, luminance, tint
from ..render.tabs import TabMark
from .booklet_text import Booklet, load_booklet
from .markup import MarkupError, to_html
from .page import rules_context
from .tables import Table

# Booklet pages: half of the chosen paper, so two fit on one sheet side for saddle stitching.
PAGE = {"a4": (148 * MM, 210 * MM), "letter": (5.5 * 72, 8.5 * 72)}
CSS_PAGE = {"a4": "A5", "letter": "5.5in 8.5in"}


def data_table(name: str, session: Session) -> Table:
    """A data table of the session's game by name, as a rules text's {{table:name}} asks for it."""
    entry = game(session.ruleset.family)
    if entry.tables is None:
        raise KeyError(f"{entry.family} has no data tables")
    found: Table = resolve(entry.tables)(name, session)
    return found


# The greyscale booklet's tabs: greys evenly stepped from DARKEST to LIGHTEST, in the order of
# their colours' lightness. issue 42, third review: each colour's own grey put the VS troops,
# battle and magic tabs at 77, 122 and 166 (close dark greys on a laser's halftone) and
# structures at 216 (almost white); four tabs now print 40, 93, 147 and 200 (three: 40, 120, 200).
DARKEST, LIGHTEST = 40, 200


def _grey(colour: str, colours: Collection[str] = ()) -> str:
    """A tab's grey: its place among the book's tab colours (by lightness) on the DARKEST-LIGHTEST
    ramp; without the others, its own lightness."""
    ranked = sorted(set(colours) | {colour}, key=lambda c: luminance(hex_colour(c)))
    if len(ranked) > 1:
        level = round(DARKEST + (LIGHTEST - DARKEST) * ranked.index(colour) / (len(ranked) - 1))
    else:
        level = round(luminance(hex_colour(colour)) ** (1 / 2.2) * 255)
    return f"#{level:02X}{level:02X}{level:02X}"


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(v * 255):02X}" for v in rgb)


@dataclass(frozen=True)
class Style:
    """How a coded chapter prints: its colour, a light tint for table headers, and legible ink."""

    colour: str
    light: str
    ink: str


def _style(colour: str, greyscale: bool, colours: Collection[str] = ()) -> Style:
    colour = _grey(colour, colours) if greyscale else colour
    rgb = hex_colour(colour)
    return Style(colour, _hex(tint(rgb, 0.22)), _hex(ink_on(rgb)))


# A page break inside a table leaves at least this many rows on either side; shorter tables never break.
MIN_ROWS = 3


def _row_class(i: int, count: int) -> str:
    keep = []
    if i < MIN_ROWS - 1:
        keep.append("keep-next")
    if i >= count - (MIN_ROWS - 1):
        keep.append("keep-prev")
    return f' class="{" ".join(keep)}"' if keep else ""


def _table_html(t: Table, heading: str = "") -> Markup:
    """A data table; its caption is left out where it would only repeat the heading above it."""
    head = "".join(f'<th class="{"num" if i in t.numeric else ""}">{escape(h)}</th>' for i, h in enumerate(t.headers))
    body = "".join(
        f"<tr{_row_class(r, len(t.rows))}>"
        + "".join(f'<td class="{"num" if i in t.numeric else ""}">{escape(c)}</td>' for i, c in enumerate(row))
        + "</tr>"
        for r, row in enumerate(t.rows)
    )
    repeats = t.caption.strip().casefold() == heading.strip().casefold()
    caption = f"<caption>{escape(t.caption)}</caption>" if t.caption and not repeats else ""
    classes = "data" + (" wide" if len(t.headers) >= 7 else "") + (" whole" if len(t.rows) < 2 * MIN_ROWS else "")
    notes = "".join(f"<p>{escape(n)}</p>" for n in t.notes)
    after = f'<div class="table-notes">{notes}</div>' if notes else ""
    return Markup(
        f'<table class="{classes}">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{after}'
    )


def toc_entries(chapters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table of contents as one flat list; the first and last entries hold on to their neighbours
    so that a page break leaves three entries on either side."""
    entries: list[dict[str, Any]] = []
    for ch in chapters:
        entries.append({"id": ch["id"], "title": ch["title"], "chapter": ch})
        entries += [{"id": s["id"], "title": s["title"], "chapter": None} for s in ch["sections"]]
    for i, entry in enumerate(entries):
        entry["keep"] = _row_class(i, len(entries)).replace(' class="', " ").rstrip('"')
    return entries


def rules_text(session: Session) -> Booklet:
    """The session's rules text, refused when it lacks the session's language anywhere.

    A booklet is one language throughout: a chapter missing from the English text stops the build
    with every gap named (file, line, id, language) rather than printing Russian under English
    headings. printkit's own texts are also held to every language when they are read.
    """
    rules, lang = session.ruleset, session.language
    assert rules.booklet is not None
    own = rules.booklet.resolve().parent == game(rules.family).folder.resolve()
    book: Booklet = load_booklet(rules.booklet, file_label(rules.booklet), own_text=own)
    if book.gaps[lang]:
        raise ConfigError(list(book.gaps[lang]))
    return book


def context(session: Session, greyscale: bool = False) -> dict[str, Any]:
    rules, lang = session.ruleset, session.language
    book = rules_text(session)
    titles = {ch.id: ch.title[lang] for ch in book.chapters}
    titles.update({s.id: s.title[lang] for ch in book.chapters for s in ch.sections})
    entry = game(rules.family)

    def render(text: str, where: str, heading: str) -> Markup:
        try:
            return to_html(text, titles, lambda name: _table_html(data_table(name, session), heading))
        except (MarkupError, KeyError, StopIteration) as exc:
            raise RenderError(f"{book.label}: {where}: {exc}") from None

    chapters: list[dict[str, Any]] = []
    for ch in book.chapters:
        tab = book.tabs.get(ch.coded) if ch.coded else None
        chapters.append({
            "id": ch.id,
            "title": ch.title[lang],
            "html": render(ch.text[lang], ch.id, ch.title[lang]) if ch.text else "",
            "style": _style(tab.colour, greyscale, [t.colour for t in book.tabs.values()]) if tab else None,
            "tab": tab.short[lang] if tab else None,
            "sections": [{"id": s.id, "title": s.title[lang], "html": render(s.text[lang], s.id, s.title[lang])}
                         for s in ch.sections],
        })  # fmt: skip
    if entry.booklet_chapters:
        try:
            chapters += resolve(entry.booklet_chapters)(session, titles)
        except MarkupError as exc:
            raise RenderError(f"{session.label}: {exc}") from None
    for i, chapter in enumerate(chapters):
        chapter["fresh"] = starts_fresh(chapters, i)
        chapter["tight"] = False  # set closer where the last page would hold a runt (write_booklet)
    return {
        **rules_context(session),
        "page_size": CSS_PAGE[session.paper],
        "chapters": chapters,
        "toc": toc_entries(chapters),
        "greyscale": greyscale,
    }


def starts_fresh(chapters: list[dict[str, Any]], i: int) -> bool:
    """Whether chapter i begins on a page of its own: the first chapter (after the contents) and a
    coded one (its edge tab marks its pages, from its first), unless write_booklet finds the break
    would leave the page before it nearly empty. Every other chapter runs on below the one before
    it, so that a short chapter leaves no page a fifth full behind it."""
    return i == 0 or bool(chapters[i]["tab"])


def tab_marks(ctx: dict[str, Any], anchors: list[dict[str, float]]) -> list[tuple[TabMark, ...]]:
    """The coded chapters (their tabs) each page holds part of, from the ids that start on each
    page and how far down (CSS pixels from the page's top: page_tops): the chapter its top
    continues, unless another opens it, and every chapter that starts on it. A chapter that runs
    on below another's end (issue 42) is marked from its first page as one that opens a page is."""
    coded = [ch for ch in ctx["chapters"] if ch["tab"]]
    order = {ch["id"]: i for i, ch in enumerate(ctx["chapters"])}
    current = None
    marks: list[tuple[TabMark, ...]] = []
    for tops in anchors:
        starting = sorted((i for i in tops if i in order), key=order.__getitem__)
        held = [ctx["chapters"][order[i]] for i in starting]
        if current is not None and not (starting and tops[starting[0]] < TEXT_TOP + PAGE_TOP):
            held.insert(0, current)  # the page's top is the chapter before's
        marks.append(tuple(TabMark(coded.index(ch), len(coded), ch["tab"], ch["style"].colour)
                           for ch in held if ch["tab"]))  # fmt: skip
        if starting:
            current = ctx["chapters"][order[starting[-1]]]
    return marks


def page_tops(document: Any) -> list[dict[str, float]]:
    """Each page's element ids that start on it, with how far down (CSS pixels from its top)."""
    return [{name: box[1] for name, box in page.anchors.items()} for page in document.pages]


# A chapter that would start a page of its own (a coded one, the first after the contents) runs on
# below the one before it instead where its page break would leave that page less full than this:
# a page a sixth full before a chapter's tab is paper spent on nothing (issue 42; the layout tests
# hold every such page to 30 %, measured as printed).
RUN_ON = 0.35
# The booklet's page margins above and below the text (templates/booklet.css), in CSS pixels, and
# how far below the first a chapter's title may start and still open its page.
TEXT_TOP, TEXT_BOTTOM, PAGE_TOP = 15 * 96 / 25.4, 16 * 96 / 25.4, 3 * 96 / 25.4


def thin_breaks(ctx: dict[str, Any], document: Any) -> set[str]:
    """The chapters starting a page of their own whose break leaves the page before it less than
    RUN_ON full: how far down that page the chapter before (or the contents) ends, from the end
    marks the template sets after each (anchors: boxes in CSS pixels from the page's top left)."""
    where = {name: (page, box[1]) for page in document.pages for name, box in page.anchors.items()}
    chapters = ctx["chapters"]
    thin = set()
    for i, chapter in enumerate(chapters):
        end = "toc-end" if i == 0 else f"end-{chapters[i - 1]['id']}"
        if not chapter["fresh"] or end not in where:
            continue
        page, y = where[end]
        if (y - TEXT_TOP) / (page.height - TEXT_TOP - TEXT_BOTTOM) < RUN_ON:
            thin.add(chapter["id"])
    return thin


def planned_run_ons(ctx: dict[str, Any], document: Any) -> set[str]:
    """The chapters that should run on, from one layout. A chapter that opens a page lays out the
    same whatever came before it, so the stretch from one such chapter to the next keeps its length
    (pages and a part) when it moves: where a chapter runs on, the stretch after it starts where the
    stretch before it ended, and its end moves by as much. Each chapter's break is judged, in order,
    at the end its stretch would have then."""
    where = {name: (n, box[1]) for n, page in enumerate(document.pages) for name, box in page.anchors.items()}
    height = document.pages[0].height - TEXT_TOP - TEXT_BOTTOM
    chapters = ctx["chapters"]

    def at(name: str) -> float | None:
        """Where an anchor lies, in pages from the booklet's first (2.5: half way down the third)."""
        if name not in where:
            return None
        page, y = where[name]
        return float(page + max(0.0, (y - TEXT_TOP) / height))

    planned: set[str] = set()
    start, offset = at("contents"), 0.0  # the stretch's first page, and how far down that page it starts
    for i, chapter in enumerate(chapters):
        end, opens = at("toc-end" if i == 0 else f"end-{chapters[i - 1]['id']}"), at(chapter["id"])
        if not chapter["fresh"] or end is None or opens is None or start is None:
            continue
        left = (offset + end - int(start)) % 1  # how full the stretch's last page would be
        if left < RUN_ON:
            planned.add(chapter["id"])
            offset = left  # the next stretch starts there
        else:
            offset = 0.0
        start = opens
    return planned


# The booklet's last page filled less than this (to where its last chapter ends) is a runt: the
# fewest last chapters are set a little closer (.chapter.tight) that save the page, at most back to
# the last chapter opening a page of its own (_tighten_the_end). The
# layout tests hold a last page a chapter opens to 30 % (issue 42, third review: «Финал» stood
# alone on the Russian «Стратегия» booklet's last page, 15 % of it).
RUNT = 0.3


def last_page_fill(ctx: dict[str, Any], document: Any) -> float:
    """How far down its text area the booklet's last page is filled: where its last chapter ends."""
    end = f"end-{ctx['chapters'][-1]['id']}" if ctx["chapters"] else ""
    page = document.pages[-1]
    if end not in page.anchors:
        return 1.0
    return float((page.anchors[end][1] - TEXT_TOP) / (page.height - TEXT_TOP - TEXT_BOTTOM))


def _tighten_the_end(ctx: dict[str, Any], document: Any) -> Any:
    """The layout with the fewest last chapters set closer that saves the runt last page, or the
    one given. Only the chapters after the last that opens a page are set closer: the breaks before
    the fresh chapters, already judged (thin_breaks), stay where they are."""
    from ..render.html import render, render_template

    chapters = ctx["chapters"]
    fresh = max((i for i, ch in enumerate(chapters) if ch["fresh"]), default=0)

    def closer_from(first: int) -> Any | None:
        """The booklet laid out with chapters[first:] set closer, if that saves a page; else None."""
        for i, chapter in enumerate(chapters):
            chapter["tight"] = i >= first
        laid = render(render_template("booklet.html.j2", ctx))
        return laid if len(laid.pages) < len(document.pages) else None

    # Setting a chapter closer never lengthens it, so the more chapters set closer, the shorter the
    # end. The last chapter alone is tried first (it most often is enough), then the most there may
    # be (when that saves nothing, nothing will), and between them the fewest that still save the
    # page are found by halves: a few layouts, not one a chapter, each the whole booklet's.
    last = len(chapters) - 1
    saved, best = closer_from(last), last
    if saved is None and last > fresh:
        saved, best = closer_from(fresh), fresh
    if saved is None:
        for chapter in chapters:
            chapter["tight"] = False
        return document
    low, high = best + 1, last - 1  # the fewest saving the page start between them, if not at best
    while low <= high:
        middle = (low + high + 1) // 2
        laid = closer_from(middle)
        if laid is None:
            high = middle - 1
        else:
            saved, best, low = laid, middle, middle + 1
    for i, chapter in enumerate(chapters):
        chapter["tight"] = i >= best
    return saved


def write_booklet(session: Session, target: Any, greyscale: bool = False) -> bytes:
    """booklet.pdf; returns its bytes so an imposed copy can be made from them."""
    from ..render.html import pdf_bytes, render, render_template
    from ..render.tabs import merge

    ctx = context(session, greyscale)
    document = render(render_template("booklet.html.j2", ctx))
    # Which chapters run on, worked out from this first layout (planned_run_ons), then checked on the
    # next: a run-on moves the pages after it, so a break found thin there runs on too, one a pass.
    planned = planned_run_ons(ctx, document)
    while planned:
        for chapter in ctx["chapters"]:
            chapter["fresh"] = chapter["fresh"] and chapter["id"] not in planned
        document = render(render_template("booklet.html.j2", ctx))
        thin = thin_breaks(ctx, document)
        planned = {next(ch["id"] for ch in ctx["chapters"] if ch["id"] in thin)} if thin else set()
    if len(document.pages) > 1 and last_page_fill(ctx, document) < RUNT:
        document = _tighten_the_end(ctx, document)
    data = merge(pdf_bytes(document), tab_marks(ctx, page_tops(document)))
    with open(target, "wb") as f:
        f.write(data)
    return data


def write_imposed(booklet_pdf: bytes, session: Session, target: Any) -> None:
    """booklet-print.pdf: the booklet's pages two-up on landscape sheets in saddle-stitch order."""
    from ..render.impose import impose_saddle

    with open(target, "wb") as f:
        f.write(impose_saddle(booklet_pdf, session.paper))


def preflight(b: Build) -> None:
    """What can refuse a booklet, without laying it out: its rules text, tables and cross-references."""
    context(b.session, greyscale=b.options.greyscale)


def build(b: Build) -> None:
    """The kit's booklet.pdf (see finish for booklet-print.pdf)."""
    write_booklet(b.session, b.writer.path("booklet.pdf"), greyscale=b.options.greyscale)
    b.progress("booklet", 1, 1)


def finish(b: Build) -> None:
    """booklet-print.pdf with saddle imposition, made from the kit's booklet.pdf however it got there:
    the booklet's drawing does not depend on --imposition, so its cached copy serves either way."""
    if b.options.imposition == "saddle":
        booklet = (b.writer.staging / "booklet.pdf").read_bytes()
        write_imposed(booklet, b.session, b.writer.path("booklet-print.pdf"))
