"""Where things stand on a VS evening's map: its cells, its buildings and what they are called."""

from __future__ import annotations

from typing import Any

from printkit.evening import State
from printkit.plugin import MapObject, parse_cell

from ..words import Refusal
from .treasury import Treasury, treasury_of


def cell_at(state: State, cell: str) -> tuple[int, int]:
    """A cell the evening's map holds, by its name (E2); refused off the map or with no map."""
    x, y = parse_cell(cell)
    drawn = treasury_of(state).session.game_map
    if drawn is None:
        raise Refusal("vev_no_map")
    if not drawn.inside(x, y):
        raise Refusal("vev_off_map", cell=cell, width=drawn.width, height=drawn.height)
    return x, y


def building_of(o: MapObject) -> bool:
    """Whether a map object is a building a battle takes or lowers: a house, a fortress, a bridge,
    a town, or an opened mine (an unopened vein is nobody's building)."""
    return o.kind in ("building", "town", "port", "bridge") or (o.kind == "resource" and bool(o.detail("structure")))


def named(part: Treasury, found: MapObject) -> dict[str, str]:
    """A map object as a sentence names it, in each language: its own name, else its structure's."""
    if found.name:
        return {lang: found.name for lang in ("ru", "en")}
    word = str(found.detail("structure") or found.kind)
    built = next((s for s in part.vs.structures if s.id == word.casefold()), None)
    if built is not None:
        return dict(built.name)
    mine = next((m for m in part.vs.mines if f"mine-{m.level}" == word.casefold()), None)
    return dict(mine.name) if mine is not None else {lang: word for lang in ("ru", "en")}


def in_words(words: Any, lang: str) -> str:
    """An effect's name in a language (its words by language, or one word an older event kept)."""
    return str(words.get(lang, "")) if isinstance(words, dict) else str(words)
