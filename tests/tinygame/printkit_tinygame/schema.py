"""Tiny's part of a ruleset (how many coins) and of a session config (the table's name)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.plugin import Ruleset
from printkit.plugin.schema import Checker, Field, Integer, Record, Text, YamlDocument

RULESET_FIELDS = {"tiny": Field(Record({"coins": Field(Integer(1, 10), required=True)}), required=True)}
SESSION_FIELDS = {"table_name": Field(Text(max_len=40), doc="Tiny: the table's name, printed on the tally")}


@dataclass(frozen=True)
class TinyRules:
    """The ruleset's own part: Ruleset.part."""

    coins: int


@dataclass(frozen=True)
class TinySession:
    """The session's own part: Session.part."""

    table_name: str


def build_rules(data: dict[str, Any]) -> TinyRules:
    return TinyRules(data["tiny"]["coins"])


def build_session(data: dict[str, Any], ruleset: Ruleset, doc: YamlDocument, ck: Checker) -> TinySession:
    return TinySession(data["table_name"] or "?")
