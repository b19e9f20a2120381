"""Stratego: setups (strings, Gravon boards, advice, generation), attacks and moves; setup sheets."""

from __future__ import annotations

from .. import Artefact, Game

_HERE = __name__

GAME = Game(
    family="stratego",
    name="Stratego",
    package=_HERE,
    rulesets=("stratego",),
    schema=f"{_HERE}.schema",
    artefacts=(
        Artefact("quickref", f"{_HERE}.quickref:build", cost=0.5, flowing=True),
        Artefact("stratego-setup", f"{_HERE}.sheets:build", preflight=f"{_HERE}.sheets:build"),
    ),
    referee={
        "stratego": "printkit.cli.stratego:referee_stratego",
        "moves": "printkit.cli.stratego:referee_moves",
    },
    commands={"stratego": "printkit.cli.stratego:stratego"},
    labels=True,
)
