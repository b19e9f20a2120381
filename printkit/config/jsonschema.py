"""JSON Schema of session configs and rulesets, generated from the same schema tree the loader checks with."""

from __future__ import annotations

from typing import Any

from ..game import games
from .ruleset_schema import ruleset_record
from .rulesets import game_schema
from .session import session_record

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def config_schema() -> dict[str, Any]:
    """The schema of a session config: the shared keys and every game's own (each valid with its game only)."""
    body = session_record().json_schema()
    return {
        "$schema": DIALECT,
        "$id": "https://printkit.invalid/schema/config.json",
        "title": "printkit session config",
        "description": "A game night for printkit. Keys a game adds (heroes, cards, setups, ...) are valid only "
        "for that game; `printkit validate` has the last word.",
        **body,
    }


def ruleset_schema() -> dict[str, Any]:
    """The schema of a ruleset file: one alternative per registered game."""
    families = [g.family for g in games()]
    return {
        "$schema": DIALECT,
        "$id": "https://printkit.invalid/schema/ruleset.json",
        "title": "printkit ruleset",
        "anyOf": [
            {"title": g.family, **ruleset_record(game_schema(g.family), families, g.maps is not None).json_schema()}
            for g in games()
        ],
    }
