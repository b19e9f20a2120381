"""A deliberately naive VS card battle, written from the rules text by an analyst who never saw
printkit's code (kept short here): the second opinion the battle engine is checked against.

Row width: 3 when both sides have at least 3 cards, else the smaller side's count. Card i of a side
lies in row i // w, column i % w (defenders opposite, first faces first; mirror=True reads the
defenders' direction from the attackers' seat). In a column the front cards duel, the loser
leaves and the card behind it meets the winner; both leave on equal orders unless exactly one has
the «+». Survivors are laid again by `relay` (default: the order they had) until a side is gone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

BEATS = {"A": "F", "F": "D", "D": "A"}  # attack beats fire, fire beats defend, defend beats attack


@dataclass(frozen=True)
class Card:
    order: str  # A, F or D
    plus: bool
    uid: int


def duel(a: Card, d: Card) -> str:
    if a.order != d.order:
        return "a" if BEATS[a.order] == d.order else "d"
    if a.plus and not d.plus:
        return "a"
    if d.plus and not a.plus:
        return "d"
    return "both"


def row_width(n_att: int, n_def: int) -> int:
    return 3 if n_att >= 3 and n_def >= 3 else min(n_att, n_def)


def one_round(att: list[Card], dfn: list[Card], mirror: bool = False) -> tuple[list[Card], list[Card]]:
    w = row_width(len(att), len(dfn))
    cols_a: list[list[Card]] = [[] for _ in range(w)]
    cols_d: list[list[Card]] = [[] for _ in range(w)]
    for i, c in enumerate(att):
        cols_a[i % w].append(c)
    for i, c in enumerate(dfn):
        cols_d[(w - 1 - i % w) if mirror else i % w].append(c)
    keep_a: set[int] = set()
    keep_d: set[int] = set()
    for ca, cd in zip(cols_a, cols_d, strict=False):
        ia = idf = 0
        while ia < len(ca) and idf < len(cd):
            r = duel(ca[ia], cd[idf])
            if r == "a":
                idf += 1
            elif r == "d":
                ia += 1
            else:
                ia += 1
                idf += 1
        keep_a.update(c.uid for c in ca[ia:])
        keep_d.update(c.uid for c in cd[idf:])
    return [c for c in att if c.uid in keep_a], [c for c in dfn if c.uid in keep_d]


def fight(att: list[Card], dfn: list[Card], relay: Callable[[list[Card]], list[Card]] = list,
          mirror: bool = False) -> tuple[str, list[Card], list[Card]]:  # fmt: skip
    while att and dfn:
        att, dfn = one_round(att, dfn, mirror)
        att, dfn = relay(att), relay(dfn)
    winner = "attackers" if att else "defenders" if dfn else "both"
    return winner, att, dfn


def cards(text: str) -> list[Card]:
    return [Card(t[0].upper(), t.endswith("+"), i) for i, t in enumerate(text.split())]
