"""The rules booklet: chapters from the ruleset's text, tables from its data, tabs, imposition."""

from __future__ import annotations

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


def _grey(colour: str) -> str:
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


def _style(colour: str, greyscale: bool) -> Style:
    colour = _grey(colour) if greyscale else colour
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
            "style": _style(tab.colour, greyscale) if tab else None,
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
    return {
        **rules_context(session),
        "page_size": CSS_PAGE[session.paper],
        "chapters": chapters,
        "toc": toc_entries(chapters),
        "greyscale": greyscale,
    }


def starts_fresh(chapters: list[dict[str, Any]], i: int) -> bool:
    """Whether chapter i begins on a page of its own: the first chapter (after the contents) and a
    coded one (its edge tab marks its pages, from its first). Every other chapter runs on below the
    one before it, so that a short chapter leaves no page a fifth full behind it."""
    return i == 0 or bool(chapters[i]["tab"])


def tab_marks(ctx: dict[str, Any], anchors: list[set[str]]) -> list[TabMark | None]:
    """Which coded chapter (if any) each page belongs to, from the ids that start on each page.

    A chapter that starts a page of its own marks that page; one that runs on below another starts
    mid-page, so the page keeps the tab of the chapter its top continues."""
    coded = [ch for ch in ctx["chapters"] if ch["tab"]]
    order = {ch["id"]: i for i, ch in enumerate(ctx["chapters"])}
    current = None
    marks: list[TabMark | None] = []
    for ids in anchors:
        starting = sorted((i for i in ids if i in order), key=order.__getitem__)
        fresh = [i for i in starting if ctx["chapters"][order[i]]["fresh"]]
        if fresh:
            current = ctx["chapters"][order[fresh[0]]]
        if current is not None and current["tab"]:
            marks.append(TabMark(coded.index(current), len(coded), current["tab"], current["style"].colour))
        else:
            marks.append(None)
        if starting:
            current = ctx["chapters"][order[starting[-1]]]
    return marks


def write_booklet(session: Session, target: Any, greyscale: bool = False) -> bytes:
    """booklet.pdf; returns its bytes so an imposed copy can be made from them."""
    from ..render.html import page_anchors, pdf_bytes, render, render_template
    from ..render.tabs import merge

    ctx = context(session, greyscale)
    document = render(render_template("booklet.html.j2", ctx))
    data = merge(pdf_bytes(document), tab_marks(ctx, page_anchors(document)))
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
