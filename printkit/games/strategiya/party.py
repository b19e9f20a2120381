"""Players and their heroes in a session config: the schema, and checks against the ruleset."""

from __future__ import annotations

from collections import Counter
from typing import Any

from printkit.plugin import Phrase, did_you_mean, label
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
            ck.fail((*key, "markers"), label("pc_markers", lang, n=len(markers), heroes=len(heroes)))
        if heroes and rules.heroes is None:
            ck.fail((*key, "heroes"), label("pc_no_heroes", lang, game=rules.id))
        players.append(Party(heroes, p.get("common_potential"), markers))
    _check_counts(raw, players, rules, lang, ck)
    return tuple(players)


def _hint(word: str, names: list[str], lang: str) -> str:
    """A did-you-mean hint in lang, or ''."""
    close = did_you_mean(word, names)
    return close.say(lang) if isinstance(close, Phrase) else ""


def _warn(ck: Checker, key: Key, lang: str, message: str) -> None:
    """A warning in the config's language (Checker.warn says its prefix in English)."""
    ck.warnings.append(ck.doc.problem(key, label("ts_warning", lang, message=message)))


def _check_counts(raw: list[dict[str, Any]], players: list[Party], rules: Rules, lang: str, ck: Checker) -> None:
    """With three players the rules fix the starting heroes: 2, 2 and 4 (the third holds two corners).
    Heroes hired in town later (`hire:`) come on top and are not counted."""
    h = rules.heroes
    if h is None or h.three_players is None or len(players) != 3:
        return
    for index, party in enumerate(players):
        expected = h.heroes_of(index, 3)
        starting = [hero for hero in party.heroes if not hero.hire]
        if party.heroes and len(starting) != expected:
            counts = ", ".join(map(str, h.three_players))
            ck.fail(("players", index, "heroes"),
                    label("pc_three_counts", lang, counts=counts, player=index + 1, n=len(starting)))  # fmt: skip


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
    who = hero.name or label("pc_the_hero", lang)
    _check_items(items, hero, (*key, "items"), lang, ck)
    for kind, chosen, field in (("animals", animals, "animals"), ("scrolls", spells, "spells")):
        for offer, count in _count(chosen):
            if count > offer.max:
                ck.fail((*key, field), label("pc_listed", lang, name=offer.name[lang], n=count))
        if kind == "animals":
            from .heroes import intellect

            smart = intellect(rules, hero)
            per_point = rules.learning.turns_per_missing_point if rules.learning else 0
            for offer, _ in _count(chosen):
                if smart < offer.intellect and offer.id not in hero.tamed:
                    turns = (offer.intellect - smart) * per_point
                    _warn(
                        ck,
                        (*key, "animals"),
                        lang,
                        label(
                            "pc_dragon",
                            lang,
                            name=offer.name[lang],
                            need=offer.intellect,
                            who=who,
                            has=smart,
                            turns=turns,
                        ),
                    )
    for offer in tamed:
        if offer.id not in hero.animals:
            ck.fail((*key, "tamed"), label("pc_no_animal", lang, who=who, name=offer.name[lang]))
    expected = rules.heroes.starting_points if rules.heroes else None
    if h["hire"] is not None:
        hire = rules.offer("hires", h["hire"])
        if hire is None:
            # The names in the config's language: a Russian config writes «hire: охотник».
            names = [o.name[lang].lower() for o in rules.town.get("hires", ())]
            ck.fail((*key, "hire"), label("pc_hire", lang, word=h["hire"], names=", ".join(names))
                    + _hint(h["hire"], names, lang))  # fmt: skip
        else:
            hero = _replace(hero, hire=hire.id)
            expected = hire.points
    if rules.heroes is not None:
        from .heroes import max_lives

        top = max_lives(rules, hero)
        if hero.lives is not None and hero.lives > top:
            ck.fail((*key, "lives"), label("pc_lives", lang, n=hero.lives, who=who, top=top))
    spent = hero.strength + hero.speed + hero.intellect
    fresh = all(h[f] in (None, []) for f in _STATE)
    if fresh and expected is not None and spent != expected:
        _warn(ck, key, lang, label("pc_points", lang, n=expected, who=who, spent=spent))
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
            hint = _hint(word, [*dict.fromkeys(names)], lang)
            ck.fail((*key, i), label(f"pc_unknown_{kind}", lang, word=word) + hint)
        else:
            found.append(offer)
    return found


def _count(offers: list[Offer]) -> list[tuple[Offer, int]]:
    """Each distinct offer with how often it is listed, in first-listed order."""
    counts = Counter(o.id for o in offers)
    first = {o.id: o for o in reversed(offers)}
    return [(first[i], n) for i, n in counts.items()]


def _check_items(items: list[Offer], hero: Hero, key: Key, lang: str, ck: Checker) -> None:
    for problem in item_problems(items, hero, lang):
        ck.fail(key, problem)


def item_problems(items: list[Offer], hero: Hero, lang: str, strength: bool = True) -> list[str]:
    """What keeps a hero from carrying these town items together, in words («Предметы»: how many of
    each, the strength each and a pair need, the staff with no weapon, a pair that excludes another);
    none where he may carry them all. A config's hero holds what he uses; strength False leaves the
    strength out (the text's «использовать может»: an evening's hero may hold what he cannot use yet)."""
    who = hero.name or label("pc_the_hero", lang)
    counts = _count(items)
    out = []
    for offer, count in counts:
        name = offer.name[lang]
        if count > offer.max:
            out.append(label("pc_at_most", lang, name=name, max=offer.max, n=count))
        elif not strength:
            continue
        elif count == 2 and offer.pair_strength is not None and hero.strength < offer.pair_strength:
            out.append(label("pc_pair_strength", lang, name=name, need=offer.pair_strength, who=who,
                             has=hero.strength))  # fmt: skip
        elif hero.strength < offer.strength:
            out.append(label("pc_strength", lang, name=name, need=offer.strength, who=who, has=hero.strength))
    distinct = [o for o, _ in counts]
    if any(o.excludes_weapons for o in distinct) and any(o.weapon for o in distinct):
        staff = next(o for o in distinct if o.excludes_weapons)
        out.append(label("pc_staff", lang, name=staff.name[lang]))
    for pair in (o for o, n in counts if n >= 2):
        for other in (o for o in distinct if o.id in pair.pair_excludes):
            out.append(label("pc_pair_excludes", lang, name=pair.name[lang], other=other.name[lang]))
    return out
