"""Battle orders of «Великая Стратегическая»: who wins when two order cards meet, one card's best mix."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import Orders
from .words import Refusal


@dataclass(frozen=True)
class Card:
    order: str
    advantage: bool = False
    troop: int = -1  # which troop of its side the squad belongs to; -1: not known

    def label(self) -> str:
        return self.order + ("+" if self.advantage else "")


def resolve(orders: Orders, a: Card, b: Card) -> str:
    """'a', 'b' or 'both' (both leave the field) when card a meets card b.

    Each order beats the next in the cycle whatever the advantage; equal orders remove both cards
    unless exactly one of them carries the «+», which then wins.
    """
    if a.order != b.order:
        return "a" if orders.beats(a.order, b.order) else "b"
    if a.advantage == b.advantage:
        return "both"
    return "a" if a.advantage else "b"


def all_cards(orders: Orders) -> list[Card]:
    return [Card(o, adv) for adv in (False, True) for o in orders.cycle]


# A F D, and as a Russian speaker types them: А (атака), О (обстрел, огонь), З (защита).
ABBREVIATIONS = {"a": "attack", "f": "fire", "d": "defend", "а": "attack", "о": "fire", "з": "defend"}


def parse_cards(text: str, orders: Orders) -> list[Card]:
    """Cards written like "A+ F D" (or "А+ О З"): A attack, F fire, D defend, or their names in
    either language and any case ("атаки", "Защита"), + for the advantage; each card's troop is its
    place in the list."""
    from printkit.plugin import forgiving_match

    names = [(n, o) for o, named in orders.names.items() for n in (o, *named.values())]
    cards: list[Card] = []
    for word in text.replace(",", " ").split():
        advantage = word.endswith("+")
        core = word.rstrip("+").casefold()
        order = ABBREVIATIONS.get(core) or forgiving_match(core, names)
        if order is None:
            raise Refusal("rf_bad_order", word=word)
        cards.append(Card(order, advantage, len(cards)))
    if not cards:
        raise Refusal("rf_no_cards")
    return cards


def _value(matrix: list[list[Fraction]], rows: list[int], cols: list[int]) -> tuple[list[Fraction], Fraction] | None:
    """Equalising mix over a square support, or None when it does not exist."""
    n = len(rows)
    # Unknowns: x_1..x_n (row mix) and v; equations: sum_i x_i M[i][j] = v for j in cols, sum x = 1.
    size = n + 1
    eqs = [[matrix[rows[i]][cols[j]] for i in range(n)] + [Fraction(-1), Fraction(0)] for j in range(n)]
    eqs.append([Fraction(1)] * n + [Fraction(0), Fraction(1)])
    for col in range(size):
        pivot = next((r for r in range(col, size) if eqs[r][col] != 0), None)
        if pivot is None:
            return None
        eqs[col], eqs[pivot] = eqs[pivot], eqs[col]
        for r in range(size):
            if r != col and eqs[r][col] != 0:
                f = eqs[r][col] / eqs[col][col]
                eqs[r] = [a - f * b for a, b in zip(eqs[r], eqs[col], strict=True)]
    sol = [eqs[i][size] / eqs[i][i] for i in range(size)]
    mix, value = sol[:n], sol[n]
    return (mix, value) if all(x >= 0 for x in mix) else None


def best_mix(orders: Orders, advantage_a: bool, advantage_b: bool) -> tuple[dict[str, Fraction], Fraction]:
    """The optimal mix of orders for side A when one card meets one card, and the game's value
    (A's chance to win minus B's), solved exactly by trying every support of the 3×3 matrix game."""
    from itertools import combinations

    cycle = list(orders.cycle)
    score = {"a": Fraction(1), "b": Fraction(-1), "both": Fraction(0)}
    m = [[score[resolve(orders, Card(x, advantage_a), Card(y, advantage_b))] for y in cycle] for x in cycle]
    best: tuple[list[Fraction], Fraction, list[int]] | None = None
    for k in range(1, len(cycle) + 1):
        for rows in combinations(range(len(cycle)), k):
            for cols in combinations(range(len(cycle)), k):
                found = _value(m, list(rows), list(cols))
                if found is None:
                    continue
                mix, _ = found
                # A's mix must guarantee `value` against every pure reply of B.
                full = [Fraction(0)] * len(cycle)
                for i, r in enumerate(rows):
                    full[r] = mix[i]
                guaranteed = min(sum(full[i] * m[i][j] for i in range(len(cycle))) for j in range(len(cycle)))
                if best is None or guaranteed > best[1]:
                    best = (full, Fraction(guaranteed), list(rows))
    assert best is not None
    return dict(zip(cycle, best[0], strict=True)), best[1]


def random_odds(orders: Orders, advantage_a: bool, advantage_b: bool) -> dict[str, Fraction]:
    """One card against one, both orders chosen uniformly at random."""
    out = {"a": Fraction(0), "b": Fraction(0), "both": Fraction(0)}
    share = Fraction(1, len(orders.cycle) ** 2)
    for x in orders.cycle:
        for y in orders.cycle:
            out[resolve(orders, Card(x, advantage_a), Card(y, advantage_b))] += share
    return out
