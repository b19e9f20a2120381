"""The documentation tells the truth: every `console` transcript of the README and the manual and every
--help example runs, exits as documented, prints what the page shows and fits an 80-column terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.game import games
from printkit.testing.declared import questions

from .conftest import CONFIGS, ROOT, ExampleKits, bundled_games
from .transcripts import Example, console_blocks, documents, folder, help_examples, matches, run, too_wide

# Each page's transcripts, in page order: a reader follows a page from the top, so a later block may
# use what an earlier one made (the tutorials build a kit, then ask its referee key).
PAGES = {page: blocks for page in documents() if (blocks := console_blocks(page))}
HELP = help_examples()
# The commands of an installed game's questions (and the movement questions, whose examples are the
# games'): the conformance run answers each of their examples as this file runs them, through the
# same runner, with the exit code documented, within 80 columns, and in JSON and as a page besides
# (tests/test_conformance.py). The others' examples run here.
ASKED = {f"{a.group} {a.name}" for g in games() for a in questions(g)}
EXAMPLE_NAMES = {config.name for config in CONFIGS}


def _told(example: Example, printed: str) -> str:
    shown = "\n".join(example.shown or [])
    return f"{example.where}: $ {example.line}\n--- the page shows:\n{shown}\n--- printkit prints:\n{printed}"


def _built_examples(blocks: list[list[Example]]) -> set[tuple[str, str]]:
    """(example config, language) of each `printkit build examples/X.yaml` a page runs."""
    found = set()
    for example in (e for block in blocks for e in block):
        built = re.match(r"printkit build examples/([\w-]+\.yaml)\b", example.line)
        if built and built.group(1) in EXAMPLE_NAMES:
            found.add((built.group(1).removesuffix(".yaml"), "en" if "--lang en" in example.line else "ru"))
    return found


# The plug-in tutorial writes the tiny game (tests/tinygame): its transcripts run with it installed.
TUTORIAL = ROOT / "docs" / "adding-a-game.md"
TINY = ROOT / "tests" / "tinygame"


# A page that builds an example's kit asks for that shared kit first: outside the everyday tier's sample.
@pytest.mark.parametrize(
    "page",
    [pytest.param(page, marks=pytest.mark.slow) if _built_examples(PAGES[page]) else page for page in sorted(PAGES)],
    ids=lambda page: page.relative_to(ROOT).as_posix(),
)
@pytest.mark.slow
def test_transcripts_print_what_they_show(
    page: Path, tmp_path: Path, kits: ExampleKits, request: pytest.FixtureRequest
) -> None:
    if page == TUTORIAL:
        request.getfixturevalue("tiny_game")
    blocks = PAGES[page]
    for name, lang in sorted(_built_examples(blocks)):
        # The shared example kit first: the page's build then takes every page but the secret ones from
        # the run's artefact cache instead of drawing it a second time.
        kits(name, lang)
    where = folder(tmp_path, examples=False)
    for block in blocks:
        for example in block:
            ran = run(example.line, where)
            assert ran.exit_code == example.exit_code, _told(example, ran.output)
            if example.shown is not None:
                assert matches(example.shown, ran.output.splitlines()), _told(example, ran.output)
            assert not too_wide(ran), _told(example, ran.output)


def _titled_blocks(page: Path) -> dict[str, str]:
    """The code blocks of a page that carry a file's name (```python title="a/b.py"```): name -> text."""
    text = page.read_text("utf-8")
    found = re.findall(r'^```\w+ title="([^"]+)"\n(.*?)^```$', text, flags=re.S | re.M)
    return dict(found)


def test_the_plugin_tutorial_shows_the_tiny_games_files_whole() -> None:
    """The tutorial writes the tiny game file by file: each file it shows is that game's file to the
    letter, and it shows every file the game has, so a reader who follows it has the game the suite
    installs and checks (test_registry, test_conformance)."""
    shown = _titled_blocks(TUTORIAL)
    files = {
        p.relative_to(TINY).as_posix(): p.read_text("utf-8")
        for p in sorted(TINY.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and ".egg-info" not in p.as_posix()
    }
    assert sorted(shown) == sorted(files)
    for name, text in shown.items():
        assert text == files[name], name


# The documented builds build whole kits, of several examples, and validate lays out every form of one:
# the whole suite only.
@pytest.mark.parametrize(
    "command",
    [
        pytest.param(c, marks=pytest.mark.slow) if c in ("printkit", "build", "validate") else c
        for c in sorted(set(HELP) - ASKED)
    ],
)
@pytest.mark.slow
def test_help_examples_run_as_documented(command: str, tmp_path: Path, kits: ExampleKits) -> None:
    if command in ("printkit", "build"):
        # The bundled game's kit that other tests share, built (or waited for) first: the documented
        # `printkit build` then takes its pages from the run's artefact cache instead of drawing
        # them a second time beside that build.
        kits.default()
    where = folder(tmp_path)
    for example in HELP[command]:
        ran = run(example.line, where)
        assert ran.exit_code == example.exit_code, _told(example, ran.output)
        assert "Traceback" not in ran.output
        assert not too_wide(ran), _told(example, ran.output)


def test_the_documentation_is_covered() -> None:
    """Every command has examples that run, and the transcripts are found (so neither test above
    passes by finding nothing): the README's tour, and each tutorial in both languages."""
    examples = [e for blocks in PAGES.values() for block in blocks for e in block]
    assert sum(len(blocks) for blocks in PAGES.values()) >= 40 and len(examples) >= 100
    readme = [e.line for block in PAGES[ROOT / "README.md"] for e in block]
    assert any(line.startswith("printkit build") for line in readme)
    assert any(line.startswith("printkit referee") for line in readme)
    for lang in ("en", "ru"):
        for game in (g.family for g in bundled_games()):
            lines = [e.line for block in PAGES[ROOT / "docs" / lang / f"{game}.md"] for e in block]
            assert any(line.startswith("printkit build examples/") for line in lines), (lang, game)
            assert any(line.startswith(("printkit referee", "printkit stratego")) for line in lines), (lang, game)
    commands = {name for name in HELP if name.startswith("referee ")}
    assert len(commands) >= 23, sorted(commands)
    assert sum(len(v) for v in HELP.values()) >= 100


def test_a_transcript_that_lies_is_caught(tmp_path: Path) -> None:
    """The comparison is not vacuous: other output, a missing line or a wrong exit code fail it."""
    where = folder(tmp_path)
    ran = run('printkit referee odds "3d6>=15" --lang en', where)
    printed = ran.output.splitlines()
    assert matches(["...", "P(total >= 15) = 5/54 (9.26 %)"], printed)
    assert not matches(["...", "P(total >= 15) = 5/53 (9.26 %)"], printed)
    assert not matches(printed[:-1], printed) and matches([*printed[:3], "...", printed[-1]], printed)
    assert run("printkit referee odds 3d6q", where).exit_code == 2


def test_documented_cache_commands_use_a_cache_of_their_own(tmp_path: Path) -> None:
    """A documented `printkit cache clear` must not empty the artefact cache this run's builds share."""
    where = folder(tmp_path)
    ran = run("printkit cache info --lang en", where)
    assert ran.exit_code == 0
    assert f"folder:  {where / 'artefact-cache'}\n" in ran.output
