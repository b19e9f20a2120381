"""What a hero holds: money, items and animals, and experience."""

from __future__ import annotations

import dataclasses
from typing import Any

from printkit.evening import WHY, Decided, Effect, EventKind, State
from printkit.plugin import Flag, Input, RefusedValue, Text, Whole, label

from ..model import rules_of
from .part import HERO, heroes_of, model_of

MONEY = 100_000  # the most money one record moves: far beyond any price in the town (3,300 $)
EXPERIENCE = 99_999


def _money(state: State, hero: str, change: int, why: str | None = None) -> Decided:
    found = heroes_of(state).find(hero)
    before = found.money or 0
    if before + change < 0:  # money is counted, never owed
        raise RefusedValue("sev_short", hero=found.name, money=before, spent=-change)
    return Decided({"hero": found.name, "change": change, "before": before, "after": before + change,
                    "why": (why or "").strip()})  # fmt: skip


def _money_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), money=int(effect["after"]))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _money_words(effect: Effect, lang: str) -> str:
    change = int(effect["change"])
    why = effect.get("why", "")
    why = dict(why).get(lang, "") if isinstance(why, dict) else why  # the rules' own cause, in each language
    key = "sev_money_why" if why else "sev_money"
    return label(key, lang, hero=effect["hero"], sign="+" if change >= 0 else "−",
                 sum=label("sum_money", lang, n=abs(change)), before=label("sum_money", lang, n=effect["before"]),
                 after=label("sum_money", lang, n=effect["after"]), why=why)  # fmt: skip


MONEY_EVENT = EventKind(
    "money",
    {"ru": "Герой тратит или получает деньги; в долг не тратят.",
     "en": "A hero spends or gains money; never below nothing."},
    (
        HERO,
        Input("change", Whole(-MONEY, MONEY), {"ru": "Сколько $: минус — потрачено.",
                                               "en": "How many $: minus for spent."},
              flag="--change", required=True),
        WHY,
    ),
    _money,
    _money_applied,
    _money_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record money strategiya.sqlite --hero Гром --change -90 --why оковы",
    ),
    actor="hero",
    masters=lambda values: int(values.get("change") or 0) > 0,  # money gained: the master says so
)  # fmt: skip


def _offer(rules: Any, word: str) -> tuple[str, Any] | None:
    """A town item, animal or scroll a word names exactly (id or a name, case and ё aside), with its
    kind (a scroll's is "scrolls": the spell a hero holds)."""
    from printkit.plugin import fold

    folded = fold(word.strip())
    for kind in ("items", "animals", "scrolls"):
        for o in rules.town.get(kind, ()):
            if folded in {fold(o.id), *(fold(n) for n in o.name.values())}:
                return kind, o
    return None


