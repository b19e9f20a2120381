"""«Великая Стратегическая», both editions: order battles, troops, buildings, spells; cards and tokens."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ...game import BOOKLET, MAP, Artefact, Game, MapObjectKind, Maps

if TYPE_CHECKING:
    from ...config.model import Session

_HERE = __name__
# What the printed pieces (cards, tokens, markers, coins) read: who plays in which colour, the
# printer's offsets, the cards' own settings, and the print-shop and cutter copies.
_PIECES = ("title", "players", "printer", "part.cards", "options.print_shop", "options.cutter")


def _has_troops(session: Session) -> bool:
    return session.ruleset.part is not None


def _has_lands(session: Session) -> bool:
    from .model import vs_map

    return _has_troops(session) and session.game_map is not None and bool(vs_map(session.game_map).lands)


GAME = Game(
    family="vs",
    name="«Великая Стратегическая»",
    package=_HERE,
    rulesets=("vs-2025", "vs-2003"),
    schema=f"{_HERE}.schema",
    artefacts=(
        Artefact("quickref", f"{_HERE}.quickref:build", _has_troops, f"{_HERE}.quickref:build", cost=0.5, flowing=True),
        BOOKLET,
        Artefact(
            "battle-cards",
            f"{_HERE}.cards:build",
            _has_troops,
            f"{_HERE}.cards:build",
            inputs=(*_PIECES, "options.png"),
        ),
        Artefact(
            "tokens",
            f"{_HERE}.tokens:build",
            _has_troops,
            f"{_HERE}.tokens:build",
            inputs=(*_PIECES, "game_map", "part.tokens"),
        ),
        Artefact(
            "markers", f"{_HERE}.markers:build", _has_troops, f"{_HERE}.markers:build", inputs=(*_PIECES, "part.tokens")
        ),
        Artefact("coins", f"{_HERE}.coins:build", _has_troops, f"{_HERE}.coins:build", inputs=(*_PIECES, "part.coins")),
        Artefact(
            "ledger",
            f"{_HERE}.treasury_form:build",
            _has_troops,
            f"{_HERE}.treasury_form:build",
            inputs=("title", "players", "game_map"),
        ),
        dataclasses.replace(MAP, inputs=(*MAP.inputs, "part.tokens")),  # its cells are as large as the tokens
        Artefact("lands", f"{_HERE}.land_list:build", _has_lands, cost=0.3, flowing=True, inputs=("title", "game_map")),
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
        }
    },
    api=f"{_HERE}.questions",
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
    examples=("printkit build examples/vs-2025.yaml --print-shop --cutter silhouette",),
)
