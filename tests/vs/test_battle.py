"""VS card battles: the layout, columns, re-lays, and the engine against a naive second opinion."""

from __future__ import annotations

import random

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.vs.battle import battle, columns, fight_round, row_width
from printkit.games.vs.model import vs_of
from printkit.games.vs.orders import Card, parse_cards, resolve
from printkit.games.vs.words import Refusal

from . import naive_battle as naive

ORDERS = vs_of(load_bundled("vs-2025")).orders
ORDERS_2003 = vs_of(load_bundled("vs-2003")).orders
NAME = {"A": "attack", "F": "fire", "D": "defend"}


def ours(cards: list[naive.Card]) -> list[Card]:
    return [Card(NAME[c.order], c.plus, c.uid) for c in cards]


def labels(cards: tuple[Card, ...]) -> list[str]:
    return [c.label() for c in cards]


@pytest.mark.rule("vs.battle.orders")
def test_the_order_cycle_in_both_editions() -> None:
    for orders in (ORDERS, ORDERS_2003):
        assert resolve(orders, Card("attack"), Card("fire")) == "a"
        assert resolve(orders, Card("fire"), Card("defend")) == "a"
        assert resolve(orders, Card("defend"), Card("attack")) == "a"
        assert resolve(orders, Card("fire"), Card("attack")) == "b"
        assert resolve(orders, Card("defend"), Card("defend")) == "both"
    assert ORDERS_2003.names["defend"]["ru"] == "Оборона" and ORDERS.names["defend"]["ru"] == "Защита"


@pytest.mark.rule("vs.battle.advantage")
def test_the_advantage_only_settles_equal_orders() -> None:
    assert resolve(ORDERS, Card("attack", True), Card("attack")) == "a"
    assert resolve(ORDERS, Card("fire"), Card("fire", True)) == "b"
    assert resolve(ORDERS, Card("fire", True), Card("attack")) == "b"  # the cycle wins over the «+»
    assert resolve(ORDERS, Card("defend", True), Card("defend", True)) == "both"  # two «+» are even


@pytest.mark.rule("vs.battle.layout")
def test_rows_of_three_or_of_the_smaller_army() -> None:
    assert row_width(4, 6) == 3 and row_width(3, 3) == 3
    assert row_width(2, 7) == 2 and row_width(8, 1) == 1
    # Attackers left to right, defenders right to left from their seat: card k faces card k, and a
    # short last row starts at the attackers' left; the other reading mirrors the defenders.
    assert columns(4, 3) == [[0, 3], [1], [2]]
    assert columns(4, 3, defenders=True) == [[0, 3], [1], [2]]
    assert columns(4, 3, defenders=True, mirror=True) == [[2], [1], [0, 3]]


@pytest.mark.rule("vs.battle.column-resolution")
def test_the_issue_example_leaves_all_six_defenders() -> None:
    rnd = fight_round(ORDERS, parse_cards("A A A A", ORDERS), parse_cards("D D D F F F", ORDERS))
    assert rnd.width == 3 and not rnd.attackers_left
    assert labels(rnd.defenders_left) == ["defend", "defend", "defend", "fire", "fire", "fire"]
    # Column 1 holds two attack cards: the front defend card beats both, the fire behind never fights.
    assert [(d.column, d.attacker.troop, d.defender.troop, d.winner) for d in rnd.duels] == [
        (0, 0, 0, "defenders"), (0, 3, 0, "defenders"), (1, 1, 1, "defenders"), (2, 2, 2, "defenders")]  # fmt: skip


@pytest.mark.rule("vs.battle.column-resolution")
def test_the_card_behind_a_loser_meets_the_winner() -> None:
    # One column: the attack card beats fire, then meets the defend card behind it and loses.
    rnd = fight_round(ORDERS, parse_cards("A", ORDERS), parse_cards("F D F", ORDERS))
    assert [(d.attacker.order, d.defender.order, d.winner) for d in rnd.duels] == [
        ("attack", "fire", "attackers"), ("attack", "defend", "defenders")]  # fmt: skip
    assert labels(rnd.defenders_left) == ["defend", "fire"]
    # Equal orders remove both; the next cards of each side then meet each other.
    both = fight_round(ORDERS, parse_cards("F D", ORDERS), parse_cards("F", ORDERS))
    assert [d.winner for d in both.duels] == ["both"] and labels(both.attackers_left) == ["defend"]


@pytest.mark.rule("vs.battle.relay")
def test_a_relay_keeps_the_orders_and_takes_the_sequence_given() -> None:
    a, d = parse_cards("A+ F D", ORDERS), parse_cards("D D A", ORDERS)
    stopped = battle(ORDERS, a, d)
    assert stopped.winner is None and len(stopped.rounds) == 1  # nobody chose the re-lay
    assert labels(stopped.attackers_left) == ["fire", "defend"] and labels(stopped.defenders_left) == ["defend"]
    laid = battle(ORDERS, a, d, [(parse_cards("D F", ORDERS), parse_cards("D", ORDERS))])
    assert laid.winner == "attackers" and labels(laid.attackers_left) == ["fire"]
    kept = battle(ORDERS, a, d, keep=True)
    assert kept.winner == "attackers" and labels(kept.attackers_left) == ["fire", "defend"]
    with pytest.raises(ValueError):
        battle(ORDERS, a, d, [(parse_cards("A A", ORDERS), parse_cards("D", ORDERS))])  # orders never change


@pytest.mark.rule("vs.battle.outcome")
def test_a_draw_when_both_sides_are_gone() -> None:
    result = battle(ORDERS, parse_cards("A F", ORDERS), parse_cards("A F", ORDERS), keep=True)
    assert result.winner == "both" and not result.attackers_left and not result.defenders_left


def test_bad_cards_are_refused_with_the_word() -> None:
    with pytest.raises(Refusal) as exc:
        parse_cards("A Q", ORDERS)
    assert "'Q'" in exc.value.message and "«Q»" in exc.value.say("ru")


@pytest.mark.slow
@pytest.mark.rule("vs.battle.layout")
@pytest.mark.rule("vs.battle.column-resolution")
@pytest.mark.rule("vs.battle.relay")
@pytest.mark.parametrize("mirror", [False, True])
def test_the_engine_agrees_with_the_naive_resolver_on_20000_random_battles(mirror: bool) -> None:
    rng = random.Random(f"vs-battle-{mirror}")
    for _ in range(20_000):
        texts = [" ".join(rng.choice("AFD") + ("+" if rng.random() < 0.3 else "") for _ in range(rng.randint(1, 8)))
                 for _ in range(2)]  # fmt: skip
        a, d = naive.cards(texts[0]), naive.cards(texts[1])
        winner, left_a, left_d = naive.fight(a, d, mirror=mirror)
        mine = battle(ORDERS, ours(a), ours(d), keep=True, mirror=mirror)
        assert (mine.winner, [c.troop for c in mine.attackers_left], [c.troop for c in mine.defenders_left]) == (
            winner, [c.uid for c in left_a], [c.uid for c in left_d]), texts  # fmt: skip
