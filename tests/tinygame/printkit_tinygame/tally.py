"""The tiny game's only printable: one tally page per player."""

from __future__ import annotations

from printkit.plugin import Build, label, open_canvas, player_name

from .schema import TinySession


def build(b: Build) -> None:
    session = b.session
    assert isinstance(session.part, TinySession)
    c = open_canvas(str(b.writer.path("tally.pdf")), session.paper, "Tiny", "tally")
    for n in range(1, len(session.players) + 1):
        c.drawString(72, 720, label("tiny_tally", session.language, name=player_name(session, n)))
        c.drawString(72, 700, session.part.table_name)
        c.showPage()
    c.save()
    b.progress("tally", 1, 1)
