"""The VS referee's battle answers: a laid-out battle with its re-lays, and the odds between troops."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...config.model import Ruleset
from .army import Unit, parse_side, squads_of
from .battle import ATTACKERS, BOTH, DEFENDERS, Battle, battle
from .lanes import Squad
from .model import Orders, vs_of
from .odds import OPTIMAL_LIMIT, OPTIMAL_SIDE, RANDOM_LIMIT, Odds, at_random, optimal
from .orders import Card, parse_cards
from .relay import RELAY_LIMIT, Choice, Relays, TooLarge
from .words import Refusal


@dataclass(frozen=True)
class RelayOdds:
    """A re-lay left to the players, solved: the chances under best play and the first mixes."""

    choice: Choice
    chances: dict[str, Fraction]  # attackers, defenders, both


@dataclass(frozen=True)
class OrdersAnswer:
    edition: str
    orders: Orders
    battle: Battle
    relay: RelayOdds | None  # None: the battle ended, or every re-lay was given
    keep: bool
    mirror: bool


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
class BattleOdds:
    edition: str
    attackers: list[Unit]
    defenders: list[Unit]
    random: Odds | None
    optimal: Odds | None
    mirror: bool
    squads: tuple[int, int]  # on each side

    def destroyed(self, odds: Odds, side: str) -> list[Fraction]:
        """Each unit's chance to lose all its squads (a troop aboard also dies with its ship)."""
        units = self.attackers if side == ATTACKERS else self.defenders
        k = 1 if side == ATTACKERS else 2
        out = []
        for i, u in enumerate(units):
            gone = {i} if u.carrier is None else {i, u.carrier}
            out.append(sum((p for e, p in odds.endings.items() if gone - set(e[k])), Fraction(0)))
        return out


def battle_odds(rules: Ruleset, attackers: str, defenders: str, *, play: str = "both", at_sea: bool = False,
                mirror: bool = False) -> BattleOdds:  # fmt: skip
    """The exact odds of a battle between the troops named (see army.parse_side): every order at
    random (re-lays keep the sequence), and both sides at their best (re-lays chosen too)."""
    vs = vs_of(rules)
    units_a = parse_side(attackers, vs, attacking=True, at_sea=at_sea)
    units_d = parse_side(defenders, vs, attacking=False)
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
    return BattleOdds(rules.id, units_a, units_d, random_odds, best, mirror, (len(sa), len(sd)))


def optimal_exponent() -> int:
    """The limit of optimal play as a power of 3: the squads on both sides together."""
    k = 0
    while 3 ** (k + 1) <= OPTIMAL_LIMIT:
        k += 1
    return k
