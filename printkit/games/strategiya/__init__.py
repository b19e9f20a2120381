"""«Стратегия»: secret sheets, heroes, the town, fights, hiding and movement on a squared map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import BOOKLET, MAP, Artefact, Game

if TYPE_CHECKING:
    from ...config.model import Session

_HERE = __name__


def _has_secret(session: Session) -> bool:
    from .model import rules_of

    return rules_of(session.ruleset).secret is not None


def _has_heroes(session: Session) -> bool:
    from .model import rules_of

    return rules_of(session.ruleset).heroes is not None


GAME = Game(
    family="strategiya",
    name="«Стратегия»",
    package=_HERE,
    rulesets=("strategiya",),
    schema=f"{_HERE}.schema",
    artefacts=(
        Artefact("secret-sheets", f"{_HERE}.secret_sheets:build", _has_secret, f"{_HERE}.secret_sheets:build"),
        Artefact("hero-sheets", f"{_HERE}.hero_sheets:build", _has_heroes),
        Artefact("quickref", f"{_HERE}.quickref:build"),
        BOOKLET,
        MAP,
    ),
    referee={
        "lookup": "printkit.cli.strategiya:lookup",
        "fight": "printkit.cli.strategiya:fight",
        "hide": "printkit.cli.strategiya:hide",
        "escape": "printkit.cli.strategiya:escape",
    },
    movement=f"{_HERE}.movement",
    map_check=f"{_HERE}.map_check:check",
    tables=f"{_HERE}.tables:table",
    booklet_chapters=f"{_HERE}.adventures:booklet_chapters",
    labels=True,
)