def _items(state: State, hero: str, item: str, lost: bool = False, hidden: bool = False) -> Decided:
    part = heroes_of(state)
    found = part.find(hero)
    words = " ".join(item.split())
    if not words:
        raise RefusedValue("sev_no_item_words")
    offer = _offer(rules_of(part.session.ruleset), words)
    kind, key = (offer[0], offer[1].id) if offer else ("items", words)
    name = dict(offer[1].name) if offer else {"ru": words, "en": words}
    held = _held(found, kind)
    # «Свитки»: a spell learned is his for as long as he lives (used any number of times), and the
    # town buys back everything but scrolls («Перечень вещей»): none is lost, none held twice.
    if kind == "scrolls" and lost:
        raise RefusedValue("sev_spell_kept", hero=found.name, item=name)
    if kind == "scrolls" and key in held:
        raise RefusedValue("sev_spell_twice", hero=found.name, item=name)
    # «Услуги» 2): the black market sells items and spells unseen by the rivals, for a quarter of the
    # price more, rounded up, and «Ложа магов» its animals too (this kit's reading, the booklet's);
    # a town's offer only (a find is not bought).
    if hidden and offer is None:
        raise RefusedValue("sev_hidden_kind", item=name)
    if lost:
        key = next((h for h in held if h == key or h.casefold() == key.casefold()), "")
        if not key:
            raise RefusedValue("sev_no_item", hero=found.name, item=words)
        hidden = key in found.hidden and (hidden or held.count(key) == found.hidden.count(key))
    if kind == "items" and not lost and offer is not None:
        _carried(part, found, offer[1])
    effect: dict[str, object] = {"hero": found.name, "item": key, "kind": kind, "name": name, "lost": lost}
    if hidden:
        price = getattr(offer[1], "price", None) if offer is not None else None
        effect["hidden"] = True
        effect["fee"] = -(-int(price) // 4) if price else None
    if kind == "scrolls" and not lost and offer is not None:
        effect["study"] = _study(part, found, offer[1])
    return Decided(effect)


def _carried(part: Any, hero: Any, offer: Any) -> None:
    """«Предметы»: a town item the hero may not wear with what he holds (two swords and a shield, a
    weapon with the staff, a third sword) is refused, in the words the config's check uses. Strength
    short is not: the text says who may use an item, and a hero may hold one for later."""
    from ..party import item_problems

    rules = rules_of(part.session.ruleset)
    model = model_of(part.session, hero)
    if model is None:
        return
    held = [o for o in (rules.offer("items", i) for i in hero.items) if o is not None]
    problems = {lang: item_problems([*held, offer], model, lang, strength=False) for lang in ("ru", "en")}
    if problems["en"]:
        raise RefusedValue("sev_cannot_carry", hero=hero.name, item=dict(offer.name),
                           why={lang: "; ".join(problems[lang]) for lang in ("ru", "en")})  # fmt: skip


# «Свитки»: a spell is learned by sitting out the scroll's turns; every point of intellect a hero
# lacks for it costs 3 turns more («за каждое очко интеллекта, которого не хватает»). Gaining the
# scroll starts no study (he may learn it later): the words say what it will take.
def _study(part: Any, hero: Any, scroll: Any) -> dict[str, object]:
    from ..heroes import intellect

    rules = rules_of(part.session.ruleset)
    model = model_of(part.session, hero)
    smart = intellect(rules, model) if model is not None else hero.intellect
    short = max(0, scroll.intellect - smart)
    per = rules.learning.turns_per_missing_point if rules.learning else 0
    return {"learn": dict(scroll.learn) if scroll.learn else None, "short": short, "extra": short * per,
            "needs": scroll.intellect}  # fmt: skip


_FIELD = {"items": "items", "animals": "animals", "scrolls": "spells"}  # a kind of the town's: what holds it


def _held(hero: Any, kind: str) -> tuple[str, ...]:
    return tuple(getattr(hero, _FIELD[kind]))


def _items_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    found = part.find(str(effect["hero"]))
    kind = str(effect["kind"])
    held = list(_held(found, kind))
    if effect["lost"]:
        held.remove(str(effect["item"]))  # one of them (two swords: one is lost)
    else:
        held.append(str(effect["item"]))
    now = tuple(held)
    hero = (
        dataclasses.replace(found, animals=now)
        if kind == "animals"
        else dataclasses.replace(found, spells=now)
        if kind == "scrolls"
        else dataclasses.replace(found, items=now)
    )
    if effect.get("hidden"):
        secret = list(found.hidden)
        if effect["lost"]:
            secret.remove(str(effect["item"]))
        else:
            secret.append(str(effect["item"]))
        hero = dataclasses.replace(hero, hidden=tuple(secret))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _items_words(effect: Effect, lang: str) -> str:
    said = label("sev_item_lost" if effect["lost"] else "sev_item_gained", lang, hero=effect["hero"],
                 item=effect["name"].get(lang, effect["item"]))  # fmt: skip
    if effect.get("hidden") and not effect["lost"]:
        fee = effect.get("fee")
        said += "; " + (label("sev_hidden_fee", lang, fee=label("sum_money", lang, n=fee)) if fee
                        else label("sev_hidden", lang))  # fmt: skip
    study = effect.get("study")
    if not isinstance(study, dict):
        return said
    learn = (study.get("learn") or {}).get(lang) or label("sev_study_unsaid", lang)
    said += "; " + label("sev_study", lang, learn=learn)
    if study["short"]:
        said += label("sev_study_short", lang, n=study["extra"], short=study["short"], needs=study["needs"])
    return said


def _items_veiled(effect: Effect, lang: str) -> str:
    """A rival's page: that a hero bought on the black market, not what."""
    if effect.get("hidden"):
        return label("sev_hidden_veiled", lang, hero=effect["hero"])
    return _items_words(effect, lang)


ITEMS_EVENT = EventKind(
    "items",
    {"ru": "Герой получает или теряет вещь (из города или найденную).",
     "en": "A hero gains or loses an item (a town's or a find)."},
    (
        HERO,
        Input("item", Text(60), {"ru": "Вещь, животное или свиток (Меч, Конь, Оковы) или находка словами.",
                                 "en": "The item, animal or scroll (Sword, Horse, Shackles), or a find in words."},
              flag="--item", required=True),
        Input("lost", Flag(), {"ru": "Вещь потеряна (продана, отдана).", "en": "The item is lost (sold, given away)."},
              flag="--lost"),
        Input("hidden", Flag(), {"ru": "Куплено на чёрном рынке: соперники не видят, что именно.",
                                 "en": "Bought on the black market: the rivals do not see what."}, flag="--hidden"),
    ),
    _items,
    _items_applied,
    _items_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record items strategiya.sqlite --hero Гром --item Меч --lost",
        "printkit evening record items strategiya.sqlite --hero Искра --item Порча --hidden",
    ),
    actor="hero",
    masters=lambda values: not values.get("lost"),  # a thing gained: the master says so
    secret=_items_veiled,
)  # fmt: skip


