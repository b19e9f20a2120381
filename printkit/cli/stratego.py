"""Stratego commands: setups (check, random, convert), attacks and legal moves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .base import LANG, Group


@click.group(cls=Group)
def stratego() -> None:
    """Stratego setups: check, generate and convert them.

    \b
    Example:
      printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232
    """


_variant = click.option("--variant", type=click.Choice(["battle", "duel"]), default="battle", show_default=True)


def _stratego_data(variant: str) -> Any:
    from ..config.rulesets import load_bundled
    from ..games.stratego.model import stratego_of

    data = stratego_of(load_bundled("stratego"))
    return data, data.variants[variant]


def _setup_text(value: str) -> str:
    """SETUP may be the string itself or a file holding it."""
    path = Path(value)
    if len(value) < 200 and path.suffix in (".txt", ".setup", ".yaml") and path.is_file():
        from ..config.yamlsource import read_text

        return read_text(path, value)
    return value


@stratego.command(
    epilog="""\b
Examples:
  printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232
  printkit stratego check my-setup.txt
  printkit stratego check --variant duel .2.91.BF/..X233.B
"""
)
@click.argument("setup")
@_variant
def check(setup: str, variant: str) -> None:
    """Check a setup: exit 0 and ok when legal, exit 1 with every problem otherwise.

    SETUP is a setup string (40 characters, back row first, '/' between rows allowed), a 100
    character Gravon board, a grid as printed by convert, or a file holding one of them. Advice
    from well-known heuristics follows as lines starting with "advice:" (never an error).
    """
    from ..errors import EXIT_CHECK_FAILED
    from ..games.stratego.advice import advice
    from ..games.stratego.setups import SetupError, parse_setup40, problems, read_setup

    data, v = _stratego_data(variant)
    text = _setup_text(setup)
    try:
        parsed, other = read_setup(text, data, v)
    except SetupError as exc:
        for line in exc.problems:
            click.echo(line)
        # The length is right but symbols are not: still report what the counts lack.
        try:
            for line in problems(parse_setup40(text, data, v, lenient=True), data):
                if not line.startswith("cell"):
                    click.echo(line)
        except SetupError:
            pass
        raise SystemExit(EXIT_CHECK_FAILED) from None
    failed = False
    for side in (parsed, other) if other else (parsed,):
        found = problems(side, data)
        for line in found:
            click.echo(line)
        failed = failed or bool(found)
        for line in advice(side, data):
            click.echo(f"advice: {line}")
    if failed:
        raise SystemExit(EXIT_CHECK_FAILED)
    click.echo("ok")


@stratego.command(
    "random",
    epilog="""\b
Examples:
  printkit stratego random
  printkit stratego random --style defensive --seed 42
  printkit stratego random --variant duel --grid
""",
)
@click.option("--style", type=click.Choice(["balanced", "defensive", "aggressive"]), default="balanced",
              show_default=True)  # fmt: skip
@click.option("--seed", help="The same seed gives the same setup.")
@_variant
@click.option("--grid", "as_grid", is_flag=True, help="Print the readable grid instead of the string.")
def random_setup(style: str, seed: str | None, variant: str, as_grid: bool) -> None:
    """Print a legal setup that also follows the heuristics checked by `stratego check`."""
    from ..games.stratego.advice import generate

    data, v = _stratego_data(variant)
    setup = generate(data, v, style, seed)
    click.echo(setup.to_grid() if as_grid else setup.to_setup40(slashes=True))


@stratego.command(
    epilog="""\b
Examples:
  printkit stratego convert BFB343B563/B3492625B4/728X176258/2264B75232 --to grid
  printkit stratego convert BFB343B563B3492625B4728X1762582264B75232 --to gravon
  printkit stratego convert board.txt --to setup40
