"""Stratego commands: setups (check, random, convert), attacks and legal moves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from . import complete
from .base import LANG, Group
from .present import language as present_language
from .present import safe, said, wrap


@click.group(cls=Group, speaks=True)
def stratego() -> None:
    """Stratego setups: check, generate and convert them.

    \b
    Example:
      printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232
    """


_VARIANTS = ["battle", "duel", "barrage"]
_variant = click.option(
    "--variant",
    type=click.Choice(_VARIANTS),
    help="battle (40 pieces), duel (10) or barrage (8) [default: the one whose pieces the setup holds; "
    "a Gravon archive file names its own].",
)


def _stratego_data(variant: str | None) -> Any:
    from ..config.rulesets import load_bundled
    from ..games.stratego.model import stratego_of

    data = stratego_of(load_bundled("stratego"))
    return data, (data.variants[variant] if variant else None)


def _setup_text(value: str) -> str:
    """SETUP may be the string itself or a file holding it (a setup, a grid or a Gravon archive file)."""
    path = Path(value)
    if len(value) < 300 and path.suffix in (".txt", ".setup", ".yaml", ".xml") and path.is_file():
        from ..config.yamlsource import read_text

        return read_text(path, value)
    return value


def _read(setup: str, data: Any, variant: Any) -> Any:
    """The setup or board a SETUP argument holds; exit 1 with every problem when it cannot be read."""
    from ..errors import EXIT_CHECK_FAILED
    from ..games.stratego.setups import SetupError, read_setup

    try:
        return read_setup(_setup_text(setup), data, variant)
    except SetupError as exc:
        for line in exc.problems:
            click.echo(wrap(safe(said(line)), "  "))
        raise SystemExit(EXIT_CHECK_FAILED) from None


@stratego.command(
    epilog="""\b
Examples:
  printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232
  printkit stratego random --seed 7 > my-setup.txt
  printkit stratego check my-setup.txt
  printkit stratego check FB......../B.X.9...../...21...3./......2..3
  printkit stratego check duell-2014.4-387.xml       # a Gravon archive file
"""
)
@click.argument("setup")
@_variant
@LANG
def check(setup: str, variant: str | None, lang: str | None) -> None:
    """Check a setup: exit 0 and ok when legal, exit 1 with every problem otherwise.

    SETUP is a setup string (40 characters, back row first, '/' between rows allowed, '.' for an
    empty cell in the duel and the barrage), a 100-character Gravon board, a Gravon archive file
    (.xml), a grid as printed by convert, or a file holding one of them. A board is checked side
    by side, each line starting with the side. Advice from well-known heuristics follows as lines
    starting with "advice:" (never an error).
    """
    from ..errors import EXIT_CHECK_FAILED
    from ..games.stratego.advice import advice
    from ..games.stratego.gravon import Board
    from ..games.stratego.setups import SetupError, parse_setup40, problems, read_setup
    from ..labels import label

    lang = present_language(lang)
    data, v = _stratego_data(variant)
    text = _setup_text(setup)

    def say(line: str, side: str | None = None) -> None:
        line = said(line)
        click.echo(wrap(safe(label("sc_side", lang, side=_side(data, side, lang), text=line) if side else line), "  "))

    try:
        parsed = read_setup(text, data, v)
    except SetupError as exc:
        for line in exc.problems:
            say(line)
        # The length is right but symbols are not: still report what the counts lack.
        try:
            for line in problems(parse_setup40(text, data, v or data.variants["battle"], lenient=True), data):
                if getattr(line, "key", "") != "sc_unknown_cell":
                    say(line)
        except SetupError:
            pass
        raise SystemExit(EXIT_CHECK_FAILED) from None
    if isinstance(parsed, Board):
        kind = f" (Gravon {parsed.game_type})" if parsed.game_type else ""
        click.echo(label("sc_variant", lang, variant=_variant_name(parsed.variant, lang)) + kind)
        sides = parsed.sides()
        if not sides:
            click.echo(label("sc_no_pieces", lang))
            raise SystemExit(EXIT_CHECK_FAILED)
        for missing in ("red", "blue"):
            if missing not in dict(sides):
                click.echo(label("sc_side_missing", lang, side=_side(data, missing, lang)))
        labelled: list[tuple[str | None, Any]] = list(sides)
    else:
        if v is None and parsed.variant.id != "battle":  # found from the pieces: say which
            click.echo(label("sc_variant", lang, variant=_variant_name(parsed.variant, lang)))
        labelled = [(None, parsed)]
    failed = False
    for side, side_setup in labelled:
        found = problems(side_setup, data)
        for problem in found:
            say(problem, side)
        failed = failed or bool(found)
        for hint in advice(side_setup, data):
            say(label("sc_advice", lang, text=said(hint)), side)
    if failed:
        raise SystemExit(EXIT_CHECK_FAILED)
    click.echo(label("sc_ok", lang))


def _side(data: Any, side: str | None, lang: str) -> str:
    """A side as a line begins with it: red, blue (as --side is typed) or the Russian name."""
    return "" if side is None else side if lang == "en" else str(data.sides[side]["ru"]).lower()


def _variant_name(variant: Any, lang: str) -> str:
    return str(variant.id) if lang == "en" else str(variant.name["ru"]).lower()


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
@click.option("--variant", type=click.Choice(_VARIANTS), default="battle", show_default=True)
@click.option("--grid", "as_grid", is_flag=True, help="Print the readable grid instead of the string.")
@LANG
def random_setup(style: str, seed: str | None, variant: str, as_grid: bool, lang: str | None) -> None:
    """Print a legal setup that also follows the heuristics checked by `stratego check`. The setup
    is the same in either language (--lang only changes what a refusal says)."""
    from ..games.stratego.advice import generate

    present_language(lang)
    data, v = _stratego_data(variant)
    setup = generate(data, v, style, seed)
    click.echo(setup.to_grid() if as_grid else setup.to_setup40(slashes=True))


@stratego.command(
    epilog="""\b
