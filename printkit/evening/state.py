"""An evening's state as the fold of its journal, and how a kind of event is declared."""

# The state is never stored: it is the journal folded from the start the config gives. Each event
# holds its effect (what the rule decided when it was recorded: the income paid, the roll's dice),
# so folding is bookkeeping only, a replay gives exactly the state that was live, and a later
# printkit with other rules never rewrites an evening's past.

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..questions import Input, Localized, Question, Text

Effect = Mapping[str, Any]
Offered = tuple[tuple[str, dict[str, Any]], ...]  # events an answer offers to record: (kind, values)


# What an event that moves a count (coins, money, experience) was for: a word or two for the journal.
WHY = Input("why", Text(80), {"ru": "За что (слово-два для журнала).", "en": "What for (a word or two)."}, flag="--why")


@dataclass(frozen=True)
class Rolled:
    """One roll of the shared log: who rolled, what, the result in each language, and when."""

    n: int
    who: str
    notation: str
    result: Mapping[str, str]
    at: str
    asked: str = "roll"  # the question that rolled (a page's spell cast rolls too)
    given: tuple[tuple[str, str], ...] = ()  # the values it was asked with, for a page's words

    def json(self, lang: str) -> dict[str, Any]:
        return {"n": self.n, "who": self.who, "what": self.notation, "result": self.result.get(lang, ""),
                "at": self.at}  # fmt: skip


@dataclass(frozen=True)
class Countdown:
    """Something the rules set to happen at a later turn (a spell's end, a wounded hero's death),
    announced when that turn comes, and then doing `then` (events of the game's kinds, folded in)."""

    key: str  # what it is about ("wound:Тень", "spell:12"): a later event cancels it by its key
    what: Mapping[str, str]  # its words in each language
    due: int  # the turn it falls due at the start of
    then: tuple[tuple[str, Mapping[str, Any]], ...] = ()  # (kind, effect) done when it falls due

    def json(self, lang: str) -> dict[str, Any]:
        return {"key": self.key, "what": self.what.get(lang, ""), "due": self.due}


@dataclass(frozen=True)
class State:
    """Where the evening stands: the turn (counted over every player's turns), the roll log, the
    events in force, and the game's own part (a ruler's cash, a hero's cell)."""

    game: str  # the ruleset: vs-2025, strategiya, ...
    family: str
    players: tuple[str, ...]
    part: Any
    turn: int = 1
    rolls: tuple[Rolled, ...] = ()
    live: tuple[int, ...] = ()  # the events in force, oldest first: undo takes back the newest
    last: int = 0  # the newest event folded in, undone ones and undos included
    countdowns: tuple[Countdown, ...] = ()

    def next_turn_of(self, player: str, after: int = 1) -> int:
        """The turn number of `player`'s `after`-th turn from now (1: his next one)."""
        n = len(self.players)
        first = next(t for t in range(self.turn + 1, self.turn + n + 1) if self.players[(t - 1) % n] == player)
        return first + (after - 1) * n

    def counting(self, countdown: Countdown) -> State:
        """The state with a countdown started (one of the same key replaced)."""
        kept = tuple(c for c in self.countdowns if c.key != countdown.key)
        return dataclasses.replace(self, countdowns=(*kept, countdown))

    def cancelling(self, key: str) -> State:
        return dataclasses.replace(self, countdowns=tuple(c for c in self.countdowns if c.key != key))

    @property
    def round(self) -> int:
        """How many times round the table: a VS year, a «Стратегия» round."""
        return (self.turn - 1) // max(len(self.players), 1) + 1

    @property
    def whose(self) -> str | None:
        """The player whose turn it is."""
        return self.players[(self.turn - 1) % len(self.players)] if self.players else None


@dataclass(frozen=True)
class Decided:
    """What a rule decided for an event: its effect (JSON data, kept in the journal) and, for the
    one recording it, what to say beyond the event's own sentence (the reckoning behind it)."""

    effect: Effect
    told: tuple[Mapping[str, str], ...] = ()  # further lines, each in every language


@dataclass(frozen=True)
class EventKind:
    """A kind of event, declared once: its inputs as a question's, the rule that decides its effect
    from the state, how the effect is folded into the state, and its sentence in either language.
    The command line's `evening record`, its JSON and a page derive from the declaration."""

    name: str
    summary: Localized
    inputs: tuple[Input, ...]
    decide: Callable[..., Decided]  # (state, **values) -> Decided; a Refused where the rule says no
    apply: Callable[[State, Effect], State]
    words: Callable[[Effect, str], str]
    examples: tuple[str, ...] = ()
    # The input naming whom the event is about (a ruler, a hero, the roller): a player records it
    # only for himself (Table.owner says whose a value is) and his page fills it in. None: an event
    # about the turn, which the player whose turn it is may record.
    actor: str | None = None
    # The values only the master records (a player's coins received, lives regained, a personal troop
    # named): a player's page may not.
    masters: Callable[[Mapping[str, Any]], bool] = field(default=lambda values: False)
    # What the rules keep the master's (what an explored object gave): a player's page says this
    # instead of the event's words, (effect, lang) -> words. None: the event is the table's.
    secret: Callable[[Effect, str], str] | None = None
    # Whether a player records it only in his own turn (a hero's move: the rules act in turns); the
    # master records it any time (an escape, a plot).
    in_turn: bool = False

    def question(self, function: Callable[..., Any], before: tuple[Input, ...] = (),
                 voice: Callable[[Mapping[str, Any]], str | None] | None = None) -> Question:  # fmt: skip
        """The event as a question a surface asks (its inputs after `before`, its words): `function`
        records it; `voice` says its language from the values (the evening's config's)."""
        return Question(self.name, self.summary, {"ru": "", "en": ""}, (*before, *self.inputs), self.examples,
                        function, plain_refusals=True, voice=voice)  # fmt: skip


