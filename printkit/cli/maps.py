"""Map commands: check a map against its game's rules, draw it, make a random one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..labels import Refused
from ..maps.moves import game_inputs
from .asking import parameter
from .base import FORCE, LANG, OUT, PAPER, Decimal, Group, Whole
from .present import said, show_folder


@click.group("map", cls=Group, speaks=True)
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
@LANG
def map_check(map_file: Path, lang: str | None) -> None:
    """Check a map against the rules: exit 0 (warnings allowed) or 1 with every violation.

    Corners may not be death zone, water or mountain, nor be cut off by them: every corner must
    reach every other over swamp, forest or plain;
    every letter must be a terrain; object numbers are unique per terrain and kind, one object
    per cell; a map with water needs a town next to it (a port). Missing terrains are warnings.
    """
    from ..errors import EXIT_CHECK_FAILED
    from ..labels import label
    from ..maps.grid import check as do_check
    from ..maps.grid import load_map
    from .present import language, wrap

    lang = language(lang)
    game_map, rules = load_map(map_file)
    findings = do_check(game_map, rules)
    for finding in findings:
        click.echo(wrap(finding.say(lang), "  "))
    if any(not f.warning for f in findings):
        raise SystemExit(EXIT_CHECK_FAILED)
    click.echo(label("mc_ok", lang))


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
@OUT
@PAPER
@LANG
@click.option("--cell-mm", type=Decimal(5, 40), help="Size of a cell (default: 9 to 12 mm, the fewest sheets).")
@click.option("--reach-from", help="Overlay where a mover standing here can go (turn numbers; options as reach's).")
@click.option("--turns", type=Whole(1, 20), default=1, show_default=True, help="With --reach-from.")
@FORCE
def map_draw(map_file: Path, out: Path | None, paper: str | None, lang: str | None, cell_mm: float | None,
             reach_from: str | None, turns: int, force: bool, **given: Any) -> None:  # fmt: skip
    """Print map.pdf: terrain in colour with hatching that survives greyscale, coordinates on every
    side, towns as stars, resources as numbers, adventures as circled numbers; a map larger than
    the paper is tiled over several sheets with a one-cell overlap to glue, turned landscape where
    that takes fewer sheets."""
    from ..maps.grid import load_map, parse_cell
    from ..maps.moves import cell_on, reach
    from ..maps.sheet import draw_map
    from ..output import KitWriter, default_folder

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
@click.option("--game", "ruleset", help="A bundled ruleset whose game makes random maps [default: the default game].")
@LANG
def map_random(size: str, seed: str | None, ruleset: str | None, lang: str | None) -> None:
    """Print a random map (YAML) that passes `printkit map check`, for a game that makes them (the
    default game does); the map is the same in either language (--lang only changes what a refusal
    says)."""
    from ..config.rulesets import bundled_ids, default_ruleset, load_bundled
    from ..game import Maps, game, resolve
    from .present import language, refuse, safe

    language(lang)
    rid = ruleset or default_ruleset()
    if rid not in bundled_ids():
        raise refuse("map_e_game", game=safe(rid[:40]), games=", ".join(bundled_ids()))
    rules = load_bundled(rid)
    make = (game(rules.family).maps or Maps()).random
    if make is None:
        raise refuse("map_e_no_random", game=game(rules.family).name)
    try:
        width, height = (int(v) for v in size.lower().split("x"))
    except ValueError:
        raise refuse("map_e_size", size=safe(size[:20])) from None
    if not (8 <= width <= 100 and 6 <= height <= 100):
        raise refuse("map_e_size_range")
    click.echo(resolve(make)(rules, width, height, seed), nl=False)


# --reach-from takes the movement inputs of every installed game, as `referee reach` does.
_at = next(i for i, p in enumerate(map_draw.params) if p.name == "force")
map_draw.params[_at:_at] = [parameter(i, f"{owner}: {i.help['en']}", defaults=False)
                            for owner, i in game_inputs().values()]  # fmt: skip
