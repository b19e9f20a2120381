"""Work over turns: mining an object and building («Сила», «Строительство»), and a market stall's pay."""

# «Сила»: the days a job takes are divided by the workers' strength (strength 10 does 10 days a
# turn), tools add 3 («На базарной площади»); «Строительство»: workers together add their
# strengths. «Двоичный код»: an object may be left and taken over, the one who finishes it gets
# its experience, less a point per hero on it when several work it. So the days done belong to
# the job (the object and its cell), not to a worker. Readings (said with the job): a worker's turn
# counts at the end of each of his player's turns he stands on the job's cell, the turn he starts
# in included; "the builders" of a ship or a castle are every hero who put days into it.

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printkit.evening import Decided, Effect, EventKind, State
from printkit.plugin import Flag, Input, RefusedValue, Text, Whole, cell_name, label, parse_cell

from ..model import rules_of
from .cargo import CARGO_EVENT, haul
from .goods import EXPERIENCE_EVENT, MONEY_EVENT
from .lives import lives_applied, reckon_lives
from .part import HERO, Built, Heroes, Job, Now, alive, heroes_of, model_of
from .ships import SHIP_EVENT, water
from .waters import DRIES, SPANS, dried_below, lost_on, span, standing

MINE = "mine"
MINE_WORDS = ("mine", "mining", "добыча", "рудник", "шахта")
MOST_DAYS = 10_000  # far beyond any list entry (60 days) or building (a 200-cell bridge: 1,000)
MOST_CELLS = 200
MOST_PRICE = 10_000  # $ a day: far beyond any list entry (100 $)
CASTLE_EXPERIENCE = 1  # «Строительство» 2): a point of experience for each builder of a castle


def _kind(rules: Any, word: str) -> tuple[str, Any]:
    """The job a word names: mining, or a building of the ruleset (id or a name in either language)."""
    wanted = " ".join(word.split()).casefold()
    if wanted in MINE_WORDS:
        return MINE, None
    site = next((b for b in rules.buildings if wanted in {b.id, *(n.casefold() for n in b.name.values())}), None)
    if site is None:
        names = {lang: ", ".join(b.name[lang].lower() for b in rules.buildings) for lang in ("ru", "en")}
        raise RefusedValue("sev_work_job", word=word[:24], names=names)
    return site.id, site


def _job_words(rules: Any, key: str | None) -> dict[str, str] | None:
    """A job by its kind and cell, in each language (its key, kind:cell, is the evening's own)."""
    if key is None:
        return None
    kind, _, cell = key.partition(":")
    return {lang: label("sev_job_at", lang, what=job_name(rules, kind, lang), cell=cell) for lang in ("ru", "en")}


def job_name(rules: Any, kind: str, lang: str) -> str:
    if kind == MINE:
        return label("sev_job_mine", lang)
    return str(next(b.name[lang] for b in rules.buildings if b.id == kind))


def has_tools(rules: Any, hero: Now) -> bool:
    """Whether a hero holds the market's tools (recorded as an item by any of their names)."""
    return any(o is not None and o.work_strength for o in (rules.offer("market", i) for i in hero.items))


def strength_of(part: Heroes, hero: Now, tools: bool) -> int:
    """A worker's days a turn: his strength today, +3 with tools («На базарной площади»)."""
    rules = rules_of(part.session.ruleset)
    base = hero.strength
    bonus = next((o.work_strength for o in rules.town.get("market", ()) if o.work_strength), 0)
    return base + (bonus if tools or has_tools(rules, hero) else 0)


def intellect_of(part: Heroes, hero: Now) -> int:
    """A hero's intellect now: his skill today, with the staff's +2 if he holds it today."""
    from ..heroes import intellect

    model = model_of(part.session, hero)
    if model is None:
        return 0
    return intellect(rules_of(part.session.ruleset), model)


