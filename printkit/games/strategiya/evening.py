"""A «Стратегия» evening: every hero's cell and lives, moved and wounded as the table plays."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.evening import WHY, Countdown, Decided, Effect, EventKind, Offered, State, Table
from printkit.plugin import Flag, Input, PrintkitError, RefusedValue, Text, Whole, cell_name, label, parse_cell

from .heroes import current_lives, max_lives
from .model import rules_of, session_of

LIVES = 1000  # the most lives one record moves: far beyond any hero's


@dataclass(frozen=True)
class Now:
    """A hero as the evening has him: whose, where, how many lives, his money, things and experience."""

    name: str
    player: str
    lives: int
    most: int  # the lives his strength gives (the hero sheet's figure)
    cell: str | None = None
    money: int | None = None  # None: the config gave none and nothing was recorded (a blank on his sheet)
    items: tuple[str, ...] = ()  # a town item's id, or an adventure's find in words
    animals: tuple[str, ...] = ()  # town animals' ids
    experience: int = 0


@dataclass(frozen=True)
class Explored:
    """An object the master marked explored: which (its lookup's words, or its cell), what it gave."""

    key: str  # section:terrain:number, or cell:C4 for an object known by its cell alone
    what: Mapping[str, str]  # the object in words, in each language
    gave: str
    turn: int


@dataclass(frozen=True)
class Heroes:
    """The «Стратегия» part of an evening: every hero, player by player, and the objects explored
    (the master's alone: what the secret sheets hid stays with him)."""

    heroes: tuple[Now, ...] = ()
    session: Any = field(default=None, compare=False, repr=False)
    explored: tuple[Explored, ...] = ()
    # «Гильдия убийц» 4): a hero under an assassination order: (hero, lives a turn, turns left).
    contracts: tuple[tuple[str, int, int], ...] = ()

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
            out.append(Now(name, owner, current_lives(rules, hero), max_lives(rules, hero), None, hero.money,
                           tuple(hero.items), tuple(hero.animals), hero.experience))  # fmt: skip
    return Heroes(tuple(out), session)


# Whom an event of a hero is about.
HERO = Input("hero", Text(80), {"ru": "Герой.", "en": "The hero."}, flag="--hero", required=True)


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
    wounded = any(c.key == f"wound:{found.name}" for c in state.countdowns)
    # A town, a castle or healing magic saves the wounded (the 10 turns) and the hero under an order
    # (its lives a turn): «Раны», «Гильдия убийц» 4).
    in_danger = wounded or part.contract(found.name) is not None
    return Decided({"hero": found.name, "from": found.cell, "to": cell_name(x, y),
                    "saved": in_danger and game_map is not None and _shelter(game_map, x, y)})  # fmt: skip


def _shelter(game_map: Any, x: int, y: int) -> bool:
    """«Раны»: a wounded hero in a town or a castle is saved (the map's towns, ports and castles)."""
    found = game_map.object_at(x, y)
    if found is None:
        return False
    what = f"{found.kind} {found.detail('structure') or ''} {found.name or ''}".casefold()
    return found.kind in ("town", "port") or "castle" in what or "замок" in what


def _moved(state: State, effect: Effect) -> State:
    part = _heroes(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), cell=str(effect["to"]))
    state = dataclasses.replace(state, part=part.with_hero(hero))
    if not effect.get("saved"):
        return state
    kept = tuple(c for c in _heroes(state).contracts if c[0] != hero.name)
    state = dataclasses.replace(state, part=dataclasses.replace(_heroes(state), contracts=kept))
    return state.cancelling(f"wound:{hero.name}")


def _move_words(effect: Effect, lang: str) -> str:
    key = "sev_moved" if effect.get("from") else "sev_placed"
    said = label(key, lang, **effect)
    return said + "; " + label("sev_saved", lang) if effect.get("saved") else said


MOVE = EventKind(
    "move",
    {"ru": "Герой переходит на клетку (или ставится на карту).", "en": "A hero moves to a cell (or onto the map)."},
    (
        HERO,
        Input("to", Text(8), {"ru": "Клетка, куда он пришёл (C4).", "en": "The cell he reaches (C4)."},
              flag="--to", required=True),
    ),
    _move,
    _moved,
    _move_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record move strategiya.sqlite --hero Гром --to E3",
    ),
    actor="hero",
)  # fmt: skip


