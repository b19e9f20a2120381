"""Personal potential spent on a hero's skills, and what his strength, speed and intellect give."""

from __future__ import annotations

import dataclasses
from typing import Any

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Choice, Flag, Input, RefusedValue, Whole, label

from ..model import rules_of
from .lives import lives_applied
from .part import HERO, Now, alive, heroes_of, model_of, unspent

SKILLS = ("strength", "speed", "intellect")
POINTS = 99  # the most points one record spends: far beyond a hero's (a total above 25 is the top tier)


def deathzone_loss(state: State, hero: Now) -> int | None:
    """Lives a turn in the death zone lost by this hero as he stands (3, 1 from a total of 7, none
    from 11, none for a hunter); None where the ruleset or the config has no such hero or terrain."""
    from ..heroes import DEATHZONE, terrain_figures

    part = heroes_of(state)
    model = model_of(part.session, hero)
    if model is None:
        return None
    rules = rules_of(part.session.ruleset)
    return next((-f.lives_per_turn for f in terrain_figures(rules, model) if f.terrain.id == DEATHZONE), None)


def with_skill(hero: Now, skill: str, value: int) -> Now:
    if skill == "strength":
        return dataclasses.replace(hero, strength=value)
    return dataclasses.replace(hero, speed=value) if skill == "speed" else dataclasses.replace(hero, intellect=value)


def _spend(state: State, hero: str, skill: str, points: int | None = None, outside: bool = False,
           bar_only: bool = False) -> Decided:  # fmt: skip
    """«Потенциал»: points of personal potential go to one skill and stay there. The evening counts
    the points it can (the config's unspent ones, a point per 10 experience gained here and one per
    fight won here against another player's hero); a point from outside its count (common potential
    given) is the master's word."""
    from ..heroes import max_lives

    part = heroes_of(state)
    found = alive(part.find(hero))
    points = points or 1
    free = unspent(part.session, found)
    if not outside and points > free:
        raise RefusedValue("sev_no_points", hero=found.name, n=free, asked=points)
    before = getattr(found, skill)
    after = with_skill(found, skill, before + points)
    rules = rules_of(part.session.ruleset)
    model = model_of(part.session, after)
    most = max_lives(rules, model) if model is not None else found.most
    # «Сила»: every full 3 strength raise the bar of lives by 5, and (the example: strength 9, his
    # lives are 25) his lives with it; bar_only, the other reading: the bar alone, lives as they are.
    lives = found.lives if bar_only else found.lives + max(most - found.most, 0)
    return Decided({"hero": found.name, "skill": skill, "points": points, "before": before, "after": before + points,
                    "total_before": found.total, "total_after": after.total, "most_before": found.most,
                    "most_after": most, "lives_before": found.lives, "lives_after": lives,
                    "zone_before": deathzone_loss(state, found), "zone_after": deathzone_loss(state, after),
                    "outside": outside, "bar_only": bar_only,
                    "left": free if outside else free - points})  # fmt: skip


def spent_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    found = part.find(str(effect["hero"]))
    points = int(effect["points"])
    hero = dataclasses.replace(with_skill(found, str(effect["skill"]), int(effect["after"])),
                               most=int(effect["most_after"]),
                               spent=found.spent + (0 if effect["outside"] else points))  # fmt: skip
    state = dataclasses.replace(state, part=part.with_hero(hero))
    if int(effect["lives_after"]) != found.lives:  # lives over 3 again: a wound's count ends (lives)
        state = lives_applied(state, {"hero": hero.name, "after": int(effect["lives_after"])})
    return state


def _words(effect: Effect, lang: str) -> str:
    skill = label(str(effect["skill"]), lang).lower()
    said = label("sev_potential", lang, hero=effect["hero"], skill=skill, n=effect["points"],
                 before=effect["before"], after=effect["after"], total_before=effect["total_before"],
                 total_after=effect["total_after"])  # fmt: skip
    if effect["most_after"] != effect["most_before"]:
        key = "sev_potential_bar" if effect["bar_only"] else "sev_potential_lives"
        said += "; " + label(key, lang, most=effect["most_after"], lives=effect["lives_after"])
    zone_before, zone_after = effect.get("zone_before"), effect.get("zone_after")
    if zone_before is not None and zone_after is not None and zone_before != zone_after:
        said += "; " + label("sev_potential_zone", lang, n=zone_after, before=zone_before)
    key = "sev_potential_outside" if effect["outside"] else "sev_potential_left"
    return said + "; " + label(key, lang, n=effect["left"])


def _skill_names() -> dict[str, Any]:
    return {"strength": {"ru": "сила", "en": "strength"}, "speed": {"ru": "скорость", "en": "speed"},
            "intellect": {"ru": "интеллект", "en": "intellect"}}  # fmt: skip


POTENTIAL_EVENT = EventKind(
    "potential",
    {"ru": "Герой вкладывает очки личного потенциала в силу, скорость или интеллект (навсегда).",
     "en": "A hero puts points of personal potential into strength, speed or intellect (for good)."},
    (
        HERO,
        Input("skill", Choice(SKILLS, names=_skill_names(), aliases={"сила": "strength", "скорость": "speed",
                                                                      "интеллект": "intellect"}),
              {"ru": "Навык: strength (сила), speed (скорость), intellect (интеллект).",
               "en": "The skill: strength, speed or intellect."}, flag="--skill", required=True),
        Input("points", Whole(1, POINTS), {"ru": "Сколько очков (1, если не сказано).",
                                           "en": "How many points (1 unless given)."}, flag="--points"),
        Input("outside", Flag(), {"ru": "Очки не из счёта вечера: переданный общий потенциал, победа, "
                                        "не записанная в вечер (слово мастера).",
                                  "en": "Points outside the evening's count: common potential given, a win "
                                        "the evening did not record (the master's word)."},
              flag="--outside"),
        Input("bar_only", Flag(), {"ru": "Сила поднимает лишь предел жизней, не сами жизни (другое прочтение).",
                                   "en": "Strength raises only the bar of lives, not the lives (the other reading)."},
              flag="--bar-only"),
    ),
    _spend,
    spent_applied,
    _words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record experience strategiya.sqlite --hero Гром --change 3",
        "printkit evening record potential strategiya.sqlite --hero Гром --skill strength",
    ),
    actor="hero",
    masters=lambda values: bool(values.get("outside")),  # points the evening cannot count: the master's word
)  # fmt: skip
