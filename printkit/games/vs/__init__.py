"""«Великая Стратегическая», both editions: order battles, troops, buildings, spells; cards and tokens."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from printkit.plugin import BOOKLET, MAP, Artefact, Flag, Game, Input, MapObjectKind, Maps, Printing, quick_reference

from .editions import RULESETS

if TYPE_CHECKING:
    from printkit.plugin import Session

_HERE = __name__
# What the printed pieces (cards, tokens, markers, coins) read: who plays in which colour, the
# printer's offsets, the cards' own settings, the print-shop and cutter copies, and the ink-saving kit.
_PIECES = ("title", "players", "printer", "part.cards", "options.print_shop", "options.cutter", "options.greyscale")


def _has_troops(session: Session) -> bool:
    return session.ruleset.part is not None


def _flip(session: Session) -> str:
    """The duplex flip the config names for cards and pieces: their backs are placed for it."""
    from .model import vs_session

    return vs_session(session).cards.duplex


def _pieces(stem: str) -> tuple[Printing, ...]:
    """How a sheet set of pieces prints: on card, both sides with the config's flip; its print-shop
    and cutter copies are not printed at home."""
    return (
        Printing(f"{stem}.pdf", f"guide_{stem.replace('-', '_')}", stock="card", sides=_flip),
        Printing(f"{stem}-print-shop.pdf", "guide_print_shop", copies=0),
        Printing(f"{stem}-cut*.svg", "guide_cut_file", copies=0),  # a file a sheet: -cut.svg, -cut-2.svg, ...
    )


def _has_lands(session: Session) -> bool:
    from .model import vs_map

    return _has_troops(session) and session.game_map is not None and bool(vs_map(session.game_map).lands)


GAME = Game(
    family="vs",
    name="«Великая Стратегическая»",
    package=_HERE,
    rulesets=RULESETS,
    schema=f"{_HERE}.schema",
    artefacts=(
        quick_reference(f"{_HERE}.quickref", "guide_quickref_vs", _has_troops, sides="long"),
        BOOKLET,
        Artefact(
            "battle-cards",
            f"{_HERE}.cards:build",
            _has_troops,
            f"{_HERE}.cards:build",
            inputs=(*_PIECES, "options.png", "options.title_on_backs"),
            prints=_pieces("battle-cards"),
        ),
        Artefact(
            "tokens",
            f"{_HERE}.tokens:build",
            _has_troops,
            f"{_HERE}.tokens:build",
            inputs=(*_PIECES, "game_map", "part.tokens"),
            prints=_pieces("tokens"),
        ),
        # Markers and the bank's coins share their sheets: markers.pdf.
        Artefact(
            "markers",
            f"{_HERE}.markers:build",
            _has_troops,
            f"{_HERE}.markers:build",
            inputs=(*_PIECES, "part.tokens", "part.coins"),
            prints=_pieces("markers"),
        ),
        Artefact(
            "ledger",
            f"{_HERE}.treasury_form:build",
            _has_troops,
            f"{_HERE}.treasury_form:build",
            inputs=("title", "players", "game_map"),
            prints=(Printing("ledger.pdf", "guide_ledger"),),
        ),
        dataclasses.replace(MAP, inputs=(*MAP.inputs, "part.tokens")),  # its cells are as large as the tokens
        Artefact(
            "lands",
            f"{_HERE}.land_list:build",
            _has_lands,
            cost=0.3,
            flowing=True,
            inputs=("title", "game_map"),
            prints=(Printing("lands.pdf", "guide_lands"),),
        ),
    ),
    build_options=(
        Input(
            "title_on_backs",
            Flag(),
            {
                "en": "Battle cards: print the session's title on every back (by default the backs fit any session).",
                "ru": "Боевые карты: название игры на каждой рубашке (по умолчанию рубашки годятся для любой игры).",
            },
            flag="--title-on-backs",
        ),
    ),
    questions={
        "referee": {
            "orders": f"{_HERE}.questions:orders",
            "battle": f"{_HERE}.questions:battle",
            "income": f"{_HERE}.questions:income",
            "cost": f"{_HERE}.questions:cost",
            "prize": f"{_HERE}.questions:prize",
            "rebellion": f"{_HERE}.questions:rebellion",
            "leader-escape": f"{_HERE}.questions:leader_escape",
            "spell": f"{_HERE}.questions:spell",
            "mine": f"{_HERE}.questions:mine",
            "neutrals": f"{_HERE}.questions:neutrals",
            "mental-duel": f"{_HERE}.questions:mental_duel",
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
            MapObjectKind("building", "square", "map_building"),
            MapObjectKind("bridge", "bridge", "map_bridge"),
        ),
        check=f"{_HERE}.map_check:check",
        overlay=f"{_HERE}.map_sheet:overlay",
        cell_mm=f"{_HERE}.model:map_cell_mm",
    ),
    tables=f"{_HERE}.tables:table",
    labels=True,
    pictures=f"{_HERE}.pictures:picture",
    configs=("vs-2025.yaml", "vs-2003.yaml"),
    examples=("printkit build examples/vs-2025.yaml --print-shop --cutter silhouette",),
)
