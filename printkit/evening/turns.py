"""The events every game's evening has: a roll in the shared log, and the end of a turn."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

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
    if effect.get("total") is None:  # rolled on a page: its result as the page said it
        return label("ev_rolled_said", lang, who=effect["who"], result=dict(effect.get("result", {})).get(lang, ""))
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
        "printkit evening record roll vs.sqlite 2d6 --who Юг",
    ),
    actor="who",
)


def next_kind(kinds: Mapping[str, EventKind], turn_ends: Ends | None = None, skips: Skips | None = None,
              announces: Announces | None = None) -> EventKind:  # fmt: skip
    """The end of a turn for a game of these kinds: what the rules do as the turn ends (the game's
    `turn_ends`), then the turn passes (over the turns the game's `skips` says a player does not
    play), then every countdown due by the new turn is announced and done. The effect holds each of
    them as an event of the game's kinds, so a replay needs no rule."""

    def decide(state: State) -> Decided:
        ends = tuple(turn_ends(state)) if turn_ends else ()
        ended = state
        for kind, effect in ends:
            ended = kinds[kind].apply(ended, effect)
        ending = [[kind, dict(effect)] for kind, effect in ends]
        after = dataclasses.replace(ended, turn=state.turn + 1)
        skipped: list[dict[str, Any]] = []
        # A turn skipped is passed over whole: nothing of it ends (its player plays none of it), and
        # what falls due during it is done at the turn played next. Never more than once round.
        while skips is not None and len(skipped) < len(state.players) - 1:
            why = skips(after)
            if why is None:
                break
            skipped.append({"turn": after.turn, "whose": after.whose, "why": dict(why)})
            after = dataclasses.replace(after, turn=after.turn + 1)
        due = [c for c in after.countdowns if c.due <= after.turn]
        told = [dict(said) for said in announces(after)] if announces is not None else []
        return Decided({"turn": after.turn, "round": after.round, "whose": after.whose, "ending": ending,
                        "due": [{"key": c.key, "what": dict(c.what), "then": [[k, dict(e)] for k, e in c.then]}
                                for c in due], **({"skipped": skipped} if skipped else {}),
                        **({"told": told} if told else {})})  # fmt: skip

    def applied(state: State, effect: Effect) -> State:
        for kind, done in effect.get("ending", ()):
            state = kinds[kind].apply(state, done)
        state = dataclasses.replace(state, turn=int(effect["turn"]))
        for countdown in effect.get("due", ()):
            state = state.cancelling(str(countdown["key"]))
            for kind, done in countdown.get("then", ()):
                state = kinds[kind].apply(state, done)
        return state

    def words(effect: Effect, lang: str) -> str:
        said = [label("ev_skipped", lang, turn=s["turn"], whose=s["whose"], why=s["why"].get(lang, ""))
                for s in effect.get("skipped", ())]  # fmt: skip
        said.append(label("ev_next", lang, turn=effect["turn"], round=effect["round"], whose=effect["whose"]))
        said += [kinds[kind].words(done, lang) for kind, done in effect.get("ending", ())]
        for countdown in effect.get("due", ()):
            said.append(label("ev_due", lang, what=countdown["what"].get(lang, "")))
            said += [kinds[kind].words(done, lang) for kind, done in countdown.get("then", ())]
        said += [label("ev_due", lang, what=told.get(lang, "")) for told in effect.get("told", ())]
        return "; ".join(said)

    return EventKind(
        "next",
        {"ru": "Ход окончен: ходит следующий игрок.", "en": "The turn ends: the next player's turn begins."},
        (),
        decide,
        applied,
        words,
        (
            "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
            "printkit evening record next vs.sqlite",
        ),
    )


Ends = Callable[[State], tuple[tuple[str, Mapping[str, Any]], ...]]
Announces = Callable[[State], tuple[Mapping[str, str], ...]]  # (the state as a turn begins) -> what is due
Skips = Callable[[State], Mapping[str, str] | None]  # (the state as a turn begins) -> why it is skipped
