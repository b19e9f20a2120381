"""A made-up game that proves a fifth game needs no change to printkit's shared modules."""

from __future__ import annotations

from printkit.games import Artefact, Game

GAME = Game(
    family="tiny",
    name="Tiny",
    package=__name__,
    rulesets=("tiny",),
    schema=f"{__name__}.schema",
    artefacts=(Artefact("tally", f"{__name__}.tally:build"),),
    referee={"tiny-odds": f"{__name__}.cli:tiny_odds"},
    labels=True,
)
