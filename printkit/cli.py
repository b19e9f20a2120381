"""The printkit command line: parse, call one library function, print. No rules live here."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from . import __version__
from .errors import ConfigError, PrintkitError

CONFIG_ARG = click.argument("config", required=False, type=click.Path(dir_okay=False, path_type=Path))


class _Failure(click.ClickException):
    """A PrintkitError shown the printkit way: config problems as FILE:LINE lines, the rest as one line."""

    def __init__(self, error: PrintkitError) -> None:
        super().__init__(error.message)
        self.exit_code = error.exit_code
        self.error = error

    def show(self, file: Any = None) -> None:
        if isinstance(self.error, ConfigError):
            for line in self.error.lines():
                click.echo(line, err=True)
        else:
            click.echo(f"printkit: error: {self.error.message}", err=True)


class _Group(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PrintkitError as error:
            raise _Failure(error) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="printkit")
def cli() -> None:
    """Print-ready PDF kits for tabletop games, and a referee calculator.

    \b
    Examples:
      printkit build                          # the default game into output/
      printkit build examples/strategiya.yaml --lang en --paper letter
      printkit secret-sheets --games 20       # a stack of sheets for a club night
      printkit referee lookup --key output/KIT/referee-key.json resources forest 3
    """


def _session(config: Path | None, lang: str | None = None, paper: str | None = None) -> Any:
    from .config import load_session, with_overrides

    return with_overrides(load_session(config), language=lang, paper=paper)


def _show_folder(folder: Path) -> str:
    try:
        return str(folder.relative_to(Path.cwd())) + "/"
    except ValueError:
        return str(folder) + "/"


def _warn_seed(seed: str | None) -> None:
    from .randomness import weak_seed

    if weak_seed(seed):
        click.echo(
            "printkit: note: a short --seed can be found by trying seeds against one printed sheet; "
            "use 12+ random characters when the sheets must stay secret",
            err=True,
        )


def _run_build(session: Any, out: Path | None, seed: str | None, force: bool, **kwargs: Any) -> None:
    from .kit import build_kit

    _warn_seed(seed)
    if sys.stderr.isatty():
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            tasks: dict[str, Any] = {}

            def report(step: str, done: int, total: int) -> None:
                if step not in tasks:
                    tasks[step] = bar.add_task(step, total=total)
                bar.update(tasks[step], completed=done, total=total)

            result = build_kit(session, out, seed=seed, force=force, progress=report, **kwargs)
        for path in result.files:
            click.echo(f"  {path.name}", err=True)
    else:
        result = build_kit(session, out, seed=seed, force=force, **kwargs)
    click.echo(f"Kit written to {_show_folder(result.folder)}")


_out = click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Kit folder [default: output/<game>-<YYYYMMDD-HHMMSS>/].",
)
_seed = click.option("--seed", help="Make the random sheets reproducible (same seed, same bytes).")
_paper = click.option("--paper", type=click.Choice(["a4", "letter"]), help="Paper size [default: the config's].")
_lang = click.option("--lang", type=click.Choice(["ru", "en"]), help="Printed language [default: the config's].")
_force = click.option("--force", is_flag=True, help="Write into an existing, non-empty folder.")


@cli.command(
    epilog="""\b
Examples:
  printkit build
  printkit build examples/strategiya.yaml --out kits/friday --lang en
  printkit build my-game.yaml --only secret-sheets --seed "long random words"
  printkit build examples/vs-2025.yaml --only booklet --imposition saddle --greyscale
"""
)
@CONFIG_ARG
@_out
@_seed
@click.option("--only", metavar="KIND,...", help="Print only these kinds (e.g. secret-sheets,hero-sheets,quickref).")
@_paper
@_lang
@click.option(
    "--imposition",
    type=click.Choice(["saddle"]),
    help="Also write booklet-print.pdf: pages two-up, saddle-stitch order.",
)
@click.option("--greyscale", is_flag=True, help="Print the booklet in ink-friendly greys.")
@click.option(
    "--png",
    "png",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write one 300 dpi PNG per card face (with bleed) into this folder.",
)
@click.option("--random", "random_setups", is_flag=True, help="Stratego: print a generated setup for each side.")
@_force
def build(
    config: Path | None,
    out: Path | None,
    seed: str | None,
    only: str | None,
    paper: str | None,
    lang: str | None,
    imposition: str | None,
    greyscale: bool,
    png: Path | None,
    random_setups: bool,
    force: bool,
) -> None:
    """Build every printable of a game into one kit folder.

    CONFIG is a session config (see examples/); without it, the bundled default game is built.
    """
    from .kit import Options

    kinds = [k.strip() for k in only.split(",") if k.strip()] if only else None
    options = Options(imposition=imposition, greyscale=greyscale, png=png, random_setups=random_setups)
    _run_build(_session(config, lang, paper), out, seed, force, only=kinds, options=options)


@cli.command(
    "secret-sheets",
    epilog="""\b
