"""The documentation tells the truth: every README `console` transcript and every --help example runs,
exits as documented, prints what the README shows and fits an 80-column terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import ROOT, ExampleKits
from .transcripts import Example, console_blocks, folder, help_examples, matches, run, too_wide

BLOCKS = console_blocks(ROOT / "README.md")
HELP = help_examples()


def _told(example: Example, printed: str) -> str:
    shown = "\n".join(example.shown or [])
    return f"{example.where}: $ {example.line}\n--- the README shows:\n{shown}\n--- printkit prints:\n{printed}"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block[0].where)
def test_readme_transcripts_print_what_they_show(block: list[Example], tmp_path: Path) -> None:
    where = folder(tmp_path)
    for example in block:
        ran = run(example.line, where)
        assert ran.exit_code == example.exit_code, _told(example, ran.output)
        if example.shown is not None:
            assert matches(example.shown, ran.output.splitlines()), _told(example, ran.output)
        assert not too_wide(ran), _told(example, ran.output)


@pytest.mark.parametrize("command", sorted(HELP))
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
    """Every command has examples that run, and the README's transcripts are found (so neither test
    above passes by finding nothing)."""
    assert len(BLOCKS) >= 6 and sum(len(b) for b in BLOCKS) >= 30
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
    ran = run("printkit cache info", where)
    assert ran.exit_code == 0
    assert f"folder:  {where / 'artefact-cache'}\n" in ran.output
