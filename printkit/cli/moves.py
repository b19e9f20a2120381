"""Movement on a map for the referee: every cell within reach, and the fastest route."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .base import LANG
from .present import WIDTH, language, safe, wrap


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


def cell_on(game_map: Any, text: str) -> tuple[int, int]:
    from ..maps.grid import parse_cell

    try:
        x, y = parse_cell(text)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    if not game_map.inside(x, y):
        raise click.UsageError(f"{text} is outside the {game_map.width}×{game_map.height} map")
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
@click.option("--troop", help="«Великая Стратегическая» map: the troop, like elves or Эльфы.")
@click.option("--laden", is_flag=True, help="VS: the ship carries a troop (a quarter slower).")
@click.option("--turns", type=click.IntRange(1, 50), default=1, show_default=True)
@LANG
@click.option("--json", "as_json", is_flag=True)
def reach(map_file: Path, start: str, speed: int | None, config: Path | None, hero: str | None, horse: bool,
          flight: int, ship: int, load_days: int, strength: int, cross_free: bool, no_corner_cutting: bool,
          troop: str | None, laden: bool, turns: int, lang: str | None, as_json: bool) -> None:  # fmt: skip
    """Every cell a hero (or a VS troop) reaches in one turn (or in --turns K), drawn as a map.

    «Стратегия»: cells per turn come from the terrain (plus speed), the border rule ends a move
    one cell into a new terrain (one more per 4 speed), the death zone allows 1 cell (more from
    the potential tiers), water needs a ship or flight, bridges carry walkers over water.

    «Великая Стратегическая» (a map with `game: vs-2025` or `vs-2003`): cells per turn from the
    edition's troop table for the terrain the troop starts on; entering another terrain or a
    river cell ends the move; mages and magical troops ignore both; ships sail coast, sea and
    rivers. Other troops on the map are not known here.
    """
    from ..maps.grid import load_map
    from ..maps.moves import MoveRequest
    from ..maps.moves import reach as do_reach

    game_map, rules = load_map(map_file)
    lang = language(lang)
    request = MoveRequest(cell_on(game_map, start), turns, speed, config, hero, horse, flight, ship, load_days,
                          strength, cross_free, no_corner_cutting, troop, laden, lang)  # fmt: skip
    found = do_reach(game_map, rules, request)
    _print_reach(game_map, request.start, found.cells, turns, found.note, as_json, lang)


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
@click.option("--to", "goal", required=True, help="Where to go, like H9.")
@LANG
@click.option("--json", "as_json", is_flag=True)
def route(map_file: Path, start: str, speed: int | None, config: Path | None, hero: str | None, horse: bool,
          flight: int, ship: int, load_days: int, strength: int, cross_free: bool, no_corner_cutting: bool,
          goal: str, lang: str | None, as_json: bool) -> None:  # fmt: skip
    """The fastest route in turns, cell by cell («Стратегия» maps)."""
    from ..labels import label
    from ..maps.grid import cell_name, load_map
    from ..maps.moves import MoveRequest
    from ..maps.moves import route as do_route

    game_map, rules = load_map(map_file)
    lang = language(lang)
    request = MoveRequest(cell_on(game_map, start), 1, speed, config, hero, horse, flight, ship, load_days,
                          strength, cross_free, no_corner_cutting, lang=lang)  # fmt: skip
    found = do_route(game_map, rules, request, cell_on(game_map, goal))
    legs = found.legs
    if legs is None:
        if as_json:
            click.echo(json.dumps({"turns": None}))
        else:
            click.echo(label("map_unreachable", lang, goal=safe(goal), start=safe(start)))
        raise SystemExit(1)
    if as_json:
        click.echo(json.dumps({"turns": len(legs), "legs": [[cell_name(*c) for c in leg] for leg in legs]}))
        return
    for number, leg in enumerate(legs, start=1):
        click.echo(wrap(label("map_route_turn", lang, n=number, cells=" → ".join(cell_name(*c) for c in leg)), "  "))
    click.echo(label("map_route_total", lang, n=len(legs)))
    click.echo(wrap(found.note, "  "))
