"""The evening: one game state in a SQLite file that the kit, the referee and every phone share."""

from __future__ import annotations

from pathlib import Path

from ..labels import words_from
from .recording import Opened, Recorded, Started, Undone, export, import_journal, read, record, start, undo
from .state import WHY, Countdown, Decided, Effect, EventKind, Offered, Rolled, State, Table
from .store import EveningRefused

words_from(lambda: [("the evening", Path(__file__).with_name("labels.yaml"))])

__all__ = [
           "WHY",
           "Countdown",
           "Decided",
           "Effect",
           "EveningRefused",
           "EventKind",
           "Offered",
           "Opened",
           "Recorded",
           "Rolled",
           "Started",
           "State",
           "Table",
           "Undone",
           "export",
           "import_journal",
           "read",
           "record",
           "start",
           "undo",
]  # fmt: skip
