"""Stratego: setups (strings, Gravon boards, advice, generation), attacks and moves; setup sheets."""

from __future__ import annotations

from printkit.plugin import Artefact, Flag, Game, Input, Printing, quick_reference

_HERE = __name__

GAME = Game(
    family="stratego",
    name="Stratego",
    package=_HERE,
    rulesets=("stratego",),
    schema=f"{_HERE}.schema",
    artefacts=(
        quick_reference(f"{_HERE}.quickref", "guide_quickref_stratego"),
        Artefact(
            "stratego-setup",
            f"{_HERE}.sheets:build",
            preflight=f"{_HERE}.sheets:build",
            inputs=("title", "players", "part.variant", "part.setups", "options.random_setups", "entropy"),
            prints=(
                Printing("stratego-setup.pdf", "guide_stratego_setup"),
                Printing("stratego-secret-*.pdf", "guide_stratego_secret"),
            ),
        ),
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
            "stratego": f"{_HERE}.questions:attack",
            "moves": f"{_HERE}.questions:moves",
        },
        "stratego": {
            "check": f"{_HERE}.questions:check_setup",
            "random": f"{_HERE}.questions:random_setup",
            "convert": f"{_HERE}.questions:convert",
        },
    },
    api=f"{_HERE}.questions",
    labels=True,
    pictures=f"{_HERE}.pictures:picture",
    configs=("stratego.yaml",),
    examples=(
        'printkit build examples/stratego.yaml --random --seed "long random words"',
        "printkit build examples/stratego.yaml --no-cache --jobs 1",
    ),
)
