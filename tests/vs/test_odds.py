"""Exact battle odds between troops, checked against brute force over the naive resolver."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.vs.answers import battle_odds
from printkit.games.vs.army import parse_side, squads_of
from printkit.games.vs.model import vs_of
from printkit.games.vs.odds import at_random, optimal
from printkit.games.vs.words import Refusal
from printkit.games.vs.zerosum import double_oracle, solve

from . import naive_battle as naive

VS25, VS03 = load_bundled("vs-2025"), load_bundled("vs-2003")


def army(rng: random.Random, most: int, first: int) -> list[tuple[int, bool, int]]:
    """A random side: a few troops of 1-4 squads, each with or without the «+»."""
    out: list[tuple[int, bool, int]] = []
    troop = first
    while len(out) < most:
        size = min(rng.randint(1, 4), most - len(out))
        out += [(0, rng.random() < 0.35, troop)] * size
        troop += 1
        if rng.random() < 0.4:
            break
    return out


def brute_force(att: list[tuple[int, bool, int]], dfn: list[tuple[int, bool, int]]) -> dict[tuple, Fraction]:  # type: ignore[type-arg]
    """Every order of every squad through the naive resolver (re-lays keep the sequence)."""
    counts: Counter[tuple] = Counter()  # type: ignore[type-arg]
    for orders in product("AFD", repeat=len(att) + len(dfn)):
        a = [naive.Card(o, s[1], k) for k, (o, s) in enumerate(zip(orders, att, strict=False))]
        d = [naive.Card(o, s[1], k) for k, (o, s) in enumerate(zip(orders[len(att) :], dfn, strict=False))]
        winner, left_a, left_d = naive.fight(a, d)
        counts[
            (winner, tuple(sorted({att[c.uid][2] for c in left_a})), tuple(sorted({dfn[c.uid][2] for c in left_d})))
        ] += 1
    total = 3 ** (len(att) + len(dfn))
    return {k: Fraction(n, total) for k, n in counts.items()}


@pytest.mark.rule("vs.battle.order-choice")
def test_odds_at_random_equal_brute_force_over_the_naive_resolver() -> None:
    rng = random.Random("odds-random")
    for _ in range(12):
        att, dfn = army(rng, rng.randint(1, 4), 0), army(rng, rng.randint(1, 4), 10)
        assert at_random(att, dfn).endings == brute_force(att, dfn), (att, dfn)


def naive_value(att: tuple[naive.Card, ...], dfn: tuple[naive.Card, ...], memo: dict) -> Fraction:  # type: ignore[type-arg]
    """The re-lay game by brute force: every sequence of each side's survivors, solved as a matrix."""
    if not att or not dfn:
        return Fraction(1 if att else -1 if dfn else 0)
    key = (tuple(sorted((c.order, c.plus) for c in att)), tuple(sorted((c.order, c.plus) for c in dfn)))
    if key not in memo:
        seq_a = sorted(set(permutations(att)), key=str)
        seq_d = sorted(set(permutations(dfn)), key=str)
        matrix = [[naive_value(*map(tuple, naive.one_round(list(x), list(y))), memo) for y in seq_d] for x in seq_a]
        memo[key] = solve(matrix).value
    return memo[key]


@pytest.mark.rule("vs.battle.order-choice")
def test_the_value_of_optimal_play_equals_a_brute_force_game_tree() -> None:
    rng = random.Random("odds-optimal")
    memo: dict = {}  # type: ignore[type-arg]
    for _ in range(8):
        att, dfn = army(rng, rng.randint(1, 3), 0), army(rng, rng.randint(1, 3), 10)
        plays_a = [
            [naive.Card(o, s[1], 0) for o, s in zip(os, att, strict=True)] for os in product("AFD", repeat=len(att))
        ]
        plays_d = [
            [naive.Card(o, s[1], 0) for o, s in zip(os, dfn, strict=True)] for os in product("AFD", repeat=len(dfn))
        ]
        matrix = [[naive_value(*map(tuple, naive.one_round(x, y)), memo) for y in plays_d] for x in plays_a]
        found = optimal(att, dfn)
        assert found.value == solve(matrix).value, (att, dfn)
        assert found.winner("attackers") - found.winner("defenders") == found.value
        assert sum(found.endings.values()) == 1


