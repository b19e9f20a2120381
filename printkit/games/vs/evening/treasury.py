"""A VS evening's treasuries: each ruler's cash, his year's income, coins spent and received, transfers."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from printkit.evening import WHY, Decided, Effect, EventKind, State
from printkit.plugin import Flag, GameMap, Input, MapObject, Text, Whole, label
from printkit.sheets import signed

from .. import economy as ec
from ..model import Piece, VsData, vs_map, vs_of
from ..words import Refusal

COINS = 100_000  # the most coins one correction moves: far beyond any treasury


@dataclass(frozen=True)
class Treasury:
    """The VS part of an evening: each ruler's cash now, and the years whose income each was paid."""

    vs: VsData = field(compare=False, repr=False)
    session: Any = field(compare=False, repr=False)
    cash: tuple[tuple[str, int], ...] = ()
    paid: frozenset[tuple[str, int]] = frozenset()
    # Each year paid, as the ledger's row prints it: (ruler, year, ((column, figure), ...)).
    years: tuple[tuple[str, int, tuple[tuple[str, str], ...]], ...] = ()
    # What stands where and whose it is, from the config's map on: buildings taken, troops placed.
    objects: tuple[MapObject, ...] = ()
    pieces: tuple[Piece, ...] = ()

    def game_map(self) -> GameMap | None:
        """The evening's map: the config's terrain and lands with today's owners and troops."""
        drawn = self.session.game_map
        if not isinstance(drawn, GameMap):
            return None
        return dataclasses.replace(drawn, objects=self.objects,
                                   part=dataclasses.replace(vs_map(drawn), pieces=self.pieces))  # fmt: skip

    def of(self, ruler: str) -> int:
        return dict(self.cash)[ruler]

    def with_cash(self, ruler: str, coins: int) -> Treasury:
        if ruler not in dict(self.cash):
            raise KeyError(ruler)  # a journal's event for nobody of this evening: the file is refused
        return dataclasses.replace(self, cash=tuple((r, coins if r == ruler else c) for r, c in self.cash))


def treasury_of(state: State) -> Treasury:
    part = state.part
    assert isinstance(part, Treasury)
    return part


def begin(session: Any) -> Treasury:
    """Each ruler's cash as the printed ledger's first line: what the edition's start gives him with
    what the config's map gives him (2025 §3.5: 50 in the treasury; 2003 §3.6: 50, a commander 15)."""
    vs = vs_of(session.ruleset)
    cash = []
    for i, player in enumerate(session.players):
        name = player.name or label("ev_player_n", session.language, n=i + 1)
        commander = False
        if session.game_map is not None:
            held = ec.holdings_from_map(vs, session.game_map, name, None, 0, False)
            commander = bool(held.lands or held.mines or held.troops) and not held.lands
        cash.append((name, ec.start_cash(vs, commander) or 0))
    drawn = session.game_map
    objects = drawn.objects if drawn is not None else ()
    pieces = vs_map(drawn).pieces if drawn is not None else ()
    return Treasury(vs, session, tuple(cash), objects=objects, pieces=pieces)


def ruler_of(state: State, player: str) -> str:
    names = [name for name, _ in treasury_of(state).cash]
    found = next((n for n in names if n.casefold() == player.strip().casefold()), None)
    if found is None:
        raise Refusal("ec_unknown_player", player=player, names=", ".join(names), hint="")
    return found


def ruler_named(state: State, ruler: str) -> str | None:
    return next((name for name, _ in treasury_of(state).cash if name.casefold() == ruler.strip().casefold()), None)


# ---- income --------------------------------------------------------------------------------------


def income_of(state: State, player: str, personal: str | None = None, cap_before_income: bool = False) -> Decided:
    part = treasury_of(state)
    ruler = ruler_of(state, player)
    year = state.round
    if (ruler, year) in part.paid:
        raise Refusal("vev_paid", player=ruler, year=year)
    if ec.year_of(part.vs) == 2025 and state.whose != ruler:  # 2025 §2.1: at the start of his own turn
        raise Refusal("vev_income_turn", player=ruler, whose=state.whose or "—")
    game_map = part.game_map()
    if game_map is None:
        raise Refusal("vev_no_map")
    before = part.of(ruler)
    held = ec.holdings_from_map(part.vs, game_map, ruler, personal, before, False)
    got = ec.income(part.vs, held, cap_before_income)
    upkeep = sum(c for _, c in got.upkeep)
    effect = {"player": ruler, "year": year, "cash_before": before, "cash_after": got.cash_after, "cap": got.cap,
              "lands": got.lands, "mines": got.mines, "upkeep": upkeep,
              "taken": before - got.cash_kept + got.taken_after, "taken_after": got.taken_after,
              "cap_before_income": cap_before_income}  # fmt: skip
    told = {lang: _reckoning(effect, lang) for lang in ("ru", "en")}
    return Decided(effect, (told,))


