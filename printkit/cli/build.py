"""Commands that print: build a kit (or a game's shortcut to part of it), validate a config, calibrate."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..labels import label
from .base import CONFIG_ARG, FILE, FOLDER, FORCE, LANG, OUT, PAPER, SEED, Command, Whole, load
from .present import show_folder

if TYPE_CHECKING:
    from ..model import Session


def _warn_seed(seed: str | None, lang: str) -> None:
    from ..randomness import weak_seed

    if weak_seed(seed):
        click.echo(label("kit_weak_seed", lang), err=True)


def _size(n: int, lang: str) -> str:
    if n < 1024:
        return label("size_b", lang, n=n)
    if n < 1024 * 1024:
        return label("size_kb", lang, n=f"{n / 1024:,.0f}")
    return label("size_mb", lang, n=f"{n / 1024 / 1024:,.1f}")


def _run_build(session: Session, out: Path | None, seed: str | None, force: bool, **kwargs: Any) -> None:
    """Build a kit; on a terminal, each step shows while it works (a spinner and its running time)
    and turns into a tick with its time when done, and the files are listed with their sizes."""
    from ..pipeline.kit import build_kit, kinds_for

    # Said in the kit's language (the config's, or --lang).
    lang = session.language
    _warn_seed(seed, lang)
    if not sys.stderr.isatty():
        result = build_kit(session, out, seed=seed, force=force, **kwargs)
        click.echo(label("kit_written", lang, folder=show_folder(result.folder)))
        return

    import time

    from rich.console import Console
    from rich.progress import Progress, ProgressColumn, SpinnerColumn, Task, TextColumn
    from rich.text import Text

    class Seconds(ProgressColumn):
        """A step's running time in tenths of a second, frozen when the step is done."""

        def render(self, task: Task) -> Text:
            elapsed = task.finished_time if task.finished else task.elapsed
            return Text(f"{elapsed or 0:5.1f} s", style="yellow")

    order = list(kwargs.get("only") or kinds_for(session))
    # The kit reports each step as it starts (done 0 of 1), ends (1 of 1) or comes from the artefact
    # cache (0 of 0); a builder may report its own steps in between. Steps may run side by side.
    columns = (SpinnerColumn(finished_text="[green]✓[/]"), TextColumn("{task.description:<16}"), Seconds(),
               TextColumn("[dim]{task.fields[count]}"))  # fmt: skip
    started = time.perf_counter()
    from .present import raw_stream

    # The bar's own control sequences go to the terminal itself, past the escaping stream.
    with Progress(*columns, console=Console(file=raw_stream(sys.stderr)), refresh_per_second=8) as bar:
        # One line per step in the kit's order, waiting until it starts.
        waiting = label("kit_step_waiting", lang)
        tasks = {step: bar.add_task(step, total=None, count=waiting, start=False) for step in order}
        ended: set[str] = set()

        def report(step: str, done: int, total: int) -> None:
            if step not in tasks or (done == 0 and step in ended):
                # A step drawn again (after a failure elsewhere) gets a line and a clock of its own.
                tasks[step] = bar.add_task(step, total=None, count="")
                ended.discard(step)
            bar.start_task(tasks[step])
            if total == 0:
                bar.update(tasks[step], completed=1, total=1, count=label("kit_step_cached", lang))
            else:
                count = f"{done}/{total}" if total > 1 and done < total else ""
                bar.update(tasks[step], completed=done, total=total if done >= total else None, count=count)
            if done >= total:
                ended.add(step)

        result = build_kit(session, out, seed=seed, force=force, progress=report, **kwargs)
    for path in result.files:
        click.echo(f"  {path.name:<34} {_size(path.stat().st_size, lang):>9}", err=True)
    seconds = f"{time.perf_counter() - started:.1f}"
    click.echo("  " + label("kit_files_in", lang, n=len(result.files), seconds=seconds), err=True)
    click.echo(label("kit_written", lang, folder=show_folder(result.folder)))


def _game_options() -> tuple[list[click.Parameter], dict[str, dict[str, str]]]:
    """Every installed game's build options, each once (two games may share one by its name), and
    their help in each language, the game's name first."""
    from ..game import games
    from .asking import parameter

    seen: dict[str, click.Parameter] = {}
    helps: dict[str, dict[str, str]] = {}
    for g in games():
        for option in g.build_options:
            if option.name not in seen:
                seen[option.name] = parameter(option, defaults=False)
                helps[option.name] = {lang: f"{g.named(lang)}: {text}" for lang, text in option.help.items()}
    return list(seen.values()), helps


def _own(session: Session, given: dict[str, Any]) -> dict[str, Any]:
    """The game options given on the command line, refused where the session's game has none such."""
    from ..game import game, games

    entry = game(session.ruleset.family)
    names = {o.name for o in entry.build_options}
    for name, value in given.items():
        if value not in (None, False) and name not in names:
            flag = next(o.flag for g in games() for o in g.build_options if o.name == name)
            said = label("kit_not_an_option", session.language, flag=flag, game=entry.named(session.language),
                         plays=session.ruleset.id)  # fmt: skip
            raise click.UsageError(said)
    return {name: value for name, value in given.items() if value not in (None, False)}


