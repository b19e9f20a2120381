"""Stratego: setups (strings, Gravon boards, advice, generation), attacks and moves; setup sheets."""

from __future__ import annotations

from ...game import Artefact, Game
from ...questions import Flag, Input

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
    build_options=(
        Input(
            "random_setups",
            Flag(),
            {"en": "Generate a setup for each side the config leaves out.", "ru": "Случайная расстановка сторон."},
            flag="--random",
        ),
    ),
    questions={
        "referee": {
            "stratego": "printkit.cli.stratego:referee_stratego",
            "moves": "printkit.cli.stratego:referee_moves",
        },
        "stratego": {
            "check": "printkit.cli.stratego:check",
            "random": "printkit.cli.stratego:random_setup",
            "convert": "printkit.cli.stratego:convert",
        },
    },
    about={
        "stratego": "Stratego setups: check, generate and convert them.\n\n\b\nExample:\n"
        "  printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232"
    },
    labels=True,
)