# ---- lives ---------------------------------------------------------------------------------------


def _lives(state: State, hero: str, change: int, why: str | None = None) -> Decided:
    found = _heroes(state).find(hero)
    after = min(max(found.lives + change, 0), max(found.most, found.lives))  # never above what strength gives
    return Decided({"hero": found.name, "change": change, "before": found.lives, "after": after,
                    "why": (why or "").strip()})  # fmt: skip


# «Раны»: a hero with 3 lives or fewer is wounded and dies after 10 turns unless healed (in a town, a
# castle, by healing magic). Reading: the 10 turns are his player's own turns, the countdown starting
# when the lives fall to 3 and ending when they rise above 3 again (healed) or reach 0.
WOUNDED_AT = 3
WOUND_TURNS = 10


def _wound(state: State, hero: Now) -> State:
    """The state with a hero's wound counting: he dies on his player's WOUND_TURNS-th turn from now."""
    due = state.next_turn_of(hero.player, WOUND_TURNS)
    what = {lang: label("sev_wound_due", lang, hero=hero.name, n=WOUND_TURNS) for lang in ("ru", "en")}
    dies = {"hero": hero.name, "change": -hero.lives, "before": None, "after": 0, "why": "",
            "cause": {lang: label("sev_died_of_wounds", lang) for lang in ("ru", "en")}}  # fmt: skip
    return state.counting(Countdown(f"wound:{hero.name}", what, due, (("lives", dies),)))


def _opening(state: State) -> State:
    """A hero who comes to the evening with 3 lives or fewer is wounded from its start. Reading: his
    10 turns count from here, as the evening cannot know how many went by before it; the master
    who knows records his lives again when they fall due, or heals him."""
    for hero in _heroes(state).heroes:
        if 0 < hero.lives <= WOUNDED_AT:
            state = _wound(state, hero)
    return state


def _lives_applied(state: State, effect: Effect) -> State:
    part = _heroes(state)
    found = part.find(str(effect["hero"]))
    after = int(effect["after"])
    state = dataclasses.replace(state, part=part.with_hero(dataclasses.replace(found, lives=after)))
    key = f"wound:{found.name}"
    if after == 0 or after > WOUNDED_AT:
        return state.cancelling(key)
    if found.lives > WOUNDED_AT or not any(c.key == key for c in state.countdowns):
        return _wound(state, dataclasses.replace(found, lives=after))
    return state


def _lives_words(effect: Effect, lang: str) -> str:
    cause = effect.get("cause")
    if isinstance(cause, dict):
        return label("sev_lives_cause", lang, hero=effect["hero"], cause=cause.get(lang, ""), after=effect["after"])
    key = "sev_lives_why" if effect.get("why") else "sev_lives"
    change = int(effect["change"])
    words = label(key, lang, signed=f"{change:+d}".replace("-", "−"), n=abs(change), **effect)
    if int(effect["after"]) == 0:
        return words + "; " + label("sev_fallen", lang)
    if 0 < int(effect["after"]) <= WOUNDED_AT < int(effect["before"]):
        return words + "; " + label("sev_wounded", lang, n=WOUND_TURNS)
    return words


def _turn_ends(state: State) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """«Смертельная зона»: each hero of the player whose turn ends who stands on a terrain that takes
    lives (3 in the death zone; 1 from potential 7, none from 11, none for the hunter) loses them."""
    from .heroes import terrain_figures

    part = _heroes(state)
    session = part.session
    if session.game_map is None:
        return ()
    rules = rules_of(session.ruleset)
    models = {name: hero for name, hero in _models(session)}
    out: list[tuple[str, Mapping[str, Any]]] = []
    for hero in part.heroes:
        if hero.player != state.whose or hero.cell is None or hero.lives <= 0 or hero.name not in models:
            continue
        x, y = parse_cell(hero.cell)
        terrain = session.game_map.terrain(x, y)
        model = dataclasses.replace(models[hero.name], lives=hero.lives)
        # lives_per_turn is signed as the sheets print it: −3 in the death zone
        loss = -next((f.lives_per_turn for f in terrain_figures(rules, model) if f.terrain.id == terrain), 0)
        if loss > 0:
            name = next(t.name for t in rules.terrains if t.id == terrain)
            lost = _lives(state, hero.name, -loss).effect
            cause = {lang: label("sev_zone_cause", lang, terrain=name[lang], n=loss) for lang in ("ru", "en")}
            out.append(("lives", {**lost, "cause": cause}))
            state = _lives_applied(state, {**lost, "cause": cause})
    return (*out, *_orders_end(state))


