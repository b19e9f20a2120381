"""The VS treasury's answers: income, prices, hiring, the tax, prizes, rebellions, escapes, mines."""

# Each answer says itself in Russian or English (80 columns) and as JSON.

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from printkit.plugin import Line, Localized, Note, Para, label, percent

from .economy import Holdings, Income, Price, Prize, Rebellion, Transfer, Tribute
from .model import Structure, Troop, VsData

WIDTH = 80


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


def _thing(vs: VsData, key: str, lang: str) -> str:
    if key.startswith("mine-"):
        level = int(key.split("-")[1])
        m = next(m for m in vs.mines if m.level == level)
        return label("ec_mine_named", lang, name=m.name[lang].lower(), n=level)
    s = next((s for s in vs.structures if s.id == key), None)
    return s.name[lang] if s else key


# ---- income ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IncomeAnswer:
    """A year's reckoning of what a side holds: income, upkeep, the cap and the cash left, and the
    personal troop's tribute when one is collected this turn."""

    income: Income
    holdings: Holdings
    vs: VsData = field(repr=False, metadata={"json": False})  # the edition's data, for the words
    before_income: bool = False  # 2003 read with --cap-before-income
    tribute: Tribute | None = None
    squads_given: bool = False  # a troop was written with its squads (zombie:4)

    @property
    def cap_reading(self) -> str:
        """Which reading of the treasury limit the reckoning took."""
        if self.income.year == 2003:
            return "before income" if self.before_income else "turn start"
        return "before income, within it again by the end of the turn"

    def lines(self, lang: str) -> list[Line]:
        got, held = self.income, self.holdings
        out: list[Line] = [Para(label(f"ec_income_title_{got.year}", lang), "  ")]
        land_words = ", ".join(f"{n} {i}" for n, i in held.lands) or label("ec_none", lang)
        out += _row("  " + label("ec_lands", lang, lands=land_words), str(got.lands))
        mine_words = ", ".join(label("ec_mine_level", lang, n=lv) for lv in held.mines) or label("ec_none", lang)
        out += _row("  " + label("ec_mines", lang, mines=mine_words), str(got.mines))
        upkeep = ", ".join(f"{_troop_name(self.vs, t, lang)} {c}" for t, c in got.upkeep) or label("ec_none", lang)
        paid = sum(c for _, c in got.upkeep)
        out += _row("  " + label("ec_upkeep", lang, troops=upkeep), f"-{paid}" if paid else "0")
        out += _row("  " + label("ec_net", lang), str(got.net))
        if held.cash_from_start:
            unknown = got.year == 2025 and held.commander  # the 2025 rules give a commander no cash to start
            out.append(Para(label("ec_cash_unknown_2025" if unknown else f"ec_cash_start_{got.year}", lang,
                                  cash=held.cash), "  "))  # fmt: skip
        out.append(Para(label("ec_cap", lang, cap=got.cap, n=held.fortresses, cash=held.cash, kept=got.cash_kept,
                              taken=held.cash - got.cash_kept), "  "))  # fmt: skip
        out.append(Para(label("ec_after", lang, cash=got.cash_after + got.taken_after), "  "))
        if got.taken_after:
            out.append(Para(label("ec_taken_after", lang, taken=got.taken_after, cash=got.cash_after), "  "))
        if self.tribute is not None:
            t = self.tribute
            name = next((m.name[lang].lower() for m in self.vs.mines if m.level == t.level), "")
            out.append(Para(label(f"ec_tribute_{t.source}", lang, coins=t.coins, n=t.level, name=name,
                                  cash=got.cash_after + t.coins), "  "))  # fmt: skip
        if got.cash_after < 0:
            out.append(Para(label(f"ec_disband_{got.year}", lang, short=-got.cash_after), "  "))
        if held.personal_from is not None and held.personal is not None:
            troop = _troop_name(self.vs, held.personal, lang)
            out.append(Para(label(f"ec_personal_{held.personal_from}", lang, troop=troop), "  "))
        out.append(Note(label(f"ec_reading_cap_{got.year}", lang), "  "))
        if got.year == 2003:
            out.append(Note(label("ec_reading_payment" if self.before_income else "ec_reading_turn_start", lang), "  "))
        if self.tribute is not None:
            out.append(Note(label("ec_tribute_where", lang), "  "))
            if self.tribute.source == "mine":
                key = "ec_reading_tribute_deepest" if self.tribute.deepest else "ec_reading_tribute_first"
                out.append(Note(label(key, lang), "  "))
        if self.squads_given:
            out.append(Note(label("ec_squads_upkeep", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        got = self.income
        out = {"year": got.year, "lands": got.lands, "mines": got.mines, "gross": got.gross,
               "upkeep": [{"troop": t, "coins": c} for t, c in got.upkeep], "net": got.net, "cap": got.cap,
               "cash": self.holdings.cash, "cash_from": "start" if self.holdings.cash_from_start else "given",
               "cash_kept": got.cash_kept, "cash_after": got.cash_after, "taken_after": got.taken_after,
               "cap_reading": self.cap_reading}  # fmt: skip
        if self.tribute is not None:
            t = self.tribute
            out["tribute"] = {"from": t.source, "coins": t.coins, "level": t.level,
                              "reading": None if t.source != "mine" else "deepest level" if t.deepest
                              else "first level"}  # fmt: skip
            out["cash_with_tribute"] = got.cash_after + t.coins
        return out


# ---- prices ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PriceAnswer:
    """What one step costs: building, growing a lord's house, opening or deepening a mine."""

    price: Price
    vs: VsData = field(repr=False, metadata={"json": False})  # the edition's data, for the words

    def lines(self, lang: str) -> list[Line]:
        price, vs = self.price, self.vs
        said = label(f"ec_price_{price.what}", lang, target=_thing(vs, price.target, lang), coins=price.coins)
        out: list[Line] = [Para(f"{said} ({label('ec_rules', lang, year=vs.year)})", "  ")]
        if price.what == "grow":
            out.append(Para("  " + label(f"ec_grow_new_ruler_{vs.year}", lang), "  "))
        if price.steps:
            steps = ", ".join(f"{_thing(vs, s, lang)} {c}" for s, c in price.steps)
            out.append(Para("  " + label("ec_steps", lang, steps=steps), "  "))
        if price.chance != 1:
            out.append(Para("  " + label("ec_chance", lang, p=_pct(price.chance), tries=1 / price.chance,
                                         coins=price.coins / price.chance), "    "))  # fmt: skip
            out.append(Para("  " + label("ec_reading_lost", lang), "    "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        price = self.price
        return {"what": price.what, "target": price.target, "coins": price.coins, "chance": str(price.chance),
                "steps": [{"level": s, "coins": c} for s, c in price.steps]}  # fmt: skip


@dataclass(frozen=True)
class PriceTable:
    """Every price of an edition on one screen: buildings, mines, spells, mithril (2003: more)."""

    edition: str
    vs: VsData = field(repr=False, metadata={"json": False})  # the edition's data, for the words

    def _buildings(self) -> list[tuple[Structure, Structure | None, int | None]]:
        """(building, the lord's house it grows from, the step's price), lord's houses first; a
        building built at once grows from nothing (None, None)."""
        flat = self.vs.figures.get("level_up_cost")
        out: list[tuple[Structure, Structure | None, int | None]] = []
        prev = None
        for s in sorted(self.vs.structures, key=lambda s: (not s.lord, s.level)):
            if s.lord and prev is not None:
                out.append((s, prev, int(flat or s.cost - prev.cost)))
            else:
                out.append((s, None, None))
            if s.lord:
                prev = s
        return out

    def lines(self, lang: str) -> list[Line]:
        vs = self.vs
        out: list[Line] = [label("ec_table_buildings", lang, rules=label("ec_rules", lang, year=vs.year))]
        for s, low, step in self._buildings():
            said = label("ec_up_from", lang, low=low.name[lang], coins=step) if low else label("ec_at_once", lang)
            out += _row(f"  {s.name[lang]}: {said}", label("ec_coins", lang, n=s.cost))
        out.append(label("ec_table_mines", lang, p=_pct(Fraction(vs.figures["mine_chance"]))))
        low_cost = 0
        for m in vs.mines:
            level = label("ec_mine_level", lang, n=m.level)
            # The first level has none below it: it is only opened.
            deepen = (
                label("ec_deepen_from_below", lang, coins=m.cost - low_cost) if low_cost else label("ec_opened", lang)
            )
            out += _row(f"  {m.name[lang]} ({level}), {deepen}", label("ec_coins", lang, n=m.cost))
            low_cost = m.cost
        spell = int(vs.figures["spell_cost"])
        dragon = next((sp.cost for sp in vs.spells if sp.cost is not None and sp.cost > spell), spell)
        free = next((sp.name[lang] for sp in vs.spells if sp.cost == 0), "")
        out.append(Para(label(f"ec_table_other_{vs.year}", lang, spell=spell, cheaper=max(spell - 10, 0),
                              dragon=dragon, free=free, mithril=vs.figures["mithril_cost"]), "  "))  # fmt: skip
        if vs.figures.get("transport"):
            t = vs.figures["transport"]
            said = label("ec_table_2003", lang, outside=t["cost_outside"], inside=t["cost_inside"],
                         leader=vs.figures["leader_cost"], bridge=vs.figures["bridge"]["cost"])  # fmt: skip
            out.append(Para(said, "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        vs = self.vs
        out: dict[str, Any] = {
            "edition": self.edition,
            "buildings": [{"building": s.id, "coins": s.cost, "from": low.id if low else None, "step": step}
                          for s, low, step in self._buildings()],
            "mines": [{"level": m.level, "coins": m.cost, "deepen": m.cost - below}
                      for m, below in zip(vs.mines, [0, *(m.cost for m in vs.mines)], strict=False)],
            "mine_chance": str(Fraction(vs.figures["mine_chance"])),
            "spell": vs.figures["spell_cost"],
            "mithril": vs.figures["mithril_cost"],
        }  # fmt: skip
        if vs.figures.get("transport"):
            t = vs.figures["transport"]
            out |= {"transport": {"outside": t["cost_outside"], "inside": t["cost_inside"]},
                    "leader": vs.figures["leader_cost"], "bridge": vs.figures["bridge"]["cost"]}  # fmt: skip
        return out


@dataclass(frozen=True)
class HireAnswer:
    """The troops a building hires on a land terrain, with their prices."""

    building: str
    terrain: str
    hires: list[tuple[Troop, int]]
    terrain_name: Localized = field(metadata={"json": False})
    vs: VsData = field(repr=False, metadata={"json": False})  # the edition's data, for the words
    lands: Mapping[str, Localized] = field(default_factory=dict, metadata={"json": False})  # terrain names

    def lines(self, lang: str) -> list[Line]:
        name = next(s.name[lang] for s in self.vs.structures if s.id == self.building)
        out: list[Line] = [Para(label("ec_hire_title", lang, building=name, terrain=self.terrain_name[lang].lower(),
                                      rules=label("ec_rules", lang, year=self.vs.year)), "  ")]  # fmt: skip
        for troop, coins in self.hires:
            out += _row(f"  {troop.name[lang]}", label("ec_coins", lang, n=coins))
        if not self.hires:
            out.append("  " + label("ec_none", lang))
        group = self.vs.home_troops
        lands = {k: v[lang].lower() for k, v in self.lands.items()}
        homes = ", ".join(f"{lands.get(t.home, t.home)} — {t.name[lang].lower()}" for t in self.vs.troops if t.home)
        if group is not None:
            out.append(Para(label("ec_hire_rule", lang, group=group.name[lang].capitalize(), homes=homes), "  "))
        out.append(Para(label("ec_hire_siege", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        return {"building": self.building, "terrain": self.terrain,
                "hires": [{"troop": t.id, "coins": c} for t, c in self.hires]}  # fmt: skip


@dataclass(frozen=True)
class TransferAnswer:
    """Sending money: the tax, what arrives and what the sender pays, by the reading asked."""

    transfer: Transfer
    on_top: bool  # the sender pays the tax besides the sum (the other reading)

    def lines(self, lang: str) -> list[Line]:
        t = self.transfer
        return [
            Para(label("ec_transfer", lang, amount=t.amount, tax=t.tax, received=t.received, paid=t.paid), "  "),
            Para(label("ec_reading_on_top" if self.on_top else "ec_reading_from_sum", lang), "  "),
        ]

    def json(self, lang: str) -> dict[str, Any]:
        t = self.transfer
        return {"amount": t.amount, "tax": t.tax, "received": t.received, "paid": t.paid,
                "reading": "on top" if self.on_top else "from the sum"}  # fmt: skip


# ---- prizes, rebellions, escapes, mines -------------------------------------------------------------


@dataclass(frozen=True)
class PrizeAnswer:
    """The prize for a won battle, item by item, and the winner's share."""

    prize: Prize
    vs: VsData = field(repr=False, metadata={"json": False})  # the edition's data, for the words

    def lines(self, lang: str) -> list[Line]:
        p = self.prize
        out: list[Line] = []
        for item in p.items:
            # The name in the answer's language, with what was written beside it (+, :3, @personal),
            # never the word typed, which may be the other language's.
            marks = item.what[min((i for i in (item.what.find(c) for c in "+:@") if i >= 0), default=len(item.what)) :]
            out += _row(f"  {item.name[lang]}{marks}", label("ec_coins", lang, n=item.coins))
        whole = sum((i.coins for i in p.items), Fraction(0))
        if p.share == 1:
            out += _row(label("ec_prize_2025", lang), label("ec_coins", lang, n=p.total))
        else:
            rounding = label(f"ec_round_{p.rounding}", lang)
            out += _row(
                label("ec_prize_2003", lang, whole=whole, share=p.share, rounding=rounding),
                label("ec_coins", lang, n=p.total),
            )
        for key in sorted({i.note for i in p.items if i.note}):
            out.append(Para(label(key, lang), "  "))
        if p.share != 1:
            out.append(Para(label(f"ec_reading_round_{p.rounding}", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        p = self.prize
        levels = [n for n in (i.note for i in p.items) if n.startswith("ec_level_prize")]
        readings = {"level": label(levels[0], lang)} if levels else {}
        return {"items": [{"what": i.what, "coins": str(i.coins)} for i in p.items], "share": str(p.share),
                "total": p.total, "readings": readings}  # fmt: skip


@dataclass(frozen=True)
class RebellionAnswer:
    """A rebellion's odds: the chance of each count of houses passing, and a roll when asked."""

    rebellion: Rebellion
    rolled: int | None  # houses won on the roll (None: not rolled)
    passed: tuple[int, ...] | None = None  # the numbers (from 1) of the houses won on the roll

    def lines(self, lang: str) -> list[Line]:
        r = self.rebellion
        how = "none" if r.houses == 0 else "one" if r.houses == 1 else "each" if not r.together else "together"
        if how == "together" and r.houses == 2:  # two on one roll are «оба», not «все 2»
            how = "both"
        key = f"ec_rebellion_{how}_{r.year}"
        out: list[Line] = [Para(label(key, lang, n=r.houses), "  ")]
        for k in sorted(r.chances):
            out += _row("  " + label("ec_houses_won", lang, k=k), _pct(r.chances[k]))
        out.append(Para(label("ec_expected", lang, e=r.expected), "  "))
        if r.year == 2003 and r.houses:
            out.append(Para(label("ec_rebellion_magic_2003", lang), "  "))
        if self.rolled is not None:
            out.append(label("ec_rolled", lang, result=label("ec_houses_won", lang, k=self.rolled)))
        if self.passed is not None and r.houses:
            numbers = ", ".join(map(str, self.passed))
            many = "none" if not self.passed else "one" if len(self.passed) == 1 else "many"
            out.append(Para(label(f"ec_passed_{many}_{r.year}", lang, numbers=numbers), "  "))
            out.append(Note(label("ec_passed_order", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        r = self.rebellion
        return {"houses": r.houses, "together": r.together, "chances": {str(k): str(p) for k, p in r.chances.items()},
                "expected": str(r.expected), "rolled": self.rolled,
                "passed": list(self.passed) if self.passed is not None else None}  # fmt: skip


Face = tuple[int, int, Fraction, Localized]  # low face, high face, chance, words


@dataclass(frozen=True)
class EscapeAnswer:
    """A captured leader's escape (2003): its price, its outcomes on a D6, and a try when asked."""

    cost: int
    income: int
    outcomes: Sequence[Face]
    rolled: int | None

    @property
    def result(self) -> Face | None:
        """The outcome rolled (None: not rolled)."""
        return next((f for f in self.outcomes if self.rolled is not None and f[0] <= self.rolled <= f[1]), None)

    def lines(self, lang: str) -> list[Line]:
        out: list[Line] = [Para(label("ec_escape_cost", lang, cost=self.cost, income=self.income), "  ")]
        for lo, hi, p, text in self.outcomes:
            dice = str(lo) if lo == hi else f"{lo}-{hi}"
            out.append(f"  {dice:>4}: {text[lang]} ({p})")
        out.append(Para(label("ec_escape_reading", lang), "  "))
        out.append(Para(label("ec_escape_income", lang), "  "))
        hit = self.result
        if hit is not None:
            out.append(label("ec_rolled", lang, result=f"{self.rolled}: {hit[3][lang]}"))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        hit = self.result
        return {"cost": self.cost,
                "outcomes": [{"faces": [lo, hi], "chance": str(p), "text": t["en"]} for lo, hi, p, t in self.outcomes],
                "rolled": self.rolled, "result": hit[3]["en"] if hit else None}  # fmt: skip


@dataclass(frozen=True)
class MineAnswer:
    """Opening or deepening a mine: its chance, the faces of a D6 that make it, and a try when asked."""

    chance: Fraction
    low: int  # the lowest face that works
    rolled: int | None
    year: int = 2025

    @property
    def opens(self) -> bool | None:
        return None if self.rolled is None else self.rolled >= self.low

    def lines(self, lang: str) -> list[Line]:
        out: list[Line] = [Para(label("sp_mine", lang, p=f"{self.chance} ({percent(self.chance)})", low=self.low,
                                      rules=label("ec_rules", lang, year=self.year)), "  ")]  # fmt: skip
        out.append(Para(label("sp_mine_reading", lang), "  "))
        if self.rolled is not None:
            out.append(label("sp_mine_yes" if self.opens else "sp_mine_no", lang, face=self.rolled))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        return {"chance": str(self.chance), "faces": [self.low, 6], "rolled": self.rolled, "opens": self.opens}
