"""The referee's evening: one prompt for every question, with the game's config and key given once."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import click

from .base import FILE, LANG, Read

# Words that end a session or ask for the list of commands, as either language types them.
QUIT = {"exit", "quit", "q", "выход", "конец"}
HELP = {"help", "?", "помощь", "справка"}
# The longest line a session reads, in characters: a question with every option spelled out takes a
# few hundred, and a terminal's own line editing stops at 4,095. A longer line is refused unread, so
# a pasted file costs the session nothing.
LINE_LIMIT = 4096
_OPEN = [False]  # whether a session is running: a line never opens another one inside it

CONFIG = click.option(
    "--config",
    type=FILE,
    help="The game's session config, for every question that reads one; its language answers.",
)
KEY = click.option(
    "--key",
    "keys",
    multiple=True,
    envvar="PRINTKIT_KEY",
    type=FILE,
    help="A referee key, for every question that reads one (repeat to join several) [default: $PRINTKIT_KEY].",
)


class Ruleset(click.ParamType):  # type: ignore[type-arg]
    """A bundled ruleset of an installed game, checked when given: the games are found only then, so
    naming the choices costs a command nothing it does not use. The year alone names an edition too."""

    name = "ruleset"

    def _choice(self) -> Read:
        from ..game import bundled, edition_aliases
        from ..questions import Choice

        return Read(Choice(tuple(bundled()), aliases=edition_aliases(bundled())))

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        return self._choice().get_metavar(param, ctx)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return self._choice().convert(value, param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        return self._choice().shell_complete(ctx, param, incomplete)


EDITION = click.option(
    "--edition",
    type=Ruleset(),
    help="The edition (ruleset) for every question that takes --edition [the config's].",
)


def defaults(group: click.Group, ctx: click.Context, names: list[str], config: Path | None,
             keys: tuple[Path, ...], edition: str | None) -> dict[str, dict[str, Any]]:  # fmt: skip
    """What each command takes from the session unless a question says otherwise (click's default_map):
    the config, the key and the edition, each only where the command has such an option."""
    if config is not None and edition is None:
        from .base import load

        edition = load(config).ruleset.id  # given only to a command whose --edition offers it
    given: dict[str, Any] = {"config": config, "keys": keys or None, "edition": edition}
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        command = group.get_command(ctx, name)
        params = {p.name: p for p in command.params} if command else {}
        own = {}
        for key, value in given.items():
            param = params.get(key)
            if param is not None and value is not None and _takes(param, value):
                own[key] = value
        out[name] = own
    return out


def _takes(param: click.Parameter, value: Any) -> bool:
    """Whether a command's parameter takes a value (an edition its --edition offers, say)."""
    if not isinstance(value, str):
        return True
    try:
        param.type.convert(value, param, None)
    except click.BadParameter:
        return False
    return True


def run(ctx: click.Context, config: Path | None, keys: tuple[Path, ...], lang: str | None, edition: str | None) -> None:
    """Read questions line by line until the end of input (or exit) and answer each as its command
    would: from a terminal with a prompt, history and Tab completion; from a pipe, quietly."""
    from ..labels import label
    from .base import load, remembering
    from .present import language, speak_for_session

    if _OPEN[0]:  # a line of options only (`--lang en`) would open a session inside this one
        raise Nested()
    group = ctx.command
    assert isinstance(group, click.Group)
    session = load(config) if config is not None else None  # read once; refused here if it has problems
    voice = language(lang, session.language if session else None)
    names = [n for n in group.list_commands(ctx) if n != "shell"]
    table = defaults(group, ctx, names, config, keys, edition)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    speak_for_session(voice)
    remembering(True)
    history = _readline(group, table) if interactive else None
    if interactive:
        click.echo(label("ss_hello", voice))
    _OPEN[0] = True
    try:
        while True:
            try:
                line = input(label("ss_prompt", voice)) if interactive else _line()
            except EOFError:
                break
            except KeyboardInterrupt:
                click.echo()
                continue
            refusal = _unreadable(line, voice)
            if refusal:
                click.echo(refusal, err=True)
                if history is not None:
                    _forget_last()  # a pasted megabyte is not kept for the next evening
                continue
            words = _words(line, voice)
            if not words:
                continue
            if words[0].casefold() in QUIT:
                break
            if words[0].casefold() in HELP:
                _help(names, voice)
                continue
            if words[0] == "shell":
                click.echo(label("ss_inside", voice), err=True)
                continue
            _ask(group, words, table)
    finally:
        _OPEN[0] = False
        speak_for_session(None)
        remembering(False)
        if history is not None:
            history()


class Nested(click.ClickException):
    """A line that would open a session inside the open one: refused in one line, the session goes on."""

    def __init__(self) -> None:
        from .present import voice

        super().__init__(_said("ss_nested", voice()))

    def show(self, file: Any = None) -> None:
        click.echo(self.message, err=True)


def _line() -> str:
    """The next line from a pipe, read no further than one character past the limit: the rest of a
    longer line is passed over a block at a time, never held whole."""
    line = sys.stdin.readline(LINE_LIMIT + 1)
    if not line:
        raise EOFError
    rest = line
    while not rest.endswith("\n"):
        rest = sys.stdin.readline(1 << 16)
        if not rest:
            break
    return line


def _forget_last() -> None:
    """Drop the line just typed from the prompt's history."""
    import readline

    length = readline.get_current_history_length()
    if length:
        readline.remove_history_item(length - 1)


def _unreadable(line: str, voice: str) -> str | None:
    """Why a line is refused before it is read as a question (None: it is not)."""
    if len(line.rstrip("\r\n")) > LINE_LIMIT:
        return _said("ss_long", voice)
    if "\x00" in line:  # no file name or word can hold it; the file system would refuse it with a traceback
        return _said("ss_nul", voice)
    return None


def _said(key: str, voice: str) -> str:
    from ..labels import label

    return label(key, voice, most=LINE_LIMIT)


def _words(line: str, voice: str) -> list[str]:
    """A question's words as a shell would split them; a pasted `printkit referee ...` is fine too."""
    from ..labels import label

    try:
        words = shlex.split(line, comments=True)
    except ValueError:
        click.echo(label("ss_quotes", voice), err=True)
        return []
    for lead in ("printkit", "referee"):
        if words[:1] == [lead]:
            words = words[1:]
    return words


def _ask(group: click.Group, words: list[str], table: dict[str, dict[str, Any]]) -> None:
    """One question, answered (or refused) exactly as the command line would; the session goes on."""
    try:
        group.main(args=words, prog_name="printkit referee", standalone_mode=False, default_map=table)
    except click.exceptions.Exit:
        pass
    except click.ClickException as error:
        error.show()
    except click.Abort:
        click.echo()
    except SystemExit:  # a check that found problems exits 1: said, and the evening goes on
        pass


def _help(names: list[str], voice: str) -> None:
    from ..labels import label
    from .present import wrap

    click.echo(wrap(label("ss_help", voice, commands=" ".join(names), most=LINE_LIMIT), "  "))


def completions(group: click.Group, table: dict[str, dict[str, Any]], before: str, word: str) -> list[str]:
    """What Tab offers at the session's prompt for `word`, the line before it being `before`: the
    same completers the shells use, the session's config, key and edition counted as given."""
    from click.shell_completion import ShellComplete

    from . import complete as values

    try:
        args = shlex.split(before)
    except ValueError:
        args = before.split()
    values.typed[:] = ["referee", *args]
    complete = ShellComplete(group, {"default_map": table}, "printkit referee", "_PRINTKIT_COMPLETE")
    return [item.value for item in complete.get_completions(args, word)]


def _readline(group: click.Group, table: dict[str, dict[str, Any]]) -> Any:
    """History kept between evenings and Tab completion from the same completers the shells use;
    returns what saves the history (None where Python has no readline)."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: a plain prompt still works
        return None
    import contextlib
    import os

    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "printkit"
    history = state / "referee-history"
    with contextlib.suppress(OSError):  # no history yet, or an unreadable one: start afresh
        readline.read_history_file(history)
    readline.set_history_length(2000)
    found: list[str] = []

    def completer(text: str, state_: int) -> str | None:
        if state_ == 0:
            found[:] = completions(group, table, readline.get_line_buffer()[: readline.get_begidx()], text)
        return found[state_] if state_ < len(found) else None

    readline.set_completer(completer)
    readline.set_completer_delims(" \t\n\"'")
    readline.parse_and_bind("bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete")

    def save() -> None:
        try:
            state.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(history)
        except OSError:
            pass  # a read-only home: the evening still worked

    return save


@click.command(
    epilog="""\b
Examples:
  printkit referee shell --lang en
  printkit referee --lang en                # the answers in English
  printf 'odds 2d6+1>=8\\nroll 4d6kh3 --seed turn-12\\n' | printkit referee --lang en
"""
)
@CONFIG
@KEY
@LANG
@EDITION
@click.pass_context
def shell(ctx: click.Context, config: Path | None, keys: tuple[Path, ...], lang: str | None,
          edition: str | None) -> None:  # fmt: skip
    """An evening's session: a prompt that answers every referee question (the same commands and
    options as `printkit referee ...`), with the config, key, language and edition given once.
    `printkit referee` with no command opens it too. help lists the commands; exit or Ctrl-D ends it.
    Questions can also come from a pipe, one a line. A line is at most 4,096 characters."""
    parent = ctx.parent
    assert parent is not None
    run(parent, config, keys, lang, edition)
