"""`printkit cache`: where the artefact cache is, how full, and emptying it."""

from __future__ import annotations

import click

from .base import Group


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:,.1f} MB"


@click.group("cache", cls=Group)
def cache_group() -> None:
    """The artefact cache: pages drawn once are reused by later builds with the same inputs.

    \b
    Examples:
      printkit cache info
      printkit cache clear
    """


@cache_group.command(epilog="\b\nExample:\n  printkit cache info")
def info() -> None:
    """Where the cache is, how many artefacts it holds and its size limit."""
    from ..cache import Store

    found = Store().info()
    click.echo(f"folder:  {found.folder}")
    click.echo(f"entries: {found.entries}")
    click.echo(f"size:    {_size(found.bytes)} of {_size(found.limit)} (PRINTKIT_CACHE_MAX_MB)")


@cache_group.command(epilog="\b\nExample:\n  printkit cache clear")
def clear() -> None:
    """Remove every cached artefact (the next build draws everything afresh)."""
    from ..cache import Store

    store = Store()
    freed = store.clear()
    click.echo(f"Cache cleared: {_size(freed)} freed in {store.root.parent}")
