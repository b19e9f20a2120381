"""Tiny's quick reference: how a turn goes and the chance of each count of heads."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from printkit.plugin import Build, Session, label
from printkit.sheets import check_quickref, rules_context, write_quickref

from .schema import TinyRules

TEMPLATE = "tiny/quickref.html.j2"  # templates/quickref.html.j2 of this package, under the game's family


def context(session: Session) -> dict[str, Any]:
    rules = session.ruleset.part
    assert isinstance(rules, TinyRules)
    n = rules.coins
    return {
        **rules_context(session),  # lang, paper, the game's title, t (every label, t.tiny_qr_heads)
        "turn": label("tiny_qr_turn", session.language, n=n),
        "chances": [(k, Fraction(comb(n, k), 2**n)) for k in range(n + 1)],
    }


def build(b: Build) -> None:
    write_quickref(b.session, TEMPLATE, context(b.session), b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)


def preflight(b: Build) -> None:
    """What `printkit validate` runs on both papers and in both languages: a card that fits."""
    check_quickref(b.session, TEMPLATE, context(b.session))
