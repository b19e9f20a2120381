"""Tab completion of values: terrains, troops, spells, map cells and hero markers.

Each function is a click `shell_complete` for one kind of value, used by bash, zsh and fish (see the
README) and by the referee's session prompt. They read only rulesets and the files named on the same
command line (YAML), so a completion answers as fast as a referee command starts; a file that cannot
be read completes nothing rather than failing.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
from click.shell_completion import CompletionItem

# Cells listed for an empty word on a map larger than this are only those holding something.
MANY_CELLS = 400


def _offer(incomplete: str, names: Iterable[str]) -> list[CompletionItem]:
    return [CompletionItem(n) for n in offer(incomplete, names)]


def offer(incomplete: str, names: Iterable[str]) -> list[str]:
    """The names that begin as the word typed so far (case and ё aside), each once, in order; names
    of two words are left to their ids (a shell would split them)."""
    from ..suggest import fold

    begun = fold(incomplete)
    return list(dict.fromkeys(n for n in names if n and " " not in n and fold(n).startswith(begun)))


class Given:
    """What a command line gave before the word being completed, by input name (None: not given)."""

    def __init__(self, ctx: click.Context) -> None:
        self.ctx = ctx

    def get(self, name: str) -> Any:
        value = _given(self.ctx, name)
        return self.ctx.lookup_default(name) if value is None else value


def given_values(ctx: click.Context) -> Given:
    """The values a completer may read (the files a command line named, an edition, ...)."""
    return Given(ctx)


# The words typed before the one completed, when the caller knows them (the session's prompt does).
typed: list[str] = []


def _given(ctx: click.Context, name: str) -> Any:
    """A parameter the command line gave before the word completed. click leaves ctx.params empty
    when the word completed is an option's value (--from C<Tab>), so the words are read again."""
    import os
    import shlex

    if ctx.params.get(name) is not None:
        return ctx.params[name]
    words = list(typed)
    if not words and "COMP_WORDS" in os.environ:  # bash, zsh and fish as click's scripts call printkit
        words = shlex.split(os.environ["COMP_WORDS"])
        at = os.environ.get("COMP_CWORD", "")
        words = words[: int(at)] if at.isdigit() else words[:-1] if words[-1:] == [at] else words
    own = words[words.index(ctx.info_name) + 1 :] if ctx.info_name in words else []
    if own and own[-1].startswith("-"):
        own = own[:-1]  # the option whose value is being completed
    again = ctx.command.make_context(ctx.info_name, own, parent=ctx.parent, resilient_parsing=True)
    return again.params.get(name)


def _vs(ctx: click.Context) -> Any:
    from ..config.rulesets import load_bundled
    from ..games.vs.model import vs_of

    edition = _given(ctx, "edition") or "vs-2025"
    return load_bundled(edition), vs_of(load_bundled(edition))


def _quietly(build: Any) -> Any:
    """A completer that completes nothing when a file it reads is missing or wrong."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        try:
            return list(build(ctx, incomplete))
        except Exception:  # a half-typed command line names half-written files: offer nothing
            return []

    return complete


@_quietly
def troops(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """«Великая Стратегическая» troops: ids first, then the Russian names."""
    _, vs = _vs(ctx)
    return _offer(incomplete, [t.id for t in vs.troops] + [t.name["ru"] for t in vs.troops])


@_quietly
def units(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """Troops, buildings and mines (a battle's sides, a prize's losses): ids, then Russian names."""
    _, vs = _vs(ctx)
    names = [t.id for t in vs.troops] + [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines]
    return _offer(incomplete, names + [t.name["ru"] for t in vs.troops] + [s.name["ru"] for s in vs.structures])


@_quietly
def buildings(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    _, vs = _vs(ctx)
    names = [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines]
    return _offer(incomplete, names + [s.name["ru"] for s in vs.structures])


@_quietly
def spells(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    _, vs = _vs(ctx)
    return _offer(incomplete, [s.id for s in vs.spells] + [s.name["ru"] for s in vs.spells])


@_quietly
def lands(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """The land terrains of a VS edition (hiring happens on land)."""
    rules, _ = _vs(ctx)
    land = [t for t in rules.terrains if not t.water]
    return _offer(incomplete, [t.id for t in land] + [t.name["ru"].lower() for t in land])


@_quietly
def terrains(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """«Стратегия» terrains and the two sections of a lookup, in either language."""
    from ..config.rulesets import load_bundled

    rules = load_bundled("strategiya")
    sections = ["resources", "adventures", "ресурсы", "приключения"]
    return _offer(
        incomplete, [t.id for t in rules.terrains] + [t.name["ru"].lower() for t in rules.terrains] + sections
    )


@_quietly
def cells(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """Cells of the map named on the command line: those holding a town, an object or a troop first,
    then (once a letter is typed, or on a small map) every cell that begins so."""
    from ..maps.grid import cell_name, load_map

    game_map, _ = load_map(Path(_given(ctx, "map_file")))
    marked = [cell_name(*c) for c in game_map.marked()]
    every: list[str] = []
    if incomplete or game_map.width * game_map.height <= MANY_CELLS:
        every = [cell_name(x, y) for y in range(game_map.height) for x in range(game_map.width)]
    return _offer(incomplete, marked + every)


@_quietly
def markers(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """The map markers of the heroes in the config on the command line (or the session's)."""
    from ..games.strategiya.heroes import marked_heroes
    from .base import load

    config = _given(ctx, "config") or ctx.lookup_default("config")
    return _offer(incomplete, marked_heroes(load(Path(config)))) if config else []
