"""Tiny, a coin game: what it offers printkit, found through the printkit.games entry point."""

from __future__ import annotations

from printkit.plugin import Artefact, Game, Printing, quick_reference

GAME = Game(
    family="tiny",  # the id its rulesets name, its templates' prefix, its pages' static folder
    name="Tiny",
    package=__name__,
    rulesets=("tiny",),  # tiny.yaml beside this file
    schema=f"{__name__}.schema",
    artefacts=(
        Artefact(
            "tally",
            f"{__name__}.tally:build",
            inputs=("players", "part.table_name"),  # what it reads besides the ruleset, language, paper
            prints=(Printing("tally.pdf", "tiny_tally_guide"),),  # what the kit's print guide says of it
        ),
        # printkit's quick-reference card, laid out from this game's own templates/quickref.html.j2
        quick_reference(f"{__name__}.quickref", "tiny_quickref_guide"),
    ),
    questions={"referee": {"tiny-odds": f"{__name__}.odds:tiny_odds"}},
    api=f"{__name__}.odds",  # printkit.tiny.tiny_odds(2) in Python
    labels=True,  # labels.yaml beside this file
    pictures=f"{__name__}.pictures:picture",  # beside an answer on a phone page, styled by static/
    configs=("tiny.yaml",),  # examples/tiny.yaml is a session config its kit is built from
    examples=("printkit build examples/tiny.yaml",),  # shown by `printkit build --help`
)
