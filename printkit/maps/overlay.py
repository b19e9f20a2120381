"""What a game draws on its map sheets over the shared terrain and objects."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..game import Maps, game, resolve
from ..model import GameMap, Ruleset

LegendEntry = tuple[Callable[[Any, float, float, float], None], str]


class Overlay(Protocol):
    """What a game draws on its maps besides terrain and the shared object symbols."""

    def cell(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> bool:
        """Marks inside a cell, drawn over its terrain; True when the cell's object was drawn too."""

    def over(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> None:
        """Drawn once every cell of the sheet is: lines along cell edges, labels."""

    def legend(self) -> list[LegendEntry]:
        """Extra legend entries: a symbol drawn in a square (canvas, x, y, size) and its words."""

    def terrain_row(self) -> list[LegendEntry]:
        """Legend entries shown after the terrains, in their row (lines through cells: rivers)."""


def overlay_for(
    game_map: GameMap, rules: Ruleset, lang: str, colours: Mapping[str, str] | None = None
) -> Overlay | None:
    """The game's overlay (its registry entry names it), with owners' colours where a kit knows them."""
    target = (game(rules.family).maps or Maps()).overlay
    if target is None:
        return None
    made: Overlay = resolve(target)(game_map, rules, lang, dict(colours or {}))
    return made


def map_colours(session: Any) -> dict[str, str]:
    """Each named player's colour as the config gives it, in seat order ("" where it gives none: the
    game's overlay colours those by seat)."""
    from ..config.session import player_name

    return {player_name(session, n): p.colour or "" for n, p in enumerate(session.players, start=1)}
