"""The VS battle answers: cards laid out with their re-lays, one card's best mix, odds between troops."""

# Each answer says itself in Russian or English (80 columns) and as JSON.

from __future__ import annotations

import functools
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from printkit.plugin import Line, Note, Para, Ruleset, Said, label

from .army import Readings, Unit, sea_troop, sides, squads_of
from .battle import ATTACKERS, BOTH, DEFENDERS, Battle, Round, battle
from .lanes import Squad
from .model import Orders, vs_of
from .odds import OPTIMAL_LIMIT, OPTIMAL_SIDE, RANDOM_LIMIT, Odds, at_random, optimal
from .orders import Card, best_mix, parse_cards, random_odds
from .relay import RELAY_LIMIT, Choice, Relays, TooLarge
from .tables import Marks
from .words import Refusal

LETTER = {"attack": "A", "fire": "F", "defend": "D"}  # JSON and English; Russian text has its own letters
LETTERS = {"en": LETTER, "ru": {"attack": "А", "fire": "О", "defend": "З"}}  # as orders() reads them typed
WIDTH = 80


@dataclass(frozen=True)
class RelayOdds:
    """A re-lay left to the players, solved: the chances under best play and the first mixes."""

    choice: Choice
    chances: dict[str, Fraction]  # attackers, defenders, both


