"""The VS battle core on plain tuples for the odds: rounds fought column by column, at speed."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

# A squad: (order, advantage, troop). order is 0, 1 or 2, the place of the order in the edition's
# cycle (each beats the next), or UNKNOWN while its card has not been revealed in a duel.
Squad = tuple[int, bool, int]
UNKNOWN = -1
A_WINS, D_WINS, BOTH_GO = 0, 1, 2


def duel(a: int, a_plus: bool, d: int, d_plus: bool) -> int:
    """A_WINS, D_WINS or BOTH_GO for two revealed orders."""
    if a != d:
        return A_WINS if (a + 1) % 3 == d else D_WINS
    if a_plus == d_plus:
        return BOTH_GO
    return A_WINS if a_plus else D_WINS


def width(n_a: int, n_d: int, row: int = 3) -> int:
    smaller = min(n_a, n_d)
    return row if smaller >= row else smaller


def lanes(count: int, w: int, flip: bool) -> list[list[int]]:
    """Positions per column, front to back; `flip` mirrors a side's columns (the other reading)."""
    out: list[list[int]] = [[] for _ in range(w)]
    for i in range(count):
        out[w - 1 - i % w if flip else i % w].append(i)
    return out


def fight(att: Sequence[Squad], dfn: Sequence[Squad], row: int = 3,
          mirror: bool = False) -> tuple[tuple[Squad, ...], tuple[Squad, ...]]:  # fmt: skip
    """One round with every order revealed: the survivors of each side in their laying order."""
    w = width(len(att), len(dfn), row)
    keep_a: list[int] = []
    keep_d: list[int] = []
    for qa, qd in zip(lanes(len(att), w, False), lanes(len(dfn), w, mirror), strict=True):
        i = j = 0
        while i < len(qa) and j < len(qd):
            a, d = att[qa[i]], dfn[qd[j]]
            r = duel(a[0], a[1], d[0], d[1])
            if r != D_WINS:
                j += 1
            if r != A_WINS:
                i += 1
        keep_a += qa[i:]
        keep_d += qd[j:]
    return tuple(att[i] for i in sorted(keep_a)), tuple(dfn[j] for j in sorted(keep_d))


@cache
def column_chances(
    att: tuple[Squad, ...], dfn: tuple[Squad, ...]
) -> tuple[tuple[int, tuple[Squad, ...], tuple[Squad, ...]], ...]:
    """Every way one column can end when each unrevealed order is uniformly random: (ways,
    attackers left, defenders left), where `ways` counts the branches ending so (all of them
    reveal the same number of orders, so they weigh the same). A card that fought and won stays
    revealed; the cards behind it were never turned over and keep an unknown order."""
    out: dict[tuple[tuple[Squad, ...], tuple[Squad, ...]], int] = {}

    def walk(i: int, j: int, a: Squad | None, d: Squad | None) -> None:
        # i, j: the cards now in front; a, d: that card once revealed (None: still unrevealed).
        if i == len(att) or j == len(dfn):
            left_a = () if i == len(att) else (a or att[i], *att[i + 1 :])
            left_d = () if j == len(dfn) else (d or dfn[j], *dfn[j + 1 :])
            out[(left_a, left_d)] = out.get((left_a, left_d), 0) + 1
            return
        ca, cd = a or att[i], d or dfn[j]
        for oa in range(3) if ca[0] == UNKNOWN else (ca[0],):
            for od in range(3) if cd[0] == UNKNOWN else (cd[0],):
                r = duel(oa, ca[1], od, cd[1])
                walk(i + (r != A_WINS), j + (r != D_WINS), (oa, ca[1], ca[2]) if r == A_WINS else None,
                     (od, cd[1], cd[2]) if r == D_WINS else None)  # fmt: skip

    walk(0, 0, None, None)
    return tuple((n, la, ld) for (la, ld), n in out.items())
