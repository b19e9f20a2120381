"""Referee commands of «Великая Стратегическая»: battles, spells, mines and the treasury."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .base import LANG
from .present import percent

EDITION = click.option("--edition", type=click.Choice(["vs-2025", "vs-2003"]), default="vs-2025", show_default=True)
MIRROR = click.option(
    "--mirror", is_flag=True, help="Other reading: the defenders' k-th card faces the attackers' k-th from the right."
)


def _say(refusal: Exception, lang: str) -> click.UsageError:
    from ..games.vs.words import Refusal

    return click.UsageError(refusal.say(lang) if isinstance(refusal, Refusal) else str(refusal))


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
        raise _say(Refusal("rf_no_cards"), language_)
    try:
        answer = orders_answer(rules, attackers, defenders, relays, mirror=mirror)
    except Refusal as exc:
        raise _say(exc, language_) from None
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
@click.argument("attackers")
@click.argument("defenders")
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
        raise _say(exc, language_) from None
    if as_json:
        echo_json(odds_json(answer))
        return
    for line in odds_lines(answer, language_):
        click.echo(line)


def _edition_rules(edition: str) -> Any:
    from ..config.rulesets import load_bundled
    from ..games.vs.model import vs_of

    return vs_of(load_bundled(edition))


def _roll(seed: str | None, *names: str) -> int:
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
    vs = _edition_rules(edition)
    chance = vs.figures["mine_chance"]
    low = chance_faces(chance)
    face = _roll(seed, "mine") if do_roll else None
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
@click.argument("name")
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
    vs = _edition_rules(edition)
    try:
        found = find_spell(vs, name)
        answer = cast(vs, found, _roll(seed, "spell", found.id) if do_roll else None, amulet=amulet)
    except Refusal as exc:
        raise _say(exc, words) from None
    if as_json:
        echo_json(answer.as_json())
        return
    for line in answer.lines(words):
        click.echo(line)


@click.command(
    epilog="""\b
Examples:
  printkit referee income --lands "12 8" --mines "1 3" --troops "knights elves" --personal knights --cash 130
  printkit referee income examples/vs-map.yaml --player Север --personal knights --cash 40
  printkit referee income --edition vs-2003 --troops "knights" --personal knights --commander
"""
)
@click.argument("map_file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--player", help="With a map: whose lands, mines, buildings and troops.")
@EDITION
@click.option("--lands", default="", help='Incomes of the lands holding your lord\'s house, like "12 8".')
@click.option("--mines", default="", help='Levels of your mines, like "1 3".')
@click.option("--troops", default="", help='Your troops, like "knights elves zombie".')
@click.option("--personal", help="Which of them is your personal troop (no upkeep).")
@click.option("--fortresses", type=click.IntRange(0, 99), default=0, help="Your fortresses (+10 treasury each).")
@click.option("--bridges", type=click.IntRange(0, 99), default=0, help="2003: your bridges (1 coin a year each).")
@click.option("--commander", is_flag=True, help="A player without lands (2003: treasury 100, personal troop 1).")
@click.option("--cash", type=click.IntRange(0, 100_000), default=0, help="Coins held before the income.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def income(map_file: Path | None, player: str | None, edition: str, lands: str, mines: str, troops: str,
           personal: str | None, fortresses: int, bridges: int, commander: bool, cash: int, lang: str | None,
           as_json: bool) -> None:  # fmt: skip
    """VS: a year's income from lands and mines, the upkeep, the treasury cap and what is left."""
    from ..games.vs.economy import Holdings, holdings_from_map
    from ..games.vs.economy import income as reckon
    from ..games.vs.ledger import income_json, income_lines
    from ..games.vs.words import Refusal
    from .present import echo_json, language

    words = language(lang)
    try:
        if map_file is not None:
            from ..maps.grid import load_map

            game_map, rules = load_map(map_file)
            from ..games.vs.model import vs_of

            vs = vs_of(rules)
            if not player:
                raise Refusal("ec_need_map_player")
            held = holdings_from_map(vs, game_map, player, personal, cash, commander)
        else:
            vs = _edition_rules(edition)
            numbers = [int(w) for w in lands.replace(",", " ").split()]
            held = Holdings(tuple((f"#{i + 1}", n) for i, n in enumerate(numbers)),
                            tuple(int(w) for w in mines.replace(",", " ").split()),
                            tuple(troops.replace(",", " ").split()), personal, fortresses, bridges, commander,
                            cash)  # fmt: skip
        got = reckon(vs, held)
    except Refusal as exc:
        raise _say(exc, words) from None
    except ValueError:
        raise click.UsageError('--lands and --mines take whole numbers, like "12 8"') from None
    if as_json:
        echo_json(income_json(got))
        return
    for line in income_lines(vs, got, list(held.lands), list(held.mines), held.fortresses, cash, words):
        click.echo(line)