def _reckoning(effect: Effect, lang: str) -> str:
    """The year's reckoning in a line: what came in and went out, the limit, what was taken."""
    parts = [label("vev_lands", lang, n=signed(int(effect["lands"])))]
    if effect["mines"]:
        parts.append(label("vev_mines", lang, n=signed(int(effect["mines"]))))
    if effect["upkeep"]:
        parts.append(label("vev_upkeep", lang, n=signed(-int(effect["upkeep"]))))
    parts.append(label("vev_cap", lang, n=effect["cap"]))
    if effect["taken"]:
        parts.append(label("vev_taken", lang, n=effect["taken"]))
    if effect.get("cap_before_income"):
        parts.append(label("vev_cap_reading", lang))
    return "; ".join(parts)


def _paid(state: State, effect: Effect) -> State:
    part = treasury_of(state)
    ruler, year = str(effect["player"]), int(effect["year"])
    lands, mines, upkeep = int(effect["lands"]), int(effect["mines"]), int(effect["upkeep"])
    # 2003's ledger has a column for what the income brought over the limit (§2.3, read literally);
    # an event recorded before it was kept apart counts it with what was taken before the income.
    later = int(effect.get("taken_after") or 0)
    row = {"cash": str(effect["cash_before"]), "cap": str(effect["cap"]), "taken": str(int(effect["taken"]) - later),
           "lands": signed(lands), "mines": signed(mines), "upkeep": signed(-upkeep),
           "net": signed(lands + mines - upkeep), "end": str(effect["cash_after"]),
           **({"taken_after": str(later)} if ec.year_of(part.vs) == 2003 else {})}  # fmt: skip
    years = list(part.years)
    here = next((i for i, (r, y, _) in enumerate(years) if (r, y) == (ruler, year)), None)
    if here is None:
        years.append((ruler, year, tuple(row.items())))
    else:  # coins spent before the income this year keep their columns
        years[here] = (ruler, year, tuple({**dict(years[here][2]), **row}.items()))
    after = dataclasses.replace(part.with_cash(ruler, int(effect["cash_after"])), paid=part.paid | {(ruler, year)},
                                years=tuple(years))  # fmt: skip
    return dataclasses.replace(state, part=after)


def _income_words(effect: Effect, lang: str) -> str:
    return label("vev_income", lang, **effect)


INCOME = EventKind(
    "income",
    {"ru": "Доход года правителю: земли и рудники, содержание войск, лимит казны — по карте вечера.",
     "en": "A ruler's year: lands and mines, troops' upkeep and the treasury's limit, from the evening's map."},
    (
        Input("player", Text(80), {"ru": "Правитель.", "en": "The ruler."}, flag="--player", required=True),
        Input("personal", Text(40), {"ru": "Личное войско, если не то, что на карте (или none); называет ведущий.",
                                      "en": "The personal troop, if not the map's (or none); named by the master."},
              flag="--personal"),
        Input("cap_before_income", Flag(), {"ru": "ВС 2003, другое прочтение: предел проверяется лишь до дохода.",
                                            "en": "VS 2003, other reading: the limit checked before income only."},
              flag="--cap-before-income"),
    ),
    income_of,
    _paid,
    _income_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record income vs.sqlite --player Север",
    ),
    actor="player",
    masters=lambda values: bool(values.get("personal")),
)  # fmt: skip


# ---- corrections: spending and receiving ---------------------------------------------------------


def cash_decided(state: State, player: str, coins: int, why: str | None = None) -> Decided:
    part = treasury_of(state)
    ruler = ruler_of(state, player)
    before = part.of(ruler)
    if before + coins < 0:
        raise Refusal("vev_short", player=ruler, cash=before, coins=-coins)
    return Decided({"player": ruler, "coins": coins, "cash_before": before, "cash_after": before + coins,
                    "why": (why or "").strip()})  # fmt: skip


def _cash_applied(state: State, effect: Effect) -> State:
    coins = int(effect["coins"])
    return cash_moved(state, str(effect["player"]), coins, int(effect["cash_after"]), "spent" if coins < 0 else "other")


