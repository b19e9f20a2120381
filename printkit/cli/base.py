"""What every command shares: the group class that shows printkit errors and loads commands lazily, options."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import ConfigError, PrintkitError

if TYPE_CHECKING:
    from ..config.model import Session


class Failure(click.ClickException):
    """A PrintkitError shown the printkit way: config problems as FILE:LINE lines, the rest as one line."""

    def __init__(self, error: PrintkitError) -> None:
        super().__init__(error.message)
        # click reads the exit code from the instance; each printkit error has its own.
        self.exit_code = error.exit_code  # type: ignore[misc]
        self.error = error

    def show(self, file: Any = None) -> None:
        from .present import safe

        if isinstance(self.error, ConfigError):
            for line in self.error.lines():
                click.echo(safe(line), err=True)
        else:
            click.echo(f"printkit: error: {safe(self.error.message)}", err=True)


class Group(click.Group):
    """A command group that reports PrintkitError cleanly and imports registered commands on first use.

    `lazy` gives command name -> "module:attribute" of a click command; `printkit --help` and a
    referee answer import only the commands they touch.
    """

    def __init__(self, *args: Any, lazy: Callable[[], Mapping[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def _lazy(self) -> Mapping[str, str]:
        return self.lazy() if self.lazy else {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._lazy()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in self._lazy():
            from ..games import resolve

            found = resolve(self._lazy()[cmd_name])
            assert isinstance(found, click.Command)
        return found

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PrintkitError as error:
            raise Failure(error) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from .present import escaped_output

        # The root of every run: whatever any command prints is escaped on its way to the terminal.
        try:
            with escaped_output():
                return super().main(*args, **kwargs)
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
            from .present import shown

            text = value.strip()
            if not _WHOLE.fullmatch(text):
                self.fail(f"{shown(value)} is not a whole number ({self._describe_range()})", param, ctx)
            if len(text.lstrip("+-0")) > len(str(max(abs(self.min or 0), abs(self.max or 0)))):
                self.fail(f"{shown(value)} is out of range {self._describe_range()}", param, ctx)
        return super().convert(value, param, ctx)


class Decimal(click.FloatRange):
    """A finite decimal number within bounds: no nan, no inf, no exponent."""

    def __init__(self, lo: float, hi: float) -> None:
        super().__init__(lo, hi)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            from .present import shown

            if len(value) > 24 or not _DECIMAL.fullmatch(value.strip()):
                self.fail(f"{shown(value)} is not a number like 12 or 12.5 ({self._describe_range()})", param, ctx)
        result = super().convert(value, param, ctx)
        if not math.isfinite(result):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return result


def whole(text: str, lo: int, hi: int, what: str) -> int:
    """A whole number read by hand from a command's words (for commands that parse their own)."""
    try:
        return int(Whole(lo, hi).convert(text, None, None))
    except click.BadParameter as exc:
        raise click.UsageError(f"{what}: {exc.message}") from None


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

    return with_overrides(load_session(config), language=lang, paper=paper)
