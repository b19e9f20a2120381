"""Players and their heroes in a session config: the schema, and checks against the ruleset."""

from __future__ import annotations

from collections import Counter
from typing import Any

from printkit.plugin import suggest
from printkit.plugin.schema import INVALID, Checker, Field, Integer, Key, ListOf, Record, Text

from .model import Hero, Offer, Party, Rules

STAT = Integer(0, 99)

HERO = Record(
    {
        "name": Field(Text(max_len=40)),
        "sex": Field(Text(max_len=20)),
        "age": Field(Text(max_len=20)),
        "legend": Field(Text(max_len=300, multiline=True)),
        "strength": Field(STAT, default=0),
        "speed": Field(STAT, default=0),
        "intellect": Field(STAT, default=0),
        "lives": Field(Integer(0, 999)),
        "experience": Field(Integer(0, 99_999)),
        "money": Field(Integer(0, 10_000_000)),
        "potential": Field(Integer(0, 99)),
        "items": Field(ListOf(Text(max_len=60), max_items=20)),
        "animals": Field(ListOf(Text(max_len=60), max_items=10)),
        "spells": Field(ListOf(Text(max_len=60), max_items=20)),
        "hire": Field(Text(max_len=40), doc="how the hero joined: mercenary, assassin or hunter"),
        "tamed": Field(
            ListOf(Text(max_len=60), max_items=10),
            doc="animals the hero has learned to command by skipping turns (3 per missing point of intellect)",
        ),
    }
)

PLAYER_FIELDS = {
    "heroes": Field(ListOf(HERO, max_items=12), default=[], doc="«Стратегия»: the player's heroes"),
    "common_potential": Field(Integer(0, 999), doc="«Стратегия»: the player's common potential"),
    "markers": Field(ListOf(Text(max_len=3), min_items=1, max_items=12), doc="«Стратегия»: heroes' map markers"),
}

# Fields that describe a hero in the middle of a game; without any of them a hero is new.
_STATE = ("lives", "experience", "money", "potential", "items", "animals", "spells")


def build_parties(raw: list[dict[str, Any]], rules: Rules, lang: str, ck: Checker) -> tuple[Party, ...]:
    """Each player's heroes, checked against the ruleset; problems go to ck, warnings to ck.warnings."""
    players = []
    for p_index, p in enumerate(raw):
        key: Key = ("players", p_index)
        if p is INVALID:
            players.append(Party())
            continue
        heroes = tuple(
            _hero(h, (*key, "heroes", h_index), rules, lang, ck) for h_index, h in enumerate(p.get("heroes") or [])
        )
        markers = tuple(p["markers"]) if p.get("markers") else None
        if markers and len(markers) < len(heroes):
            ck.fail((*key, "markers"), f"{len(markers)} markers for {len(heroes)} heroes")
        if heroes and rules.heroes is None:
            ck.fail((*key, "heroes"), f"{rules.id} has no heroes")
        players.append(Party(heroes, p.get("common_potential"), markers))
    _check_counts(raw, players, rules, ck)
    return tuple(players)


def _check_counts(raw: list[dict[str, Any]], players: list[Party], rules: Rules, ck: Checker) -> None:
    """With three players the rules fix the heroes: 2, 2 and 4 (the third holds two corners)."""
    h = rules.heroes
    if h is None or h.three_players is None or len(players) != 3:
        return
    for index, party in enumerate(players):
        expected = h.heroes_of(index, 3)
        if party.heroes and len(party.heroes) != expected:
            counts = ", ".join(map(str, h.three_players))
            ck.fail(
                ("players", index, "heroes"),
                f"with three players the heroes are {counts} (players 1, 2, 3); "
                f"player {index + 1} lists {len(party.heroes)}",
            )


