"""Error types of printkit and the one table of exit codes they map to."""

from __future__ import annotations

from dataclasses import dataclass

# One table for the whole tool; click's own usage errors keep their exit code 2.
EXIT_OK = 0
EXIT_CHECK_FAILED = 1  # a check ran and found problems (map check, setup check, ...)
EXIT_USAGE = 2
EXIT_CONFIG = 3
EXIT_OUTPUT = 4
EXIT_RENDER = 5


class PrintkitError(Exception):
    """Base of every error printkit reports to a user: one clear message, no traceback."""

    exit_code = EXIT_RENDER

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def lines(self) -> list[str]:
        return [self.message]

    def say(self, lang: str) -> str:
        """The message in a language: the library's own English, unless the error was raised from a label."""
        return self.message


@dataclass(frozen=True)
class Problem:
    """One problem found in a file: where it is and what is wrong."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str) -> str:
        """The problem in a language: a message that can say itself (a Phrase) in it, any other in
        printkit's English."""
        say = getattr(self.message, "say", None)
        message = say(lang) if callable(say) else self.message
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {message}" if self.field else f"{where}: {message}"


class ConfigError(PrintkitError):
    """A config, ruleset or key file that cannot be used; carries every problem found."""

    exit_code = EXIT_CONFIG

    def __init__(self, problems: list[Problem], lang: str | None = None) -> None:
        self.problems = list(problems)
        self.lang = lang  # the language of the config the problems were found in, when it was read
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]

    def said_lines(self, lang: str) -> list[str]:
        """The problems in a language: those whose message can say itself (a Phrase) are said in it,
        the rest of a file's problems stay in English."""
        return [p.said(lang) for p in self.problems]


class UsageError(PrintkitError):
    """A request the library cannot carry out as asked (wrong kind name, wrong game number, ...)."""

    exit_code = EXIT_USAGE


class OutputError(PrintkitError):
    """The output folder cannot be written as asked (exists and not empty, not writable, ...)."""

    exit_code = EXIT_OUTPUT


class RenderError(PrintkitError):
    """A document could not be rendered (text does not fit, a template is broken, ...)."""

    exit_code = EXIT_RENDER


def config_error(file: str, line: int | None, field: str, message: str) -> ConfigError:
    """Shorthand for a config error with a single problem."""
    return ConfigError([Problem(file, line, field, message)])
