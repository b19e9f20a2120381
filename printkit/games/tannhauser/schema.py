"""The Tannhäuser part of a ruleset file, and its conversion into records."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from printkit.plugin import Ruleset
from printkit.plugin.schema import IDENT, Checker, Choice, Field, Integer, ListOf, MapOf, Record, Text, YamlDocument

from .model import LEVELS, MODES, Character, SheetSizes, TannhauserRules, TannhauserSession

# The record sheets' sizes, each bounded so that a team's page and its cards still fit their paper.
SHEET_SIZES: dict[str, tuple[Integer, int]] = {
    "turns": (Integer(4, 20), SheetSizes.turns),
    "points": (Integer(10, 30), SheetSizes.points),
    "rows": (Integer(2, 7), SheetSizes.rows),
    "slots": (Integer(2, 8), SheetSizes.slots),
    "secondary": (Integer(1, 8), SheetSizes.secondary),
}

TANNHAUSER = Record(
    {
        "die": Field(Integer(2, 100), default=10),
        "table": Field(
            Record(
                {
                    "dice": Field(ListOf(Integer(1, 30), min_items=2, max_items=2), required=True),
                    "difficulties": Field(ListOf(Integer(1, 12), min_items=2, max_items=2), required=True),
                }
            ),
            required=True,
        ),
        "move_cost": Field(MapOf(IDENT, Integer(0, 10)), default={}),
        "sheet": Field(
            Record({name: Field(spec, default=default) for name, (spec, default) in SHEET_SIZES.items()}),
            doc="the record sheets' boxes: game turns, victory points, rows of values, equipment slots and "
            "secondary tasks",
        ),
    }
)

RULESET_FIELDS = {"tannhauser": Field(TANNHAUSER, required=True)}


def build_rules(data: dict[str, Any]) -> TannhauserRules:
    """The Tannhäuser records from checked ruleset data."""
    t = data["tannhauser"]
    lo, hi = t["table"]["dice"]
    d_lo, d_hi = t["table"]["difficulties"]
    sheet = SheetSizes(**(t["sheet"] or {}))
    return TannhauserRules(t["die"], (lo, hi), (d_lo, d_hi), MappingProxyType(dict(t["move_cost"])), sheet)


STAT = Integer(0, 30)
CHARACTER = Record(
    {
        "name": Field(Text(max_len=40), required=True),
        "role": Field(Choice(["hero", "soldier"], {"герой": "hero", "солдат": "soldier"}), default="soldier"),
        "movement": Field(STAT, doc="Movement, unhurt: the movement points of a cycle"),
        "stamina": Field(STAT, doc="Stamina, unhurt: duels and the Bull Rush"),
        "psyche": Field(STAT, doc="Psyche, unhurt: duels"),
        "skills": Field(ListOf(Text(max_len=30), max_items=6), default=[]),
        "equipment": Field(ListOf(Text(max_len=30), max_items=8), default=[]),
    }
)

PLAYER_FIELDS = {
    "characters": Field(ListOf(CHARACTER, max_items=12), default=[], doc="the team, printed on the record sheets"),
}
SESSION_FIELDS = {
    "mode": Field(Choice(list(MODES)), doc="the game mode, ticked on the record sheets"),
    "level": Field(Choice(list(LEVELS)), doc="the difficulty level: how many soldiers may come back"),
}


def build_session(data: dict[str, Any], ruleset: Ruleset, doc: YamlDocument, ck: Checker) -> TannhauserSession:
    """The mode, the level and each player's characters, as the record sheets print them."""
    teams = []
    for player in data["players"] or []:
        chars = player.get("characters") or [] if isinstance(player, dict) else []
        teams.append(tuple(Character(c["name"], c["role"], c["movement"], c["stamina"], c["psyche"],
                                     tuple(c["skills"]), tuple(c["equipment"])) for c in chars))  # fmt: skip
    return TannhauserSession(data.get("mode"), data.get("level"), tuple(teams))