def _orders_end(state: State) -> list[tuple[str, Mapping[str, Any]]]:
    """«Гильдия убийц» 4): a hero under an order loses its lives at the end of each of his player's
    turns, four in a row (reading: the first turn of his player's to end after the order), unless a
    town, a castle or healing magic saved him first."""
    out: list[tuple[str, Mapping[str, Any]]] = []
    for name, per_turn, left in _heroes(state).contracts:
        hero = _heroes(state).find(name)
        if hero.player != state.whose or left <= 0:
            continue
        if hero.lives > 0:
            lost = _lives(state, name, -per_turn).effect
            cause = {lang: label("sev_order_cause", lang, n=per_turn) for lang in ("ru", "en")}
            out.append(("lives", {**lost, "cause": cause}))
            state = _lives_applied(state, {**lost, "cause": cause})
        tick = {"hero": name, "per_turn": per_turn, "left": left - 1 if hero.lives > 0 and left > 1 else 0,
                "tick": True}  # fmt: skip
        out.append(("contract", tick))
        state = _ordered(state, tick)
    return out


def _models(session: Any) -> list[tuple[str, Any]]:
    """Each hero of the config by the name the evening gives him."""
    out = []
    for i, party in enumerate(session_of(session).parties):
        owner = session.players[i].name or label("ev_player_n", session.language, n=i + 1)
        for j, hero in enumerate(party.heroes):
            out.append((hero.name or label("sev_hero_n", session.language, player=owner, n=j + 1), hero))
    return out


LIVES_EVENT = EventKind(
    "lives",
    {"ru": "Герой теряет или восстанавливает жизни.", "en": "A hero loses or regains lives."},
    (
        HERO,
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
        "printkit evening record lives strategiya.sqlite --hero Гром --change -3 --why бой",
    ),
    actor="hero",
    masters=lambda values: int(values.get("change") or 0) > 0,  # lives regained: the master says so
)  # fmt: skip


# ---- money, items, experience --------------------------------------------------------------------

MONEY = 100_000  # the most money one record moves: far beyond any price in the town (3,300 $)
EXPERIENCE = 99_999


def _money(state: State, hero: str, change: int, why: str | None = None) -> Decided:
    found = _heroes(state).find(hero)
    before = found.money or 0
    if before + change < 0:  # money is counted, never owed
        raise RefusedValue("sev_short", hero=found.name, money=before, spent=-change)
    return Decided({"hero": found.name, "change": change, "before": before, "after": before + change,
                    "why": (why or "").strip()})  # fmt: skip


def _money_applied(state: State, effect: Effect) -> State:
    part = _heroes(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), money=int(effect["after"]))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _money_words(effect: Effect, lang: str) -> str:
    change = int(effect["change"])
    key = "sev_money_why" if effect.get("why") else "sev_money"
    return label(key, lang, hero=effect["hero"], sign="+" if change >= 0 else "−",
                 sum=label("sum_money", lang, n=abs(change)), before=label("sum_money", lang, n=effect["before"]),
                 after=label("sum_money", lang, n=effect["after"]), why=effect.get("why", ""))  # fmt: skip


# ---- a turn skipped to rest («Сила», «Объекты»: towns) --------------------------------------------------


