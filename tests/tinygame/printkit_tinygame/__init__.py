"""A made-up game that proves a game plugs into printkit through its entry points alone."""

from __future__ import annotations

from printkit.plugin import Artefact, Game, Printing, quick_reference

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
        # Drawn by printkit's shared machinery from the game's own templates/quickref.html.j2.
        quick_reference(f"{__name__}.quickref", "tiny_quickref_guide"),
    ),
    questions={"referee": {"tiny-odds": f"{__name__}.odds:tiny_odds"}},
    api=f"{__name__}.odds",
    labels=True,
    # Its picture is styled by its own static/pictures.css, which the page of its question links.
    pictures=f"{__name__}.pictures:picture",
    configs=("tiny.yaml",),  # its example session config, in examples/ beside this file
    examples=("printkit build examples/tiny.yaml",),
)
