"""The «Стратегия» quick reference: battle, wounds, movement, town, work and adventures on one sheet."""

from __future__ import annotations

from typing import Any

from printkit.plugin import Build, Session, decimal, label
from printkit.sheets import check_quickref, rules_context, write_quickref

from .model import Rules, Ship, rules_of
from .tables import escape_words, heroes_by_players, strength_needed, terrain_table


def _ship(ship: Ship, lang: str) -> str:
    """The ship's cells a turn by the current, from the ruleset's figures."""

    def builders(n: int) -> str:
        return label("qr_builders", lang, n=f" + {n}" if n > 0 else f" − {-n}" if n < 0 else "")

    return label("qr_ship", lang, down=builders(ship.downstream), still=builders(ship.still),
                 up=builders(ship.upstream))  # fmt: skip


def _cells(rules: Rules, lang: str) -> list[dict[str, str]]:
    rows = terrain_table(rules, lang).rows
    return [
        {"name": name, "colour": t.colour, "cells": cells, "lives": lives, "bonus": bonus}
        for t, (name, cells, lives, bonus) in zip(rules.terrains, rows, strict=True)
    ]


def _price(o: Any, lang: str) -> str:
    if o.price is not None:
        return label("sum_money", lang, n=o.price)
    if o.percent is not None:
        return label("qr_percent", lang, n=o.percent)
    return label("qr_times", lang, n=o.times_price)


def _tiers_reading(rules: Rules, lang: str) -> str:
    """The tier table prints each tier from its start on, a reading of the rules' closed ranges
    (7–10, 11–15, 15–25, above 25): said under it in words, as the booklet says it ("" without tiers)."""
    if not any(t.end is not None for t in rules.tiers):
        return ""
    ranges = ", ".join(label("qr_range", lang, a=t.start, b=t.end) if t.end is not None
                       else label("qr_range_open", lang, n=t.start - 1) for t in rules.tiers)  # fmt: skip
    return label("qr_tiers_reading", lang, ranges=ranges)


def context(session: Session) -> dict[str, Any]:
    """The «Стратегия» card: battle, wounds, movement, experience, tiers, town, work, adventures."""
    rules, lang = rules_of(session.ruleset), session.language
    b, h, turns = rules.battle, rules.heroes, rules.turns
    assert b is not None and h is not None and turns is not None
    town = rules.town
    tools = next((o for o in town.get("market", ()) if o.work_strength), None)
    battle = [
        label("qr_pass", lang, lo=1, hi=b.hit_from - 1),
        label("qr_hit", lang, lo=b.hit_from, hi=b.die),
        label("qr_rolls_per_turn", lang, n=b.rolls_per_turn),
        label("qr_backstab", lang, n=b.backstab_times),
        label("qr_surrounded", lang, n=b.surrounded_times),
        label("qr_crowd", lang, die=b.die),
        label(
            "qr_escape",
            lang,
            die=b.die,
            lo=b.escape_from,
            hi=b.die,
            below=b.escape_from - 1,
            away=escape_words(rules, lang, True),
            caught=escape_words(rules, lang, False),
        ),
        label("qr_winner", lang, n=b.winner_points),
    ]
    lives = h.lives
    wounds = [
        label("qr_max_lives", lang, base=lives.base, add=lives.add, every=lives.every),
        label("qr_wounded", lang, at=lives.wounded_at, turns=lives.wounded_turns),
        label("qr_slow", lang, n=lives.slow_at),
        label("qr_still", lang, n=lives.immobile_at),
        label("qr_saved", lang),
        label("qr_rest", lang, at=lives.wounded_at, n=lives.rest_heal),
        label("qr_town_rest", lang, n=lives.town_heal),
    ]
    movement = [
        label("qr_king", lang),
        label("qr_border", lang, cells=h.border_cells, per=h.border_per_speed),
        label("qr_bridge", lang),
        *([_ship(rules.ship, lang)] if rules.ship else []),
        label("qr_experience", lang, n=h.experience_per_point),
        label("qr_shared", lang, n=turns.shared_object_loss),
    ]
    town_rules = [
        label("qr_town_skip", lang, n=turns.town_skip),
        label("qr_object_skip", lang, n=turns.object_skip),
        label("qr_hiding", lang, die=b.die),
        label("qr_hidden", lang),
        label("qr_found", lang),
        label("qr_resale", lang),
    ]
    work = [label("qr_work_time", lang), label("qr_work_reading", lang), label("qr_prices", lang)]
    if tools:
        work.append(label("qr_tools", lang, n=tools.work_strength))
    work += [
        label("qr_load", lang, days=h.load_days_per_cell, per=h.load_strength_per_cell),
        label("qr_load_attack", lang),
    ]
    from .fights import Fighter, fight

    table = []
    if h.three_players:
        a, _, c = h.three_players
        table.append(label("qr_three", lang, a=a, c=c, every=h.three_players_talk_every))
    sides, notes = heroes_by_players(session.ruleset, lang)
    four = dict(sides).get(4)
    if four is not None:
        mark = session.ruleset.provenance.mark("heroes.four_players" if h.four_players else "heroes.per_player")
        table.append(label("qr_four", lang, n=four.removesuffix(mark), mark=mark))
    table.append(label("qr_disputes", lang, die=b.die))

    def odds(lives: int, d: int) -> str:
        return decimal(f"{float(fight(b, Fighter(lives, d), Fighter(lives, d)).win_a) * 100:.1f}\u00a0%", lang)

    odds_rows = [(lives, [odds(lives, d) for d in (1, 2, 3)]) for lives in (5, 10, 20, 30)]
    return {
        **rules_context(session),
        "odds": odds_rows,
        "odds_columns": [label("qr_damage_n", lang, n=d) for d in (1, 2, 3)],
        "roll": label("qr_roll", lang, die=b.die),
        "battle": battle,
        "gear": [
            {"name": o.name[lang], "price": _price(o, lang), "strength": strength_needed(o, lang), "text": o.text[lang]}
            for o in town.get("items", ())
        ],
        "wounds": wounds,
        "terrains": _cells(rules, lang),
        "movement": movement,
        "animals": [
            {"name": o.name[lang], "price": _price(o, lang), "text": o.text[lang]} for o in town.get("animals", ())
        ],
        "tiers": [{"from": label("qr_from", lang, n=t.start), "text": t.text[lang]} for t in rules.tiers],
        "tiers_reading": _tiers_reading(rules, lang),
        "town": town_rules,
        "hires": [
            {"name": o.name[lang], "price": _price(o, lang), "points": o.points, "text": o.text[lang]}
            for o in town.get("hires", ())
        ],
        "services": [
            {"name": o.name[lang], "price": _price(o, lang), "text": o.text[lang]} for o in town.get("services", ())
        ],
        "work": work,
        "buildings": [
            {
                "name": x.name[lang],
                "days": label("qr_per_cell", lang, n=x.days) if x.per_cell else str(x.days),
                "needs": ", ".join(f"{n[lang]} ({d})" for n, d in x.needs),
                "text": x.text[lang],
            }
            for x in rules.buildings
        ],
        "adventures": [
            label("qr_adv_enemy", lang, die=b.die),
            label("qr_adv_stats", lang),
            label("qr_adv_escape", lang),
        ],
        "table": table,
        "notes": notes,
    }


def build(b: Build) -> None:
    """The kit's quickref.pdf."""
    write_quickref(b.session, "strategiya/quickref.html.j2", context(b.session), b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)


def preflight(b: Build) -> None:
    """What `validate` runs: the card must keep to its sides, as build() lays it out."""
    check_quickref(b.session, "strategiya/quickref.html.j2", context(b.session))