def _work(state: State, hero: str, job: str, days: int | None = None, cells: int | None = None,
          over: str | None = None, name: str | None = None, tools: bool = False,
          price: int | None = None) -> Decided:  # fmt: skip
    part = heroes_of(state)
    found = alive(part.find(hero))
    if found.cell is None:
        raise RefusedValue("sev_nowhere", hero=found.name)
    rules = rules_of(part.session.ruleset)
    kind, site = _kind(rules, job)
    if price is not None and kind != MINE:
        raise RefusedValue("sev_work_price_only")
    key = f"{kind}:{found.cell}"
    there = part.job(key)
    was = next((j.key for j in part.jobs if any(w == found.name for w, _ in j.workers)), None)
    effect: dict[str, Any] = {"hero": found.name, "key": key, "kind": kind, "cell": found.cell,
                              "tools": bool(tools), "left": _job_words(rules, was) if was != key else None,
                              "strength": strength_of(part, found, tools),
                              "what": {lang: job_name(rules, kind, lang) for lang in ("ru", "en")}}  # fmt: skip
    if kind == MINE:  # the $ a day of its haul: given with the days, or later to a mine without one
        effect["price"] = price if price is not None or there is None else there.price
    if there is not None:  # joining a job begun: its days and what it is are the job's already
        if over and kind in SPANS and span(standing(part), part.session.ruleset, kind, found.cell, over) != there.over:
            raise RefusedValue("sev_over_joined", what={lang: job_name(rules, kind, lang) for lang in ("ru", "en")},
                               cell=found.cell, over=", ".join(there.over) or "—")  # fmt: skip
        return Decided({**effect, "days": there.days, "done": there.done, "new": False, "name": there.name,
                        **({"over": list(there.over)} if there.over else {})})  # fmt: skip
    if kind == MINE:
        if days is None:
            raise RefusedValue("sev_work_days")
        if found.cell in (*part.emptied, *part.worked_out):  # «Пропуски ходов», «Двоичный код»: nothing twice
            raise RefusedValue("sev_mine_emptied", cell=found.cell)
        marked = standing(part)
        spot = marked.object_at(*parse_cell(found.cell)) if marked is not None else None
        if marked is not None and (spot is None or spot.kind != "resource"):
            effect["unmarked"] = True  # the master's to judge: a find the map does not show
        total, n = days, 1
    else:
        n = (cells or 1) if site.per_cell else 1
        if over and kind not in SPANS:
            raise RefusedValue("sev_over_kind", what={lang: job_name(rules, kind, lang) for lang in ("ru", "en")})
        if over and kind in SPANS:
            effect["over"] = list(span(standing(part), part.session.ruleset, kind, found.cell, over))
            if cells is not None and cells != len(effect["over"]):
                raise RefusedValue("sev_over_count", cells=cells, n=len(effect["over"]))
            n = len(effect["over"])
        total = days if days is not None else site.days * n
        if site.needs:  # a castle's stone and timber: days of work elsewhere, the master's to check
            effect["needs"] = {lang: ", ".join(f"{what[lang]} ({d})" for what, d in site.needs)
                               for lang in ("ru", "en")}  # fmt: skip
    named = " ".join((name or "").split())[:40]
    if kind == "ship" and not named:
        named = label("sev_ship_default", part.session.language, cell=found.cell)
    return Decided({**effect, "days": total, "done": 0, "new": True, "name": named, "cells": n,
                    "player": found.player})  # fmt: skip


def _worked(state: State, effect: Effect) -> State:
    if effect.get("tick"):
        return _ticked(state, effect)
    part = heroes_of(state)
    hero, key = str(effect["hero"]), str(effect["key"])
    # one thing a turn («Передвижение»): a worker on another job leaves it, its days kept there
    jobs = [dataclasses.replace(j, workers=tuple(w for w in j.workers if w[0] != hero)) for j in part.jobs]
    if effect.get("new"):
        jobs.append(Job(key, str(effect["kind"]), str(effect["cell"]), int(effect["days"]), 0,
                        player=str(effect.get("player", "")), name=str(effect.get("name", "")),
                        cells=int(effect.get("cells", 1)), over=tuple(effect.get("over") or ())))  # fmt: skip
    jobs = [dataclasses.replace(j, workers=(*j.workers, (hero, bool(effect["tools"])))) if j.key == key else j
            for j in jobs]  # fmt: skip
    if effect.get("price") is not None:  # an evening before prices were kept has none
        jobs = [dataclasses.replace(j, price=int(effect["price"])) if j.key == key else j for j in jobs]
    return dataclasses.replace(state, part=dataclasses.replace(part, jobs=tuple(jobs)))


