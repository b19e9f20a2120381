"""A «Стратегия» evening: every hero's cell and lives, moved and wounded as the table plays."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.evening import Decided, Effect, EventKind, State, Table
from printkit.plugin import Input, RefusedValue, Text, Whole, cell_name, label, parse_cell

from .heroes import current_lives, max_lives
from .model import rules_of, session_of

LIVES = 1000  # the most lives one record moves: far beyond any hero's


@dataclass(frozen=True)
class Now:
    """A hero as the evening has him: whose, where and how many lives."""

    name: str
    player: str
    lives: int
    most: int  # the lives his strength gives (the hero sheet's figure)
    cell: str | None = None


@dataclass(frozen=True)
class Heroes:
    """The «Стратегия» part of an evening: every hero, player by player."""

    heroes: tuple[Now, ...] = ()
    session: Any = field(default=None, compare=False, repr=False)

    def find(self, word: str) -> Now:
        folded = word.strip().casefold()
        found = next((h for h in self.heroes if h.name.casefold() == folded), None)
        if found is None:
            raise RefusedValue("sev_no_hero", hero=word, heroes=", ".join(h.name for h in self.heroes))
        return found

    def with_hero(self, hero: Now) -> Heroes:
        return dataclasses.replace(self, heroes=tuple(hero if h.name == hero.name else h for h in self.heroes))


def _heroes(state: State) -> Heroes:
    part = state.part
    assert isinstance(part, Heroes)
    return part


def begin(session: Any) -> Heroes:
    """Every hero of the config with the lives his sheet prints, on no cell yet."""
    rules = rules_of(session.ruleset)
    out = []
    for i, (player, party) in enumerate(zip(session.players, session_of(session).parties, strict=False)):
        owner = player.name or label("ev_player_n", session.language, n=i + 1)
        for j, hero in enumerate(party.heroes):
            name = hero.name or label("sev_hero_n", session.language, player=owner, n=j + 1)
            out.append(Now(name, owner, current_lives(rules, hero), max_lives(rules, hero)))
    return Heroes(tuple(out), session)


# ---- a move --------------------------------------------------------------------------------------


def _move(state: State, hero: str, to: str) -> Decided:
    part = _heroes(state)
    found = part.find(hero)
    x, y = parse_cell(to)
    game_map = part.session.game_map
    if game_map is not None and not game_map.inside(x, y):
        raise RefusedValue("sev_off_map", cell=to, width=game_map.width, height=game_map.height)
    if found.lives <= 0:
        raise RefusedValue("sev_dead", hero=found.name)
    return Decided({"hero": found.name, "from": found.cell, "to": cell_name(x, y)})


def _moved(state: State, effect: Effect) -> State:
    part = _heroes(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), cell=str(effect["to"]))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _move_words(effect: Effect, lang: str) -> str:
    key = "sev_moved" if effect.get("from") else "sev_placed"
    return label(key, lang, **effect)


MOVE = EventKind(
    "move",
    {"ru": "Герой переходит на клетку (или ставится на карту).", "en": "A hero moves to a cell (or onto the map)."},
    (
        Input("hero", Text(80), {"ru": "Герой.", "en": "The hero."}, flag="--hero", required=True),
        Input("to", Text(8), {"ru": "Клетка, куда он пришёл (C4).", "en": "The cell he reaches (C4)."},
              flag="--to", required=True),
    ),
    _move,
    _moved,
    _move_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record strategiya.sqlite move --hero Гром --to E3",
    ),
    actor="hero",
)  # fmt: skip


# ---- lives ---------------------------------------------------------------------------------------


def _lives(state: State, hero: str, change: int, why: str | None = None) -> Decided:
    found = _heroes(state).find(hero)
    after = max(found.lives + change, 0)
    return Decided({"hero": found.name, "change": change, "before": found.lives, "after": after,
                    "why": (why or "").strip()})  # fmt: skip


def _lives_applied(state: State, effect: Effect) -> State:
    part = _heroes(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), lives=int(effect["after"]))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _lives_words(effect: Effect, lang: str) -> str:
    key = "sev_lives_why" if effect.get("why") else "sev_lives"
    change = int(effect["change"])
    words = label(key, lang, signed=f"{change:+d}".replace("-", "−"), n=abs(change), **effect)
    return words + (" " + label("sev_fallen", lang) if int(effect["after"]) == 0 else "")


LIVES_EVENT = EventKind(
    "lives",
    {"ru": "Герой теряет или восстанавливает жизни.", "en": "A hero loses or regains lives."},
    (
        Input("hero", Text(80), {"ru": "Герой.", "en": "The hero."}, flag="--hero", required=True),
        Input("change", Whole(-LIVES, LIVES), {"ru": "Сколько жизней: минус — потеряны.",
                                               "en": "How many lives: minus for lost."},
              flag="--change", required=True),
        Input("why", Text(80), {"ru": "Отчего (слово-два для журнала).", "en": "Why (a word or two for the journal)."},
              flag="--why"),
    ),
    _lives,
    _lives_applied,
    _lives_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record strategiya.sqlite lives --hero Гром --change -3 --why бой",
    ),
    actor="hero",
)  # fmt: skip


# ---- the part shown -----------------------------------------------------------------------------


def _json(state: State, lang: str) -> Mapping[str, Any]:
    part = _heroes(state)
    return {"players": [{"name": p, "heroes": [{"name": h.name, "lives": h.lives, "most_lives": h.most,
                                                "cell": h.cell} for h in part.heroes if h.player == p]}
                        for p in state.players]}  # fmt: skip


def _lines(state: State, lang: str) -> list[str]:
    part = _heroes(state)
    out = []
    for p in state.players:
        out.append(label("sev_player", lang, name=p))
        for h in part.heroes:
            if h.player == p:
                out.append("    " + label("sev_hero", lang, name=h.name, lives=h.lives, most=h.most,
                                          cell=h.cell or "—"))  # fmt: skip
    return out


def _owner(state: State, hero: str) -> str | None:
    try:
        return _heroes(state).find(hero).player
    except RefusedValue:
        return None


def _actors(state: State, player: str) -> tuple[str, ...]:
    return tuple(h.name for h in _heroes(state).heroes if h.player == player)


def _papers(state: State, session: Any, path_of: Callable[[str], Path]) -> tuple[str, ...]:
    """hero-sheets.pdf as the kit prints it, each hero with the lives he has now."""
    from .hero_sheets import write_hero_sheets

    now = {h.name: h for h in _heroes(state).heroes}
    part = session_of(session)
    parties = []
    for i, party in enumerate(part.parties):
        owner = session.players[i].name or label("ev_player_n", session.language, n=i + 1)
        heroes = []
        for j, hero in enumerate(party.heroes):
            name = hero.name or label("sev_hero_n", session.language, player=owner, n=j + 1)
            heroes.append(dataclasses.replace(hero, lives=now[name].lives) if name in now else hero)
        parties.append(dataclasses.replace(party, heroes=tuple(heroes)))
    write_hero_sheets(dataclasses.replace(session, part=dataclasses.replace(part, parties=tuple(parties))),
                      path_of("hero-sheets.pdf"))  # fmt: skip
    return ("hero-sheets.pdf",)


TABLE = Table(begin=begin, kinds=(MOVE, LIVES_EVENT), json=_json, lines=_lines, owner=_owner, actors=_actors,
              papers=_papers)  # fmt: skip
