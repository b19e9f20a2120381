"""Heroes in a config: names checked against the ruleset, strength limits, warnings from validate."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.config.session import load_session
from printkit.errors import ConfigError
from printkit.games.strategiya.model import session_of

from ..conftest import EXAMPLES, run, write


def config(tmp_path: Path, heroes: str, extra: str = "") -> Path:
    """A config in English: its problems are said in the config's language (Russian: see
    test_problems_are_said_in_the_configs_language)."""
    return write(
        tmp_path / "c.yaml",
        f"game: strategiya\nplayers:\n  - name: A\n    heroes:\n{heroes}  - name: B\n{extra}language: en\n",
    )


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_session(path)
    return info.value.lines()


@pytest.mark.rule("strategiya.hero.creation")
def test_example_with_heroes_loads() -> None:
    s = load_session(EXAMPLES / "strategiya-heroes.yaml")
    grom = session_of(s).parties[0].heroes[0]
    assert (grom.name, grom.strength, grom.items, grom.animals) == ("Гром", 9, ("sword", "sword"), ("horse",))
    assert s.warnings == ()


def test_names_in_any_language_become_ids(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {strength: 5, speed: 0, intellect: 0, items: [Bow, двуручный МЕЧ], spells: [hex]}\n")
    hero = session_of(load_session(p)).parties[0].heroes[0]
    assert (hero.items, hero.spells) == (("bow", "greatsword"), ("hex",))


def test_names_as_people_write_them(tmp_path: Path) -> None:
    """Case, ё and the usual Russian endings do not matter (a soft sign typed after «меч» is one)."""
    p = config(tmp_path, "      - {strength: 5, items: [Мечь, луком], spells: [Порчу]}\n")
    hero = session_of(load_session(p)).parties[0].heroes[0]
    assert (hero.items, hero.spells) == (("sword", "bow"), ("hex",))


def test_unknown_item_suggests_the_closest(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {strength: 5, items: [Мечч]}\n")
    assert problems(p) == [f"{p}:5: players[0].heroes[0].items[0]: unknown item 'Мечч' (did you mean 'Меч'?)"]


def test_unknown_animal_and_spell(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {animals: [griffon], spells: [Teleportation]}\n")
    assert problems(p) == [
        f"{p}:5: players[0].heroes[0].animals[0]: unknown animal 'griffon' (did you mean 'Griffin'?)",
        f"{p}:5: players[0].heroes[0].spells[0]: unknown spell 'Teleportation' (did you mean 'Teleport'?)",
    ]


def test_item_too_heavy_for_the_hero(tmp_path: Path) -> None:
    p = config(tmp_path, "      - name: Лёва\n        strength: 4\n        items: [Доспехи]\n")
    assert problems(p) == [f"{p}:7: players[0].heroes[0].items: Armour needs strength 6; Лёва has 4"]


@pytest.mark.rule("strategiya.sword.two", "strategiya.item.equip-logic")
def test_two_swords_need_strength_6_and_no_shield(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {name: X, strength: 5, items: [sword, sword]}\n")
    assert problems(p) == [f"{p}:5: players[0].heroes[0].items: two Swords need strength 6; X has 5"]
    p = config(tmp_path, "      - {name: X, strength: 6, items: [sword, sword, shield]}\n")
    assert problems(p) == [f"{p}:5: players[0].heroes[0].items: a hero with two of Sword cannot carry Shield"]
    p = config(tmp_path, "      - {name: X, strength: 9, items: [sword, sword, sword]}\n")
    assert problems(p) == [f"{p}:5: players[0].heroes[0].items: Sword: at most 2 per hero, listed 3 times"]


@pytest.mark.rule("strategiya.item.staff")
def test_staff_excludes_other_weapons(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {strength: 5, items: [staff, bow]}\n")
    assert problems(p) == [
        f"{p}:5: players[0].heroes[0].items: Wizard's staff cannot be carried together with another weapon"
    ]


@pytest.mark.rule("strategiya.lives.strength-cap")
def test_lives_above_maximum(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {name: X, strength: 3, lives: 16}\n")
    assert problems(p) == [f"{p}:5: players[0].heroes[0].lives: 16 is more than X's maximum of 15"]


def test_unknown_hire(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {strength: 4, hire: merc}\n")
    assert problems(p) == [
        f"{p}:5: players[0].heroes[0].hire: unknown hire 'merc'; choose from mercenary, assassin, hunter "
        "(did you mean 'mercenary'?)"
    ]


@pytest.mark.rule("strategiya.potential.personal")
def test_new_hero_must_spend_the_starting_points_warning_only(tmp_path: Path) -> None:
    p = config(
        tmp_path,
        "      - {name: X, strength: 2, speed: 2}\n"
        "      - {name: Y, strength: 2, speed: 2, hire: mercenary}\n"
        "      - {name: Z, strength: 1, experience: 4}\n",
    )
    session = load_session(p)
    assert session.warnings == (
        f"{p}:5: players[0].heroes[0]: warning: a new hero spreads 5 points; X has 4 (strength + speed + intellect)",
    )


@pytest.mark.rule("strategiya.flight.dragon")
def test_dragon_with_low_intellect_is_a_warning(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {name: X, intellect: 5, animals: [dragon], money: 0}\n")
    assert load_session(p).warnings == (
        f"{p}:5: players[0].heroes[0].animals: warning: Dragon obeys intellect 10; X has 5, so the hero sheet and "
        "the referee leave it out (after 15 skipped turns of study, list it under tamed:)",
    )
    tamed = config(tmp_path, "      - {name: X, intellect: 5, animals: [dragon], tamed: [dragon], money: 0}\n")
    assert load_session(tamed).warnings == ()
    staff = config(tmp_path, "      - {name: X, intellect: 8, items: [staff], animals: [dragon], money: 0}\n")
    assert load_session(staff).warnings == ()  # the staff's +2 makes 10
    stray = config(tmp_path, "      - {name: X, intellect: 5, tamed: [dragon], money: 0}\n")
    assert problems(stray) == [f"{stray}:5: players[0].heroes[0].tamed: X has no Dragon to command"]


@pytest.mark.rule("strategiya.players.side-marks")
def test_markers_must_cover_the_heroes(tmp_path: Path) -> None:
    p = config(tmp_path, "      - {strength: 5}\n      - {strength: 5}\n    markers: [Q]\n")
    assert problems(p) == [f"{p}:7: players[0].markers: 1 marker for 2 heroes"]


@pytest.mark.slow
@pytest.mark.rule("strategiya.config.language")
def test_problems_are_said_in_the_configs_language(tmp_path: Path) -> None:
    # Under the Russian default (no language: in the config) validate speaks Russian, warnings too
    # (issue 41: «a new hero spreads 5 points» came out in English).
    path = write(tmp_path / "ru.yaml", "game: strategiya\nplayers:\n  - name: A\n    heroes:\n"
                 "      - {name: Ольга, strength: 1, speed: 4, intellect: 2}\n"
                 "      - {name: Лёва, strength: 4, items: [Доспехи, Мечч]}\n  - name: B\n")  # fmt: skip
    assert problems(path) == [
        f"{path}:6: players[0].heroes[1].items[1]: неизвестный предмет «Мечч» (может быть, «Меч»?)",
        f"{path}:6: players[0].heroes[1].items: для «Доспехи» нужна сила 6; у героя Лёва — 4",
    ]
    warned = write(tmp_path / "w.yaml", path.read_text("utf-8").replace("items: [Доспехи, Мечч]", "speed: 1"))
    result = run("validate", warned)
    assert result.exit_code == 0, result.output
    assert "предупреждение: новый герой распределяет 5 очков; у героя Ольга их 7" in result.output
    assert "warning" not in result.output and "spreads" not in result.output
    english = run("validate", write(tmp_path / "en.yaml", warned.read_text("utf-8") + "language: en\n"))
    assert "warning: a new hero spreads 5 points; Ольга has 7" in english.output
