"""Derived hero numbers of «Стратегия»: lives, movement, experience, tiers and what a hero may use."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from printkit.plugin import Session

from .model import Hero, HeroRules, Offer, Rules, STerrain, Tier, rules_of, session_of

DEATHZONE = "deathzone"


def _rules(rules: Rules) -> HeroRules:
    if rules.heroes is None:
        raise ValueError(f"{rules.id} has no hero rules")
    return rules.heroes


def max_lives(rules: Rules, hero: Hero) -> int:
    """10, and 5 more for every full 3 strength (strength 9 -> 25)."""
    lives = _rules(rules).lives
    return lives.base + lives.add * (hero.strength // lives.every)


def current_lives(rules: Rules, hero: Hero) -> int:
    return max_lives(rules, hero) if hero.lives is None else hero.lives


def owned(rules: Rules, hero: Hero) -> list[Offer]:
    """The hero's items and animals as offers (duplicates kept)."""
    by_id = {o.id: o for kind in ("items", "animals") for o in rules.town.get(kind, ())}
    return [by_id[i] for i in (*hero.items, *hero.animals) if i in by_id]


def intellect(rules: Rules, hero: Hero) -> int:
    """Intellect with item bonuses (the staff's +2)."""
    return hero.intellect + sum(o.intellect_bonus for o in owned(rules, hero))


def commands(rules: Rules, hero: Hero, offer: Offer) -> bool:
    """Whether the hero can command an animal: intellect enough (the staff's +2 counts), or the
    shortfall made up by study (the config lists it under `tamed`)."""
    return intellect(rules, hero) >= offer.intellect or offer.id in hero.tamed


def in_use(rules: Rules, hero: Hero) -> list[Offer]:
    """The hero's items and the animals the hero commands (a dragon below intellect 10 stays idle)."""
    return [o for o in owned(rules, hero) if o.kind != "animals" or commands(rules, hero, o)]


def idle_animals(rules: Rules, hero: Hero) -> list[Offer]:
    """Animals the hero owns but cannot command yet."""
    return [o for o in owned(rules, hero) if o.kind == "animals" and not commands(rules, hero, o)]


def total_potential(hero: Hero) -> int:
    """Strength + speed + intellect as distributed (item bonuses do not count)."""
    return hero.strength + hero.speed + hero.intellect


@dataclass(frozen=True)
class Perks:
    tiers: tuple[Tier, ...]
    deathzone_move: int | None
    deathzone_lives: int | None
    discount: int


def _sets(tier: Tier) -> set[str]:
    return {name for name in ("deathzone_move", "deathzone_lives", "discount") if getattr(tier, name) is not None}


def perks(rules: Rules, hero: Hero, tiers_closed: bool = False, hunter_tiers: bool = False) -> Perks:
    """The tiers in force (a tier is dropped when a higher one reached sets all the same figures)
    and each figure from the highest tier that sets it. A hunter walks the death zone at 1 cell
    «вне зависимости от прокачек»: the tiers' death-zone figures are not his (hunter_tiers: they are,
    the other reading). tiers_closed: a tier holds only within its range (the other reading)."""
    reached = rules.tiers_for(total_potential(hero), tiers_closed)
    if hero.hire == "hunter" and not hunter_tiers:
        reached = [
            dataclasses.replace(t, deathzone_move=None, deathzone_lives=None)
            for t in reached
            if t.discount is not None or (t.deathzone_move is None and t.deathzone_lives is None)
        ]
    move = next((t.deathzone_move for t in reversed(reached) if t.deathzone_move is not None), None)
    lives = next((t.deathzone_lives for t in reversed(reached) if t.deathzone_lives is not None), None)
    discount = next((t.discount for t in reversed(reached) if t.discount is not None), 0)
    in_force = [
        t for i, t in enumerate(reached) if not any(_sets(t) and _sets(t) <= _sets(later) for later in reached[i + 1 :])
    ]
    return Perks(tuple(in_force), move, lives, discount)


def carried(rules: Rules, total: int) -> list[Tier]:
    """The tiers in force for this total that it has passed the top of: held above their range only
    by this kit's reading (the rules give 11–15, and a total of 16 keeps the 11–15 death zone)."""
    reached = rules.tiers_for(total)
    return [
        t
        for i, t in enumerate(reached)
        if t.end is not None
        and total > t.end
        and not any(_sets(t) and _sets(t) <= _sets(later) for later in reached[i + 1 :])
    ]