@pytest.mark.rule("vs.battle.order-choice")
def test_one_card_each_is_the_plain_cycle() -> None:
    even = optimal([(0, False, 0)], [(0, False, 1)])
    assert even.value == 0 and {w: even.winner(w) for w in ("attackers", "defenders", "both")} == {
        "attackers": Fraction(1, 3), "defenders": Fraction(1, 3), "both": Fraction(1, 3)}  # fmt: skip
    assert optimal([(0, True, 0)], [(0, False, 1)]).value == Fraction(1, 3)


def test_the_solver_finds_exact_equilibria() -> None:
    rng = random.Random("zerosum")
    for _ in range(200):
        m, n = rng.randint(1, 8), rng.randint(1, 8)
        matrix = [[Fraction(rng.randint(-3, 3), rng.randint(1, 3)) for _ in range(n)] for _ in range(m)]
        sol = solve(matrix)
        assert sum(sol.rows.values()) == 1 == sum(sol.cols.values())
        assert all(sum(w * matrix[i][j] for i, w in sol.rows.items()) >= sol.value for j in range(n))
        assert all(sum(w * matrix[i][j] for j, w in sol.cols.items()) <= sol.value for i in range(m))
        assert double_oracle(lambda i, j: matrix[i][j], m, n).value == sol.value  # noqa: B023


@pytest.mark.rule("vs.battle.cards-per-troop")
@pytest.mark.rule("vs.troop.table-2025")
def test_each_troop_plays_its_squads() -> None:
    vs = vs_of(VS25)
    side = parse_side("light-infantry elves knights ship zombie:3", vs, attacking=True)
    assert [(u.key, u.squads, u.advantage) for u in side] == [
        ("light-infantry", 2, False), ("elves", 3, False), ("knights", 4, False), ("ship", 2, False),
        ("zombie", 3, True)]  # fmt: skip
    assert len(squads_of(side)) == 14


@pytest.mark.rule("vs.building.walls")
@pytest.mark.rule("vs.battle.advantage-sources")
@pytest.mark.rule("vs.battle.joint-defence")
def test_walls_and_garrisons() -> None:
    vs = vs_of(VS25)
    castle = parse_side("knights@castle", vs, attacking=False)
    assert [(u.key, u.squads, u.advantage, u.garrison) for u in castle] == [
        ("knights", 4, True, False), ("castle", 1, True, True)]  # fmt: skip
    assert "walls" in castle[0].why
    # Castle and city walls help only a troop that does not attack; a fortress's always do.
    assert [u.advantage for u in parse_side("knights@castle", vs, attacking=True)] == [False]
    assert [u.advantage for u in parse_side("knights@fortress", vs, attacking=True)] == [True]
    assert [(u.key, u.squads) for u in parse_side("knights@fortress", vs, attacking=True)] == [("knights", 4)]
    assert [(u.squads, u.advantage) for u in parse_side("manor", vs, attacking=False)] == [(1, False)]
    assert [u.advantage for u in parse_side("knights+", vs, attacking=True)] == [True]  # mithril
    with pytest.raises(Refusal):
        parse_side("castle", vs, attacking=True)


@pytest.mark.rule("vs.ship.cargo-strength")
@pytest.mark.rule("vs.ship.sinks-with-cargo")
@pytest.mark.rule("vs.transport.build")
def test_troops_aboard_fight_as_one_squad_and_sink_with_their_ship() -> None:
    vs = vs_of(VS25)
    side = parse_side("knights@ship", vs, attacking=False)
    assert [(u.key, u.squads, u.carrier) for u in side] == [("knights", 1, 1), ("ship", 2, None)]
    assert [u.squads for u in parse_side("knights dragon ship", vs, attacking=True, afloat=True)] == [1, 4, 2]
    assert [u.squads for u in parse_side("knights@transport", vs_of(VS03), attacking=True)] == [1]
    answer = battle_odds(VS25, "dragon", "knights@ship", play="random")
    assert answer.random is not None
    knights, ship = answer.destroyed(answer.random, "defenders")
    assert knights >= ship > 0  # the troop aboard dies whenever its ship does