Examples:
  printkit stratego convert BFB343B563/B3492625B4/728X176258/2264B75232 --to grid
  printkit stratego convert BFB343B563B3492625B4728X1762582264B75232 --to gravon --side blue
  printkit stratego convert duell-2014.4-387.xml --to setup40 --side blue
"""
)
@click.argument("setup")
@click.option("--to", "target", type=click.Choice(["setup40", "gravon", "grid"]), required=True)
@click.option("--side", type=click.Choice(["red", "blue"]),
              help="A setup: the side it plays on the Gravon board [red]. A board: the side to print "
              "[every side it holds, red first].")  # fmt: skip
@_variant
@LANG
def convert(setup: str, target: str, side: str | None, variant: str | None, lang: str | None) -> None:
    """Convert a setup between the setup string, the Gravon 100-cell board and the grid.

    A Gravon board converted to setup40 or grid gives each side's setup as that side sees it
    (back row first), so `convert S --to gravon --side blue` then `--to setup40` gives S back.
    """
    from ..errors import EXIT_CHECK_FAILED
    from ..games.stratego.gravon import Board, to_board
    from ..games.stratego.setups import Setup, SetupError
    from ..labels import label

    lang = present_language(lang)
    data, v = _stratego_data(variant)
    parsed = _read(setup, data, v)
    if isinstance(parsed, Board):
        sides = dict(parsed.sides())
        if not sides:
            click.echo(label("sc_no_pieces", lang))
            raise SystemExit(EXIT_CHECK_FAILED)
        if side is not None and side not in sides:
            click.echo(label("sc_no_side_pieces", lang, side=_side(data, side, lang)))
            raise SystemExit(EXIT_CHECK_FAILED)
        chosen: list[tuple[str, Setup]] = [(s, sides[s]) for s in ("red", "blue") if s in sides and side in (None, s)]
    else:
        chosen = [(side or "red", parsed)]
    if target == "gravon":
        picked = dict(chosen)
        try:
            click.echo(to_board(picked.get("red"), picked.get("blue")))
        except SetupError as exc:
            for line in exc.problems:
                click.echo(wrap(said(line), "  "))
            raise SystemExit(EXIT_CHECK_FAILED) from None
        return
    for index, (name, item) in enumerate(chosen):
        if target == "grid":
            if len(chosen) > 1:
                click.echo(("\n" if index else "") + f"{_side(data, name, lang)}:")
            click.echo(item.to_grid())
        else:
            click.echo(item.to_setup40(slashes=True))


@click.command(
    "stratego",
    epilog="""\b
Examples:
  printkit referee stratego 3 B                 # Miner wins, bomb removed
  printkit referee stratego 1 10                # Spy wins (10 is the marshal, like X)
  printkit referee stratego сапёр мина --lang en
  printkit referee stratego 5 B --original-bombs --json
