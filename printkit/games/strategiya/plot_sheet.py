"""The outer plot's planning sheet: the main task, each piece with its trigger and cue, a turn track."""

from __future__ import annotations

from typing import IO, Any

from printkit.plugin import Build, Session, label, mm
from printkit.render import Pen, drop, hex_colour
from printkit.sheets import Words, base_context

from .gm_canvas import (
    BOLD,
    GREY,
    INK,
    LEAD,
    SANS,
    SECRET,
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
from .model import PlotEvent, session_of

TRACK_ROW = 20  # turns a row of the track: tens line up under each other
ROWS = 11  # rows on the sheet, written ones first, so a short plan still has room to grow
MIN_BLANK = 2


def trigger(event: PlotEvent, lang: str) -> str:
    """When a piece comes into play, in words."""
    if event.every is not None:
        return label("plot_every_turn", lang) if event.every == 1 else label("plot_every", lang, n=event.every)
    if event.turn is not None:
        return label("plot_on_turn", lang, n=event.turn)
    return event.when or ""


def due(events: tuple[PlotEvent, ...], turns: int) -> dict[int, list[int]]:
    """Turn -> the numbers of the pieces due on it (those with a turn count, not a condition)."""
    marks: dict[int, list[int]] = {}
    for n, e in enumerate(events, start=1):
        hits = range(e.every, turns + 1, e.every) if e.every else ([e.turn] if e.turn and e.turn <= turns else [])
        for turn in hits:
            marks.setdefault(turn, []).append(n)
    return marks


def rule_events(session: Session) -> list[tuple[str, int, str]]:
    """The rules' own recurring events, as (mark, every N turns, what it is), in the session's language:
    the third player's private talk (three players), the tracker's look and the market stall's dollar."""
    from .model import rules_of

    lang, rules = session.language, rules_of(session.ruleset)
    out = []
    h = rules.heroes
    if h is not None and h.three_players and len(session_of(session).parties) == 3:
        every = h.three_players_talk_every
        out.append((label("plot_mark_talk", lang), every, label("plot_rule_talk", lang, n=every)))
    for kind, key in (("services", "tracker"), ("market", "stall")):
        offer = next((o for o in rules.town.get(kind, ()) if o.id == key and o.every), None)
        if offer is not None:
            every = offer.every or 1
            mark = label(f"plot_mark_{key}", lang) if every > 1 else ""  # every turn: said, not marked
            out.append((mark, every, label(f"plot_rule_{key}", lang, n=every)))
    return out


def context(session: Session) -> dict[str, Any]:
    """Everything the plot sheet prints (draw_sheet draws it)."""
    lang, plot = session.language, session_of(session).plot
    titles = booklet_titles(session)
    where = "plot"
    events = [
        {
            "n": n,
            "when": trigger(e, lang),
            "hint": e.hint or "",
            "title": e.title or "",
            "html": text_html(e.text, titles, session, f"{where}.events[{n - 1}].text"),
        }
        for n, e in enumerate(plot.events, start=1)
    ]
    marks = due(plot.events, plot.turns)
    # An event due every turn (the stall's dollar) is said under the track, not marked in every box.
    ruled = [(mark, every) for mark, every, _ in rule_events(session) if every > 1]
    track = [
        [
            {"turn": t, "marks": ", ".join(map(str, marks.get(t, []))),
             "rules": " ".join(mark for mark, every in ruled if t % every == 0)}
            for t in range(start, min(start + TRACK_ROW, plot.turns + 1))
        ]
        for start in range(1, plot.turns + 1, TRACK_ROW)
    ]  # fmt: skip
    late = [e["n"] for e, p in zip(events, plot.events, strict=True) if p.turn and p.turn > plot.turns]
    return {
        **base_context(session),
        "goal": text_html(plot.goal, titles, session, f"{where}.goal"),
        "events": events,
        "blank_rows": max(MIN_BLANK, ROWS - len(events)),
        "track": track,
        "track_cols": TRACK_ROW,
        "late": label("plot_late", lang, pieces=", ".join(map(str, late))) if late else "",
        "rule_legend": [f"{mark} — {text}" if every > 1 else text for mark, every, text in rule_events(session)],
    }


# ---- drawing: the main task, the pieces of the story, the turn track ------------------------------

WHAT = "plot sheet"  # the document's name in errors
BOX, ROW_RULE, LINE_RULE, CELL = (
    hex_colour("#333333"),
    hex_colour("#999999"),
    hex_colour("#bbbbbb"),
    hex_colour("#888888"),
)
TURN = INK  # small type in black: a grey halftones on a laser
# The pieces' table: number, trigger, cue, what happens (the rest), ticked when it came into play.
COLUMNS = (mm(6), mm(30), mm(40), 0.0, mm(18))
PAD = mm(1)
BLANK_ROW = mm(11.5)
DONE_BOX = mm(4)  # the square in the "done" column, to tick when the piece came into play
MARK_INSET = mm(1.5)


def _widths(width: float) -> list[float]:
    return [w or width - sum(COLUMNS) for w in COLUMNS]


def _goal(pages: Pages, ctx: dict[str, Any], t: Words) -> None:
    """The main task in a box: the game master's words, or two lines to write it on."""
    width = pages.right - pages.left
    inner = width - 2 * mm(2)
    lines = text_lines([(t.plot_goal, BOLD, 9.0, INK)], inner)
    if ctx["goal"]:
        lines += rich_lines(str(ctx["goal"]), inner, after=mm(0.5))
    else:

        def ruled(pen: Pen, x: float, top: float) -> None:
            pen.rule(x, top - mm(6.5), x + inner, top - mm(6.5), LINE_RULE, 0.5)

        lines += [Line(mm(6.5), ruled), Line(mm(6.5), ruled)]
    height = max(sum(ln.height for ln in lines) + 2 * mm(1.5), mm(16))
    pages.top -= mm(1)
    if height > pages.room and not pages.fresh:
        pages.next_page()
    top = pages.top
    pages.pen.box(pages.left, top - height, width, height, BOX, 0.8)
    y = top - mm(1.5)
    for line in lines:
        line.draw(pages.pen, pages.left + mm(2), y)
        y -= line.height
    pages.top = top - height - mm(3)


def _cells(texts: list[list[Line]], widths: list[float], height: float | None = None) -> Line:
    """One row of the pieces' table, its cells padded; `height` at least."""
    tallest = max(sum(ln.height for ln in cell) for cell in texts) + 2 * PAD
    row = max(tallest, height or 0.0)

    def draw(pen: Pen, x: float, top: float) -> None:
        for cell, w in zip(texts, widths, strict=True):
            y = top - PAD
            for line in cell:
                line.draw(pen, x + PAD, y)
                y -= line.height
            x += w
        pen.rule(x - sum(widths), top - row, x, top - row, ROW_RULE, 0.5)

    return Line(row, draw)


def _events(ctx: dict[str, Any], t: Words, widths: list[float], blank_rows: int) -> tuple[Line, list[Line]]:
    """The pieces' table: its header, and a row for each piece, then blank ones to fill in."""
    inner = [w - 2 * PAD for w in widths]
    names = ["№", t.plot_when, t.plot_hint, t.plot_what, t.plot_done]
    header_cells = [text_lines([(name, SANS, 7.5, GREY)], w, align="center" if i == 0 else "left")
                    for i, (name, w) in enumerate(zip(names, inner, strict=True))]  # fmt: skip
    header = _cells(header_cells, widths)

    def ruled(line: Line) -> Line:
        def draw(pen: Pen, x: float, top: float) -> None:
            line.draw(pen, x, top)
            pen.rule(x, top - line.height, x + sum(widths), top - line.height, BOX, 0.8)

        return Line(line.height, draw)

    rows = []
    for e in ctx["events"]:
        what = text_lines([(e["title"], BOLD, 9.0, INK)], inner[3]) if e["title"] else []
        what += rich_lines(str(e["html"]), inner[3], after=mm(0.6)) if e["html"] else []
        cells = [
            text_lines([(str(e["n"]), BOLD, 9.0, INK)], inner[0], align="center"),
            text_lines([(e["when"], SANS, 9.0, INK)], inner[1]),
            text_lines([(e["hint"], SANS, 9.0, INK)], inner[2]),
            what,
            [_done_box(inner[4])],
        ]
        rows.append(_cells(cells, widths))
    for k in range(blank_rows):
        number = text_lines([(str(len(ctx["events"]) + k + 1), BOLD, 9.0, INK)], inner[0], align="center")
        rows.append(_cells([number, [], [], [], [_done_box(inner[4])]], widths, BLANK_ROW))
    return ruled(header), rows


def _done_box(width: float) -> Line:
    """An empty square in the middle of the "done" column, to tick."""

    def draw(pen: Pen, x: float, top: float) -> None:
        pen.box(x + (width - DONE_BOX) / 2, top - DONE_BOX, DONE_BOX, DONE_BOX, BOX, 0.7)

    return Line(DONE_BOX, draw)


def _track(ctx: dict[str, Any], width: float) -> list[Line]:
    """The turn track: a cell a turn, tens marked, and the pieces due on each turn in bold black at
    the cell's right (issue 42: the sheet spoke of red numbers, which a mono laser prints grey)."""
    columns = ctx["track_cols"]
    cell = width / columns
    height = mm(8.5)

    def row_line(row: list[dict[str, Any]]) -> Line:
        def draw(pen: Pen, x: float, top: float) -> None:
            for i, c in enumerate(row):
                left = x + i * cell
                pen.box(left, top - height, cell, height, CELL, 0.5)
                pen.text(left + mm(0.5), top - mm(0.3) - drop(LEAD) * 6, str(c["turn"]), SANS, 6.0, TURN)
                if c["rules"]:  # the rules' own events, bottom left, clear of the pieces' numbers at the right
                    pen.text(left + mm(0.5), top - height + mm(1.3), c["rules"], BOLD, 6.0, TURN)
                if c["marks"]:
                    # MARK_INSET from the cell's right edge: clear of the heavy rule after every tenth turn.
                    pen.text(left + cell - MARK_INSET, top - mm(0.3) - 6 * 1.1 - 0.9 * 7, c["marks"], BOLD, 7.0,
                             INK, "right")  # fmt: skip
            for i, c in enumerate(row):
                if c["turn"] % 10 == 0:
                    edge = x + (i + 1) * cell
                    pen.rule(edge, top, edge, top - height, BOX, 1.2)
            for i in range(len(row), columns):
                pen.box(x + i * cell, top - height, cell, height, CELL, 0.5)

        return Line(height, draw)

    return [row_line(row) for row in ctx["track"]]


def draw_sheet(ctx: dict[str, Any], paper: str, target: str | IO[bytes] | None, blank_rows: int) -> int:
    """plot.pdf from plot_sheet.context() with `blank_rows` rows to fill in; returns its page count
    (target None: only measures it)."""
    t: Words = ctx["t"]

    def draw(pages: Pages) -> None:
        width = pages.right - pages.left
        head(pages, ctx["title"], t.plot_title, t.plot_sub, t)
        paragraph(pages, t.plot_intro, before=mm(2), after=mm(2.5))
        _goal(pages, ctx, t)
        header, rows = _events(ctx, t, _widths(width), blank_rows)
        pages.top -= mm(1)
        for i, row in enumerate(rows):
            if i == 0 or row.height > pages.room:
                if header.height + row.height > pages.room and not pages.fresh:
                    pages.next_page()
                pages.lines([header])  # the header heads every page the table runs onto
            pages.lines([row])
        pages.top -= mm(3)
        track = _track(ctx, width)
        title = text_lines([(t.plot_track, BOLD, 9.5, INK)], width)
        block = [gap(mm(2)), *title, gap(mm(1)), *track]
        if sum(ln.height for ln in block) > pages.room and not pages.fresh:
            pages.next_page()  # the track and its title stay together
        pages.lines(block)
        for line in ctx["rule_legend"]:
            paragraph(pages, line, 8.0, INK, mm(0.8), 0)
        if ctx["late"]:
            paragraph(pages, ctx["late"], 8.0, SECRET, mm(1), mm(1))

    if target is None:
        measure = Pages(None, paper, WHAT)
        draw(measure)
        return measure.count
    return write(target, paper, WHAT, f"{ctx['title']} — {t.plot_title}", draw)


def build(b: Build) -> None:
    """The kit's plot.pdf."""
    ctx = context(b.session)
    rows, paper = ctx["blank_rows"], b.session.paper
    # Blank rows give way, down to two, so that the plan and its turn track share one sheet.
    while rows > MIN_BLANK and draw_sheet(ctx, paper, None, rows) > 1:
        rows -= 1
    draw_sheet(ctx, paper, str(b.writer.path("plot.pdf")), rows)
    b.progress("plot", 1, 1)


def preflight(b: Build) -> None:
    """What can refuse the sheet: a [[section]] in a piece's text that the rules booklet lacks."""
    context(b.session)
