"""Tab completion for declared inputs: what a command line gave so far, and the words that fit."""

# A question's input names its completer (a library function of the values given and the word
# begun); the shells (bash, zsh, fish through click) and the referee's session prompt both call it
# through here. A completer reads only rulesets and the files named on the same command line, so it
# answers as fast as a referee command starts; one that fails offers nothing.

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import click


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