def _ticked(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    job = part.job(str(effect["key"]))
    if job is None:
        return state
    builders = (*job.builders, *(w for w, _ in effect["by"] if w not in job.builders))
    now = dataclasses.replace(job, done=int(effect["done"]), builders=builders)
    if not effect.get("finished"):
        jobs = tuple(now if j.key == job.key else j for j in part.jobs)
        return dataclasses.replace(state, part=dataclasses.replace(part, jobs=jobs))
    jobs = tuple(j for j in part.jobs if j.key != job.key)
    built, emptied = part.built, part.emptied
    if job.kind == MINE:
        emptied = (*emptied, job.cell)
    elif job.kind != "ship":  # a ship is the ship event's; a mine leaves no building
        built = (*built, Built(job.kind, job.cell, job.player, int(effect.get("heal", 0)), job.over,
                               tuple(effect.get("dried") or ())))  # fmt: skip
    return dataclasses.replace(state, part=dataclasses.replace(part, jobs=jobs, built=built, emptied=emptied))


def _work_words(effect: Effect, lang: str) -> str:
    kind = str(effect["kind"])
    what = dict(effect["what"]).get(lang, kind)
    if effect.get("tick"):
        if kind == MINE:  # what the object holds stays the master's: no days said at the table
            key = "sev_mined_done" if effect.get("finished") else "sev_mining"
            return label(key, lang, cell=effect["cell"], by=", ".join(w for w, _ in effect["by"]))
        key = "sev_built_done" if effect.get("finished") else "sev_building"
        said = label(key, lang, what=what, cell=effect["cell"], done=effect["done"], days=effect["days"],
                     added=sum(s for _, s in effect["by"]), by=", ".join(f"{w} {s}" for w, s in effect["by"]),
                     heal=effect.get("heal", 0))  # fmt: skip
        return said + _spanned_words(effect, lang) if effect.get("finished") and kind in SPANS else said
    said = label("sev_work_mine" if kind == MINE else "sev_work", lang, hero=effect["hero"], what=what,
                 cell=effect["cell"], done=effect["done"], days=effect["days"],
                 strength=effect["strength"])  # fmt: skip
    if kind == MINE and effect.get("price") is not None:
        said += "; " + label("sev_work_price", lang, price=label("sum_money", lang, n=effect["price"]))
    if effect.get("needs"):
        said += "; " + label("sev_work_needs", lang, needs=dict(effect["needs"]).get(lang, ""))
    if effect.get("over"):
        said += "; " + label("sev_work_over", lang, cells=", ".join(effect["over"]))
    if effect.get("unmarked"):
        said += "; " + label("sev_work_unmarked", lang, cell=effect["cell"])
    builders = "" if kind == MINE else label("sev_work_builders", lang)  # a mine's haul goes to its workers
    said += "; " + label("sev_work_reading", lang, builders=builders)
    if not effect["strength"]:
        said += "; " + label("sev_work_none", lang, hero=effect["hero"])
    left = effect.get("left")
    left = dict(left).get(lang, "") if isinstance(left, dict) else left  # a job's key in older evenings
    return said + ("; " + label("sev_work_left", lang, job=left) if left else "")


def _spanned_words(effect: Effect, lang: str) -> str:
    """A finished bridge's or dam's change to the map, in words."""
    over = ", ".join(effect.get("over") or ())
    if not over:
        return "; " + label("sev_over_unnamed", lang)
    if effect["kind"] != DRIES:
        return "; " + label("sev_bridge_over", lang, cells=over)
    dried = list(effect.get("dried") or ())
    said = "; " + label("sev_dam_over", lang, cells=over) + "; "
    said += label("sev_dam_dried", lang, n=len(dried), cells=", ".join(dried)) if dried else label("sev_dam_fed", lang)
    if effect.get("aground"):
        said += "; " + label("sev_dam_aground", lang, ships=", ".join(effect["aground"]))
    lost = dict(effect.get("lost") or {}).get(lang, "")
    said += "; " + label("sev_dam_lost", lang, lost=lost) if lost else ""
    return said + "; " + label("sev_dam_reading", lang)


def _work_veiled(effect: Effect, lang: str) -> str:
    if effect.get("kind") != MINE:
        return _work_words(effect, lang)
    return label("sev_work_mine_veiled", lang, hero=effect["hero"], cell=effect["cell"])


def _masters(values: Mapping[str, Any]) -> bool:
    """A mine begun: its days and its price are what the secret sheets led to, the master's."""
    mine = str(values.get("job") or "").strip().casefold() in MINE_WORDS
    return mine and (bool(values.get("days")) or values.get("price") is not None)


WORK_EVENT = EventKind(
    "work",
    {"ru": "Герой берётся за работу на своей клетке: добычу или постройку (мост, замок, плотина, корабль), или "
           "присоединяется к начатой; дни копятся за объектом.",
     "en": "A hero sets to work on his cell: mining, or a building (bridge, castle, dam, ship), or joins one "
           "begun; the days done stay with the object."},
    (
        HERO,
        Input("job", Text(24), {"ru": "Работа: добыча, мост, замок, плотина или корабль.",
                                "en": "The job: mine, bridge, castle, dam or ship."}, flag="--job", required=True),
        Input("days", Whole(1, MOST_DAYS), {"ru": "Дней работы (для добычи — из списка ресурсов; для постройки — "
                                            "если не по правилам).", "en": "Days of work (mining: the resource "
                                            "list's; a building: only to override the rules')."}, flag="--days"),
        Input("cells", Whole(1, MOST_CELLS), {"ru": "Клеток моста или плотины.", "en": "Cells of a bridge or a dam."},
              flag="--cells"),
        Input("over", Text(MOST_CELLS * 5),
              {"ru": "Клетки воды под мостом или плотиной, от берега героя до другого: I4,J4. Без них карта вечера "
                     "не меняется.",
               "en": "The water cells a bridge or a dam stands on, from the hero's bank to the far one: I4,J4. "
                     "Without them the evening's map stays as it is."}, flag="--over"),
        Input("name", Text(40), {"ru": "Имя корабля.", "en": "The ship's name."}, flag="--name"),
        Input("tools", Flag(), {"ru": "У героя инструменты (+3 к силе в работе).",
                                "en": "The hero has tools (+3 strength for work)."}, flag="--tools"),
        Input("price", Whole(0, MOST_PRICE), {"ru": "Добыча: цена дня в $ из списка ресурсов (груз продают по ней).",
                                              "en": "Mining: the resource list's $ a day (the goods sell at it)."},
              flag="--price"),
    ),
    _work,
    _worked,
    _work_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record move strategiya.sqlite --hero Гром --to H5",
        "printkit evening record work strategiya.sqlite --hero Гром --job корабль --name Чайка",
    ),
    actor="hero",
    masters=_masters,
    secret=_work_veiled,
)  # fmt: skip


