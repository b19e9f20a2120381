"""A question's answer worked out from its filled form, in a thread or a worker process, as a page shows it."""

# What a page needs of an answer is worked out where the answer is: its blocks (the answer's lines
# laid out for a phone), its picture, its line in the roll log in every language, or its refusal,
# every "did you mean" a link that asks again. `serve` works them out in a worker process
# (printkit.web.workers), so everything a Job carries and a Worked returns pickles, and the
# question is found there by its name in the registry.

from __future__ import annotations

import functools
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup, escape

from ..errors import PrintkitError
from ..game import on_change
from ..labels import LANGUAGES, Suggestion, entries, suggestions
from ..questions import Drawn, Para, Question
from ..referee import Entry, questions
from . import forms, pictures, said
from .forms import ROLL_SWITCH
from .rolls import shown
from .served import Served

# Questions whose answers go into the shared roll log: a roll is as public as one on the table.
LOGGED = frozenset({"roll"})


# Fields of a form a suggestion never changes: the page's own, and the buttons that sent it.
_NOT_ASKED = frozenset({"t", "who", "lang", "ask", "dice", "brief", ROLL_SWITCH})


def _suggesting(
    refusal: str,
    offered: Sequence[Suggestion],
    q: Question,
    form: Mapping[str, list[str]],
    lang: str,
    link: Callable[[Mapping[str, str]], str],
    posted: bool,
) -> tuple[Markup, list[tuple[str, str]]]:
    """A refusal whose "did you mean" names are links that ask again with the name in the typed word's
    place, every other field as it was: a question asked by GET by an address; a roll's question,
    which is posted, by a button that posts the form again (its fields returned, for a form of their
    own). A word found in no field stays text."""
    out = escape(refusal)
    fields: list[tuple[str, str]] = []
    for s in offered:
        found = _with_suggestion(q, form, s)
        hint, named = escape(shown(s.say(lang))), escape(shown(s.named(lang)))
        if found is None or hint not in out or named not in hint or (posted and fields):
            continue
        if posted:
            fields = [(k, found[1] if k == found[0] else v) for k, values in form.items() for v in values]
            anchor = Markup('<button type="submit" form="suggested" class="link">{}</button>').format(named)
        else:
            anchor = Markup('<a href="{}">{}</a>').format(link({found[0]: found[1]}), named)
        out = Markup(out.replace(hint, hint.replace(named, anchor, 1), 1))
    return out, fields


def _with_suggestion(q: Question, form: Mapping[str, list[str]], s: Suggestion) -> tuple[str, str] | None:
    """The field that holds the word a suggestion is for, and its value with the suggested name in
    the word's place (the whole value, a word of several, or the part of one it was read from:
    "knigts" of "knigts@castle"); None when no one-value field holds it."""
    for name, values in form.items():
        if name in _NOT_ASKED or len(values) != 1 or s.typed not in values[0]:
            continue
        value, near = values[0], s.near
        many = any(i.name == name and i.many for i in q.inputs)
        if many and " " in near:  # a value of several is split as a terminal splits it: quoted
            near = shlex.quote(near)
        if value == s.typed:
            return name, near
        words = value.split()
        if s.typed in words:
            words[words.index(s.typed)] = near
            return name, " ".join(words)
        return name, value.replace(s.typed, near, 1)
    return None


@dataclass(frozen=True)
class Link:
    """The address of a question's page with some of its values set (\"\" leaves an input empty): where
    a picture's taps lead. A value, not a closure, so that a worker process can draw the picture."""

    prefix: str  # the master's pages' start, or ""
    name: str
    form: Mapping[str, list[str]]
    lang: str
    logged: bool  # a roll's page: asked by POST, so its links only fill the form in

    def __call__(self, more: Mapping[str, str]) -> str:
        given = {k: v for k, v in self.form.items() if k not in ("t", "who")}
        given.update({k: [v] for k, v in more.items()})
        given["lang"] = [self.lang]
        if not self.logged:
            given["ask"] = ["1"]
        return f"{self.prefix}/q/{self.name}?{urlencode(given, doseq=True)}"


@dataclass(frozen=True)
class Job:
    """A question asked on a page, as its answer is worked out (in a worker process: every field
    pickles; the question is found there by its name)."""

    name: str
    form: Mapping[str, list[str]]
    lang: str
    served: Served
    link: Link
    brief: bool
    rolled: bool  # a game's question that rolled dice (a spell cast): what the dice did comes first


