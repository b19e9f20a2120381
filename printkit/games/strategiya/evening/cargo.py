"""Goods a hero carries from a finished mine: the haul shared, handed over, dropped or sold in a town."""

# «Пропуски ходов и некоторые уточнения»: a hero who emptied a mine carries what he dug, and it slows
# him (a cell per 10 days, a cell back per 4 strength) and leaves him open as from behind unless he
# rides or sails. «Перечень вещей и услуг»: resources are turned into money in towns; «Внешний и
# внутренний сюжет»: finds may be sold in a town or to another player. The list prices a mine as
# days at $ a day, so a lot is kept in days with its price, and a sale pays days × price.
#
# Who gets the haul when several heroes finish one mine the text leaves open. Reading: the days are
# shared equally in whole days, the remainder to the first of them in the order they took up the
# job; anything else (all to one, by strength) is the table's to settle by handing days over with
# this event afterwards.

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Flag, Input, RefusedValue, Text, Whole, cell_name, label, parse_cell

from ..heroes import in_use
from ..model import rules_of
from .part import HERO, Goods, Heroes, Now, alive, heroes_of, model_of
from .sitting import sat

MOST_DAYS = 10_000  # far beyond any list entry (60 days) and any haul gathered from several


def shares(days: int, heroes: list[str]) -> list[tuple[str, int]]:
    """The haul's days for each hero on the mine as it is finished (the reading above): equal whole
    days, the remainder to the first; a hero whose share is no day gets none."""
    if not heroes:
        return []
    each, left = divmod(days, len(heroes))
    out = [(h, each + (left if i == 0 else 0)) for i, h in enumerate(heroes)]
    return [(h, d) for h, d in out if d > 0]


def haul(cell: str, days: int, price: int | None, heroes: list[str]) -> dict[str, Any]:
    """The effect of a mine's haul going to the heroes who finished it (a turn's end records it)."""
    return {"action": "haul", "cell": cell, "price": price, "shares": [list(s) for s in shares(days, heroes)]}


def mounted(part: Heroes, hero: Now) -> str | None:
    """What a hero rides, if anything: a mount of the rules' animals he commands (a dragon he cannot
    command yet is not ridden), or his side's ship he is aboard; None: he goes on foot."""
    rules = rules_of(part.session.ruleset)
    model = model_of(part.session, hero)
    if model is not None:
        ridden = next((o for o in in_use(rules, model) if o.kind == "animals" and o.mount), None)
        if ridden is not None:
            return str(ridden.id)
    boat = part.aboard(hero)
    return f"ship:{boat.name}" if boat is not None else None


def _lot(hero: Now, cell: str | None) -> Goods:
    """The lot a cargo event takes from: the one from `cell`, or his only lot."""
    if not hero.cargo:
        raise RefusedValue("sev_cargo_none", hero=hero.name)
    cells = ", ".join(dict.fromkeys(g.cell for g in hero.cargo))
    if cell is None:
        if len(hero.cargo) > 1:
            raise RefusedValue("sev_cargo_which", hero=hero.name, cells=cells)
        return hero.cargo[0]
    try:
        wanted = cell_name(*parse_cell(cell))
    except RefusedValue:
        wanted = cell.strip().upper()
    found = next((g for g in hero.cargo if g.cell == wanted), None)
    if found is None:
        raise RefusedValue("sev_cargo_no_lot", hero=hero.name, cell=wanted, cells=cells)
    return found


def _town(part: Heroes, cell: str) -> bool | None:
    """Whether a cell holds a town or a port on the evening's map (None: the evening has no map)."""
    game_map = part.session.game_map
    if game_map is None:
        return None
    found = game_map.object_at(*parse_cell(cell))
    return found is not None and found.kind in ("town", "port")


