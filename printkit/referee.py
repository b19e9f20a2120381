"""The referee's questions of every installed game, one list that the command line and the web both ask."""

# The command line and the web page both list the referee's questions from here: the questions every
# game shares (dice, movement on a map) and each game's own (Game.questions["referee"]). Entries are
# "module:attribute" references, resolved only when a question is asked for, so that listing the
# names imports no game's engine.

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .game import PluginError, games, resolve
from .questions import Question

# The questions every game shares: a declared function, or a function that makes the Question
# (the movement questions gather every installed game's movement inputs when made).
SHARED: Mapping[str, str] = {
    "roll": "printkit.dice.questions:roll",
    "odds": "printkit.dice.questions:odds",
    "reach": "printkit.maps.moves:reach_question",
    "route": "printkit.maps.moves:route_question",
}


@dataclass(frozen=True)
class Entry:
    """One referee question by name: where it is declared and the game that offers it (None: shared)."""

    name: str
    target: str
    family: str | None

    def question(self) -> Question:
        """The declared question (imported now)."""
        return question_of(self.target)


def entries(reserved: tuple[str, ...] = ()) -> list[Entry]:
    """Every referee question: the shared ones first, then each game's, in the registry's order.
    A game's name that would hide a shared question (or one of `reserved`, a surface's own word)
    is a plug-in's error."""
    out = [Entry(name, target, None) for name, target in SHARED.items()]
    taken = {*SHARED, *reserved}
    for g in games():
        for name, target in g.questions.get("referee", {}).items():
            if name in taken:
                raise PluginError(f"game {g.family!r} names a command {name!r}, which printkit's own command is")
            out.append(Entry(name, target, g.family))
    return out


def question_of(target: str) -> Question:
    """The Question a "module:attribute" stands for: a declared function or a function making one."""
    found = resolve(target)
    declared = getattr(found, "question", None)
    if isinstance(declared, Question):
        return declared
    if callable(found):
        made = found()
        if isinstance(made, Question):
            return made
    raise PluginError(f"{target!r} declares no question")


def questions(reserved: tuple[str, ...] = ()) -> Iterator[tuple[Entry, Question]]:
    """Each referee question with its declaration, resolved one at a time as the caller goes."""
    for entry in entries(reserved):
        yield entry, entry.question()