def _rest(state: State, hero: str) -> Decided:
    """A hero skips his turn: in a town he gets the ruleset's town_heal lives back (3), elsewhere
    rest_heal (1) if his lives are above wounded_at (3: a light wound); a wounded hero outside a
    town gets none; never above what his strength gives."""
    part = _heroes(state)
    found = _alive(part.find(hero))
    game_map = part.session.game_map
    town = False
    if found.cell is not None and game_map is not None:
        spot = game_map.object_at(*parse_cell(found.cell))
        town = spot is not None and spot.kind in ("town", "port")
    heroes = rules_of(part.session.ruleset).heroes
    assert heroes is not None  # a «Стратегия» ruleset has its heroes' figures
    lives = heroes.lives
    gain = lives.town_heal if town else lives.rest_heal if found.lives > lives.wounded_at else 0
    lost = _lives(state, found.name, gain).effect
    return Decided({**lost, "rest": "town" if town else "field"})


def _rested(state: State, effect: Effect) -> State:
    return _lives_applied(state, effect)


def _rest_words(effect: Effect, lang: str) -> str:
    gained = int(effect["after"]) - int(effect["before"])
    wounded = effect["rest"] == "field" and int(effect["before"]) <= WOUNDED_AT
    key = f"sev_rest_{effect['rest']}" if gained else "sev_rest_none" if wounded else "sev_rest_full"
    return label(key, lang, hero=effect["hero"], n=gained, before=effect["before"], after=effect["after"])


REST_EVENT = EventKind(
    "rest",
    {"ru": "Герой пропускает ход: в городе +3 жизни, в другом месте +1 при лёгком ранении (жизней больше 3).",
     "en": "A hero skips his turn: 3 lives back in a town, 1 elsewhere when lightly hurt (over 3 lives)."},
    (HERO,),
    _rest,
    _rested,
    _rest_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record rest strategiya.sqlite --hero Гром",
    ),
    actor="hero",
)  # fmt: skip


# ---- an assassination order («Гильдия убийц» 4) -----------------------------------------------------

ORDER_TURNS = 4  # «он будет терять жизни 4 хода подряд»


def _order(state: State, hero: str, lives: int) -> Decided:
    found = _alive(_heroes(state).find(hero))
    return Decided({"hero": found.name, "per_turn": lives, "left": ORDER_TURNS})


def _ordered(state: State, effect: Effect) -> State:
    part = _heroes(state)
    name, left = str(effect["hero"]), int(effect["left"])
    kept = tuple(c for c in part.contracts if c[0] != name)
    now = (*kept, (name, int(effect["per_turn"]), left)) if left > 0 else kept
    return dataclasses.replace(state, part=dataclasses.replace(part, contracts=now))


def _order_words(effect: Effect, lang: str) -> str:
    if effect.get("tick"):
        key = "sev_order_left" if int(effect["left"]) else "sev_order_over"
        return label(key, lang, hero=effect["hero"], left=effect["left"])
    return label("sev_order", lang, hero=effect["hero"], n=effect["per_turn"], turns=effect["left"])


ORDER_EVENT = EventKind(
    "contract",
    {"ru": "Заказ на убийство сработал: герой теряет жизни четыре хода подряд, если его не спасут.",
     "en": "An assassination order takes effect: the hero loses lives four turns running unless saved."},
    (
        Input("hero", Text(80), {"ru": "На кого заказ.", "en": "The hero ordered."}, flag="--hero", required=True),
        Input("lives", Whole(1, 99), {"ru": "Жизней за ход: основной навык жертвы, какой выбрал заказчик.",
                                      "en": "Lives a turn: the victim's main skill, as the orderer chose."},
              flag="--lives", required=True),
    ),
    _order,
    _ordered,
    _order_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record contract strategiya.sqlite --hero Гром --lives 2",
    ),
    masters=lambda values: True,  # ordered in the dark: the master says when it takes effect
)  # fmt: skip


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
    """A town item or animal a word names exactly (id or a name, case and ё aside), with its kind."""
    from printkit.plugin import fold

    folded = fold(word.strip())
    for kind in ("items", "animals"):
        for o in rules.town.get(kind, ()):
            if folded in {fold(o.id), *(fold(n) for n in o.name.values())}:
                return kind, o
    return None


