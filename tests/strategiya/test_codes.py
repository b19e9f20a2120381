"""The binary code: the key file's exact format, the chain of the rules' own example, key checking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.config.session import load_session
from printkit.errors import ConfigError
from printkit.games.strategiya.codes import KEY_FORMAT, compose, key_json, load_key, make_games
from printkit.games.strategiya.model import rules_of, session_of
from printkit.randomness import Entropy

from ..conftest import EXAMPLES

RULES = rules_of(load_bundled("strategiya"))
TERRAINS = ["mountain", "swamp", "forest", "plain", "water", "deathzone"]

# The two filled-in sheets printed as an example in the rules (resources, mountain and forest).
RULES_EXAMPLE = {
    1: {"mountain": [10, 1, 9, 3, 2, 6, 5, 4, 7, 8], "forest": [6, 5, 9, 10, 1, 8, 7, 2, 3, 4]},
    2: {"mountain": [3, 4, 7, 6, 8, 2, 10, 1, 9, 5], "forest": [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]},
}


def example_sheets() -> dict[int, dict[str, dict[str, tuple[int, ...]]]]:
    identity = tuple(range(1, 11))
    return {
        p: {
            section: {
                t: tuple(RULES_EXAMPLE[p].get(t, identity)) if section == "resources" else identity for t in TERRAINS
            }
            for section in ("resources", "adventures")
        }
        for p in (1, 2)
    }


@pytest.mark.rule("strategiya.secret.lookup", "strategiya.price.per-day")
def test_chain_of_the_rules_example_finds_animal_hides() -> None:
    # The rules' "jackpot": 35 days at $20 is $20 for every day of work, $700 for the haul.
    chain = compose(RULES, None, example_sheets(), "resources", "forest", 3, "ru")
    assert (chain.first, chain.second, chain.found) == (9, 2, True)
    assert chain.entry == "Шкуры животных — 35 дней по 20 $ в день, всего 700 $"


@pytest.mark.rule("strategiya.secret.lookup", "strategiya.experience.empty-object")
def test_chain_of_the_rules_second_example_finds_nothing() -> None:
    chain = compose(RULES, None, example_sheets(), "resources", "mountain", 3, "ru")
    assert (chain.first, chain.second, chain.entry, chain.found) == (9, 9, "Нет", False)


@pytest.mark.rule("strategiya.price.per-day")
def test_entries_in_english_and_endless_fish() -> None:
    sheets = example_sheets()
    assert compose(RULES, None, sheets, "resources", "forest", 3, "en").entry == (
        "Animal hides — 35 days at $20 a day, $700 in all"
    )
    assert (
        compose(RULES, None, sheets, "resources", "water", 8, "ru").entry == "Рыба — без конца, по 1 $ за день работы"
    )


@pytest.mark.rule("strategiya.adventure.keying")
def test_adventure_titles_come_from_the_config() -> None:
    session = load_session(EXAMPLES / "strategiya.yaml")
    sheets = example_sheets()
    assert compose(RULES, session_of(session), sheets, "adventures", "forest", 4, "ru").entry == "Пепелище у реки"
    assert compose(RULES, session_of(session), sheets, "adventures", "forest", 5, "ru").entry == "Приключение 5"
    assert compose(RULES, None, sheets, "adventures", "forest", 4, "en").entry == "Adventure 4"


def test_key_json_has_exactly_the_documented_shape() -> None:
    games = make_games(RULES, Entropy.from_seed("shape"), 2, [1, 2])
    doc = json.loads(key_json(RULES, games))
    assert list(doc) == ["format", "game", "games"]
    assert doc["format"] == KEY_FORMAT and doc["game"] == "strategiya"
    assert len(doc["games"]) == 2
    for game, g in zip(doc["games"], games, strict=True):
        assert list(game) == ["kit_id", "sheets"] and game["kit_id"] == g.kit_id
        assert list(game["sheets"]) == ["1", "2"]
        for sheet in game["sheets"].values():
            assert list(sheet) == ["resources", "adventures"]
            for section in sheet.values():
                assert list(section) == TERRAINS
                assert all(sorted(col) == list(range(1, 11)) for col in section.values())
    # element i is the number written next to object i+1
    assert doc["games"][1]["sheets"]["2"]["adventures"]["water"] == list(games[1].sheets[2]["adventures"]["water"])


@pytest.mark.rule("strategiya.secret.lookup")
def test_key_round_trips(tmp_path: Path) -> None:
    games = make_games(RULES, Entropy.from_seed("round"), 3, [1, 2])
    path = tmp_path / "referee-key.json"
    path.write_bytes(key_json(RULES, games))
    game_id, loaded = load_key(path)
    assert game_id == "strategiya"
    assert [(g.kit_id, g.sheets) for g in loaded] == [(g.kit_id, g.sheets) for g in games]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe", ":1: not UTF-8 text (byte 0xff at column 1); save the file as UTF-8"),
        (b'{"format": "other"}', ': not a referee key (expected "format": "printkit.referee-key/1")'),
        (
            b'{"format": "printkit.referee-key/1", "game": "strategiya", "games": []}',
            ': "games" must be a non-empty list',
        ),
        (
            b'{"format": "printkit.referee-key/1", "game": "strategiya", "games": [{"kit_id": "A", "sheets": '
            b'{"1": {"resources": {"forest": [1, 1, 2]}}}}]}',
            ": games[0].sheets.1.resources.forest: not an arrangement of 1..N",
        ),
    ],
)
def test_bad_keys_are_refused_clearly(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "k.json"
    path.write_bytes(content)
    with pytest.raises(ConfigError) as info:
        load_key(path)
    assert info.value.lines() == [f"{path}{message}"]


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    path.write_text('{\n "format": "printkit.referee-key/1",\n oops\n}')
    with pytest.raises(ConfigError) as info:
        load_key(path)
    assert info.value.lines() == [f"{path}:3: not valid JSON: Expecting property name enclosed in double quotes"]
