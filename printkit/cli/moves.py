"""Movement on a map for the referee: every cell within reach, and the fastest route."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..errors import PrintkitError
from . import complete
from .base import LANG, Whole
from .present import WIDTH, refuse, safe, said, wrap


def _mover_options(f: Any) -> Any:
    for option in reversed([
        click.option("--from", "start", required=True, help="The hero's cell, like C4.", shell_complete=complete.cells),
        click.option("--speed", type=Whole(0, 99), help="The hero's speed (or use --config and --hero)."),
        click.option("--config", type=click.Path(dir_okay=False, path_type=Path), help="A config with the hero."),
        click.option("--hero", help="The hero's map marker in that config, like А or 1.",
                     shell_complete=complete.markers),
        click.option("--horse", is_flag=True, help="Riding: +1 cell everywhere but mountains."),
        click.option("--flight", type=Whole(0, 20), default=0, help="Flying cells a turn (griffin 4)."),
        click.option("--ship", type=Whole(0, 20), default=0,
                     help="A ship's cells a turn (its builders' intellect; +1 downstream, -1 upstream)."),
        click.option("--load-days", type=Whole(0, 999), default=0,
                     help="Days of mining carried: one cell less per 10 days, one back per 4 strength."),
        click.option("--strength", type=Whole(0, 99), default=0, help="With --load-days and --speed."),
        click.option("--cross-free", is_flag=True, help="Switch: a border may be crossed with no step left."),
        click.option("--no-corner-cutting", is_flag=True, help="Switch: no diagonal step between two waters."),
    ]):  # fmt: skip
        f = option(f)
    return f


def _vs_options(f: Any) -> Any:
    """«Великая Стратегическая»: who moves, under which spells, and the readings to switch."""
    for option in reversed([
        click.option("--troop", help="VS map: the troop, like elves or Эльфы.", shell_complete=complete.troops),
        click.option("--laden", is_flag=True, help="VS 2025: the ship carries a troop (a quarter slower)."),
        click.option("--player", help="VS: whose troop moves (the map's troops and buildings have owners)."),
        click.option("--allow", "allow", multiple=True, help="VS: a player who lets it pass (repeat)."),
        click.option("--fair-wind", is_flag=True, help="VS: the fair wind spell on a ship or transport."),
        click.option("--water", is_flag=True, help="VS: the water of tirelessness (5 cells on land)."),
        click.option("--transport", is_flag=True, help="VS 2003: the troop is afloat on its transport."),
        click.option("--ghost-table", is_flag=True, help="VS reading: the ghost ship sails as its table row says."),
        click.option("--ships-cross", is_flag=True, help="VS reading: ships pass between coastal and open sea."),
    ]):  # fmt: skip
        f = option(f)
    return f


def _request(game_map: Any, start: str, turns: int, options: dict[str, Any], lang: str) -> Any:
    from ..maps.moves import MoveRequest

    names = ("fair_wind", "water", "transport", "ghost_table", "ships_cross")
    switches = frozenset(k.replace("_", "-") for k in names if options.get(k))
    o = options
    return MoveRequest(cell_on(game_map, start), turns, o["speed"], o["config"], o["hero"], o["horse"], o["flight"],
                       o["ship"], o["load_days"], o["strength"], o["cross_free"], o["no_corner_cutting"],
                       o.get("troop"), o.get("laden", False), o.get("player"), tuple(o.get("allow") or ()), switches,
                       lang)  # fmt: skip


def cell_on(game_map: Any, text: str) -> tuple[int, int]:
    from ..maps.grid import parse_cell

    try:
        x, y = parse_cell(text)
    except ValueError as exc:
        raise click.UsageError(said(exc)) from None
    if not game_map.inside(x, y):
        raise refuse("mc_outside", cell=safe(text), w=game_map.width, h=game_map.height)
    return x, y


@click.command(
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
@_vs_options
@click.option("--turns", type=Whole(1, 50), default=1, show_default=True)
@LANG
@click.option("--json", "as_json", is_flag=True)
def reach(map_file: Path, start: str, turns: int, lang: str | None, as_json: bool, **options: Any) -> None:
    """Every cell a hero (or a VS troop) reaches in one turn (or in --turns K), drawn as a map.

    «Стратегия»: cells per turn come from the terrain (plus speed), the border rule ends a move
    one cell into a new terrain (one more per 4 speed), the death zone allows 1 cell (more from
    the potential tiers), water needs a ship or flight, bridges carry walkers over water.

    «Великая Стратегическая» (a map with `game: vs-2025` or `vs-2003`): cells per turn from the
    edition's troop table for the terrain the troop starts on; the move ends on another terrain,
    on a river (2003: stepping onto a river), next to another player's troop (2025); mages and
    magical troops ignore terrain and rivers; ships sail coast, sea and rivers; troops and
    buildings listed in the map file block or stop the move. The answer prints its readings.
    """
    from ..maps.grid import load_map
    from ..maps.moves import reach as do_reach
    from .present import language

    words = language(lang)
    game_map, rules = load_map(map_file)
    request = _request(game_map, start, turns, options, words)
    try:
        found = do_reach(game_map, rules, request)
    except PrintkitError as exc:
        raise click.UsageError(said(exc)) from None
    _print_reach(game_map, request.start, found.cells, turns, found.note, as_json, words)


def _print_reach(game_map: Any, origin: tuple[int, int], reached: dict[tuple[int, int], int], turns: int,
                 note: str, as_json: bool, lang: str) -> None:  # fmt: skip
    """The map with the turn that reaches each cell; wider maps show the columns around the start."""
    from ..labels import label
    from ..maps.grid import cell_name, column_name

    if as_json:
        cells = {cell_name(*c): t for c, t in sorted(reached.items())}
        click.echo(json.dumps({"reachable": cells, "count": len(reached), "rules": note}, ensure_ascii=False))
        return
    # Two characters a cell while names and turn numbers fit in one or two; three from column AA
    # or turn 10 on, so neighbours never run together.
    widest = max([len(column_name(game_map.width - 1)), *(len(str(t)) for t in reached.values())])
    cell_w = 2 if widest < 2 else 3
    margin = len(str(game_map.height)) + 1
    shown = max(1, (WIDTH - margin) // cell_w)
    left = 0
    if game_map.width > shown:
        left = min(max(0, origin[0] - shown // 2), game_map.width - shown)
    columns = range(left, min(game_map.width, left + shown))
    click.echo(" " * margin + "".join(f"{column_name(x):>{cell_w}}" for x in columns))
    for y in range(game_map.height):
        row = []
        for x in columns:
            if (x, y) == origin:
                row.append("@".rjust(cell_w))
            elif (x, y) in reached:
                row.append(f"{reached[(x, y)]:>{cell_w}}")
            else:
                # A river cell shows as ~ before its terrain letter.
                mark = "~" if (x, y) in game_map.rivers else " "
                row.append((mark + game_map.letters[y][x].lower()).rjust(cell_w))
        click.echo(f"{y + 1:>{margin}}" + "".join(row))
    if len(columns) < game_map.width:
        first, last = column_name(columns[0]), column_name(columns[-1])
        click.echo(wrap(label("map_excerpt", lang, first=first, last=last, cell=cell_name(*origin)), "  "))
    click.echo(label("map_reached", lang, n=len(reached), turns=turns))
    click.echo(wrap(note, "  "))


@click.command(
    epilog="""\b
