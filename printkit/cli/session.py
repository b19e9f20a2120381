"""The referee's evening: one prompt for every question, with the game's config and key given once."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import click

from .base import FILE, LANG, Command, Read

# Words that end a session or ask for the list of commands, as either language types them.
QUIT = {"exit", "quit", "q", "выход", "конец"}
# The session's own help: -h and --help typed at its prompt too, not the top-level command's help.
HELP = {"help", "?", "помощь", "справка", "-h", "--help"}
# The longest line a session reads, in characters: a question with every option spelled out takes a
# few hundred, and a terminal's own line editing stops at 4,095. A longer line is refused unread, so
# a pasted file costs the session nothing.
LINE_LIMIT = 4096
KEY_BYTES = 8 * 1024 * 1024  # a key file `key FILE` checks: a tournament's key of many games stays well within
_OPEN = [False]  # whether a session is running: a line never opens another one inside it

# Their help is said from the labels (ho_referee_config, ...).
CONFIG = click.option("--config", type=FILE)
KEY = click.option(
    "--key",
    "keys",
    multiple=True,
    envvar="PRINTKIT_KEY",
    type=FILE,
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


BRIEF = click.option("--brief", is_flag=True)
EDITION = click.option(
    "--edition",
    type=Ruleset(),
)


def defaults(group: click.Group, ctx: click.Context, names: list[str], config: Path | None, keys: tuple[Path, ...],
             edition: str | None, brief: bool = False) -> dict[str, dict[str, Any]]:  # fmt: skip
    """What each command takes from the session unless a question says otherwise (click's default_map):
    the config, the key, the edition, brief answers and the config's map (the evening's, `map:`), each
    only where the command has such an option or argument."""
    evening_map = None
    if config is not None:
        session = _read(config)
        edition = edition or session.ruleset.id  # given only to a command whose --edition offers it
        # an evening file is the map too: each question reads the evening's map as it stands
        evening_map = config if session.map_path is not None and _is_evening(config) else session.map_path
    given: dict[str, Any] = {"config": config, "keys": keys or None, "edition": edition, "brief": brief or None,
                             "map_file": evening_map}  # fmt: skip
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


def _is_evening(path: Path) -> bool:
    from ..evening.now import is_evening

    return is_evening(path)


def _read(config: Path) -> Any:
    """The session of a config, or of an evening file's config as the evening stands (the questions
    then read the evening themselves, printkit.evening.now)."""
    from .base import load

    if _is_evening(config):
        from ..evening.now import written

        return load(written(config)[0])
    return load(config)


def _takes(param: click.Parameter, value: Any) -> bool:
    """Whether a command's parameter takes a value (an edition its --edition offers, say)."""
    if not isinstance(value, str):
        return True
    try:
        param.type.convert(value, param, None)
    except click.BadParameter:
        return False
    return True


# The session's own commands, as either language types them: they change what the evening gives
# every question (its key, its config, brief answers) and are checked the moment they are typed.
KEY_WORDS = {"key", "ключ"}
CONFIG_WORDS = {"config", "конфиг"}
BRIEF_WORDS = {"brief", "кратко"}
_ON = {"on", "yes", "1", "вкл", "да"}
_OFF = {"off", "no", "0", "выкл", "нет"}


