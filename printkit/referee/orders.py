"""Battle orders of «Великая Стратегическая»: who wins when two order cards meet."""

from __future__ import annotations

from dataclasses import dataclass

from ..vs_model import Orders


@dataclass(frozen=True)
class Card:
    order: str
    advantage: bool = False

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