"""
)
@click.argument("setup")
@click.option("--to", "target", type=click.Choice(["setup40", "gravon", "grid"]), required=True)
@click.option("--side", type=click.Choice(["red", "blue"]), default="red", show_default=True,
              help="Which side a single setup plays in the Gravon board.")  # fmt: skip
@_variant
def convert(setup: str, target: str, side: str, variant: str) -> None:
    """Convert a setup between the setup string, the Gravon 100-cell board and the grid."""
    from ..errors import EXIT_CHECK_FAILED
    from ..games.stratego.setups import SetupError, read_setup, to_gravon

    data, v = _stratego_data(variant)
    try:
        parsed, other = read_setup(_setup_text(setup), data, v)
        if target == "gravon":
            red, blue = (parsed, other) if other else ((parsed, None) if side == "red" else (None, parsed))
            click.echo(to_gravon(red, blue))
            return
    except SetupError as exc:
        for line in exc.problems:
            click.echo(line)
        raise SystemExit(EXIT_CHECK_FAILED) from None
    for item in (parsed, other) if other else (parsed,):
        click.echo(item.to_grid() if target == "grid" else item.to_setup40(slashes=True))


@click.command(
    "stratego",
    epilog="""\b
Examples:
  printkit referee stratego 3 B                 # Miner wins, bomb removed
  printkit referee stratego 1 X                 # Spy wins
  printkit referee stratego 5 B --original-bombs --json
""",
)
@click.argument("attacker")
@click.argument("defender")
@click.option("--original-bombs", is_flag=True, help="The original rule: a bomb stays unless a Miner takes it.")
@click.option("--json", "as_json", is_flag=True, help="Print winner, bomb_removed and game_over as JSON.")
@LANG
def referee_stratego(attacker: str, defender: str, original_bombs: bool, as_json: bool, lang: str | None) -> None:
    """Resolve one Stratego attack: ATTACKER DEFENDER as symbols (X 9 ... 2 1 B F) or names.

    By default the house rule of the rules document applies: any bomb that goes off leaves the
    board, and only a Miner takes one and survives.
    """
    from ..config.rulesets import load_bundled
    from ..games.stratego.attack import AttackError, attack, describe, rank
    from ..games.stratego.model import stratego_of
    from ..labels import label

    data = stratego_of(load_bundled("stratego"))
    try:
        outcome = attack(data, rank(data, attacker), rank(data, defender), original_bombs)
    except AttackError as exc:
        raise click.UsageError(str(exc)) from None
    if as_json:
        click.echo(json.dumps(outcome.as_json()))
        return
    language = lang or "ru"
    rule = label("st_original_rule" if original_bombs else "st_house_rule", language)
    click.echo(f"{outcome.attacker.symbol} {outcome.defender.symbol}: {describe(outcome, language)}")
    if outcome.defender.bomb:
        click.echo(f"  ({rule})")


@click.command(
    "moves",
    epilog="""\b
Examples:
  printkit referee moves examples/stratego-position.txt --from b4      # a scout's runs
  printkit referee moves examples/stratego-position.txt --from e4 --json
""",
)
@click.argument("position_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "start", required=True, help="The piece's cell, like e4.")
@click.option("--variant", type=click.Choice(["battle", "duel"]), default="battle", show_default=True)
@click.option("--json", "as_json", is_flag=True, help='Print {"moves": [...], "attacks": [...]}.')
def referee_moves(position_file: Path, start: str, variant: str, as_json: bool) -> None:
    """Stratego: the legal moves of one piece on a board position.

    POSITION_FILE has one line per row from the top (row 10, blue's back row) to row 1 (red's
    back row), one token per cell: `.` empty, `~` lake, `r5` a red 5, `b?` a blue piece of
    unknown rank. Steps go up, down, left or right; a scout runs over empty cells and may attack
    at the end; lakes and own pieces block. The two-squares rule needs the game's history and
    is not applied.
    """
    from ..games.stratego.moves import legal_moves, read_position

    data, chosen = _stratego_data(variant)
    position = read_position(position_file, data, chosen)
    cell = start.strip().lower()
    try:
        moves = legal_moves(position, data, cell)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    steps = [m.to for m in moves if not m.attacks]
    attacks = [m.to for m in moves if m.attacks]
    if as_json:
        click.echo(json.dumps({"moves": steps, "attacks": attacks}))
        return
    piece = position.pieces[cell]
    click.echo(f"{piece.side} {piece.symbol} on {cell}: {len(moves)} legal move{'s' if len(moves) != 1 else ''}")
    if steps:
        click.echo("  to:     " + " ".join(steps))
    if attacks:
        click.echo("  attack: " + " ".join(attacks))