Examples:
  printkit referee route examples/map.yaml --from C4 --to H9 --speed 2
"""
)
@click.argument("map_file", type=click.Path(dir_okay=False, path_type=Path))
@_mover_options
@_vs_options
@click.option("--to", "goal", required=True, help="Where to go, like H9.", shell_complete=complete.cells)
@LANG
@click.option("--json", "as_json", is_flag=True)
def route(map_file: Path, start: str, goal: str, lang: str | None, as_json: bool, **options: Any) -> None:
    """The fastest route in turns, cell by cell («Стратегия» maps; VS maps with --troop)."""
    from ..labels import label
    from ..maps.grid import cell_name, load_map
    from ..maps.moves import route as do_route
    from .present import arrow, language, wrap

    words = language(lang)
    game_map, rules = load_map(map_file)
    request = _request(game_map, start, 1, options, words)
    try:
        found = do_route(game_map, rules, request, cell_on(game_map, goal))
    except PrintkitError as exc:
        raise click.UsageError(said(exc)) from None
    legs = found.legs
    if legs is None:
        if as_json:
            click.echo(json.dumps({"turns": None}))
        else:
            click.echo(label("map_unreachable", words, goal=safe(goal), start=safe(start)))
        raise SystemExit(1)
    if as_json:
        click.echo(json.dumps({"turns": len(legs), "legs": [[cell_name(*c) for c in leg] for leg in legs],
                               "rules": found.note}, ensure_ascii=False))  # fmt: skip
        return
    for number, leg in enumerate(legs, start=1):
        cells = f" {arrow()} ".join(cell_name(*c) for c in leg)
        click.echo(wrap(label("map_route_turn", words, n=number, cells=cells), "  "))
    click.echo(label("map_route_total", words, n=len(legs)))
    click.echo(wrap(found.note, "  "))
