"""Maps every game with maps shares: reading cells, moving over them, drawing them on paper and on a phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import Artefact, Printing
from ..lazy import names
from ..model import Session


def _has_map(session: Session) -> bool:
    return session.game_map is not None


# The printed map of a session's map. Players: their names and colours mark what they own; a game
# whose overlay reads its session part adds that to its inputs.
MAP = Artefact(
    "map",
    "printkit.maps.sheet:build",
    _has_map,
    "printkit.maps.sheet:preflight",
    inputs=("title", "game_map", "players", "options.greyscale"),  # greyscale: the ink-saving kit's pale terrain
    prints=(Printing("map.pdf", "guide_map"),),
)


# The public names a game may use (see printkit.plugin), each imported from its module on first use.
_PUBLIC = {
    "printkit.maps.moves": (
        "Reach",
        "Route",
    ),
    "printkit.maps.overlay": ("LegendEntry",),
    "printkit.maps.tiling": ("AUTO_CELLS_MM",),
    "printkit.maps.sheet": (
        "cell_tag",
        "crossed_out",
        "check_sheet",
        "map_layout",
        "write_map",
    ),
    "printkit.maps.findings": (
        "Finding",
        "check",
        "one_per_cell",
        "unknown_letters",
    ),
}

__all__ = [
    "AUTO_CELLS_MM",
    "MAP",
    "Finding",
    "LegendEntry",
    "Reach",
    "Route",
    "cell_tag",
    "check",
    "check_sheet",
    "crossed_out",
    "map_layout",
    "one_per_cell",
    "unknown_letters",
    "write_map",
]

if TYPE_CHECKING:
    from printkit.maps.findings import Finding, check, one_per_cell, unknown_letters
    from printkit.maps.moves import Reach, Route
    from printkit.maps.overlay import LegendEntry
    from printkit.maps.sheet import cell_tag, check_sheet, crossed_out, map_layout, write_map
    from printkit.maps.tiling import AUTO_CELLS_MM

__getattr__, __dir__ = names(__name__, _PUBLIC)
