"""Referee commands of Tannhäuser: dice pools, duels and path movement, in Russian or English."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click

from . import complete
from .base import LANG, Whole
from .present import language, safe, said, wrap

MOST_DICE = 30  # pools and stats above this are refused at once; 30 dice answer in milliseconds


def _chance(p: Fraction, decimals: int = 2) -> str:
    """'2/5 (40.00 %)': the exact fraction and a percentage that never rounds to a false certainty."""
    from ..answers import fraction
    from ..games.tannhauser.shares import percent

    return f"{fraction(p)} ({percent(p, decimals)} %)"


@click.command(
    epilog="""\b
Examples:
  printkit referee pool 4d10 --difficulty 6
  printkit referee pool 3 --difficulty 7 --penalty 1
  printkit referee pool 1 --difficulty 11 --bonus 2           # a natural 10 takes the bonus
  printkit referee pool 2 --difficulty 1 --penalty 1 --lang en
"""
)
@click.argument("dice")
@click.option("--difficulty", type=Whole(1, 20), required=True, help="A die succeeds at or above it.")
@click.option("--bonus", type=Whole(0, 9), default=0, help="Added to each die but a natural 1.")
@click.option("--penalty", type=Whole(0, 9), default=0, help="Taken from each die but a natural 10.")
@click.option("--natural-one-stays", is_flag=True,
              help="The other reading: a natural 1 keeps its 1 whatever the penalty.")  # fmt: skip
@click.option("--net", is_flag=True, help="The other reading: net the bonus against the penalty first.")
@click.option("--json", "as_json", is_flag=True)
@LANG
def pool(dice: str, difficulty: int, bonus: int, penalty: int, natural_one_stays: bool, net: bool, as_json: bool,
         lang: str | None) -> None:  # fmt: skip
    """Tannhäuser pool: successes of N d10 against a difficulty.

    Each die counts on its own. A natural 10 takes no penalty (it still takes a bonus), a natural 1
    takes no bonus (it still takes a penalty: --natural-one-stays for the other reading). Where a
    reading changes the answer, it is printed with the other one's figure. Answers in Russian
    (--lang en: English).
    """
    from ..games.tannhauser.pools import SIDES, Reading, die_success
    from ..games.tannhauser.pools import pool as do_pool
    from ..games.tannhauser.shares import percent
    from ..labels import label

    lang = language(lang)
    count = dice.lower().removesuffix("d10").removesuffix("к10")
    if not count.isascii() or not count.isdigit() or len(count) > 3 or not 1 <= int(count) <= MOST_DICE:
        raise click.UsageError(safe(label("tr_bad_pool", lang, text=dice[:20], most=MOST_DICE)))
    reading = Reading(natural_one_penalised=not natural_one_stays, net=net)
    one = die_success(difficulty, bonus, penalty, reading)
    dist = do_pool(int(count), difficulty, bonus, penalty, reading)
    table = dist.table()
    if as_json:
        click.echo(json.dumps({"per_die": str(one), "successes": {str(k): str(p) for k, p in table},
                               "natural_one_penalised": not natural_one_stays, "net": net}))  # fmt: skip
        return
    mods = (label("tr_bonus", lang, n=bonus) if bonus else "") + (
        label("tr_penalty", lang, n=penalty) if penalty else ""
    )
    click.echo(label("tr_pool_head", lang, n=count, d=difficulty, mods=mods))
    click.echo(label("tr_one_die", lang, p=_chance(one)))
    click.echo(f"{label('tr_successes', lang):>10} {label('tr_exactly', lang):>10} {label('tr_at_least', lang):>11}")
    for k, p in table:
        at_least = sum((q for v, q in table if v >= k), Fraction(0))
        click.echo(f"{k:>10} {percent(p, 2):>8} % {percent(at_least, 2):>9} %")
    mean = sum((k * p for k, p in table), Fraction(0))
    click.echo(label("tr_mean", lang, m=f"{float(mean):.2f}"))
    # The readings the text leaves open, each printed only where it changes this answer.
    other_one = Reading(natural_one_penalised=natural_one_stays, net=net)
    if die_success(difficulty, bonus, penalty, other_one) != one:
        key = "tr_reading_one_other" if natural_one_stays else "tr_reading_one"
        click.echo(wrap(label(key, lang, p=_chance(die_success(difficulty, bonus, penalty, other_one))), "  "))
    other_net = Reading(natural_one_penalised=not natural_one_stays, net=not net)
    if die_success(difficulty, bonus, penalty, other_net) != one:
        key = "tr_reading_net_other" if net else "tr_reading_net"
        click.echo(wrap(label(key, lang, p=_chance(die_success(difficulty, bonus, penalty, other_net))), "  "))
    if bonus and difficulty > SIDES:
        click.echo(wrap(label("tr_natural10_bonus", lang), "  "))


@click.command(
    epilog="""\b
Examples:
  printkit referee duel 5 4
  printkit referee duel 3 2 --json
