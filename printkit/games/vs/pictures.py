"""Pictures of the VS battle answers for a referee page: both sides as columns of cards, and the outcome."""

# Markup only (no style attribute, no script): printkit/web/static/pictures.css lays the cards out.
# Every text goes through Markup.format, which escapes it; the chances are the answers' own words.

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from printkit.dice import Bar, chart
from printkit.plugin import label

from .answers import BattleOdds, MixAnswer, OrdersAnswer, chance
from .army import Unit
from .battle import ATTACKERS, BOTH, DEFENDERS, Round
from .model import Orders
from .odds import Odds
from .orders import Card

MOST_SQUARES = 12  # squads drawn as squares; a larger unit says its count


def picture(
    question: str, values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """The picture beside a VS answer (Game.pictures): a battle's two sides, or the rounds of order cards."""
    if question == "battle" and isinstance(answer, BattleOdds):
        return battle_picture(answer, lang)
    if question == "orders" and isinstance(answer, OrdersAnswer):
        return orders_picture(answer, lang)
    if question == "orders" and isinstance(answer, MixAnswer):
        bars = [Bar(answer.orders.names[k][lang], p) for k, p in answer.mix.items()]
        return Markup('<figure class="pk-picture pk-odds">{}<p class="pk-chance">{}</p></figure>').format(
            chart(bars, lang), label("rf_mix_value", lang, v=answer.value)
        )
    return None


def _meter(p: Fraction) -> Markup:
    """A chance as a bar (an SVG rectangle's width: the page allows no style attribute)."""
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 6" preserveAspectRatio="none" class="pk-meter">'
        '<rect class="meter-full" width="100" height="6"/><rect class="meter-p" width="{:.2f}" height="6"/></svg>'
    ).format(float(p) * 100)


# ---- battle: the troops of each side, front first ------------------------------------------------------


def _unit_card(u: Unit, k: int, destroyed: Sequence[tuple[str, Fraction]], lang: str) -> Markup:
    name = label("rf_garrison_of", lang, name=u.name[lang].lower()) if u.garrison else u.name[lang]
    squares = (
        Markup("").join(Markup("<span></span>") for _ in range(u.squads)) if u.squads <= MOST_SQUARES else Markup("")
    )
    lost = Markup("").join(
        Markup('<span class="figures">{} {}: {}</span>').format(label("pic_vs_lost", lang), how, chance(p))
        for how, p in destroyed
    )
    classes = "pk-card unit" + (" plus" if u.advantage else "") + (" front" if k == 0 else "")
    return Markup(
        '<li class="{}" data-unit="{}"><span class="name"><span class="badge">{}</span> {}</span>'
        '<span class="pk-squads" aria-hidden="true">{}</span><span class="figures">{}</span>{}</li>'
    ).format(
        classes, u.key, k + 1, name, squares, label("rf_squads", lang, n=u.squads) + ("+" if u.advantage else ""), lost
    )


def _side(answer: BattleOdds, side: str, lang: str) -> Markup:
    units = answer.attackers if side == ATTACKERS else answer.defenders
    shown = [
        (label(f"rf_col_{name}", lang), o)
        for name, o in (("random", answer.random), ("optimal", answer.optimal))
        if o is not None
    ]
    per = [(how, answer.destroyed(o, side)) for how, o in shown]
    cards = Markup("").join(_unit_card(u, k, [(how, lost[k]) for how, lost in per], lang) for k, u in enumerate(units))
    return Markup('<ol class="pk-side {}"><li class="pk-side-head">{}</li>{}</ol>').format(
        side, label(f"pic_vs_{side}", lang), cards
    )


def _outcome(shown: Sequence[tuple[str, Odds]], lang: str) -> Markup:
    """Each ending's chance under each way of choosing orders; the likeliest ending marked."""
    head = Markup("").join(Markup('<th class="p">{}</th>').format(name) for name, _ in shown)
    first = shown[0][1]
    best = max((ATTACKERS, DEFENDERS, BOTH), key=first.winner)
    rows = []
    for who in (ATTACKERS, DEFENDERS, BOTH):
        cells = Markup("").join(
            Markup('<td class="p" data-p="{}">{}{}</td>').format(
                o.winner(who), chance(o.winner(who)), _meter(o.winner(who))
            )
            for _, o in shown
        )
        rows.append(
            Markup('<tr class="{}" data-ending="{}"><th>{}</th>{}</tr>').format(
                "best" if who == best else "", who, label(f"rf_row_{who}", lang), cells
            )
        )
    return Markup(
        '<div class="pk-outcome"><table><thead><tr><th></th>{}</tr></thead><tbody>{}</tbody></table></div>'
    ).format(head, Markup("").join(rows))


def _laying(answer: BattleOdds, lang: str) -> Markup:
    """The first laying of the squads, as the rules lay them (rows as wide as battle.row_width), each
    squad marked with its troop's number: who stands in which column, front cards at the line."""
    from printkit.plugin import load_bundled

    from .army import squads_of
    from .battle import columns, row_width
    from .model import vs_of

    att, dfn = squads_of(answer.attackers), squads_of(answer.defenders)
    width = row_width(len(att), len(dfn), vs_of(load_bundled(answer.edition)).orders.row)
    if width == 0:
        return Markup("")
    cols_a = columns(len(att), width)
    cols_d = columns(len(dfn), width, defenders=True, mirror=answer.mirror)

    def squad(side: str, units: list[Unit], troop: int) -> Markup:
        return Markup('<li class="pk-card squad {}" title="{}"><span class="letter">{}</span></li>').format(
            side, units[troop].name[lang], troop + 1
        )

    out = []
    for places_a, places_d in zip(cols_a, cols_d, strict=True):
        a = Markup("").join(squad("attacker", answer.attackers, att[i][2]) for i in reversed(places_a))
        d = Markup("").join(squad("defender", answer.defenders, dfn[j][2]) for j in places_d)
        out.append(
            Markup(
                '<div class="pk-column"><ol class="cards attackers">{}</ol><ol class="cards defenders">{}</ol></div>'
            ).format(a, d)
        )
    return Markup(
        '<section class="pk-round pk-laying"><p class="pk-round-head">{}</p><div class="pk-columns">{}</div></section>'
    ).format(label("pic_vs_laying", lang, w=width), Markup("").join(out))


