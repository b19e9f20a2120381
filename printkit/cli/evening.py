"""`printkit evening`: start an evening's file, show it, record events, undo, export and import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..questions import File, Input, as_json, text_lines
from .asking import from_question
from .base import FILE, LANG, Command, Group

JSON = click.option("--json", "as_json", is_flag=True)
EXPORT_BYTES = 256 * 1024 * 1024  # the largest journal `import` reads


def _say(answer: Any, lang: str, in_json: bool) -> None:
    from .present import echo_json

    if in_json:
        echo_json(as_json(answer, lang))
        return
    for line in text_lines(answer, lang):
        click.echo(line)


def _lang(lang: str | None, path: Path | None) -> str:
    """--lang, else the language of the evening's config (read from the file only for this)."""
    from .present import heard, language

    lang = lang or heard()
    return language(lang, _config_language(path) if path is not None and lang is None else None)


def _config_language(path: Path) -> str | None:
    from ..evening.store import EveningRefused, meta, reading

    try:
        with reading(path) as db:
            return _language_of(meta(db).get("config", ""))
    except EveningRefused:
        return None  # what is wrong with the file is said by the command itself


def _language_of(config_text: str) -> str | None:
    for line in config_text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "language" and not line.startswith((" ", "\t")):
            word = value.split("#")[0].strip().strip("'\"")
            return word if word in ("ru", "en") else None
    return None


@click.group("evening", cls=Group, speaks=True)
def evening_group() -> None:
    """An evening's game state in one file (its help: the labels' h_evening)."""


@evening_group.command("start", cls=Command)
@click.argument("config", type=FILE)
@click.option("--file", "file", type=FILE)
@LANG
@JSON
def start(config: Path, file: Path | None, lang: str | None, as_json: bool) -> None:
    """A new evening from a config (h_evening_start)."""
    from ..evening import start as begin
    from .present import heard, language

    started = begin(config, file)
    _say(started, language(lang or heard(), started.opened.session.language), as_json)


@evening_group.command("show", cls=Command)
@click.argument("path", type=FILE)
@LANG
@JSON
def show(path: Path, lang: str | None, as_json: bool) -> None:
    """Where the evening stands (h_evening_show)."""
    from ..evening import read
    from .present import heard, language

    opened = read(path)
    _say(opened, language(lang or heard(), opened.session.language), as_json)


@evening_group.command("undo", cls=Command)
@click.argument("path", type=FILE)
@LANG
@JSON
def undo(path: Path, lang: str | None, as_json: bool) -> None:
    """Take back the newest event (h_evening_undo)."""
    from ..evening import undo as take_back

    said_in = _lang(lang, path)
    _say(take_back(path), said_in, as_json)


@evening_group.command("export", cls=Command)
@click.argument("path", type=FILE)
@click.option("--out", "out", type=FILE)
def export(path: Path, out: Path | None) -> None:
    """The journal as JSON (h_evening_export)."""
    from ..evening import export as journal
    from ..evening.store import EveningUnwritable

    text = json.dumps(journal(path), ensure_ascii=False, indent=1) + "\n"
    if out is None:
        click.echo(text, nl=False)
        return
    if out.exists():
        raise EveningUnwritable("ev_exists", file=str(out))
    draft = out.with_name(f".{out.name}.draft")
    try:
        draft.write_text(text, encoding="utf-8")
        draft.replace(out)
    except OSError as exc:
        draft.unlink(missing_ok=True)
        raise EveningUnwritable("ev_cannot_write", file=str(out), why=exc.strerror or str(exc)) from None


@evening_group.command("import", cls=Command)
@click.argument("journal", type=FILE)
@click.option("--file", "file", type=FILE, required=True)
@LANG
@JSON
def import_command(journal: Path, file: Path, lang: str | None, as_json: bool) -> None:
    """A new evening from an exported journal (h_evening_import)."""
    from ..config.userfile import read_bytes
    from ..evening import import_journal
    from ..evening.store import EveningRefused

    try:
        data = json.loads(read_bytes(journal, str(journal), EXPORT_BYTES))
    except (ValueError, UnicodeDecodeError):
        raise EveningRefused("ev_not_export", file=str(journal)) from None
    opened = import_journal(data, file, str(journal))
    _say(opened, _lang(lang, file), as_json)


@evening_group.command("print", cls=Command)
@click.argument("path", type=FILE)
@click.option("--out", "out", type=FILE, required=True)
@click.option("--force", is_flag=True)
@click.option("--paper", type=click.Choice(["a4", "letter"]))
@LANG
@JSON
def print_command(path: Path, out: Path, force: bool, paper: str | None, lang: str | None, as_json: bool) -> None:
    """The evening's pages as it stands (h_evening_print)."""
    from ..evening.paper import print_evening

    said_in = _lang(lang, path)
    _say(print_evening(path, out, force, paper, said_in), said_in, as_json)


# The evening file every record command takes first.
EVENING = Input("evening", File(suffixes=(".sqlite",)), {"ru": "Файл вечера.", "en": "The evening's file."},
                required=True, metavar="EVENING")  # fmt: skip


class Recording(Group):
    """`evening record KIND EVENING ...`: a command for each kind of event of the installed games,
    derived from its declaration as a referee question's is (a kind the evening's game lacks is
    refused by the file)."""

    def _kinds(self) -> dict[str, Any]:
        from ..evening.recording import kinds_of, table_of
        from ..game import games

        found: dict[str, Any] = {}
        for g in games():
            found |= kinds_of(table_of(g.family))
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self._kinds())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        kind = self._kinds().get(cmd_name)
        if kind is None:
            return None

        def recorded(evening: Path, **values: Any) -> Any:
            from ..evening import record

            return record(evening, kind.name, values)

        def voice(values: Any) -> str | None:
            path = values.get("evening")
            return _config_language(path) if isinstance(path, Path) else None

        return from_question(kind.question(recorded, (EVENING,), voice), cmd_name)


@evening_group.group("record", cls=Recording, speaks=True)
def record_group() -> None:
    """Record one event (h_evening_record)."""
