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
