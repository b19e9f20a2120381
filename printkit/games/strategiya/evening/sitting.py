"""Turns a hero sits out («Пропуски ходов»): counted at his player's turns' ends, his moves refused."""

# «Пропуски ходов и некоторые уточнения»: a hero who checks an object (an adventure, a resource)
# sits out his next turn; any business in a town costs a turn; the dragon's rider sits out three
# turns per missing point of intellect; the seekers who lose a hunt in a town sit out one. The
# evening cannot see most of these happen, so the event is the player's or the master's to record;
# what it does is the rules': the hero plays none of his player's next turns until they are sat out
# (no move, no day of work), each counted as his player's turn ends. Reading, said with it: the
# turn he is in when it is recorded is not one of them (he checked the object in it).

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printkit.evening import WHY, Decided, Effect, EventKind, State
from printkit.plugin import Input, Whole, label

from .part import HERO, alive, heroes_of

MOST_TURNS = 99  # far beyond the dragon's 3 a missing point of intellect


def _skip(state: State, hero: str, turns: int | None = 1, why: str | None = None) -> Decided:
    found = alive(heroes_of(state).find(hero))
    left = 1 if turns is None else turns
    return Decided({"hero": found.name, "left": left, "at": state.turn, "why": " ".join((why or "").split())})


def sat(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    name, left = str(effect["hero"]), int(effect["left"])
    kept = tuple(s for s in part.sitting if s[0] != name)
    if effect.get("tick"):
        before = next((s for s in part.sitting if s[0] == name), None)
        at, why = (before[2], before[3]) if before is not None else (int(effect.get("at", 0)), "")
    else:
        at, why = int(effect["at"]), str(effect.get("why") or "")
    now = (*kept, (name, left, at, why)) if left > 0 else kept
    return dataclasses.replace(state, part=dataclasses.replace(part, sitting=now))


def _skip_words(effect: Effect, lang: str) -> str:
    if effect.get("tick"):
        key = "sev_sat_left" if int(effect["left"]) else "sev_sat_over"
        return label(key, lang, hero=effect["hero"], left=effect["left"])
    if not int(effect["left"]):
        return label("sev_sit_none", lang, hero=effect["hero"])
    why = f" ({effect['why']})" if effect.get("why") else ""
    return (
        label("sev_sit", lang, hero=effect["hero"], n=effect["left"], why=why) + "; " + label("sev_sit_reading", lang)
    )


SKIP_EVENT = EventKind(
    "skip",
    {"ru": "Герой пропускает следующие ходы своего игрока (проверил объект, был занят в городе): не ходит и "
           "не работает, пока не отсидит их.",
     "en": "A hero sits out his player's next turns (he checked an object, had business in a town): no move "
           "and no work until they are over."},
    (
        HERO,
        Input("turns", Whole(0, MOST_TURNS), {"ru": "Сколько его ходов (по умолчанию 1; 0 — отменить).",
                                             "en": "How many of his turns (default 1; 0 ends it)."},
              flag="--turns", default=1),
        WHY,
    ),
    _skip,
    sat,
    _skip_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record skip strategiya.sqlite --hero Гром --why приключение",
    ),
    actor="hero",
    masters=lambda values: values.get("turns") == 0,  # a skip called off: the master's
)  # fmt: skip


def sitting_end(state: State) -> list[tuple[str, Mapping[str, Any]]]:
    """As a player's turn ends: each hero of his who sat this turn out has one turn fewer to go."""
    out: list[tuple[str, Mapping[str, Any]]] = []
    for name, left, _, _ in heroes_of(state).sitting:
        hero = heroes_of(state).find(name)
        if not heroes_of(state).sits_out(hero, state.turn, state.whose):
            continue
        tick = {"hero": name, "left": left - 1 if hero.lives > 0 else 0, "tick": True}
        out.append(("skip", tick))
        state = sat(state, tick)
    return out
