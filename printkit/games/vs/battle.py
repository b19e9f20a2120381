"""VS card battles as laid out on the table: rows, columns fought front to back, re-lays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import Orders
from .orders import Card, resolve

ATTACKERS, DEFENDERS, BOTH = "attackers", "defenders", "both"
_WHO = {"a": ATTACKERS, "b": DEFENDERS, "both": BOTH}


def row_width(attackers: int, defenders: int, row: int = 3) -> int:
    """Rows of `row` cards when both armies have at least that many, else as long as the smaller army."""
    smaller = min(attackers, defenders)
    return row if smaller >= row else smaller


def columns(count: int, width: int, *, defenders: bool = False, mirror: bool = False) -> list[list[int]]:
    """Positions of a side's cards in each column, front to back (columns counted from the attackers'
    left). Card i goes to row i // width. Attackers lay left to right; defenders lay right to left
    from their own seat across the table, which is the same direction seen from the attackers, so
    card i of each side shares a column. `mirror` reads both directions from one seat instead."""
    out: list[list[int]] = [[] for _ in range(width)]
    for i in range(count):
        k = i % width
        out[width - 1 - k if defenders and mirror else k].append(i)
    return out


@dataclass(frozen=True)
class Duel:
    column: int  # 0-based, from the attackers' left
    attacker: Card
    defender: Card
    winner: str  # attackers, defenders or both (both leave)


@dataclass(frozen=True)
class Round:
    """One laying of the cards and what happened to each column."""

    width: int
    attackers: tuple[Card, ...]  # as laid, row after row
    defenders: tuple[Card, ...]
    columns: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # places of each side's cards, front first
    duels: tuple[Duel, ...]
    attackers_left: tuple[Card, ...]  # survivors in their laying order
    defenders_left: tuple[Card, ...]


def fight_round(orders: Orders, attackers: Sequence[Card], defenders: Sequence[Card],
                mirror: bool = False) -> Round:  # fmt: skip
    """Lay both sides, reveal, and fight every column: the front cards meet, the loser leaves and the
    card behind it steps in against the winner; when both leave, the next cards meet. A column ends
    when one side has no card left in it."""
    width = row_width(len(attackers), len(defenders), orders.row)
    cols_a = columns(len(attackers), width)
    cols_d = columns(len(defenders), width, defenders=True, mirror=mirror)
    duels: list[Duel] = []
    kept_a: set[int] = set()
    kept_d: set[int] = set()
    for c in range(width):
        qa, qd = cols_a[c], cols_d[c]
        i = j = 0
        while i < len(qa) and j < len(qd):
            a, d = attackers[qa[i]], defenders[qd[j]]
            who = _WHO[resolve(orders, a, d)]
            duels.append(Duel(c, a, d, who))
            if who != DEFENDERS:
                j += 1
            if who != ATTACKERS:
                i += 1
        kept_a.update(qa[i:])
        kept_d.update(qd[j:])
    return Round(
        width,
        tuple(attackers),
        tuple(defenders),
        tuple((tuple(a), tuple(d)) for a, d in zip(cols_a, cols_d, strict=True)),
        tuple(duels),
        tuple(a for i, a in enumerate(attackers) if i in kept_a),
        tuple(d for j, d in enumerate(defenders) if j in kept_d),
    )


def winner(attackers_left: Sequence[Card], defenders_left: Sequence[Card]) -> str | None:
    """attackers, defenders, both (nobody is left: a draw), or None while both sides have cards."""
    if attackers_left and defenders_left:
        return None
    if attackers_left:
        return ATTACKERS
    return DEFENDERS if defenders_left else BOTH


@dataclass(frozen=True)
class Battle:
    rounds: tuple[Round, ...]
    attackers_left: tuple[Card, ...]
    defenders_left: tuple[Card, ...]

    @property
    def winner(self) -> str | None:
        """attackers, defenders, both (a draw), or None when it stopped at a re-lay nobody chose."""
        return winner(self.attackers_left, self.defenders_left)


def rearrange(left: Sequence[Card], wanted: Sequence[Card]) -> tuple[Card, ...]:
    """The survivors laid in the sequence of orders `wanted` (the players name orders, not squads):
    each order goes to the first survivor carrying it that is not laid yet. ValueError when the
    orders are not exactly the survivors' (an order may not change once given)."""
    pool = list(left)
    out = []
    for card in wanted:
        match = next((k for k, c in enumerate(pool) if (c.order, c.advantage) == (card.order, card.advantage)), None)
        if match is None:
            raise ValueError(card.label())
        out.append(pool.pop(match))
    if pool:
        raise ValueError(" ".join(c.label() for c in pool))
    return tuple(out)


def battle(orders: Orders, attackers: Sequence[Card], defenders: Sequence[Card],
           relays: Sequence[tuple[Sequence[Card], Sequence[Card]]] | None = None, *, keep: bool = False,
           mirror: bool = False) -> Battle:  # fmt: skip
    """Rounds until one side is gone, or until a re-lay is needed that nobody chose: `relays` gives
    each re-lay's sequences in turn; `keep` lays the survivors again in their old order."""
    a, d = tuple(attackers), tuple(defenders)
    rounds: list[Round] = []
    chosen = list(relays or [])
    while a and d:
        if rounds:
            if chosen:
                wanted_a, wanted_d = chosen.pop(0)
                a, d = rearrange(a, wanted_a), rearrange(d, wanted_d)
            elif not keep:
                break
        rnd = fight_round(orders, a, d, mirror)
        rounds.append(rnd)
        a, d = rnd.attackers_left, rnd.defenders_left
    return Battle(tuple(rounds), a, d)
