"""A fifth game, installed as its own distribution, is found, built and asked without touching printkit."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import distributions
from pathlib import Path
from typing import Any

import pytest
import yaml

from printkit import build_kit, load_session
from printkit.game import games

from .conftest import ROOT, pdf_text, plugged_in, run, write


def test_printkits_own_games_are_plug_ins_found_through_its_entry_points() -> None:
    """printkit's games register as any plug-in does: each entry point of printkit's distribution is
    named for its game and leads to the GAME of its package, whose rulesets lie in its folder."""
    from importlib.metadata import entry_points

    points = {
        p.name: p.value for p in entry_points(group="printkit.games") if p.dist and p.dist.name == "printkit-tabletop"
    }
    own = {g.family: g for g in games() if g.package.startswith("printkit.games.")}
    assert points and points == {family: f"printkit.games.{family}:GAME" for family in own}
    for g in own.values():
        assert g.rulesets and all((g.folder / f"{rid}.yaml").is_file() for rid in g.rulesets), g.family


def test_the_tiny_game_is_a_distribution_of_its_own(tiny_game: Any, tinygame_site: Path) -> None:
    found = [d for d in distributions(path=[str(tinygame_site)]) if d.metadata["Name"] == "printkit-tinygame"]
    assert len(found) == 1 and [e.value for e in found[0].entry_points] == ["printkit_tinygame:GAME"]
    # It depends on printkit's own distribution (the index's "printkit" is another project), which pip
    # found installed here when it installed the game (conftest.install_tinygame, no --no-deps).
    assert found[0].requires == ["printkit-tabletop>=0.2.0.dev0"]
    assert tiny_game.family == "tiny" and tiny_game.folder == tinygame_site / "printkit_tinygame"
    assert not (ROOT / "printkit" / "games" / "tiny").exists()


def test_an_installed_game_builds_its_artefacts(tiny_game: Any, tmp_path: Path) -> None:
    config = write(tmp_path / "t.yaml", "game: tiny\nlanguage: en\ntable_name: Kitchen\nplayers: [{name: Ann}, {}]\n")
    kit = build_kit(load_session(config), tmp_path / "kit")
    assert [p.name for p in kit.files] == ["print-guide.pdf", "quickref.pdf", "tally.pdf", "manifest.json"]
    # The game's own declaration of how its file prints reaches the kit's print guide.
    guide = pdf_text(tmp_path / "kit" / "print-guide.pdf")[0]
    assert "A tally of the table" in guide and "The quick reference: one a player" in guide
    pages = pdf_text(tmp_path / "kit" / "tally.pdf")
    assert "Tally: Ann" in pages[0] and "Kitchen" in pages[0] and "Tally: Player 2" in pages[1]


@pytest.mark.parametrize(("lang", "head"), [
    ("en", ["Tiny · Quick reference", "EACH PLAYER FLIPS 3 COINS; HEADS SCORE", "Heads Chance"]),
    ("ru", ["Крошка · Памятка", "КАЖДЫЙ БРОСАЕТ 3 МОНЕТЫ; ОРЛЫ ПРИНОСЯТ ОЧКИ", "Орлов Шанс"]),
])  # fmt: skip
def test_an_installed_games_quick_reference_comes_from_its_own_template(
    tiny_game: Any, tmp_path: Path, lang: str, head: list[str]
) -> None:
    """The card is drawn by printkit's shared machinery from printkit_tinygame/templates/quickref.html.j2,
    which extends the shared frame; the turn is in capitals only because the game's own stylesheet
    beside its template (templates/quickref.css, linked through file_url) was read."""
    config = write(tmp_path / "t.yaml", f"game: tiny\nlanguage: {lang}\n")
    build_kit(load_session(config), tmp_path / "kit", only=["quickref"])
    (page,) = pdf_text(tmp_path / "kit" / "quickref.pdf")
    lines = [" ".join(line.split()) for line in page.splitlines()]
    assert lines == [*head, "0 1/8", "1 3/8", "2 3/8", "3 1/8"]


def test_an_installed_games_templates_and_static_files_are_in_its_wheel(tinygame_site: Path) -> None:
    """pip built tests/tinygame's wheel and installed it: its record lists every file the wheel held."""
    (found,) = [d for d in distributions(path=[str(tinygame_site)]) if d.metadata["Name"] == "printkit-tinygame"]
    files = {str(f) for f in found.files or []}
    assert {
        "printkit_tinygame/templates/quickref.html.j2",
        "printkit_tinygame/templates/quickref.css",
        "printkit_tinygame/static/pictures.css",
    } <= files


def test_a_game_template_reads_its_own_folder_and_nothing_else_new(tiny_game: Any) -> None:
    from printkit.render.html import allowed_roots, file_url, make_fetcher

    own = tiny_game.folder / "templates"
    assert own in allowed_roots() and tiny_game.folder not in allowed_roots()
    fetcher = make_fetcher()
    assert fetcher.fetch(file_url("tiny/quickref.css")).read() == (own / "quickref.css").read_bytes()
    # Beside the templates folder: the game's ruleset, its code and the web's static files stay unread.
    outside = [(tiny_game.folder / name).as_uri() for name in ("tiny.yaml", "__init__.py", "static/pictures.css")]
    for url in [*outside, own.as_uri() + "/../tiny.yaml"]:
        with pytest.raises(ValueError):
            fetcher.fetch(url)
    assert fetcher.refused == [*outside, own.as_uri() + "/../tiny.yaml"]


