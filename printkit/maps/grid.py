"""Split into printkit.cells, printkit.config.mapfile and printkit.maps.findings: old names answer for one release."""

from .._moved import forward

_CELLS = ("Cell", "column_name", "cell_name", "latin", "parse_cell", "cell_ranges")
_RECORDS = ("MarkedPart", "MapObject", "GameMap")
_FINDINGS = ("Finding", "unknown_letters", "one_per_cell", "check")
_MAPFILE = ("MAX_CELLS", "map_record", "map_schema", "legend", "build_map")
_MOVED = {
    **dict.fromkeys((*_CELLS, *_RECORDS, "load_map"), "printkit.plugin"),
    **dict.fromkeys(("CELL", "cell_in"), "printkit.plugin.schema"),
    **dict.fromkeys(_FINDINGS, "printkit.maps"),
    **dict.fromkeys(_MAPFILE, "printkit.config.mapfile"),
    "LOOKALIKES": "printkit.cells",
}
__getattr__ = forward(__name__, _MOVED)
