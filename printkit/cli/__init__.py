"""The printkit command line: parse, call one library function, present. No rules live here."""

from __future__ import annotations

from collections.abc import Mapping

import click

from .. import __version__
from .base import Group

# Commands every game shares; a game's own commands come from its registry entry.
_COMMANDS = {
    "build": "printkit.cli.build:build",
    "secret-sheets": "printkit.cli.build:secret_sheets",
    "validate": "printkit.cli.build:validate",
    "calibrate": "printkit.cli.build:calibrate",
    "schema": "printkit.cli.build:schema",
    "map": "printkit.cli.maps:map_group",
    "cache": "printkit.cli.cache:cache_group",
}
_REFEREE = {
    "roll": "printkit.cli.dice:roll",
    "odds": "printkit.cli.dice:odds",
    "reach": "printkit.cli.moves:reach",
    "route": "printkit.cli.moves:route",
}


def _commands() -> Mapping[str, str]:
    from ..games import games

    return {**_COMMANDS, **{name: target for g in games() for name, target in g.commands.items()}}


def _referee_commands() -> Mapping[str, str]:
    from ..games import games

    return {**_REFEREE, **{name: target for g in games() for name, target in g.referee.items()}}


@click.group(cls=Group, lazy=_commands, context_settings={"help_option_names": ["-h", "--help"],
                                                          "max_content_width": 100})  # fmt: skip
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


@cli.group(cls=Group, lazy=_referee_commands)
def referee() -> None:
    """Answers for the referee at the table.

    \b
    Example:
      printkit referee lookup --key output/KIT/referee-key.json resources forest 3
    """


def main(argv: list[str] | None = None) -> None:
    """The printkit command."""
    cli.main(args=argv, prog_name="printkit")