@pytest.mark.slow
def test_a_game_without_maps_names_no_terrains(tiny_game: Any, tmp_path: Path) -> None:
    """issue 39: a game with no maps needs no terrains in its rulesets; one with maps still does."""
    from jsonschema import Draft202012Validator

    from printkit.config.jsonschema import ruleset_schema
    from printkit.config.rulesets import load_bundled

    data = yaml.safe_load((tiny_game.folder / "tiny.yaml").read_text("utf-8"))
    assert tiny_game.maps is None and "terrains" not in data and load_bundled("tiny").terrains == ()
    schema = ruleset_schema()
    alternatives = {a["title"]: a for a in schema["anyOf"]}
    assert "terrains" not in alternatives["tiny"]["required"]
    assert "terrains" in alternatives["strategiya"]["required"] and "terrains" in alternatives["vs"]["required"]
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    config = write(tmp_path / "t.yaml", "game: tiny\n")
    assert run("validate", config).output == "ok\n"


@pytest.mark.slow
def test_a_game_without_maps_prints_a_booklet_and_a_card_without_terrains(tiny_game: Any, workdir: Path) -> None:
    """The shared booklet and quick-reference machinery, and `validate`, read no terrain a ruleset lacks."""
    import dataclasses

    from printkit.game import beside
    from printkit.sheets import BOOKLET

    ruleset = (tiny_game.folder / "tiny.yaml").read_text("utf-8").replace("id: tiny", "id: my-tiny\nfamily: tiny")
    write(workdir / "my-tiny.yaml", ruleset + "booklet: my-tiny-text.yaml\n")
    write(workdir / "my-tiny-text.yaml", "chapters:\n  - id: coins\n    title: {ru: Монеты, en: Coins}\n"
                                         "    text: {ru: Бросьте все монеты., en: Flip every coin.}\n")  # fmt: skip
    config = write(workdir / "t.yaml", "game: my-tiny.yaml\nlanguage: en\n")
    with beside(dataclasses.replace(tiny_game, artefacts=(*tiny_game.artefacts, BOOKLET))):
        assert load_session(config).ruleset.terrains == ()
        assert run("validate", config).output == "ok\n"
        result = run("build", config, "--out", "kit", "--only", "booklet,quickref")
        assert result.exit_code == 0, result.output
    assert "Flip every coin." in " ".join(pdf_text(workdir / "kit" / "booklet.pdf"))
    assert "1 3/8" in pdf_text(workdir / "kit" / "quickref.pdf")[0]


def test_a_broken_ruleset_of_an_installed_game_names_its_own_file(tiny_copy: Path, tmp_path: Path) -> None:
    """issue 39: a plug-in's ruleset is read from its own package folder, and its problems say so."""
    ruleset = tiny_copy / "printkit_tinygame" / "tiny.yaml"
    ruleset.write_text(ruleset.read_text("utf-8").replace("coins: 3", "coins: 30"), "utf-8")
    config = write(tmp_path / "t.yaml", "game: tiny\n")
    with plugged_in(tiny_copy) as tiny:
        assert tiny.folder / "tiny.yaml" == ruleset
        for result in (run("validate", config), run("referee", "tiny-odds", "2")):
            assert result.exit_code == 3, result.output
            said = " ".join(result.output.split())
            assert f"{ruleset}:7: tiny.coins: " in said and "printkit/games" not in said, said


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
    assert run("validate", other).output == (
        f"{other}:2: table_name: ключ table_name бывает только у игры Tiny, а здесь игра «Стратегия»\n"
    )


def test_a_game_is_known_through_an_installed_entry_point_alone(tmp_path: Path) -> None:
    """A game printkit does not ship is unknown until a distribution that offers it is on the path:
    here one made by hand, as pip lays it out (its package and its metadata with the entry point)."""
    import importlib

    from printkit.game import rediscover

    site = tmp_path / "site"
    for folder in ("unseen_game", "unseen_game-1.0.dist-info"):
        (site / folder).mkdir(parents=True)
    write(site / "unseen_game" / "__init__.py", 'from printkit.plugin import Game\n\n'
          'GAME = Game(family="unseen", name="Unseen", package=__name__, rulesets=("unseen",))\n')  # fmt: skip
    ruleset = "id: unseen\ntitle: {ru: Невидимка, en: Unseen}\nplayers: {min: 2, max: 2}\nterrains:\n"
    write(
        site / "unseen_game" / "unseen.yaml",
        ruleset + "  - {id: table, name: {ru: Стол, en: Table}, colour: '#A1887F'}\n",
    )
    write(site / "unseen_game-1.0.dist-info" / "METADATA", "Metadata-Version: 2.1\nName: unseen-game\nVersion: 1.0\n")
    write(site / "unseen_game-1.0.dist-info" / "entry_points.txt", "[printkit.games]\nunseen = unseen_game:GAME\n")
    config = write(tmp_path / "u.yaml", "game: unseen\n")
    assert "unknown game 'unseen'" in run("validate", config).output
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    rediscover()
    try:
        assert run("validate", config).output == "ok\n"
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("unseen_game", None)
        rediscover()
    assert "unknown game 'unseen'" in run("validate", config).output


@pytest.mark.slow
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
        "    from printkit.pipeline.kit import kinds_for\n"
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


def test_a_games_family_is_a_lowercase_id() -> None:
    """The family prefixes the game's templates (tiny/quickref.html.j2) and its static files'
    addresses (/static/tiny/...): a dot, a slash or a capital there would reach another's."""
    from printkit.game import Game, PluginError

    for family in ("Tiny", "site.css", "a/b", "../x", "", "9lives"):
        with pytest.raises(PluginError, match="is not a lowercase id"):
            Game(family=family, name="x", package="x")
    assert Game(family="my-game_2", name="x", package="x").family == "my-game_2"
