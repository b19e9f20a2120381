"""Session configs: good ones load, and every kind of bad one gets one exact, located message."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from printkit.config.session import load_session, with_overrides
from printkit.errors import ConfigError
from printkit.games.strategiya.model import session_of

from .conftest import EXAMPLES, KIT_SEED, ExampleKits, run, write


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_session(path)
    return info.value.lines()


def test_example_loads_with_names_and_adventures() -> None:
    s = load_session(EXAMPLES / "strategiya.yaml")
    assert s.ruleset.id == "strategiya"
    assert [p.name for p in s.players] == ["Аня", "Борис"]
    assert session_of(s).adventure("forest", 4).title == "Пепелище у реки"
    assert session_of(s).adventure("forest", 5) is None
    assert (s.language, s.paper) == ("ru", "a4")


def test_default_session_is_bundled_strategiya_with_two_unnamed_players() -> None:
    s = load_session(None)
    assert s.ruleset.id == "strategiya"
    assert len(s.players) == 2 and all(p.name is None for p in s.players)


def test_overrides_replace_language_and_paper() -> None:
    s = with_overrides(load_session(None), language="en", paper="letter")
    assert (s.language, s.paper) == ("en", "letter")


def test_unknown_key_names_line_and_suggests(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nplayrs:\n  - name: A\n")
    assert problems(p) == [f"{p}:2: playrs: unknown key (did you mean 'players'?)"]


def test_wrong_type_deep_in_a_list(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n  - name: A\n  - name: [1, 2]\n")
    assert problems(p) == [f"{p}:4: players[1].name: expected text, got a list"]


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nlanguage: fr\npaper: a3\ncolour: red\n")
    assert problems(p) == [
        f"{p}:2: language: 'fr' is not one of ru, en",
        f"{p}:3: paper: 'a3' is not one of a4, letter",
        f"{p}:4: colour: unknown key",
    ]


def test_unknown_game_suggests_bundled(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "title: x\ngame: stratgiya\n")
    from printkit.config.rulesets import bundled_ids

    installed = list(bundled_ids())  # every installed game's rulesets, a plug-in's too
    assert {"strategiya", "vs-2025"} <= set(installed) and installed == sorted(installed)
    assert problems(p) == [
        f"{p}:2: game: unknown game 'stratgiya' (did you mean 'strategiya'?); bundled games: {', '.join(installed)}"
    ]


def test_missing_game(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "title: x\n")
    assert problems(p) == [f"{p}:1: missing required key 'game'"]


def test_player_count_checked_against_ruleset(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n" + "  - name: P\n" * 5)
    assert problems(p) == [f"{p}:2: players: strategiya is played by 2 to 4 players; the config lists 5"]


def test_adventure_terrain_and_number_checked(tmp_path: Path) -> None:
    p = write(
        tmp_path / "c.yaml",
        "game: strategiya\nadventures:\n  forst:\n    1: {title: A}\n  forest:\n    11: {title: B}\n",
    )
    assert problems(p) == [
        f"{p}:3: adventures.forst: unknown terrain 'forst'; terrains are mountain, swamp, forest, plain, "
        "water, deathzone (did you mean 'forest'?)",
        f"{p}:6: adventures.forest.11: forest has numbers 1..10; 11 is beyond them",
    ]


def test_localized_terrain_names_work_in_adventures(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nadventures:\n  Лес:\n    2: {title: Волки}\n")
    assert session_of(load_session(p)).adventure("forest", 2).title == "Волки"


def test_malformed_yaml_points_at_line(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n  - name: A\n - name: B\n")
    (line,) = problems(p)
    assert line.startswith(f"{p}:4: YAML syntax:")


def test_duplicate_key(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\ntitle: a\ntitle: b\n")
    assert problems(p) == [f"{p}:3: title: key appears twice"]


def test_python_tags_are_refused(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: !!python/object/apply:os.system ['echo hi']\n")
    assert problems(p) == [f"{p}:1: game: YAML tag '!!python/object/apply:os.system' is not allowed"]


def test_dates_and_merge_keys_stay_plain_text(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\ntitle: 2026-11-22\n")
    assert load_session(p).title == "2026-11-22"
    p = write(tmp_path / "d.yaml", "game: strategiya\n<<: {title: x}\n")
    assert problems(p) == [f"{p}:2: <<: unknown key"]


def test_alias_bomb_fails_fast_with_bounded_memory(tmp_path: Path) -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 12):
        prev = chr(ord("a") + i - 1)
        cur = chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    p = write(tmp_path / "bomb.yaml", "game: strategiya\n" + "\n".join(lines) + "\n")
    tracemalloc.start()
    start = time.perf_counter()
    found = problems(p)
    elapsed = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert found == [f"{p}:3: YAML aliases (*name) are not allowed; write the value out in full"]
    assert elapsed < 2 and peak < 20_000_000


def test_huge_file_refused_after_reading_only_the_limit(tmp_path: Path) -> None:
    # The cap is on what is read, not on stat(): the message cannot know the size, only the limit.
    p = tmp_path / "big.yaml"
    with p.open("wb") as f:
        f.truncate(50 * 1000 * 1000)
    assert problems(p) == [f"{p}: file is larger than 2 MB, the most printkit reads (is this the right file?)"]


def test_non_utf8_file(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    p.write_bytes("game: strategiya\ntitle: Вечер\n".encode("cp1251"))
    assert problems(p) == [f"{p}:2: not UTF-8 text (byte 0xc2 at column 8); save the file as UTF-8"]


def test_empty_file(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "# nothing yet\n")
    assert problems(p) == [f"{p}: the file is empty; it needs at least 'game:'"]


def test_missing_file(tmp_path: Path) -> None:
    assert problems(tmp_path / "nope.yaml") == [f"{tmp_path / 'nope.yaml'}: no such file"]


def test_ruleset_path_must_stay_in_config_folder(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    p = write(tmp_path / "sub" / "c.yaml", "game: ../../etc/passwd.yaml\n")
    assert problems(p) == [
        f"{p}:1: game: ruleset '../../etc/passwd.yaml' is outside the config's folder; copy it next to the config"
    ]


def test_ruleset_file_next_to_config(tmp_path: Path) -> None:
    source = (Path(__file__).parent.parent / "printkit" / "games" / "strategiya" / "strategiya.yaml").read_text("utf-8")
    write(tmp_path / "mine.yaml", source.replace("id: strategiya", "id: my-variant"))
    p = write(tmp_path / "c.yaml", "game: mine.yaml\n")
    assert load_session(p).ruleset.id == "my-variant"


def test_broken_ruleset_reports_its_own_file(tmp_path: Path) -> None:
    write(tmp_path / "mine.yaml", "id: x\ntitle: X\nterrains:\n  - id: Forest\n    name: Лес\n    colour: green\n")
    p = write(tmp_path / "c.yaml", "game: mine.yaml\n")
    lines = problems(p)
    assert any(":4: terrains[0].id: 'Forest' is not a lowercase id like 'forest'" in line for line in lines)
    assert any(":6: terrains[0].colour: 'green' is not a colour like #2E7D32" in line for line in lines)


@pytest.mark.slow
def test_terrains_are_required_only_of_a_game_with_maps(tmp_path: Path) -> None:
    """issue 39: «Стратегия» draws maps and needs a terrain; Stratego draws none and needs no terrains."""
    write(tmp_path / "mine.yaml", "id: x\nfamily: strategiya\ntitle: X\nterrains: []\n")
    p = write(tmp_path / "c.yaml", "game: mine.yaml\n")
    assert f"{tmp_path / 'mine.yaml'}:4: terrains: needs at least 1 entry; it has 0" in problems(p)
    write(tmp_path / "mine.yaml", "id: x\nfamily: strategiya\ntitle: X\n")
    assert f"{tmp_path / 'mine.yaml'}:1: missing required key 'terrains'" in problems(p)
    source = (Path(__file__).parent.parent / "printkit" / "games" / "stratego" / "stratego.yaml").read_text("utf-8")
    terrains = ("terrains:", "  - {id: land", "  - {id: lake")
    kept = [line for line in source.splitlines() if not line.startswith(terrains)]
    assert len(kept) == len(source.splitlines()) - 3
    write(tmp_path / "mine.yaml", "\n".join(kept).replace("id: stratego", "id: my-stratego", 1))
    assert load_session(p).ruleset.terrains == ()
    assert run("validate", p).output == "ok\n"


def test_validate_reports_every_problem_of_a_file_in_one_run(tmp_path: Path) -> None:
    p = write(
        tmp_path / "c.yaml",
        "game: strategiya\n"
        "paper: a3\n"
        "titel: Friday\n"
        "players:\n"
        "  - name: Аня\n"
        "    heroes:\n"
        "      - {name: Гром, strength: 2, speed: 2, intellect: 1, items: [Меч, Меч]}\n"
        "  - name: Борис\n"
        "    colour: blue\n"
        "adventures:\n"
        "  forst: {1: {title: A}}\n"
        "map:\n"
        "  rows: [PPP, PP]\n",
    )
    found = problems(p)
    assert found == [
        f"{p}:2: paper: 'a3' is not one of a4, letter",
        f"{p}:3: titel: unknown key (did you mean 'title'?)",
        f"{p}:7: players[0].heroes[0].items: для двух предметов «Меч» нужна сила 6; у героя Гром — 2",
        f"{p}:9: players[1].colour: 'blue' is not a colour like #2E7D32",
        f"{p}:11: adventures.forst: unknown terrain 'forst'; terrains are mountain, swamp, forest, plain, water, "
        "deathzone (did you mean 'forest'?)",
        f"{p}:13: map.rows[1]: row 2 has 2 cells; the first row has 3",
    ]


@pytest.mark.slow
def test_a_copied_ruleset_builds_the_same_kit_booklet_included(tmp_path: Path, kits: ExampleKits) -> None:
    from printkit import build_kit

    bundled = Path(__file__).parent.parent / "printkit" / "games" / "strategiya" / "strategiya.yaml"
    write(tmp_path / "myrules.yaml", bundled.read_text("utf-8"))
    copied = load_session(write(tmp_path / "c.yaml", "game: myrules.yaml\n"))
    assert copied.ruleset.booklet == load_session(None).ruleset.booklet
    one = build_kit(copied, tmp_path / "copied", seed=KIT_SEED, only=["booklet", "quickref"])
    two = build_kit(load_session(None), tmp_path / "bundled", seed=KIT_SEED, only=["quickref"])
    # The booklet comes with its copy to print (issue 42: every kit holds its rules to print).
    assert [p.name for p in one.files] == ["booklet-print.pdf", "booklet.pdf", "quickref.pdf", "manifest.json"]
    assert [p.name for p in two.files] == ["quickref.pdf", "manifest.json"]
    # The bundled game's booklet with the same seed: the shared default kit's (the same session).
    assert (tmp_path / "copied" / "booklet.pdf").read_bytes() == (kits.default() / "booklet.pdf").read_bytes()
    assert (tmp_path / "copied" / "quickref.pdf").read_bytes() == (tmp_path / "bundled" / "quickref.pdf").read_bytes()


def test_a_rules_text_that_cannot_be_found_is_an_error(tmp_path: Path) -> None:
    bundled = Path(__file__).parent.parent / "printkit" / "games" / "strategiya" / "strategiya.yaml"
    text = bundled.read_text("utf-8").replace("booklet: strategiya-text.yaml", "booklet: my-text.yaml")
    write(tmp_path / "myrules.yaml", text)
    p = write(tmp_path / "c.yaml", "game: myrules.yaml\n")
    line = text.splitlines().index("booklet: my-text.yaml") + 1
    assert problems(p) == [
        f"{tmp_path / 'myrules.yaml'}:{line}: booklet: no rules text 'my-text.yaml' next to the ruleset, "
        "and strategiya ships none by that name"
    ]
