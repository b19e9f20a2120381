"""A made-up game that proves a game plugs into printkit through its entry points alone."""

from __future__ import annotations

from printkit.game import Artefact, Game, Printing

GAME = Game(
    family="tiny",
    name="Tiny",
    package=__name__,
    rulesets=("tiny",),
    schema=f"{__name__}.schema",
    artefacts=(
        Artefact(
            "tally",
            f"{__name__}.tally:build",
            inputs=("players", "part.table_name"),
            prints=(Printing("tally.pdf", "tiny_tally_guide"),),  # what the kit's print guide says of it
        ),
    ),
    questions={"referee": {"tiny-odds": f"{__name__}.odds:tiny_odds"}},
    api=f"{__name__}.odds",
    labels=True,
    configs=("tiny.yaml",),  # its example session config, in examples/ beside this file
    examples=("printkit build examples/tiny.yaml",),
)
