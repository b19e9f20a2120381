"""The printkit command line: parse, call one library function, present. No rules live here."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

import click

from ..version import __version__
from .asking import command
from .base import LANG, Group, Target
from .session import BRIEF, CONFIG, EDITION, KEY

# Commands every game shares; a game's own commands come from its registry entry.
_COMMANDS = {
    "build": "printkit.cli.build:build_command",
    "validate": "printkit.cli.build:validate",
    "calibrate": "printkit.cli.build:calibrate",
    "schema": "printkit.cli.build:schema",
    "examples": "printkit.cli.examples:examples",
    "map": "printkit.cli.maps:map_group",
    "cache": "printkit.cli.cache:cache_group",
    "serve": "printkit.cli.serve:serve",
    "evening": "printkit.cli.evening:evening_group",
}
# The referee's own command beside its questions (printkit.referee lists those, shared and each game's).
_SHELL = {"shell": "printkit.cli.session:shell"}


def _commands() -> Mapping[str, Target]:
    from ..game import games
    from .asking import group
    from .build import shortcut

    own: dict[str, Target] = {}
    for g in games():
        for cut in g.shortcuts:
            own[_own(cut.name, g.family, _COMMANDS)] = functools.partial(shortcut, g.family, cut.name)
        for name in g.questions:
            if name != "referee":
                own[_own(name, g.family, _COMMANDS)] = functools.partial(group, name)
    return {**_COMMANDS, **own}


def _referee_commands() -> Mapping[str, Target]:
    from ..referee import entries

    return {**_SHELL, **{e.name: e.target for e in entries(reserved=tuple(_SHELL))}}


def _own(name: str, family: str, shared: Mapping[str, str]) -> str:
    """A game's command name, refused where it would hide a command every game shares."""
    from ..game import PluginError

    if name in shared:
        raise PluginError(f"game {family!r} names a command {name!r}, which printkit's own command is")
    return name


@click.group(cls=Group, lazy=_commands, make=command, context_settings={"help_option_names": ["-h", "--help"],
                                                                        "max_content_width": 100})  # fmt: skip
@click.version_option(__version__, prog_name="printkit")
def cli() -> None:
    """Print-ready PDF kits for tabletop games, and a referee calculator (its help: the labels' h_printkit)."""


@cli.group(cls=Group, lazy=_referee_commands, speaks=True, make=command, invoke_without_command=True)
@CONFIG
@KEY
@LANG
@EDITION
@BRIEF
@click.pass_context
def referee(ctx: click.Context, config: Path | None, keys: tuple[Path, ...], lang: str | None,
            edition: str | None, brief: bool) -> None:  # fmt: skip
    """Answers for the referee at the table; with no command, an evening's session (its help: h_referee)."""
    if ctx.invoked_subcommand is None:
        from .session import run

        run(ctx, config, keys, lang, edition, brief)
    elif config is not None or keys or edition or brief:
        from .session import defaults

        # Options given before the command: its defaults, as a session would give them.
        ctx.default_map = defaults(ctx.command, ctx, [ctx.invoked_subcommand], config, keys, edition, brief)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> None:
    """The printkit command."""
    cli.main(args=argv, prog_name="printkit")
