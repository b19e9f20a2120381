"""Quick-reference cards: the rules at a glance, every number read from the ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from ..errors import RenderError
from ..labels import label
from ..model import Ruleset, Session
from ..tables import Table, terrain_table
from .page import base_context

MAX_PAGES = 2  # one sheet, front and back


def _cells(rules: Ruleset, lang: str) -> list[dict[str, str]]:
    rows = terrain_table(rules, lang).rows
    return [
        {"name": name, "colour": t.colour, "cells": cells, "lives": lives, "bonus": bonus}
        for t, (name, cells, lives, bonus) in zip(rules.terrains, rows, strict=True)
    ]


def _price(o: Any, lang: str) -> str:
    if o.price is not None:
        return f"{o.price} $"
    if o.percent is not None:
        return label("qr_percent", lang, n=o.percent)
    return label("qr_times", lang, n=o.times_price)


def strategiya_context(session: Session) -> dict[str, Any]:
    """The «Стратегия» card: battle, wounds, movement, experience, tiers, town, work, adventures."""
    rules, lang = session.ruleset, session.language
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
        label("qr_escape", lang, die=b.die, lo=b.escape_from, hi=b.die, moves=b.escape_moves),
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
    work = [label("qr_work_time", lang)]
    if tools:
        work.append(label("qr_tools", lang, n=tools.work_strength))
    work += [
        label("qr_load", lang, days=h.load_days_per_cell, per=h.load_strength_per_cell),
        label("qr_load_attack", lang),
    ]
    from ..referee.fights import Fighter, fight

    odds_rows = [
        (lives, [f"{float(fight(b, Fighter(lives, d), Fighter(lives, d)).win_a) * 100:.1f} %" for d in (1, 2, 3)])
        for lives in (5, 10, 15, 20, 25, 30)
    ]
    return {
        **base_context(session),
        "odds": odds_rows,
        "odds_columns": [label("qr_damage_n", lang, n=d) for d in (1, 2, 3)],
        "roll": label("qr_roll", lang, die=b.die),
        "battle": battle,
        "gear": [
            {"name": o.name[lang], "price": _price(o, lang), "strength": o.strength, "text": o.text[lang]}
            for o in town.get("items", ())
        ],
        "wounds": wounds,
        "terrains": _cells(rules, lang),
        "movement": movement,
        "animals": [
            {"name": o.name[lang], "price": _price(o, lang), "text": o.text[lang]} for o in town.get("animals", ())
        ],
        "tiers": [{"from": label("qr_from", lang, n=t.start), "text": t.text[lang]} for t in rules.tiers],
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
            label("qr_disputes", lang, die=b.die),
        ],
    }


def order_matrix(session: Session) -> dict[str, Any]:
    """Every pair of order cards and who wins, computed by the referee's own rule."""
    from ..referee.orders import all_cards, resolve

    vs = session.ruleset.vs
    assert vs is not None
    lang = session.language
    cards = all_cards(vs.orders)

    def name(card: Any) -> str:
        return vs.orders.names[card.order][lang] + (" +" if card.advantage else "")

    verdict = {"a": label("qv_attacker", lang), "b": label("qv_defender", lang), "both": label("qv_both", lang)}
    return {
        "columns": [name(card) for card in cards],
        "rows": [(name(a), [verdict[resolve(vs.orders, a, b)] for b in cards]) for a in cards],
    }


def _table(t: Table) -> dict[str, Any]:
    return {"headers": t.headers, "rows": t.rows, "numeric": t.numeric, "caption": t.caption}


def vs_context(session: Session) -> dict[str, Any]:
    """The VS card: buildings, mines, troops, orders and their resolution, layout, money, spells."""
    from fractions import Fraction

    from ..tables import fraction, mines, spell_outcomes, spells, structures, troops

    rules, lang = session.ruleset, session.language
    vs = rules.vs
    assert vs is not None
    fig = vs.figures
    names = [vs.orders.names[o][lang] for o in vs.orders.cycle]
    treasury = fig.get("treasury", {})
    money = [label("qv_income", lang)]
    if "base" in treasury:
        money.append(label("qv_treasury", lang, base=treasury["base"], per=treasury.get("per_fortress", 0)))
    else:
        money.append(label("qv_treasury_2003", lang, ruler=treasury.get("ruler"), commander=treasury.get("commander"),
                           per=treasury.get("per_fortress", 0)))  # fmt: skip
    if isinstance(fig.get("transfer_tax"), Fraction):
        money.append(label("qv_transfer", lang, p=fraction(fig["transfer_tax"])))
    per_level = vs.mines[0].income // vs.mines[0].level if vs.mines else 0
    return {
        **base_context(session),
        "structures": _table(structures(rules, lang)),
        "walls": label("qv_walls", lang),
        "mines": _table(mines(rules, lang)),
        "mine_chance": label("qv_mine_chance", lang, p=fraction(fig["mine_chance"]), n=per_level),
        "troops": _table(troops(rules, lang)),
        "crossing": label("qv_crossing", lang),
        "cycle": label("qv_cycle", lang, a=names[0], b=names[1], c=names[2]),
        "advantage": label("qv_advantage", lang),
        "matrix": order_matrix(session),
        "layout": [
            label("qv_layout_rows", lang, n=vs.orders.row),
            label("qv_layout_sides", lang),
            label("qv_layout_back", lang),
        ],
        "money": money,
        "spells": _table(spells(rules, lang)),
        "outcomes": [_table(spell_outcomes(rules, lang, s.id)) for s in vs.spells if s.outcomes or s.chance],
    }


