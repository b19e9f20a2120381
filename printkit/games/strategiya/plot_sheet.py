"""The outer plot's planning sheet: the main task, each piece with its trigger and cue, a turn track."""

from __future__ import annotations

from typing import Any

from ...artefact import Build
from ...config.model import Session
from ...labels import label
from ...sheets.page import base_context
from .adventure_book import booklet_titles, text_html
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


def context(session: Session) -> dict[str, Any]:
    """Everything the plot sheet prints (plot_canvas.draw_sheet)."""
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
    track = [
        [
            {"turn": t, "marks": ", ".join(map(str, marks.get(t, [])))}
            for t in range(start, min(start + TRACK_ROW, plot.turns + 1))
        ]
        for start in range(1, plot.turns + 1, TRACK_ROW)
    ]
    late = [e["n"] for e, p in zip(events, plot.events, strict=True) if p.turn and p.turn > plot.turns]
    return {
        **base_context(session),
        "goal": text_html(plot.goal, titles, session, f"{where}.goal"),
        "events": events,
        "blank_rows": max(MIN_BLANK, ROWS - len(events)),
        "track": track,
        "track_cols": TRACK_ROW,
        "late": label("plot_late", lang, pieces=", ".join(map(str, late))) if late else "",
    }


def build(b: Build) -> None:
    """The kit's plot.pdf."""
    from .plot_canvas import draw_sheet

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
