"""The list of lands of a «Великая Стратегическая» map, with dice codes and slips for drawing one."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from printkit.plugin import Build, GameMap, Session, label
from printkit.sheets import base_context

from .map_check import WATERS
from .model import vs_map, vs_of

FACES = 6  # the game's one die


def dice_needed(lands: int) -> int:
    """How many D6 read as digits give every land a code of its own: 6 lands one die, 36 two, ..."""
    dice = 1
    while FACES**dice < lands:
        dice += 1
    return dice


def dice_code(index: int, dice: int) -> str:
    """The faces that name land `index` (0-based): the first die the leftmost digit, like 11, 12 ... 16, 21."""
    digits = []
    for _ in range(dice):
        index, face = divmod(index, FACES)
        digits.append(str(face + 1))
    return "".join(reversed(digits))


def rows(session: Session, game_map: GameMap) -> list[dict[str, Any]]:
    """One row a land, in the order of their numbers."""
    vs = vs_of(session.ruleset)
    lords = {s.id for s in vs.structures if s.lord}
    lands = sorted(vs_map(game_map).lands, key=lambda land: land.number)
    dice = dice_needed(len(lands))
    out = []
    for i, land in enumerate(lands):
        houses = [o for o in game_map.objects
                  if (o.x, o.y) in land.cells and (o.detail("structure") or "").casefold() in lords]  # fmt: skip
        owners = sorted({o.owner or label("ll_neutral", session.language) for o in houses})
        veins = sum(1 for o in game_map.objects if o.kind == "resource" and (o.x, o.y) in land.cells)
        veins += len(land.cells & vs_map(game_map).lairs)
        out.append({"number": land.number, "code": dice_code(i, dice), "name": land.name, "income": land.income,
                    "cells": sum(1 for c in land.cells if game_map.terrain(*c) not in WATERS), "veins": veins,
                    "held": ", ".join(owners)})  # fmt: skip
    return out


def context(session: Session) -> dict[str, Any]:
    assert session.game_map is not None
    lang = session.language
    table = rows(session, session.game_map)
    dice = dice_needed(len(table))
    high = dice_code(FACES**dice - 1, dice)
    how = label("ll_one_die", lang, n=len(table)) if dice == 1 else label("ll_dice", lang, dice=dice, high=high)
    return {**base_context(session), "rows": table, "how": how, "total": sum(r["income"] for r in table)}


def write_land_list(session: Session, target: str | IO[bytes] | Path) -> None:
    """lands.pdf: the table of lands with their dice codes, then slips to cut and draw from a hat."""
    from printkit.plugin import render, render_template, write

    write(render(render_template("vs/lands.html.j2", context(session))), str(target))


def build(b: Build) -> None:
    """The kit's lands.pdf."""
    write_land_list(b.session, b.writer.path("lands.pdf"))
    b.progress("lands", 1, 1)
