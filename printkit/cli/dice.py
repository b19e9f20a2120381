"""Dice at the table: roll an expression, or its exact odds."""

from __future__ import annotations

import json
from typing import Any

import click

from .present import can_print, percent, pointed


def _dice_error(notation: str, exc: Any) -> click.UsageError:
    return pointed(notation, exc.message, exc.column)


@click.command(
    epilog="""\b
Examples:
  printkit referee roll 2d6+1
  printkit referee roll 4d6kh3 --seed game7-turn12
  printkit referee roll "5d10cs>=7"
"""
)
@click.argument("notation")
@click.option("--seed", help="Replay a roll: the same seed gives the same dice.")
@click.option("--json", "as_json", is_flag=True)
def roll(notation: str, seed: str | None, as_json: bool) -> None:
    """Roll dice: every die is shown, then the result (and pass/fail for a comparison)."""
    from ..dice import DiceError
    from ..dice import roll as do_roll
    from ..randomness import Entropy

    try:
        result = do_roll(notation, Entropy.from_seed(seed).stream("roll", notation))
    except DiceError as exc:
        raise _dice_error(notation, exc) from None
    if as_json:
        click.echo(json.dumps({"dice": list(result.shown), "total": result.total, "passed": result.passed}))
        return
    for line in result.shown:
        click.echo(line)
    verdict = "" if result.passed is None else ("  ✔ success" if result.passed else "  ✘ failure")
    click.echo(f"= {result.total}{verdict}" if can_print(verdict) else f"= {result.total}")


@click.command(
    epilog="""\b
Examples:
  printkit referee odds "2d6+1>=8"        # 7/12 (58.33 %)
  printkit referee odds 4d6kh3
  printkit referee odds "3d6>=15" --json
"""
)
@click.argument("notation")
@click.option("--json", "as_json", is_flag=True)
def odds(notation: str, as_json: bool) -> None:
    """Exact odds of a dice expression: its distribution, mean and, for a comparison, the chance."""
    from ..dice import DiceError
    from ..dice import odds as do_odds

    try:
        result = do_odds(notation)
    except DiceError as exc:
        raise _dice_error(notation, exc) from None
    table = result.dist.table()
    mean = result.dist.mean()
    if as_json:
        out: dict[str, Any] = {"mean": float(mean), "distribution": {str(v): str(p) for v, p in table}}
        if result.chance is not None:
            out["chance"] = str(result.chance)
            out["percent"] = round(float(result.chance) * 100, 4)
        click.echo(json.dumps(out))
        return
    top = max(p for _, p in table)
    shown = table if len(table) <= 40 else [(v, p) for v, p in table if p >= top / 200]
    for value, p in shown:
        bar = "#" * round(float(p / top) * 40)
        click.echo(f"{value:>6} {float(p) * 100:7.3f} % {bar}")
    if len(shown) < len(table):
        click.echo(f"({len(table) - len(shown)} rare outcomes not shown)")
    click.echo(f"mean {float(mean):.4f}")
    if result.chance is not None:
        op, target = result.expression.compare  # type: ignore[misc]
        click.echo(f"P(total {op} {target}) = {result.chance} ({percent(result.chance)})")