Examples:
  printkit secret-sheets                       # sheets 1 and 2 plus the referee key
  printkit secret-sheets --games 30            # 30 games: one page per game in each PDF
  printkit secret-sheets --player 2            # only my own sheet, made on my own device
  printkit secret-sheets --blank               # the empty form to fill in by hand
""",
)
@CONFIG_ARG
@click.option(
    "--games", type=click.IntRange(1, 10_000), default=1, show_default=True, help="How many games to print at once."
)
@click.option("--player", type=click.IntRange(1, 2), help="Print only this player's sheet.")
@click.option("--blank", is_flag=True, help="The empty form to fill in by hand (no key).")
@_seed
@_out
@_paper
@_lang
@_force
def secret_sheets(
    config: Path | None,
    games: int,
    player: int | None,
    blank: bool,
    seed: str | None,
    out: Path | None,
    paper: str | None,
    lang: str | None,
    force: bool,
) -> None:
    """Print the secret "binary code" sheets and the referee key.

    Each sheet maps a map object's number to another number; the referee key chains sheet 1,
    sheet 2 and the ruleset's list for every object.
    """
    from .kit import Options

    if blank and (seed or games != 1):
        raise click.UsageError("--blank prints the empty form: it takes no --seed or --games")
    options = Options(games=games, player=player, blank=blank)
    _run_build(_session(config, lang, paper), out, seed, force, only=["secret-sheets"], options=options)


@cli.command(
    epilog="""\b
Examples:
  printkit validate examples/strategiya.yaml
"""
)
@click.argument("config", type=click.Path(dir_okay=False, path_type=Path))
def validate(config: Path) -> None:
    """Check a session config: print ok, or every problem with its line (exit 3).

    Warnings (legal but probably unintended, such as a new hero who has not spent exactly the
    starting points) are printed before ok and do not fail.
    """
    session = _session(config)
    for warning in session.warnings:
        click.echo(warning, err=True)
    click.echo("ok")


@cli.command(
    epilog="""\b
Examples:
  printkit calibrate
  printkit calibrate --paper letter --out kits/printer-test
"""
)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="How your printer turns the sheet for the back side.")  # fmt: skip
@_lang
@_out
@_force
def calibrate(paper: str, flip: str, lang: str | None, out: Path | None, force: bool) -> None:
    """Print a duplex test sheet to measure your printer's back-side offset.

    Print calibration.pdf on both sides at 100 %, read where the front crosses fall on the back's
    millimetre scales, and save the numbers in your config:
    printer: {back_offset_mm: [x, y]}.
    """
    from .output import KitWriter, default_folder
    from .sheets.calibrate import write_calibration

    folder = out or default_folder("calibrate")
    with KitWriter(folder, force=force) as writer:
        write_calibration(writer.path("calibration.pdf"), paper, lang or "ru", flip)
        writer.commit({"kinds": ["calibrate"], "paper": paper})
    click.echo(f"Calibration sheet written to {_show_folder(folder)}")


@cli.group(cls=_Group)
def referee() -> None:
    """Answers for the referee at the table.

    \b
    Example:
      printkit referee lookup --key output/KIT/referee-key.json resources forest 3
    """


@referee.command(
    epilog="""\b
Examples:
  printkit referee lookup --key referee-key.json resources forest 3
  printkit referee lookup --key referee-key.json --game 4 ресурсы лес 3
  printkit referee lookup --key p1.json --key p2.json --config game.yaml adventures mountain 7
