"""What one game declares, gathered for its checks: its questions by command, and every command line it documents."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..game import Game, load_module
from ..labels import LANGUAGES, known, label
from ..questions import Question
from ..referee import SHARED, entries, question_of


@dataclass(frozen=True)
class Asked:
    """A question as a command asks it (`printkit GROUP NAME`), with the examples the game gives it:
    its own question's, or its movement's examples of a shared movement question (reach, route)."""

    group: str
    name: str
    question: Question
    examples: tuple[str, ...]
    shared: bool = False  # a question every game shares, asked with this game's examples


def questions(g: Game) -> Iterator[Asked]:
    """The game's questions, every group's, and the shared movement questions with its examples."""
    for group, asked in g.questions.items():
        for name, target in asked.items():
            q = question_of(target)
            yield Asked(group, name, q, tuple(q.examples))
    if g.movement is not None:
        own = getattr(load_module(g.movement), "EXAMPLES", {})
        found = {e.name: e for e in entries()}
        for name, examples in own.items():
            if name in SHARED and name in found:
                yield Asked("referee", name, found[name].question(), tuple(examples), shared=True)


def help_examples(name: str) -> list[str]:
    """The example lines of a game's command (a shortcut or a group of its own), from its labels
    h_<name>_ex, in every language it has them in."""
    key = f"h_{name.replace('-', '_')}_ex"
    lines: list[str] = []
    if known(key):
        for lang in LANGUAGES:
            try:
                lines += label(key, lang).strip().splitlines()
            except KeyError:  # a language missing: the labels check says so
                continue
    return lines


def command_lines(g: Game) -> list[str]:
    """Every command line the game documents: its build examples, its questions' and its movement's
    examples, and the help examples of its shortcuts and command groups."""
    lines = list(g.examples)
    for asked in questions(g):
        lines += asked.examples
    for name in [cut.name for cut in g.shortcuts] + [group for group in g.questions if group != "referee"]:
        lines += help_examples(name)
    return lines
