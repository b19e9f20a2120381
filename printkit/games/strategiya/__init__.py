"""«Стратегия»: secret sheets, heroes, the town, fights, hiding and movement on a squared map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import BOOKLET, Artefact, Game

if TYPE_CHECKING:
    from ...config.model import Session

_HERE = __name__


def _has_secret(session: Session) -> bool:
    from .model import rules_of

    return rules_of(session.ruleset).secret is not None


def _has_heroes(session: Session) -> bool:
    from .model import rules_of

    return rules_of(session.ruleset).heroes is not None


def _names_heroes(session: Session) -> bool:
    # hero-sheets.pdf is already all blank cards when the config names no hero.
    from .model import session_of

    return _has_heroes(session) and any(p.heroes for p in session_of(session).parties)


GAME = Game(
    family="strategiya",
    name="«Стратегия»",
    package=_HERE,
    rulesets=("strategiya",),
    schema=f"{_HERE}.schema",
    artefacts=(
        Artefact(
            "secret-sheets", f"{_HERE}.secret_sheets:build", _has_secret, f"{_HERE}.secret_sheets:build", secret=True
        ),
        Artefact("hero-sheets", f"{_HERE}.hero_sheets:build", _has_heroes),
        Artefact("hero-sheets-blank", f"{_HERE}.hero_sheets:build_blank", _names_heroes),
        Artefact("quickref", f"{_HERE}.quickref:build", cost=0.5, flowing=True),
        BOOKLET,
        Artefact("map", f"{_HERE}.map_sheet:build", None, f"{_HERE}.map_sheet:preflight"),
        Artefact("adventures", f"{_HERE}.adventure_book:build", None, f"{_HERE}.adventure_book:preflight"),
        Artefact("plot", f"{_HERE}.plot_sheet:build", None, f"{_HERE}.plot_sheet:preflight"),
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