def _nearest_water(part: Heroes, cell: str) -> str:
    """Where a ship built on `cell` is launched: that cell if water, else the nearest water cell
    (king moves; of two as near, the first by name); the cell itself without a map or water."""
    if water(part, cell) is not False:
        return cell
    game_map = part.session.game_map
    x, y = parse_cell(cell)
    wet = [(max(abs(i - x), abs(j - y)), cell_name(i, j)) for j in range(game_map.height)
           for i in range(game_map.width) if water(part, cell_name(i, j))]  # fmt: skip
    return min(wet)[1] if wet else cell


def works_end(state: State) -> list[tuple[str, Mapping[str, Any]]]:
    """As a player's turn ends: each job gets the days of his heroes at work on its cell, alive
    (their strength, +3 with tools); a job whose days are done is announced and does what the
    rules say (a mine's experience, a castle, a ship launched); then a castle heals his heroes in
    it, and each stall he opened pays."""
    out: list[tuple[str, Mapping[str, Any]]] = []
    for job in heroes_of(state).jobs:
        part = heroes_of(state)
        by: list[tuple[str, int]] = []
        for name, tools in job.workers:
            hero = part.find(name)
            if (
                hero.player == state.whose
                and hero.lives > 0
                and hero.cell == job.cell
                and not part.sits_out(hero, state.turn, state.whose)
            ):
                by.append((hero.name, strength_of(part, hero, tools)))
        if not by or not sum(s for _, s in by):
            continue
        done = min(job.done + sum(s for _, s in by), job.days)
        tick: dict[str, Any] = {"tick": True, "key": job.key, "kind": job.kind, "cell": job.cell,
                                "by": [list(b) for b in by], "done": done, "days": job.days,
                                "what": {lang: job_name(rules_of(part.session.ruleset), job.kind, lang)
                                         for lang in ("ru", "en")}}  # fmt: skip
        follows: list[tuple[str, Mapping[str, Any]]] = []
        if done >= job.days:
            tick["finished"] = True
            on_it = [w for w, _ in job.workers if part.find(w).cell == job.cell and part.find(w).lives > 0]
            follows = _finished(state, job, tick, on_it)
        out.append(("work", tick))
        state = _worked(state, tick)
        for kind, effect in follows:
            out.append((kind, effect))
            state = _applied(state, kind, effect)
    return out + _castles_and_stalls(state)