def _experience(state: State, hero: str, change: int, why: str | None = None) -> Decided:
    part = heroes_of(state)
    found = part.find(hero)
    if found.experience + change < 0:
        raise RefusedValue("sev_no_experience", hero=found.name, experience=found.experience, n=-change)
    figures = rules_of(part.session.ruleset).heroes
    per = figures.experience_per_point if figures is not None else 10
    after = found.experience + change
    # «Интеллект»: every 10 experience give a point of personal potential, to be spent at once
    points = max(after // per - found.experience // per, 0)
    return Decided({"hero": found.name, "change": change, "before": found.experience, "after": after,
                    "points": points, "why": (why or "").strip()})  # fmt: skip


def _experience_applied(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), experience=int(effect["after"]))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _experience_words(effect: Effect, lang: str) -> str:
    change = int(effect["change"])
    why = effect.get("why", "")
    why = dict(why).get(lang, "") if isinstance(why, dict) else why  # the rules' own cause, in each language
    key = "sev_experience_why" if why else "sev_experience"
    said = label(key, lang, hero=effect["hero"], signed=f"{change:+d}".replace("-", "−"), before=effect["before"],
                 after=effect["after"], why=why)  # fmt: skip
    if effect.get("points"):
        said += "; " + label("sev_points", lang, n=effect["points"])
    return said


EXPERIENCE_EVENT = EventKind(
    "experience",
    {"ru": "Герой получает опыт (каждые 10 — очко личного потенциала).",
     "en": "A hero gains experience (every 10: a point of personal potential)."},
    (
        HERO,
        Input("change", Whole(-EXPERIENCE, EXPERIENCE), {"ru": "Сколько опыта (минус — поправка).",
                                                         "en": "How much experience (minus: a correction)."},
              flag="--change", required=True),
        WHY,
    ),
    _experience,
    _experience_applied,
    _experience_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record experience strategiya.sqlite --hero Гром --change 4 --why горы",
    ),
    actor="hero",
    masters=lambda values: int(values.get("change") or 0) > 0,  # experience gained: the master says so
)  # fmt: skip
