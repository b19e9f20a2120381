"""The VS treasury answers in words (Russian or English, 80 columns) and as JSON."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Any

from ...labels import label, wrapped
from .economy import Income, Price, Prize, Rebellion, Transfer
from .model import Troop, VsData

WIDTH = 80


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return wrapped(text, WIDTH, indent)


def _row(left: str, right: str) -> list[str]:
    """A line with a figure at the right edge (the words wrap before it when long)."""
    room = WIDTH - len(right) - 2
    parts = textwrap.wrap(left, room, subsequent_indent="    ", break_on_hyphens=False) or [""]
    return [*parts[:-1], parts[-1].ljust(room) + "  " + right]


def _pct(p: Fraction) -> str:
    text = str(p)
    pct = f"{float(p) * 100:.2f} %"
    return f"{text} ({pct})" if len(text) <= 12 else pct


def _troop_name(vs: VsData, tid: str, lang: str) -> str:
    personal = tid.endswith("*")
    troop = vs.troop(tid.rstrip("*"))
    name = troop.name[lang] if troop else label("ec_bridge", lang) if tid == "bridge" else tid
    return name + (" " + label("ec_personal", lang) if personal else "")


def income_lines(vs: VsData, got: Income, lands: list[tuple[str, int]], mines: list[int], fortresses: int,
                 cash: int, lang: str) -> list[str]:  # fmt: skip
    out = _wrap(label(f"ec_income_title_{got.year}", lang))
    land_words = ", ".join(f"{n} {i}" for n, i in lands) or label("ec_none", lang)
    out += _row("  " + label("ec_lands", lang, lands=land_words), str(got.lands))
    mine_words = ", ".join(label("ec_mine_level", lang, n=lv) for lv in mines) or label("ec_none", lang)
    out += _row("  " + label("ec_mines", lang, mines=mine_words), str(got.mines))
    upkeep = ", ".join(f"{_troop_name(vs, t, lang)} {c}" for t, c in got.upkeep) or label("ec_none", lang)
    out += _row("  " + label("ec_upkeep", lang, troops=upkeep), f"-{sum(c for _, c in got.upkeep)}")
    out += _row("  " + label("ec_net", lang), str(got.net))
    out += _wrap(label("ec_cap", lang, cap=got.cap, n=fortresses, cash=cash, kept=got.cash_kept,
                       taken=cash - got.cash_kept))  # fmt: skip
    out += _wrap(label("ec_after", lang, cash=got.cash_after))
    if got.cash_after < 0:
        out += _wrap(label(f"ec_disband_{got.year}", lang, short=-got.cash_after))
    out += _wrap(label(f"ec_reading_cap_{got.year}", lang))
    return out


def income_json(got: Income) -> dict[str, Any]:
    return {"year": got.year, "lands": got.lands, "mines": got.mines, "gross": got.gross,
            "upkeep": [{"troop": t, "coins": c} for t, c in got.upkeep], "net": got.net, "cap": got.cap,
            "cash_kept": got.cash_kept, "cash_after": got.cash_after}  # fmt: skip


def price_lines(vs: VsData, price: Price, lang: str) -> list[str]:
    out = _wrap(label(f"ec_price_{price.what}", lang, target=_thing(vs, price.target, lang), coins=price.coins))
    if price.steps:
        steps = ", ".join(f"{_thing(vs, s, lang)} {c}" for s, c in price.steps)
        out += _wrap("  " + label("ec_steps", lang, steps=steps))
    if price.chance != 1:
        out += _wrap("  " + label("ec_chance", lang, p=_pct(price.chance), tries=1 / price.chance,
                                  coins=price.coins / price.chance), "    ")  # fmt: skip
    return out


def _thing(vs: VsData, key: str, lang: str) -> str:
    if key.startswith("mine-"):
        level = int(key.split("-")[1])
        m = next(m for m in vs.mines if m.level == level)
        return label("ec_mine_named", lang, name=m.name[lang].lower(), n=level)
    s = next((s for s in vs.structures if s.id == key), None)
    return s.name[lang] if s else key


def price_json(price: Price) -> dict[str, Any]:
    return {"what": price.what, "target": price.target, "coins": price.coins, "chance": str(price.chance),
            "steps": [{"level": s, "coins": c} for s, c in price.steps]}  # fmt: skip


def table_lines(vs: VsData, lang: str) -> list[str]:
    """Every price of the edition on one screen."""
    out = [label("ec_table_buildings", lang)]
    flat = vs.figures.get("level_up_cost")
    prev = None
    for s in sorted(vs.structures, key=lambda s: (not s.lord, s.level)):
        if s.lord and prev is not None:
            step = label("ec_up_from", lang, low=prev.name[lang], coins=flat or s.cost - prev.cost)
        else:
            step = label("ec_at_once", lang)
        out += _row(f"  {s.name[lang]}: {step}", label("ec_coins", lang, n=s.cost))
        if s.lord:
            prev = s
    out.append(label("ec_table_mines", lang, p=_pct(Fraction(vs.figures["mine_chance"]))))
    low = 0
    for m in vs.mines:
        level = label("ec_mine_level", lang, n=m.level)
        deepen = label("ec_deepen_from_below", lang, coins=m.cost - low)
        out += _row(f"  {m.name[lang]} ({level}), {deepen}", label("ec_coins", lang, n=m.cost))
        low = m.cost
    out += _wrap(label("ec_table_other", lang, spell=vs.figures["spell_cost"], mithril=vs.figures["mithril_cost"]))
    if vs.figures.get("transport"):
        t = vs.figures["transport"]
        out += _wrap(label("ec_table_2003", lang, outside=t["cost_outside"], inside=t["cost_inside"],
                           leader=vs.figures["leader_cost"], bridge=vs.figures["bridge"]["cost"]))  # fmt: skip
    return out


def hire_lines(vs: VsData, building: str, terrain: str, found: list[tuple[Troop, int]], lang: str) -> list[str]:
    name = next(s.name[lang] for s in vs.structures if s.id == building)
    out = _wrap(label("ec_hire_title", lang, building=name, terrain=terrain.lower()))
    for troop, coins in found:
        out += _row(f"  {troop.name[lang]}", label("ec_coins", lang, n=coins))
    if not found:
        out.append("  " + label("ec_none", lang))
    out += _wrap(label("ec_hire_rule", lang))
    return out


def transfer_lines(t: Transfer, on_top: bool, lang: str) -> list[str]:
    out = _wrap(label("ec_transfer", lang, amount=t.amount, tax=t.tax, received=t.received, paid=t.paid))
    out += _wrap(label("ec_reading_on_top" if on_top else "ec_reading_from_sum", lang))
    return out


def prize_lines(vs: VsData, p: Prize, lang: str) -> list[str]:
    out = []
    for item in p.items:
        out += _row(f"  {item.name[lang]} ({item.what})", label("ec_coins", lang, n=item.coins))
    whole = sum((i.coins for i in p.items), Fraction(0))
    if p.share == 1:
        out += _row(label("ec_prize_2025", lang), label("ec_coins", lang, n=p.total))
    else:
        rounding = label(f"ec_round_{p.rounding}", lang)
        out += _row(
            label("ec_prize_2003", lang, whole=whole, share=p.share, rounding=rounding),
            label("ec_coins", lang, n=p.total),
        )
    notes = sorted({i.note for i in p.items if i.note})
    for key in notes:
        out += _wrap(label(key, lang))
    return out


def rebellion_lines(r: Rebellion, lang: str) -> list[str]:
    out = _wrap(label("ec_rebellion_together" if r.together else "ec_rebellion_each", lang, n=r.houses))
    for k in sorted(r.chances):
        out += _row("  " + label("ec_houses_won", lang, k=k), _pct(r.chances[k]))
    out += _wrap(label("ec_expected", lang, e=r.expected))
    return out
