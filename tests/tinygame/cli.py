"""The tiny game's referee command: the chance of k heads."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import click

from printkit.config.rulesets import load_bundled
from printkit.labels import label

from .schema import TinyRules


@click.command(
    "tiny-odds",
    epilog="""\b
Example:
  printkit referee tiny-odds 2
""",
)
@click.argument("heads", type=int)
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru")
def tiny_odds(heads: int, lang: str) -> None:
    """Tiny: the chance of exactly HEADS heads."""
    rules = load_bundled("tiny").part
    assert isinstance(rules, TinyRules)
    p = Fraction(comb(rules.coins, heads), 2**rules.coins)
    click.echo(label("tiny_odds", lang, k=heads, n=rules.coins, p=p))
