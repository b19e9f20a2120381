"""What the rules do as a turn ends and begins: the death zone's lives, recurring talks, skips."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printkit.evening import State
from printkit.plugin import label, parse_cell

from ..model import rules_of
from .lives import lives_applied, reckon_lives
from .orders import ordered as orders_applied
from .orders import orders_end
from .part import heroes_of, model_of, passed_over, unspent
from .sitting import sitting_end
from .waters import standing
from .works import works_end


def turn_ends(state: State) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """«Смертельная зона»: each hero of the player whose turn ends who stands on a terrain that takes
    lives (3 in the death zone; 1 from potential 7, none from 11, none for the hunter) loses them;
    then an order's lives, then the turn's work, a castle's healing and a stall's pay (works)."""
    from ..heroes import terrain_figures

    part = heroes_of(state)
    session = part.session
    rules = rules_of(session.ruleset)
    out: list[tuple[str, Mapping[str, Any]]] = []
    game_map = standing(part)
    for hero in part.heroes:
        if game_map is None:  # no terrain to read: the orders and the works still end the turn
            break
        model = model_of(session, hero)  # today's skills: a point spent moves him past a tier (7, 11)
        if hero.player != state.whose or hero.cell is None or hero.lives <= 0 or model is None:
            continue
        x, y = parse_cell(hero.cell)
        terrain = game_map.terrain(x, y)
        # lives_per_turn is signed as the sheets print it: −3 in the death zone
        loss = -next((f.lives_per_turn for f in terrain_figures(rules, model) if f.terrain.id == terrain), 0)
        if loss > 0:
            name = next(t.name for t in rules.terrains if t.id == terrain)
            lost = reckon_lives(state, hero.name, -loss).effect
            cause = {lang: label("sev_zone_cause", lang, terrain=name[lang], n=loss) for lang in ("ru", "en")}
            out.append(("lives", {**lost, "cause": cause}))
            state = lives_applied(state, {**lost, "cause": cause})
    ordered = orders_end(state)
    for kind, effect in ordered:
        state = lives_applied(state, effect) if kind == "lives" else orders_applied(state, effect)
    works = works_end(state)  # before the sitting's count: a hero sitting this turn out adds no day
    return (*out, *ordered, *works, *sitting_end(state))


def announces(state: State) -> tuple[Mapping[str, str], ...]:
    """The rules' own recurring events as the plot sheet's track marks them (the third player's
    talk every 10 turns, the tracker's look every 3), due as a round begins. Reading: the track's
    turns are rounds, each player playing one turn in a round."""
    from ..plot_sheet import rule_events

    n = len(state.players)
    unspent_now = _unspent(state)
    if n == 0 or state.round < 2 or (state.turn - 1) % n:
        return unspent_now
    session = heroes_of(state).session
    said: dict[str, list[str]] = {}
    for lang in ("ru", "en"):
        events = rule_events(dataclasses.replace(session, language=lang))
        said[lang] = [text for _, every, text in events if every > 1 and state.round % every == 0]
    return (*tuple({lang: said[lang][i] for lang in said} for i in range(len(said["ru"]))), *unspent_now)


def _unspent(state: State) -> tuple[Mapping[str, str], ...]:
    """«Потенциал»: personal potential is spent as soon as it is got; a living hero who still holds
    points by the evening's count (a fight won, 10 experience) is reminded of them as a turn begins."""
    part = heroes_of(state)
    return tuple({lang: label("sev_unspent_reminder", lang, hero=h.name, n=n) for lang in ("ru", "en")}
                 for h in part.heroes if h.lives > 0 and (n := unspent(part.session, h)) > 0)  # fmt: skip


def skips(state: State) -> Mapping[str, str] | None:
    """«Начало игры», three players: the third skips his first turn; two players: the second, who
    lost the choice of corner, makes two turns in a row, so the first's second turn waits for them.
    Reading: with four the text's «as with two» is the lot and the corners (the third and fourth get
    common potential for theirs), not a double turn."""
    if not passed_over(len(state.players), state.turn):
        return None
    if len(state.players) == 3:
        return {lang: label("sev_third_first", lang) for lang in ("ru", "en")}
    return {lang: label("sev_second_twice", lang, player=state.players[1]) for lang in ("ru", "en")}