@click.command(
    epilog="""\b
Examples:
  printkit referee cost                       # every price of the edition
  printkit referee cost castle                # build (or grow from a tower)
  printkit referee cost tower city            # raise a lord's house
  printkit referee cost mine-1 mine-3         # deepen a mine
  printkit referee cost --hire castle --terrain forest
  printkit referee cost --transfer 37
"""
)
@click.argument("what", nargs=-1)
@EDITION
@click.option("--hire", "hire_at", help="Which troops this building hires (with --terrain).")
@click.option("--terrain", default="field", show_default=True, help="The land under the building.")
@click.option("--transfer", "amount", type=click.IntRange(1, 100_000), help="The tax on sending this many coins.")
@click.option("--tax-on-top", is_flag=True, help="Other reading: the sender pays the tax on top of the sum.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def cost(what: tuple[str, ...], edition: str, hire_at: str | None, terrain: str, amount: int | None,
         tax_on_top: bool, lang: str | None, as_json: bool) -> None:  # fmt: skip
    """VS prices: building, raising a lord's house, opening and deepening mines, hiring, sending money."""
    from ..games.vs import economy as ec
    from ..games.vs import ledger
    from ..games.vs.words import Refusal
    from .present import echo_json, language

    words = language(lang)
    vs = _edition_rules(edition)
    try:
        if amount is not None:
            t = ec.transfer(vs, amount, tax_on_top)
            if as_json:
                echo_json(t.__dict__ | {"reading": "on top" if tax_on_top else "from the sum"})
                return
            lines = ledger.transfer_lines(t, tax_on_top, words)
        elif hire_at:
            from ..config.rulesets import load_bundled

            rules = load_bundled(edition)
            land = ec.terrain_id(rules, terrain)
            found = ec.hires(vs, hire_at, land)
            building = ec.structure(vs, hire_at).id
            if as_json:
                echo_json({"building": building, "terrain": land,
                           "hires": [{"troop": t.id, "coins": c} for t, c in found]})  # fmt: skip
                return
            name = next(t.name[words] for t in rules.terrains if t.id == land)
            lines = ledger.hire_lines(vs, building, name, found, words)
        elif not what:
            lines = ledger.table_lines(vs, words)
        else:
            if len(what) > 2:
                raise click.UsageError("give one thing to build, or two levels (from, to)")
            if len(what) == 1:
                price = ec.build_price(vs, what[0])
            elif what[0].casefold().startswith("mine"):
                price = ec.deepen_price(vs, what[0], what[1])
            else:
                price = ec.upgrade_price(vs, what[0], what[1])
            if as_json:
                echo_json(ledger.price_json(price))
                return
            lines = ledger.price_lines(vs, price, words)
    except Refusal as exc:
        raise _say(exc, words) from None
    for line in lines:
        click.echo(line)


@click.command(
    epilog="""\b
Examples:
  printkit referee prize knights elves castle
  printkit referee prize "zombie:3" dragon knights+@personal --edition vs-2003
"""
)
@click.argument("defeated", nargs=-1, required=True)
@EDITION
@click.option("--level-table", is_flag=True, help="Other reading: a level destroyed pays its table price.")
@click.option("--round-up", is_flag=True, help="2003, other reading: the commander's fifth is rounded up.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def prize(defeated: tuple[str, ...], edition: str, level_table: bool, round_up: bool, lang: str | None,
          as_json: bool) -> None:  # fmt: skip
    """VS: the prize for a won battle: each troop defeated (zombie:3 squads, knights+ in mithril,
    knights@personal for 2003's personal troop) and each building level destroyed (one word a level)."""
    from ..games.vs.economy import prize as reckon
    from ..games.vs.ledger import prize_lines
    from ..games.vs.words import Refusal
    from .present import echo_json, language

    words = language(lang)
    vs = _edition_rules(edition)
    try:
        got = reckon(vs, defeated, level_table=level_table, round_up=round_up)
    except Refusal as exc:
        raise _say(exc, words) from None
    if as_json:
        echo_json({"items": [{"what": i.what, "coins": str(i.coins)} for i in got.items], "share": str(got.share),
                   "total": got.total})  # fmt: skip
        return
    for line in prize_lines(vs, got, words):
        click.echo(line)