def _applied(state: State, kind: str, effect: Mapping[str, Any]) -> State:
    if kind == "experience":
        return EXPERIENCE_EVENT.apply(state, effect)
    if kind == "ship":
        return SHIP_EVENT.apply(state, effect)
    if kind == "lives":
        return lives_applied(state, effect)
    if kind == "cargo":
        return CARGO_EVENT.apply(state, effect)
    return MONEY_EVENT.apply(state, effect)


def _finished(state: State, job: Job, tick: dict[str, Any], now: list[str]) -> list[tuple[str, Mapping[str, Any]]]:
    """What a finished job does. A mine: each hero on it now gets the terrain's experience plus his
    intellect, less a point per hero when several («Интеллект», «Двоичный код»; never below none).
    A castle: each builder +1 experience, and it heals by their summed intellect. A ship: launched
    with their summed intellect on the nearest water («Строительство» 2), 4))."""
    part = heroes_of(state)
    rules = rules_of(part.session.ruleset)
    builders = [*job.builders, *(w for w in now if w not in job.builders)]
    out: list[tuple[str, Mapping[str, Any]]] = []
    if job.kind == MINE:
        # «Пропуски ходов»: who emptied a mine carries its haul (cargo: how it is shared)
        out.append(("cargo", haul(job.cell, job.days, job.price, now)))
        state = CARGO_EVENT.apply(state, out[-1][1])
        game_map = standing(part)
        terrain = game_map.terrain(*parse_cell(job.cell)) if game_map is not None else None
        if terrain is None:
            tick["no_terrain"] = True
            return out
        turns = rules.turns
        assert turns is not None  # a «Стратегия» ruleset has its turns' figures
        loss = turns.shared_object_loss * len(now) if len(now) > 1 else 0
        for name in now:
            hero = part.find(name)
            change = max(rules.terrain(terrain).experience + intellect_of(part, hero) - loss, -hero.experience)
            why = {lang: label("sev_why_mined", lang, cell=job.cell) for lang in ("ru", "en")}
            effect = {**EXPERIENCE_EVENT.decide(state, name, change).effect, "why": why}
            out.append(("experience", effect))
            state = EXPERIENCE_EVENT.apply(state, effect)
        return out
    heroes = [part.find(w) for w in builders]
    summed = sum(intellect_of(part, h) for h in heroes)
    tick["builders"] = builders
    if job.kind == "castle":
        tick["heal"] = summed
        for hero in heroes:
            why = {lang: label("sev_why_castle", lang, cell=job.cell) for lang in ("ru", "en")}
            effect = {**EXPERIENCE_EVENT.decide(state, hero.name, CASTLE_EXPERIENCE).effect, "why": why}
            out.append(("experience", effect))
            state = EXPERIENCE_EVENT.apply(state, effect)
    if job.kind in SPANS:
        _spanned(part, job, tick)
    if job.kind == "ship":
        out.append(("ship", {"ship": job.name, "player": job.player, "from": None, "yard": job.cell,
                             "to": _nearest_water(part, job.cell), "intellect": summed}))  # fmt: skip
    return out