"""
)
@click.argument("initiator", type=Whole(1, MOST_DICE))
@click.argument("defender", type=Whole(1, MOST_DICE))
@click.option(
    "--json", "as_json", is_flag=True, help='Print {"attacker_wins": ..., "defender_wins": ..., "ties": ...}.'
)
@LANG
def duel(initiator: int, defender: int, as_json: bool, lang: str | None) -> None:
    """Tannhäuser duel (Stamina or Psyche): INITIATOR and DEFENDER are the two current stats.

    Each rolls its own stat in dice against the other's stat as the difficulty; more successes
    wins and a tie goes to the defender. Answers in Russian (--lang en: English).
    """
    from ..games.tannhauser.pools import duel as do_duel
    from ..games.tannhauser.pools import pool as do_pool
    from ..games.tannhauser.shares import percent
    from ..labels import label

    lang = language(lang)
    chance = do_duel(initiator, defender)
    a, d = do_pool(initiator, defender).table(), do_pool(defender, initiator).table()
    ties = sum((pa * pd for va, pa in a for vd, pd in d if va == vd), Fraction(0))
    if as_json:
        click.echo(json.dumps({"attacker_wins": str(chance), "defender_wins": str(1 - chance), "ties": str(ties),
                               "percent": round(float(chance) * 100, 4)}))  # fmt: skip
        return
    click.echo(wrap(label("tr_duel_head", lang, a=initiator, b=defender), "  "))
    click.echo(label("tr_duel_initiator", lang, p=_chance(chance)))
    click.echo(label("tr_duel_defender", lang, p=f"{percent(1 - chance, 2)} %", t=f"{percent(ties, 2)} %"))
    click.echo(label("tr_duel_tie", lang))


def _points(n: int, lang: str) -> str:
    from ..labels import plural_ru

    if lang == "ru":
        return f"{n} {plural_ru(n, 'очко', 'очка', 'очков')}"
    return f"{n} point" if n == 1 else f"{n} points"


@click.command(
    "paths",
    epilog="""\b
Examples:
  printkit referee paths examples/tannhauser-paths.yaml --from A1 --points 4
  printkit referee paths examples/tannhauser-paths.yaml --enter --side red --points 6 --json
  printkit referee paths examples/tannhauser-paths.yaml --from A1 --points 6 --bull-rush
""",
)
@click.argument("graph_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "start", help="The character's circle (or --enter).", shell_complete=complete.circles)
@click.option("--enter", is_flag=True, help="The character enters the board through its side's entry point (1 point).")
@click.option("--side", type=click.Choice(["red", "blue"]), help="The side of a character that enters (--enter).")
@click.option("--points", type=Whole(0, 30), required=True, help="Movement points this cycle.")
@click.option("--bull-rush", is_flag=True,
              help="Also show where one won Bull Rush leads (one a cycle: it takes the Action Phase).")  # fmt: skip
@click.option("--line-cost-one", is_flag=True, help="The other reading: each circle of a rushed enemy line costs 1.")
@click.option("--json", "as_json", is_flag=True, help='Print {"reachable": {"B2": 3, ...}, ...}.')
@LANG
def referee_paths(graph_file: Path, start: str | None, enter: bool, side: str | None, points: int, bull_rush: bool,
                  line_cost_one: bool, as_json: bool, lang: str | None) -> None:  # fmt: skip
    """Tannhäuser: every circle a character can end its move on, with the points it costs.

    GRAPH_FILE lists `circles` (id, cost 2 for a slowing circle, entry: red or blue for a side's
    entry point), `links` between neighbouring circles of a path, and `characters` standing on
    circles (ally or enemy of the character that moves). Allies are passed at the normal cost,
    an enemy stops the move before it, and no move ends on an occupied or an entry circle. With
    --bull-rush: where a won Bull Rush leads, through one enemy or one unbroken line of adjacent
    enemies. Answers in Russian (--lang en: English).
    """
    from ..games.tannhauser.paths import load_graph, reach
    from ..labels import label

    lang = language(lang)
    if enter == (start is not None) or (enter and side is None):
        raise click.UsageError(label("tr_from_or_enter", lang))
    graph = load_graph(graph_file)
    if start is not None and start not in graph.cost:
        from ..suggest import did_you_mean

        # Circles are named as the file names them; "a1" finds "A1".
        same = [c for c in graph.cost if c.casefold() == start.strip().casefold()]
        if len(same) != 1:
            hint = did_you_mean(start, list(graph.cost))
            raise click.UsageError(safe(label("tr_no_circle", lang, circle=start, file=graph_file, hint=said(hint))))
        start = same[0]
    if enter and side not in graph.entries.values():
        raise click.UsageError(safe(label("tr_no_entry", lang, side=side, file=graph_file)))
    found = reach(graph, start, points, side, bull_rush=bull_rush, line_cost_one=line_cost_one)
    ordered = dict(sorted(found.free.items(), key=lambda kv: (kv[1], kv[0])))
    rushed = dict(sorted(found.rushed.items(), key=lambda kv: (kv[1][0], kv[0])))
    if as_json:
        out: dict[str, object] = {"reachable": ordered, "count": len(ordered)}
        if bull_rush:
            out["bull_rush"] = {c: {"points": p, "beat": list(who)} for c, (p, who) in rushed.items()}
        click.echo(json.dumps(out))
        return
    if enter:
        click.echo(wrap(label("tr_enter_side", lang, side=side), "  "))
    width = max((len(_points(p, lang)) for p in ordered.values()), default=0)
    for spent in sorted(set(ordered.values())):
        circles = [c for c, p in ordered.items() if p == spent]
        click.echo(wrap(f"{_points(spent, lang):>{width}}: " + " ".join(circles), " " * (width + 2)))
    click.echo(label("tr_within", lang, n=len(ordered), points=points) if ordered else label("tr_none", lang))
    if bull_rush:
        click.echo(label("tr_rush_head", lang))
        for circle, (spent, who) in rushed.items():
            line = label(
                "tr_rush_line", lang, circle=circle, points=_points(spent, lang), who=label("tr_or", lang).join(who)
            )
            click.echo(wrap("  " + line, "    "))
        if not rushed:
            click.echo("  " + label("tr_rush_none", lang))
        click.echo(wrap(label("tr_rush_reading_one" if line_cost_one else "tr_rush_reading", lang), "  "))
