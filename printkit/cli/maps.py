"""The map commands: draw a map to print; check it and make a random one (declared questions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..labels import Refused
from ..maps.moves import game_inputs
from .asking import command, parameter
from .base import FILE, FORCE, LANG, OUT, PAPER, Command, Decimal, Group, Target, Whole
from .present import said, show_folder

# The map questions are declared in the library (printkit.maps.questions); drawing writes a file.
_QUESTIONS: dict[str, Target] = {
    "check": "printkit.maps.questions:check",
    "random": "printkit.maps.questions:random_map",
    "draw": "printkit.cli.maps:map_draw_command",
}


@click.group("map", cls=Group, speaks=True, lazy=lambda: _QUESTIONS, make=command)
def map_group() -> None:
    """Game maps as text grids (its help: the labels' h_map)."""


@click.command("draw", cls=Command)
@click.argument("map_file", type=FILE)
@OUT
@PAPER
@LANG
@click.option("--cell-mm", type=Decimal(5, 40))
@click.option("--reach-from")
@click.option("--turns", type=Whole(1, 20), default=1, show_default=True)
@FORCE
def map_draw(map_file: Path, out: Path | None, paper: str | None, lang: str | None, cell_mm: float | None,
             reach_from: str | None, turns: int, force: bool, **given: Any) -> None:  # fmt: skip
    """Print map.pdf, tiled over several sheets where the map is larger than the paper."""
    from ..cells import parse_cell
    from ..config.mapfile import load_map
    from ..maps.moves import cell_on, reach
    from ..maps.sheet import draw_map
    from ..pipeline.naming import default_folder
    from ..pipeline.staging import KitWriter

    game_map, rules = load_map(map_file)
    overlay = origin = None
    if reach_from:
        try:
            origin = cell_on(game_map, reach_from)
            found = reach(map_file, reach_from, turns, **{k: v for k, v in given.items() if v not in (None, ())})
        except Refused as exc:
            raise click.UsageError(said(exc)) from None
        overlay = {origin: 0, **{parse_cell(c): t for c, t in found.reachable.items()}}
    folder = out or default_folder("map")
    with KitWriter(folder, force=force, unique=out is None) as writer:
        sheets = draw_map(game_map, rules, writer.path("map.pdf"), paper or "a4", lang or "ru", map_file.stem,
                          cell_mm, overlay, origin)  # fmt: skip
        writer.commit({"kinds": ["map"], "paper": paper or "a4", "sheets": sheets})
    from ..labels import label
    from .present import language

    click.echo(label("map_written", language(lang), folder=show_folder(writer.folder), n=sheets))


def map_draw_command() -> click.Command:
    """`map draw`, whose --reach-from takes the movement inputs of every installed game, as `referee
    reach` does (read from the games only when the command is used)."""
    at = next(i for i, p in enumerate(map_draw.params) if p.name == "force")
    inputs = game_inputs().values()
    own = [parameter(i, defaults=False) for _, i in inputs]
    helps = {i.name: {lang: f"{owner.named(lang)}: {text}" for lang, text in i.help.items()} for owner, i in inputs}
    return Command(map_draw.name, params=[*map_draw.params[:at], *own, *map_draw.params[at:]],
                   callback=map_draw.callback, helps=helps)  # fmt: skip
