"""What every command shares: the group class that shows printkit errors and loads commands lazily, options."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import ConfigError, PrintkitError

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
            for line in self.error.lines():
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


_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


class Whole(click.IntRange):
    """A whole number within bounds, for every numeric option and argument.

    Only ASCII digits: "²" passes str.isdigit() and fails int(). The length is checked before any
    conversion, so a thousands-digit argument is refused at once, and it is never echoed in full.
    """

    def __init__(self, lo: int, hi: int) -> None:
        super().__init__(lo, hi)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            text = value.strip()
            if not _WHOLE.fullmatch(text):
                self.fail(_say("cl_not_whole", ctx, value, self._describe_range()), param, ctx)
            if len(text.lstrip("+-0")) > len(str(max(abs(self.min or 0), abs(self.max or 0)))):
                self.fail(_say("cl_out_of_range", ctx, value, self._describe_range()), param, ctx)
        return super().convert(value, param, ctx)


class Decimal(click.FloatRange):
    """A finite decimal number within bounds: no nan, no inf, no exponent."""

    def __init__(self, lo: float, hi: float) -> None:
        super().__init__(lo, hi)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and (len(value) > 24 or not _DECIMAL.fullmatch(value.strip())):
            self.fail(_say("cl_not_decimal", ctx, value, self._describe_range()), param, ctx)
        result = super().convert(value, param, ctx)
        if not math.isfinite(result):
            self.fail(_say("cl_not_finite", ctx, value), param, ctx)
        return result


def _say(key: str, ctx: click.Context | None, value: Any, bounds: str = "") -> str:
    """A number's refusal in the language of the command (a referee's answers in Russian or English,
    the kit commands in English), the value escaped and cut short."""
    from ..labels import label
    from .present import safe, voice

    text = safe(str(value))
    text = text if len(text) <= 24 else text[:24] + "…"
    return label(key, voice() if ctx is None or speaking(ctx) else "en", value=text, range=bounds)


def whole(text: str, lo: int, hi: int, what: str) -> int:
    """A whole number read by hand from a command's words (for commands that parse their own)."""
    try:
        return int(Whole(lo, hi).convert(text, None, None))
    except click.BadParameter as exc:  # worded as click words a parameter it checks itself
        raise click.BadParameter(exc.message, param_hint=f"'{what}'") from None


CONFIG_ARG = click.argument("config", required=False, type=click.Path(dir_okay=False, path_type=Path))
OUT = click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Kit folder [default: output/<game>-<YYYYMMDD-HHMMSS>/].",
)
SEED = click.option("--seed", help="Make the random sheets reproducible (same seed, same bytes).")
PAPER = click.option("--paper", type=click.Choice(["a4", "letter"]), help="Paper size [default: the config's].")
LANG = click.option("--lang", type=click.Choice(["ru", "en"]), help="Printed language [default: the config's].")
FORCE = click.option("--force", is_flag=True, help="Write into an existing, non-empty folder.")
JSON = click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")


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