@click.command(
    epilog="""\b
Examples:
  printkit referee rebellion 4
  printkit referee rebellion 4 --together --roll --seed year-9
"""
)
@click.argument("houses", type=click.IntRange(0, 200))
@EDITION
@click.option("--together", is_flag=True, help="All lord's houses on one roll (the winner's choice).")
@click.option("--roll", "do_roll", is_flag=True, help="Roll it.")
@click.option("--seed", help="Replay the roll.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def rebellion(houses: int, edition: str, together: bool, do_roll: bool, seed: str | None, lang: str | None,
              as_json: bool) -> None:  # fmt: skip
    """VS: a rebellion's odds: how many of the loser's lord's houses (2003: a ruler's troops and
    buildings, for a commander) pass to the winner, each with chance 1/2, or all on one roll."""
    from ..games.vs.economy import rebellion as odds
    from ..games.vs.ledger import rebellion_lines
    from ..labels import label
    from ..randomness import Entropy
    from .present import echo_json, language

    words = language(lang)
    vs = _edition_rules(edition)
    got = odds(vs, houses, together)
    won = None
    if do_roll:
        stream = Entropy.from_seed(seed).stream("rebellion")
        rolls = [stream.below(2) for _ in range(1 if together else houses)]
        won = houses * rolls[0] if together and houses else sum(rolls)
    if as_json:
        echo_json({"houses": houses, "together": together, "chances": {str(k): str(p) for k, p in got.chances.items()},
                   "expected": str(got.expected), "rolled": won})  # fmt: skip
        return
    for line in rebellion_lines(got, words):
        click.echo(line)
    if won is not None:
        click.echo(label("ec_rolled", words, result=label("ec_houses_won", words, k=won)))


@click.command(
    epilog="""\b
Examples:
  printkit referee leader-escape --income 47
  printkit referee leader-escape --income 47 --roll --seed year-3
"""
)
@click.option("--edition", type=click.Choice(["vs-2003"]), default="vs-2003", show_default=True)
@click.option("--income", "gross", type=click.IntRange(0, 100_000), default=0, help="The player's whole income.")
@click.option("--roll", "do_roll", is_flag=True, help="Try the escape.")
@click.option("--seed", help="Replay the roll.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def leader_escape(edition: str, gross: int, do_roll: bool, seed: str | None, lang: str | None, as_json: bool) -> None:
    """VS 2003: a captured leader's escape: its price and its three outcomes; --roll tries it."""
    from ..games.vs.economy import escape_cost, escape_faces
    from ..labels import label
    from .present import echo_json, language, wrap

    words = language(lang)
    vs = _edition_rules(edition)
    faces = escape_faces(vs)
    face = _roll(seed, "leader-escape") if do_roll else None
    hit = next((f for f in faces if face is not None and f[0] <= face <= f[1]), None)
    if as_json:
        echo_json({"cost": escape_cost(vs, gross),
                   "outcomes": [{"faces": [lo, hi], "chance": str(p), "text": t["en"]} for lo, hi, p, t in faces],
                   "rolled": face, "result": hit[3]["en"] if hit else None})  # fmt: skip
        return
    click.echo(wrap(label("ec_escape_cost", words, cost=escape_cost(vs, gross), income=gross), "  "))
    for lo, hi, p, text in faces:
        dice = str(lo) if lo == hi else f"{lo}-{hi}"
        click.echo(f"  {dice:>4}: {text[words]} ({p})")
    click.echo(wrap(label("ec_escape_reading", words), "  "))
    if hit is not None:
        click.echo(label("ec_rolled", words, result=f"{face}: {hit[3][words]}"))
