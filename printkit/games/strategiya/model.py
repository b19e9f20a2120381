"""Frozen records of «Стратегия»: terrains with their figures, heroes, the town, battle and turns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from printkit.plugin import GameMap, Localized, RefusedValue, Ruleset, Session, Terrain, days, fold, label


@dataclass(frozen=True)
class Move:
    """Cells per turn on foot: base + speed, a fixed number, or only with one of `needs`."""

    base: int | None = None
    fixed: int | None = None
    needs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Resource:
    """What a numbered resource object holds: work in days, price per unit, or an endless supply."""

    name: Localized
    price: int
    days: int | None = None
    endless: bool = False

    def describe(self, lang: str) -> str:
        if self.endless or self.days is None:
            return label("resource_endless", lang, name=self.name[lang], price=self.price)
        total = self.days * self.price  # the price is per day of work (see the jackpot example)
        return label("resource_entry", lang, name=self.name[lang], days=days(self.days, lang), price=self.price,
                     total=total)  # fmt: skip


@dataclass(frozen=True)
class LivesRules:
    base: int
    every: int
    add: int
    wounded_at: int
    wounded_turns: int
    slow_at: int
    immobile_at: int
    rest_heal: int
    town_heal: int


@dataclass(frozen=True)
class HeroRules:
    """The numbers behind a hero: lives, points, experience, border crossing, load, map markers."""

    per_player: int
    starting_points: int
    common_potential: int
    experience_per_point: int
    lives: LivesRules
    border_cells: int
    border_per_speed: int
    load_days_per_cell: int
    load_strength_per_cell: int
    markers: Mapping[str, tuple[tuple[str, ...], ...]]
    three_players: tuple[int, ...] | None = None  # heroes of players 1, 2, 3 when three play
    three_players_talk_every: int = 10  # turns between the third player's private talks
    four_players: tuple[int, ...] | None = None  # heroes of players 1..4 when four play (the rules are silent)

    def heroes_of(self, player: int, players: int) -> int:
        """Heroes player `player` (from 0) has in a game of `players` players."""
        if players == 3 and self.three_players:
            return self.three_players[player]
        if players == 4 and self.four_players:
            return self.four_players[player]
        return self.per_player


@dataclass(frozen=True)
class Tier:
    """Perks from a total potential of `start` on; None means "as the tier below"."""

    start: int
    text: Localized
    deathzone_move: int | None = None
    deathzone_lives: int | None = None
    discount: int | None = None
    end: int | None = None  # the top of the rules' range; None: open above


@dataclass(frozen=True)
class Offer:
    """Anything the town offers: a hire, service, item, animal, scroll or market offer."""

    kind: str
    id: str
    name: Localized
    text: Localized
    price: int | None = None
    percent: int | None = None
    times_price: int | None = None
    points: int | None = None
    strength: int = 0  # needed to use it
    intellect: int = 0  # needed to use it
    intellect_bonus: int = 0
    work_strength: int = 0  # added to strength for mining and building
    max: int = 1
    pair_strength: int | None = None
    pair_excludes: tuple[str, ...] = ()
    weapon: bool = False
    damage: int = 0
    excludes_weapons: bool = False
    move_bonus: int = 0
    flight: int | None = None
    not_on: tuple[str, ...] = ()
    mount: bool = False
    damage_times: int = 1
    learn: Localized | None = None
    every: int | None = None  # turns between what it brings again (tracker 3, market stall 1)


@dataclass(frozen=True)
class Building:
    id: str
    name: Localized
    days: int
    per_cell: bool
    needs: tuple[tuple[Localized, int], ...]
    text: Localized


@dataclass(frozen=True)
class Learning:
    turns_per_missing_point: int
    gain_every: int


@dataclass(frozen=True)
class Battle:
    """The D6 battle of «Стратегия»: which rolls hit, how many per turn, multipliers, escape."""

    die: int
    hit_from: int
    rolls_per_turn: int
    backstab_times: int
    surrounded_times: int
    escape_from: int
    escape_moves: int
    winner_points: int


@dataclass(frozen=True)
class Ship:
    """A ship's cells a turn against its builders' intellect: with the current, on still water, against it."""

    downstream: int
    still: int
    upstream: int

    def speed(self, intellect: int, flow: int) -> int:
        """Cells a turn for these builders: flow 1 downstream, 0 still (or across), -1 upstream."""
        return max(0, intellect + (self.downstream if flow > 0 else self.upstream if flow < 0 else self.still))


@dataclass(frozen=True)
class Turns:
    object_skip: int
    town_skip: int
    shared_object_loss: int


TOWN_KINDS = ("hires", "services", "items", "animals", "scrolls", "market")


@dataclass(frozen=True)
class SecretRules:
    holders: int
    sections: tuple[str, ...]


ADVENTURE_KINDS = ("morale", "find", "trap")  # the rules' three kinds, in their order


@dataclass(frozen=True)
class Adventure:
    """One entry of the adventure list: what a chain ending at its number reads out."""

    title: str
    text: str | None = None
    kind: str | None = None  # one of ADVENTURE_KINDS
    side: str | None = None  # a morale test: the side the one met stands on, as the players name it


@dataclass(frozen=True)
class PlotEvent:
    """A piece of the outer plot: when it comes into play (one trigger) and what happens."""

    title: str | None = None
    text: str | None = None
    hint: str | None = None  # the cue that tells the game master it is due
    every: int | None = None  # every N turns
    turn: int | None = None  # once, on turn N
    when: str | None = None  # on a condition, in the game master's words


@dataclass(frozen=True)
class Plot:
    """The outer plot: its main task (the second way to win) and its pieces."""

    goal: str | None = None
    events: tuple[PlotEvent, ...] = ()
    turns: int = 100  # boxes on the turn track


@dataclass(frozen=True)
class Hero:
    """A hero as the config gives it: base stats and, for a reprint mid-game, the current state."""

    name: str | None = None
    sex: str | None = None
    age: str | None = None
    legend: str | None = None
    strength: int = 0
    speed: int = 0
    intellect: int = 0
    lives: int | None = None
    experience: int = 0
    money: int | None = None
    potential: int = 0
    items: tuple[str, ...] = ()
    animals: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    load: int = 0  # days of mined goods he carries: an evening's (a config gives none), for its sheets
    hidden: tuple[str, ...] = ()  # items and spells bought in secret (the black market): an evening's
    hire: str | None = None
    tamed: tuple[str, ...] = ()  # animals the hero commands by study, not by intellect (the dragon)


@dataclass(frozen=True)
class STerrain(Terrain):
    """A terrain with the «Стратегия» figures: numbered objects, movement, experience, life loss."""

    slots: int = 10
    move: Move = Move()
    experience: int = 0
    lives_per_turn: int = 0


@dataclass(frozen=True)
class Rules:
    """Everything «Стратегия» adds to a ruleset."""

    id: str
    terrains: tuple[STerrain, ...]
    secret: SecretRules | None
    resources: Mapping[str, tuple[Resource | None, ...]]
    heroes: HeroRules | None = None
    tiers: tuple[Tier, ...] = ()
    town: Mapping[str, tuple[Offer, ...]] = field(default_factory=dict)
    learning: Learning | None = None
    buildings: tuple[Building, ...] = ()
    battle: Battle | None = None
    turns: Turns | None = None
    ship: Ship | None = None

    def offer(self, kind: str, word: str) -> Offer | None:
        """A town offer of one kind by id or by any of its names, ignoring case, ё and the usual
        Russian endings ("мечом", "Волшебного посоха")."""
        from printkit.plugin import forgiving_match

        folded = fold(word)
        for o in self.town.get(kind, ()):
            if folded in {fold(o.id), *(fold(n) for n in o.name.values())}:
                return o
        return forgiving_match(word, [(n, o) for o in self.town.get(kind, ()) for n in (o.id, *o.name.values())])

    def offer_names(self, kind: str, lang: str) -> list[str]:
        return [o.name[lang] for o in self.town.get(kind, ())]

    def tiers_for(self, total: int, closed: bool = False) -> list[Tier]:
        """The tiers a total reaches: by default every one from its start on (a higher tier replaces
        the same perk of a lower, this kit's reading); closed: only those whose range holds the total."""
        return [t for t in self.tiers if total >= t.start and not (closed and t.end is not None and total > t.end)]

    def terrain(self, terrain_id: str) -> STerrain:
        for t in self.terrains:
            if t.id == terrain_id:
                return t
        raise KeyError(terrain_id)

    def find_terrain(self, word: str) -> STerrain | None:
        """A terrain by id or by any of its localized names, ignoring case, ё and Russian endings
        ("в горах", "лесу", "смертельной зоне")."""
        from printkit.plugin import forgiving_match

        words = [w for w in word.split() if fold(w) not in _PREPOSITIONS] or [word]
        pairs = [(n, t.id) for t in self.terrains for n in (t.id, *t.name.values(), *t.short.values())]
        found = forgiving_match(" ".join(words), pairs)
        return self.terrain(found) if found else None

    def resource_at(self, terrain_id: str, number: int) -> Resource | None:
        """The resource behind list entry number (1-based), or None for an empty entry."""
        entries = self.resources.get(terrain_id, ())
        return entries[number - 1] if 1 <= number <= len(entries) else None


# Words a Russian speaker may put before a terrain: "в горах", "на равнине".
_PREPOSITIONS = {"в", "во", "на"}


@dataclass(frozen=True)
class Party:
    """One player's «Стратегия» side: heroes, common potential and map markers."""

    heroes: tuple[Hero, ...] = ()
    common_potential: int | None = None
    markers: tuple[str, ...] | None = None


@dataclass(frozen=True)
class StrategiyaSession:
    """The «Стратегия» part of a session: each player's party and the game master's adventures."""

    parties: tuple[Party, ...]
    adventures: Mapping[str, Mapping[int, Adventure]]  # terrain -> list entry number (where a chain ends)
    map_size: tuple[int, int] | None = None  # the squared sheet's columns and rows, when the config names them
    map_cell_mm: float | None = None  # None: the largest cell that keeps the map on the fewest sheets
    plot: Plot = field(default_factory=Plot)
    adventures_in_booklet: bool = False  # also bind the adventure list into the players' booklet
    key: Path | None = None  # the referee key the config names, for lookups without --key
    # Whose turns an evening counts a wound's 10 in: "player" (the wounded hero's player's, the
    # kit's reading) or "table" (every player's turn).
    wound_turns: str = "player"

    def adventure(self, terrain_id: str, number: int) -> Adventure | None:
        return self.adventures.get(terrain_id, {}).get(number)


Cell = tuple[int, int]

# Where running water flows, as map files name it: a step (dx, dy), rows growing downwards.
DIRECTIONS: Mapping[str, Cell] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}  # fmt: skip


