"""Tab completion of values: pieces, map cells and circles.

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


def _quietly(build: Any) -> Any:
    """A completer that completes nothing when a file it reads is missing or wrong."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        try:
            return list(build(ctx, incomplete))
        except Exception:  # a half-typed command line names half-written files: offer nothing
            return []

    return complete


@_quietly
@_quietly
def pieces(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """Stratego ranks: symbols, then names in either language."""
    from ..config.rulesets import load_bundled
    from ..games.stratego.model import stratego_of

    ranks = stratego_of(load_bundled("stratego")).ranks
    names = [r.symbol for r in ranks] + [r.name["en"].lower() for r in ranks] + [r.name["ru"].lower() for r in ranks]
    return _offer(incomplete, names)


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
def squares(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """The cells of a Stratego position that hold a piece."""
    from ..config.rulesets import load_bundled
    from ..games.stratego.model import stratego_of
    from ..games.stratego.moves import read_position

    data = stratego_of(load_bundled("stratego"))
    variant = data.variants[_given(ctx, "variant") or "battle"]
    position = read_position(Path(_given(ctx, "position_file")), data, variant)
    return _offer(incomplete, sorted(position.pieces))


@_quietly
def circles(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """The circles of a Tannhäuser path graph."""
    from ..games.tannhauser.paths import load_graph

    return _offer(incomplete, load_graph(Path(_given(ctx, "graph_file"))).cost)