def deathzone_lives(rules: Rules, hero: Hero) -> int | None:
    """The change of lives a turn in the death zone where not the terrain's own −3: 0 for a hunter (his
    gift), else the tiers' (−1 from total 7, 0 from 11); None: the terrain's."""
    if hero.hire == "hunter":
        return 0
    return perks(rules, hero).deathzone_lives


@dataclass(frozen=True)
class TerrainFigures:
    """One terrain as this hero meets it."""

    terrain: STerrain
    cells: int | None  # on foot (or riding); None: cannot enter without ship or flight
    flying: int | None  # with a flying animal; None: no flight here
    lives_per_turn: int
    experience: int


def terrain_figures(rules: Rules, hero: Hero) -> list[TerrainFigures]:
    """Cells per turn, flight, life loss and experience per test on every terrain."""
    has = in_use(rules, hero)
    p = perks(rules, hero)
    lost = wound(rules, hero)
    smart = intellect(rules, hero)
    out = []
    for t in rules.terrains:
        loss = t.lives_per_turn
        if t.move.fixed is not None:
            cells: int | None = t.move.fixed
            if t.id == DEATHZONE and p.deathzone_move is not None:
                cells = p.deathzone_move
        elif t.move.base is not None:
            cells = t.move.base + hero.speed
            cells += sum(o.move_bonus for o in has if t.id not in o.not_on)
        else:
            cells = None
        if t.id == DEATHZONE and loss and deathzone_lives(rules, hero) is not None:
            loss = deathzone_lives(rules, hero) or 0
        if cells is not None:
            cells = 0 if lost is None else max(0, cells - lost)
        flights = [o.flight for o in has if o.flight is not None and t.id not in o.not_on]
        flying = max(flights) if flights else None
        if flying is not None:
            flying = 0 if lost is None else max(0, flying - lost)
        out.append(TerrainFigures(t, cells, flying, loss, t.experience + smart))
    return out


