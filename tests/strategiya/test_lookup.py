"""`printkit referee lookup`: the chain through both secret sheets, in Russian or English, with forgiving words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from printkit.cli import cli

from ..conftest import EXAMPLES, run, write
from .test_codes import RULES_EXAMPLE, TERRAINS


def example_key(folder: Path) -> Path:
    """The rules' own example sheets as a key file (resources; other columns in plain order)."""
    identity = list(range(1, 11))
    sheets = {
        str(p): {
            s: {t: RULES_EXAMPLE[p].get(t, identity) if s == "resources" else identity for t in TERRAINS}
            for s in ("resources", "adventures")
        }
        for p in (1, 2)
    }
    key = {
        "format": "printkit.referee-key/1",
        "game": "strategiya",
        "games": [{"kit_id": "TEST-0001", "sheets": sheets}],
    }
    return write(folder / "referee-key.json", json.dumps(key))


@pytest.mark.rule("strategiya.secret.lookup", "strategiya.price.per-day")
def test_lookup_prints_the_rules_example_chain(workdir: Path) -> None:
    key = example_key(workdir)
    result = run("referee", "lookup", "--key", key, "resources", "forest", "3")
    assert (result.exit_code, result.output) == (
        0,
        "лес, ресурсы 3 → 9 → 2: Шкуры животных — 35 дней по 20 $ в день, всего 700 $\n",
    )


@pytest.mark.rule("strategiya.secret.lookup", "strategiya.experience.empty-object")
def test_lookup_accepts_russian_words_either_order_and_ascii(workdir: Path) -> None:
    key = example_key(workdir)
    result = run("referee", "lookup", "--key", key, "--ascii", "Гора", "ресурсы", "3")
    assert result.output == "гора, ресурсы 3 -> 9 -> 9: Нет\n"
    result = run("referee", "lookup", "--key", key, "--lang", "en", "resources", "ЛЕС", "3")
    assert result.output == "forest resources 3 → 9 → 2: Animal hides — 35 days at $20 a day, $700 in all\n"


@pytest.mark.rule("strategiya.secret.lookup")
@pytest.mark.parametrize(
    ("words", "terrain"),
    [
        (["ресурсы", "горы", "3"], "гора"),
        (["в горах", "ресурсах", "3"], "гора"),
        (["ресурсы", "лесу", "3"], "лес"),
        (["ресурсы", "на равнине", "3"], "равнина"),
        (["ресурсы", "болоте", "3"], "болото"),
        (["ресурсы", "смертельной зоне", "3"], "смертельная зона"),
        (["ресурсы", "см. зоне", "3"], "смертельная зона"),
        (["resources", "forests", "3"], "лес"),
    ],
)
def test_lookup_takes_the_inflected_words_people_type(workdir: Path, words: list[str], terrain: str) -> None:
    result = run("referee", "lookup", "--key", example_key(workdir), *words)
    assert result.exit_code == 0 and result.output.startswith(f"{terrain}, ресурсы 3 → ")


def test_lookup_json(workdir: Path) -> None:
    result = run("referee", "lookup", "--key", example_key(workdir), "--json", "resources", "forest", "3")
    assert json.loads(result.output) == {
        "kit_id": "TEST-0001",
        "game": 1,
        "section": "resources",
        "terrain": "forest",
        "number": 3,
        "sheet1": 9,
        "sheet2": 2,
        "entry": "Шкуры животных — 35 дней по 20 $ в день, всего 700 $",
        "kind": None,  # an adventure's kind, side and text (a resource has none): every answer has the keys
        "side": None,
        "text": None,
    }


def test_lookup_adventure_titles_from_config(workdir: Path) -> None:
    """issue 40: the master reads out the adventure's kind, side and text from the config, not its title alone."""
    key = example_key(workdir)
    config = EXAMPLES / "strategiya.yaml"
    result = run("referee", "lookup", "--key", key, "--config", config, "adventures", "forest", "4")
    lines = result.output.splitlines()
    assert lines[:2] == ["лес, приключения 4 → 4 → 4: Пепелище у реки", "  Проверка морали; сторона встреченного: свет"]
    assert " ".join(" ".join(lines[2:]).split()).startswith("Дым над лесом приводит героя к сгоревшему дому.")
    found = json.loads(run("referee", "lookup", "--key", key, "--config", config, "adventures", "forest", "4",
                           "--json", "--lang", "en").output)  # fmt: skip
    assert (found["entry"], found["kind"], found["side"]) == ("Пепелище у реки", "morale", "свет")
    assert found["text"].startswith("Дым над лесом")
    bare = run("referee", "lookup", "--key", key, "adventures", "forest", "4", "--json")  # no config: no adventure
    assert json.loads(bare.output)["kind"] is None


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["treasure", "forest", "3"], "unknown section 'treasure' (did you mean 'resources'?); use resources or"),
        (["resources", "sky", "3"], "unknown terrain 'sky'; use one of mountain swamp forest plain water deathzone"),
        (
            ["resources", "fores", "3"],
            "use one of mountain swamp forest plain water deathzone (did you mean 'forest'?)",
        ),
        (["resources", "forest", "11"], "forest objects are numbered 1..10; 11 is not one of them"),
    ],
)
def test_lookup_bad_words_exit_2(workdir: Path, words: list[str], message: str) -> None:
    result = run("referee", "lookup", "--key", example_key(workdir), *words, "--lang", "en")
    flat = " ".join(result.output.split())
    assert result.exit_code == 2 and flat.startswith("printkit: error: ") and message in flat


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["сокровища", "лес", "3"], "неизвестный раздел «сокровища»; пишите ресурсы или приключения"),
        (["ресурсы", "лесс", "3"], "неизвестная местность «лесс» (может быть, «лес»?); можно: гора, болото, лес,"),
        (["resources", "forrest", "3"], "неизвестная местность «forrest» (может быть, «forest»?)"),
        (["ресурсы", "лес", "11"], "объекты местности «лес» пронумерованы 1..10; 11 среди них нет"),
    ],
)
def test_lookup_refuses_in_russian_by_default(workdir: Path, words: list[str], message: str) -> None:
    result = run("referee", "lookup", "--key", example_key(workdir), *words)
    flat = " ".join(result.output.split())
    assert result.exit_code == 2 and flat.startswith("printkit: ошибка: ") and message in flat