""",
)
@click.argument("attacker", shell_complete=complete.pieces)
@click.argument("defender", shell_complete=complete.pieces)
@click.option("--original-bombs", is_flag=True, help="The original rule: a bomb stays unless a Miner takes it.")
@click.option("--json", "as_json", is_flag=True, help="Print winner, bomb_removed and game_over as JSON.")
@LANG
def referee_stratego(attacker: str, defender: str, original_bombs: bool, as_json: bool, lang: str | None) -> None:
    """Resolve one Stratego attack: ATTACKER DEFENDER as symbols (X 9 ... 2 1 B F), strengths
    (10 for the marshal) or names in either language.

    By default the house rule of the rules document applies: any bomb that goes off leaves the
    board, and only a Miner takes one and survives. Answers in Russian (--lang en: English).
    """
    from ..config.rulesets import load_bundled
    from ..games.stratego.attack import AttackError, attack, describe, rank
    from ..games.stratego.model import stratego_of
    from ..labels import label

    language = present_language(lang)
    data = stratego_of(load_bundled("stratego"))
    try:
        outcome = attack(data, rank(data, attacker), rank(data, defender), original_bombs)
    except AttackError as exc:
        raise click.UsageError(safe(exc.say(language))) from None
    if as_json:
        click.echo(json.dumps(outcome.as_json()))
        return
    rule = label("st_original_rule" if original_bombs else "st_house_rule", language)
    click.echo(wrap(f"{outcome.attacker.symbol} {outcome.defender.symbol}: {describe(outcome, language)}", "  "))
    if outcome.defender.bomb:
        click.echo(wrap(f"  ({rule})", "   "))


@click.command(
    "moves",
    epilog="""\b
Examples:
  printkit referee moves examples/stratego-position.txt --from b4      # a scout's runs
  printkit referee moves examples/stratego-position.txt --from e4 --json
""",
)
@click.argument("position_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "start", required=True, help="The piece's cell, like e4.", shell_complete=complete.squares)
@click.option("--variant", type=click.Choice(_VARIANTS), default="battle", show_default=True)
@click.option("--scout-strikes-adjacent", is_flag=True,
              help="The other reading: a scout attacks only a neighbour, never at the end of a run.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help='Print {"moves": [...], "attacks": [...]}.')
@LANG
def referee_moves(position_file: Path, start: str, variant: str, scout_strikes_adjacent: bool, as_json: bool,
                  lang: str | None) -> None:  # fmt: skip
    """Stratego: the legal moves of one piece on a board position.

    POSITION_FILE has one line per row from the top (row 10, blue's back row) to row 1 (red's
    back row), one token per cell: `.` empty, `~` lake, `r5` a red 5, `r10` or `rX` the red
    marshal, `b?` a blue piece of unknown rank. Steps go up, down, left or right; a scout runs
    over empty cells and may attack at the end (--scout-strikes-adjacent: only a neighbour);
    lakes and own pieces block. The two-squares rule needs the game's history and is not applied.
    Answers in Russian (--lang en: English).
    """
    from ..games.stratego.moves import MoveError, legal_moves, read_position
    from ..labels import label

    language = present_language(lang)
    data, chosen = _stratego_data(variant)
    position = read_position(position_file, data, chosen)
    cell = start.strip().lower()
    try:
        moves = legal_moves(position, data, cell, run_attacks=not scout_strikes_adjacent)
    except MoveError as exc:
        raise click.UsageError(safe(exc.say(language))) from None
    steps = [m.to for m in moves if not m.attacks]
    attacks = [m.to for m in moves if m.attacks]
    if as_json:
        click.echo(json.dumps({"moves": steps, "attacks": attacks}))
        return
    piece = position.pieces[cell]
    rank = data.rank(piece.symbol)
    assert rank is not None  # legal_moves refused hidden pieces
    name = f"{rank.name[language]} ({rank.symbol})"
    click.echo(label("mv_head", language, side=data.sides[piece.side][language], rank=name, cell=cell, n=len(moves)))
    if not rank.movable:
        click.echo(label("mv_never", language))
    if steps:
        click.echo(wrap(label("mv_to", language) + " ".join(steps), " " * 10))
    if attacks:
        click.echo(wrap(label("mv_attack", language) + " ".join(attacks), " " * 10))
    if rank.runs:
        click.echo(wrap(label("mv_scout_adjacent" if scout_strikes_adjacent else "mv_scout_run", language), "  "))
    click.echo(wrap(label("mv_two_squares", language), "  "))
