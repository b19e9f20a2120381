"""Tannhäuser record sheets: per player the team's page (mode, level, points, tasks, turns) and characters."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import player_name
from ...labels import label
from ...sheets.page import base_context
from .model import LEVELS, MODES, Character, tannhauser_session

FIRST_PAGE = 4  # character cards under the team's panel
MORE_PAGE = 6  # on each further page
WOUND_ROWS = 6  # rows of values copied from the character's own card (wounds move down, healing up)
SLOTS = 6  # equipment slots to write in
TURNS = 12  # game turns on the turn track
POINTS = 20  # victory points to cross off


def _card(lang: str, c: Character | None) -> dict[str, Any]:
    if c is None:
        return {"name": "", "role": None, "stats": [None, None, None], "skills": [], "equipment": []}
    return {"name": c.name, "role": c.role, "stats": [c.movement, c.stamina, c.psyche],
            "skills": list(c.skills), "equipment": list(c.equipment)}  # fmt: skip


def _pages(team: tuple[Character, ...]) -> list[list[Character | None]]:
    """The team's characters in pages of cards, the last page filled up with blank cards."""
    cards: list[Character | None] = list(team)
    pages = [cards[:FIRST_PAGE]]
    rest = cards[FIRST_PAGE:]
    while rest:
        pages.append(rest[:MORE_PAGE])
        rest = rest[MORE_PAGE:]
    size = FIRST_PAGE if len(pages) == 1 else MORE_PAGE
    pages[-1] += [None] * (size - len(pages[-1]))
    return pages


def context(session: Session) -> dict[str, Any]:
    """Everything the record sheet template prints."""
    lang = session.language
    part = tannhauser_session(session)
    players = []
    for number in range(1, len(session.players) + 1):
        team = part.teams[number - 1] if number - 1 < len(part.teams) else ()
        pages = [[_card(lang, c) for c in page] for page in _pages(team)]
        players.append({"number": number, "name": player_name(session, number), "pages": pages})
    return {
        **base_context(session),
        "modes": [
            {
                "id": m,
                "name": label(f"ts_mode_{m.replace('-', '_')}", lang),
                "win": label(f"ts_win_{m.replace('-', '_')}", lang),
                "ticked": part.mode == m,
            }
            for m in MODES
        ],
        "levels": [
            {"id": lv, "name": label(f"ts_level_{lv}", lang), "back": n, "ticked": part.level == lv}
            for lv, n in LEVELS.items()
        ],
        "players": players,
        "stats": [label("ts_movement", lang), label("ts_stamina", lang), label("ts_psyche", lang)],
        "wounds": [label("ts_unhurt", lang)] + [label("ts_wound_row", lang, n=n) for n in range(2, WOUND_ROWS + 1)],
        "slots": list(range(1, SLOTS + 1)),
        "turns": list(range(1, TURNS + 1)),
        "points": list(range(1, POINTS + 1)),
    }


def write_record_sheets(session: Session, target: str | IO[bytes] | Path) -> None:
    """record-sheets.pdf: per player the team's page with its first characters, then further pages."""
    from .record_canvas import write_pages

    write_pages(str(target) if isinstance(target, Path) else target, context(session), session.paper)


def build(b: Build) -> None:
    """The kit's record-sheets.pdf."""
    write_record_sheets(b.session, b.writer.path("record-sheets.pdf"))
    b.progress("record-sheets", 1, 1)
