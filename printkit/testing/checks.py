"""The conformance suite: every check a game passes, by name, and the installed games by their entry-point ids."""

# `python -m printkit.testing GAME_ID` runs them all over one installed game; printkit's own test
# suite runs each over every installed game (tests/test_conformance.py). A check is a function of
# the game that returns its findings, each a sentence in Russian and English; none means it holds.

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points

from ..game import GROUP, Game, PluginError, game
from ..labels import Phrase, label
from . import answers, kits, words
from .imports import undeclared_imports


@dataclass(frozen=True)
class Check:
    """One named check: the function that makes its findings and the label that says what it checks."""

    name: str
    run: Callable[[Game, int | None], list[Phrase]]
    about: str


CHECKS: tuple[Check, ...] = (
    Check("references", words.references, "ts_about_references"),
    Check("labels", words.labels, "ts_about_labels"),
    Check("declarations", words.declarations, "ts_about_declarations"),
    Check("schema", words.schema, "ts_about_schema"),
    Check("examples", kits.examples, "ts_about_examples"),
    Check("validate", kits.validate, "ts_about_validate"),
    Check("kit", kits.kit, "ts_about_kit"),
    Check("answers", answers.answers, "ts_about_answers"),
)


def check(name: str) -> Check:
    """The check of that name (KeyError if there is none)."""
    for c in CHECKS:
        if c.name == name:
            return c
    raise KeyError(name)


def run(c: Check, g: Game, jobs: int | None = None) -> list[Phrase]:
    """A check's findings for a game; a check that breaks down is a finding too, said in one line."""
    try:
        return c.run(g, jobs)
    except Exception as error:  # the game's code may fail in any way: the run goes on to the next check
        return [Phrase("ts_broke", error=f"{type(error).__name__}: {error}")]


def installed() -> dict[str, str]:
    """Each installed game's entry-point id (what `python -m printkit.testing` takes) -> its family."""
    found: dict[str, str] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            loaded = point.load()
        except Exception as error:  # a plug-in that cannot be imported is named as such
            raise PluginError(f"plug-in {point.name!r} ({point.value}) cannot be loaded: {error}") from error
        if not isinstance(loaded, Game):
            raise PluginError(f"plug-in {point.name!r} ({point.value}) is no printkit.game.Game")
        found[point.name] = loaded.family
    return found


def of(game_id: str) -> Game:
    """The installed game of an entry-point id, as the registry knows it (KeyError if none)."""
    return game(installed()[game_id])


def report(game_id: str, g: Game, lang: str, jobs: int | None = None) -> tuple[list[str], int]:
    """What `python -m printkit.testing` says of a game, and its exit code: a `warning:` line for each
    undeclared import, a line for each finding (its check's name first), then the summary; 0 when
    every check holds, else 1."""
    lines = [label("ts_warning", lang, message=found) for found in warnings(g)]
    failed = 0
    for c in CHECKS:
        findings = run(c, g, jobs)
        failed += bool(findings)
        lines += [f"{c.name}: {finding.say(lang)}" for finding in findings]
    if failed:
        return [*lines, label("ts_failed", lang, game=game_id, failed=failed, n=len(CHECKS))], 1
    return [*lines, label("ts_passed", lang, game=game_id, n=len(CHECKS))], 0


def warnings(g: Game) -> list[str]:
    """What a game's source imports of printkit beyond the declared API (printkit.plugin): one line each."""
    root, paths = words.source_files(g)
    return [found for path in paths for found in undeclared_imports(path, root)]
