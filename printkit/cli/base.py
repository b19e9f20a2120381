"""What every command shares: the group class that shows printkit errors and loads commands lazily, options."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from ..errors import ConfigError, PrintkitError
from ..labels import RefusedValue
from ..questions import Choice as QChoice
from ..questions import Decimal as QDecimal
from ..questions import File as QFile
from ..questions import Kind
from ..questions import Whole as QWhole

if TYPE_CHECKING:
    from ..model import Session


class Words(NamedTuple):
    """What a command's --help says in one language: its summary, the rest of its help, each option's
    help by parameter name, and its examples (command lines)."""

    summary: str
    about: str
    options: Mapping[str, str]
    examples: Sequence[str]


class Told(click.Command):
    """A command whose --help is said in the running command's language (Russian unless --lang en or
    PRINTKIT_LANG say otherwise), from words found when the help is shown: a declared question's
    (printkit.cli.asking) or the labels' `h_<path>` (its help, first paragraph the summary),
    `h_<path>_ex` (examples, one a line) and `ho_<path>_<option>` or `ho_<option>` (an option's help).
    click's own words (Usage, Options, Commands, [default: ...]) are said from the labels too. A
    command without a --lang of its own takes one for its help and messages."""

    def words(self, ctx: click.Context, lang: str) -> Words | None:
        from ..labels import known, label

        key = path_key(ctx)
        if not known(f"h_{key}"):
            return None
        summary, _, about = label(f"h_{key}", lang).strip().partition("\n\n")
        # An option's help: the command's own, else its group's (a session's options are its group's), else shared.
        parts = key.split("_")
        options = {name: helps[lang] for name, helps in getattr(self, "helps", {}).items()}
        for param in self.params:
            for found in [*(f"ho_{'_'.join(parts[:n])}_{param.name}" for n in range(len(parts), 0, -1)),
                          f"ho_{param.name}"]:  # fmt: skip
                if param.name not in options and known(found):
                    options[param.name or ""] = label(found, lang)
                    break
        examples = label(f"h_{key}_ex", lang).strip().split("\n") if known(f"h_{key}_ex") else []
        return Words(summary, about, options, [*examples, *getattr(self, "more_examples", ())])

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        found = super().get_params(ctx)
        if any(p.name == "lang" for p in found):
            return found
        # Noted before parsing (printkit.cli.present.hear): here only so that it is not refused.
        lang = click.Option(["--lang"], type=click.Choice(["ru", "en"]), expose_value=False)
        return [*found[:-1], lang, *found[-1:]] if self.get_help_option(ctx) in found else [*found, lang]

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's help page, its usage line headed in the running language (a usage error keeps
        click's heading: the commands that speak say it again, printkit.cli.present.Spoken)."""
        from ..labels import label
        from .present import voice

        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=label("cl_usage", voice()) + " ")
        self.format_help_text(ctx, formatter)
        self.format_options(ctx, formatter)
        self.format_epilog(ctx, formatter)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .present import voice

        said = self.words(ctx, voice())
        if said is None:
            super().format_help_text(ctx, formatter)
            return
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"{said.summary}\n\n{said.about}" if said.about else said.summary)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from ..labels import label
        from .present import voice

        lang = voice()
        said = self.words(ctx, lang)
        helps = dict(said.options) if said is not None else {}
        helps.setdefault("lang", label("cl_opt_lang_said", lang))  # the --lang a command takes for its help
        shown = self.get_help_option(ctx)
        records = []
        for param in self.get_params(ctx):
            found = param.get_help_record(ctx)
            if found is None or isinstance(param, click.Argument):
                continue
            left, right = found
            if param is shown:
                right = label("cl_opt_help", lang)
            elif param.name == "version":
                right = label("cl_opt_version", lang)
            elif param.name in helps:
                right = helps[param.name or ""] + _extras(right, lang)
            elif not getattr(param, "help", None):
                right = _extras(right, lang).lstrip()
            records.append((left, right))
        if records:
            with formatter.section(label("cl_options", lang)):
                formatter.write_dl(records)
        if isinstance(self, click.Group):
            self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """A group's commands, each with its summary, under a heading in the running language."""
        from ..labels import label
        from .present import voice

        assert isinstance(self, click.Group)
        found = [(n, c) for n in self.list_commands(ctx) if (c := self.get_command(ctx, n)) and not c.hidden]
        if not found:
            return
        lang = voice()
        limit = formatter.width - 6 - max(len(n) for n, _ in found)
        rows = []
        for name, command in found:
            said = command.words(_child(ctx, command), lang) if isinstance(command, Told) else None
            rows.append((name, _short(said, limit) if said is not None else command.get_short_help_str(limit)))
        with formatter.section(label("cl_commands", lang)):
            formatter.write_dl(rows)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from ..labels import label
        from .present import voice

        lang = voice()
        said = self.words(ctx, lang)
        if said is None or not said.examples:
            super().format_epilog(ctx, formatter)
            return
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(label("cl_examples", lang))
            with formatter.indentation():
                for example in said.examples:
                    formatter.write_text("\b\n" + example)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        """What a shell offers, each option and command described in the running language (zsh and
        fish show the descriptions)."""
        from click.shell_completion import CompletionItem

        from ..labels import label
        from .present import voice

        lang = voice()
        said = self.words(ctx, lang)
        helps = {**(said.options if said is not None else {}), "help": label("cl_opt_help", lang)}
        options = [p for p in self.get_params(ctx) if isinstance(p, click.Option)]
        flags = {flag: p.name for p in options for flag in [*p.opts, *p.secondary_opts]}
        offered = []
        for item in super().shell_complete(ctx, incomplete):
            text = item.help
            if item.value in flags:
                text = helps.get(flags[item.value] or "", text)
            elif isinstance(self, click.Group) and isinstance(found := self.get_command(ctx, item.value), Told):
                told = found.words(_child(ctx, found), lang)
                text = _short(told, 45) if told is not None else text  # as click shortens it
            offered.append(CompletionItem(item.value, type=item.type, help=text))
        return offered

    def get_short_help_str(self, limit: int = 45) -> str:
        from .present import voice

        ctx = click.get_current_context(silent=True)
        said = self.words(_child(ctx, self), voice()) if ctx is not None else None
        return super().get_short_help_str(limit) if said is None else _short(said, limit)