class Evening:
    """What an evening's session gives every question, changed by its own commands as it goes: the
    config, the key, the language, the edition and brief answers; and the worst exit code of a line."""

    def __init__(self, ctx: click.Context, config: Path | None, keys: tuple[Path, ...], lang: str | None,
                 edition: str | None, brief: bool) -> None:  # fmt: skip
        group = ctx.command
        assert isinstance(group, click.Group)
        self.ctx, self.group, self.lang, self.asked_edition = ctx, group, lang, edition
        self.config, self.keys, self.brief = config, keys, brief
        session = _read(config) if config is not None else None  # read once; refused here if it has problems
        self.names = [n for n in group.list_commands(ctx) if n != "shell"]
        self.table: dict[str, dict[str, Any]] = {}
        self.worst = 0
        self.voice = self._settle(session.language if session else None)
        self.refresh()

    def _settle(self, config_language: str | None) -> str:
        from .present import language, speak_for_session

        speak_for_session(None)  # the language asked, else the environment's, else the config's
        voice = language(self.lang, config_language)
        speak_for_session(voice)
        return voice

    def refresh(self) -> None:
        """Every command's defaults afresh (the table is changed in place: Tab completion holds it)."""
        made = defaults(self.group, self.ctx, self.names, self.config, self.keys, self.asked_edition, self.brief)
        self.table.clear()
        self.table.update(made)

    def failed(self, code: int) -> None:
        self.worst = max(self.worst, code)

    def own(self, words: list[str]) -> bool:
        """Carry out one of the session's own commands (False: the line is a question)."""
        word = words[0].casefold()
        if word in KEY_WORDS:
            self._key(words[1:])
        elif word in CONFIG_WORDS:
            self._config(words[1:])
        elif word in BRIEF_WORDS:
            self._brief(words[1:])
        else:
            return False
        return True

    def _say(self, key: str, **values: Any) -> None:
        from ..labels import label

        click.echo(label(key, self.voice, **values))

    def _refuse(self, key: str, **values: Any) -> None:
        from ..labels import label

        click.echo(label("cl_error", self.voice, message=label(key, self.voice, **values)), err=True)
        self.failed(2)

    def _files(self, words: list[str], many: bool) -> list[Path] | None:
        """The files a session command names, each checked as a command line's; None: refused (said)."""
        from ..labels import RefusedValue
        from ..questions import File

        if not words or (len(words) > 1 and not many):
            self._refuse("ss_key_words" if many else "ss_config_words")
            return None
        try:
            return [File().read(w) for w in words]
        except RefusedValue as exc:
            self._refuse("ss_bad_file", message=exc.say(self.voice))
            return None

    def _key(self, words: list[str]) -> None:
        """key FILE...: the evening's key from now on, read and checked as JSON at once."""
        from ..config.userfile import read_json
        from ..errors import PrintkitError
        from .base import Failure

        if not words:
            self._say("ss_key_now", keys=" ".join(str(k) for k in self.keys) or "—")
            return
        paths = self._files(words, many=True)
        if paths is None:
            return
        try:
            for path in paths:
                read_json(path, str(path), KEY_BYTES)
        except PrintkitError as error:
            Failure(error, speaks=True).show()
            self.failed(error.exit_code)
            return
        self.keys = tuple(paths)
        self.refresh()
        self._say("ss_key_set", keys=" ".join(str(p) for p in paths))

    def _config(self, words: list[str]) -> None:
        """config FILE: the evening's config from now on, read and checked at once (its language and
        edition follow, unless the session was opened with its own)."""
        from ..errors import PrintkitError
        from .base import Failure

        if not words:
            self._say("ss_config_now", config=str(self.config) if self.config else "—")
            return
        paths = self._files(words, many=False)
        if paths is None:
            return
        try:
            session = _read(paths[0])
            before = self.config
            self.config = paths[0]
            try:
                self.refresh()
            except PrintkitError:
                self.config = before
                raise
        except PrintkitError as error:
            Failure(error, speaks=True).show()
            self.failed(error.exit_code)
            return
        self.voice = self._settle(session.language)
        self._say("ss_config_set", config=str(paths[0]))

    def _brief(self, words: list[str]) -> None:
        """brief on|off: answers without their rule notes (or with them again); brief alone turns it on."""
        word = words[0].casefold() if len(words) == 1 else "on" if not words else ""
        if word not in _ON | _OFF:
            self._refuse("ss_brief_words")
            return
        self.brief = word in _ON
        self.refresh()
        self._say("ss_brief_on" if self.brief else "ss_brief_off")