def _cargo(state: State, hero: str, days: int, to: str | None = None, sell: bool = False, drop: bool = False,
           lot: str | None = None, pick: bool = False) -> Decided:  # fmt: skip
    part = heroes_of(state)
    found = part.find(hero)
    if [bool(to and to.strip()), bool(sell), bool(drop), bool(pick)].count(True) != 1:
        raise RefusedValue("sev_cargo_what")
    if pick:
        return _picked(part, alive(found), days, lot)
    taken = _lot(found, lot)
    if days > taken.days:
        raise RefusedValue("sev_cargo_more", hero=found.name, has=taken.days, cell=taken.cell, days=days)
    effect: dict[str, Any] = {"hero": found.name, "cell": taken.cell, "price": taken.price, "days": days}
    if to and to.strip():
        other = part.find(to)
        if other.name == found.name:
            raise RefusedValue("sev_cargo_self", hero=found.name)
        if other.lives <= 0:
            raise RefusedValue("sev_cargo_dead", hero=other.name)
        # a fallen hero's goods may still be taken from him on his cell («Сила»: looting the dead
        # is not forbidden); the master records it, the event's actor being the fallen hero
        if found.cell is None or other.cell is None:
            raise RefusedValue("sev_nowhere", hero=other.name if found.cell else found.name)
        if other.cell != found.cell:
            raise RefusedValue("sev_cargo_elsewhere", hero=found.name, to=other.name, cell=found.cell or "—",
                               there=other.cell or "—")  # fmt: skip
        return Decided({**effect, "action": "hand", "to": other.name})
    if found.lives <= 0:
        raise RefusedValue("sev_dead", hero=found.name)
    if drop:
        return Decided({**effect, "action": "drop", "at": found.cell})
    if found.cell is None:
        raise RefusedValue("sev_nowhere", hero=found.name)
    town = _town(part, found.cell)
    if town is None:
        raise RefusedValue("sev_cargo_no_map")
    if not town:
        raise RefusedValue("sev_cargo_not_town", hero=found.name, cell=found.cell)
    if taken.price is None:
        raise RefusedValue("sev_cargo_no_price", cell=taken.cell)
    before = found.money or 0
    paid = days * taken.price
    return Decided({**effect, "action": "sell", "at": found.cell, "paid": paid, "before": before, "turn": state.turn,
                    "after": before + paid})  # fmt: skip


def _picked(part: Heroes, hero: Now, days: int, lot: str | None) -> Decided:
    """Goods lying on the hero's cell picked up («грабить трупы никто не запрещал»: what is left on
    the ground is anyone's): from the lot mined on `lot`, or the only one lying there."""
    if hero.cell is None:
        raise RefusedValue("sev_nowhere", hero=hero.name)
    here = [g for at, g in part.lying if at == hero.cell]
    if not here:
        raise RefusedValue("sev_cargo_nothing_lies", cell=hero.cell)
    taken = _lot(dataclasses.replace(hero, cargo=tuple(here)), lot)
    if days > taken.days:
        raise RefusedValue("sev_cargo_lies_less", cell=hero.cell, has=taken.days, origin=taken.cell, days=days)
    return Decided({"hero": hero.name, "cell": taken.cell, "price": taken.price, "days": days, "action": "pick",
                    "at": hero.cell})  # fmt: skip


def _lies(lying: tuple[tuple[str, Goods], ...], at: str, lot: Goods, days: int) -> tuple[tuple[str, Goods], ...]:
    """The goods lying on the ground with `days` of `lot` added on `at` (days < 0: taken up)."""
    out, done = [], False
    for where, g in lying:
        if where == at and (g.cell, g.price) == (lot.cell, lot.price) and not done:
            g, done = dataclasses.replace(g, days=g.days + days), True
        if g.days > 0:
            out.append((where, g))
    if not done and days > 0:
        out.append((at, dataclasses.replace(lot, days=days)))
    return tuple(out)


def _taken(hero: Now, cell: str, price: int | None, days: int) -> Now:
    """The hero with `days` taken from his lot from `cell` at `price` (a lot emptied is gone)."""
    out, left = [], days
    for g in hero.cargo:
        if left and g.cell == cell and g.price == price:
            took = min(left, g.days)
            left -= took
            g = dataclasses.replace(g, days=g.days - took)
        if g.days > 0:
            out.append(g)
    return dataclasses.replace(hero, cargo=tuple(out))


def _given(hero: Now, cell: str, price: int | None, days: int) -> Now:
    """The hero with `days` added to his lot from `cell` at `price` (a new lot if he has none)."""
    if any(g.cell == cell and g.price == price for g in hero.cargo):
        lots = tuple(dataclasses.replace(g, days=g.days + days) if (g.cell, g.price) == (cell, price) else g
                     for g in hero.cargo)  # fmt: skip
        return dataclasses.replace(hero, cargo=lots)
    return dataclasses.replace(hero, cargo=(*hero.cargo, Goods(cell, days, price)))


def _price(effect: Effect) -> int | None:
    price = effect.get("price")
    return None if price is None else int(price)