def _items(state: State, hero: str, item: str, lost: bool = False) -> Decided:
    part = _heroes(state)
    found = part.find(hero)
    words = " ".join(item.split())
    if not words:
        raise RefusedValue("sev_no_item_words")
    offer = _offer(rules_of(part.session.ruleset), words)
    kind, key = (offer[0], offer[1].id) if offer else ("items", words)
    name = dict(offer[1].name) if offer else {"ru": words, "en": words}
    held = found.animals if kind == "animals" else found.items
    if lost:
        key = next((h for h in held if h == key or h.casefold() == key.casefold()), "")
        if not key:
            raise RefusedValue("sev_no_item", hero=found.name, item=words)
    return Decided({"hero": found.name, "item": key, "kind": kind, "name": name, "lost": lost})


def _items_applied(state: State, effect: Effect) -> State:
    part = _heroes(state)
    found = part.find(str(effect["hero"]))
    animal = effect["kind"] == "animals"
    held = list(found.animals if animal else found.items)
    if effect["lost"]:
        held.remove(str(effect["item"]))  # one of them (two swords: one is lost)
    else:
        held.append(str(effect["item"]))
    now = dataclasses.replace(found, animals=tuple(held)) if animal else dataclasses.replace(found, items=tuple(held))
    return dataclasses.replace(state, part=part.with_hero(now))


def _items_words(effect: Effect, lang: str) -> str:
    return label("sev_item_lost" if effect["lost"] else "sev_item_gained", lang, hero=effect["hero"],
                 item=effect["name"].get(lang, effect["item"]))  # fmt: skip


ITEMS_EVENT = EventKind(
    "items",
    {"ru": "Герой получает или теряет вещь (из города или найденную).",
     "en": "A hero gains or loses an item (a town's or a find)."},
    (
        HERO,
        Input("item", Text(60), {"ru": "Вещь или животное (Меч, Конь) или находка словами.",
                                 "en": "The item or animal (Sword, Horse), or a find in words."},
              flag="--item", required=True),
        Input("lost", Flag(), {"ru": "Вещь потеряна (продана, отдана).", "en": "The item is lost (sold, given away)."},
              flag="--lost"),
    ),
    _items,
    _items_applied,
    _items_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record items strategiya.sqlite --hero Гром --item Меч --lost",
    ),
    actor="hero",
    masters=lambda values: not values.get("lost"),  # a thing gained: the master says so
)  # fmt: skip


def _experience(state: State, hero: str, change: int, why: str | None = None) -> Decided:
    part = _heroes(state)
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
    part = _heroes(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), experience=int(effect["after"]))
    return dataclasses.replace(state, part=part.with_hero(hero))


def _experience_words(effect: Effect, lang: str) -> str:
    change = int(effect["change"])
    key = "sev_experience_why" if effect.get("why") else "sev_experience"
    said = label(key, lang, hero=effect["hero"], signed=f"{change:+d}".replace("-", "−"), before=effect["before"],
                 after=effect["after"], why=effect.get("why", ""))  # fmt: skip
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


# ---- an object explored: the master's alone --------------------------------------------------------


def _object(state: State, words: str) -> tuple[str, dict[str, str], str | None]:
    """An object the lookup's words name (resources forest 3, in either order and language) or its
    cell (C4, where the map numbers it): (its key, its words in each language, its cell)."""
    from .lookup import _section, split_words

    part = _heroes(state)
    rules = rules_of(part.session.ruleset)
    game_map = part.session.game_map
    said = words.split()
    if len(said) == 1:
        x, y = parse_cell(said[0])
        cell = cell_name(x, y)
        if game_map is not None and not game_map.inside(x, y):
            raise RefusedValue("sev_off_map", cell=cell, width=game_map.width, height=game_map.height)
        found = game_map.object_at(x, y) if game_map is not None else None
        terrain_id = game_map.terrain(x, y) if game_map is not None else None
        if found is None or found.kind not in ("resource", "adventure") or not found.number or terrain_id is None:
            return f"cell:{cell}", {lang: label("sev_object_cell", lang, cell=cell) for lang in ("ru", "en")}, cell
        section, terrain, number = found.kind + "s", rules.terrain(terrain_id), int(found.number)
    else:
        if len(said) < 3:
            raise RefusedValue("rf_e_lookup_words")
        if not (said[-1].isascii() and said[-1].isdigit() and len(said[-1]) <= 3):
            raise RefusedValue("sev_object_number", word=said[-1][:12])
        number = int(said[-1])
        first, rest = split_words(said[:-1])
        section = _section(first) or ""
        if not section:
            raise RefusedValue("rf_e_section", word=first, hint="")
        looked = rules.find_terrain(rest)
        if looked is None:
            raise RefusedValue("sev_object_terrain", word=rest[:40])
        terrain = looked
        if not 1 <= number <= terrain.slots:
            raise RefusedValue("rf_e_number", terrain={"en": terrain.id, "ru": terrain.name["ru"].lower()},
                               slots=terrain.slots, n=number)  # fmt: skip
        cell = None
    what = {lang: label("sev_object", lang, section=label(f"sev_section_{section}", lang),
                        terrain=terrain.name[lang].lower(), n=number) for lang in ("ru", "en")}  # fmt: skip
    return f"{section}:{terrain.id}:{number}", what, cell


