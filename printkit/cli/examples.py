"""`printkit examples`: every installed game's example files, written into a folder to follow the tour."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import PrintkitError
from ..labels import label
from .base import FOLDER, FORCE, LANG, Command, Failure
from .present import language, show_folder


class _Spoken(Command):
    """A command that says everything in the asked language (Russian by default), click's refusals too."""

    speaks = True


@click.command("examples", cls=_Spoken)
@click.argument("folder", required=False, type=FOLDER)
@FORCE
@LANG
def examples(folder: Path | None, force: bool, lang: str | None) -> None:
    """Write every installed game's example files into a folder (its help: the labels' h_examples)."""
    from ..examples import FOLDER as DEFAULT
    from ..examples import write

    lang = language(lang)
    where = folder if folder is not None else Path(DEFAULT)
    shown = show_folder(where)
    try:
        written = write(where, force=force)
    except PrintkitError as error:  # one line naming the file, in the asked language
        raise Failure(error, speaks=True, fit=False) from None
    for done in written:
        click.echo(label(f"ex_{done.status}", lang, file=shown + done.path.name))
    click.echo(label("ex_done", lang, folder=shown))