def cargo_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    cell, price = str(effect["cell"]), _price(effect)
    if effect["action"] == "haul":
        for name, days in effect["shares"]:
            part = part.with_hero(_given(part.find(str(name)), cell, price, int(days)))
        return dataclasses.replace(state, part=part)
    lot, days = Goods(cell, int(effect["days"]), price), int(effect["days"])
    if effect["action"] == "pick":
        part = dataclasses.replace(part, lying=_lies(part.lying, str(effect["at"]), lot, -days))
        part = part.with_hero(_given(part.find(str(effect["hero"])), cell, price, days))
        return dataclasses.replace(state, part=part)
    if effect["action"] == "drop" and effect.get("at"):
        part = dataclasses.replace(part, lying=_lies(part.lying, str(effect["at"]), lot, days))
    hero = _taken(part.find(str(effect["hero"])), cell, price, int(effect["days"]))
    if effect["action"] == "sell":
        hero = dataclasses.replace(hero, money=int(effect["after"]))
    part = part.with_hero(hero)
    if effect["action"] == "sell" and "turn" in effect:  # «Объекты»: business in a town costs a turn
        state = sat(dataclasses.replace(state, part=part), {"hero": hero.name, "left": 1, "at": effect["turn"],
                                                            "why": str(effect.get("why_sit") or "")})  # fmt: skip
        part = heroes_of(state)
    if effect["action"] == "hand":
        part = part.with_hero(_given(part.find(str(effect["to"])), cell, price, int(effect["days"])))
    return dataclasses.replace(state, part=part)


def _money(lang: str, n: Any) -> str:
    return label("sum_money", lang, n=n)


def cargo_words(effect: Effect, lang: str) -> str:
    action = effect["action"]
    if action == "haul":  # said at the table as a turn ends: who carries, never how many days
        heroes = ", ".join(str(h) for h, _ in effect["shares"])
        if not heroes:
            return label("sev_haul_nobody", lang, cell=effect["cell"])
        return label("sev_haul", lang, cell=effect["cell"], heroes=heroes) + "; " + label("sev_haul_reading", lang)
    price = effect.get("price")
    each = _money(lang, price) if price is not None else label("sev_cargo_unpriced", lang)
    common = {"hero": effect["hero"], "days": effect["days"], "cell": effect["cell"], "each": each}
    if action == "hand":
        return label("sev_cargo_hand", lang, to=effect["to"], **common)
    if action == "drop":
        return label("sev_cargo_drop", lang, at=effect.get("at") or "—", **common)
    if action == "pick":
        return label("sev_cargo_pick", lang, at=effect["at"], **common)
    return label("sev_cargo_sell", lang, at=effect["at"], paid=_money(lang, effect["paid"]),
                 before=_money(lang, effect["before"]), after=_money(lang, effect["after"]), **common)  # fmt: skip


def _cargo_veiled(effect: Effect, lang: str) -> str:
    """A player's page: who handed, dropped or sold goods, and where, not the days nor the price,
    which would tell what the secret sheets gave (his money shows what a sale brought)."""
    if effect["action"] == "haul":
        return cargo_words(effect, lang)
    return label(f"sev_cargo_{effect['action']}_veiled", lang, hero=effect["hero"], cell=effect["cell"],
                 to=effect.get("to") or "", at=effect.get("at") or "—")  # fmt: skip


CARGO_EVENT = EventKind(
    "cargo",
    {"ru": "Герой передаёт груз добычи другому герою на своей клетке, бросает или подбирает его, продаёт в "
           "городе (дни × цена за день в $).",
     "en": "A hero hands goods he mined to another hero on his cell, drops or picks them up, or sells them in "
           "a town (days × the price a day in $)."},
    (
        HERO,
        Input("days", Whole(1, MOST_DAYS), {"ru": "Сколько дней добычи из груза.",
                                            "en": "How many days of the goods."}, flag="--days", required=True),
        Input("to", Text(80), {"ru": "Кому передать: герой на той же клетке.",
                               "en": "Whom to hand them to: a hero on the same cell."}, flag="--to"),
        Input("sell", Flag(), {"ru": "Продать в городе или порту, где он стоит.",
                               "en": "Sell them in the town or port he stands in."}, flag="--sell"),
        Input("drop", Flag(), {"ru": "Бросить груз: он остаётся лежать на клетке.",
                               "en": "Drop them: they lie on his cell."}, flag="--drop"),
        Input("pick", Flag(), {"ru": "Подобрать груз, лежащий на его клетке.",
                               "en": "Pick up goods lying on his cell."}, flag="--pick"),
        Input("lot", Text(8), {"ru": "Откуда груз (клетка рудника), если он несёт груз из нескольких мест.",
                               "en": "Where the goods come from (the mine's cell), if he carries goods of "
                                     "several."}, flag="--from"),
    ),
    _cargo,
    cargo_applied,
    cargo_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record move strategiya.sqlite --hero Гром --to F4",
        "printkit evening record work strategiya.sqlite --hero Гром --job добыча --days 7 --price 50",
        "printkit evening record next strategiya.sqlite",
        "printkit evening record cargo strategiya.sqlite --hero Гром --days 3 --drop",
    ),
    actor="hero",
    secret=_cargo_veiled,
)  # fmt: skip


def carried(hero: Now) -> list[Mapping[str, Any]]:
    """A hero's goods as `show --json` gives them (the master's)."""
    return [{"from": g.cell, "days": g.days, "price": g.price} for g in hero.cargo]