def stratego_context(session: Session) -> dict[str, Any]:
    """The Stratego card: ranks and counts, moves, attacks with the exceptions, the two rules on
    bombs, the two-squares rule and how to win. Outcomes come from the referee's own function."""
    from ..referee.stratego import attack, describe

    data = session.ruleset.stratego
    assert data is not None
    lang = session.language
    variants = list(data.variants.values())
    ranks = []
    for r in data.ranks:
        moves = "sq_move_none" if not r.movable else ("sq_move_line" if r.runs else "sq_move_one")
        counts = [v.counts.get(r.symbol, 0) for v in variants]
        row = {"symbol": r.symbol, "name": r.name[lang], "strength": r.strength or "—", "counts": counts}
        ranks.append({**row, "moves": label(moves, lang)})
    get = data.rank
    cases = [("1", "X"), ("X", "1"), ("3", "B"), ("5", "B"), ("4", "F"), ("7", "7")]
    special = []
    for a, d in cases:
        house = attack(data, get(a), get(d))
        original = attack(data, get(a), get(d), original_bombs=True)
        pair = label("sq_pair", lang, a=a, d=d)
        special.append({"pair": pair, "house": describe(house, lang), "original": describe(original, lang)})
    battle = data.variants["battle"]
    return {
        **base_context(session),
        "variants": [label("sq_variant", lang, name=v.name[lang], files=v.files, rows=v.rows) for v in variants],
        "ranks": ranks,
        "setup": label("sq_setup_rules", lang, n=battle.pieces, rows=battle.setup_rows),
        "moves": label("sq_move_rules", lang),
        "two_squares": label("sq_two_squares", lang),
        "attack": label("sq_attack_rules", lang),
        "special": special,
        "house": label("st_house_rule", lang),
        "original": label("st_original_rule", lang),
        "win": label("sq_win_rules", lang),
    }


def tannhauser_context(session: Session) -> dict[str, Any]:
    """The Tannhäuser card: pools, natural 10 and 1, duels, movement, and the odds table computed by
    the referee's own pool engine."""
    from ..referee.pools import at_least

    lang = session.language
    t = session.ruleset.tannhauser
    assert t is not None
    lo, hi = t["table"]["dice"]
    d_lo, d_hi = t["table"]["difficulties"]
    tables = []
    for difficulty in range(d_lo, d_hi + 1):
        rows = [(n, [f"{float(at_least(n, difficulty, k)) * 100:.0f}" if k <= n else "" for k in range(1, hi + 1)])
                for n in range(lo, hi + 1)]  # fmt: skip
        tables.append({"difficulty": difficulty, "rows": rows})
    return {
        **base_context(session),
        "rules": [label("qt_pool_rules", lang), label("qt_natural10", lang), label("qt_natural1", lang)],
        "duel": label("qt_duel_rules", lang),
        "move": label("qt_move_rules", lang),
        "ks": [label("qt_at_least", lang, k=k) for k in range(1, hi + 1)],
        "tables": tables,
    }


CONTEXTS = {
    "strategiya": ("quickref-strategiya.html.j2", strategiya_context),
    "vs": ("quickref-vs.html.j2", vs_context),
    "stratego": ("quickref-stratego.html.j2", stratego_context),
    "tannhauser": ("quickref-tannhauser.html.j2", tannhauser_context),
}


def _kind(rules: Ruleset) -> str | None:
    if rules.vs is not None:
        return "vs"
    if rules.stratego is not None:
        return "stratego"
    if rules.tannhauser is not None:
        return "tannhauser"
    if rules.battle is not None and rules.heroes is not None:
        return "strategiya"
    return None


def has_quickref(rules: Ruleset) -> bool:
    return _kind(rules) is not None


def write_quickref(session: Session, target: str | IO[bytes] | Path) -> None:
    """quickref.pdf: one sheet, front and back at most; a longer card is an error, not a third page."""
    from ..render.html import render, render_template, write

    kind = _kind(session.ruleset)
    assert kind is not None
    template, make = CONTEXTS[kind]
    document = render(render_template(template, make(session)), session.folder)
    if len(document.pages) > MAX_PAGES:
        raise RenderError(f"the quick reference runs to {len(document.pages)} pages; it must fit on one sheet")
    write(document, str(target))
