"""A deliberately simple second reading of Stratego's moves, straight from the rules page, for the tests only.

It asks of every cell of the board whether the piece may go there, rather than walking out from
the piece: a target in the same row or file, one cell away (any distance for a scout), never a lake
or one's own piece; every cell between must be free of lakes and, unless scouts fly over pieces,
of pieces; an enemy there is an attack, which a scout makes from afar only when runs end in attacks.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

FILES = "abcdefghij"
NEVER_MOVE = {"B", "F"}


def moves(pieces: Mapping[str, Any], lakes: Collection[str], at: str, run_attacks: bool = True,
          fly_over: bool = False) -> tuple[set[str], set[str]]:  # fmt: skip
    """(cells it may move to, cells it attacks) for the piece on `at` (pieces: cell -> .side, .symbol)."""
    me = pieces[at]
    if me.symbol in NEVER_MOVE:
        return set(), set()
    scout = me.symbol == "2"
    f0, r0 = FILES.index(at[0]), int(at[1:])
    steps: set[str] = set()
    attacks: set[str] = set()
    for f in range(10):
        for r in range(1, 11):
            target = f"{FILES[f]}{r}"
            distance = abs(f - f0) + abs(r - r0)
            if (f != f0 and r != r0) or distance == 0 or (distance > 1 and not scout) or target in lakes:
                continue
            between = [
                f"{FILES[f0 + (f - f0) * k // distance]}{r0 + (r - r0) * k // distance}" for k in range(1, distance)
            ]
            if any(c in lakes for c in between) or (not fly_over and any(c in pieces for c in between)):
                continue
            other = pieces.get(target)
            if other is None:
                steps.add(target)
            elif other.side != me.side and (distance == 1 or run_attacks):
                attacks.add(target)
    return steps, attacks