@dataclass(frozen=True)
class OrdersAnswer:
    """A battle of order cards as laid: its rounds, the winner, and the re-lay left to the players."""

    edition: str
    orders: Orders
    battle: Battle
    relay: RelayOdds | None  # None: the battle ended, or every re-lay was given
    keep: bool
    mirror: bool

    def lines(self, lang: str) -> list[Line]:
        names = self.orders.names
        defend = names["defend"][lang].lower() if "defend" in names else "defend"
        out: list[Line] = [label("rf_legend", lang, defend=defend)]
        for number, rnd in enumerate(self.battle.rounds, start=1):
            out += _round_lines(number, rnd, lang)
        who = self.battle.winner
        if who is not None:
            out.append(label(f"rf_winner_{who}", lang))
        if self.relay is not None:
            r = self.relay
            out.append(Para(label("rf_relay_choice", lang), "  "))
            out.append(Para(label("rf_relay_odds", lang, a=chance(r.chances[ATTACKERS]), d=chance(r.chances[DEFENDERS]),
                                  b=chance(r.chances[BOTH])), "    "))  # fmt: skip
            for key, mix in (("rf_relay_mix_a", r.choice.attackers), ("rf_relay_mix_d", r.choice.defenders)):
                shown = ", ".join(f"{_kinds(seq, lang)} ({w})" for seq, w in mix[:4])
                out.append(Para(label(key, lang, mix=shown), "    "))
                if len(mix) > 4:
                    out.append(label("rf_relay_more", lang, n=len(mix) - 4))
        elif self.keep and len(self.battle.rounds) > 1:
            out.append(Para(label("rf_relay_keep", lang), "  "))
        out.append(Note(label("rf_reading_mirror" if self.mirror else "rf_reading_layout", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        rounds = []
        for rnd in self.battle.rounds:
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
        out: dict[str, Any] = {"edition": self.edition, "reading": "mirror" if self.mirror else "face to face",
                               "rounds": rounds, "winner": self.battle.winner}  # fmt: skip
        if self.relay is not None:
            r = self.relay
            out["relay"] = {
                "reading": "both sides lay face down by their optimal mixes",
                "chances": {k: str(v) for k, v in r.chances.items()},
                "value": str(r.choice.value),
                "attackers": [{"sequence": _kinds(s), "weight": str(w)} for s, w in r.choice.attackers],
                "defenders": [{"sequence": _kinds(s), "weight": str(w)} for s, w in r.choice.defenders],
            }
        elif self.keep:
            out["relay"] = {"reading": "keep"}
        return out


def _squads(cards: Sequence[Card], orders: Orders) -> tuple[Squad, ...]:
    return tuple((orders.cycle.index(c.order), c.advantage, c.troop) for c in cards)


def orders_answer(rules: Ruleset, attackers: str, defenders: str, relays: Sequence[str] = (), *,
                  mirror: bool = False) -> OrdersAnswer:  # fmt: skip
    """Replay a battle of order cards. Each re-lay is taken from `relays` ("A F / D D", or "keep"
    for the old order); when they run out with both sides still standing, the re-lay game is
    solved exactly (both sides laying face down by their optimal mixes)."""
    vs = vs_of(rules)
    o = vs.orders
    att, dfn = parse_cards(attackers, o), parse_cards(defenders, o)
    keep = bool(relays) and all(r.strip().casefold() == "keep" for r in relays)
    given: list[tuple[list[Card], list[Card]]] = []
    for _number, text in enumerate(relays, start=1):
        if text.strip().casefold() == "keep":
            continue
        if text.count("/") != 1:
            raise Refusal("rf_relay_syntax")
        left, right = text.split("/")
        given.append((parse_relay(left, o), parse_relay(right, o)))
    try:
        fought = battle(o, att, dfn, given, keep=keep, mirror=mirror)
    except ValueError:
        raise Refusal("rf_relay_wrong", n=_failed_relay(o, att, dfn, given, mirror), cards=" / ".join(relays)) from None
    relay = None
    if fought.winner is None:
        solver = Relays(o.row, mirror)
        a, d = _squads(fought.attackers_left, o), _squads(fought.defenders_left, o)
        try:
            choice = solver.choice(a, d)
            endings = solver.endings(a, d)
        except TooLarge as exc:
            raise Refusal("rf_relay_too_big", size=exc.size, limit=RELAY_LIMIT) from None
        chances = {
            w: sum((p for e, p in endings.items() if e[0] == w), Fraction(0)) for w in (ATTACKERS, DEFENDERS, BOTH)
        }
        relay = RelayOdds(choice, chances)
    return OrdersAnswer(rules.id, o, fought, relay, keep, mirror)


def parse_relay(text: str, orders: Orders) -> list[Card]:
    return [] if not text.strip() else parse_cards(text, orders)


def _failed_relay(o: Orders, att: list[Card], dfn: list[Card], given: list[tuple[list[Card], list[Card]]],
                  mirror: bool) -> int:  # fmt: skip
    """Which re-lay (1, 2, ...) does not match the cards left."""
    for n in range(len(given)):
        try:
            battle(o, att, dfn, given[: n + 1], mirror=mirror)
        except ValueError:
            return n + 1
    return len(given)


@dataclass(frozen=True)
class MixAnswer:
    """One card against one card: the attackers' best mix of orders, the game's value, and the odds
    when both choose at random."""

    edition: str
    advantage: str  # which side's card carries the «+»: none, a, b or both
    mix: dict[str, Fraction]  # order id -> weight
    value: Fraction  # the attackers' P(win) - P(lose) under best play
    random: dict[str, Fraction]  # a, b, both -> chance
    orders: Orders = field(repr=False, metadata={"json": False})

    def lines(self, lang: str) -> list[Line]:
        names = ", ".join(f"{self.orders.names[k][lang]} {v}" for k, v in self.mix.items())
        return [
            label("rf_mix", lang, mix=names),
            label("rf_mix_value", lang, v=self.value),
            label("rf_mix_random", lang, a=self.random["a"], d=self.random["b"], b=self.random["both"]),
        ]

    def json(self, lang: str) -> dict[str, Any]:
        return {"mix": {k: str(v) for k, v in self.mix.items()}, "value": str(self.value),
                "random": {"attackers": str(self.random["a"]), "defenders": str(self.random["b"]),
                           "both": str(self.random["both"])}}  # fmt: skip


def order_mix(rules: Ruleset, advantage: str = "none") -> MixAnswer:
    """The best mix of orders for one card against one card, solved exactly; `advantage` says whose
    card carries the «+» (none, a for the attackers, b for the defenders, or both)."""
    o = vs_of(rules).orders
    adv_a, adv_b = advantage in ("a", "both"), advantage in ("b", "both")
    weights, value = best_mix(o, adv_a, adv_b)
    return MixAnswer(rules.id, advantage, weights, value, random_odds(o, adv_a, adv_b), o)


@dataclass(frozen=True)
class BattleOdds:
    """The exact odds of a battle between troops: each side's chance to win and each troop's to be
    destroyed, with orders at random and with both sides at their best."""

    edition: str
    attackers: list[Unit]
    defenders: list[Unit]
    random: Odds | None
    optimal: Odds | None
    mirror: bool
    squads: tuple[int, int]  # on each side
    play: str = "both"  # random, optimal or both, as asked
    notes: tuple[Said, ...] = field(default=(), metadata={"json": False})  # the rules and readings it used
    marks: dict[str, tuple[str, str]] = field(default_factory=dict, metadata={"json": False})  # source: mark, doc

    def destroyed(self, odds: Odds, side: str) -> list[Fraction]:
        """Each unit's chance to lose all its squads (a troop aboard also dies with its ship)."""
        units = self.attackers if side == ATTACKERS else self.defenders
        k = 1 if side == ATTACKERS else 2
        out = []
        for i, u in enumerate(units):
            gone = {i} if u.carrier is None else {i, u.carrier}
            out.append(sum((p for e, p in odds.endings.items() if gone - set(e[k])), Fraction(0)))
        return out

    def unit_name(self, u: Unit, lang: str) -> str:
        """A unit as the answer names it, its squads (or the «+» on each) marked when the edition's
        rules do not give them."""
        return _unit(u, lang, self.marks.get(u.source, self.marks.get(u.plus_from, ("", "")))[0])

    def lines(self, lang: str) -> list[Line]:
        side_a = ", ".join(self.unit_name(u, lang) for u in self.attackers)
        side_d = ", ".join(self.unit_name(u, lang) for u in self.defenders)
        title = label("rf_odds_title", lang, edition=self.edition.removeprefix("vs-"), a=side_a, d=side_d)
        out: list[Line] = [Para(title, "  ")]
        shown: list[tuple[str, Odds]] = []
        if self.random is not None:
            shown.append((label("rf_col_random", lang), self.random))
        if self.optimal is not None:
            shown.append((label("rf_col_optimal", lang), self.optimal))
        rows: list[list[str]] = []
        for who in (ATTACKERS, DEFENDERS, BOTH):
            rows.append([label(f"rf_row_{who}", lang), *(chance(o.winner(who)) for _, o in shown)])
        rows.append([label("rf_destroyed", lang), *("" for _ in shown)])
        for side, units in ((ATTACKERS, self.attackers), (DEFENDERS, self.defenders)):
            per = [self.destroyed(o, side) for _, o in shown]
            for k, u in enumerate(units):
                who = label(f"rf_short_{side}", lang)
                rows.append([f"  {who} {self.unit_name(u, lang)}", *(chance(p[k]) for p in per)])
        out += odds_table([""] + [name for name, _ in shown], rows)
        for units in (self.attackers, self.defenders):
            for u in units:
                note = _notes(u, lang)
                if note:
                    out.append(Note(f"{self.unit_name(u, lang)}: {note}", "  "))
        # The footnotes of the marks come first: a brief answer keeps them, since it keeps the marks.
        out += [Para(said.say(lang), "  ") for said in self.notes if isinstance(said, Footnote)]
        out += [Note(said.say(lang), "  ") for said in self.notes if not isinstance(said, Footnote)]
        out.append(Note(label("rf_reading_order", lang), "  "))
        if self.random is not None:
            out.append(Note(label("rf_reading_random", lang), "  "))
        if self.optimal is not None and self.optimal.value is not None:
            out.append(Note(label("rf_reading_optimal", lang, v=self.optimal.value), "  "))
        elif self.random is not None and self.play != "random":
            out.append(Para(label("rf_optimal_skipped", lang, limit=optimal_exponent(), side=OPTIMAL_SIDE), "  "))
        out.append(Note(label("rf_reading_mirror" if self.mirror else "rf_reading_layout", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        def side(units: list[Unit], key: str) -> list[dict[str, Any]]:
            out = []
            for k, u in enumerate(units):
                entry: dict[str, Any] = {"unit": u.key, "squads": u.squads, "advantage": u.advantage,
                                         "garrison": u.garrison, "why": list(u.why)}  # fmt: skip
                if u.source in self.marks:
                    entry["squads_from"] = self.marks[u.source][1]  # a document other than the edition's rules
                if u.plus_from in self.marks:
                    entry["advantage_from"] = self.marks[u.plus_from][1]
                for name, o in (("random", self.random), ("optimal", self.optimal)):
                    if o is not None:
                        entry[f"destroyed_{name}"] = str(self.destroyed(o, key)[k])
                out.append(entry)
            return out

        data: dict[str, Any] = {"edition": self.edition, "attackers": side(self.attackers, ATTACKERS),
                                "defenders": side(self.defenders, DEFENDERS),
                                "reading": "mirror" if self.mirror else "face to face",
                                "readings": {r.name: r.say(lang) for r in self.notes
                                             if isinstance(r, Reading)}}  # fmt: skip
        for name, o in (("random", self.random), ("optimal", self.optimal)):
            if o is not None:
                data[name] = {w: str(o.winner(w)) for w in (ATTACKERS, DEFENDERS, BOTH)}
                if o.value is not None:
                    data[name]["value"] = str(o.value)
        return data


def battle_odds(rules: Ruleset, attackers: str, defenders: str, *, play: str = "both", at_sea: bool = False,
                mirror: bool = False, ghost_as_ship: bool = False, plain_mage: bool = False,
                garrison_keeps_plus: bool = False) -> BattleOdds:  # fmt: skip
    """The exact odds of a battle between the troops named (see army.parse_side): every order at
    random (re-lays keep the sequence), and both sides at their best (re-lays chosen too).

    Attacking a ship or a troop aboard, every attacker but ships and dragons fights as one squad:
    2025 sees it from the defenders (the first is the attacked); 2003 asks `at_sea`, since a ship
    or a transport may also stand in a building. `ghost_as_ship`, `plain_mage` and
    `garrison_keeps_plus` take the other reading of what the text leaves open (see army.Readings)."""
    vs = vs_of(rules)
    readings = Readings(at_sea, ghost_as_ship, plain_mage, garrison_keeps_plus)
    units_a, units_d = sides(vs, attackers, defenders, readings)
    sa, sd = squads_of(units_a), squads_of(units_d)
    n = len(sa) + len(sd)
    random_odds = best = None
    if play in ("random", "both"):
        if n > RANDOM_LIMIT:
            raise Refusal("rf_too_many_random", limit=RANDOM_LIMIT, n=n)
        random_odds = at_random(sa, sd, vs.orders.row, mirror)
    if play in ("optimal", "both"):
        # With both asked, a battle too large for optimal play still gets its odds at random.
        try:
            if 3**n > OPTIMAL_LIMIT or max(len(sa), len(sd)) > OPTIMAL_SIDE:
                raise TooLarge(n)
            best = optimal(sa, sd, vs.orders.row, mirror)
        except TooLarge:
            if play == "optimal":
                raise Refusal("rf_too_many_optimal", limit=optimal_exponent(), side=OPTIMAL_SIDE, n=n,
                              a=len(sa), d=len(sd)) from None  # fmt: skip
    marks, notes = battle_notes(rules, units_a, units_d, readings)
    return BattleOdds(rules.id, units_a, units_d, random_odds, best, mirror, (len(sa), len(sd)), play,
                      notes, marks)  # fmt: skip


class Footnote(Said):
    """The footnote of a mark (`*`, `†`) an answer prints: said even in a brief answer."""


@dataclass(frozen=True)
class Reading(Said):
    """A reading the answer took where the text is open, with the switch for the other: a note in
    the text, and JSON `readings` under its name."""

    name: str = ""


def battle_notes(rules: Ruleset, attackers: list[Unit], defenders: list[Unit],
                 readings: Readings) -> tuple[dict[str, tuple[str, str]], tuple[Said, ...]]:  # fmt: skip
    """The marks of the units' squads the edition's own rules do not give, and what the answer must
    say besides the odds: those marks' footnotes, the rules it applied and the readings it took,
    each reading with its switch."""
    vs = vs_of(rules)
    year = vs.year
    units = [*attackers, *defenders]
    mark = Marks(rules)
    marks: dict[str, tuple[str, str]] = {}
    for u in units:
        for path in (u.source, u.plus_from):  # its squads, and the «+» on each (kept when they are cut)
            source = rules.provenance.of(path) if path else None
            if source is not None and not source.document.own and path not in marks:
                marks[path] = (mark("", path), source.document.id)
    names = {path: u.name for u in units for path in (u.source, u.plus_from) if path}
    said: list[Said] = [Footnote(functools.partial(_footnote, mark, names, i)) for i in range(len(mark.notes("en")))]

    def say(key: str, **values: Any) -> None:
        said.append(Said(functools.partial(_said, key, values)))

    def read(name: str, key: str, **values: Any) -> None:
        said.append(Reading(functools.partial(_said, key, values), name))

    cut = [_garrison_or_troop(u) for u in units if u.plus_from in marks and u.source not in marks]
    if cut:  # their squads are the asker's or a rule's, the «+» on each still the borrowed figure's
        say("rf_plus_borrowed", troops={lang: ", ".join(n[lang] for n in cut) for lang in cut[0]})

    ids = {u.key for u in units if not u.garrison}
    if any(u.afloat for u in attackers):
        say(f"rf_afloat_{year}")
    elif year == 2003 and defenders and (defenders[0].place == "transport" or sea_troop(vs, defenders[0], readings)):
        # With --at-sea given, only ships and dragons attack here, and they keep their squads.
        say("rf_afloat_kept_2003" if readings.at_sea else "rf_afloat_hint_2003")
    for u in attackers:
        if u.place == "ship":
            say("rf_aboard_attacks", troop=u.name)
    if any(u.garrison for u in attackers):
        say(f"rf_garrison_attack_{year}")
        walled = [s for s in vs.structures if s.walls == "defence" and s.garrison_advantage]
        if any(u.key in {s.id for s in walled} for u in attackers if u.garrison):
            # The «+» a castle's or city's garrison draws is its walls' (only walled lord's houses
            # have one), and those walls give it only to whoever does not attack this turn.
            read("garrison_plus", "rf_reading_garrison_keeps_plus" if readings.garrison_keeps_plus
                 else "rf_reading_garrison_plus", section=_GARRISON_SECTION[year])  # fmt: skip
    if year == 2003 and any(u.key == "ship" or u.place == "transport" for u in attackers):
        say("rf_ship_targets_2003")
    for u in defenders:
        if "walls" in u.why and next((s for s in vs.structures if s.id == u.place), None) is not None:
            building = next(s for s in vs.structures if s.id == u.place)
            if building.walls == "defence":
                say("rf_walls_attacked", troop=u.name, word=u.key, building=building.id)
    if year == 2025 and "ghost-ship" in ids:
        read("ghost_ship", "rf_reading_ghost_as_ship" if readings.ghost_as_ship else "rf_reading_ghost_not_ship")
    if year == 2025 and "mage" in ids:
        read("mage", "rf_reading_plain_mage" if readings.plain_mage else "rf_reading_mage_plus")
    return marks, tuple(said)


# Where each edition says what walls give: the notes on «+» and «++» under its building table.
_GARRISON_SECTION = {2025: "§6", 2003: "§5"}


def _garrison_or_troop(u: Unit) -> dict[str, str]:
    """A unit's name as a note names it: a troop's, or «гарнизон (замок)» for a garrison."""
    if not u.garrison:
        return dict(u.name)
    return {lang: label("rf_garrison_of", lang, name=name.lower()) for lang, name in u.name.items()}


def _footnote(mark: Marks, names: dict[str, Mapping[str, str]], index: int, lang: str) -> str:
    return mark.notes(lang, **{path: name[lang] for path, name in names.items()})[index]


def _said(key: str, values: dict[str, Any], lang: str) -> str:
    return label(key, lang, **{k: v[lang] if isinstance(v, Mapping) else v for k, v in values.items()})


def optimal_exponent() -> int:
    """The limit of optimal play as a power of 3: the squads on both sides together."""
    k = 0
    while 3 ** (k + 1) <= OPTIMAL_LIMIT:
        k += 1
    return k


# ---- the answers in words ---------------------------------------------------------------------------


def card(c: Card, lang: str = "en") -> str:
    return LETTERS.get(lang, LETTER).get(c.order, c.order) + ("+" if c.advantage else "")


def cards(cs: Sequence[Card], lang: str) -> str:
    return " ".join(card(c, lang) for c in cs) or label("rf_nobody", lang)


def chance(p: Fraction) -> str:
    """'7/12 (58.33 %)', or the percentage alone when the fraction is long."""
    pct = f"{float(p) * 100:.2f} %"
    text = str(p)
    return f"{text} ({pct})" if len(text) <= 12 else pct


def _round_lines(number: int, rnd: Round, lang: str) -> list[Line]:
    out: list[Line] = [label("rf_round", lang, n=number, w=rnd.width)]
    for c, (places_a, places_d) in enumerate(rnd.columns):
        col_a = [card(rnd.attackers[i], lang) for i in places_a]
        col_d = [card(rnd.defenders[j], lang) for j in places_d]
        duels = [d for d in rnd.duels if d.column == c]
        events = []
        for d in duels:
            x, y = card(d.attacker, lang), card(d.defender, lang)
            if d.winner == ATTACKERS:
                events.append(label("rf_beats", lang, x=x, y=y))
            elif d.winner == DEFENDERS:
                events.append(label("rf_beats", lang, x=y, y=x))
            else:
                events.append(label("rf_both_go", lang, x=x, y=y))
        head = label("rf_column", lang, n=c + 1, a=" ".join(col_a), d=" ".join(col_d) or "-")
        out.append(Para(f"{head}: " + "; ".join(events), "      "))
    out.append(label("rf_left", lang, a=cards(rnd.attackers_left, lang), d=cards(rnd.defenders_left, lang)))
    return out


def _kinds(seq: Sequence[tuple[int, bool]], lang: str = "en") -> str:
    letters = "АОЗ" if lang == "ru" else "AFD"
    return " ".join(letters[o] + ("+" if plus else "") for o, plus in seq) if seq else "-"


def _unit(u: Unit, lang: str, mark: str = "") -> str:
    name = label("rf_garrison_of", lang, name=u.name[lang].lower()) if u.garrison else u.name[lang]
    plus = "+" if u.advantage else ""
    return f"{name}, {label('rf_squads', lang, n=u.squads)}{plus}{mark}"


def _notes(u: Unit, lang: str) -> str:
    notes = [label(f"rf_why_{w}", lang) for w in u.why if not (u.garrison and w == "garrison")]
    if u.carrier is not None:
        notes.append(label("rf_aboard", lang))
    return "; ".join(notes)


def odds_table(head: list[str], rows: list[list[str]]) -> list[str]:
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
