"""Referee commands of «Великая Стратегическая» about money: income, prices, prizes, rebellions, escapes."""

from __future__ import annotations

from pathlib import Path

import click

from . import complete
from .base import LANG
from .vs import EDITION, edition_rules, refusal_in, roll_d6


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
@click.option("--personal", help="Which of them is your personal troop (no upkeep).", shell_complete=complete.troops)
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
            vs = edition_rules(edition)
            numbers = [int(w) for w in lands.replace(",", " ").split()]
            held = Holdings(tuple((f"#{i + 1}", n) for i, n in enumerate(numbers)),
                            tuple(int(w) for w in mines.replace(",", " ").split()),
                            tuple(troops.replace(",", " ").split()), personal, fortresses, bridges, commander,
                            cash)  # fmt: skip
        got = reckon(vs, held)
    except Refusal as exc:
        raise refusal_in(exc, words) from None
    except ValueError:
        raise refusal_in(Refusal("ec_numbers"), words) from None
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
@click.argument("what", nargs=-1, shell_complete=complete.buildings)
@EDITION
@click.option(
    "--hire", "hire_at", help="Which troops this building hires (with --terrain).", shell_complete=complete.buildings
)
@click.option(
    "--terrain", default="field", show_default=True, help="The land under the building.", shell_complete=complete.lands
)
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
    vs = edition_rules(edition)
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
                raise Refusal("ec_what")
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
        raise refusal_in(exc, words) from None
    for line in lines:
        click.echo(line)


@click.command(
    epilog="""\b
Examples:
  printkit referee prize knights elves castle
  printkit referee prize "zombie:3" dragon knights+@personal --edition vs-2003
"""
)
@click.argument("defeated", nargs=-1, required=True, shell_complete=complete.units)
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
    vs = edition_rules(edition)
    try:
        got = reckon(vs, defeated, level_table=level_table, round_up=round_up)
    except Refusal as exc:
        raise refusal_in(exc, words) from None
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
    vs = edition_rules(edition)
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
    vs = edition_rules(edition)
    faces = escape_faces(vs)
    face = roll_d6(seed, "leader-escape") if do_roll else None
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