"""
)
@click.option(
    "--key",
    "keys",
    multiple=True,
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="referee-key.json (repeat to join one-player keys).",
)
@click.option("--game", help="Which game of a multi-game key: 1, 2, ... or a kit ID.")
@click.option(
    "--config",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Session config, for adventure titles and custom rulesets.",
)
@_lang
@click.option("--ascii", "ascii_only", is_flag=True, help="Print -> instead of →.")
@click.option("--json", "as_json", is_flag=True, help="Print the chain as JSON.")
@click.argument("section")
@click.argument("terrain")
@click.argument("number", type=int)
def lookup(
    keys: tuple[Path, ...],
    game: str | None,
    config: Path | None,
    lang: str | None,
    ascii_only: bool,
    as_json: bool,
    section: str,
    terrain: str,
    number: int,
) -> None:
    """Follow one object's chain: SECTION TERRAIN NUMBER -> sheet 1 -> sheet 2 -> the list.

    SECTION is resources or adventures; TERRAIN is mountain swamp forest plain water deathzone
    (Russian names work too, and the two words may come in either order).
    """
    from .binarycode import load_key
    from .referee.lookup import format_chain, merge_keys, pick_game
    from .referee.lookup import lookup as do_lookup
    from .rulesets import load_bundled

    game_id, games = merge_keys([load_key(k) for k in keys])
    session = _session(config, lang) if config else None
    if session is not None:
        if session.ruleset.id != game_id:
            raise click.UsageError(f"the key is for {game_id}, the config for {session.ruleset.id}")
        ruleset = session.ruleset
    else:
        try:
            ruleset = load_bundled(game_id)
        except KeyError:
            raise click.UsageError(f"the key is for {game_id!r}, not a bundled game: pass --config") from None
    language = lang or (session.language if session else "ru")
    found = do_lookup(ruleset, session, pick_game(games, game), section, terrain, number, language)
    if as_json:
        c = found.chain
        click.echo(
            json.dumps(
                {
                    "kit_id": found.kit_id,
                    "game": found.game,
                    "section": c.section,
                    "terrain": c.terrain,
                    "number": c.number,
                    "sheet1": c.first,
                    "sheet2": c.second,
                    "entry": c.entry,
                },
                ensure_ascii=False,
            )
        )
        return
    click.echo(format_chain(found.chain, "->" if ascii_only or not _can_print("→") else "→"))


@referee.command(
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
@_lang
def referee_stratego(attacker: str, defender: str, original_bombs: bool, as_json: bool, lang: str | None) -> None:
    """Resolve one Stratego attack: ATTACKER DEFENDER as symbols (X 9 ... 2 1 B F) or names.

    By default the house rule of the rules document applies: any bomb that goes off leaves the
    board, and only a Miner takes one and survives.
    """
    from .labels import label
    from .referee.stratego import AttackError, attack, describe, rank
    from .rulesets import load_bundled

    data = load_bundled("stratego").stratego
    assert data is not None
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


@referee.command(
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
    from .referee.stratego_moves import legal_moves, read_position

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


@referee.command(
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
@click.option("--points", type=click.IntRange(0, 30), required=True, help="Movement points this cycle.")
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
    from .referee.paths import load_graph
    from .referee.paths import reach as path_reach

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


def _percent(p: Any) -> str:
    return f"{float(p) * 100:.2f} %"


def _dice_error(notation: str, exc: Any) -> click.UsageError:
    return click.UsageError(f"{exc.message}\n  {notation}\n  {' ' * (exc.column - 1)}^ column {exc.column}")


@referee.command(
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
    from .randomness import Entropy
    from .referee.dice import DiceError
    from .referee.dice import roll as do_roll

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
    click.echo(f"= {result.total}{verdict}" if _can_print(verdict) else f"= {result.total}")


@referee.command(
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
    from .referee.dice import DiceError
    from .referee.dice import odds as do_odds

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
        click.echo(f"P(total {op} {target}) = {result.chance} ({_percent(result.chance)})")


@referee.command(
    epilog="""\b
Examples:
  printkit referee fight --lives 10 10 --damage 1 1
  printkit referee fight --lives 25 15 --damage 9 3 --first b --backstab
  printkit referee fight --config examples/strategiya-heroes.yaml --heroes 1 Б
