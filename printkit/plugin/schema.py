"""The schema fields of a game's parts of rulesets, session configs and maps (docs/adding-a-game.md §3)."""

# The same fields make the checks of `printkit validate` (every problem told with its file and line)
# and the JSON Schema of `printkit schema`. Stable like printkit.plugin.

from __future__ import annotations

from ..config.mapfile import CELL, cell_in
from ..config.ruleset_schema import terrain_base
from ..config.schema import (
    IDENT,
    INVALID,
    Boolean,
    Checker,
    Choice,
    Colour,
    Field,
    Integer,
    ListOf,
    Localized,
    MapOf,
    Nullable,
    Number,
    Record,
    Spec,
    Text,
)
from ..config.yamlsource import Key, YamlDocument, load_yaml

__all__ = [
    "CELL",
    "IDENT",
    "INVALID",
    "Boolean",
    "Checker",
    "Choice",
    "Colour",
    "Field",
    "Integer",
    "Key",
    "ListOf",
    "Localized",
    "MapOf",
    "Nullable",
    "Number",
    "Record",
    "Spec",
    "Text",
    "YamlDocument",
    "cell_in",
    "load_yaml",
    "terrain_base",
]
