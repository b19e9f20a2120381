"""What every command shares: the group class that shows printkit errors and loads commands lazily, options."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import ConfigError, PrintkitError
from ..labels import RefusedValue
from ..questions import Choice as QChoice
from ..questions import Decimal as QDecimal
from ..questions import File as QFile
from ..questions import Kind
from ..questions import Whole as QWhole

if TYPE_CHECKING:
    from ..config.model import Session


class Failure(click.ClickException):
    """A PrintkitError shown the printkit way: config problems as FILE:LINE lines, the rest as one line,
    in the language of the command when it speaks one (the referee's commands do)."""

    def __init__(self, error: PrintkitError, speaks: bool = False) -> None:
        super().__init__(error.message)
        # click reads the exit code from the instance; each printkit error has its own.
        self.exit_code = error.exit_code  # type: ignore[misc]
        self.error = error
        self.speaks = speaks

    def show(self, file: Any = None) -> None:
        from ..labels import label
        from .present import fitted, safe, voice

        if isinstance(self.error, ConfigError):
            for line in self.error.said_lines(voice() if self.speaks else "en"):
                click.echo(safe(line), err=True)
            return
        if not self.speaks:  # the kit commands: printkit's English, one line
            click.echo(safe(label("cl_printkit_error", "en", message=self.error.message)), err=True)
            return
        lang = voice()
        click.echo(fitted(safe(label("cl_printkit_error", lang, message=self.error.say(lang)))), err=True)


def speaking(ctx: click.Context | None) -> bool:
    """Whether a command (or a group it belongs to) answers in the asker's language."""
    while ctx is not None:
        if getattr(ctx.command, "speaks", False):
            return True
        ctx = ctx.parent
    return False


# A command of a lazy group: "module:attribute" of a click command or of a declared question, or a
# function that makes the command.
Target = str | Callable[[], click.Command]


class Group(click.Group):
    """A command group that reports PrintkitError cleanly and imports registered commands on first use.

    `lazy` gives command name -> what `make` turns into its command (a "module:attribute" of a click
    command or a declared question); `printkit --help` and a referee answer import only the commands
    they touch. A group that `speaks` (the referee's, the
    map's, a game's own group) says its refusals, click's own among them, in the answer's language.
    """

    def __init__(self, *args: Any, lazy: Callable[[], Mapping[str, Target]] | None = None, speaks: bool = False,
                 make: Callable[[Target, str], click.Command] | None = None, **kwargs: Any) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.lazy = lazy
        self.speaks = speaks
        self.make = make  # how an entry becomes a command (printkit.cli.asking.command)

    def _lazy(self) -> Mapping[str, Target]:
        return self.lazy() if self.lazy else {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._lazy()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in self._lazy() and self.make is not None:
            found = self.make(self._lazy()[cmd_name], cmd_name)
        return found

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if self.speaks and name and not name.startswith("-") and self.get_command(ctx, name) is None:
            from ..labels import label
            from ..suggest import closest
            from .present import did_you_mean, voice

            near = closest(name, self.list_commands(ctx))
            lang = voice()
            said = label("cl_no_command", lang, name=name) + did_you_mean([near] if near else [], lang)
            raise click.UsageError(said, ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PrintkitError as error:
            raise Failure(error, speaking(ctx)) from None
        except click.UsageError as error:
            from .present import spoken_error

            if not speaking(error.ctx or ctx):
                raise
            raise spoken_error(error) from None

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        import sys

        from .present import escaped_output, hear

        # The root of every run: whatever any command prints is escaped on its way to the terminal,
        # and a --lang on the command line is noted before click parses (and may refuse) anything.
        hear([str(a) for a in (sys.argv[1:] if args is None else args)])
        try:
            with escaped_output():
                return super().main(args, *rest, **kwargs)
        except PrintkitError as error:  # raised outside a command: --help into a full disk, say
            Failure(error).show()
            raise SystemExit(error.exit_code) from None


class Read(click.ParamType):  # type: ignore[type-arg]
    """A declared kind of value (printkit.questions) read from a command line exactly as every other
    surface reads it, refused in the command's language (the kit commands speak English)."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.name = "directory" if isinstance(kind, QFile) and kind.folder else type(kind).__name__.lower()

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str | None:
        kind = self.kind
        if isinstance(kind, QWhole | QDecimal):
            return f"{kind.lo:g}..{kind.hi:g}"
        if isinstance(kind, QChoice):
            return "[" + "|".join(kind.values) + "]"
        return None

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value  # a default, already a value
        try:
            return self.kind.read(value)
        except RefusedValue as exc:
            from .present import voice

            self.fail(exc.say(voice() if ctx is None or speaking(ctx) else "en"), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        if isinstance(self.kind, QChoice):
            return [CompletionItem(v) for v in self.kind.values if v.startswith(incomplete)]
        if isinstance(self.kind, QFile):  # the shell completes names from the disk
            return [CompletionItem(incomplete, type="dir" if self.kind.folder else "file")]
        return []


def Whole(lo: int, hi: int) -> Read:
    """A whole number within bounds, for a kit command's option."""
    return Read(QWhole(lo, hi))


def Decimal(lo: float, hi: float) -> Read:
    """A finite decimal number within bounds, for a kit command's option."""
    return Read(QDecimal(lo, hi))


# Every file or folder a command line names is read here: an empty name (the current folder, to
# the file system) is refused at once, in the command's language.
FILE = Read(QFile())
FOLDER = Read(QFile(folder=True))
CONFIG_ARG = click.argument("config", required=False, type=FILE)
OUT = click.option(
    "--out",
    type=FOLDER,
    help="Kit folder [default: output/<game>-<YYYYMMDD-HHMMSS>/].",
)
SEED = click.option("--seed", help="Make the random sheets reproducible (same seed, same bytes).")
PAPER = click.option("--paper", type=click.Choice(["a4", "letter"]), help="Paper size [default: the config's].")
LANG = click.option("--lang", type=click.Choice(["ru", "en"]), help="Printed language [default: the config's].")
FORCE = click.option("--force", is_flag=True, help="Write into an existing, non-empty folder.")


def load(config: Path | None, lang: str | None = None, paper: str | None = None) -> Session:
    """The session of a config (or the default game), with command-line overrides."""
    from ..config.session import load_session, with_overrides

    session = remembered(config, load_session) if config is not None else load_session(None)
    return with_overrides(session, language=lang, paper=paper)


_READ: dict[tuple[Any, ...], Any] = {}
_SESSION = [False]  # whether an evening's session is open: only then are files remembered


def remembering(on: bool) -> None:
    """Open or close the session's memory of files read (closed, every command reads afresh)."""
    _SESSION[0] = on
    _READ.clear()


def remembered(path: Path, read: Callable[[Path], Any]) -> Any:
    """What `read` made of a file: during an evening's session, which asks many questions of one
    config and one key, read again only when it or a file beside it changed (a config names its
    ruleset and map by paths in its folder)."""
    if not _SESSION[0]:
        return read(path)
    try:
        seen = path.stat()
        beside = sorted((e.name, e.stat().st_mtime_ns, e.stat().st_size) for e in os.scandir(path.parent))
        stamp: tuple[Any, ...] = (str(path.resolve()), seen.st_mtime_ns, seen.st_size, tuple(beside), read)
    except (OSError, ValueError):
        return read(path)  # let the reader say what is wrong with it
    if stamp not in _READ:
        if len(_READ) >= 8:  # a config, a key or two, a map: a session needs a handful
            _READ.clear()
        _READ[stamp] = read(path)
    return _READ[stamp]