def battle_picture(answer: BattleOdds, lang: str) -> Markup:
    """The attackers and the defenders side by side, each troop a card in laying order (the first in
    front) with its squads and its chance to be destroyed; under them, the chance of each ending."""
    shown = [
        (label(f"rf_col_{name}", lang), o)
        for name, o in (("random", answer.random), ("optimal", answer.optimal))
        if o is not None
    ]
    sides = Markup('<div class="pk-battle">{}{}</div>').format(
        _side(answer, ATTACKERS, lang), _side(answer, DEFENDERS, lang)
    )
    outcome = _outcome(shown, lang) if shown else Markup("")
    return Markup('<figure class="pk-picture pk-vs-battle">{}{}{}</figure>').format(
        sides, _laying(answer, lang), outcome
    )


# ---- orders: each round's columns of cards -----------------------------------------------------------------


def _letter(orders: Orders, card: Card, lang: str) -> str:
    """An order's first letter in lang (А, О, З; A, F, D), with its «+»."""
    name = orders.names.get(card.order, {}).get(lang, card.order)
    return name[:1].upper() + ("+" if card.advantage else "")


def _card(orders: Orders, card: Card, side: str, stays: bool, lang: str) -> Markup:
    name = orders.names.get(card.order, {}).get(lang, card.order)
    classes = f"pk-card {side} order-{card.order}" + ("" if stays else " gone") + (" plus" if card.advantage else "")
    return Markup(
        '<li class="{}" data-card="{}"><span class="letter">{}</span><span class="order">{}</span></li>'
    ).format(classes, card.label(), _letter(orders, card, lang), name)


def _round(orders: Orders, number: int, rnd: Round, lang: str) -> Markup:
    """The table as laid: in each column the attackers' cards above (front card lowest) and the
    defenders' below (front card highest), so the front cards meet in the middle; the duels under it."""
    columns = []
    for c, (places_a, places_d) in enumerate(rnd.columns):
        att = [
            _card(orders, rnd.attackers[i], "attacker", rnd.attackers[i] in rnd.attackers_left, lang)
            for i in reversed(places_a)
        ]
        dfn = [
            _card(orders, rnd.defenders[j], "defender", rnd.defenders[j] in rnd.defenders_left, lang) for j in places_d
        ]
        duels = []
        for d in (d for d in rnd.duels if d.column == c):
            x, y = _letter(orders, d.attacker, lang), _letter(orders, d.defender, lang)
            if d.winner == ATTACKERS:
                duels.append(label("rf_beats", lang, x=x, y=y))
            elif d.winner == DEFENDERS:
                duels.append(label("rf_beats", lang, x=y, y=x))
            else:
                duels.append(label("rf_both_go", lang, x=x, y=y))
        said = Markup("").join(Markup("<li>{}</li>").format(t) for t in duels)
        columns.append(
            Markup(
                '<div class="pk-column"><ol class="cards attackers">{}</ol><ol class="cards defenders">{}</ol>'
                '<ol class="versus">{}</ol></div>'
            ).format(Markup("").join(att), Markup("").join(dfn), said)
        )
    return Markup(
        '<section class="pk-round"><p class="pk-round-head">{}</p><div class="pk-columns">{}</div></section>'
    ).format(label("rf_round", lang, n=number, w=rnd.width), Markup("").join(columns))


def orders_picture(answer: OrdersAnswer, lang: str) -> Markup:
    """Every round of order cards as laid on the table, the cards that leave struck, and the result
    (or the odds of the re-lay left to the players)."""
    rounds = Markup("").join(_round(answer.orders, n, rnd, lang) for n, rnd in enumerate(answer.battle.rounds, start=1))
    who = answer.battle.winner
    end = Markup("")
    if who is not None:
        end = Markup('<p class="pk-winner" data-winner="{}">{}</p>').format(who, label(f"rf_winner_{who}", lang))
    elif answer.relay is not None:
        rows = Markup("").join(
            Markup('<tr data-ending="{}"><th>{}</th><td class="p" data-p="{}">{}{}</td></tr>').format(
                w,
                label(f"rf_row_{w}", lang),
                answer.relay.chances[w],
                chance(answer.relay.chances[w]),
                _meter(answer.relay.chances[w]),
            )
            for w in (ATTACKERS, DEFENDERS, BOTH)
        )
        end = Markup('<div class="pk-outcome"><p>{}</p><table><tbody>{}</tbody></table></div>').format(
            label("pic_vs_relay", lang), rows
        )
    legend = Markup(
        '<p class="pk-key"><span class="pk-card attacker sample"></span>{}'
        '<span class="pk-card defender sample"></span>{}<span class="pk-card gone sample"></span>{}</p>'
    ).format(label("pic_vs_attackers", lang), label("pic_vs_defenders", lang), label("pic_vs_gone", lang))
    return Markup('<figure class="pk-picture pk-vs-orders">{}{}{}</figure>').format(rounds, end, legend)