def cash_moved(state: State, ruler: str, coins: int, after: int, column: str) -> State:
    """A ruler's cash after coins spent or received, and the ledger's row of this year (the column
    the coins go in, the cash at the turn's end); a year not paid yet gets its row now."""
    part = treasury_of(state)
    years = list(part.years)
    here = next((i for i, (r, y, _) in enumerate(years) if (r, y) == (ruler, state.round)), None)
    if here is None:
        years.append((ruler, state.round, (("cash", str(after - coins)),)))
        here = len(years) - 1
    _, year, row = years[here]
    cells = dict(row)
    cells[column] = signed(int((cells.get(column) or "0").replace("−", "-")) + coins)
    cells["end"] = str(after)
    years[here] = (ruler, year, tuple(cells.items()))
    return dataclasses.replace(state, part=dataclasses.replace(part.with_cash(ruler, after), years=tuple(years)))


def _cash_words(effect: Effect, lang: str) -> str:
    cause = effect.get("cause")
    if isinstance(cause, dict):  # taken by the rules, not typed
        effect = {**effect, "why": cause.get(lang, "")}
    key = "vev_cash_why" if effect.get("why") else "vev_cash"
    coins = int(effect["coins"])
    return label(key, lang, signed=f"{coins:+d}".replace("-", "−"), n=abs(coins), **effect)


CASH = EventKind(
    "cash",
    {"ru": "Правитель тратит или получает монеты (найм, постройка, пересылка, приз).",
     "en": "A ruler spends or receives coins (hiring, building, a transfer, a prize)."},
    (
        Input("player", Text(80), {"ru": "Правитель.", "en": "The ruler."}, flag="--player", required=True),
        Input("coins", Whole(-COINS, COINS), {"ru": "Сколько монет: минус — потрачено.",
                                              "en": "How many coins: minus for spent."},
              flag="--coins", required=True),
        WHY,
    ),
    cash_decided,
    _cash_applied,
    _cash_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record cash vs.sqlite --player Юг --coins -30 --why найм",
    ),
    actor="player",
    masters=lambda values: int(values.get("coins") or 0) > 0,  # a player spends; the master credits
)  # fmt: skip


# ---- a transfer, taxed ---------------------------------------------------------------------------


def _transfer(state: State, player: str, to: str, coins: int, tax_on_top: bool = False) -> Decided:
    part = treasury_of(state)
    sender, receiver = ruler_of(state, player), ruler_of(state, to)
    if sender == receiver:
        raise Refusal("vev_self", player=sender)
    if ec.year_of(part.vs) == 2025 and state.whose != sender:  # 2025 §3: in one's own turn (2003: any time)
        raise Refusal("vev_transfer_turn", player=sender, whose=state.whose or "—")
    sent = ec.transfer(part.vs, coins, tax_on_top)
    before = part.of(sender)
    if sent.paid > before:
        raise Refusal("vev_short", player=sender, cash=before, coins=sent.paid)
    return Decided({"player": sender, "to": receiver, "coins": coins, "tax": sent.tax, "paid": sent.paid,
                    "received": sent.received, "on_top": tax_on_top, "sender_after": before - sent.paid,
                    "receiver_after": part.of(receiver) + sent.received})  # fmt: skip


def _transferred(state: State, effect: Effect) -> State:
    state = cash_moved(state, str(effect["player"]), -int(effect["paid"]), int(effect["sender_after"]), "transfers")
    return cash_moved(state, str(effect["to"]), int(effect["received"]), int(effect["receiver_after"]), "transfers")


def _transfer_words(effect: Effect, lang: str) -> str:
    reading = label("vev_tax_on_top" if effect["on_top"] else "vev_tax_inside", lang)
    return label("vev_transfer", lang, reading=reading, **effect)


TRANSFER = EventKind(
    "transfer",
    {"ru": "Пересылка денег другому игроку: налог — пятая часть суммы, с округлением вверх.",
     "en": "Money sent to another player: the tax is a fifth of the sum, rounded up."},
    (
        Input("player", Text(80), {"ru": "Кто посылает.", "en": "Who sends."}, flag="--player", required=True),
        Input("to", Text(80), {"ru": "Кому.", "en": "To whom."}, flag="--to", required=True),
        Input("coins", Whole(1, COINS), {"ru": "Сколько монет посылается.", "en": "How many coins are sent."},
              flag="--coins", required=True),
        Input("tax_on_top", Flag(), {"ru": "Другое прочтение: посылающий платит налог сверх суммы.",
                                     "en": "Other reading: the sender pays the tax on top of the sum."},
              flag="--tax-on-top"),
    ),
    _transfer,
    _transferred,
    _transfer_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record transfer vs.sqlite --player Север --to Юг --coins 20",
    ),
    actor="player",
)  # fmt: skip
