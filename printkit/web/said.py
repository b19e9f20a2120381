"""What a question's page says to the person holding the phone: its title, summary, about and labels."""

# A question is declared once, its help written for the command line (--turns K, exit 1). A page says
# the same in the table's words where the command line's would show: labels named after the question
# (web_title_<question>, web_sum_<question>, web_about_<question>, web_in_<question>_<input>, or
# web_in_<input> for an input several questions share), each in both languages, in the shared labels
# or the game's own. Without one, the declaration's own words are the page's.

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

from ..labels import switches_named
from ..questions import Choice, Drawn, Flag, Input, Line, Para, Question, answer_lines

# An exact chance followed by its percentage, "4241/6561 (64.64 %)": a page leads with the percentage.
_CHANCE = re.compile(r"(?<![\w/])(\d+/\d+) \((\d+(?:[.,]\d+)? ?%)\)")


def title(name: str, words: Mapping[str, str]) -> str:
    """The question's title in the page's language (its command's name where it has none)."""
    return words.get(f"web_title_{name}", name)


def summary(q: Question, words: Mapping[str, str], lang: str) -> str:
    """The question's summary as a page says it."""
    return words.get(f"web_sum_{q.name}") or q.summary[lang]


def about(q: Question, words: Mapping[str, str]) -> str:
    """What a page says under the form ("" where the command line's about speaks of its options)."""
    return words.get(f"web_about_{q.name}", "")


def label(q: Question, i: Input, words: Mapping[str, str], lang: str) -> str:
    """An input's label on a page."""
    return words.get(f"web_in_{q.name}_{i.name}") or words.get(f"web_in_{i.name}") or i.help[lang]


def speaking(q: Question, words: Mapping[str, str], lang: str) -> AbstractContextManager[None]:
    """Within the block, an answer's or a refusal's words name a switch or an option of the question
    (declared "--mirror", "--potential N") by its field's label on the page, never by its option."""
    return switches_named(naming(q, words, lang))


def naming(q: Question, words: Mapping[str, str], lang: str) -> Callable[[str], str]:
    """How a page names an option of the question (or a positional input, NOTATION): its field's label
    in quotes; a value the option is given as a word ("--relay keep") after it, a placeholder in
    capitals ("N") left out: the page has a field for it. An option the question does not have keeps
    its words (the page tests find them)."""
    by_flag = {i.flag or i.name.upper(): i for i in q.inputs}

    def named(option: str) -> str:
        flag, _, value = option.partition(" ")
        i = by_flag.get(flag)
        if i is None:
            return option
        shown = quoted(label(q, i, words, lang).rstrip(". "), lang)
        return f"{shown}: {value}" if value and not value.isupper() else shown

    return named


# A field's label quoted inside a sentence: the language's own quotes, and the other pair for quotes
# the label holds («Стратегия» inside «…» is „Стратегия“).
_QUOTES = {"ru": ("«", "»", "„", "“"), "en": ("“", "”", "‘", "’")}


def quoted(text: str, lang: str) -> str:
    """Text in the page's quotes, its own quotes turned to the inner pair."""
    left, right, inner_left, inner_right = _QUOTES.get(lang, _QUOTES["en"])
    return left + text.replace(left, inner_left).replace(right, inner_right) + right


def answer(found: Any, lang: str, brief: bool = False, pictured: bool = True, rolled: bool = False) -> list[Line]:
    """An answer's lines as a page shows them: each chance as its percentage first, the exact
    fraction after it ("64.64 % (4241/6561)"); with the answer's picture drawn (`pictured`), the
    rows a terminal draws it with left out; a game's answer that rolled (`rolled`: a spell cast)
    first says what the dice did, which it says last (as the roll log shows it)."""
    out: list[Line] = []
    for line in answer_lines(found, lang, brief):
        if isinstance(line, Drawn) and pictured:
            continue
        if isinstance(line, Para):
            out.append(type(line)(leading(line.text), line.indent))
        else:  # a row of a picture drawn in text stays one, kept as it is drawn
            out.append(Drawn(leading(line)) if isinstance(line, Drawn) else leading(line))
    return [out[-1], *out[:-1]] if rolled and out else out


def leading(text: str) -> str:
    """A line with each chance's percentage before its exact fraction."""
    return _CHANCE.sub(r"\2 (\1)", text)


# The inputs a roll's line in the log says apart or not at all: its seed after what was rolled, and
# the switch that made a game's question roll (the line is that roll).
_SAID_APART = frozenset({"seed", "roll"})


def rolled(q: Question, given: Sequence[tuple[str, str]], words: Mapping[str, str], lang: str, dice: bool) -> str:
    """What a roll in the log rolled, as a page says it: the dice roll's notation (`dice`), a game's
    question by its title and its values; an option in its log words (web_log_<input>, its value as
    {value}), else by its field's label."""
    values, options = [], []
    for name, value in given:
        if name in _SAID_APART:
            continue
        i = next((i for i in q.inputs if i.name == name), None)
        if i is None or (isinstance(i.kind, Choice) and len(i.kind.values) == 1):
            continue  # a choice of one (a leader's escape's edition, 2003) was nobody's choice
        if i.flag is not None and i.default is not None and value == str(i.default):
            continue  # an option at its default, which the form sends filled in, was nobody's choice either
        shown = i.kind.name(value, lang) if isinstance(i.kind, Choice) else value
        if i.flag is None:
            values.append(shown)
        elif f"web_log_{name}" in words:
            options.append(words[f"web_log_{name}"].format(value=shown))
        else:
            field = quoted(label(q, i, words, lang).rstrip(". "), lang)
            options.append(field if isinstance(i.kind, Flag) else f"{field}: {shown}")
    head = " ".join(values)
    if not dice:
        head = f"{title(q.name, words)}: {head}" if head else title(q.name, words)
    return ", ".join([head, *options])


def seed(given: Sequence[tuple[str, str]], words: Mapping[str, str]) -> str:
    """A roll's seed as the log says it on a page ("seed “home”"), or "" for a roll without one: a
    seed replays a roll, so a roll tried at home never passes for a fair one."""
    found = dict(given).get("seed")
    return words["web_log_seed"].format(seed=found) if found else ""
