"""The table's shared roll log: who rolled what, the result and when, kept in memory while serving."""

from __future__ import annotations

import threading
import unicodedata
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

# The newest rolls a log keeps: an evening's rolls, not a record.
KEPT = 200
# The longest name a device gives itself, and the longest notation or result the log keeps.
NAME_LIMIT = 40
TEXT_LIMIT = 200
# Control and invisible format characters (bidi overrides, zero-width) are shown by their codes.
_HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def shown(text: str, limit: int | None = None) -> str:
    """Text as a page may show it: hidden characters by their codes (\\u202e), cut at `limit`."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():
        return text
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in _HIDDEN else c for c in text)


@dataclass(frozen=True)
class Roll:
    """One roll in the log: `what` as the command line would ask it (2d6+1 --seed 5), and for a page
    to say it in words, the question asked and the values it was asked with (input name, text);
    `result` in the roller's language, and in every language the answer can be said in."""

    n: int  # its number in the evening, so that a device asks only for newer ones
    who: str
    what: str
    result: str
    time: str  # HH:MM:SS on the serving computer's clock: the table's room
    asked: str = "roll"
    given: tuple[tuple[str, str], ...] = ()
    results: tuple[tuple[str, str], ...] = ()  # (language, the result said in it): a page says its own

    def said(self, lang: str) -> str:
        """The result as a page in `lang` says it (as it was logged where it has no words in `lang`)."""
        return dict(self.results).get(lang, self.result)

    def json(self) -> dict[str, Any]:
        """Its fields as /log.json has always given them (a page adds its words)."""
        return {"n": self.n, "who": self.who, "what": self.what, "result": self.result, "time": self.time}


class Log:
    """The newest rolls, shared by every request (a lock: answers run in worker threads)."""

    def __init__(self, kept: int = KEPT) -> None:
        self._rolls: deque[Roll] = deque(maxlen=kept)
        self._lock = threading.Lock()
        self._count = 0

    def add(self, who: str, what: str, result: str, asked: str = "roll", given: tuple[tuple[str, str], ...] = (),
            results: Mapping[str, str] | None = None, once: str | None = None) -> Roll:  # fmt: skip
        """A roll logged: `what` as the command line asks it, `asked` and `given` for a page's words
        (each value cut and shown as `what` is: together they are no longer than it), `results` the
        result in each language. `once` is an evening's (printkit.web.evening): a log in memory
        keeps every roll it is given."""
        with self._lock:
            self._count += 1
            roll = Roll(self._count, shown(who.strip(), NAME_LIMIT) or "?", shown(what, TEXT_LIMIT),
                        shown(result, TEXT_LIMIT), datetime.now().astimezone().strftime("%H:%M:%S"), asked,
                        tuple((name, shown(value, TEXT_LIMIT)) for name, value in given),
                        tuple((lang, shown(text, TEXT_LIMIT)) for lang, text in (results or {}).items()))  # fmt: skip
            self._rolls.append(roll)
            return roll

    def newest(self, after: int = 0) -> list[Roll]:
        """The rolls after number `after`, newest first."""
        with self._lock:
            return [r for r in reversed(self._rolls) if r.n > after]

    def json(self) -> dict[str, Any]:
        return {"rolls": [r.json() for r in self.newest()]}
