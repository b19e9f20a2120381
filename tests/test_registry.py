"""A fifth game, installed as its own distribution, is found, built and asked without touching printkit."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import distributions
from pathlib import Path
from typing import Any

import pytest

from printkit import build_kit, load_session
from printkit.game import games

from .conftest import ROOT, pdf_text, run, write


def test_the_four_games_are_plug_ins_found_through_printkits_entry_points() -> None:
    from importlib.metadata import entry_points

    points = {
        p.name: p.value for p in entry_points(group="printkit.games") if p.dist and p.dist.name == "printkit-tabletop"
    }
    assert points == {
        "strategiya": "printkit.games.strategiya:GAME",
        "vs": "printkit.games.vs:GAME",
        "stratego": "printkit.games.stratego:GAME",
        "tannhauser": "printkit.games.tannhauser:GAME",
    }
    assert {g.family: g.rulesets for g in games()} == {
        "strategiya": ("strategiya",),
        "vs": ("vs-2025", "vs-2003"),
        "stratego": ("stratego",),
        "tannhauser": ("tannhauser",),
    }


def test_the_tiny_game_is_a_distribution_of_its_own(tiny_game: Any, tinygame_site: Path) -> None:
    found = [d for d in distributions(path=[str(tinygame_site)]) if d.metadata["Name"] == "printkit-tinygame"]
    assert len(found) == 1 and [e.value for e in found[0].entry_points] == ["printkit_tinygame:GAME"]
    assert tiny_game.family == "tiny" and tiny_game.folder == tinygame_site / "printkit_tinygame"
    assert not (ROOT / "printkit" / "games" / "tiny").exists()


def test_an_installed_game_builds_its_artefact(tiny_game: Any, tmp_path: Path) -> None:
    config = write(tmp_path / "t.yaml", "game: tiny\nlanguage: en\ntable_name: Kitchen\nplayers: [{name: Ann}, {}]\n")
    kit = build_kit(load_session(config), tmp_path / "kit")
    assert [p.name for p in kit.files] == ["print-guide.pdf", "tally.pdf", "manifest.json"]
    # The game's own declaration of how its file prints reaches the kit's print guide.
    assert "A tally of the table" in pdf_text(tmp_path / "kit" / "print-guide.pdf")[0]
    pages = pdf_text(tmp_path / "kit" / "tally.pdf")
    assert "Tally: Ann" in pages[0] and "Kitchen" in pages[0] and "Tally: Player 2" in pages[1]


def test_an_installed_game_answers_its_question_and_builds_from_the_cli(tiny_game: Any, workdir: Path) -> None:
    assert run("referee", "tiny-odds", "2", "--lang", "en").output == "2 heads of 3: 3/8\n"
    assert run("referee", "tiny-odds", "2", "--json").output == '{"heads": 2, "coins": 3, "chance": "3/8"}\n'
    refused = run("referee", "tiny-odds", "11", "--lang", "en")
    assert refused.exit_code == 2 and "'11' is out of range 0<=x<=10" in refused.output
    assert "tiny-odds" in run("referee", "--help").output
    config = write(workdir / "t.yaml", "game: tiny\n")
    assert run("validate", config).output == "ok\n"
    result = run("build", config, "--out", "kit")
    assert result.exit_code == 0, result.output
    assert (workdir / "kit" / "tally.pdf").is_file()


def test_an_installed_game_has_its_public_api_namespace(tiny_game: Any) -> None:
    import printkit

    assert printkit.tiny.tiny_odds(2).chance == printkit.tiny.tiny_odds(heads=2).chance
    assert "tiny" in dir(printkit)


def test_an_installed_game_keeps_its_config_keys_to_itself(tiny_game: Any, tmp_path: Path) -> None:
    other = write(tmp_path / "s.yaml", "game: strategiya\ntable_name: Kitchen\n")
    assert run("validate", other).output == f"{other}:2: table_name: only Tiny has table_name; strategiya does not\n"


def test_without_the_plug_in_the_game_is_unknown(tmp_path: Path) -> None:
    config = write(tmp_path / "t.yaml", "game: tiny\n")
    assert "unknown game 'tiny'" in run("validate", config).output


def test_a_fresh_process_finds_the_plug_in_on_its_path(tinygame_site: Path, tmp_path: Path) -> None:
    """As a user meets it: the plug-in's folder on the path, printkit's own command line."""
    config = write(tmp_path / "t.yaml", "game: tiny\nlanguage: en\n")
    env = {**os.environ, "PYTHONPATH": str(tinygame_site), "PRINTKIT_LANG": "en"}
    ask = [sys.executable, "-m", "printkit", "referee", "tiny-odds", "3"]
    assert subprocess.run(ask, env=env, capture_output=True, text=True, check=True).stdout == "3 heads of 3: 1/8\n"
    build = [sys.executable, "-m", "printkit", "build", str(config), "--out", str(tmp_path / "kit")]
    done = subprocess.run(build, env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "kit" / "tally.pdf").is_file()


@pytest.mark.slow
def test_only_flowing_artefacts_load_weasyprint(tmp_path: Path) -> None:
    """Canvas artefacts draw without importing WeasyPrint: every example's artefacts that are not
    marked `flowing` are drawn in a fresh process, which must not have loaded it."""
    from .conftest import CONFIGS

    script = (
        "import sys\n"
        "from printkit import build_kit, load_session\n"
        "from printkit.game import game\n"
        "drawn = []\n"
        f"for n, config in enumerate({[str(c) for c in CONFIGS]!r}):\n"
        "    session = load_session(config)\n"
        "    from printkit.kit import kinds_for\n"
        "    flowing = {a.kind for a in game(session.ruleset.family).artefacts if a.flowing}\n"
        "    kinds = [k for k in kinds_for(session) if k not in flowing]\n"
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


def _references(g: Any) -> list[str]:
    refs = [r for a in g.artefacts for r in (a.builder, a.preflight, a.finish) if r]
    refs += [t for group in g.questions.values() for t in group.values()]
    if g.maps is not None:
        refs += [r for r in (g.maps.check, g.maps.overlay, g.maps.cell_mm, g.maps.random) if r]
    return refs + [r for r in (g.tables, g.booklet_chapters) if r]


def test_every_reference_of_every_installed_game_resolves(tiny_game: Any) -> None:
    """Every "module:attribute" a game names leads to a function, every question to a declaration
    whose completers resolve, and every module it names imports: a typo in a plug-in is found here,
    not at the table."""
    from printkit.game import load_module, resolve
    from printkit.questions import declared

    for g in games():
        for ref in _references(g):
            assert callable(resolve(ref)), f"{g.family}: {ref}"
        for group in g.questions.values():
            for target in group.values():
                for i in declared(resolve(target)).inputs:
                    assert i.complete is None or callable(resolve(i.complete)), f"{g.family}: {target} {i.name}"
        for module in (g.schema, g.api, g.movement):
            assert module is None or load_module(module)
        if g.movement is not None:
            moves = load_module(g.movement)
            assert (
                moves.INPUTS
                and moves.EXAMPLES["reach"]
                and all(callable(getattr(moves, f)) for f in ("reach_answer", "route_answer", "marks"))
            )


def test_a_plug_in_that_claims_anothers_name_is_refused_clearly(tiny_game: Any) -> None:
    import dataclasses

    from printkit.game import PluginError, beside

    twin = dataclasses.replace(tiny_game, family="twin", rulesets=(), questions={"referee": {"tiny-odds": "x:y"}})
    with (
        pytest.raises(PluginError, match="question of referee 'tiny-odds' is offered by both 'tiny' and 'twin'"),
        beside(twin),
    ):
        pass
    shadow = dataclasses.replace(
        tiny_game, questions={"referee": {"odds": tiny_game.questions["referee"]["tiny-odds"]}}
    )
    with beside(shadow):
        result = run("referee", "odds", "2d6")
    said = " ".join(result.output.split())
    assert result.exit_code == 5 and "game 'tiny' names a command 'odds', which printkit's own command is" in said
    broken = dataclasses.replace(tiny_game, questions={"referee": {"tiny-odds": "printkit_tinygame.nowhere:odds"}})
    with beside(broken):
        result = run("referee", "tiny-odds", "2")
    said = " ".join(result.output.split())
    assert result.exit_code == 5 and "'printkit_tinygame.nowhere:odds' cannot be found" in said
    assert "Traceback" not in result.output
