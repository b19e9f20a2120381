"""Forgiving names: "did you mean" suggestions for a word that is close to a known one."""

from __future__ import annotations

import difflib


def suggest(word: str, choices: list[str]) -> str:
    """' (did you mean 'x'?)' when a close choice exists, else ''."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
