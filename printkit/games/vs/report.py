"""The VS battle answers in words (Russian or English, 80 columns) and as JSON."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...labels import label, wrapped
from .answers import BattleOdds, OrdersAnswer
from .army import Unit
from .battle import ATTACKERS, BOTH, DEFENDERS, Round
from .odds import Odds
from .orders import Card

LETTER = {"attack": "A", "fire": "F", "defend": "D"}
WIDTH = 80


def card(c: Card) -> str:
    return LETTER.get(c.order, c.order) + ("+" if c.advantage else "")


def cards(cs: Sequence[Card], lang: str) -> str:
    return " ".join(card(c) for c in cs) or label("rf_nobody", lang)


def chance(p: Fraction) -> str:
    """'7/12 (58.33 %)', or the percentage alone when the fraction is long."""
    pct = f"{float(p) * 100:.2f} %"
    text = str(p)
    return f"{text} ({pct})" if len(text) <= 12 else pct


def wrap(text: str, indent: str = "  ") -> list[str]:
    return wrapped(text, WIDTH, indent)


def _round_lines(number: int, rnd: Round, lang: str) -> list[str]:
    out = [label("rf_round", lang, n=number, w=rnd.width)]
    for c, (places_a, places_d) in enumerate(rnd.columns):
        col_a = [card(rnd.attackers[i]) for i in places_a]
        col_d = [card(rnd.defenders[j]) for j in places_d]
        duels = [d for d in rnd.duels if d.column == c]
        events = []
        for d in duels:
            x, y = card(d.attacker), card(d.defender)
            if d.winner == ATTACKERS:
                events.append(label("rf_beats", lang, x=x, y=y))
            elif d.winner == DEFENDERS:
                events.append(label("rf_beats", lang, x=y, y=x))
            else:
                events.append(label("rf_both_go", lang, x=x, y=y))
        head = label("rf_column", lang, n=c + 1, a=" ".join(col_a), d=" ".join(col_d) or "-")
        out += wrap(f"{head}: " + "; ".join(events), "      ")
    out.append(label("rf_left", lang, a=cards(rnd.attackers_left, lang), d=cards(rnd.defenders_left, lang)))
    return out


def orders_lines(answer: OrdersAnswer, lang: str) -> list[str]:
    defend = answer.orders.names["defend"][lang].lower() if "defend" in answer.orders.names else "defend"
    out = [label("rf_legend", lang, defend=defend)]
    for number, rnd in enumerate(answer.battle.rounds, start=1):
        out += _round_lines(number, rnd, lang)
    who = answer.battle.winner
    if who is not None:
        out.append(label(f"rf_winner_{who}", lang))
    if answer.relay is not None:
        r = answer.relay
        out += wrap(label("rf_relay_choice", lang))
        out += wrap(label("rf_relay_odds", lang, a=chance(r.chances[ATTACKERS]), d=chance(r.chances[DEFENDERS]),
                          b=chance(r.chances[BOTH])), "    ")  # fmt: skip
        for key, mix in (("rf_relay_mix_a", r.choice.attackers), ("rf_relay_mix_d", r.choice.defenders)):
            shown = ", ".join(f"{_kinds(seq)} ({w})" for seq, w in mix[:4])
            out += wrap(label(key, lang, mix=shown), "    ")
            if len(mix) > 4:
                out.append(label("rf_relay_more", lang, n=len(mix) - 4))
    elif answer.keep and len(answer.battle.rounds) > 1:
        out += wrap(label("rf_relay_keep", lang))
    out += wrap(label("rf_reading_mirror" if answer.mirror else "rf_reading_layout", lang))
    return out


def _kinds(seq: Sequence[tuple[int, bool]]) -> str:
    return " ".join("AFD"[o] + ("+" if plus else "") for o, plus in seq) if seq else "-"


def orders_json(answer: OrdersAnswer) -> dict[str, Any]:
    rounds = []
    for rnd in answer.battle.rounds:
        rounds.append({
            "width": rnd.width,
            "attackers": [card(c) for c in rnd.attackers],
            "defenders": [card(c) for c in rnd.defenders],
            "columns": [{"attackers": [card(rnd.attackers[i]) for i in a],
                         "defenders": [card(rnd.defenders[j]) for j in d]} for a, d in rnd.columns],
            "duels": [{"column": d.column + 1, "attackers": card(d.attacker), "defenders": card(d.defender),
                       "winner": d.winner} for d in rnd.duels],
            "attackers_left": [card(c) for c in rnd.attackers_left],
            "defenders_left": [card(c) for c in rnd.defenders_left],
        })  # fmt: skip
    out: dict[str, Any] = {"edition": answer.edition, "reading": "mirror" if answer.mirror else "face to face",
                           "rounds": rounds, "winner": answer.battle.winner}  # fmt: skip
    if answer.relay is not None:
        r = answer.relay
        out["relay"] = {
            "reading": "both sides lay face down by their optimal mixes",
            "chances": {k: str(v) for k, v in r.chances.items()},
            "value": str(r.choice.value),
            "attackers": [{"sequence": _kinds(s), "weight": str(w)} for s, w in r.choice.attackers],
            "defenders": [{"sequence": _kinds(s), "weight": str(w)} for s, w in r.choice.defenders],
        }
    elif answer.keep:
        out["relay"] = {"reading": "keep"}
    return out


def _unit(u: Unit, lang: str) -> str:
    name = label("rf_garrison_of", lang, name=u.name[lang].lower()) if u.garrison else u.name[lang]
    plus = "+" if u.advantage else ""
    return f"{name}, {label('rf_squads', lang, n=u.squads)}{plus}"


def _notes(u: Unit, lang: str) -> str:
    notes = [label(f"rf_why_{w}", lang) for w in u.why if not (u.garrison and w == "garrison")]
    if u.carrier is not None:
        notes.append(label("rf_aboard", lang))
    return "; ".join(notes)


def odds_lines(answer: BattleOdds, lang: str) -> list[str]:
    side_a = ", ".join(_unit(u, lang) for u in answer.attackers)
    side_d = ", ".join(_unit(u, lang) for u in answer.defenders)
    out = wrap(label("rf_odds_title", lang, edition=answer.edition.removeprefix("vs-"), a=side_a, d=side_d))
    shown: list[tuple[str, Odds]] = []
    if answer.random is not None:
        shown.append((label("rf_col_random", lang), answer.random))
    if answer.optimal is not None:
        shown.append((label("rf_col_optimal", lang), answer.optimal))
    rows: list[list[str]] = []
    for who in (ATTACKERS, DEFENDERS, BOTH):
        rows.append([label(f"rf_row_{who}", lang), *(chance(o.winner(who)) for _, o in shown)])
    rows.append([label("rf_destroyed", lang), *("" for _ in shown)])
    for side, units in ((ATTACKERS, answer.attackers), (DEFENDERS, answer.defenders)):
        per = [answer.destroyed(o, side) for _, o in shown]
        for k, u in enumerate(units):
            who = label(f"rf_short_{side}", lang)
            rows.append([f"  {who} {_unit(u, lang)}", *(chance(p[k]) for p in per)])
    out += _table([""] + [name for name, _ in shown], rows)
    for units in (answer.attackers, answer.defenders):
        for u in units:
            note = _notes(u, lang)
            if note:
                out += wrap(f"{_unit(u, lang)}: {note}")
    out += wrap(label("rf_reading_order", lang))
    if answer.random is not None:
        out += wrap(label("rf_reading_random", lang))
    if answer.optimal is not None and answer.optimal.value is not None:
        out += wrap(label("rf_reading_optimal", lang, v=answer.optimal.value))
    elif answer.random is not None:
        from .answers import optimal_exponent
        from .odds import OPTIMAL_SIDE

        out += wrap(label("rf_optimal_skipped", lang, limit=optimal_exponent(), side=OPTIMAL_SIDE))
    out += wrap(label("rf_reading_mirror" if answer.mirror else "rf_reading_layout", lang))
    return out


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    """Columns of chances on the right; the first column wraps to fit 80 characters."""
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(1, len(head))]
    first = WIDTH - sum(w + 2 for w in widths)
    first = min(first, max(len(r[0]) for r in [head, *rows]))
    out = []
    for row in [head, *rows]:
        parts = textwrap.wrap(row[0], first, break_on_hyphens=False) or [""]
        tail = "".join("  " + v.rjust(w) for v, w in zip(row[1:], widths, strict=True))
        out.append(parts[0].ljust(first) + tail)
        out += ["  " + p for p in parts[1:]]
    return [line.rstrip() for line in out]


def odds_json(answer: BattleOdds) -> dict[str, Any]:
    def side(units: list[Unit], key: str) -> list[dict[str, Any]]:
        out = []
        for k, u in enumerate(units):
            entry: dict[str, Any] = {"unit": u.key, "squads": u.squads, "advantage": u.advantage,
                                     "garrison": u.garrison, "why": list(u.why)}  # fmt: skip
            for name, o in (("random", answer.random), ("optimal", answer.optimal)):
                if o is not None:
                    entry[f"destroyed_{name}"] = str(answer.destroyed(o, key)[k])
            out.append(entry)
        return out

    data: dict[str, Any] = {"edition": answer.edition, "attackers": side(answer.attackers, ATTACKERS),
                            "defenders": side(answer.defenders, DEFENDERS),
                            "reading": "mirror" if answer.mirror else "face to face"}  # fmt: skip
    for name, o in (("random", answer.random), ("optimal", answer.optimal)):
        if o is not None:
            data[name] = {w: str(o.winner(w)) for w in (ATTACKERS, DEFENDERS, BOTH)}
            if o.value is not None:
                data[name]["value"] = str(o.value)
    return data
