"""Heroes' lives: lost and regained, a wound's count of turns, and a turn skipped to rest."""

from __future__ import annotations

import dataclasses

from printkit.evening import Countdown, Decided, Effect, EventKind, State
from printkit.plugin import Input, RefusedValue, Text, Whole, label, parse_cell

from ..model import rules_of, session_of
from .part import HERO, Now, alive, heroes_of, played_turn

LIVES = 1000  # the most lives one record moves: far beyond any hero's


def reckon_lives(state: State, hero: str, change: int, why: str | None = None, by: str | None = None) -> Decided:
    part = heroes_of(state)
    found = part.find(hero)
    if change < 0 and found.lives <= 0:
        raise RefusedValue("sev_dead_struck", hero=found.name)  # nothing to take: an empty event
    after = min(max(found.lives + change, 0), max(found.most, found.lives))  # never above what strength gives
    effect: dict[str, object] = {"hero": found.name, "change": change, "before": found.lives, "after": after,
                                 "why": (why or "").strip()}  # fmt: skip
    if 0 < after <= WOUNDED_AT < found.lives:  # wounded now: the words say whose turns his count runs in
        effect["wound_turns"] = wound_reading(state)
    if by:
        if change >= 0:
            raise RefusedValue("sev_by_healed")
        battle = rules_of(part.session.ruleset).battle
        effect.update(_won(part.find(by), found, after, battle.winner_points if battle is not None else 0))
    return Decided(effect)


# «Сила»: the winner of a fight with another player's hero (not an adventure's foe) gets a point of
# unspent personal potential, to spend at once («Потенциал»). A fight lasts until one falls, so the
# point is his when the hero he fought falls by his hand; one player's heroes fighting each other
# (the third player of three holds two corners) win none.
def _won(winner: Now, loser: Now, after: int, points: int) -> dict[str, object]:
    if winner.name == loser.name:
        raise RefusedValue("sev_by_himself", hero=loser.name)
    if winner.lives <= 0:
        raise RefusedValue("sev_dead_fight", hero=winner.name)
    if winner.cell != loser.cell:  # «Сила»: heroes fight on one cell (an evening without a map places none)
        raise RefusedValue("sev_by_apart", hero=loser.name, at=loser.cell or "—", by=winner.name,
                           by_at=winner.cell or "—")  # fmt: skip
    if after > 0 or loser.lives <= 0:
        return {"by": winner.name}  # a blow in a fight that goes on: no one has won yet
    return {"by": winner.name, "won": points if winner.player != loser.player else 0}


def won_applied(state: State, effect: Effect) -> State:
    """The ruleset's points of personal potential (battle.winner_points, 1) to the winner of a
    fight with another player's hero."""
    points = int(effect.get("won") or 0)
    if not points:
        return state
    part = heroes_of(state)
    winner = part.find(str(effect["by"]))
    return dataclasses.replace(state, part=part.with_hero(dataclasses.replace(winner, won=winner.won + points)))


# «Сила», wounds: a hero with 3 lives or fewer is wounded and dies after 10 turns unless healed (in a
# town, a castle, by healing magic). Whose 10 turns the text leaves open. Reading: his player's own
# turns (a turn is one player's, «Передвижение», and the other counts the rules set on a hero, the
# order's 4 and the skipped turns, are his player's too); the config's `wound_turns: table` counts
# every player's turn instead. The count starts when the lives fall to 3 and ends when they rise
# above 3 again (healed) or reach 0.
WOUNDED_AT = 3
WOUND_TURNS = 10
OWN, TABLE_TURNS = "player", "table"  # the readings of whose turns a wound counts


def wound_reading(state: State) -> str:
    """Whose turns a wound's 10 are in this evening: OWN (by default) or TABLE_TURNS (its config's)."""
    return session_of(heroes_of(state).session).wound_turns


def wound_due(state: State, player: str, reading: str) -> int:
    """The turn at whose start a hero of `player` wounded now dies: his player's 10th turn from now,
    or, counted at the table, the 10th turn of anyone's from now; a turn passed over («Начало
    игры») is played by no one and counts for neither."""
    return played_turn(state, "" if reading == TABLE_TURNS else player, WOUND_TURNS)


def wound(state: State, hero: Now) -> State:
    """The state with a hero's wound counting: he dies as the turn wound_due says begins."""
    reading = wound_reading(state)
    due = wound_due(state, hero.player, reading)
    key = "sev_wound_due_table" if reading == TABLE_TURNS else "sev_wound_due"
    what = {lang: label(key, lang, hero=hero.name, n=WOUND_TURNS) for lang in ("ru", "en")}
    dies = {"hero": hero.name, "change": -hero.lives, "before": None, "after": 0, "why": "",
            "cause": {lang: label("sev_died_of_wounds", lang) for lang in ("ru", "en")}}  # fmt: skip
    return state.counting(Countdown(f"wound:{hero.name}", what, due, (("lives", dies),)))


def opening(state: State) -> State:
    """A hero who comes to the evening with 3 lives or fewer is wounded from its start. Reading: his
    10 turns count from here, as the evening cannot know how many went by before it; the master
    who knows records his lives again when they fall due, or heals him."""
    for hero in heroes_of(state).heroes:
        if 0 < hero.lives <= WOUNDED_AT:
            state = wound(state, hero)
    return state


