"""Coins of «Великая Стратегическая» to cut out: the bank's money in the denominations prices need."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.imposition import Box
from printkit.plugin import MM, Session, label
from printkit.render import draw_fitted, fonts, hex_colour, ink_on, tint

from .model import vs_session

# The rules name no denominations. Prices and incomes are 10, 17, 20, 25, 30, 50, 100 and 125, upkeep
# 3, 5 and 10, a mine level 2 and the tax a fifth rounded up, so every sum is made of these. One
# purse holds 300 coins: the 2025 ruler's 200 to spend on entering and a year's income beside the
# 100 of the treasury (the 2003 one holds 50 or 100). The bank prints one purse per player.
PURSE: Mapping[int, int] = {1: 10, 5: 6, 10: 6, 25: 2, 50: 1, 100: 1}
# Copper, silver and gold, light to dark apart so that a greyscale print still tells them apart.
METAL: Mapping[int, str] = {1: "#C77B45", 5: "#A0522D", 10: "#D9D9D9", 25: "#9E9E9E", 50: "#F2C94C", 100: "#C99A1E"}


# Every letter on a coin stays this far inside its round cut (as on a marker: see markers.SAFE).
SAFE = 2.4 * MM


def purse_value() -> int:
    return sum(value * n for value, n in PURSE.items())


def coins(session: Session) -> list[int]:
    """The value of every coin the bank prints, one purse per player unless the config says otherwise."""
    sets = vs_session(session).coins.sets
    purses = len(session.players) if sets is None else sets
    return [value for value, n in PURSE.items() for _ in range(n * purses)]


def draw_coin(c: Any, box: Box, value: int, lang: str, light: bool = False) -> None:
    """A coin inside its square: the metal's disc, the value large and the word under it (both
    sides alike, so a coin reads whichever way up it lands); every letter SAFE inside the round cut.
    `light` (the ink-saving kit): white, the metal in the two rings only."""
    metal = hex_colour(METAL.get(value, "#BDBDBD"))
    cx, cy = box.centre
    r = box.w * 0.47
    c.saveState()
    c.setFillColorRGB(*((1.0, 1.0, 1.0) if light else metal))
    c.setStrokeColorRGB(*(v * 0.55 for v in metal))
    c.setLineWidth(1.0)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColorRGB(*((1.0, 1.0, 1.0) if light else tint(metal, 0.55)))
    c.setLineWidth(0.5)
    c.circle(cx, cy, r * 0.8, stroke=1, fill=1)
    ink = ink_on((1.0, 1.0, 1.0) if light else tint(metal, 0.55))
    c.setFillColorRGB(*ink)
    room = box.w / 2 - SAFE  # the radius the words keep inside
    draw_fitted(c, cx - room * 0.62, cy - room * 0.02, str(value), fonts.SANS_BOLD, room * 1.05, room * 1.24,
                align="center")  # fmt: skip
    draw_fitted(c, cx - room * 0.55, cy - room * 0.55, label("coin_word", lang, n=value), fonts.NARROW_BOLD, 6.5,
                room * 1.1, align="center")  # fmt: skip
    c.restoreState()