def _short(said: Words, limit: int) -> str:
    """A command's summary within limit characters, cut at a word."""
    text = said.summary
    if len(text) <= limit:
        return text
    return text[: limit - 3].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def _child(ctx: click.Context, command: click.Command) -> click.Context:
    """A context for a group's command, to name it by its path while the group's help lists it."""
    return ctx if ctx.command is command else click.Context(command, parent=ctx, info_name=command.name)


def path_key(ctx: click.Context) -> str:
    """A command's name among the labels: its words after `printkit`, joined by _ (`printkit` itself
    for the top)."""
    names = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return "_".join(reversed(names)).replace("-", "_") or "printkit"


def _extras(right: str, lang: str) -> str:
    """What click adds after an option's help ([default: x], [required]), in lang."""
    import re

    from ..labels import label

    found = re.search(r"\s*\[(?:default: |required)[^\]]*\](?:\s*\[[^\]]*\])*$", right)
    if found is None:
        return ""
    extra = " " + found.group(0).lstrip()  # click writes it after a space only where it had a help of its own
    return extra.replace("[default: ", "[" + label("cl_default", lang) + ": ").replace(
        "[required]", "[" + label("cl_required", lang) + "]"
    )


class Command(Told, click.Command):
    """A printkit command (not a declared question's) whose help is said from the labels; `helps`
    gives options the labels do not know (a game's, {lang: help} by parameter name) and `examples`
    command lines after the labels' own."""

    def __init__(self, *args: Any, helps: Mapping[str, Mapping[str, str]] | None = None, examples: Sequence[str] = (),
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.helps = dict(helps or {})
        self.more_examples = tuple(examples)


class Failure(click.ClickException):
    """A PrintkitError shown the printkit way: config problems as FILE:LINE lines, the rest as one line,
    in the language of the command when it speaks one (the referee's commands do)."""

    def __init__(self, error: PrintkitError, speaks: bool = False, fit: bool = True) -> None:
        super().__init__(error.message)
        # click reads the exit code from the instance; each printkit error has its own.
        self.exit_code = error.exit_code  # type: ignore[misc]
        self.error = error
        self.speaks = speaks
        self.fit = fit  # wrapped to the terminal's width (an answer's refusal), or one line as it is

    def show(self, file: Any = None) -> None:
        from ..labels import label
        from .present import fitted, heard, language, safe, voice

        if isinstance(self.error, ConfigError):
            # A kit command says a config's problems in the config's language (its --lang first).
            lang = voice() if self.speaks else language(heard(), self.error.lang) if self.error.lang else "en"
            for line in self.error.said_lines(lang):
                click.echo(safe(line), err=True)
            return
        if not self.speaks:  # the kit commands: printkit's English, one line
            click.echo(safe(label("cl_printkit_error", "en", message=self.error.message)), err=True)
            return
        lang = voice()
        line = safe(label("cl_printkit_error", lang, message=self.error.say(lang)))
        click.echo(fitted(line) if self.fit else line, err=True)


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


class Group(Told, click.Group):
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
            from .present import did_you_mean, voice

            near = _meant(name, self.list_commands(ctx))
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
# Their help is said from the labels (ho_out, ho_seed, ...), in the running command's language.
OUT = click.option("--out", type=FOLDER)
SEED = click.option("--seed")
PAPER = click.option("--paper", type=click.Choice(["a4", "letter"]))
LANG = click.option("--lang", type=click.Choice(["ru", "en"]))
FORCE = click.option("--force", is_flag=True)


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


def _meant(typed: str, commands: list[str]) -> str | None:
    """The command a mistyped name most likely meant: close to a command's name, or to one of the
    other words people type for it (its labels' qw_<command>: `лукап`, `бросок` in Russian)."""
    from ..labels import LANGUAGES, known, label
    from ..suggest import closest

    said: dict[str, str] = {name: name for name in commands}
    for name in commands:
        if known(f"qw_{name}"):
            for lang in LANGUAGES:
                said.update((word.strip(), name) for word in label(f"qw_{name}", lang).split(",") if word.strip())
    near = closest(typed, list(said))
    return said[near] if near is not None else None