def _explored(state: State, what: str, gave: str) -> Decided:
    key, named, cell = _object(state, what)
    before = next((e.gave for e in _heroes(state).explored if e.key == key), None)
    return Decided({"key": key, "what": named, "cell": cell, "gave": " ".join(gave.split()), "before": before})


def _explored_applied(state: State, effect: Effect) -> State:
    part = _heroes(state)
    now = Explored(str(effect["key"]), dict(effect["what"]), str(effect["gave"]), state.turn)
    kept = tuple(e for e in part.explored if e.key != now.key)
    return dataclasses.replace(state, part=dataclasses.replace(part, explored=(*kept, now)))


def _explored_words(effect: Effect, lang: str) -> str:
    what = effect["what"].get(lang, "")
    said = label("sev_explored", lang, what=what + (f" ({effect['cell']})" if effect.get("cell") and
                                                    not str(effect["key"]).startswith("cell:") else ""),
                 gave=effect["gave"])  # fmt: skip
    return said + ("; " + label("sev_explored_before", lang, before=effect["before"]) if effect.get("before") else "")


EXPLORED_EVENT = EventKind(
    "explored",
    {"ru": "Ведущий отмечает объект исследованным и что он дал (видно лишь ведущему).",
     "en": "The master marks an object explored and what it gave (seen by the master alone)."},
    (
        Input("what", Text(80), {"ru": "Объект: слова поиска (ресурсы лес 3) или его клетка (C4).",
                                   "en": "The object: the lookup's words (resources forest 3) or its cell (C4)."},
              flag="--object", required=True),
        Input("gave", Text(200), {"ru": "Что он дал, словами.", "en": "What it gave, in words."}, flag="--gave",
              required=True),
    ),
    _explored,
    _explored_applied,
    _explored_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        'printkit evening record explored strategiya.sqlite --object "ресурсы лес 2" --gave "шкуры, 35 дней по 20 $"',
    ),
    masters=lambda values: True,  # the secret sheets are the master's: so is what they gave
    secret=lambda effect, lang: label("sev_explored_veiled", lang),
)  # fmt: skip


# ---- the part shown -----------------------------------------------------------------------------


def _json(state: State, lang: str) -> Mapping[str, Any]:
    """The heroes for `show --json` (the master's), with the objects explored and what they gave."""
    part = _heroes(state)
    names = _names(part, lang)
    return {"players": [{"name": p, "heroes": [{"name": h.name, "lives": h.lives, "most_lives": h.most,
                                                "cell": h.cell, "money": h.money or 0, "experience": h.experience,
                                                "items": [names.get(i, i) for i in h.items],
                                                "animals": [names.get(i, i) for i in h.animals]}
                                               for h in part.heroes if h.player == p]}
                        for p in state.players],
            "explored": [{"object": e.what.get(lang, ""), "gave": e.gave, "turn": e.turn}
                         for e in part.explored]}  # fmt: skip


def _names(part: Heroes, lang: str) -> dict[str, str]:
    """Town items' and animals' names by id, in a language."""
    rules = rules_of(part.session.ruleset)
    return {o.id: o.name[lang] for kind in ("items", "animals") for o in rules.town.get(kind, ())}


