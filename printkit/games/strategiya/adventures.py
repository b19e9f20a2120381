"""The game master's adventures bound into the players' booklet, when the config asks for it."""

# The adventure list is the game master's: the rules name it apart from the rules printout, and an
# adventure is meant to surprise whoever reaches it, so the kit prints it as its own book
# (adventure_book.py); `adventures_in_booklet: true` binds it into the booklet as well.

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from printkit.plugin import Session, label
from printkit.sheets import to_html

from .model import session_of


def booklet_chapters(session: Session, titles: dict[str, str]) -> list[dict[str, Any]]:
    """The config's adventures as one booklet chapter with a section per terrain (none: no chapter)."""
    lang = session.language
    table = session_of(session)
    # adventures_in_booklet first: a booklet without them reads no adventure, so its cache key does not
    # change with them and two sessions of the game share one booklet.
    if not table.adventures_in_booklet or not table.adventures:
        return []
    sections = []
    for t in session.ruleset.terrains:
        entries = table.adventures.get(t.id, {})
        if not entries:
            continue
        parts = []
        for number in sorted(entries):
            adventure = entries[number]
            body = to_html(adventure.text, titles, lambda name: Markup("")) if adventure.text else Markup("")
            parts.append(Markup(f'<h3 class="adventure">{number}. {escape(adventure.title)}</h3>') + body)
        sections.append({"id": f"adventures-{t.id}", "title": t.name[lang], "html": Markup("\n").join(parts)})
    return [
        {
            "id": "adventures",
            "title": label("bk_adventures", lang),
            "html": Markup(f"<p>{escape(label('bk_adventures_intro', lang))}</p>"),
            "style": None,
            "tab": None,
            "sections": sections,
        }
    ]
