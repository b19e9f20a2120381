"""Terminal presentation: percentages, fractions, arrows the terminal can show, folders, safe echoes."""

from __future__ import annotations

import contextlib
import functools
import io
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import click

from ..answers import WIDTH

# Characters never sent raw to a terminal (but newline and tab): C0 and C1 controls and DEL (an
# escape sequence a config's text or a file name could carry), format characters (right-to-left
# overrides and isolates, zero-width characters, the BOM: text that shows other than it reads),
# lone surrogates (an undecodable file name) and the line and paragraph separators.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def safe(text: str) -> str:
    """Text with control and invisible format characters shown by their codes: \\x1b, \\u202e."""
    return "\n".join(_safe_line(line) for line in text.split("\n"))


def _safe_line(line: str) -> str:
    if line.isprintable() or line.replace("\t", "").isprintable():  # nearly every line: no look at each character
        return line
    return "".join(_code(c) if c != "\t" and unicodedata.category(c) in _HIDDEN else c for c in line)


def _code(char: str) -> str:
    n = ord(char)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


class _Escaping(io.TextIOBase):
    """A text stream that escapes control characters on their way to the real one.

    It has no .buffer on purpose: click would otherwise write around it on a misconfigured terminal.
    """

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, text: str | bytes) -> int:
        if isinstance(text, bytes):  # click echoes bytes (shell completion's answer) to a stream without .buffer
            text = text.decode(self.encoding, "replace")
        try:
            self.raw.write(safe(text))
        except OSError as exc:
            raise _failed(exc) from None
        return len(text)

    def flush(self) -> None:
        try:
            self.raw.flush()
        except OSError as exc:
            raise _failed(exc) from None

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.raw, "errors", None)