def _lines(state: State, lang: str) -> list[str]:
    part = _heroes(state)
    names = _names(part, lang)
    out = []
    for p in state.players:
        out.append(label("sev_player", lang, name=p))
        if not any(h.player == p for h in part.heroes):
            out[-1] += " " + label("sev_no_heroes", lang)
        for h in part.heroes:
            if h.player == p:
                out.append("    " + label("sev_hero", lang, name=h.name, lives=h.lives, most=h.most, cell=h.cell or "—",
                                          money=label("sum_money", lang, n=h.money or 0),
                                          experience=h.experience))  # fmt: skip
                things = [names.get(i, i) for i in (*h.items, *h.animals)]
                if things:
                    out.append("      " + label("sev_hero_items", lang, items=", ".join(things)))
                order = part.contract(h.name)
                if order is not None:
                    out.append("      " + label("sev_hero_order", lang, n=order[0], left=order[1]))
    return out


def _secrets(state: State, lang: str) -> list[str]:
    """The objects explored and what each gave: the master's board and command line only."""
    part = _heroes(state)
    if not part.explored:
        return []
    return [label("sev_explored_head", lang),
            *("    " + label("sev_explored_row", lang, what=e.what.get(lang, ""), gave=e.gave, turn=e.turn)
              for e in part.explored)]  # fmt: skip


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
            if name in now:  # today's lives, money, things and experience
                h = now[name]
                money = h.money if h.money is not None else hero.money
                hero = dataclasses.replace(hero, lives=h.lives, money=money, items=h.items, animals=h.animals,
                                           experience=h.experience)  # fmt: skip
            heroes.append(hero)
        parties.append(dataclasses.replace(party, heroes=tuple(heroes)))
    write_hero_sheets(dataclasses.replace(session, part=dataclasses.replace(part, parties=tuple(parties))),
                      path_of("hero-sheets.pdf"))  # fmt: skip
    return ("hero-sheets.pdf",)


# ---- referee questions asked of the evening ----------------------------------------------------


def _now(state: State, config: dict[str, Any], the_map: dict[str, Any] | None) -> None:
    """Each hero of the config with the lives, money, things and experience the evening gives him now."""
    now = list(_heroes(state).heroes)
    listed = [h for p in config.get("players") or [] if isinstance(p, dict)
              for h in p.get("heroes") or [] if isinstance(h, dict)]  # fmt: skip
    if len(listed) != len(now):
        return  # heroes the evening counts otherwise than the config lists them: left as written
    rules = rules_of(_heroes(state).session.ruleset)
    for written, hero in zip(listed, now, strict=True):
        written["lives"] = hero.lives
        written["experience"] = hero.experience
        if hero.money is not None:
            written["money"] = hero.money
        # The town's items and animals (a fight reads a sword or a shield); a find the master wrote
        # in words is the evening's only, not a config's.
        written["items"] = [i for i in hero.items if rules.offer("items", i) is not None]
        written["animals"] = [a for a in hero.animals if rules.offer("animals", a) is not None]


def _evening_hero(state: State, word: str) -> Now | None:
    """A hero of the evening by his name there, or by the word the config finds him by (a map
    marker, his config name); None for no hero of it."""
    part = _heroes(state)
    try:
        return part.find(word)
    except RefusedValue:
        pass
    from .heroes import find_hero

    try:
        found = find_hero(part.session, word).hero
    except PrintkitError:
        return None
    return next((part.find(name) for name, hero in _models(part.session) if hero is found), None)


def _config_word(state: State, hero: Now) -> str:
    """The word a question's config finds an evening's hero by: his name, else his map marker."""
    from .heroes import marked_heroes

    session = _heroes(state).session
    model = dict(_models(session)).get(hero.name)
    if model is not None and model.name:
        return str(model.name)
    return next((marker for marker, h in marked_heroes(session) if h is model), hero.name)


def _alive(hero: Now) -> Now:
    if hero.lives <= 0:
        raise RefusedValue("sev_dead", hero=hero.name)
    return hero


