"""Referee commands of «Великая Стратегическая»: battles, spells, mines and the treasury."""

from __future__ import annotations

from typing import Any

import click

from ..answers import percent
from . import complete
from .base import LANG

EDITION = click.option("--edition", type=click.Choice(["vs-2025", "vs-2003"]), default="vs-2025", show_default=True)
MIRROR = click.option(
    "--mirror", is_flag=True, help="Other reading: the defenders' k-th card faces the attackers' k-th from the right."
)


def refusal_in(refusal: Exception, lang: str) -> click.UsageError:
    """A refusal as a usage error, in the answer's language when the refusal can say it."""
    say = getattr(refusal, "say", None)
    return click.UsageError(say(lang) if callable(say) else str(refusal))


@click.command(
    epilog="""\b
Examples:
  printkit referee orders "A A A A" "D D D F F F"
  printkit referee orders "A+ F D" "D D A" --relay "D F / D"
  printkit referee orders "A F D A" "F D" --relay keep --lang en
  printkit referee orders --mix --advantage a
"""
)
@click.argument("attackers", required=False)
@click.argument("defenders", required=False)
@EDITION
@click.option(
    "--relay",
    "relays",
    multiple=True,
    help='A re-lay: "ATTACKERS / DEFENDERS" (the same cards in a new order), or keep. Repeat for later ones.',
)
@MIRROR
@click.option("--mix", is_flag=True, help="Print the best mix of orders for one card against one card.")
@click.option(
    "--advantage",
    type=click.Choice(["none", "a", "b", "both"]),
    default="none",
    show_default=True,
    help="With --mix: which side's card carries the «+».",
)
@LANG
@click.option("--json", "as_json", is_flag=True)
def orders(attackers: str | None, defenders: str | None, edition: str, relays: tuple[str, ...], mirror: bool,
           mix: bool, advantage: str, lang: str | None, as_json: bool) -> None:  # fmt: skip
    """«Великая Стратегическая»: a battle of order cards, laid out as the rules say.

    ATTACKERS and DEFENDERS list each side's cards in laying order: A (attack), F (fire),
    D (defend), + for the advantage, e.g. "A+ F D". Rows are three long (or as long as the smaller
    army); attackers lay left to right, defenders opposite; in each column the card behind a loser
    steps in against the winner. When both sides have cards left, the players lay them again with
    the same orders in an order of their choice: give it with --relay, or get the odds when both
    sides choose best.
    """
    from ..config.rulesets import load_bundled
    from ..games.vs.answers import orders_answer
    from ..games.vs.report import orders_json, orders_lines
    from ..games.vs.words import Refusal
    from .present import echo_json, language

    language_ = language(lang)
    rules = load_bundled(edition)
    if mix:
        _mix(rules, advantage, language_, as_json)
        return
    if not attackers or not defenders:
        raise refusal_in(Refusal("rf_no_cards"), language_)
    try:
        answer = orders_answer(rules, attackers, defenders, relays, mirror=mirror)
    except Refusal as exc:
        raise refusal_in(exc, language_) from None
    if as_json:
        echo_json(orders_json(answer))
        return
    for line in orders_lines(answer, language_):
        click.echo(line)


def _mix(rules: object, advantage: str, lang: str, as_json: bool) -> None:
    from ..games.vs.model import vs_of
    from ..games.vs.orders import best_mix, random_odds
    from ..labels import label
    from .present import echo_json

    vs = vs_of(rules)  # type: ignore[arg-type]
    adv_a, adv_b = advantage in ("a", "both"), advantage in ("b", "both")
    weights, value = best_mix(vs.orders, adv_a, adv_b)
    at_random = random_odds(vs.orders, adv_a, adv_b)
    if as_json:
        echo_json({"mix": {k: str(v) for k, v in weights.items()}, "value": str(value),
                   "random": {"attackers": str(at_random["a"]), "defenders": str(at_random["b"]),
                              "both": str(at_random["both"])}})  # fmt: skip
        return
    names = ", ".join(f"{vs.orders.names[k][lang]} {v}" for k, v in weights.items())
    click.echo(label("rf_mix", lang, mix=names))
    click.echo(label("rf_mix_value", lang, v=value))
    click.echo(label("rf_mix_random", lang, a=at_random["a"], d=at_random["b"], b=at_random["both"]))


