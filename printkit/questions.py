"""Questions declared once: typed inputs with their limits in both languages, the answering function, the answer."""

# A referee question (and a build option) is declared here once, as data: its inputs with their
# types, ranges and choices, its function and the record it answers with. The terminal command, its
# --json, the evening's session and the Python API are derived from the declaration, so a new
# surface (a web page) parses and checks nothing of its own.

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar, runtime_checkable

from .labels import RefusedValue, Switch

Localized = Mapping[str, str]
P = ParamSpec("P")
R = TypeVar("R")

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


# ---- kinds of values --------------------------------------------------------------------------------


class Kind(Protocol):
    """What one value of an input may be: read from a surface's text, or checked as a Python value."""

    def read(self, text: str) -> Any:
        """The value a typed word stands for (RefusedValue, said in either language, if none)."""

    def check(self, value: Any) -> Any:
        """A Python caller's value, checked as strictly as a typed one."""


@dataclass(frozen=True)
class Whole:
    """A whole number within bounds. Only ASCII digits ("²" passes isdigit() and fails int()); the
    length is checked before any conversion, so a thousand-digit word is refused at once."""

    lo: int
    hi: int

    def describe(self) -> str:
        return f"{self.lo}<=x<={self.hi}"

    def read(self, text: str) -> int:
        word = text.strip()
        if not _WHOLE.fullmatch(word):
            raise RefusedValue("cl_not_whole", value=_cut(text), range=self.describe())
        if len(word.lstrip("+-0")) > len(str(max(abs(self.lo), abs(self.hi)))):
            raise RefusedValue("cl_out_of_range", value=_cut(text), range=self.describe())
        return self.check(int(word))

    def check(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RefusedValue("cl_not_whole", value=_cut(str(value)), range=self.describe())
        if not self.lo <= value <= self.hi:
            raise RefusedValue("cl_out_of_range", value=_cut(str(value)), range=self.describe())
        return value


@dataclass(frozen=True)
class Decimal:
    """A finite decimal number within bounds: no nan, no inf, no exponent."""

    lo: float
    hi: float

    def describe(self) -> str:
        return f"{self.lo:g}<=x<={self.hi:g}"

    def read(self, text: str) -> float:
        if len(text) > 24 or not _DECIMAL.fullmatch(text.strip()):
            raise RefusedValue("cl_not_decimal", value=_cut(text), range=self.describe())
        return self.check(float(text))

    def check(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RefusedValue("cl_not_decimal", value=_cut(str(value)), range=self.describe())
        if not math.isfinite(value):
            raise RefusedValue("cl_not_finite", value=_cut(str(value)))
        if not self.lo <= value <= self.hi:
            raise RefusedValue("cl_out_of_range", value=_cut(str(value)), range=self.describe())
        return float(value)


@dataclass(frozen=True)
class Choice:
    """One of a few words; `names` gives each its words in both languages (for a page's list),
    and `aliases` other spellings people type (ru: "красные" for red)."""

    values: tuple[str, ...]
    names: Mapping[str, Localized] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)

    def read(self, text: str) -> str:
        word = text.strip()
        if word in self.values:
            return word
        folded = word.casefold()
        for value in self.values:
            if folded == value.casefold():
                return value
        for alias, value in self.aliases.items():
            if folded == alias.casefold():
                return value
        raise RefusedValue("cl_t_not_choices", value=_cut(text), choices=", ".join(self.values))

    def check(self, value: Any) -> str:
        if not isinstance(value, str):
            raise RefusedValue("cl_t_not_choices", value=_cut(str(value)), choices=", ".join(self.values))
        return self.read(value)

    def name(self, value: str, lang: str) -> str:
        """A choice as a page shows it, in lang (its own word where it has no name)."""
        return self.names.get(value, {}).get(lang, value)


@dataclass(frozen=True)
class Text:
    """A word or a short text; its meaning is the answering function's to check. A `pattern` (a
    regular expression the whole text matches) gives it a shape, `like` says that shape in both
    languages: a count in a word (zombie:3) is then refused here, never met by int() in the engine."""

    max_len: int = 200
    pattern: str | None = None
    like: Localized | None = None

    def __post_init__(self) -> None:
        if self.pattern is not None and {"ru", "en"} - set(self.like or {}):
            raise ValueError(f"a text of pattern {self.pattern!r} says its shape (like=) in ru and en")

    def read(self, text: str) -> str:
        return self.check(text)

    def check(self, value: Any) -> str:
        if not isinstance(value, str):
            raise RefusedValue("qs_not_text", value=_cut(str(value)))
        if len(value) > self.max_len:
            raise RefusedValue("qs_too_long", value=_cut(value), most=self.max_len)
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise RefusedValue("qs_not_like", value=_cut(value), like=dict(self.like or {}))
        return value


@dataclass(frozen=True)
class File:
    """A file the asker names (a map, a config, a key), or with `folder` a folder printkit writes
    into: read by the answering function, which says what is wrong with it with its line. An empty
    name is refused here: it would stand for the current folder."""

    folder: bool = False
    # How the files this input reads are usually named (".yaml"): a page that offers several files
    # puts these first. A preference, never a limit: the answering function reads what it is given.
    suffixes: tuple[str, ...] = ()

    def read(self, text: str) -> Path:
        return self.check(text)

    def check(self, value: Any) -> Path:
        if isinstance(value, str) and not value:
            raise RefusedValue("qs_empty_folder" if self.folder else "qs_empty_file")
        if not isinstance(value, str | Path) or not str(value) or "\x00" in str(value):
            raise RefusedValue("qs_not_file", value=_cut(str(value)))
        return Path(value)


@dataclass(frozen=True)
class Flag:
    """Given or not."""

    def read(self, text: str) -> bool:
        return self.check(text.strip().casefold() in ("1", "true", "yes", "on", "да"))

    def check(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise RefusedValue("qs_not_flag", value=_cut(str(value)))
        return value


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


# ---- inputs and questions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Input:
    """One input of a question (or a build option): its name, kind, words and how it is given.

    `flag` is how the command line spells an option ("--lives"); without one the input is a
    positional argument. `count` values make one use (--lives 10 12); `many` takes any number (a
    positional list, or an option given once per value or with its values in a row). `complete`
    names a function (given values, the word begun) -> words to offer, for Tab and for pages.
    An evening's session gives its config, key and edition to every question with an input named
    `config`, `keys` or `edition` that takes the value.
    """

    name: str
    kind: Kind
    help: Localized
    flag: str | None = None
    count: int = 1
    many: bool = False
    required: bool = False
    default: Any = None
    metavar: str | None = None
    complete: str | None = None
    envvar: str | None = None
    greedy: bool = False  # an option of `many` values that takes them in a row: --hiders 3 2
    # The games (families) whose maps read this input, for a question that gathers every game's
    # movement inputs: a page shows it only beside a map of one of them. Empty: every game's.
    games: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        missing = {"ru", "en"} - set(self.help)
        if missing:
            raise ValueError(f"input {self.name!r} has no help in {', '.join(sorted(missing))}")

    def named(self) -> Switch:
        """How a refusal names this input: its option (--lives), or a positional one in capitals
        (NOTATION); a page names its field instead (printkit.labels.switch)."""
        return Switch(self.flag or self.name.upper())

    def checked(self, value: Any) -> Any:
        """A Python value of this input, checked value by value (None: not given)."""
        if value is None or (isinstance(self.kind, Flag) and value is False):
            if self.required:
                raise RefusedValue("qs_missing", name=self.named())
            return value
        if self.many or self.count > 1:
            if isinstance(value, str | bytes) or not isinstance(value, Iterable):
                raise RefusedValue("qs_not_list", name=self.named())
            items = tuple(self.kind.check(v) for v in value)
            if self.count > 1 and len(items) != self.count:
                raise RefusedValue("qs_count", name=self.named(), n=self.count)
            return items
        return self.kind.check(value)


@runtime_checkable
class Answer(Protocol):
    """What a question answers with: a frozen record that says itself in either language.

    Its fields are its JSON (see as_json); `lines(lang)` is what a terminal or a page shows."""

    def lines(self, lang: str) -> list[Line]: ...


@dataclass(frozen=True)
class Para:
    """A paragraph a surface wraps to its width, continuation lines indented by `indent`."""

    text: str
    indent: str = ""


@dataclass(frozen=True)
class Note(Para):
    """A paragraph of notes on the rules (the readings taken, what a model leaves out): a brief
    answer leaves it out, on every surface; the answer's JSON keeps what it says."""


class Drawn(str):
    """A row of a picture drawn in text (a map's grid): a terminal shows it; a page that draws the
    picture itself leaves it out."""

    __slots__ = ()


Line = str | Para  # a plain str is shown as it is (a table row, a map row)


def answer_lines(answer: Answer, lang: str, brief: bool = False) -> list[Line]:
    """An answer's lines in lang; `brief` leaves out its notes on the rules."""
    found = answer.lines(lang)
    return [line for line in found if not isinstance(line, Note)] if brief else found


def text_lines(answer: Answer, lang: str, width: int = 80, brief: bool = False) -> list[str]:
    """An answer's lines as plain text within `width` columns: paragraphs wrapped, a hanging indent;
    `brief` leaves out its notes on the rules."""
    from .labels import wrapped

    out: list[str] = []
    for line in answer_lines(answer, lang, brief):
        out += wrapped(line.text, width, line.indent) if isinstance(line, Para) else [line]
    return out


@dataclass(frozen=True)
class Said:
    """Words an engine says in either language: a function of the language."""

    words: Callable[[str], str]

    def say(self, lang: str) -> str:
        return self.words(lang)


@dataclass(frozen=True)
class Question:
    """A question as every surface asks it."""

    name: str
    summary: Localized
    about: Localized
    inputs: tuple[Input, ...]
    examples: tuple[str, ...]
    function: Callable[..., Any]
    json: bool = True  # whether it answers in JSON too (--json)
    lang: bool = True  # whether it answers in a language (--lang)
    points_at: str | None = None  # the input a refusal's column counts in (a dice notation)
    dashed_words: bool = False  # a positional word may begin with a dash (-d6+10): no option is guessed
    # A Refused that is no RefusedValue (the key or the config refuses, not the words typed) is said
    # as printkit's error, without the command's usage; a RefusedValue still shows the usage.
    plain_refusals: bool = False
    notes: bool = False  # whether its answers end with notes on the rules (Note lines) a brief answer leaves out
    # The language the values given say the answer speaks when no --lang does (an evening file's
    # config's); None: the config input's, as ever.
    voice: Callable[[Mapping[str, Any]], str | None] | None = None

    def input(self, name: str) -> Input:
        for i in self.inputs:
            if i.name == name:
                return i
        raise KeyError(name)

    def ask(self, values: Mapping[str, Any], lang: str = "ru") -> Any:
        """The answer for checked values (what a surface read from its asker's words)."""
        given = dict(values)
        params = inspect.signature(self.function).parameters
        # An input not given is None to a function that has no default for it, as a command line
        # passes it: the function then says which value it misses, in words, not a TypeError.
        for i in self.inputs:
            param = params.get(i.name)
            if i.name not in given and param is not None and param.default is inspect.Parameter.empty:
                given[i.name] = None
        if "lang" in params:
            given["lang"] = lang
        return self.function(**given)


def checking(function: Callable[P, R], inputs: Sequence[Input]) -> Callable[P, R]:
    """The function, with every value a caller passes checked against its input's declaration
    first (a Python caller's too). A function that takes **values may take inputs declared at run
    time (a map's game's movement inputs)."""
    params = inspect.signature(function).parameters
    open_ended = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for i in inputs:
        if i.name not in params and not open_ended:
            raise TypeError(f"{function.__qualname__} takes no {i.name!r} for its input")
    by_name = {i.name: i for i in inputs}

    @functools.wraps(function)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        bound = inspect.signature(function).bind(*args, **kwargs)
        for key, value in list(bound.arguments.items()):
            if key in by_name:
                bound.arguments[key] = by_name[key].checked(value)
            elif params[key].kind is inspect.Parameter.VAR_KEYWORD:
                bound.arguments[key] = {k: by_name[k].checked(v) if k in by_name else v for k, v in value.items()}
        return function(*bound.args, **bound.kwargs)

    return checked


def question(
    name: str,
    *,
    summary: Localized,
    about: Localized,
    inputs: Sequence[Input] = (),
    examples: Sequence[str] = (),
    json: bool = True,
    lang: bool = True,
    points_at: str | None = None,
    dashed_words: bool = False,
    plain_refusals: bool = False,
    notes: bool = False,
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Declare the decorated function as a question (see checking: its values are checked first)."""

    def declare(function: Callable[P, R]) -> Callable[P, R]:
        checked = checking(function, inputs)
        declared = Question(name, summary, about, tuple(inputs), tuple(examples), checked, json, lang, points_at,
                            dashed_words, plain_refusals, notes)  # fmt: skip
        checked.question = declared  # type: ignore[attr-defined]
        return checked

    return declare


def declared(function: Callable[..., Any]) -> Question:
    """The question a function was declared as."""
    found = getattr(function, "question", None)
    if not isinstance(found, Question):
        raise TypeError(f"{function!r} is not a declared question")
    return found


# ---- JSON ---------------------------------------------------------------------------------------


def as_json(answer: Any, lang: str) -> Any:
    """An answer record as JSON data: its fields by name (a record may say otherwise with a
    json(lang) method); fractions as "p/q", sentences in lang, cells and tuples as lists."""
    own = getattr(answer, "json", None)
    if callable(own) and dataclasses.is_dataclass(answer):
        return _plain(own(lang), lang)
    return _plain(answer, lang)


def _plain(value: Any, lang: str) -> Any:
    say = getattr(value, "say", None)
    if callable(say):  # a Phrase, a Said: the words in lang
        return say(lang)
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name), lang)
            for f in dataclasses.fields(value)
            if f.metadata.get("json", True)
        }
    if isinstance(value, Mapping):
        return {str(_plain(k, lang)) if not isinstance(k, str) else k: _plain(v, lang) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        return [_plain(v, lang) for v in items]
    raise TypeError(f"an answer holds a {type(value).__name__}, which has no JSON form")
