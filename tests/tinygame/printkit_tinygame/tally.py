"""Tiny's tally: one page per player, drawn on the canvas."""

from __future__ import annotations

from printkit.plugin import Build, label, mm, open_canvas, paper_size, player_name

from .schema import TinySession


def build(b: Build) -> None:
    session = b.session
    assert isinstance(session.part, TinySession)
    _, height = paper_size(session.paper)
    c = open_canvas(str(b.writer.path("tally.pdf")), session.paper, "Tiny", "tally")
    for n in range(1, len(session.players) + 1):
        c.setFontSize(16)
        c.drawString(mm(20), height - mm(30), label("tiny_tally", session.language, name=player_name(session, n)))
        c.setFontSize(11)
        c.drawString(mm(20), height - mm(38), session.part.table_name)
        c.showPage()
    c.save()
    b.progress("tally", 1, 1)