"""
)
@click.option("--lives", nargs=2, type=click.IntRange(1, 500), help="Lives of side A and side B.")
@click.option("--damage", nargs=2, type=click.IntRange(0, 500), help="Damage per hit of A and of B.")
@click.option("--config", type=click.Path(dir_okay=False, path_type=Path), help="Take two heroes from a config.")
@click.option("--heroes", nargs=2, help="Their map markers (e.g. 1 Б) when --config is given.")
@click.option("--first", type=click.Choice(["a", "b"]), default="a", show_default=True, help="Who rolls first.")
@click.option("--backstab", is_flag=True, help="B is attacked from behind: B's first damage ×2.")
@click.option("--surrounded", is_flag=True, help="B is surrounded: B's first damage ×3.")
@click.option("--json", "as_json", is_flag=True)
def fight(lives: Any, damage: Any, config: Path | None, heroes: Any, first: str, backstab: bool, surrounded: bool,
          as_json: bool) -> None:  # fmt: skip
    """Exact odds of a «Стратегия» battle: 1-3 pass the attack, 4-6 hit and roll again.

    Prints each side's chance to win, the expected number of rolls and game turns (two rolls per
    turn) and the lives the winner keeps. With --config, lives and damage come from the heroes'
    strength and items (two-handed sword +2, dragon ×2, sword's extra blow on a 3, armour against
    a 6, the shield's 4 lives on a 1). Answers are exact fractions; with a shield, lives can go
    back up and the chance is solved numerically instead.
    """
    from .referee.fights import Fighter, fighters_from_config
    from .referee.fights import fight as do_fight
    from .rulesets import load_bundled

    battle = load_bundled("strategiya").battle
    assert battle is not None
    times = 3 if surrounded else 2 if backstab else 1
    if config is not None:
        if not heroes:
            raise click.UsageError("--config needs --heroes MARKER MARKER")
        a, b, notes = fighters_from_config(_session(config), heroes[0], heroes[1])
        b = Fighter(b.lives, b.damage, b.sword_blow, b.armour, times)
    elif lives and damage:
        a, b, notes = Fighter(lives[0], damage[0]), Fighter(lives[1], damage[1], first_times=times), []
    else:
        raise click.UsageError("give --lives A B and --damage A B, or --config and --heroes")
    try:
        result = do_fight(battle, a, b, first)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    switches = "switches: the sword's blow on a 3 passes the attack; armour stops a 6"
    if as_json:
        click.echo(json.dumps({
            "a_wins": str(result.win_a), "b_wins": str(result.win_b), "a_percent": round(float(result.win_a) * 100, 4),
            "expected_rolls": float(result.expected_rolls), "expected_turns": float(result.expected_turns),
            "a_lives_left": {str(k): str(v) for k, v in sorted(result.lives_left_a.items())},
            "b_lives_left": {str(k): str(v) for k, v in sorted(result.lives_left_b.items())},
        }))  # fmt: skip
        return

    def chance(p: Any) -> str:
        return f"{_fraction(p)} ({_percent(p)})" if result.exact else f"≈ {_percent(p)}"

    click.echo(f"A ({a.lives} lives, {a.damage} a hit) wins: {chance(result.win_a)}")
    click.echo(f"B ({b.lives} lives, {b.damage} a hit) wins: {chance(result.win_b)}")
    if not result.exact:
        notes.append("a shield lets lives go back up: solved numerically, not as a fraction")
    click.echo(f"expected rolls {float(result.expected_rolls):.2f}, game turns {float(result.expected_turns):.2f}")
    for name, left, total in (("A", result.lives_left_a, result.win_a), ("B", result.lives_left_b, result.win_b)):
        if total and left:
            mean = sum(k * v for k, v in left.items()) / total
            likely = sorted(left.items(), key=lambda kv: -kv[1])[:3]
            shown = ", ".join(f"{k} ({float(v / total) * 100:.1f} %)" for k, v in likely)
            click.echo(f"{name} keeps {float(mean):.2f} lives on average; most often {shown}")
    for note in notes:
        click.echo(f"note: {note}")
    click.echo(switches)


def _fraction(p: Any) -> str:
    text = str(p)
    return text if len(text) <= 24 else "≈" + f"{float(p):.6f}"


@referee.command(
    context_settings={"ignore_unknown_options": True},
    epilog="""\b
Examples:
  printkit referee hide --hiders 3 2 --seekers 5
  printkit referee hide --hiders 4 --seekers 2 2 1 --json
""",
)
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
def hide(words: tuple[str, ...]) -> None:
    """Hiding in a town: --hiders INT... --seekers INT... (each hero's intellect).

    Each side sums D6 × intellect over its heroes; the hiders vanish if their sum is higher.
    """
    from .referee.fights import hide_chance

    groups: dict[str, list[int]] = {"--hiders": [], "--seekers": []}
    current = None
    as_json = False
    for word in words:
        if word in groups:
            current = word
        elif word == "--json":
            as_json = True
        elif current and word.isdigit():
            groups[current].append(int(word))
        else:
            raise click.UsageError(f"unexpected {word!r}; give --hiders INT... --seekers INT...")
    if not groups["--hiders"] or not groups["--seekers"]:
        raise click.UsageError("give the intellect of every hiding hero (--hiders) and every seeker (--seekers)")
    chance = hide_chance(groups["--hiders"], groups["--seekers"])
    if as_json:
        click.echo(json.dumps({"hide": str(chance), "percent": round(float(chance) * 100, 4)}))
        return
    click.echo(f"the hiders vanish: {chance} ({_percent(chance)}); found: {1 - chance} ({_percent(1 - chance)})")


@referee.command(
    epilog="""\b
Examples:
  printkit referee pool 4d10 --difficulty 6
  printkit referee pool 3 --difficulty 7 --penalty 1
"""
)
@click.argument("dice")
@click.option("--difficulty", type=click.IntRange(1, 12), required=True)
@click.option("--bonus", type=click.IntRange(0, 9), default=0)
@click.option("--penalty", type=click.IntRange(0, 9), default=0)
@click.option("--json", "as_json", is_flag=True)
def pool(dice: str, difficulty: int, bonus: int, penalty: int, as_json: bool) -> None:
    """Tannhäuser pool: successes of N d10 against a difficulty (natural 10 and natural 1 hold)."""
    from .referee.pools import die_success
    from .referee.pools import pool as do_pool

    count = dice.lower().removesuffix("d10")
    if not count.isdigit() or not 1 <= int(count) <= 30:
        raise click.UsageError(f"{dice!r}: give the pool as 4d10 or 4 (1 to 30 dice)")
    dist = do_pool(int(count), difficulty, bonus - penalty)
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


@referee.command(
    epilog="""\b
Examples:
  printkit referee duel 5 4
"""
)
@click.argument("attacker", type=click.IntRange(1, 30))
@click.argument("defender", type=click.IntRange(1, 30))
@click.option("--json", "as_json", is_flag=True)
def duel(attacker: int, defender: int, as_json: bool) -> None:
    """Tannhäuser duel: stat against stat; more successes wins, a tie goes to the defender."""
    from .referee.pools import duel as do_duel

    chance = do_duel(attacker, defender)
    if as_json:
        click.echo(json.dumps({"attacker_wins": str(chance), "percent": round(float(chance) * 100, 4)}))
        return
    click.echo(f"attacker ({attacker}) wins: {_fraction(chance)} ({_percent(chance)}); defender ({defender}) "
               f"wins: {_percent(1 - chance)}")  # fmt: skip


@referee.command(
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
    from .referee.orders import battle, best_mix, parse_cards, random_odds
    from .rulesets import load_bundled

    vs = load_bundled(edition).vs
    assert vs is not None
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


@referee.command(
    epilog="""\b
Examples:
  printkit referee escape 2
"""
)
@click.argument("heroes", type=click.IntRange(1, 12))
def escape(heroes: int) -> None:
    """«Стратегия»: chances when HEROES heroes try to flee a battle (each needs 4-6 on a D6)."""
    from fractions import Fraction

    from .rulesets import load_bundled

    battle = load_bundled("strategiya").battle
    assert battle is not None
    each = Fraction(battle.die - battle.escape_from + 1, battle.die)
    everyone, nobody = each**heroes, (1 - each) ** heroes
    click.echo(f"each hero escapes: {each} ({_percent(each)})")
    click.echo(f"all {heroes} escape: {everyone} ({_percent(everyone)}); at least one: {1 - nobody} "
               f"({_percent(1 - nobody)})")  # fmt: skip


@referee.command(
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
    from .randomness import Entropy
    from .rulesets import load_bundled

    vs = load_bundled(edition).vs
    assert vs is not None
    chance = vs.figures["mine_chance"]
    click.echo(f"opening or deepening a mine succeeds: {chance} ({_percent(chance)})")
    if do_roll:
        hit = Entropy.from_seed(seed).stream("mine").below(chance.denominator) < chance.numerator
        click.echo("the mine opens" if hit else "the vein comes to nothing")


@referee.command(
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
@_lang
def spell(name: str, edition: str, do_roll: bool, seed: str | None, lang: str | None) -> None:
    """A VS spell's D6 table (or its chance), from the ruleset; --roll casts it."""
    from .randomness import Entropy
    from .rulesets import load_bundled

    vs = load_bundled(edition).vs
    assert vs is not None
    language = lang or "ru"
    folded = name.casefold()
    found = next((s for s in vs.spells if folded in {s.id, *(n.casefold() for n in s.name.values())}), None)
    if found is None:
        raise click.UsageError(f"no spell {name!r} in {edition}; spells: " + ", ".join(s.id for s in vs.spells))
    click.echo(f"{found.name[language]}: {found.text[language]}")
    if found.chance is not None:
        click.echo(f"chance {found.chance} ({_percent(found.chance)})")
    for o in found.outcomes:
        faces = str(o.low) if o.low == o.high else f"{o.low}-{o.high}"
        click.echo(f"  {faces:>4}: {o.text[language]}")
    if do_roll and found.outcomes:
        face = Entropy.from_seed(seed).stream("spell", found.id).below(6) + 1
        hit = next(o for o in found.outcomes if o.low <= face <= o.high)
        click.echo(f"rolled {face}: {hit.text[language]}")


def _mover_options(f: Any) -> Any:
    for option in reversed([
        click.option("--from", "start", required=True, help="The hero's cell, like C4."),
        click.option("--speed", type=click.IntRange(0, 99), help="The hero's speed (or use --config and --hero)."),
        click.option("--config", type=click.Path(dir_okay=False, path_type=Path), help="A config with the hero."),
        click.option("--hero", help="The hero's map marker in that config, like А or 1."),
        click.option("--horse", is_flag=True, help="Riding: +1 cell everywhere but mountains."),
        click.option("--flight", type=click.IntRange(0, 20), default=0, help="Flying cells a turn (griffin 4)."),
        click.option("--ship", type=click.IntRange(0, 20), default=0,
                     help="A ship's cells a turn (its builders' intellect; +1 downstream, -1 upstream)."),
        click.option("--load-days", type=click.IntRange(0, 999), default=0,
                     help="Days of mining carried: one cell less per 10 days, one back per 4 strength."),
        click.option("--strength", type=click.IntRange(0, 99), default=0, help="With --load-days and --speed."),
        click.option("--cross-free", is_flag=True, help="Switch: a border may be crossed with no step left."),
        click.option("--no-corner-cutting", is_flag=True, help="Switch: no diagonal step between two waters."),
    ]):  # fmt: skip
        f = option(f)
    return f


def _mover(config: Path | None, hero_marker: str | None, speed: int | None, horse: bool, flight: int,
           ship: int, load_days: int, strength: int, rules: Any) -> tuple[Any, int]:  # fmt: skip
    import dataclasses

    from .referee.movement import load_cells

    mover, border, strength = _hero_mover(config, hero_marker, speed, horse, flight, strength, rules)
    return dataclasses.replace(mover, ship=ship, load=load_cells(rules, load_days, strength)), border


def _hero_mover(config: Path | None, hero_marker: str | None, speed: int | None, horse: bool, flight: int,
                strength: int, rules: Any) -> tuple[Any, int, int]:  # fmt: skip
    """The mover, its border allowance, and the strength that carries loads."""
    from .referee.movement import Mover, mover_for

    if config is not None:
        if not hero_marker:
            raise click.UsageError("--config needs --hero MARKER")
        from . import heroes as H

        session = _session(config)
        for index, player in enumerate(session.players):
            markers = player.markers or H.markers_for(rules, index, len(player.heroes), session.language)
            for marker, hero in zip(markers, player.heroes, strict=False):
                if marker.casefold() == hero_marker.casefold():
                    return (*mover_for(rules, hero), hero.strength)
        raise click.UsageError(f"no hero marked {hero_marker!r} in {config}")
    if speed is None:
        raise click.UsageError("give --speed N, or --config C --hero MARKER")
    border = 1 + speed // (rules.heroes.border_per_speed if rules.heroes else 4)
    flyer = Mover(speed=speed, horse=horse, flight=flight, flight_avoids=("deathzone",) if flight == 4 else ())
    return flyer, border, strength


def _cell(game_map: Any, text: str) -> tuple[int, int]:
    from .maps import parse_cell

    try:
        x, y = parse_cell(text)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    if not game_map.inside(x, y):
        raise click.UsageError(f"{text} is outside the {game_map.width}×{game_map.height} map")
    return x, y


@referee.command(
    epilog="""\b
Examples:
  printkit referee reach examples/map.yaml --from C4 --speed 2
  printkit referee reach examples/map.yaml --from C4 --speed 1 --turns 3
  printkit referee reach examples/map.yaml --from B2 --config examples/strategiya-heroes.yaml --hero 1 --json
  printkit referee reach examples/vs-map.yaml --troop elves --from C3
  printkit referee reach examples/vs-map.yaml --troop ship --laden --from J2 --turns 2
"""
)
@click.argument("map_file", type=click.Path(dir_okay=False, path_type=Path))
@_mover_options
@click.option("--troop", help="«Великая Стратегическая» map: the troop, like elves or Эльфы.")
@click.option("--laden", is_flag=True, help="VS: the ship carries a troop (a quarter slower).")
@click.option("--turns", type=click.IntRange(1, 50), default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def reach(map_file: Path, start: str, speed: int | None, config: Path | None, hero: str | None, horse: bool,
          flight: int, ship: int, load_days: int, strength: int, cross_free: bool, no_corner_cutting: bool,
          troop: str | None, laden: bool, turns: int, as_json: bool) -> None:  # fmt: skip
    """Every cell a hero (or a VS troop) reaches in one turn (or in --turns K), drawn as a map.

    «Стратегия»: cells per turn come from the terrain (plus speed), the border rule ends a move
    one cell into a new terrain (one more per 4 speed), the death zone allows 1 cell (more from
    the potential tiers), water needs a ship or flight, bridges carry walkers over water.

    «Великая Стратегическая» (a map with `game: vs-2025` or `vs-2003`): cells per turn from the
    edition's troop table for the terrain the troop starts on; entering another terrain or a
    river cell ends the move; mages and magical troops ignore both; ships sail coast, sea and
    rivers. Other troops on the map are not known here.
    """
    from .maps import load_map
    from .referee.movement import Switches
    from .referee.movement import reach as do_reach

    game_map, rules = load_map(map_file)
    origin = _cell(game_map, start)
    if rules.family == "vs":
        from .referee import vs_movement

        if rules.vs is None or not troop:
            raise click.UsageError("a «Великая Стратегическая» map needs --troop NAME")
        found_troop = rules.vs.troop(troop)
        if found_troop is None:
            names = ", ".join(t.id for t in rules.vs.troops)
            raise click.UsageError(f"no troop {troop!r} in {rules.id}; one of {names}")
        going = vs_movement.Going(found_troop, laden=laden)
        found = vs_movement.reach(game_map, rules, going, origin, turns)
        note = f"{found_troop.id} ({rules.id}); " + (
            "ignores terrain changes and rivers" if found_troop.crosses else "stops at terrain changes and rivers"
        )
    else:
        if troop:
            raise click.UsageError("--troop is for «Великая Стратегическая» maps")
        mover, border = _mover(config, hero, speed, horse, flight, ship, load_days, strength, rules)
        switches = Switches(cross_needs_step=not cross_free, corner_cutting=not no_corner_cutting)
        found = do_reach(game_map, rules, mover, origin, turns, switches, border)
        note = switches.describe()
    _print_reach(game_map, origin, {c: t for c, t in found.items() if c != origin}, turns, note, as_json)


def _print_reach(game_map: Any, origin: tuple[int, int], reached: dict[tuple[int, int], int], turns: int,
                 note: str, as_json: bool) -> None:  # fmt: skip
    from .maps import cell_name, column_name

    if as_json:
        cells = {cell_name(*c): t for c, t in sorted(reached.items())}
        click.echo(json.dumps({"reachable": cells, "count": len(reached), "rules": note}, ensure_ascii=False))
        return
    click.echo("   " + "".join(f"{column_name(x):>2}" for x in range(game_map.width)))
    for y in range(game_map.height):
        row = []
        for x in range(game_map.width):
            if (x, y) == origin:
                row.append(" @")
            elif (x, y) in reached:
                row.append(f"{reached[(x, y)]:>2}")
            else:
                # A river cell shows as ~ before its terrain letter.
                row.append(("~" if (x, y) in game_map.rivers else " ") + game_map.letters[y][x].lower())
        click.echo(f"{y + 1:>3}" + "".join(row))
    click.echo(f"{len(reached)} cells reachable in {turns} turn{'s' if turns > 1 else ''}")
    click.echo(note)


@referee.command(
    epilog="""\b
Examples:
  printkit referee route examples/map.yaml --from C4 --to H9 --speed 2
"""
)
@click.argument("map_file", type=click.Path(dir_okay=False, path_type=Path))
@_mover_options
@click.option("--to", "goal", required=True, help="Where to go, like H9.")
@click.option("--json", "as_json", is_flag=True)
def route(map_file: Path, start: str, speed: int | None, config: Path | None, hero: str | None, horse: bool,
          flight: int, ship: int, load_days: int, strength: int, cross_free: bool, no_corner_cutting: bool,
          goal: str, as_json: bool) -> None:  # fmt: skip
    """«Стратегия»: the fastest route in turns, cell by cell."""
    from .maps import cell_name, load_map
    from .referee.movement import Switches
    from .referee.movement import route as do_route

    game_map, rules = load_map(map_file)
    mover, border = _mover(config, hero, speed, horse, flight, ship, load_days, strength, rules)
    switches = Switches(cross_needs_step=not cross_free, corner_cutting=not no_corner_cutting)
    legs = do_route(game_map, rules, mover, _cell(game_map, start), _cell(game_map, goal), 200, switches, border)
    if legs is None:
        if as_json:
            click.echo(json.dumps({"turns": None}))
        else:
            click.echo(f"{goal} cannot be reached from {start}")
        raise SystemExit(1)
    if as_json:
        click.echo(json.dumps({"turns": len(legs), "legs": [[cell_name(*c) for c in leg] for leg in legs]}))
        return
    for number, leg in enumerate(legs, start=1):
        click.echo(f"turn {number}: " + " → ".join(cell_name(*c) for c in leg))
    click.echo(f"{len(legs)} turn{'s' if len(legs) > 1 else ''}; {switches.describe()}")


@cli.group("map", cls=_Group)
def map_group() -> None:
    """Game maps as text grids.

    \b
    Example:
      printkit map check examples/map.yaml
    """


@map_group.command(
    "check",
    epilog="""\b
Examples:
  printkit map check examples/map.yaml
""",
)
@click.argument("map_file", type=click.Path(dir_okay=False, path_type=Path))
def map_check(map_file: Path) -> None:
    """Check a map against the rules: exit 0 (warnings allowed) or 1 with every violation.

    Corners may not be death zone, water or mountain; every corner must reach every other;
    every letter must be a terrain; object numbers are unique per terrain and kind, one object
    per cell; a map with water needs a town next to it (a port). Missing terrains are warnings.
    """
    from .errors import EXIT_CHECK_FAILED
    from .maps import check as do_check
    from .maps import load_map

    game_map, rules = load_map(map_file)
    findings = do_check(game_map, rules)
    for finding in findings:
        click.echo(str(finding))
    if any(not f.warning for f in findings):
        raise SystemExit(EXIT_CHECK_FAILED)
    click.echo("ok")


@map_group.command(
    "draw",
    epilog="""\b
Examples:
  printkit map draw examples/map.yaml
  printkit map draw examples/map.yaml --cell-mm 20 --paper letter --out kits/map
  printkit map draw examples/map.yaml --reach-from C4 --speed 2
""",
)
@click.argument("map_file", type=click.Path(dir_okay=False, path_type=Path))
@_out
@_paper
@_lang
@click.option("--cell-mm", type=click.FloatRange(5, 40), default=12.0, show_default=True, help="Size of a cell.")
@click.option("--reach-from", help="Overlay where a hero standing here can go (turn numbers).")
@click.option("--speed", type=click.IntRange(0, 99), default=0, show_default=True, help="With --reach-from.")
@click.option("--turns", type=click.IntRange(1, 20), default=1, show_default=True, help="With --reach-from.")
@_force
def map_draw(map_file: Path, out: Path | None, paper: str | None, lang: str | None, cell_mm: float,
             reach_from: str | None, speed: int, turns: int, force: bool) -> None:  # fmt: skip
    """Print map.pdf: terrain in colour with hatching that survives greyscale, coordinates on every
    side, towns as stars, resources as numbers, adventures as circled numbers; a map larger than
    the paper is tiled over several sheets with a one-cell overlap to glue."""
    from .maps import load_map
    from .output import KitWriter, default_folder
    from .referee.movement import Mover
    from .referee.movement import reach as do_reach
    from .sheets.map import write_map

    game_map, rules = load_map(map_file)
    overlay = origin = None
    if reach_from:
        origin = _cell(game_map, reach_from)
        border = 1 + speed // (rules.heroes.border_per_speed if rules.heroes else 4)
        overlay = do_reach(game_map, rules, Mover(speed=speed), origin, turns, border=border)
    folder = out or default_folder("map")
    with KitWriter(folder, force=force) as writer:
        sheets = write_map(game_map, rules, writer.path("map.pdf"), paper or "a4", lang or "ru", map_file.stem,
                           cell_mm, overlay, origin)  # fmt: skip
        writer.commit({"kinds": ["map"], "paper": paper or "a4", "sheets": sheets})
    click.echo(f"Map written to {_show_folder(folder)} ({sheets} sheet{'s' if sheets > 1 else ''})")


@map_group.command(
    "random",
    epilog="""\b
Examples:
  printkit map random > my-map.yaml
  printkit map random --size 30x20 --seed club-7
""",
)
@click.option("--size", default="20x15", show_default=True, help="WIDTHxHEIGHT in cells (8x6 to 100x100).")
@click.option("--seed", help="The same seed gives the same map.")
def map_random(size: str, seed: str | None) -> None:
    """Print a random «Стратегия» map (YAML) that passes `printkit map check`."""
    from .map_random import random_map, to_yaml
    from .rulesets import load_bundled

    try:
        width, height = (int(v) for v in size.lower().split("x"))
    except ValueError:
        raise click.UsageError(f"--size {size!r}: give it like 20x15") from None
    if not (8 <= width <= 100 and 6 <= height <= 100):
        raise click.UsageError("--size: from 8x6 to 100x100 cells")
    click.echo(to_yaml(random_map(load_bundled("strategiya"), width, height, seed), "strategiya"), nl=False)


@cli.group(cls=_Group)
def stratego() -> None:
    """Stratego setups: check, generate and convert them.

    \b
    Example:
      printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232
    """


_variant = click.option("--variant", type=click.Choice(["battle", "duel"]), default="battle", show_default=True)


def _stratego_data(variant: str) -> Any:
    from .rulesets import load_bundled

    data = load_bundled("stratego").stratego
    assert data is not None
    return data, data.variants[variant]


def _setup_text(value: str) -> str:
    """SETUP may be the string itself or a file holding it."""
    path = Path(value)
    if len(value) < 200 and path.suffix in (".txt", ".setup", ".yaml") and path.is_file():
        from .yamlsource import read_text

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
    from .errors import EXIT_CHECK_FAILED
    from .setup_advice import advice
    from .setups import SetupError, parse_setup40, problems, read_setup

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
    from .setup_advice import generate

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
    from .errors import EXIT_CHECK_FAILED
    from .setups import SetupError, read_setup, to_gravon

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


def _can_print(text: str) -> bool:
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def main(argv: list[str] | None = None) -> None:
    cli.main(args=argv, prog_name="printkit")
