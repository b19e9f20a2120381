"""A fifth game is registered, built and queried without touching printkit's shared modules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit import build_kit, load_session
from printkit.games import games, register, unregister

from .conftest import pdf_text, run, write
from .tinygame import GAME


@pytest.fixture
def tiny() -> Iterator[None]:
    register(GAME)
    yield
    unregister("tiny")


def test_the_registry_lists_the_four_games_and_their_rulesets() -> None:
    assert {g.family: g.rulesets for g in games()} == {
        "strategiya": ("strategiya",),
        "vs": ("vs-2025", "vs-2003"),
        "stratego": ("stratego",),
        "tannhauser": ("tannhauser",),
    }


def test_a_registered_game_builds_its_artefact(tiny: None, tmp_path: Path) -> None:
    config = write(tmp_path / "t.yaml", "game: tiny\nlanguage: en\ntable_name: Kitchen\nplayers: [{name: Ann}, {}]\n")
    kit = build_kit(load_session(config), tmp_path / "kit")
    assert [p.name for p in kit.files] == ["tally.pdf", "manifest.json"]
    pages = pdf_text(tmp_path / "kit" / "tally.pdf")
    assert "Tally: Ann" in pages[0] and "Kitchen" in pages[0] and "Tally: Player 2" in pages[1]


def test_a_registered_game_answers_its_referee_command_and_builds_from_the_cli(tiny: None, workdir: Path) -> None:
    assert run("referee", "tiny-odds", "2", "--lang", "en").output == "2 heads of 3: 3/8\n"
    assert "tiny-odds" in run("referee", "--help").output
    config = write(workdir / "t.yaml", "game: tiny\n")
    assert run("validate", config).output == "ok\n"
    result = run("build", config, "--out", "kit")
    assert result.exit_code == 0, result.output
    assert (workdir / "kit" / "tally.pdf").is_file()


def test_a_registered_game_keeps_its_config_keys_to_itself(tiny: None, tmp_path: Path) -> None:
    other = write(tmp_path / "s.yaml", "game: strategiya\ntable_name: Kitchen\n")
    assert run("validate", other).output == f"{other}:2: table_name: only Tiny has table_name; strategiya does not\n"


def test_after_unregistering_the_game_is_unknown(tmp_path: Path) -> None:
    register(GAME)
    unregister("tiny")
    config = write(tmp_path / "t.yaml", "game: tiny\n")
    assert "unknown game 'tiny'" in run("validate", config).output


def test_only_flowing_artefacts_load_weasyprint(tmp_path: Path) -> None:
    """A parallel build loads WeasyPrint before its workers fork when a `flowing` artefact is to be
    drawn: every other artefact of every example draws without it, so the flag is not missing."""
    import subprocess
    import sys

    from .conftest import CONFIGS, ROOT

    script = (
        "import sys\n"
        "from printkit import build_kit, load_session\n"
        "from printkit.kit import _artefacts\n"
        "drawn = []\n"
        f"for n, config in enumerate({[str(c) for c in CONFIGS]!r}):\n"
        "    session = load_session(config)\n"
        "    kinds = [a.kind for a in _artefacts(session) if not a.flowing]\n"
        "    if not kinds: continue\n"  # (no `only` at all would build everything)
        f"    build_kit(session, {str(tmp_path)!r} + f'/kit-{{n}}', only=kinds, cache=False, jobs=1)\n"
        "    drawn += kinds\n"
        "print(len(drawn), 'weasyprint' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    count, loaded = done.stdout.split()
    assert int(count) >= 15 and loaded == "False", done.stdout
    flowing = {a.kind for g in games() for a in g.artefacts if a.flowing}
    assert flowing == {"booklet", "quickref", "lands"}  # the adventure book and the plot sheet are canvas forms