def _hero(h: dict[str, Any], key: Key, rules: Rules, lang: str, ck: Checker) -> Hero:
    items = _offers(h["items"] or [], "items", (*key, "items"), rules, lang, ck)
    animals = _offers(h["animals"] or [], "animals", (*key, "animals"), rules, lang, ck)
    spells = _offers(h["spells"] or [], "scrolls", (*key, "spells"), rules, lang, ck)
    tamed = _offers(h["tamed"] or [], "animals", (*key, "tamed"), rules, lang, ck)
    hero = Hero(
        name=h["name"],
        sex=h["sex"],
        age=h["age"],
        legend=h["legend"],
        strength=h["strength"],
        speed=h["speed"],
        intellect=h["intellect"],
        lives=h["lives"],
        experience=h["experience"] or 0,
        money=h["money"],
        potential=h["potential"] or 0,
        items=tuple(o.id for o in items),
        animals=tuple(o.id for o in animals),
        spells=tuple(o.id for o in spells),
        hire=None,
        tamed=tuple(o.id for o in tamed),
    )
    who = hero.name or "the hero"
    _check_items(items, hero, (*key, "items"), lang, ck)
    for kind, chosen, field in (("animals", animals, "animals"), ("scrolls", spells, "spells")):
        for offer, count in _count(chosen):
            if count > offer.max:
                ck.fail((*key, field), f"{offer.name[lang]} is listed {count} times")
        if kind == "animals":
            from .heroes import intellect

            smart = intellect(rules, hero)
            per_point = rules.learning.turns_per_missing_point if rules.learning else 0
            for offer, _ in _count(chosen):
                if smart < offer.intellect and offer.id not in hero.tamed:
                    turns = (offer.intellect - smart) * per_point
                    ck.warn(
                        (*key, "animals"),
                        f"{offer.name[lang]} obeys intellect {offer.intellect}; {who} has {smart}, so the hero "
                        f"sheet and the referee leave it out (after {turns} skipped turns of study, list it "
                        "under tamed:)",
                    )
    for offer in tamed:
        if offer.id not in hero.animals:
            ck.fail((*key, "tamed"), f"{who} has no {offer.name[lang]} to command")
    expected = rules.heroes.starting_points if rules.heroes else None
    if h["hire"] is not None:
        hire = rules.offer("hires", h["hire"])
        if hire is None:
            names = [o.id for o in rules.town.get("hires", ())]
            ck.fail(
                (*key, "hire"),
                f"unknown hire {h['hire']!r}; choose from {', '.join(names)}" + suggest(h["hire"], names),
            )
        else:
            hero = _replace(hero, hire=hire.id)
            expected = hire.points
    if rules.heroes is not None:
        from .heroes import max_lives

        top = max_lives(rules, hero)
        if hero.lives is not None and hero.lives > top:
            ck.fail((*key, "lives"), f"{hero.lives} is more than {who}'s maximum of {top}")
    spent = hero.strength + hero.speed + hero.intellect
    fresh = all(h[f] in (None, []) for f in _STATE)
    if fresh and expected is not None and spent != expected:
        ck.warn(key, f"a new hero spreads {expected} points; {who} has {spent} (strength + speed + intellect)")
    return hero


def _replace(hero: Hero, **changes: Any) -> Hero:
    from dataclasses import replace

    return replace(hero, **changes)


def _offers(words: list[str], kind: str, key: Key, rules: Rules, lang: str, ck: Checker) -> list[Offer]:
    found = []
    for i, word in enumerate(words):
        offer = rules.offer(kind, word)
        if offer is None:
            names = rules.offer_names(kind, lang) + [n for o in rules.town[kind] for n in o.name.values()]
            what = {"items": "item", "animals": "animal", "scrolls": "spell"}[kind]
            ck.fail((*key, i), f"unknown {what} {word!r}" + suggest(word, [*dict.fromkeys(names)]))
        else:
            found.append(offer)
    return found


def _count(offers: list[Offer]) -> list[tuple[Offer, int]]:
    """Each distinct offer with how often it is listed, in first-listed order."""
    counts = Counter(o.id for o in offers)
    first = {o.id: o for o in reversed(offers)}
    return [(first[i], n) for i, n in counts.items()]


def _check_items(items: list[Offer], hero: Hero, key: Key, lang: str, ck: Checker) -> None:
    who = hero.name or "the hero"
    counts = _count(items)
    for offer, count in counts:
        name = offer.name[lang]
        if count > offer.max:
            ck.fail(key, f"{name}: at most {offer.max} per hero, listed {count} times")
        elif count == 2 and offer.pair_strength is not None and hero.strength < offer.pair_strength:
            ck.fail(key, f"two of {name} need strength {offer.pair_strength}; {who} has {hero.strength}")
        elif hero.strength < offer.strength:
            ck.fail(key, f"{name} needs strength {offer.strength}; {who} has {hero.strength}")
    distinct = [o for o, _ in counts]
    if any(o.excludes_weapons for o in distinct) and any(o.weapon for o in distinct):
        staff = next(o for o in distinct if o.excludes_weapons)
        ck.fail(key, f"{staff.name[lang]} cannot be carried together with another weapon")
    for pair in (o for o, n in counts if n >= 2):
        for other in (o for o in distinct if o.id in pair.pair_excludes):
            ck.fail(key, f"a hero with two of {pair.name[lang]} cannot carry {other.name[lang]}")
