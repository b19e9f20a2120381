"""The VS quick reference: tables, the order cycle with every pairing, the battle layout, money, spells."""

from __future__ import annotations

from typing import Any

from printkit.plugin import Build, Session, label
from printkit.sheets import check_quickref, fraction, rules_context, table_context, write_quickref

from .model import VsData, vs_of
from .tables import same_orders


def order_matrix(session: Session) -> dict[str, Any]:
    """Every pair of order cards and who wins, computed by the referee's own rule."""
    from .orders import all_cards, resolve

    vs = vs_of(session.ruleset)
    lang = session.language
    cards = all_cards(vs.orders)

    def name(card: Any) -> str:
        return vs.orders.names[card.order][lang] + (" +" if card.advantage else "")

    verdict = {"a": label("qv_attacker", lang), "b": label("qv_defender", lang), "both": label("qv_both", lang)}
    return {
        "columns": [name(card) for card in cards],
        "rows": [(name(a), [verdict[resolve(vs.orders, a, b)] for b in cards]) for a in cards],
    }


def context(session: Session) -> dict[str, Any]:
    """The VS card: buildings, mines, troops, orders and their resolution, layout, money, spells."""
    from fractions import Fraction

    from .tables import mines, spell_outcomes, spells, structures, troops

    rules, lang = session.ruleset, session.language
    vs = vs_of(rules)
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
    year = vs.year
    if year == 2003:
        money.append(label("qv_bridge_2003", lang, upkeep=fig["bridge"]["upkeep"]))
        money.append(label("qv_commander_2003", lang, fee=fig["commander_upkeep"],
                           start=fig["start"]["commander_money"], share=fraction(fig["commander_prize"])))  # fmt: skip
    beaten = {f"{k}_beaten": vs.orders.beaten_name(o, lang) for k, o in zip("abc", vs.orders.cycle, strict=True)}
    return {
        **rules_context(session),
        "structures": table_context(structures(rules, lang)),
        "mines": table_context(mines(rules, lang)),
        "mine_chance": label("qv_mine_chance", lang, p=fraction(fig["mine_chance"]), n=per_level),
        "troops": table_context(troops(rules, lang)),
        "crossing": label(f"qv_crossing_{year}", lang),
        "cycle": label("qv_cycle", lang, a=names[0], b=names[1], c=names[2], **beaten),
        "advantage": label("qv_advantage", lang),
        "advantage_notes": same_orders(vs, lang),
        "year_2003": _only_2003(vs, lang) if year == 2003 else [],
        "referee": label("qv_referee", lang, edition=rules.id),
        "matrix": order_matrix(session),
        "layout": [
            label("qv_layout_rows", lang, n=vs.orders.row),
            label("qv_layout_sides", lang),
            label("qv_layout_back", lang),
        ],
        "money": money,
        "spells": table_context(spells(rules, lang)),
        "outcomes": [table_context(spell_outcomes(rules, lang, s.id)) for s in vs.spells if s.outcomes or s.chance],
    }


def _only_2003(vs: VsData, lang: str) -> list[str]:
    """What only the 2003 rules have and a player asks at the table: transports, leaders and escape."""
    fig = vs.figures
    t = fig["transport"]
    escape = ", ".join(f"{fraction(e['chance'])} {e['text'][lang]}" for e in fig["escape"])
    return [
        label("qv_transport_2003", lang, outside=t["cost_outside"], inside=t["cost_inside"], squads=t["squads"],
              speed=t["speed"]),
        label("qv_leader_2003", lang, cost=fig["leader_cost"], years=fig["personal_restore_years"]),
        label("qv_escape_2003", lang, part=fraction(fig["escape_cost"]), outcomes=escape),
    ]  # fmt: skip


def build(b: Build) -> None:
    """The kit's quickref.pdf."""
    write_quickref(b.session, "vs/quickref.html.j2", context(b.session), b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)


def preflight(b: Build) -> None:
    """What `validate` runs: the card must keep to its sides, as build() lays it out."""
    check_quickref(b.session, "vs/quickref.html.j2", context(b.session))
