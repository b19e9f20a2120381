"""Derived hero numbers of «Стратегия»: lives, movement, experience, tiers and what a hero may use."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...config.model import Session
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


def perks(rules: Rules, hero: Hero) -> Perks:
    """The tiers in force (a tier is dropped when a higher one reached sets all the same figures)
    and each figure from the highest tier that sets it."""
    reached = rules.tiers_for(total_potential(hero))
    move = next((t.deathzone_move for t in reversed(reached) if t.deathzone_move is not None), None)
    lives = next((t.deathzone_lives for t in reversed(reached) if t.deathzone_lives is not None), None)
    discount = next((t.discount for t in reversed(reached) if t.discount is not None), 0)
    in_force = [
        t for i, t in enumerate(reached) if not any(_sets(t) and _sets(t) <= _sets(later) for later in reached[i + 1 :])
    ]
    return Perks(tuple(in_force), move, lives, discount)


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
    h = _rules(rules)
    has = owned(rules, hero)
    p = perks(rules, hero)
    lives_now = current_lives(rules, hero)
    wound: int | None = 0
    if lives_now <= h.lives.immobile_at:
        wound = None
    elif lives_now <= h.lives.slow_at:
        wound = 1
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
        if t.id == DEATHZONE and p.deathzone_lives is not None and loss:
            loss = p.deathzone_lives
        if t.id == DEATHZONE and hero.hire == "hunter":
            loss = 0
        if cells is not None:
            cells = 0 if wound is None else max(0, cells - wound)
        flights = [o.flight for o in has if o.flight is not None and t.id not in o.not_on]
        flying = max(flights) if flights else None
        if flying is not None:
            flying = 0 if wound is None else max(0, flying - wound)
        out.append(TerrainFigures(t, cells, flying, loss, t.experience + smart))
    return out


def border_cells(rules: Rules, hero: Hero) -> int:
    """Cells into a new terrain before the move ends: 1, +1 per 4 speed."""
    h = _rules(rules)
    return h.border_cells + hero.speed // h.border_per_speed


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


def usable_items(rules: Rules, hero: Hero) -> list[Usable]:
    """Each item: strong enough for it, and not shut out by a pair the hero carries (two swords
    leave no hand for a shield)."""
    from collections import Counter

    counts = Counter(hero.items)
    offers = rules.town.get("items", ())
    out = []
    for o in offers:
        blocker = next((p for p in offers if counts[p.id] >= 2 and o.id in p.pair_excludes), None)
        out.append(Usable(o, hero.strength >= o.strength and blocker is None, blocked_by=blocker))
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


def marked_heroes(session: Session) -> dict[str, Hero]:
    """Every hero of a config by its map marker (case-folded); the first player's wins a clash."""
    rules, table = rules_of(session.ruleset), session_of(session)
    found: dict[str, Hero] = {}
    for index, party in enumerate(table.parties):
        markers = party.markers or markers_for(rules, index, len(party.heroes), session.language)
        for marker, hero in zip(markers, party.heroes, strict=False):
            found.setdefault(marker.casefold(), hero)
    return found


def complete_markers(given: Any, incomplete: str) -> list[str]:
    """The map markers of the heroes in the config given on the same command line (or the session's)."""
    from pathlib import Path

    from ...config.session import load_session

    config = given.get("config")
    return list(marked_heroes(load_session(Path(config)))) if config else []