def _given(state: State, question: str, values: dict[str, Any]) -> dict[str, Any]:
    """A route or a reach from a hero named where his cell goes: from the cell he stands on now,
    moving as he does (his own speed, lives and items: the config's hero); a fight of the evening's
    heroes by their names there. A fallen hero neither walks nor fights."""
    if question == "fight" and values.get("heroes"):
        words = []
        for word in map(str, values["heroes"]):
            hero = _evening_hero(state, word)
            words.append(word if hero is None else _config_word(state, _alive(hero)))
        return {**values, "heroes": tuple(words)}
    if question not in ("route", "reach"):
        return values
    named = _evening_hero(state, str(values["hero"])) if values.get("hero") else None
    if named is not None:
        values = {**values, "hero": _config_word(state, _alive(named))}
    start = values.get("start")
    if not isinstance(start, str):
        return values
    try:
        parse_cell(start)
        return values  # a cell: asked as typed
    except RefusedValue:
        pass
    hero = _evening_hero(state, start)
    if hero is None:
        return values  # neither: the question says the cell is not one
    if _alive(hero).cell is None:
        raise RefusedValue("sev_nowhere", hero=hero.name)
    return {**values, "start": hero.cell, "hero": values.get("hero") or _config_word(state, hero)}


# What a route typed with these is not the evening's hero's: it is reckoned, not offered as his move
# (a load carried counts, given with its days; strength and days are 0 when not typed).
_NOT_HIS = ("lives", "speed", "potential")
_LOAD = ("strength", "load_days")


def _offers(state: State, question: str, typed: Mapping[str, Any], values: Mapping[str, Any],
            answer: Any) -> Offered:  # fmt: skip
    """A route of a hero from where he stands is offered as his move this turn: to the cell its
    first turn ends on; a lookup on the master's page, as the object explored, with what it holds."""
    if question == "lookup" and values.get("words") and hasattr(answer, "entry"):
        words = " ".join(str(values["words"]).split())
        gave = answer.text or answer.entry.say(_heroes(state).session.language)
        return (("explored", {"what": words, "gave": " ".join(str(gave).split())[:200]}),) if len(words) <= 80 else ()
    legs = getattr(answer, "legs", None)
    if question != "route" or not legs or not legs[0] or not values.get("hero"):
        return ()
    if any(typed.get(name) is not None for name in _NOT_HIS) or any(typed.get(name) for name in _LOAD):
        return ()
    hero = _evening_hero(state, str(values["hero"]))
    if hero is None or hero.cell is None:
        return ()
    end = str(legs[0][-1])
    if parse_cell(str(values.get("start", ""))) != parse_cell(hero.cell) or end == hero.cell:
        return ()
    return (("move", {"hero": hero.name, "to": end}),)


def _announces(state: State) -> tuple[Mapping[str, str], ...]:
    """The rules' own recurring events as the plot sheet's track marks them (the third player's
    talk every 10 turns, the tracker's look every 3), due as a round begins. Reading: the track's
    turns are rounds, each player playing one turn in a round."""
    from .plot_sheet import rule_events

    n = len(state.players)
    if n == 0 or state.round < 2 or (state.turn - 1) % n:
        return ()
    session = _heroes(state).session
    said: dict[str, list[str]] = {}
    for lang in ("ru", "en"):
        events = rule_events(dataclasses.replace(session, language=lang))
        said[lang] = [text for _, every, text in events if every > 1 and state.round % every == 0]
    return tuple({lang: said[lang][i] for lang in said} for i in range(len(said["ru"])))


def _skips(state: State) -> Mapping[str, str] | None:
    """«Начало игры», three players: the third skips his first turn."""
    if len(state.players) == 3 and state.turn == 3:
        return {lang: label("sev_third_first", lang) for lang in ("ru", "en")}
    return None


TABLE = Table(begin=begin,
              kinds=(MOVE, LIVES_EVENT, REST_EVENT, MONEY_EVENT, ITEMS_EVENT, EXPERIENCE_EVENT, EXPLORED_EVENT,
                     ORDER_EVENT),
              json=_json, lines=_lines, secrets=_secrets, owner=_owner, actors=_actors, papers=_papers,
              turn_ends=_turn_ends, now=_now, given=_given, offers=_offers, skips=_skips, announces=_announces,
              opening=_opening)  # fmt: skip
