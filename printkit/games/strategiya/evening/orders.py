"""An assassination order («Гильдия убийц» 4): a hero losing lives four of his turns running."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Input, Text, Whole, label

from .lives import lives_applied, reckon_lives
from .part import alive, heroes_of

ORDER_TURNS = 4  # «он будет терять жизни 4 хода подряд»


def _order(state: State, hero: str, lives: int) -> Decided:
    found = alive(heroes_of(state).find(hero))
    return Decided({"hero": found.name, "per_turn": lives, "left": ORDER_TURNS})


def ordered(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    name, left = str(effect["hero"]), int(effect["left"])
    kept = tuple(c for c in part.contracts if c[0] != name)
    now = (*kept, (name, int(effect["per_turn"]), left)) if left > 0 else kept
    return dataclasses.replace(state, part=dataclasses.replace(part, contracts=now))


def _order_words(effect: Effect, lang: str) -> str:
    if effect.get("tick"):
        key = "sev_order_left" if int(effect["left"]) else "sev_order_over"
        return label(key, lang, hero=effect["hero"], left=effect["left"])
    return label("sev_order", lang, hero=effect["hero"], n=effect["per_turn"], turns=effect["left"])


ORDER_EVENT = EventKind(
    "contract",
    {"ru": "Заказ на убийство сработал: герой теряет жизни четыре хода подряд, если его не спасут.",
     "en": "An assassination order takes effect: the hero loses lives four turns running unless saved."},
    (
        Input("hero", Text(80), {"ru": "На кого заказ.", "en": "The hero ordered."}, flag="--hero", required=True),
        Input("lives", Whole(1, 99), {"ru": "Жизней за ход: основной навык жертвы, какой выбрал заказчик.",
                                      "en": "Lives a turn: the victim's main skill, as the orderer chose."},
              flag="--lives", required=True),
    ),
    _order,
    ordered,
    _order_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record contract strategiya.sqlite --hero Гром --lives 2",
    ),
    masters=lambda values: True,  # ordered in the dark: the master says when it takes effect
)  # fmt: skip


def orders_end(state: State) -> list[tuple[str, Mapping[str, Any]]]:
    """«Гильдия убийц» 4): a hero under an order loses its lives at the end of each of his player's
    turns, four in a row (reading: the first turn of his player's to end after the order), unless a
    town, a castle or healing magic saved him first."""
    out: list[tuple[str, Mapping[str, Any]]] = []
    for name, per_turn, left in heroes_of(state).contracts:
        hero = heroes_of(state).find(name)
        if hero.player != state.whose or left <= 0:
            continue
        if hero.lives > 0:
            lost = reckon_lives(state, name, -per_turn).effect
            cause = {lang: label("sev_order_cause", lang, n=per_turn) for lang in ("ru", "en")}
            out.append(("lives", {**lost, "cause": cause}))
            state = lives_applied(state, {**lost, "cause": cause})
        tick = {"hero": name, "per_turn": per_turn, "left": left - 1 if hero.lives > 0 and left > 1 else 0,
                "tick": True}  # fmt: skip
        out.append(("contract", tick))
        state = ordered(state, tick)
    return out
