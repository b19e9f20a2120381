"""A «Стратегия» evening's part of the state: every hero as he stands, and whom an event is about."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.evening import State
from printkit.plugin import Input, RefusedValue, Text, label

from ..heroes import current_lives, max_lives
from ..model import rules_of, session_of


@dataclass(frozen=True)
class Goods:
    """A lot of goods a hero carries («Пропуски ходов и некоторые уточнения»): days of mining from
    the mine on `cell`, at `price` $ a day (None: the master gave no price)."""

    cell: str
    days: int
    price: int | None = None


@dataclass(frozen=True)
class Now:
    """A hero as the evening has him: whose, where, how many lives, his money, things, experience
    and skills, with the personal potential he may still spend."""

    name: str
    player: str
    lives: int
    most: int  # the lives his strength gives (the hero sheet's figure)
    cell: str | None = None
    money: int | None = None  # None: the config gave none and nothing was recorded (a blank on his sheet)
    items: tuple[str, ...] = ()  # a town item's id, or an adventure's find in words
    animals: tuple[str, ...] = ()  # town animals' ids
    experience: int = 0
    strength: int = 0
    speed: int = 0
    intellect: int = 0  # as distributed: the staff's +2 is his items', not his skill's
    given: int = 0  # unspent personal potential the config gave him (its `potential`)
    began: int = 0  # his experience as the evening began: the points it gives count from there
    spent: int = 0  # points of personal potential spent on his skills this evening
    won: int = 0  # fights won here against another player's hero: a point of personal potential each («Сила»)
    moved_at: int = 0  # the turn he last moved in (0: never), and the one he last rested in: a turn
    rested_at: int = 0  # skipped to heal is a whole turn, neither after a move nor twice
    began_at: str | None = None  # the cell he stood on as the turn he last moved in began: its steps add up
    cargo: tuple[Goods, ...] = ()  # goods mined that he carries, a lot for each mine and price
    spells: tuple[str, ...] = ()  # town scrolls' ids: the spells he holds
    hidden: tuple[str, ...] = ()  # of his items and spells, those bought in secret (the black market)

    @property
    def laden(self) -> int:
        """Days of mining he carries, all lots together (what his movement loses cells to)."""
        return sum(g.days for g in self.cargo)

    @property
    def total(self) -> int:
        """«Потенциал»: the summed potential the tiers read, strength + speed + intellect."""
        return self.strength + self.speed + self.intellect


@dataclass(frozen=True)
class Explored:
    """An object the master marked explored: which (its lookup's words, or its cell), what it gave."""

    key: str  # section:terrain:number, or cell:C4 for an object known by its cell alone
    what: Mapping[str, str]  # the object in words, in each language
    gave: str
    turn: int
    cells: tuple[str, ...] = ()  # where the map shows it (its cell, or the cells its words number)
    spent: bool = False  # worked out («Двоичный код»): crossed out on the map


@dataclass(frozen=True)
class Boat:
    """A ship as the evening has it: its name, whose side sails it, the water cell it lies on, and
    its builders' summed intellect when it was finished (its cells a turn on still water)."""

    name: str
    player: str
    cell: str
    intellect: int


@dataclass(frozen=True)
class Job:
    """Work under way on an object's cell (a mine, a building): the days it takes and those done,
    who works it now (hero, with tools) and who has put days into it; the days stay with the job
    when its workers leave («Двоичный код»: an object may be left and taken over)."""

    key: str  # kind:cell
    kind: str  # mine, or a building's id
    cell: str
    days: int
    done: int = 0
    workers: tuple[tuple[str, bool], ...] = ()
    builders: tuple[str, ...] = ()
    player: str = ""  # the side of the hero who began it (a ship's)
    name: str = ""  # a ship's name
    cells: int = 1  # a bridge's or a dam's
    over: tuple[str, ...] = ()  # the water cells a bridge or a dam stands on, where they were named
    price: int | None = None  # a mine's $ a day (the resource list's), the master's


@dataclass(frozen=True)
class Built:
    """A building finished («Строительство»): what, where, whose builders, a castle's healing a
    turn, the water cells a bridge or a dam stands on, and the river a dam dried below it."""

    kind: str
    cell: str
    player: str
    heal: int = 0
    over: tuple[str, ...] = ()
    dried: tuple[str, ...] = ()


@dataclass(frozen=True)
class Heroes:
    """The «Стратегия» part of an evening: every hero, player by player, and the objects explored
    (the master's alone: what the secret sheets hid stays with him)."""

    heroes: tuple[Now, ...] = ()
    session: Any = field(default=None, compare=False, repr=False)
    explored: tuple[Explored, ...] = ()
    # «Гильдия убийц» 4): a hero under an assassination order: (hero, lives a turn, turns left).
    contracts: tuple[tuple[str, int, int], ...] = ()
    # «Пропуски ходов»: a hero sitting out his player's next turns: (hero, turns left, the turn it
    # was recorded in, why in words).
    sitting: tuple[tuple[str, int, int, str], ...] = ()
    ships: tuple[Boat, ...] = ()
    jobs: tuple[Job, ...] = ()
    built: tuple[Built, ...] = ()
    stalls: tuple[str, ...] = ()  # a hero's name for each market stall he opened
    emptied: tuple[str, ...] = ()  # the cells whose resource was mined out («опустошил»): none left there
    lying: tuple[tuple[str, Goods], ...] = ()  # goods dropped: (the cell they lie on, the lot), to pick up
    worked_out: tuple[str, ...] = ()  # the cells of objects the master found worked out («истощено»): crossed out

    def job(self, key: str) -> Job | None:
        return next((j for j in self.jobs if j.key == key), None)

    def castle_at(self, cell: str) -> bool:
        return any(b.kind == "castle" and b.cell == cell for b in self.built)

    def ship(self, name: str) -> Boat | None:
        folded = name.strip().casefold()
        return next((s for s in self.ships if s.name.casefold() == folded), None)

    def with_ship(self, boat: Boat) -> Heroes:
        kept = tuple(s for s in self.ships if s.name != boat.name)
        return dataclasses.replace(self, ships=(*kept, boat))

    def aboard(self, hero: Now) -> Boat | None:
        """The ship of his side a hero is aboard: one lying on his cell (a ship lies on water only)."""
        return next((s for s in self.ships if s.player == hero.player and s.cell == hero.cell), None)

    def sits_out(self, hero: Now, turn: int, whose: str | None) -> int:
        """The turns a hero has still to sit out when this turn is one of them (his player's, after
        the one it was recorded in); 0 when he plays it."""
        return next((left for name, left, at, _ in self.sitting
                     if name == hero.name and hero.player == whose and turn > at and left > 0), 0)  # fmt: skip

    def contract(self, hero: str) -> tuple[int, int] | None:
        """(lives a turn, turns left) of the order on a hero, if any."""
        return next(((n, left) for name, n, left in self.contracts if name == hero), None)

    def find(self, word: str) -> Now:
        folded = word.strip().casefold()
        found = next((h for h in self.heroes if h.name.casefold() == folded), None)
        if found is None:
            raise RefusedValue("sev_no_hero", hero=word, heroes=", ".join(h.name for h in self.heroes))
        return found

    def with_hero(self, hero: Now) -> Heroes:
        return dataclasses.replace(self, heroes=tuple(hero if h.name == hero.name else h for h in self.heroes))


def passed_over(players: int, turn: int) -> bool:
    """«Начало игры»: a turn no one plays. Three players: the third's first (turn 3); two: the
    first's second (turn 3), so that the second plays turns 2 and 4 in a row."""
    return players in (2, 3) and turn == 3


def played_turn(state: State, player: str, after: int) -> int:
    """The turn number of `player`'s `after`-th turn from now that he really plays (a turn passed
    over is none of his); with no player, the `after`-th turn anyone plays."""
    n, turn, seen = len(state.players), state.turn, 0
    while seen < after and n:
        turn += 1
        if not passed_over(n, turn) and (not player or state.players[(turn - 1) % n] == player):
            seen += 1
    return turn


def heroes_of(state: State) -> Heroes:
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
            out.append(Now(name, owner, current_lives(rules, hero), max_lives(rules, hero), None, hero.money,
                           tuple(hero.items), tuple(hero.animals), hero.experience, hero.strength, hero.speed,
                           hero.intellect, hero.potential, hero.experience, spells=tuple(hero.spells)))  # fmt: skip
    return Heroes(tuple(out), session)


# Whom an event of a hero is about.
HERO = Input("hero", Text(80), {"ru": "Герой.", "en": "The hero."}, flag="--hero", required=True)


def models(session: Any) -> list[tuple[str, Any]]:
    """Each hero of the config by the name the evening gives him."""
    out = []
    for i, party in enumerate(session_of(session).parties):
        owner = session.players[i].name or label("ev_player_n", session.language, n=i + 1)
        for j, hero in enumerate(party.heroes):
            out.append((hero.name or label("sev_hero_n", session.language, player=owner, n=j + 1), hero))
    return out


def model_of(session: Any, hero: Now) -> Any:
    """The config's hero as the evening has him today (lives, skills, unspent potential, money,
    things, experience), for what reads a config's hero: the terrain figures, the sheets, the
    questions; None for a hero the config does not list."""
    model = dict(models(session)).get(hero.name)
    if model is None:
        return None
    money = hero.money if hero.money is not None else model.money
    return dataclasses.replace(model, lives=hero.lives, strength=hero.strength, speed=hero.speed,
                               intellect=hero.intellect, potential=unspent(session, hero), money=money,
                               items=hero.items, animals=hero.animals, spells=hero.spells,
                               experience=hero.experience, load=hero.laden, hidden=hero.hidden)  # fmt: skip


def per_point(session: Any) -> int:
    """«Интеллект»: the experience a point of personal potential takes (10)."""
    figures = rules_of(session.ruleset).heroes
    return figures.experience_per_point if figures is not None else 10


def unspent(session: Any, hero: Now) -> int:
    """Points of personal potential a hero may still spend, as far as the evening can count them:
    what the config gave unspent, and a point for every 10 experience gained since the evening
    began, and a point for each fight won against another player's hero, less those spent here.
    Common potential given is not counted (the evening does not record it): the master spends
    those points outside the count."""
    per = per_point(session)
    earned = max(hero.experience // per - hero.began // per, 0)
    return max(hero.given + earned + hero.won - hero.spent, 0)


def alive(hero: Now) -> Now:
    if hero.lives <= 0:
        raise RefusedValue("sev_dead", hero=hero.name)
    return hero