def _spanned(part: Heroes, job: Job, tick: dict[str, Any]) -> None:
    """What a finished bridge or dam changes on the map, told with its finishing: the cells it
    stands on, and a dam's river dried below it with the adventures and resources lost there."""
    tick["over"] = list(job.over)
    game_map = standing(part)
    if not job.over or game_map is None:
        return
    if job.kind == DRIES:
        tick["dried"] = list(dried_below(game_map, part.session.ruleset, job.over))
        land = {*job.over, *tick["dried"]}
        tick["aground"] = [f"«{s.name}» ({s.cell})" for s in part.ships if s.cell in land]
        rules = rules_of(part.session.ruleset)
        lost = lost_on(game_map, (*job.over, *tick["dried"]))
        tick["lost"] = {lang: ", ".join(label(f"sev_lost_{o.kind}", lang, n=o.number or "", cell=cell_name(o.x, o.y),
                                              terrain=rules.terrain("water").name[lang].lower())
                                        for o in lost) for lang in ("ru", "en")}  # fmt: skip


def _castles_and_stalls(state: State) -> list[tuple[str, Mapping[str, Any]]]:
    """«Строительство» 2): a castle heals the heroes in it by its builders' summed intellect a turn
    (at the end of each of their player's turns, never above what strength gives); «На базарной
    площади»: a stall pays its hero 1 $ a turn (reading: his player's turns)."""
    out: list[tuple[str, Mapping[str, Any]]] = []
    for castle in heroes_of(state).built:
        if castle.kind != "castle" or castle.heal <= 0:
            continue
        for hero in heroes_of(state).heroes:
            if hero.player != state.whose or hero.cell != castle.cell or not 0 < hero.lives < hero.most:
                continue
            healed = reckon_lives(state, hero.name, castle.heal).effect
            cause = {lang: label("sev_castle_cause", lang, n=castle.heal, cell=castle.cell) for lang in ("ru", "en")}
            out.append(("lives", {**healed, "cause": cause}))
            state = lives_applied(state, {**healed, "cause": cause})
    part = heroes_of(state)
    pay = next((o.every for o in rules_of(part.session.ruleset).town.get("market", ()) if o.id == "stall"), 1) or 1
    for hero in part.heroes:
        stalls = part.stalls.count(hero.name)
        if hero.player != state.whose or not stalls or hero.lives <= 0:
            continue
        before = hero.money or 0
        effect = {"hero": hero.name, "change": stalls * pay, "before": before, "after": before + stalls * pay,
                  "why": {lang: label("sev_why_stall", lang, n=stalls) for lang in ("ru", "en")}}  # fmt: skip
        out.append(("money", effect))
        state = MONEY_EVENT.apply(state, effect)
    return out


def _stall(state: State, hero: str) -> Decided:
    part = heroes_of(state)
    found = alive(part.find(hero))
    price = next(o.price or 0 for o in rules_of(part.session.ruleset).town.get("market", ()) if o.id == "stall")
    before = found.money or 0
    if before < price:
        raise RefusedValue("sev_short", hero=found.name, money=before, spent=price)
    return Decided({"hero": found.name, "price": price, "before": before, "after": before - price,
                    "stalls": part.stalls.count(found.name) + 1})  # fmt: skip


def _stalled(state: State, effect: Effect) -> State:
    part = heroes_of(state)
    hero = dataclasses.replace(part.find(str(effect["hero"])), money=int(effect["after"]))
    part = part.with_hero(hero)
    return dataclasses.replace(state, part=dataclasses.replace(part, stalls=(*part.stalls, hero.name)))


def _stall_words(effect: Effect, lang: str) -> str:
    return label("sev_stall", lang, hero=effect["hero"], price=label("sum_money", lang, n=effect["price"]),
                 after=label("sum_money", lang, n=effect["after"]), n=effect["stalls"])  # fmt: skip


STALL_EVENT = EventKind(
    "stall",
    {"ru": "Герой открывает торговую лавку (70 $): она приносит ему 1 $ в конце каждого хода его игрока.",
     "en": "A hero opens a market stall ($70): it pays him $1 at the end of each of his player's turns."},
    (HERO,),
    _stall,
    _stalled,
    _stall_words,
    (
        "printkit evening start examples/strategiya-heroes.yaml --file strategiya.sqlite",
        "printkit evening record stall strategiya.sqlite --hero Гром",
    ),
    actor="hero",
)  # fmt: skip