def lives_applied(state: State, effect: Effect) -> State:
    state = won_applied(state, effect)
    part = heroes_of(state)
    found = part.find(str(effect["hero"]))
    after = int(effect["after"])
    state = dataclasses.replace(state, part=part.with_hero(dataclasses.replace(found, lives=after)))
    key = f"wound:{found.name}"
    if after == 0 or after > WOUNDED_AT:
        return state.cancelling(key)
    if found.lives > WOUNDED_AT or not any(c.key == key for c in state.countdowns):
        return wound(state, dataclasses.replace(found, lives=after))
    return state


def _lives_words(effect: Effect, lang: str) -> str:
    cause = effect.get("cause")
    if isinstance(cause, dict):
        words = label("sev_lives_cause", lang, hero=effect["hero"], cause=cause.get(lang, ""), after=effect["after"])
    else:
        key = "sev_lives_why" if effect.get("why") else "sev_lives"
        change = int(effect["change"])
        words = label(key, lang, signed=f"{change:+d}".replace("-", "−"), n=abs(change), **effect)
        if int(effect["after"]) == 0:
            return words + "; " + label("sev_fallen", lang) + _won_words(effect, lang)
        if effect.get("by"):
            words += "; " + label("sev_struck_by", lang, by=effect["by"])
    if effect.get("before") is not None and 0 < int(effect["after"]) <= WOUNDED_AT < int(effect["before"]):
        table = effect.get("wound_turns") == TABLE_TURNS
        return words + "; " + label("sev_wounded_table" if table else "sev_wounded", lang, n=WOUND_TURNS)
    return words


def _won_words(effect: Effect, lang: str) -> str:
    if "won" not in effect:
        return ""
    key = "sev_won_point" if effect["won"] else "sev_won_own"
    return "; " + label(key, lang, by=effect["by"], hero=effect["hero"], n=effect["won"])


LIVES_EVENT = EventKind(
    "lives",
    {"ru": "Герой теряет или восстанавливает жизни.", "en": "A hero loses or regains lives."},
    (
        HERO,
        Input("change", Whole(-LIVES, LIVES), {"ru": "Сколько жизней: минус — потеряны.",
                                               "en": "How many lives: minus for lost."},
              flag="--change", required=True),
        Input("why", Text(80), {"ru": "Отчего (слово-два для журнала).", "en": "Why (a word or two for the journal)."},
              flag="--why"),
        Input("by", Text(40), {"ru": "Герой, от чьей руки (бой героев): павший от руки героя другого игрока "
                                     "приносит победителю очко личного потенциала.",
                               "en": "The hero who struck (a fight of heroes): one who falls by another player's "
                                     "hero gives the winner a point of personal potential."},
              flag="--by"),
    ),
    reckon_lives,
    lives_applied,
    _lives_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record lives strategiya.sqlite --hero Гром --change -3 --why бой",
        "printkit evening record lives strategiya.sqlite --hero Искра --change -3 --by Тень",
    ),
    actor="hero",
    masters=lambda values: int(values.get("change") or 0) > 0,  # lives regained: the master says so
)  # fmt: skip


def _rest(state: State, hero: str) -> Decided:
    """A hero skips his turn: in a town he gets the ruleset's town_heal lives back (3), elsewhere
    rest_heal (1) if his lives are above wounded_at (3: a light wound); a wounded hero outside a
    town gets none; never above what his strength gives."""
    part = heroes_of(state)
    found = alive(part.find(hero))
    if found.rested_at == state.turn:
        raise RefusedValue("sev_rested_twice", hero=found.name)
    if found.moved_at == state.turn:
        raise RefusedValue("sev_moved_no_rest", hero=found.name)
    game_map = part.session.game_map
    town = False
    if found.cell is not None and game_map is not None:
        spot = game_map.object_at(*parse_cell(found.cell))
        town = spot is not None and spot.kind in ("town", "port")
    heroes = rules_of(part.session.ruleset).heroes
    assert heroes is not None  # a «Стратегия» ruleset has its heroes' figures
    lives = heroes.lives
    gain = lives.town_heal if town else lives.rest_heal if found.lives > lives.wounded_at else 0
    lost = reckon_lives(state, found.name, gain).effect
    return Decided({**lost, "rest": "town" if town else "field"})


def _rested(state: State, effect: Effect) -> State:
    state = lives_applied(state, effect)
    part = heroes_of(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), rested_at=state.turn)
    return dataclasses.replace(state, part=part.with_hero(hero))


def _rest_words(effect: Effect, lang: str) -> str:
    gained = int(effect["after"]) - int(effect["before"])
    wounded = effect["rest"] == "field" and int(effect["before"]) <= WOUNDED_AT
    key = f"sev_rest_{effect['rest']}" if gained else "sev_rest_none" if wounded else "sev_rest_full"
    return label(key, lang, hero=effect["hero"], n=gained, before=effect["before"], after=effect["after"])


REST_EVENT = EventKind(
    "rest",
    {"ru": "Герой пропускает ход: в городе +3 жизни, в другом месте +1 при лёгком ранении (жизней больше 3).",
     "en": "A hero skips his turn: 3 lives back in a town, 1 elsewhere when lightly hurt (over 3 lives)."},
    (HERO,),
    _rest,
    _rested,
    _rest_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record rest strategiya.sqlite --hero Гром",
    ),
    actor="hero",
    in_turn=True,  # a turn skipped is his player's turn
)  # fmt: skip