@click.command(
    epilog="""\b
Examples:
  printkit referee battle knights "knights@castle"
  printkit referee battle "knights elves" "city knights@city" --edition vs-2003 --play random
  printkit referee battle "dragon" "elves@ship" --at-sea --json
"""
)
@click.argument("attackers", shell_complete=complete.units)
@click.argument("defenders", shell_complete=complete.units)
@EDITION
@click.option(
    "--play",
    type=click.Choice(["both", "random", "optimal"]),
    default="both",
    show_default=True,
    help="Orders at random, at both sides' best, or both.",
)
@click.option(
    "--at-sea",
    is_flag=True,
    help="The target is a ship or a troop aboard: attackers but ships and dragons fight as one squad.",
)
@MIRROR
@LANG
@click.option("--json", "as_json", is_flag=True)
def battle(attackers: str, defenders: str, edition: str, play: str, at_sea: bool, mirror: bool, lang: str | None,
           as_json: bool) -> None:  # fmt: skip
    """«Великая Стратегическая»: the exact odds of a battle between troops.

    Each side is a list of troops, buildings or mines in laying order (the first in front):
    NAME, NAME:N for N squads (zombies), NAME+ for the «+» on every squad (mithril armour, the
    shield of fury), NAME@BUILDING for a troop in a building (defending: its garrison stands right
    behind it and walls give the «+»; attacking: only a fortress's walls do), NAME@ship (2025)
    or NAME@transport (2003) for a troop aboard. Prints each side's chance to win and each
    troop's chance to be destroyed, with orders at random and with both sides at their best.
    """
    from ..config.rulesets import load_bundled
    from ..games.vs.answers import battle_odds
    from ..games.vs.report import odds_json, odds_lines
    from ..games.vs.words import Refusal
    from .present import echo_json, language

    language_ = language(lang)
    try:
        answer = battle_odds(load_bundled(edition), attackers, defenders, play=play, at_sea=at_sea, mirror=mirror)
    except Refusal as exc:
        raise refusal_in(exc, language_) from None
    if as_json:
        echo_json(odds_json(answer))
        return
    for line in odds_lines(answer, language_):
        click.echo(line)


def edition_rules(edition: str) -> Any:
    from ..config.rulesets import load_bundled
    from ..games.vs.model import vs_of

    return vs_of(load_bundled(edition))


def roll_d6(seed: str | None, *names: str) -> int:
    from ..randomness import Entropy

    return Entropy.from_seed(seed).stream(*names).below(6) + 1


@click.command(
    epilog="""\b
Examples:
  printkit referee mine
  printkit referee mine --edition vs-2003 --roll --seed turn-14
"""
)
@EDITION
@click.option("--roll", "do_roll", is_flag=True, help="Try it: does the mine open (or deepen)?")
@click.option("--seed", help="Replay the try.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def mine(edition: str, do_roll: bool, seed: str | None, lang: str | None, as_json: bool) -> None:
    """VS: the chance that opening or deepening a mine succeeds, from the ruleset."""
    from ..games.vs.spells import chance_faces
    from ..labels import label
    from .present import echo_json, language

    words = language(lang)
    vs = edition_rules(edition)
    chance = vs.figures["mine_chance"]
    low = chance_faces(chance)
    face = roll_d6(seed, "mine") if do_roll else None
    if as_json:
        echo_json({"chance": str(chance), "faces": [low, 6], "rolled": face,
                   "opens": None if face is None else face >= low})  # fmt: skip
        return
    click.echo(label("sp_mine", words, p=f"{chance} ({percent(chance)})", low=low))
    if face is not None:
        click.echo(label("sp_mine_yes" if face >= low else "sp_mine_no", words, face=face))


@click.command(
    epilog="""\b
Examples:
  printkit referee spell storm
  printkit referee spell "Подъём зомби" --edition vs-2003 --roll
  printkit referee spell release --roll --amulet --seed t7
"""
)
@click.argument("name", shell_complete=complete.spells)
@EDITION
@click.option("--roll", "do_roll", is_flag=True, help="Cast it: roll the D6 and print what happens.")
@click.option("--amulet", is_flag=True, help="2025: the mage's mithril amulet adds 1 to the die (never above 6).")
@click.option("--seed", help="Replay the roll.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def spell(name: str, edition: str, do_roll: bool, amulet: bool, seed: str | None, lang: str | None,
          as_json: bool) -> None:  # fmt: skip
    """A VS spell: its D6 table or its chance, from the ruleset; --roll casts it."""
    from ..games.vs.spells import cast, find_spell
    from ..games.vs.words import Refusal
    from .present import echo_json, language

    words = language(lang)
    vs = edition_rules(edition)
    try:
        found = find_spell(vs, name)
        answer = cast(vs, found, roll_d6(seed, "spell", found.id) if do_roll else None, amulet=amulet)
    except Refusal as exc:
        raise refusal_in(exc, words) from None
    if as_json:
        echo_json(answer.as_json())
        return
    for line in answer.lines(words):
        click.echo(line)
