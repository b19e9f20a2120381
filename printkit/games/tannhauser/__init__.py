"""Tannhäuser: d10 pools against a difficulty, duels, and movement along the circles of a map."""

from __future__ import annotations

from printkit.plugin import Artefact, Game, Printing, quick_reference

_HERE = __name__

GAME = Game(
    family="tannhauser",
    name="Tannhäuser",
    package=_HERE,
    rulesets=("tannhauser",),
    schema=f"{_HERE}.schema",
    artefacts=(
        quick_reference(f"{_HERE}.quickref", "guide_quickref_tannhauser", sides="long"),
        Artefact(
            "record-sheets",
            f"{_HERE}.record_sheets:build",
            preflight=f"{_HERE}.record_sheets:build",
            inputs=("title", "players", "part.teams", "part.mode", "part.level"),
            prints=(Printing("record-sheets.pdf", "guide_record_sheets"),),
        ),
    ),
    questions={
        "referee": {
            "pool": f"{_HERE}.questions:pool",
            "duel": f"{_HERE}.questions:duel",
            "paths": f"{_HERE}.questions:paths",
        }
    },
    api=f"{_HERE}.questions",
    labels=True,
    pictures=f"{_HERE}.pictures:picture",
    configs=("tannhauser.yaml",),
    examples=("printkit build examples/tannhauser.yaml --lang en --paper letter",),
)