@dataclass(frozen=True)
class Worked:
    """An answer as a page shows it: its blocks, its picture, its line in the roll log (in each
    language), its exit code; or the refusal of a value only the answer could find wrong (a cell off the map)."""

    blocks: tuple[Block, ...] = ()
    picture: Markup | None = None
    line: Mapping[str, str] = field(default_factory=dict)  # language -> the answer in a line
    code: int = 0
    refusal: str | Markup = ""
    suggested: tuple[tuple[str, str], ...] = ()  # a refused roll's suggestion: the fields its button posts
    # The events the answer offers to record in the evening served: (kind, its form's fields, what
    # recording it says in each language); the master's page shows each as a button.
    offers: tuple[tuple[str, tuple[tuple[str, str], ...], Mapping[str, str]], ...] = ()


def ready() -> None:
    """A worker process's first work (Workers.start): finding this function imports this module, and
    with it what every answer needs; the registry's questions are found, before the first question."""
    registered()


@functools.cache
def registered() -> dict[str, tuple[Entry, Question]]:
    """The registry's questions by name, found once: a worker process answers from them all evening."""
    return {e.name: (e, q) for e, q in questions()}


# A game plugged in or taken away while running (a script trying a game, the tests) changes the
# registry: what was found for the old set of games would answer for a game no longer there.
on_change(registered.cache_clear)


def work_out(job: Job, q: Question | None = None) -> Worked:
    """A question's answer worked out from its filled form: `q` the question asked, or None for the
    registry's of that name (in a worker process, which holds only the registry's questions)."""
    if q is None:
        q = registered()[job.name][1]
    words = words_of(job.lang)
    try:
        values = forms.read(q, job.served, job.form)
        served, found = job.served, None
        if served.evening_file is not None and served.config is not None:
            # the config (and its map) brought to where the evening stands, what it holds filled in
            from ..evening.now import asked

            found = asked(q, values, (served.evening_file, served.config.parent))
            values = dict(found.values) if found is not None else values
        answer = q.ask(values, job.lang)
        offers = found.offers(q, answer)[0] if found is not None else ()
    except PrintkitError as exc:
        refusal, suggested = refusal_said(exc, q, job.form, job.served, job.link, words)
        return Worked(refusal=refusal, suggested=suggested)
    picture = pictures.picture(job.name, values, answer, job.lang, job.link)
    with said.speaking(q, words, job.lang):
        blocks = _blocks(answer, job.lang, job.brief, picture is not None, job.rolled)
        notes = found.told(q) if found is not None else ()  # what the evening filled in, its switches as fields
        blocks += [Block("p", shown(n.get(job.lang, "")), "indent") for n in notes]
    line = {}  # a roll's line in the log in every language: each device's page says it in its own
    for lang in LANGUAGES:
        with said.speaking(q, words_of(lang), lang):
            line[lang] = _in_a_line(answer, lang, last=job.name not in LOGGED)
    # Each offer carries the newest event it was reckoned on: recorded later, it is refused in words
    # if the evening has moved on (another phone, the command line), never recorded on other figures.
    seen = str(found.opened.state.last) if found is not None else ""
    offered = tuple((o.kind, (*o.fields(), ("seen", seen)), dict(o.said)) for o in offers)
    return Worked(tuple(blocks), picture, line, getattr(answer, "exit_code", 0), offers=offered)


@functools.cache
def words_of(lang: str) -> dict[str, str]:
    """The pages' words in a language."""
    return {k: v[lang] for k, v in entries("web_").items()}


def refusal_said(exc: PrintkitError, q: Question, form: Mapping[str, list[str]], served: Served, link: Link,
             words: Mapping[str, str]) -> tuple[str | Markup, tuple[tuple[str, str], ...]]:  # fmt: skip
    """A refusal as the page says it: in the page's words (a switch by its field), no file by where it
    lies on the server, each "did you mean" a link that asks again (see _suggesting)."""
    with said.speaking(q, words, link.lang):
        refusal: str | Markup = shown(served.unplaced(exc.say(link.lang)))
        offered = suggestions(getattr(exc, "values", {}))
        if not offered:
            return refusal, ()
        refusal, fields = _suggesting(refusal, offered, q, form, link.lang, link, link.logged)
        return refusal, tuple(fields)