def _failed(exc: OSError) -> Exception:
    """Output that cannot be written (a full disk behind `> file`): a clean error, exit 4.

    A closed pipe (`| head`) stays an OSError: click ends quietly on EPIPE itself."""
    import errno

    from ..errors import OutputError

    if exc.errno == errno.EPIPE:
        return exc

    class Unwritable(OutputError):
        def say(self, lang: str) -> str:
            from ..labels import label

            return label("cl_cannot_write", lang, reason=exc.strerror or exc)

    return Unwritable(f"cannot write the output: {exc.strerror or exc}")


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """While it lasts, nothing printed reaches the terminal with a control character in it.

    A config's key, a player's name, a file name or an argument can carry an escape sequence (a
    clipboard write, a cursor move): every string the CLI prints passes through here, so no message
    or answer needs to remember to escape what it quotes.
    """
    old = sys.stdout, sys.stderr
    if old[0] is not None:
        sys.stdout = _Escaping(old[0])
    if old[1] is not None:
        sys.stderr = _Escaping(old[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = old


def raw_stream(stream: Any) -> Any:
    """The terminal behind an escaping stream, for the progress bar's own control sequences."""
    return stream.raw if isinstance(stream, _Escaping) else stream


def can_print(text: str) -> bool:
    """Whether standard output's encoding can show text."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def show_folder(folder: Path) -> str:
    """A folder as the user would type it: relative to the current folder where it is inside it.

    A name a terminal could not show as it is (a control, format or other invisible character, a
    byte that is not UTF-8) or with a backslash or quote is shown as a shell's $'...' string, those
    characters by their codes: the line names the real folder, and no other."""
    try:
        text = str(folder.relative_to(Path.cwd())) + "/"
    except ValueError:
        text = str(folder) + "/"
    if all(_plain(char) for char in text):
        return text
    return "$'" + "".join(char if _plain(char) else _coded(char) for char in text) + "'"


def _plain(char: str) -> bool:
    return char.isprintable() and char not in "\\'"


def _coded(char: str) -> str:
    """One character as $'...' writes it."""
    code = ord(char)
    if char in "\\'":
        return "\\" + char
    if 0xDC80 <= code <= 0xDCFF:  # a byte of the name that is not UTF-8, as Python reads it
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def echo_json(data: Any) -> None:
    """One line of JSON, non-ASCII letters kept as they are; a control or format character as JSON's
    own escape (\\u202e), so that the line stays JSON that reads back to the same text."""
    import json

    text = json.dumps(data, ensure_ascii=False)
    if not text.isprintable():
        text = "".join(json.dumps(c)[1:-1] if unicodedata.category(c) in _HIDDEN else c for c in text)
    click.echo(text)


def _printable(char: str) -> str:
    """One typed character as a terminal can show it safely: itself, or its code."""
    if char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF:
        return char
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def pointed(notation: str, message: str, column: int, word: str = "column") -> click.UsageError:
    """A usage error that points at the column of an expression where it went wrong; long input is
    shown around that column, and characters a terminal could act on are shown by their codes."""
    at = max(0, min(column - 1, len(notation)))
    room = WIDTH - 8  # two spaces of indent and "..." at each end
    first, last = max(0, at - room), min(len(notation), at + room)
    forms = [_printable(c) for c in notation[first:last]] + [" "]
    start, end = at - first, at - first + 1
    used = len(forms[start])
    while True:  # widen the window around the column, one character each side in turn, while it fits
        grown = False
        if end < len(forms) and used + len(forms[end]) <= room:
            used, end, grown = used + len(forms[end]), end + 1, True
        if start > 0 and used + len(forms[start - 1]) <= room:
            used, start, grown = used + len(forms[start - 1]), start - 1, True
        if not grown:
            break
    before, after = first + start > 0, first + end < len(notation) + 1
    line = ("..." if before else "") + "".join(forms[start:end]).rstrip() + ("..." if after else "")
    caret = (3 if before else 0) + sum(map(len, forms[start : at - first]))
    text = wrap(message, width=WIDTH - len("Error: "))
    tag = f"{word} {column}"
    # The column's name after the caret, or before it where the line would pass 80 columns.
    pointer = (
        " " * caret + f"^ {tag}" if 2 + caret + 2 + len(tag) <= WIDTH else " " * (caret - len(tag) - 1) + f"{tag} ^"
    )
    return click.UsageError(f"{text}\n  {line}\n  {pointer}")


# The language of the command running now: what --lang asked on the command line (read before click
# parses it, so that a mistake in parsing is already told in that language), and what a command
# settled on once it knew more (a config's language).
# An evening's session (`printkit referee` with no command) sets the language of all its answers.
_voice: dict[str, str | None] = {"asked": None, "settled": None, "session": None}


def hear(args: list[str]) -> None:
    """Note the --lang of a command line before it is parsed; a new command line starts afresh."""
    _voice["asked"] = _voice["settled"] = None
    for i, word in enumerate(args):
        if word == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif word.startswith("--lang="):
            value = word.removeprefix("--lang=")
        else:
            continue
        _voice["asked"] = value if value in ("ru", "en") else None


def asked() -> str | None:
    """The --lang the command line gave, wherever it stood (None: none)."""
    return _voice["asked"]


def language(lang: str | None, config_language: str | None = None) -> str:
    """The language of an answer: --lang, else the session's, else PRINTKIT_LANG, else the config's
    language, else Russian. Whatever the command says after this (a refusal too) is said in it."""
    import os

    chosen = "ru"
    env = os.environ.get("PRINTKIT_LANG", "").strip().lower() or None
    for choice in (lang, _voice["session"], env, config_language):
        if choice in ("ru", "en"):
            chosen = choice
            break
    _voice["settled"] = chosen
    return chosen


def speak_for_session(lang: str | None) -> None:
    """The language every answer of a session is given in (None: the session is over)."""
    _voice["session"] = lang


def voice() -> str:
    """The language the running command speaks: what it settled on, else what its command line asked."""
    settled = _voice["settled"]
    return settled if settled else language(_voice["asked"])


def refuse(key: str, /, **values: object) -> click.UsageError:
    """A usage error whose message is a label, in the language of the running command."""
    from ..labels import label

    return click.UsageError(label(key, voice(), **values))


def said(error: object) -> str:
    """An error's message (or a Phrase) in the running command's language, when it can say itself
    (printkit's refusals can); anything else as printkit's English."""
    say = getattr(error, "say", None)
    return str(say(voice())) if callable(say) else str(error)


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """A paragraph wrapped to the terminal's 80 columns, continuation lines indented."""
    from ..labels import wrapped

    return "\n".join(wrapped(text, width, indent))


# ---- refusals: click's own messages, in the answer's language ------------------------------------------


def did_you_mean(names: list[str], lang: str) -> str:
    """' (did you mean 'x'?)' or ' (может быть, «x»?)' for the closest names; '' for none."""
    from ..labels import label

    if not names:
        return ""
    quoted = [f"«{n}»" if lang == "ru" else repr(n) for n in names]
    return label("cl_did_you_mean", lang, names=label("cl_or", lang).join(quoted))


class Spoken(click.UsageError):
    """A usage error told in a language: click's usage line, the hint to --help and the message."""

    def __init__(self, message: str, ctx: click.Context | None, lang: str) -> None:
        super().__init__(message, ctx)
        self.lang = lang

    def show(self, file: Any = None, usage: bool = True) -> None:
        """The usage line and the hint to --help (unless `usage` is False: a session says them only
        for `help COMMAND`), then the message."""
        from ..labels import label

        if self.ctx is not None and usage:
            line = self.ctx.get_usage().replace("Usage:", label("cl_usage", self.lang), 1)
            hint = label("cl_try", self.lang, command=self.ctx.command_path, option="--help")
            click.echo(f"{line}\n{hint}\n", err=True)
        click.echo(fitted(label("cl_error", self.lang, message=self.message)), err=True)


def fitted(text: str) -> str:
    """A message whose lines wider than the terminal are wrapped (narrower ones, such as a caret
    under a column, stay exactly as they are)."""
    return "\n".join(line if len(line) <= WIDTH else wrap(line, "  ") for line in text.split("\n"))


def spoken_error(error: click.UsageError) -> Spoken:
    """A usage error said again in the running command's language (click says its own in English)."""
    if isinstance(error, Spoken):
        return error
    lang = voice()
    return Spoken(error.format_message() if lang == "en" else _click_message(error, lang), error.ctx, lang)


def _likeliest(error: click.UsageError) -> list[str]:
    """The names click offers for a mistyped one, narrowed to the one printkit finds closest where
    there is one (--live is --lives, not also --brief)."""
    from ..suggest import closest

    offered = sorted(getattr(error, "possibilities", None) or [])
    typed = getattr(error, "option_name", None)
    near = closest(typed, offered, cutoff=0.8) if typed and len(offered) > 1 else None
    return [near] if near else offered


def _click_message(error: click.UsageError, lang: str) -> str:
    from ..labels import label

    hint = did_you_mean(_likeliest(error), lang)
    if isinstance(error, click.NoSuchOption):
        return label("cl_no_option", lang, name=error.option_name) + hint
    if hasattr(error, "command_name"):  # click 8.4's NoSuchCommand
        return label("cl_no_command", lang, name=error.command_name) + hint
    param = getattr(error, "param", None)
    name = getattr(error, "param_hint", None) or (param.get_error_hint(error.ctx) if param and error.ctx else "")
    name = name if isinstance(name, str) else " / ".join(name)
    name = re.sub(r"'([^']*)'", r"«\1»", name)
    if isinstance(error, click.MissingParameter):
        kind = error.param_type or (param.param_type_name if param else "parameter")
        text = label("cl_missing_option" if kind == "option" else "cl_missing_argument", lang, name=name)
        choices = getattr(param.type, "choices", None) if param else None
        return text + (label("cl_choose_from", lang, choices=", ".join(map(str, choices))) if choices else "")
    if isinstance(error, click.BadParameter) and name:
        return label("cl_bad_value", lang, name=name, message=_said_again(error.message, lang))
    return _said_again(error.message, lang)


def _said_again(message: str, lang: str) -> str:
    """One of click's messages (recognised by its English wording in the labels) in `lang`."""
    from ..labels import label

    for key, pattern, quoted in _click_patterns():
        found = pattern.fullmatch(message)
        if found:
            values = {k: v[1:-1] if k in quoted and v[:1] in "'\"" and v[-1:] == v[:1] else v
                      for k, v in found.groupdict().items()}  # fmt: skip
            return label(key, lang, **values)
    return message


@functools.cache
def _click_patterns() -> list[tuple[str, re.Pattern[str], set[str]]]:
    from ..labels import entries

    found = []
    for key, entry in entries("cl_t_").items():
        template, pattern, pos = entry["en"], "", 0
        fields = list(re.finditer(r"\{(\w+)(!r)?\}", template))
        for field in fields:
            pattern += re.escape(template[pos : field.start()]) + f"(?P<{field.group(1)}>.+?)"
            pos = field.end()
        quoted = {f.group(1) for f in fields if f.group(2)}
        found.append((key, re.compile(pattern + re.escape(template[pos:]), re.S), quoted))
    # The wordiest wording first: "is not one of {choices}." before "is not {choice}.".
    return sorted(found, key=lambda f: -len(re.sub(r"\{[^}]*\}", "", entries("cl_t_")[f[0]]["en"])))
