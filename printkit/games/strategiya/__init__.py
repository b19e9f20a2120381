"""«Стратегия»: secret sheets, heroes, the town, fights, hiding and movement on a squared map."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from printkit.plugin import (
    BOOKLET,
    Artefact,
    Flag,
    Game,
    Input,
    MapObjectKind,
    Maps,
    Printing,
    Shortcut,
    Whole,
    per_player,
    quick_reference,
)

if TYPE_CHECKING:
    from printkit.plugin import Session

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
            "secret-sheets",
            f"{_HERE}.secret_sheets:build",
            _has_secret,
            f"{_HERE}.secret_sheets:build",
            secret=True,
            inputs=(
                "title",
                "players",
                "part.adventures",
                "options.games",
                "options.player",
                "options.blank",
                "entropy",
            ),
            prints=(
                Printing("secret-sheet-player-*.pdf", "guide_secret_sheet"),
                Printing("secret-sheets-blank.pdf", "guide_secret_blank", copies=per_player),
                Printing("referee-key.pdf", "guide_referee_key"),
                Printing("referee-key*.json", "guide_referee_key_json", copies=0),
            ),
        ),
        # A sheet is refused when its cards run off the page (long legends, many items): validate
        # lays it out to find that, as the build would.
        Artefact(
            "hero-sheets",
            f"{_HERE}.hero_sheets:build",
            _has_heroes,
            f"{_HERE}.hero_sheets:build",
            inputs=("title", "players", "part.parties"),
            prints=(Printing("hero-sheets.pdf", "guide_hero_sheets", sides="long"),),
        ),
        Artefact(
            "hero-sheets-blank",
            f"{_HERE}.hero_sheets:build_blank",
            _names_heroes,
            f"{_HERE}.hero_sheets:build_blank",
            inputs=("title", "players", "part.parties"),  # the parties' markers; their heroes are left out
            prints=(Printing("hero-sheets-blank.pdf", "guide_hero_sheets_blank", sides="long"),),
        ),
        Artefact(
            "hero-sheets-hired",
            f"{_HERE}.hero_sheets:build_hires_blank",
            _has_heroes,
            f"{_HERE}.hero_sheets:build_hires_blank",
            inputs=("title",),  # no player's and no hero's: the cards are for whoever hires
            prints=(Printing("hero-sheets-hired-blank.pdf", "guide_hero_sheets_hired_blank"),),
        ),
        quick_reference(f"{_HERE}.quickref", "guide_quickref_strategiya"),
        dataclasses.replace(
            BOOKLET,
            inputs=(*BOOKLET.inputs, "part.adventures_in_booklet", "part.adventures if part.adventures_in_booklet"),
        ),
        Artefact(
            "map",
            f"{_HERE}.map_sheet:build",
            None,
            f"{_HERE}.map_sheet:preflight",
            inputs=("title", "game_map", "part.map_size", "part.map_cell_mm", "options.random_map", "entropy"),
            prints=(Printing("map.pdf", "guide_map"), Printing("map.yaml", "guide_map_yaml", copies=0)),
        ),
        Artefact(
            "adventures",
            f"{_HERE}.adventure_book:build",
            None,
            f"{_HERE}.adventure_book:preflight",
            inputs=("title", "part.adventures"),
            prints=(Printing("adventures.pdf", "guide_adventures"),),
        ),
        Artefact(
            "plot",
            f"{_HERE}.plot_sheet:build",
            None,
            f"{_HERE}.plot_sheet:preflight",
            inputs=("title", "part.plot", "part.parties"),
            prints=(Printing("plot.pdf", "guide_plot"),),
        ),
    ),
    build_options=(
        Input(
            "games",
            Whole(1, 1000),
            {"en": "Secret sheets: how many games to print at once.", "ru": "Секретные листы: сколько игр сразу."},
            flag="--games",
            default=1,
        ),
        Input(
            "player",
            Whole(1, 2),
            {"en": "Secret sheets: only this player's sheet.", "ru": "Секретные листы: только лист этого игрока."},
            flag="--player",
        ),
        Input(
            "blank",
            Flag(),
            {"en": "Secret sheets: the empty form to fill in by hand.", "ru": "Пустой бланк секретных листов."},
            flag="--blank",
        ),
        Input(
            "random_map",
            Flag(),
            {"en": "Draw a random map (as `map random`) for a config without one.", "ru": "Случайная карта."},
            flag="--random-map",
        ),
    ),
    shortcuts=(
        Shortcut(
            "secret-sheets",
            kinds=("secret-sheets",),
            options=("games", "player", "blank"),
        ),
    ),
    questions={
        "referee": {
            "lookup": f"{_HERE}.questions:lookup",
            "fight": f"{_HERE}.questions:fight",
            "hide": f"{_HERE}.questions:hide",
            "escape": f"{_HERE}.questions:escape",
            "work": f"{_HERE}.questions:work",
        }
    },
    api=f"{_HERE}.questions",
    evening=f"{_HERE}.evening:TABLE",
    movement=f"{_HERE}.movement",
    maps=Maps(
        objects=(
            MapObjectKind("town", "star", "map_town"),
            MapObjectKind("port", "star", "map_port", legend=False),
            MapObjectKind("resource", "numbered-square", "map_resource", numbered=True),
            MapObjectKind("adventure", "numbered-circle", "map_adventure", numbered=True),
            MapObjectKind("building", "square", "map_building"),
            MapObjectKind("bridge", "bridge", "map_bridge"),
        ),
        check=f"{_HERE}.map_check:check",
        overlay=f"{_HERE}.map_sheet:overlay",
        random=f"{_HERE}.map_random:random_map_file",
    ),
    tables=f"{_HERE}.tables:table",
    booklet_chapters=f"{_HERE}.adventures:booklet_chapters",
    labels=True,
    default=True,
    configs=("strategiya.yaml", "strategiya-heroes.yaml"),
    examples=(
        'printkit build examples/strategiya.yaml --only secret-sheets --seed "long random words"',
        "printkit build examples/strategiya.yaml --only booklet --imposition saddle --greyscale",
        'printkit build examples/strategiya.yaml --random-map --seed "long random words"',
    ),
)