# The widest row, in characters, a phone shows in the answer's monospace type without scrolling: at
# 390 px the answer's rows get 311 px, and a monospace character of 0.85rem (14.45 px) is 0.6 em wide,
# 8.7 px: 35 of them (42, the figure before, let a D6 table's row of 42 run 33 px off the screen).
PHONE_COLUMNS = 35


@dataclass(frozen=True)
class Block:
    """A piece of an answer as a page shows it: a paragraph ("p", class "indent" or "", "row" or
    "row sub" for a row too wide for a phone that holds no columns, its terminal indent kept as a
    margin), rows kept as they are ("pre": class "drawn" for a picture drawn in text, "wrap" for
    sentences printed as rows, which may wrap), or rows of columns too wide for a phone ("table":
    `cells` per row, so a figure at a row's end wraps into view instead of running off the screen)."""

    kind: str
    text: str
    css: str = ""
    cells: tuple[tuple[str, ...], ...] = ()

    @property
    def columns(self) -> int:
        """The most cells a row of the table holds: a shorter row's last cell spans the rest."""
        return max(map(len, self.cells), default=0)


def _blocks(answer: Any, lang: str, brief: bool, pictured: bool, rolled: bool) -> list[Block]:
    """An answer's lines as the page shows them (see Block, and said.answer)."""
    out: list[Block] = []
    for line in said.answer(answer, lang, brief, pictured, rolled):
        if isinstance(line, Para):
            out.append(Block("p", _kept_with_number(shown(line.text)), "indent" if line.indent else ""))
            continue
        css = "drawn" if isinstance(line, Drawn) else ""
        if out and out[-1].kind == "pre" and out[-1].css == css:
            out[-1] = Block("pre", out[-1].text + "\n" + shown(line), css)
        else:
            out.append(Block("pre", shown(line), css))
    return [shaped for b in out for shaped in _shaped(b)]


def _shaped(block: Block) -> list[Block]:
    if block.kind != "pre" or block.css == "drawn":  # a picture's rows keep their places
        return [block]
    if _prose(block.text):
        return [Block("pre", _kept_with_number(block.text), "wrap")]
    rows = block.text.split("\n")
    if max(map(len, rows)) <= PHONE_COLUMNS:
        return [block]
    cells = tuple(_cells(row) for row in rows)
    if any(len(c) > 1 for c in cells):
        return [Block("table", block.text, cells=tuple(tuple(_kept_with_number(c) for c in row) for row in cells))]
    # Rows with no columns, only the terminal's indent (a D6 table's "  2-5: the escape fails"): each
    # row wraps as a paragraph, an indented one under the row before it, instead of running off.
    return [Block("p", _kept_with_number(row.strip()), "row sub" if row.startswith(" ") else "row")
            for row in rows if row.strip()]  # fmt: skip


# Columns of an answer's table are set apart by two spaces or more; one space is inside a column.
_COLUMN_GAP = re.compile(r"\s{2,}")
# A row indented this far holds no first column: a header over the figures' columns.
_HEADER_INDENT = 8


def _cells(row: str) -> tuple[str, ...]:
    cells = tuple(_COLUMN_GAP.split(row.strip()))
    indent = len(row) - len(row.lstrip(" "))
    return ("", *cells) if indent >= _HEADER_INDENT and row.strip() else cells


def _kept_with_number(text: str) -> str:
    """A percent sign or a unit never wraps away from its number: "50.00 %" keeps its space unbroken."""
    return text.replace(" %", "\u00a0%")


def _prose(rows: str) -> bool:
    """Whether rows hold no columns: no row starts with a space or holds two spaces in a row."""
    return all(not row.startswith(" ") and "  " not in row for row in rows.split("\n"))


def _in_a_line(answer: Any, lang: str, last: bool = False) -> str:
    """An answer said in one line, as the log shows a roll: its lines one after another, or with
    `last` only its last line (a game's rolled answer explains its chances first and says what
    the dice did last)."""
    said = [text.strip() for line in answer.lines(lang) if (text := line.text if isinstance(line, Para) else line)]
    said = [text for text in said if text]
    return said[-1] if last and said else " ".join(said)