@pytest.mark.rule("vs.garrison.values")
def test_standard_starts() -> None:
    """2025: a castle's garrison and knights behind its walls, 5 squads with the «+»; 2003: a city's
    two and the knights, 6."""
    for rules, building, plus in ((VS25, "castle", 5), (VS03, "city", 6)):
        side = parse_side(f"knights@{building}", vs_of(rules), attacking=False)
        assert sum(u.squads for u in side if u.advantage) == plus


@pytest.mark.rule("vs.garrison.values")
def test_a_zero_garrison_always_loses() -> None:
    answer = battle_odds(VS25, "knights", "tower")
    assert answer.random is not None and answer.optimal is not None
    assert answer.random.winner("attackers") == 1 == answer.optimal.winner("attackers")
    assert answer.destroyed(answer.random, "defenders") == [1]


def test_limits_are_named() -> None:
    with pytest.raises(Refusal, match="16 squads"):
        battle_odds(VS25, "knights knights knights", "knights knights", play="random")
    with pytest.raises(Refusal, match="up to 10 squads"):
        battle_odds(VS25, "knights knights", "knights", play="optimal")
    with pytest.raises(Refusal, match="8 on one side"):
        battle_odds(VS25, "light-infantry:1", "knights elves light-infantry", play="optimal")
    both = battle_odds(VS25, "knights knights", "knights", play="both")
    assert both.random is not None and both.optimal is None


@pytest.mark.rule("vs.battle.arranger")
def test_the_troops_are_laid_in_the_order_given() -> None:
    vs = vs_of(VS25)
    first = parse_side("elves knights", vs, attacking=True)
    assert [s[2] for s in squads_of(first)] == [0, 0, 0, 1, 1, 1, 1]  # each troop's squads together
    # Who stands in front changes the odds: the order is the arranger's choice, given by the list.
    a = battle_odds(VS25, "light-infantry knights", "elves", play="random").random
    b = battle_odds(VS25, "knights light-infantry", "elves", play="random").random
    assert a is not None and b is not None and a.destroyed("attackers", 0) != b.destroyed("attackers", 1)


@pytest.mark.rule("vs.mithril.armour")
@pytest.mark.rule("vs.spell.shield-of-fury")
@pytest.mark.rule("vs.battle.mental-duel")
def test_the_plus_of_mithril_or_the_shield_and_a_mental_duel() -> None:
    plain = battle_odds(VS25, "knights", "knights", play="random").random
    armoured = battle_odds(VS25, "knights+", "knights", play="random").random
    assert plain is not None and armoured is not None
    assert plain.winner("attackers") == plain.winner("defenders") < armoured.winner("attackers")
    # A mental duel is fought as a battle: two mages of two «+» squads each, even.
    duel = battle_odds(VS25, "mage", "mage", play="both")
    assert duel.optimal is not None and duel.optimal.value == 0


@pytest.mark.rule("vs.battle.relay")
def test_relay_sequences_are_every_distinct_order_of_the_cards() -> None:
    from printkit.games.vs.relay import count_sequences, sequences

    rng = random.Random("sequences")
    for _ in range(100):
        kinds = [(rng.randint(0, 2), rng.random() < 0.5) for _ in range(rng.randint(0, 6))]
        assert sequences(kinds) == sorted(set(permutations(kinds)))
        assert count_sequences(kinds) == len(sequences(kinds))
    assert len(sequences([(0, False)] * 6 + [(1, True)] * 6)) == 924  # made without 12! permutations