def build_command() -> click.Command:
    """`printkit build`, with the build options of every installed game (its help: the labels'
    h_build and ho_build_*, then each game's examples)."""
    from ..game import games

    own, helps = _game_options()

    @click.command("build", cls=Command, helps=helps, examples=[e for g in games() for e in g.examples])
    @CONFIG_ARG
    @OUT
    @SEED
    @click.option("--only", metavar="KIND,...", multiple=True)
    @PAPER
    @LANG
    @click.option("--imposition", type=click.Choice(["saddle"]), default="saddle")
    @click.option("--greyscale", is_flag=True)
    @click.option("--png", "png", type=FOLDER)
    @click.option("--print-shop", is_flag=True)
    @click.option("--cutter", type=click.Choice(["silhouette"]))
    @click.option("--no-cache", is_flag=True)
    @click.option("--jobs", type=Whole(1, 64))
    @FORCE
    def build(
        config: Path | None,
        out: Path | None,
        seed: str | None,
        only: tuple[str, ...],
        paper: str | None,
        lang: str | None,
        imposition: str | None,
        greyscale: bool,
        png: Path | None,
        print_shop: bool,
        cutter: str | None,
        no_cache: bool,
        jobs: int | None,
        force: bool,
        **game_options: Any,
    ) -> None:
        """Build every printable of a game into one kit folder."""
        from ..pipeline.kit import Options

        # `--only booklet --only quickref` is `--only booklet,quickref`: a repeated option adds, never replaces.
        kinds = [k.strip() for part in only for k in part.split(",") if k.strip()] or None
        session = load(config, lang, paper)
        options = Options(imposition=imposition, greyscale=greyscale, png=png, print_shop=print_shop, cutter=cutter,
                          game=_own(session, game_options))  # fmt: skip
        _run_build(session, out, seed, force, only=kinds, options=options, cache=not no_cache, jobs=jobs)

    at = next(i for i, p in enumerate(build.params) if p.name == "no_cache")
    taken = {opt for p in build.params for opt in p.opts}
    for option in own:
        clash = taken & set(option.opts)
        if clash:
            from ..game import PluginError

            raise PluginError(f"a game's build option {sorted(clash)[0]} is one of printkit's own")
    build.params[at:at] = own
    return build


def shortcut(family: str, name: str) -> click.Command:
    """A game's shortcut command: some of its artefacts, with some of its build options."""
    from ..game import game
    from .asking import parameter

    entry = game(family)
    cut = next(s for s in entry.shortcuts if s.name == name)

    def run(config: Path | None, seed: str | None, out: Path | None, paper: str | None, lang: str | None,
            force: bool, **given: Any) -> None:  # fmt: skip
        from ..pipeline.kit import Options

        session = load(config, lang, paper)
        if session.ruleset.family != family:
            said = label("kit_other_game", session.language, name=name, game=entry.named(session.language),
                         plays=session.ruleset.id)  # fmt: skip
            raise click.UsageError(said)
        options = Options(game={k: v for k, v in given.items() if v not in (None, False)})
        _run_build(session, out, seed, force, only=list(cut.kinds), options=options)

    # Its help: the game's labels h_<name> and h_<name>_ex; its game options' help is declared.
    helps = {o: dict(entry.build_option(o).help) for o in cut.options}
    made = Command(name, callback=run, helps=helps)
    for decorate in (CONFIG_ARG, SEED, OUT, PAPER, LANG, FORCE):
        decorate(made)
    made.params[1:1] = [parameter(entry.build_option(o), defaults=False) for o in cut.options]
    return made


@click.command(cls=Command)
@click.argument("config", type=FILE)
@click.option("--no-cache", is_flag=True)
def validate(config: Path, no_cache: bool) -> None:
    """Check a session config: ok, or every problem with its line (exit 3)."""
    from ..config.session import load_session
    from ..errors import ConfigError
    from ..pipeline.kit import check_kit
    from .present import heard

    # The warnings are said as the session is read: in --lang where one is given.
    session = load_session(config, heard()) if heard() else load(config)
    for warning in session.warnings:
        click.echo(warning, err=True)
    # The config's content against every page it prints, in both papers and languages.
    problems = check_kit(session, cache=not no_cache)
    if problems:
        raise ConfigError(problems)
    # What `map check` finds in the config's map, said here too as warnings: the kit prints such a
    # map, but the game's rules for drawing one (a corner cut off, say) are the table's to weigh.
    if session.game_map is not None:
        from ..maps.findings import check as check_map

        lang = session.language
        for found in check_map(session.game_map, session.ruleset):
            if not found.warning:
                said = label("mc_warning", lang, text=found.say(lang))
                click.echo(label("vd_map_rule", lang, file=session.label, finding=said), err=True)
    click.echo("ok")


@click.command(cls=Command)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True)
@LANG
@OUT
@FORCE
def calibrate(paper: str, flip: str, lang: str | None, out: Path | None, force: bool) -> None:
    """Print a duplex test sheet to measure a printer's back-side offset."""
    from ..pipeline.naming import default_folder
    from ..pipeline.staging import KitWriter
    from ..sheets.calibrate import write_calibration

    folder = out or default_folder("calibrate")
    with KitWriter(folder, force=force, unique=out is None) as writer:
        write_calibration(writer.path("calibration.pdf"), paper, lang or "ru", flip)
        writer.commit({"kinds": ["calibrate"], "paper": paper})
    click.echo(label("kit_calibration_written", lang or "ru", folder=show_folder(writer.folder)))


@click.command(cls=Command)
@click.argument("kind", type=click.Choice(["config", "ruleset"]))
def schema(kind: str) -> None:
    """Print the JSON Schema of session configs or of ruleset files."""
    import json

    from ..config.jsonschema import config_schema, ruleset_schema

    click.echo(json.dumps(config_schema() if kind == "config" else ruleset_schema(), ensure_ascii=False, indent=1))
