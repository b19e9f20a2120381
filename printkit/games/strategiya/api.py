"""«Стратегия»'s public API, `printkit.strategiya`: the referee's questions, each answering with a record."""

from __future__ import annotations

from .questions import EscapeAnswer, FightAnswer, HideAnswer, LookupAnswer, escape, fight, hide, lookup

__all__ = ["EscapeAnswer", "FightAnswer", "HideAnswer", "LookupAnswer", "escape", "fight", "hide", "lookup"]
