"""Neutral troops at the start of a year (2025 §4.0): the 5 % that vanish, and how the kit's dice roll it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from printkit.plugin import Line, Note, Para, label

from .model import VsData

# The kit's dice are D6s: two of them make the 1 in 20 exactly. The first die is rolled until it
# shows 1-5 (five faces), the second until it shows 1-4 (four faces): the 20 pairs are equally
# likely, and a troop vanishes on the one pair of two 1s.
FIRST_FACES, SECOND_FACES = 5, 4


def vanish_chance(vs: VsData) -> Fraction:
    """A neutral troop's chance to vanish at the start of a year: the ruleset's percent."""
    return Fraction(int(vs.figures["neutral_vanish_percent"]), 100)


def two_dice_chance() -> Fraction:
    """The chance the two-dice procedure gives: a 1 on each die, rerolls aside."""
    return Fraction(1, FIRST_FACES) * Fraction(1, SECOND_FACES)


def _chance(p: Fraction) -> str:
    """'361/400 (90.25 %)', or the percentage alone when the fraction is long."""
    pct = f"{float(p) * 100:.2f} %"
    return f"{p} ({pct})" if len(str(p)) <= 12 else pct


@dataclass(frozen=True)
class VanishAnswer:
    """Which of a year's neutral troops leave the map: each one's chance, the chance none does,
    and a roll of one 1-in-20 die a troop when asked."""

    troops: int
    chance: Fraction
    rolled: tuple[int, ...] | None = None  # a face of 1-20 a troop, in the order counted (None: not rolled)

    @property
    def none_vanish(self) -> Fraction:
        return (1 - self.chance) ** self.troops

    @property
    def expected(self) -> Fraction:
        return self.chance * self.troops

    @property
    def vanished(self) -> tuple[int, ...] | None:
        """The numbers (from 1) of the troops that vanish on the roll."""
        return None if self.rolled is None else tuple(k for k, face in enumerate(self.rolled, start=1) if face == 1)

    def lines(self, lang: str) -> list[Line]:
        pct = f"{float(self.chance) * 100:g} %"
        out: list[Line] = [
            Para(label("nv_chance", lang, p=self.chance, pct=pct, n=self.troops), "  "),
            Para(label("nv_none", lang, p=_chance(self.none_vanish), e=self.expected), "  "),
            Para(label("nv_dice", lang, first=FIRST_FACES, second=SECOND_FACES), "  "),
            Note(label("nv_when", lang), "  "),
        ]
        gone = self.vanished
        if gone is not None:
            if not gone:
                out.append(label("nv_rolled_none", lang))
            else:
                key = "nv_rolled_one" if len(gone) == 1 else "nv_rolled_many"
                out.append(label(key, lang, numbers=", ".join(map(str, gone))))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        return {"troops": self.troops, "chance": str(self.chance), "none_vanish": str(self.none_vanish),
                "expected": str(self.expected), "rolled": list(self.rolled) if self.rolled is not None else None,
                "vanished": list(self.vanished) if self.vanished is not None else None}  # fmt: skip
