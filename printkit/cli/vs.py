"""Referee commands of «Великая Стратегическая»: order battles, spells and mines."""

from __future__ import annotations

import json

import click

from .base import LANG
from .present import percent


@click.command(
    epilog="""\b
Examples:
  printkit referee orders "A+ F D" "D D A"
  printkit referee orders "A A F F" "D D" --edition vs-2003 --json
  printkit referee orders --mix --advantage a
"""
)
@click.argument("attackers", required=False)
@click.argument("defenders", required=False)
@click.option("--edition", type=click.Choice(["vs-2025", "vs-2003"]), default="vs-2025", show_default=True)
@click.option("--mix", is_flag=True, help="Print the best mix of orders for one card against one card.")
@click.option("--advantage", type=click.Choice(["none", "a", "b", "both"]), default="none", show_default=True,
              help="With --mix: which side's card carries the «+».")  # fmt: skip
@click.option("--json", "as_json", is_flag=True)
def orders(
    attackers: str | None, defenders: str | None, edition: str, mix: bool, advantage: str, as_json: bool
) -> None:
    """«Великая Стратегическая» battle cards: resolve a laid-out battle, or the best mix of orders.

    ATTACKERS and DEFENDERS list each side's cards in laying order: A (attack), F (fire), D (defend),
    a + for the advantage, e.g. "A+ F D". Rows are three long (or as long as the smaller army);
    the losers leave and the survivors meet again with the same orders.
    """
    from ..config.rulesets import load_bundled
    from ..games.vs.model import vs_of
    from ..games.vs.orders import battle, best_mix, parse_cards, random_odds

    vs = vs_of(load_bundled(edition))
    if mix:
        adv_a, adv_b = advantage in ("a", "both"), advantage in ("b", "both")
        weights, value = best_mix(vs.orders, adv_a, adv_b)
        if as_json:
            click.echo(json.dumps({"mix": {k: str(v) for k, v in weights.items()}, "value": str(value)}))
            return
        click.echo("best mix for A: " + ", ".join(f"{vs.orders.names[k]['en']} {v}" for k, v in weights.items()))
        click.echo(f"value of the game for A (win − loss): {value}")
        at_random = random_odds(vs.orders, adv_a, adv_b)
        click.echo(f"both at random: A wins {at_random['a']}, B wins {at_random['b']}, both leave {at_random['both']}")
        return
    if not attackers or not defenders:
        raise click.UsageError('give both sides\' cards, e.g. "A+ F D" "D D A", or --mix')
    try:
        result = battle(vs.orders, parse_cards(attackers, vs.orders), parse_cards(defenders, vs.orders))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    verdict = {"a": "attacker", "b": "defender", "both": "both leave"}
    if as_json:
        click.echo(json.dumps({
            "winner": result.winner,
            "rounds": [[{"attacker": x.label(), "defender": y.label(), "won": verdict[w]} for x, y, w in r.pairs]
                       for r in result.rounds],
            "attackers_left": [c.label() for c in result.attackers_left],
            "defenders_left": [c.label() for c in result.defenders_left],
        }))  # fmt: skip
        return
    for number, rnd in enumerate(result.rounds, start=1):
        pairs = "   ".join(f"{x.label()} vs {y.label()}: {verdict[w]}" for x, y, w in rnd.pairs)
        click.echo(f"round {number}: {pairs}")
    left = " ".join(c.label() for c in result.attackers_left or result.defenders_left) or "nobody"
    click.echo(f"winner: {result.winner} ({left} left)")


@click.command(
    epilog="""\b
Examples:
  printkit referee mine
  printkit referee mine --edition vs-2003 --roll --seed turn-14
"""
)
@click.option("--edition", type=click.Choice(["vs-2025", "vs-2003"]), default="vs-2025", show_default=True)
@click.option("--roll", "do_roll", is_flag=True, help="Try it: does the mine open (or deepen)?")
@click.option("--seed", help="Replay the try.")
def mine(edition: str, do_roll: bool, seed: str | None) -> None:
    """VS: the chance that opening or deepening a mine succeeds, from the ruleset."""
    from ..config.rulesets import load_bundled
    from ..games.vs.model import vs_of
    from ..randomness import Entropy

    vs = vs_of(load_bundled(edition))
    chance = vs.figures["mine_chance"]
    click.echo(f"opening or deepening a mine succeeds: {chance} ({percent(chance)})")
    if do_roll:
        hit = Entropy.from_seed(seed).stream("mine").below(chance.denominator) < chance.numerator
        click.echo("the mine opens" if hit else "the vein comes to nothing")


@click.command(
    epilog="""\b
Examples:
  printkit referee spell storm
  printkit referee spell "Подъём зомби" --edition vs-2003 --roll
"""
)
@click.argument("name")
@click.option("--edition", type=click.Choice(["vs-2025", "vs-2003"]), default="vs-2025", show_default=True)
@click.option("--roll", "do_roll", is_flag=True, help="Roll the D6 and print what happens.")
@click.option("--seed", help="Replay the roll.")
@LANG
def spell(name: str, edition: str, do_roll: bool, seed: str | None, lang: str | None) -> None:
    """A VS spell's D6 table (or its chance), from the ruleset; --roll casts it."""
    from ..config.rulesets import load_bundled
    from ..games.vs.model import vs_of
    from ..randomness import Entropy

    vs = vs_of(load_bundled(edition))
    language = lang or "ru"
    folded = name.casefold()
    found = next((s for s in vs.spells if folded in {s.id, *(n.casefold() for n in s.name.values())}), None)
    if found is None:
        raise click.UsageError(f"no spell {name!r} in {edition}; spells: " + ", ".join(s.id for s in vs.spells))
    click.echo(f"{found.name[language]}: {found.text[language]}")
    if found.chance is not None:
        click.echo(f"chance {found.chance} ({percent(found.chance)})")
    for o in found.outcomes:
        faces = str(o.low) if o.low == o.high else f"{o.low}-{o.high}"
        click.echo(f"  {faces:>4}: {o.text[language]}")
    if do_roll and found.outcomes:
        face = Entropy.from_seed(seed).stream("spell", found.id).below(6) + 1
        hit = next(o for o in found.outcomes if o.low <= face <= o.high)
        click.echo(f"rolled {face}: {hit.text[language]}")