def test_lookup_needs_game_for_multi_game_key_and_takes_kit_id(workdir: Path) -> None:
    assert run("secret-sheets", "--games", "2", "--seed", "stack-seed-1234", "--out", workdir / "k").exit_code == 0
    key = workdir / "k" / "referee-key.json"
    result = run("referee", "lookup", "--key", key, "resources", "forest", "3", "--lang", "en")
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "choose one with --game: its number, from 1 to 2, or its kit id" in said
    kit_id = json.loads(key.read_text("utf-8"))["games"][1]["kit_id"]
    by_number = run("referee", "lookup", "--key", key, "--game", "2", "resources", "forest", "3")
    by_id = run("referee", "lookup", "--key", key, "--game", kit_id.lower(), "resources", "forest", "3")
    assert by_number.exit_code == 0 and by_number.output == by_id.output


def test_lookup_joins_two_one_player_keys(workdir: Path) -> None:
    for p in ("1", "2"):
        assert run("secret-sheets", "--player", p, "--out", workdir / f"p{p}").exit_code == 0
    one = workdir / "p1" / "referee-key-player-1.json"
    two = workdir / "p2" / "referee-key-player-2.json"
    alone = run("referee", "lookup", "--key", one, "resources", "forest", "3")
    assert alone.exit_code == 2 and "в ключе нет листа 2" in alone.output
    joined = run("referee", "lookup", "--key", one, "--key", two, "resources", "forest", "3")
    assert joined.exit_code == 0
    first = json.loads(one.read_text("utf-8"))["games"][0]["sheets"]["1"]["resources"]["forest"][2]
    second = json.loads(two.read_text("utf-8"))["games"][0]["sheets"]["2"]["resources"]["forest"][first - 1]
    assert joined.output.startswith(f"лес, ресурсы 3 → {first} → {second}: ")


def test_lookup_missing_key_file_exit_3(workdir: Path) -> None:
    result = run("referee", "lookup", "--key", workdir / "nope.json", "resources", "forest", "3")
    # issue 34: said in the answer's language (Russian by default)
    assert (result.exit_code, result.output) == (3, f"файл {workdir / 'nope.json'} не найден\n")
    english = run("referee", "lookup", "--key", workdir / "nope.json", "resources", "forest", "3", "--lang", "en")
    assert (english.exit_code, english.output) == (3, f"{workdir / 'nope.json'}: no such file\n")


@pytest.mark.parametrize(
    ("edit", "column", "said"),
    [
        (lambda sheets: sheets["1"].pop("resources"), "games[0].sheets.1.resources.mountain", "missing"),
        (lambda sheets: sheets["2"]["adventures"].pop("swamp"), "games[0].sheets.2.adventures.swamp", "missing"),
        (lambda sheets: sheets["2"]["resources"].update(forest=[1, 2, 3]), "games[0].sheets.2.resources.forest",
         "3 numbers"),
    ],
    ids=["section", "terrain", "short"],
)  # fmt: skip
def test_lookup_refuses_a_key_that_does_not_fit_its_ruleset(workdir: Path, edit: Any, column: str, said: str) -> None:
    """issue 32: a key missing a column the ruleset's sheets print (or holding a short one) ended
    the lookup, the session's too, in a KeyError or IndexError traceback (found by bench/fuzz.py)."""
    key = example_key(workdir)
    data = json.loads(key.read_text("utf-8"))
    edit(data["games"][0]["sheets"])
    key.write_text(json.dumps(data), "utf-8")
    expected = f"{key}: {column}: {said}; the sheets of strategiya print 10\n"
    assert (result := run("referee", "lookup", "--key", key, "resources", "forest", "3")).exit_code == 3
    assert result.output == expected
    session = CliRunner().invoke(cli, ["referee", "--key", str(key), "--lang", "en"], "lookup adventures swamp 2\n")
    assert "Traceback" not in session.output and expected in session.output, session.output


@pytest.mark.rule("strategiya.secret.lookup")
def test_lookup_refuses_odd_game_numbers_without_a_traceback(workdir: Path) -> None:
    key = example_key(workdir)
    for game in ("9" * 5000, "²", "0"):
        result = run("referee", "lookup", "--key", key, "--game", game, "resources", "forest", "3", "--lang", "en")
        assert result.exit_code == 2 and result.output.startswith("printkit: error: --game"), game
        assert len(result.output.splitlines()[0]) <= 80


@pytest.mark.rule("strategiya.secret.lookup")
def test_every_lookup_fits_80_columns(workdir: Path) -> None:
    key = example_key(workdir)
    for section in ("resources", "adventures"):
        for terrain in ("mountain", "swamp", "forest", "plain", "water", "deathzone"):
            for number in range(1, 11):
                for lang in ("ru", "en"):
                    out = run("referee", "lookup", "--key", key, "--lang", lang, section, terrain, str(number)).output
                    assert max(len(line) for line in out.splitlines()) <= 80, out