def crossing(rules: Rules, speed: int, round_up: bool = True) -> int:
    """Cells into a new terrain before the move ends: 1, and one more for every 4 speed begun
    (round_up, the reading that fits the rules' example: speed 2 or 3 walks 2, speed 8 walks 3) or
    for every full 4 speed (speed 2 or 3 walks 1)."""
    h = _rules(rules)
    extra = -(-speed // h.border_per_speed) if round_up else speed // h.border_per_speed
    return h.border_cells + extra


def wound(rules: Rules, hero: Hero) -> int | None:
    """Cells a turn the hero's wounds take away: 0, 1 with 2 lives, None with 1 life (cannot move)."""
    h = _rules(rules)
    lives_now = current_lives(rules, hero)
    if lives_now <= h.lives.immobile_at:
        return None
    return 1 if lives_now <= h.lives.slow_at else 0


def border_cells(rules: Rules, hero: Hero, round_up: bool = True, floor: bool = True) -> int:
    """Cells this hero walks into a new terrain before the move ends: a wound takes one off, but
    (floor, the default reading) never below the one cell the rules say a crossing «always» goes."""
    lost = wound(rules, hero)
    if lost is None:
        return 0
    return max(1 if floor else 0, crossing(rules, hero.speed, round_up) - lost)


def bow_range(rules: Rules, hero: Hero) -> int:
    return hero.speed + hero.strength + intellect(rules, hero)


def load_recovery(rules: Rules, hero: Hero) -> int:
    """Cells of load penalty that the hero's strength gives back."""
    return hero.strength // _rules(rules).load_strength_per_cell


@dataclass(frozen=True)
class Usable:
    offer: Offer
    ok: bool
    extra_turns: int = 0  # skipped turns needed to make up for missing intellect
    blocked_by: Offer | None = None  # an item the hero carries two of that rules this one out
    excluded_by: Offer | None = None  # the staff beside a weapon, or the weapon beside the staff
    pair_short: bool = False  # strong enough for one but not for two (two swords need strength 6)


def usable_items(rules: Rules, hero: Hero) -> list[Usable]:
    """Each item: strong enough for it, not shut out by a pair the hero carries (two swords leave no
    hand for a shield), and not a weapon beside the staff nor the staff beside a weapon."""
    from collections import Counter

    counts = Counter(hero.items)
    offers = rules.town.get("items", ())
    carried = [o for o in offers if counts[o.id]]
    staff = next((o for o in carried if o.excludes_weapons), None)
    armed = next((o for o in carried if o.weapon), None)
    out = []
    for o in offers:
        blocker = next((p for p in offers if counts[p.id] >= 2 and o.id in p.pair_excludes), None)
        excluded = staff if o.weapon else armed if o.excludes_weapons else None
        strong = hero.strength >= o.strength
        short = strong and o.pair_strength is not None and hero.strength < o.pair_strength
        out.append(Usable(o, strong and blocker is None and excluded is None, blocked_by=blocker, excluded_by=excluded,
                          pair_short=short))  # fmt: skip
    return out


def learnable_scrolls(rules: Rules, hero: Hero) -> list[Usable]:
    """Each scroll: learnable now, or how many skipped turns would make up the missing intellect."""
    per_point = rules.learning.turns_per_missing_point if rules.learning else 0
    smart = intellect(rules, hero)
    out = []
    for o in rules.town.get("scrolls", ()):
        missing = max(0, o.intellect - smart)
        out.append(Usable(o, missing == 0, missing * per_point))
    return out


def work_turns(days: int, strength: int) -> int | None:
    """Turns to mine or build `days` of work with this total strength (None: strength 0 never finishes)."""
    return None if strength <= 0 else math.ceil(days / strength)


def markers_for(rules: Rules, player_index: int, count: int, lang: str) -> tuple[str, ...]:
    """Default map markers of player `player_index` (0-based): 1 2 3 4, А Б В Г, ...

    More heroes than symbols (hired heroes) reuse the set with a "+": 1+, 2+, ...
    """
    sets = _rules(rules).markers.get(lang) or _rules(rules).markers.get("ru") or (("1", "2", "3", "4"),)
    symbols = sets[player_index % len(sets)]
    return tuple(symbols[i % len(symbols)] + "+" * (i // len(symbols)) for i in range(count))


def _heroes(session: Session) -> list[tuple[str, Hero]]:
    """Every hero of a config with its map marker, in the config's order; a marker two players share
    stands for the first player's hero."""
    rules, table = rules_of(session.ruleset), session_of(session)
    found: list[tuple[str, Hero]] = []
    taken: set[str] = set()
    for index, party in enumerate(table.parties):
        markers = party.markers or markers_for(rules, index, len(party.heroes), session.language)
        for marker, hero in zip(markers, party.heroes, strict=False):
            if marker.casefold() not in taken:
                taken.add(marker.casefold())
                found.append((marker, hero))
    return found


def marked_heroes(session: Session) -> list[tuple[str, Hero]]:
    """Every hero of a config with the map marker a question finds him by, in the config's order."""
    return _heroes(session)


@dataclass(frozen=True)
class Named:
    """A hero of a config as a question found it, with the map marker it goes by."""

    marker: str
    hero: Hero

    @property
    def who(self) -> str:
        """How an answer names the hero: its name and marker (Гром (1)), or the marker alone."""
        return f"{self.hero.name} ({self.marker})" if self.hero.name else self.marker


def find_hero(session: Session, word: str) -> Named:
    """A hero of a config by its map marker or by its name, either case (a marker first: a hero
    named 1 does not hide the hero marked 1); refused with every hero's name and marker."""
    from printkit.plugin import Refused, same_looking

    heroes = _heroes(session)
    word = word.strip()
    # A marker or a name as it looks: a Cyrillic «А» typed as a Latin A (or a Latin marker as Cyrillic).
    for marker, hero in heroes:
        if same_looking(marker, word):
            return Named(marker, hero)
    for marker, hero in heroes:
        if hero.name and same_looking(hero.name, word):
            return Named(marker, hero)
    raise Refused("rf_e_hero", word=word[:24], heroes=", ".join(Named(m, h).who for m, h in heroes))


def complete_markers(given: Any, incomplete: str) -> list[str]:
    """The map markers and names of the heroes in the config given on the same command line (or the
    session's)."""
    from pathlib import Path

    from printkit.plugin import load_session

    config = given.get("config")
    if not config:
        return []
    heroes = _heroes(load_session(Path(config)))
    return [m for m, _ in heroes] + [h.name for _, h in heroes if h.name]
