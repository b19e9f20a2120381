"""`printkit cache`: where the artefact cache is, how full, and emptying it."""

from __future__ import annotations

import click

from .base import Command, Group


def _size(n: int, lang: str) -> str:
    from ..labels import label

    return label("size_mb", lang, n=f"{n / 1024 / 1024:,.1f}")


@click.group("cache", cls=Group)
def cache_group() -> None:
    """The artefact cache (its help, and its commands': the labels' h_cache...)."""


@cache_group.command(cls=Command)
def info() -> None:
    """Where the cache is, how many artefacts it holds and its size limit."""
    from ..labels import label
    from ..pipeline.cache import Store
    from .present import voice

    found, lang = Store().info(), voice()
    click.echo(label("cache_folder", lang, folder=found.folder))
    click.echo(label("cache_entries", lang, n=found.entries))
    click.echo(label("cache_size", lang, size=_size(found.bytes, lang), limit=_size(found.limit, lang)))


@cache_group.command(cls=Command)
def clear() -> None:
    """Remove every cached artefact (the next build draws everything afresh)."""
    from ..labels import label
    from ..pipeline.cache import Store
    from .present import voice

    store = Store()
    freed = store.clear()
    lang = voice()
    click.echo(label("cache_cleared", lang, size=_size(freed, lang), folder=store.root.parent))
