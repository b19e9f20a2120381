"""The Tannhäuser part of a ruleset file, and its conversion into records."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...config.schema import IDENT, Field, Integer, ListOf, MapOf, Record
from .model import TannhauserRules

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
    }
)

RULESET_FIELDS = {"tannhauser": Field(TANNHAUSER, required=True)}


def build_rules(data: dict[str, Any]) -> TannhauserRules:
    """The Tannhäuser records from checked ruleset data."""
    t = data["tannhauser"]
    lo, hi = t["table"]["dice"]
    d_lo, d_hi = t["table"]["difficulties"]
    return TannhauserRules(t["die"], (lo, hi), (d_lo, d_hi), MappingProxyType(dict(t["move_cost"])))
