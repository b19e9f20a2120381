"""A «Великая Стратегическая» evening: each ruler's treasury, year by year, paid from the evening's map."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from printkit.evening import State, Table
from printkit.plugin import MapObject, cell_name, label

from .. import economy as ec
from ..model import Piece
from .asked import given, now, offers
from .battles import BATTLE, CAPTURE, TROOPS
from .markers import NO_ACTION, SIEGE, SPELL
from .treasury import CASH, COINS, INCOME, TRANSFER, Treasury, begin, cash_decided, ruler_named, treasury_of

# ---- the part shown ------------------------------------------------------------------------------


def _json(state: State, lang: str) -> Mapping[str, Any]:
    part = treasury_of(state)
    return {"year": state.round,
            "players": [{"name": name, "cash": coins, "paid": (name, state.round) in part.paid}
                        for name, coins in part.cash],
            "map": {"buildings": [{"cell": cell_name(o.x, o.y), "kind": o.kind, "name": o.name,
                                   "structure": o.detail("structure"), "owner": o.owner} for o in part.objects],
                    "troops": [{"cell": cell_name(p.x, p.y), "troop": p.troop, "owner": p.owner}
                               for p in part.pieces]}}  # fmt: skip


def _lines(state: State, lang: str) -> list[str]:
    part = treasury_of(state)
    out = [label("vev_year", lang, year=state.round)]
    for name, coins in part.cash:
        key = "vev_ruler_paid" if (name, state.round) in part.paid else "vev_ruler"
        out.append("  " + label(key, lang, name=name, cash=coins, year=state.round))
    return out


def _turn_ends(state: State) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """2025 §2.3: at the end of his turn a ruler holds at most his treasury (100 and 10 a fortress);
    what is above it is taken. (2003 holds the limit at the start of the turn: the income does it.)"""
    part = treasury_of(state)
    ruler = state.whose
    game_map = part.game_map()
    if ruler is None or ec.year_of(part.vs) != 2025 or game_map is None:
        return ()
    held = ec.holdings_from_map(part.vs, game_map, ruler, None, 0, False)
    cap = ec.treasury_cap(part.vs, held.fortresses, held.commander)
    cash = part.of(ruler)
    if cash <= cap:
        return ()
    taken = cash_decided(state, ruler, cap - cash).effect
    cause = {lang: label("vev_over_cap", lang, cap=cap) for lang in ("ru", "en")}
    return (("cash", {**taken, "why": "", "cause": cause}),)


def _announces(state: State) -> tuple[Mapping[str, str], ...]:
    """2025 §2.1: a ruler's year is paid at the start of his own turn, and not after it: a turn that
    ended with his year unpaid says so as the next begins (the end of the turn is the newest event,
    so the master can take it back and pay him). 2003 pays a year at any time in it."""
    part = treasury_of(state)
    n = len(state.players)
    if ec.year_of(part.vs) != 2025 or n == 0 or state.turn < 2 or part.game_map() is None:
        return ()
    ruler, year = state.players[(state.turn - 2) % n], (state.turn - 2) // n + 1
    if (ruler, year) in part.paid:
        return ()
    return ({lang: label("vev_unpaid", lang, player=ruler, year=year) for lang in ("ru", "en")},)


def _papers(state: State, session: Any, path_of: Callable[[str], Path]) -> tuple[str, ...]:
    """ledger.pdf as the kit prints it, with every year the evening paid filled in."""
    from ..treasury_form import context, write_pages

    ctx = context(session)
    for player in ctx["players"]:
        rows = {year - 1: dict(row) for ruler, year, row in treasury_of(state).years if ruler == player["name"]}
        player["filled"] = rows or ({0: player["first"]} if player["first"] else {})
    write_pages(str(path_of("ledger.pdf")), ctx, session.paper)
    return ("ledger.pdf",)


TABLE = Table(begin=begin, kinds=(INCOME, CASH, TRANSFER, SPELL, CAPTURE, TROOPS, BATTLE, NO_ACTION, SIEGE),
              json=_json, lines=_lines, owner=ruler_named, papers=_papers, turn_ends=_turn_ends, announces=_announces,
              game_map=lambda state: treasury_of(state).game_map(), now=now, given=given, offers=offers,
              kept=(MapObject, Piece))  # fmt: skip

__all__ = ["BATTLE", "CAPTURE", "CASH", "COINS", "INCOME", "NO_ACTION", "SIEGE", "SPELL", "TABLE", "TRANSFER", "TROOPS",
           "Treasury", "begin"]  # fmt: skip
