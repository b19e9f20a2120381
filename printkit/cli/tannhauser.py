"""Referee commands of Tannhäuser: dice pools, duels and path movement."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .base import Whole, whole
from .present import fraction, percent


@click.command(
    "paths",
    epilog="""\b
Examples:
  printkit referee paths examples/tannhauser-paths.yaml --from A1 --points 4
  printkit referee paths examples/tannhauser-paths.yaml --enter --points 6 --json
  printkit referee paths examples/tannhauser-paths.yaml --from A1 --points 6 --bull-rush
""",
)
@click.argument("graph_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "start", help="The character's circle (or --enter).")
@click.option("--enter", is_flag=True, help="The character enters the board through an entry circle (1 point).")
@click.option("--points", type=Whole(0, 30), required=True, help="Movement points this cycle.")
@click.option("--bull-rush", is_flag=True, help="Assume the bull-rush duel is won: enemies are passed.")
@click.option("--json", "as_json", is_flag=True, help='Print {"reachable": {"B2": 3, ...}}.')
def referee_paths(graph_file: Path, start: str | None, enter: bool, points: int, bull_rush: bool,
                  as_json: bool) -> None:  # fmt: skip
    """Tannhäuser: every circle a character can end its move on, with the points it costs.

    GRAPH_FILE lists `circles` (id, cost 2 for a slowing circle, entry for an entry point),
    `links` between neighbouring circles of a path, and `characters` standing on circles
    (ally or enemy). Allies are passed at the normal cost, an enemy stops the move before it
    (unless --bull-rush), and no move ends on an occupied or an entry circle.
    """
    from ..games.tannhauser.paths import load_graph
    from ..games.tannhauser.paths import reach as path_reach

    if enter == (start is not None):
        raise click.UsageError("give either --from CIRCLE or --enter")
    graph = load_graph(graph_file)
    if start is not None and start not in graph.cost:
        raise click.UsageError(f"no circle {start} in {graph_file}")
    found = path_reach(graph, start, points, bull_rush)
    ordered = dict(sorted(found.items(), key=lambda kv: (kv[1], kv[0])))
    if as_json:
        click.echo(json.dumps({"reachable": ordered, "count": len(ordered)}))
        return
    for spent in sorted(set(ordered.values())):
        circles = [c for c, p in ordered.items() if p == spent]
        click.echo(f"{spent:>2} point{'s' if spent != 1 else ' '}: " + " ".join(circles))
    click.echo(f"{len(ordered)} circles within {points} points" + ("; bull rush won" if bull_rush else ""))


@click.command(
    epilog="""\b
Examples:
  printkit referee pool 4d10 --difficulty 6
  printkit referee pool 3 --difficulty 7 --penalty 1
"""
)
@click.argument("dice")
@click.option("--difficulty", type=Whole(1, 12), required=True)
@click.option("--bonus", type=Whole(0, 9), default=0)
@click.option("--penalty", type=Whole(0, 9), default=0)
@click.option("--json", "as_json", is_flag=True)
def pool(dice: str, difficulty: int, bonus: int, penalty: int, as_json: bool) -> None:
    """Tannhäuser pool: successes of N d10 against a difficulty (natural 10 and natural 1 hold)."""
    from ..games.tannhauser.pools import die_success
    from ..games.tannhauser.pools import pool as do_pool

    count = whole(dice.lower().removesuffix("d10"), 1, 30, "DICE (give the pool as 4d10 or 4)")
    dist = do_pool(count, difficulty, bonus - penalty)
    table = dist.table()
    if as_json:
        click.echo(json.dumps({"per_die": str(die_success(difficulty, bonus - penalty)),
                               "successes": {str(k): str(p) for k, p in table}}))  # fmt: skip
        return
    click.echo(f"one die succeeds: {die_success(difficulty, bonus - penalty)}")
    click.echo(" successes   exactly   at least")
    for k, p in table:
        at_least = sum((q for v, q in table if v >= k), type(p)(0))
        click.echo(f"{k:>10} {float(p) * 100:8.2f} % {float(at_least) * 100:8.2f} %")


@click.command(
    epilog="""\b
Examples:
  printkit referee duel 5 4
"""
)
@click.argument("attacker", type=Whole(1, 30))
@click.argument("defender", type=Whole(1, 30))
@click.option("--json", "as_json", is_flag=True)
def duel(attacker: int, defender: int, as_json: bool) -> None:
    """Tannhäuser duel: stat against stat; more successes wins, a tie goes to the defender."""
    from ..games.tannhauser.pools import duel as do_duel

    chance = do_duel(attacker, defender)
    if as_json:
        click.echo(json.dumps({"attacker_wins": str(chance), "percent": round(float(chance) * 100, 4)}))
        return
    click.echo(f"attacker ({attacker}) wins: {fraction(chance)} ({percent(chance)}); defender ({defender}) "
               f"wins: {percent(1 - chance)}")  # fmt: skip
