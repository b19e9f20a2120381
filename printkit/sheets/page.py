"""What every printed document shares: its title, paper and language, and the words it prints."""

from __future__ import annotations

from typing import Any

from ..config.session import display_title
from ..labels import label
from ..model import Session


class Words:
    """Labels by attribute for templates: {{ t.map_title }} is label("map_title", lang)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getattr__(self, key: str) -> str:
        if key.startswith("__"):
            raise AttributeError(key)
        return label(key, self.lang)

    __getitem__ = __getattr__


def signed(n: int) -> str:
    """+2, 0, −1 (a real minus sign, as printed)."""
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def base_context(session: Session) -> dict[str, Any]:
    """The keys every document template uses: lang, paper (CSS size), title and t (words)."""
    return {**_shared(session), "title": display_title(session)}


def rules_context(session: Session) -> dict[str, Any]:
    """base_context for a rules document (the booklet, a quick reference): titled with the game's
    name, never the config's title. One printed copy then serves every session of the game, and a
    build for a new session takes it from the artefact cache (it never reads the title)."""
    return {**_shared(session), "title": session.ruleset.title[session.language]}


def _shared(session: Session) -> dict[str, Any]:
    return {
        "lang": session.language,
        "paper": "A4" if session.paper == "a4" else "letter",
        "t": Words(session.language),
    }