def run(ctx: click.Context, config: Path | None, keys: tuple[Path, ...], lang: str | None, edition: str | None,
        brief: bool = False) -> None:  # fmt: skip
    """Read questions line by line until the end of input (or exit) and answer each as its command
    would: from a terminal with a prompt, history and Tab completion; from a pipe, quietly, ending
    with the worst exit code of any line that failed (0 when none did)."""
    from ..labels import label
    from .base import remembering
    from .present import speak_for_session

    if _OPEN[0]:  # a line of options only (`--lang en`) would open a session inside this one
        raise Nested()
    evening = Evening(ctx, config, keys, lang, edition, brief)
    group = evening.group
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    remembering(True)
    history = _readline(group, evening.table) if interactive else None
    if interactive:
        click.echo(label("ss_hello", evening.voice))
    _OPEN[0] = True
    try:
        while True:
            voice = evening.voice
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
                evening.failed(2)
                if history is not None:
                    _forget_last()  # a pasted megabyte is not kept for the next evening
                continue
            words = _words(line, voice)
            if words is None:
                evening.failed(2)
                continue
            if not words:
                continue
            if words[0].casefold() in QUIT:
                break
            if words[0].casefold() in HELP:
                evening.failed(_help(group, evening.names, words[1:], evening.table, voice))
                continue
            if words[0].casefold() == "shell":
                click.echo(label("ss_inside", voice), err=True)
                evening.failed(2)
                continue
            if evening.own(words):
                continue
            evening.failed(_ask(group, _named(group, ctx, words), evening.table))
    finally:
        _OPEN[0] = False
        speak_for_session(None)
        remembering(False)
        if history is not None:
            history()
    if evening.worst and not interactive:
        raise SystemExit(evening.worst)


def _named(group: click.Group, ctx: click.Context, words: list[str]) -> list[str]:
    """A question's words with its command's name as the group knows it: Fight is fight."""
    name = words[0]
    if group.get_command(ctx, name) is None:
        lower = name.casefold()
        if lower != name and group.get_command(ctx, lower) is not None:
            return [lower, *words[1:]]
    return words


class Nested(click.ClickException):
    """A line that would open a session inside the open one: refused in one line, the session goes on."""

    exit_code = 2  # a usage error: the worst code of a piped session says so

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


def _words(line: str, voice: str) -> list[str] | None:
    """A question's words as a shell would split them; a pasted `printkit referee ...` is fine too.
    None: the line cannot be split (said)."""
    from ..labels import label

    try:
        words = shlex.split(line, comments=True)
    except ValueError:
        click.echo(label("ss_quotes", voice), err=True)
        return None
    for lead in ("printkit", "referee"):
        if words[:1] == [lead]:
            words = words[1:]
    return words


def _ask(group: click.Group, words: list[str], table: dict[str, dict[str, Any]]) -> int:
    """One question, answered (or refused) as the command line would, its exit code returned; the
    session goes on. A refusal is its one line of error: the usage is for `help COMMAND`."""
    try:
        group.main(args=words, prog_name="printkit referee", standalone_mode=False, default_map=table)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.UsageError as error:
        from .present import spoken_error

        spoken_error(error).show(usage=False)
        return error.exit_code
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except click.Abort:
        click.echo()
        return 1
    except SystemExit as done:  # a check that found problems exits 1: said, and the evening goes on
        return done.code if isinstance(done.code, int) else 1
    return 0


def _help(group: click.Group, names: list[str], words: list[str], table: dict[str, dict[str, Any]], voice: str) -> int:
    """`help`: the commands; `help COMMAND`: that command's usage and options (its exit code)."""
    from ..labels import label
    from .present import wrap

    if words and words[0].casefold() not in {"shell", *HELP}:  # `help shell`: this session's own help
        name = words[0].casefold() if words[0].casefold() in names else words[0]
        return _ask(group, [name, "--help"], table)
    click.echo(wrap(label("ss_help", voice, commands=" ".join(names), most=LINE_LIMIT), "  "))
    return 0


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


@click.command(cls=Command)
@CONFIG
@KEY
@LANG
@EDITION
@BRIEF
@click.pass_context
def shell(ctx: click.Context, config: Path | None, keys: tuple[Path, ...], lang: str | None,
          edition: str | None, brief: bool) -> None:  # fmt: skip
    """An evening's session (its help: the labels' h_referee_shell)."""
    parent = ctx.parent
    assert parent is not None
    run(parent, config, keys, lang, edition, brief)
