"""The game master's adventure book: the config's adventures per terrain and entry, blank forms for the rest."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ...artefact import Build
from ...config.model import Session
from ...errors import RenderError
from ...labels import label
from ...sheets.markup import MarkupError, to_html
from ...sheets.page import base_context, signed
from .model import ADVENTURE_KINDS, Adventure, rules_of, session_of

LONG_TEXT = 1200  # characters
_LINK = re.compile(r'<a class="xref" href="#[a-z0-9-]+">(.*?)</a>')


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


def booklet_titles(session: Session) -> dict[str, str]:
    """Titles of the rules booklet's chapters and sections, for an adventure's [[section]]."""
    if session.ruleset.booklet is None:
        return {}
    from ...sheets.booklet import rules_text

    book, lang = rules_text(session), session.language
    titles = {ch.id: ch.title[lang] for ch in book.chapters}
    titles.update({s.id: s.title[lang] for ch in book.chapters for s in ch.sections})
    return titles


def text_html(text: str | None, titles: dict[str, str], session: Session, where: str) -> Markup:
    """An adventure's text; a [[section]] becomes the section's name in the rules booklet (the book
    is printed apart from the booklet, so it cannot link there). `where` is the config field, named
    after the config file only in an error: a page that reads the file's name would be drawn again
    for a copy of the config elsewhere (the artefact cache keys what a builder reads)."""
    if not text:
        return Markup("")
    try:
        html = str(to_html(text, titles, lambda name: Markup("")))
    except MarkupError as exc:
        raise RenderError(f"{session.label}: {where}: {exc}") from None
    lang = session.language
    see = escape(label("adv_in_rules", lang))
    return Markup(_LINK.sub(lambda m: f'<em class="xref">{m.group(1)}</em> {see}', html))


def context(session: Session) -> dict[str, Any]:
    """Everything the adventure book prints (adventure_canvas.draw_book)."""
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


def write_book(session: Session, target: str) -> int:
    """adventures.pdf; returns its page count."""
    from .adventure_canvas import draw_book

    return draw_book(context(session), session.paper, target)


def build(b: Build) -> None:
    """The kit's adventures.pdf."""
    write_book(b.session, str(b.writer.path("adventures.pdf")))
    b.progress("adventures", 1, 1)


def preflight(b: Build) -> None:
    """What can refuse the book: an adventure's [[section]] that the rules booklet lacks."""
    context(b.session)
