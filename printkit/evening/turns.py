"""The events every game's evening has: a roll in the shared log, and the end of a turn."""

from __future__ import annotations

import dataclasses

from ..dice.questions import NOTATION
from ..dice.questions import roll as dice_roll
from ..labels import label
from ..questions import Input, Text, text_lines
from .state import Decided, Effect, EventKind, Rolled, State
from .store import now

NAME_LIMIT = 40  # the longest name a roller goes by in the log
KEPT = 200  # the newest rolls the state keeps in its log (the journal keeps every one)


def _roll(state: State, notation: str, who: str | None = None) -> Decided:
    answer = dice_roll(notation)
    said = {lang: " ".join(text_lines(answer, lang, width=10_000)).strip() for lang in ("ru", "en")}
    name = (who or "").strip()[:NAME_LIMIT] or state.whose or "?"
    return Decided({"notation": notation, "who": name, "total": answer.total, "passed": answer.passed,
                    "result": said, "at": now()}, (said,))  # fmt: skip


def _rolled(state: State, effect: Effect) -> State:
    # state.last is this event's own number while it is folded in (state.fold)
    who, what = str(effect["who"]), str(effect["notation"])
    given = tuple((str(k), str(v)) for k, v in effect.get("given", ()))
    roll = Rolled(state.last, who, what, dict(effect["result"]), str(effect["at"]), str(effect.get("asked", "roll")),
                  given)  # fmt: skip
    return dataclasses.replace(state, rolls=(*state.rolls, roll)[-KEPT:])


def _roll_words(effect: Effect, lang: str) -> str:
    return label("ev_rolled", lang, who=effect["who"], notation=effect["notation"], total=effect["total"])


ROLL = EventKind(
    "roll",
    {"ru": "Бросок в общий журнал бросков.", "en": "A roll into the table's shared log."},
    (
        NOTATION,
        Input(
            "who",
            Text(NAME_LIMIT),
            {"ru": "Кто бросает (по умолчанию — тот, чей ход).", "en": "Who rolls (by default: whose turn it is)."},
            flag="--who",
        ),
    ),
    _roll,
    _rolled,
    _roll_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record vs.sqlite roll 2d6 --who Юг",
    ),
    actor="who",
)


def _next(state: State) -> Decided:
    after = dataclasses.replace(state, turn=state.turn + 1)
    return Decided({"turn": after.turn, "round": after.round, "whose": after.whose})


def _next_applied(state: State, effect: Effect) -> State:
    return dataclasses.replace(state, turn=int(effect["turn"]))


def _next_words(effect: Effect, lang: str) -> str:
    return label("ev_next", lang, turn=effect["turn"], round=effect["round"], whose=effect["whose"])


NEXT = EventKind(
    "next",
    {"ru": "Ход окончен: ходит следующий игрок.", "en": "The turn ends: the next player's turn begins."},
    (),
    _next,
    _next_applied,
    _next_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record vs.sqlite next",
    ),
)

KINDS: tuple[EventKind, ...] = (ROLL, NEXT)
