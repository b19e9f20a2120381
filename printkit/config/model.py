"""Moved to printkit.model: this old name answers, with a DeprecationWarning, for one release."""

from .._moved import forward

_PLUGIN = ("Ruleset", "Session", "Terrain", "Player", "GameMap", "MapObject", "MarkedPart", "Localized", "Provenance")
_MOVED = {**dict.fromkeys(_PLUGIN, "printkit.plugin"), "fold": "printkit.plugin", "part_of": "printkit.plugin"}
_MOVED["*"] = "printkit.model"
__getattr__ = forward(__name__, _MOVED)