@dataclass(frozen=True)
class Table:
    """What a game brings to an evening: its part of the state at the start (from the config's
    session), its kinds of events, and its part said as JSON and in lines."""

    begin: Callable[[Any], Any]  # (Session) -> part
    kinds: tuple[EventKind, ...] = ()
    json: Callable[[State, str], Mapping[str, Any]] = field(default=lambda state, lang: {})
    lines: Callable[[State, str], list[str]] = field(default=lambda state, lang: [])
    # The lines only the master sees (the explored objects and what they gave): his board and the
    # command line show them, a player's page never does.
    secrets: Callable[[State, str], list[str]] = field(default=lambda state, lang: [])
    # The lines a player's own page adds for what only he and the master may see of his own (what his
    # hero carries): (state, player, lang) -> lines; the master sees them among the secrets.
    own: Callable[[State, str, str], list[str]] = field(default=lambda state, player, lang: [])
    # The game's pages of the evening as it stands (a ledger with the years paid, hero sheets with
    # today's lives): (state, session, where a file of a given name is written) -> the names written.
    papers: Callable[[State, Any, Callable[[str], Path]], tuple[str, ...]] | None = None
    # The evening's map as it stands (today's owners and troops): (state) -> GameMap, or None.
    game_map: Callable[[State], Any] | None = None
    # The map's object kinds its legend explains where the map holds them, as the kit's map does
    # (a «Стратегия» town, bridge, building); a game whose overlay explains its own gives none.
    map_legend: tuple[str, ...] = ()
    # What the rules do when a player's turn ends (the death zone's lives): (state) -> the events of
    # the game's kinds (kind, effect) that the end of the turn records with it.
    turn_ends: Callable[[State], tuple[tuple[str, Mapping[str, Any]], ...]] | None = None
    # What the rules set going as the evening begins (a hero who comes wounded starts his count):
    # (the state at its start) -> that state with it.
    opening: Callable[[State], State] | None = None
    # What the rules bring round as a turn begins (the third player's talk every 10 rounds): (the
    # state as it begins) -> each thing in each language, announced by the end of the turn before.
    announces: Callable[[State], tuple[Mapping[str, str], ...]] | None = None
    # Whether the rules pass over the turn that begins, and why in each language (the third of
    # three «Стратегия» players skips his first): (state) -> {lang: why}, or None.
    skips: Callable[[State], Mapping[str, str] | None] | None = None
    # Whose an actor is (a hero's player; a ruler is his own), and whom a player acts as.
    owner: Callable[[State, str], str | None] = field(default=lambda state, actor: actor)
    actors: Callable[[State, str], tuple[str, ...]] = field(default=lambda state, player: (player,))
    # A referee question given the evening in place of its config or map reads them as they stand:
    # (state, the config's data, the map's data) edited in place (today's owners, troops, lives). The
    # map's data is the config's own `map:` where the config holds it.
    now: Callable[[State, dict[str, Any], dict[str, Any] | None], None] | None = None
    # What the evening holds that a question left out: (state, question, values) -> the values with
    # it filled in (a ruler's cash, a hero's cell named by the hero).
    given: Callable[[State, str, dict[str, Any]], dict[str, Any]] | None = None
    # The events an answer offers to record, of the game's kinds: (state, question, the values as
    # typed, as asked, answer) -> ((kind, values), ...) (the income paid, the hero moved along this
    # turn of his route); none where what was typed makes the answer another than the evening's.
    offers: Callable[[State, str, Mapping[str, Any], Mapping[str, Any], Any], Offered] | None = None
    # What an answer asked of the evening says beside it about what the evening filled in, each in
    # every language (a rule the question cannot apply itself): (state, question, values as typed,
    # as asked) -> the notes.
    told: Callable[[State, str, Mapping[str, Any], Mapping[str, Any]], tuple[Mapping[str, str], ...]] | None = None
    # The dataclasses the game's part holds beyond plain data (a map's objects, its troops): with
    # them named, the state is kept in the file every so often (printkit.evening.snapshot) and a
    # fresh process folds only the events after it. None: the journal is always folded whole.
    kept: tuple[type, ...] | None = None


def fold(start: State, events: Iterable[tuple[int, str, Effect, int | None]],
         kinds: Mapping[str, EventKind]) -> State:  # fmt: skip
    """The state after the events (number, kind, effect, the event an undo takes back), oldest first,
    from `start`: the evening's beginning, or a state kept after its first `start.last` events (no
    undo among these events may then reach back before it)."""
    listed = list(events)
    undone = {undoes for _, kind, _, undoes in listed if kind == UNDO and undoes is not None}
    state = start
    live: list[int] = list(start.live)
    for n, kind, effect, _ in listed:
        if kind != UNDO and n not in undone:
            state = kinds[kind].apply(dataclasses.replace(state, last=n), effect)
            live.append(n)
    return dataclasses.replace(state, live=tuple(live), last=listed[-1][0] if listed else start.last)


def applied(state: State, n: int, kind: EventKind, effect: Effect) -> State:
    """The state with one more event in force (what folding the journal with it gives)."""
    after = kind.apply(dataclasses.replace(state, last=n), effect)
    return dataclasses.replace(after, live=(*state.live, n), last=n)


UNDO = "undo"  # the journal's kind for taking back an event; it has no effect of its own


def by_name(kinds: Sequence[EventKind]) -> dict[str, EventKind]:
    return {k.name: k for k in kinds}
