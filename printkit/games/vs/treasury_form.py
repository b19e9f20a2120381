"""The treasury ledger of «Великая Стратегическая»: a page per player, a row per year, from the map."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from ...artefact import Build
from ...config.model import Session
from ...config.session import player_name
from ...labels import label
from ...sheets.page import base_context, signed
from .economy import Holdings, holdings_from_map, income, treasury_cap, year_of
from .model import VsData, vs_of
from .tokens import player_colour

YEARS = 15  # rows a page holds; a blank continuation page follows the players' pages


def _holdings(session: Session, vs: VsData, name: str) -> Holdings | None:
    """What a player holds on the config's map, or None where the map gives him nothing."""
    if session.game_map is None:
        return None
    held = holdings_from_map(vs, session.game_map, name, None, 0, False)
    if not (held.lands or held.mines or held.troops or held.fortresses or held.bridges):
        return None
    # The personal troop is the player's first troop on the map: the one the rules start him with.
    return Holdings(held.lands, held.mines, held.troops, held.troops[0] if held.troops else None, held.fortresses,
                    held.bridges, not held.lands, _start_cash(vs, not held.lands) or 0)  # fmt: skip


def _start_cash(vs: VsData, commander: bool) -> int | None:
    start = vs.figures.get("start") or {}
    if year_of(vs) == 2003:
        return int(start["commander_money"] if commander else start["ruler_money"])
    return None if commander else int(start.get("default_cash") or 0) or None


def _player(session: Session, vs: VsData, number: int) -> dict[str, Any]:
    lang = session.language
    name = player_name(session, number)
    held = _holdings(session, vs, name)
    first: dict[str, Any] = {}
    listing: list[tuple[str, str]] = []
    if held is not None:
        reckoned = income(vs, held)
        upkeep = sum(c for _, c in reckoned.upkeep)
        first = {"cash": held.cash, "cap": reckoned.cap, "lands": signed(reckoned.lands),
                 "mines": signed(reckoned.mines), "upkeep": signed(-upkeep), "net": signed(reckoned.net)}  # fmt: skip
        for land, coins in held.lands:
            listing.append((label("lg_land", lang, name=land), signed(coins)))
        for level in held.mines:
            mine = next(m for m in vs.mines if m.level == level)
            listing.append((label("lg_mine", lang, name=mine.name[lang], level=level), signed(mine.income)))
        grouped: dict[str, list[int]] = {}  # troops of one kind on one line, so a big army fits
        for troop_id, coins in reckoned.upkeep:
            grouped.setdefault(troop_id, []).append(coins)
        for troop_id, fees in grouped.items():
            troop = vs.troop(troop_id.rstrip("*"))
            what = troop.name[lang] if troop else label("lg_bridge", lang)
            if troop_id.endswith("*"):
                what = label("lg_personal", lang, name=what)
            if len(fees) > 1:
                what = f"{what} ×{len(fees)}"
            listing.append((what, signed(-sum(fees))))
        if held.fortresses:
            per = int(vs.figures["treasury"]["per_fortress"])
            listing.append(
                (label("lg_fortresses", lang, n=held.fortresses), label("lg_cap_plus", lang, n=per * held.fortresses))
            )
    return {"number": number, "name": name, "colour": player_colour(session, number), "first": first,
            "listing": listing, "commander": held is not None and held.commander}  # fmt: skip


def context(session: Session) -> dict[str, Any]:
    """Everything the ledger template prints."""
    vs = vs_of(session.ruleset)
    lang = session.language
    year = year_of(vs)
    t = vs.figures["treasury"]
    if "base" in t:
        cap = label("lg_cap_2025", lang, base=t["base"], per=t["per_fortress"])
    else:
        cap = label("lg_cap_2003", lang, ruler=t["ruler"], commander=t["commander"], per=t["per_fortress"])
    start = vs.figures.get("start") or {}
    if year == 2003:
        entry = label("lg_start_2003", lang, ruler=start["ruler_money"], commander=start["commander_money"])
    else:
        entry = label("lg_start_2025", lang, money=start["ruler_money"], default=start["default"][lang])
    return {
        **base_context(session),
        "edition": session.ruleset.title[lang],
        "rules": [
            label("lg_when_2025" if year == 2025 else "lg_when_2003", lang),
            cap,
            entry,
            label("lg_mines", lang, n=vs.mines[0].income if vs.mines else 2),
            label("lg_upkeep", lang),
            label("lg_tax", lang),
        ],
        "players": [_player(session, vs, n) for n in range(1, len(session.players) + 1)],
        "years": list(range(1, YEARS + 1)),
        "spare_years": list(range(YEARS + 1, 2 * YEARS + 1)),
        "cap_now": treasury_cap(vs, 0),
    }


def write_ledger(session: Session, target: str | IO[bytes] | Path) -> None:
    """ledger.pdf: per player a page of years, then one blank page to go on."""
    from .ledger_canvas import write_pages

    write_pages(str(target) if isinstance(target, Path) else target, context(session), session.paper)


def build(b: Build) -> None:
    """The kit's ledger.pdf."""
    write_ledger(b.session, b.writer.path("ledger.pdf"))
    b.progress("ledger", 1, 1)
