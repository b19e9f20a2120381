"""Referee questions asked of a «Стратегия» evening: their inputs filled in, their outcome offered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.evening import Offered, State
from printkit.plugin import PrintkitError, RefusedValue, cell_name, label, parse_cell

from ..model import rules_of
from . import waters
from .cargo import mounted
from .part import Now, alive, heroes_of, model_of, models, unspent
from .ships import ship_for, water


def now(state: State, config: dict[str, Any], the_map: dict[str, Any] | None) -> None:
    """Each hero of the config with the lives, money, things, experience and skills the evening gives
    him now (a point of potential spent: the questions read his new strength, speed or intellect),
    and the map with the bridges and dams finished so far."""
    standing_map = waters.standing(heroes_of(state))
    if the_map is not None and standing_map is not None and standing_map is not heroes_of(state).session.game_map:
        waters.written(the_map, standing_map)  # a bridge or a dam finished: the map as it stands
    now = list(heroes_of(state).heroes)
    listed = [h for p in config.get("players") or [] if isinstance(p, dict)
              for h in p.get("heroes") or [] if isinstance(h, dict)]  # fmt: skip
    if len(listed) != len(now):
        return  # heroes the evening counts otherwise than the config lists them: left as written
    rules = rules_of(heroes_of(state).session.ruleset)
    for written, hero in zip(listed, now, strict=True):
        written["lives"] = hero.lives
        written["experience"] = hero.experience
        written["strength"], written["speed"], written["intellect"] = hero.strength, hero.speed, hero.intellect
        written["potential"] = unspent(heroes_of(state).session, hero)
        if hero.money is not None:
            written["money"] = hero.money
        # The town's items and animals (a fight reads a sword or a shield); a find the master wrote
        # in words is the evening's only, not a config's.
        written["items"] = _carriable(rules, heroes_of(state).session, hero)
        written["animals"] = [a for a in hero.animals if rules.offer("animals", a) is not None]
        written["spells"] = [s for s in hero.spells if rules.offer("scrolls", s) is not None]


def _carriable(rules: Any, session: Any, hero: Now) -> list[str]:
    """The town items a config may list for the hero, as the evening has him: each held item the
    config's check lets him carry with those before it (an evening recorded before items gained were
    checked may hold one more: the questions read him without it rather than refuse him)."""
    from ..party import item_problems

    model = model_of(session, hero)
    kept: list[Any] = []
    for i in hero.items:
        offer = rules.offer("items", i)
        if offer is not None and (model is None or not item_problems([*kept, offer], model, "en")):
            kept.append(offer)
    return [o.id for o in kept]


def _evening_hero(state: State, word: str) -> Now | None:
    """A hero of the evening by his name there, or by the word the config finds him by (a map
    marker, his config name); None for no hero of it."""
    part = heroes_of(state)
    try:
        return part.find(word)
    except RefusedValue:
        pass
    from ..heroes import find_hero

    try:
        found = find_hero(part.session, word).hero
    except PrintkitError:
        return None
    return next((part.find(name) for name, hero in models(part.session) if hero is found), None)


def _config_word(state: State, hero: Now) -> str:
    """The word a question's config finds an evening's hero by: his name, else his map marker."""
    from ..heroes import marked_heroes

    session = heroes_of(state).session
    model = dict(models(session)).get(hero.name)
    if model is not None and model.name:
        return str(model.name)
    return next((marker for marker, h in marked_heroes(session) if h is model), hero.name)


def given(state: State, question: str, values: dict[str, Any]) -> dict[str, Any]:
    """A route or a reach from a hero named where his cell goes: from the cell he stands on now,
    moving as he does (his own speed, lives and items: the config's hero, and the goods he carries
    unless a load was typed); a fight of the evening's heroes by their names there, the one attacked
    struck as from behind if he carries goods on foot (see _ambushed). A fallen hero neither walks
    nor fights."""
    if question == "fight" and values.get("heroes"):
        words = []
        for word in map(str, values["heroes"]):
            hero = _evening_hero(state, word)
            if hero is not None and hero.lives <= 0:
                raise RefusedValue("sev_dead_fight", hero=hero.name)
            words.append(word if hero is None else _config_word(state, hero))
        ambushed = _ambushed(state, values)
        if ambushed is not None and ambushed[1] == "b" and not ambushed[2]:
            values = {**values, "backstab": True}
        return {**values, "heroes": tuple(words)}
    if question not in ("route", "reach"):
        return values
    values, walker = _walker(state, values)
    if walker is not None and walker.cargo and values.get("load_days") is None:
        values = {**values, "load_days": walker.laden}  # his strength is the config's hero's, as it stands
    return _with_ship(state, values, walker) if walker is not None else values


# «Пропуски ходов и некоторые уточнения»: a hero attacked while he carries goods takes damage as from
# behind, unless he rides an animal or is aboard a ship. In the fight question the side that rolls
# first (--first) is the one who attacks («Сила»: the initiator rolls first), so the attacked is the
# other; its --backstab doubles B's first damage only. So the evening fills it in for a laden B
# attacked by A, and for a laden A attacked by B (which the question cannot double) says so instead.
def _ambushed(state: State, values: Mapping[str, Any]) -> tuple[Now, str, str | None] | None:
    """The hero attacked in a fight of the evening's heroes if he carries goods: (him, his side,
    what he rides or None); None where the attacked carries nothing or is no hero of the evening."""
    words = list(map(str, values.get("heroes") or ()))
    side = "b" if str(values.get("first") or "a") == "a" else "a"
    if len(words) != 2:
        return None
    hero = _evening_hero(state, words[1 if side == "b" else 0])
    if hero is None or not hero.cargo or hero.lives <= 0:
        return None
    return hero, side, mounted(heroes_of(state), hero)


def told(state: State, question: str, typed: Mapping[str, Any], values: Mapping[str, Any]) -> tuple[
        Mapping[str, str], ...]:  # fmt: skip
    """What a fight of the evening's heroes says of goods carried: the backstab the evening filled
    in, the one it could not (side A attacked), or none for a rider or a sailor; a lookup of an
    object explored before, what it gave then (the master's: a lookup is his)."""
    if question == "lookup":
        return _looked_before(state, values)
    if question != "fight":
        return ()
    apart = _apart(state, typed)
    ambushed = _ambushed(state, typed)
    if ambushed is None:
        return apart
    hero, side, ridden = ambushed
    if ridden is not None:
        key, what = "sev_told_ridden", ridden
    elif side == "a":
        key, what = "sev_told_backstab_a", ""
    elif values.get("surrounded") or typed.get("backstab"):
        return ()  # asked as typed: surrounded's ×3 is the greater
    else:
        key, what = "sev_told_backstab", ""
    return (
        *apart,
        {lang: label(key, lang, hero=hero.name, ridden=_ridden(state, what, lang)) for lang in ("ru", "en")},
    )


def _looked_before(state: State, values: Mapping[str, Any]) -> tuple[Mapping[str, str], ...]:
    from .explored import object_key

    said = values.get("words")
    words = " ".join(map(str, said)) if isinstance(said, list | tuple) else str(said or "")
    key = object_key(state, words)
    found = next((e for e in heroes_of(state).explored if e.key == key), None) if key else None
    if found is None:
        return ()
    return ({lang: label("sev_looked_before", lang, turn=found.turn, gave=found.gave,
                         spent="; " + label("sev_explored_spent", lang) if found.spent else "")
             for lang in ("ru", "en")},)  # fmt: skip


def _apart(state: State, typed: Mapping[str, Any]) -> tuple[Mapping[str, str], ...]:
    """«Сила»: a fight is of heroes on one cell; two heroes of the evening on two cells are told so
    (the answer stands: the master may be asking ahead)."""
    words = list(map(str, typed.get("heroes") or ()))
    heroes = [_evening_hero(state, w) for w in words] if len(words) == 2 else []
    if len(heroes) != 2 or any(h is None or h.cell is None for h in heroes):
        return ()
    a, b = heroes
    assert a is not None and b is not None
    if a.cell == b.cell:
        return ()
    return (
        {lang: label("sev_told_apart", lang, a=a.name, b=b.name, at_a=a.cell, at_b=b.cell) for lang in ("ru", "en")},
    )


def _fallen(state: State, typed: Mapping[str, Any]) -> Offered:
    """«Сила»: a fight of two of the evening's heroes on one cell lasts until one falls; either end
    is offered, the fallen one's lives to none by the other's hand (the winner's point with it)."""
    words = list(map(str, typed.get("heroes") or ()))
    heroes = [_evening_hero(state, w) for w in words] if len(words) == 2 else []
    if len(heroes) != 2 or any(h is None or h.lives <= 0 or h.cell is None for h in heroes):
        return ()
    a, b = heroes
    assert a is not None and b is not None
    if a.cell != b.cell or a.name == b.name:
        return ()
    return tuple(("lives", {"hero": lost.name, "change": -lost.lives, "by": won.name})
                 for won, lost in ((a, b), (b, a)))  # fmt: skip


def _ridden(state: State, what: str, lang: str) -> str:
    """What a hero rides, in words: an animal's name, or a ship's."""
    if not what:
        return ""
    if what.startswith("ship:"):
        return label("sev_told_ship", lang, ship=what[5:])
    offer = rules_of(heroes_of(state).session.ruleset).offer("animals", what)
    return str(offer.name[lang]) if offer is not None else what


def _walker(state: State, values: dict[str, Any]) -> tuple[dict[str, Any], Now | None]:
    """A route's or a reach's values with the evening's hero filled in (his cell for a start that
    names him), and that hero (None where none is named)."""
    named = _evening_hero(state, str(values["hero"])) if values.get("hero") else None
    if named is not None:
        values = {**values, "hero": _config_word(state, alive(named))}
    start = values.get("start")
    if not isinstance(start, str):
        return values, named
    try:
        parse_cell(start)
        return values, named  # a cell: asked as typed
    except RefusedValue:
        pass
    hero = _evening_hero(state, start)
    if hero is None:
        return values, named  # neither: the question says the cell is not one
    if alive(hero).cell is None:
        raise RefusedValue("sev_nowhere", hero=hero.name)
    return {**values, "start": hero.cell, "hero": values.get("hero") or _config_word(state, hero)}, named or hero


def _with_ship(state: State, values: dict[str, Any], hero: Now) -> dict[str, Any]:
    """«Строительство» 4): a hero whose side has a ship sails by it (its builders' intellect), from
    where it lies (the one he is aboard, else his side's nearest), unless the question was given a
    ship; a hero who starts on other water than the ship's is not aboard it and goes without."""
    part = heroes_of(state)
    boat = ship_for(part, hero)
    start = values.get("start")
    if boat is None or values.get("ship") is not None or not isinstance(start, str):
        return values
    try:
        cell = cell_name(*parse_cell(start))
    except RefusedValue:
        return values
    if cell == boat.cell:
        return {**values, "ship": boat.intellect}  # aboard: he starts on the ship's own water
    if water(part, cell):
        return values
    return {**values, "ship": boat.intellect, "ship_at": values.get("ship_at") or boat.cell}


# What a route typed with these is not the evening's hero's: it is reckoned, not offered as his move
# (a load typed is not the one the evening filled in, which is his; strength is 0 when not typed).
_NOT_HIS = ("lives", "speed", "potential", "load_days")


def offers(state: State, question: str, typed: Mapping[str, Any], values: Mapping[str, Any],
            answer: Any) -> Offered:  # fmt: skip
    """A route of a hero from where he stands is offered as his move this turn: to the cell its
    first turn ends on; a lookup on the master's page, as the object explored, with what it holds;
    a fight of two heroes of the evening, as either one fallen."""
    if question == "lookup" and values.get("words") and hasattr(answer, "entry"):
        said = values["words"]  # the lookup's words as typed: one string, or one a word
        words = " ".join(" ".join(map(str, said) if not isinstance(said, str) else said.split()).split())
        gave = answer.text or answer.entry.say(heroes_of(state).session.language)
        return (("explored", {"what": words, "gave": " ".join(str(gave).split())[:200]}),) if len(words) <= 80 else ()
    if question == "fight":
        return _fallen(state, typed)
    legs = getattr(answer, "legs", None)
    if question != "route" or not legs or not legs[0] or not values.get("hero"):
        return ()
    if any(typed.get(name) is not None for name in _NOT_HIS) or typed.get("strength"):
        return ()
    hero = _evening_hero(state, str(values["hero"]))
    if hero is None or hero.cell is None:
        return ()
    end = str(legs[0][-1])
    if parse_cell(str(values.get("start", ""))) != parse_cell(hero.cell) or end == hero.cell:
        return ()
    return (("move", {"hero": hero.name, "to": end}),)
