"""Tiny's referee question, declared once for the command line, JSON, the phone page and Python."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from printkit.plugin import Input, Line, Whole, label, load_bundled, question

from .schema import TinyRules


@dataclass(frozen=True)
class TinyOdds:
    """How likely exactly `heads` of `coins` coins come up heads; its fields are its JSON."""

    heads: int
    coins: int
    chance: Fraction

    def lines(self, lang: str) -> list[Line]:
        return [label("tiny_odds", lang, k=self.heads, n=self.coins, p=self.chance)]


@question(
    "tiny-odds",
    summary={"en": "Tiny: the chance of exactly HEADS heads.", "ru": "Крошка: шанс выбросить ровно HEADS орлов."},
    about={
        "en": "Every coin of the ruleset is flipped once; the answer is the exact chance.",
        "ru": "Каждая монета правил бросается один раз; ответ — точный шанс.",
    },
    inputs=(
        Input("heads", Whole(0, 10), {"en": "How many heads.", "ru": "Сколько орлов."}, required=True, metavar="HEADS"),
    ),
    examples=("printkit referee tiny-odds 2",),
)
def tiny_odds(heads: int) -> TinyOdds:
    """The chance of exactly `heads` heads when every coin of the ruleset is flipped."""
    rules = load_bundled("tiny").part
    assert isinstance(rules, TinyRules)
    return TinyOdds(heads, rules.coins, Fraction(comb(rules.coins, heads), 2**rules.coins))