@dataclass(frozen=True)
class StrategiyaMap:
    """What a «Стратегия» map holds beyond terrain and objects: the current of its running water
    (rivers and seas, by cell); water without a current is still (lakes and ponds)."""

    currents: tuple[tuple[Cell, str], ...] = ()  # (cell, direction from DIRECTIONS), in the map file's order
    # What an evening puts on its printed map: (cell, a tag's words), a hero by his marker, name and
    # owner's mark, a ship by its name and owner's mark (none on a kit's map).
    pieces: tuple[tuple[Cell, str], ...] = ()
    owners: tuple[tuple[str, str], ...] = ()  # (mark, player) for the legend: whose a tag's mark is
    ships: bool = False  # whether a ship's tag is among the pieces (the legend says how one reads)

    def flows(self) -> dict[Cell, Cell]:
        """Each running-water cell's current as a step (dx, dy)."""
        return {cell: DIRECTIONS[d] for cell, d in self.currents}


def in_the_open(held: tuple[str, ...], hidden: tuple[str, ...]) -> list[str]:
    """What a hero holds less what he bought in secret (the black market), one for one: of two
    swords, one bought unseen, the other shows."""
    left, out = list(hidden), []
    for i in held:
        if i in left:
            left.remove(i)
        else:
            out.append(i)
    return out


def strategiya_map(game_map: GameMap) -> StrategiyaMap:
    """The «Стратегия» part of a map (empty for a map made without one)."""
    part = game_map.part
    return part if isinstance(part, StrategiyaMap) else StrategiyaMap()


def rules_of(ruleset: Ruleset) -> Rules:
    """The «Стратегия» part of a ruleset; another game's (a config or key given to a «Стратегия»
    question) is refused as a usage error rather than failing deep inside the question."""
    if not isinstance(ruleset.part, Rules):
        raise RefusedValue("rf_e_not_strategiya", game=ruleset.id)
    return ruleset.part


def session_of(session: Session) -> StrategiyaSession:
    """The «Стратегия» part of a session (another game's is refused, as by rules_of)."""
    if not isinstance(session.part, StrategiyaSession):
        raise RefusedValue("rf_e_not_strategiya", game=session.ruleset.id)
    return session.part
