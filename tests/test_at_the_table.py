"""The referee at the table, from the command line: what a new user types is understood (issue 34)."""

from __future__ import annotations

import ast
import itertools
import json
import operator
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from printkit.cli import cli
from printkit.dice import roll

from .conftest import EXAMPLES, run


@pytest.fixture(autouse=True)
def _no_language_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)


# ---- roll: every term of the sum ---------------------------------------------------------------------

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _arithmetic(text: str) -> int:
    """A sum of whole numbers, worked out by Python's own parser (not printkit's)."""

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return int(_OPS[type(node.op)](value(node.left), value(node.right)))
        raise ValueError(ast.dump(node))

    return value(ast.parse(text, mode="eval").body)


@pytest.mark.parametrize(
    "notation", ["2d6+1", "3d6+2d4-1", "-d6+10", "(2d6+1)*2", "2*-d4", "4dF+1", "d20-5", "10-(d4+2)*3"]
)
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_a_roll_shows_every_term_and_adds_them_up(notation: str, seed: str) -> None:
    """issue 34: `roll 2d6+1` showed no +1, `3d6+2d4-1` no -1: the result line now spells the sum."""
    rolled = roll(notation, seed=seed)
    # The notation with each group's result in its place, evaluated independently, is the total.
    results = iter(f"({g.result})" for g in rolled.groups)
    substituted = re.sub(r"[0-9]*d(?:F|[0-9]+)", lambda _: next(results), notation)
    assert _arithmetic(substituted) == rolled.total
    out = run("referee", "roll", notation, "--seed", seed).output.splitlines()
    last = out[-1]
    assert last.startswith("= ") and last.endswith(f" = {rolled.total}")
    assert _arithmetic(last.removeprefix("= ").rsplit(" = ", 1)[0]) == rolled.total
    for constant in re.findall(r"(?<![0-9d])([0-9]+)(?![0-9d])", notation):
        assert constant in re.findall(r"[0-9]+", last.rsplit(" = ", 1)[0])


def test_a_comparison_shows_both_sums() -> None:
    """issue 34: a comparison's sides show their constants too."""
    rolled = roll("3d6+1 >= 2d6+2", seed="x")
    line = run("referee", "roll", "3d6+1 >= 2d6+2", "--seed", "x").output.splitlines()[-1]
    left, right = rolled.groups[0].result, rolled.groups[1].result
    assert line.startswith(f"= {rolled.total} ({left} + 1) >= {rolled.right} ({right} + 2)")
    data = run("referee", "roll", "2d6+1", "--seed", "x", "--json").output
    assert '"sum": "' in data and '+ 1"' in data


# ---- editions by their year --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["referee", "cost", "tower", "--edition", "2003"],
        ["referee", "--edition", "2003", "cost", "tower"],
        ["referee", "leader-escape", "--income", "47", "--edition", "2003"],
    ],
)
def test_an_edition_is_named_by_its_year(args: list[str]) -> None:
    """issue 34: `--edition 2003` was refused: it had to be vs-2003."""
    result = run(*args, "--lang", "en") if args[1] != "--edition" else run(*args[:3], "--lang", "en", *args[3:])
    assert result.exit_code == 0, result.output
    assert "2003" in result.output


def test_the_year_names_the_same_edition_as_its_id() -> None:
    """issue 34: the year is an alias of the edition, in the declaration every surface reads."""
    from printkit.games.vs.questions import cost
    from printkit.questions import declared

    kind = declared(cost).input("edition").kind
    assert kind.read("2003") == "vs-2003" and kind.read("2025") == "vs-2025" and kind.read("VS-2003") == "vs-2003"
    assert (
        run("referee", "cost", "tower", "--edition", "2003").output
        == run("referee", "cost", "tower", "--edition", "vs-2003").output
    )
    refused = run("referee", "cost", "tower", "--edition", "1999", "--lang", "en")
    assert refused.exit_code == 2 and "vs-2025, vs-2003" in refused.output


# ---- cells typed in Cyrillic -------------------------------------------------------------------------

MAP = str(EXAMPLES / "map.yaml")


@pytest.mark.parametrize(("typed", "meant"), [("С4", "C4"), ("с4", "C4"), ("Е6", "E6"), ("Н9", "H9"), ("АВ1", "AB1")])
def test_a_cyrillic_look_alike_names_the_latin_cell(typed: str, meant: str) -> None:
    """issue 34: a cell typed with a Cyrillic «С4» was refused; it is the cell it looks like."""
    from printkit.cells import parse_cell

    assert parse_cell(typed) == parse_cell(meant)


def test_reach_and_route_take_cyrillic_cells() -> None:
    """issue 34: `reach --from С4` and `route --to Н9` (Cyrillic) answer as with Latin letters."""
    latin = run("referee", "reach", MAP, "--from", "C4", "--speed", "2")
    assert run("referee", "reach", MAP, "--from", "С4", "--speed", "2").output == latin.output
    route = run("referee", "route", MAP, "--from", "с4", "--to", "Н9", "--speed", "2", "--json")
    assert route.exit_code == 0, route.output
    assert route.output == run("referee", "route", MAP, "--from", "C4", "--to", "H9", "--speed", "2", "--json").output
    refused = run("referee", "route", MAP, "--from", "Б4", "--to", "H9", "--speed", "2")
    assert refused.exit_code == 2 and "С4" in refused.output  # the help says Cyrillic look-alikes will do


def test_a_map_file_may_name_cells_in_cyrillic(tmp_path: Path) -> None:
    """issue 34: a map file's `at: С4` (Cyrillic) is the cell C4."""
    text = (EXAMPLES / "map.yaml").read_text(encoding="utf-8").replace("{at: B2,", "{at: В2,")
    changed = tmp_path / "map.yaml"
    changed.write_text(text, encoding="utf-8")
    result = run("map", "check", str(changed))
    assert result.exit_code == 0, result.output
    latin = json.loads(run("referee", "route", MAP, "--from", "B2", "--to", "C4", "--speed", "2", "--json").output)
    cyrillic = json.loads(run("referee", "route", str(changed), "--from", "В2", "--to", "С4", "--speed", "2",
                              "--json").output)  # fmt: skip
    assert cyrillic == latin and cyrillic["legs"][0][0] == "B2"


# ---- heroes by name; the sides as the answers call them ----------------------------------------------

HEROES = str(EXAMPLES / "strategiya-heroes.yaml")


def test_fight_takes_heroes_by_name_and_names_them() -> None:
    """issue 34: `fight --heroes Гром Тень` was refused (markers only), and the answer said only "A"."""
    by_name = run("referee", "fight", "--config", HEROES, "--heroes", "Гром", "тень")
    assert by_name.exit_code == 0, by_name.output
    assert by_name.output == run("referee", "fight", "--config", HEROES, "--heroes", "1", "4").output
    first, second = by_name.output.splitlines()[:2]
    assert first.startswith("A — Гром, метка 1 (жизни 25, урон 9) побеждает")
    assert second.startswith("B — Тень, метка 4 (жизни 2, урон 3) побеждает")
    data = json.loads(run("referee", "fight", "--config", HEROES, "--heroes", "ГРОМ", "4", "--json").output)
    assert data["a_hero"] == {"name": "Гром", "marker": "1"} and data["b_hero"]["name"] == "Тень"


def test_an_unknown_hero_is_refused_with_every_name_and_marker() -> None:
    """issue 34: a hero not in the config is refused with the names and markers to choose from."""
    for args in (["fight", "--heroes", "Гром", "Буря"], ["work", "--days", "9", "--heroes", "Буря"],
                 ["reach", str(EXAMPLES / "map.yaml"), "--from", "C4", "--hero", "Буря"]):  # fmt: skip
        refused = run("referee", *args, "--config", HEROES)
        assert refused.exit_code == 2, refused.output
        said = " ".join(refused.output.split())  # as wrapped to 80 columns
        assert "«Буря»" in said and "Гром (1), Ветер (2), Искра (3), Тень (4)" in said


def test_work_and_movement_take_heroes_by_name() -> None:
    """issue 34: every question that takes heroes takes their names: work's --heroes and reach's --hero."""
    work = run("referee", "work", "--days", "45", "--config", HEROES, "--heroes", "Гром", "искра")
    assert work.exit_code == 0 and "Гром (1), сила 9: 5 ходов" in work.output and "Искра (3)" in work.output
    reach = ["reach", str(EXAMPLES / "map.yaml"), "--from", "C4", "--config", HEROES]
    assert run("referee", *reach, "--hero", "Ветер").output == run("referee", *reach, "--hero", "2").output


@pytest.mark.parametrize(("typed", "side"), [("B", "b"), ("b", "b"), ("В", "b"), ("Б", "b"), ("А", "a"), ("a", "a")])
def test_first_takes_the_sides_as_the_answers_call_them(typed: str, side: str) -> None:
    """issue 34: `--first B` must be understood as the answers' B, typed on either keyboard (В, Б)."""
    base = ["referee", "fight", "--lives", "10", "12", "--damage", "2", "1"]
    result = run(*base, "--first", typed)
    assert result.exit_code == 0, result.output
    assert result.output == run(*base, "--first", side).output


# ---- a missing file: said in the answer's language, with the file most likely meant --------------------


def test_a_missing_file_is_said_in_russian_with_the_closest_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 34: missing-file errors were English and suggested nothing."""
    monkeypatch.chdir(EXAMPLES.parent)  # where examples/ is, as in a user's folder
    ru = run("referee", "fight", "--config", "examples/vs2025.yaml", "--heroes", "1", "2")
    assert (ru.exit_code, ru.output) == (
        3,
        "файл examples/vs2025.yaml не найден — может быть, examples/vs-2025.yaml?\n",
    )
    en = run("referee", "reach", "examples/mapp.yaml", "--from", "C4", "--speed", "2", "--lang", "en")
    assert (en.exit_code, en.output) == (3, "examples/mapp.yaml: no such file — did you mean examples/map.yaml?\n")
    nothing_near = run("referee", "lookup", "--key", "examples/zzzz.json", "forest", "resources", "3")
    assert (nothing_near.exit_code, nothing_near.output) == (3, "файл examples/zzzz.json не найден\n")


def test_a_missing_session_config_is_said_with_the_closest_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 34: the evening's --config, missing, is said in the session's language with a suggestion."""
    monkeypatch.chdir(EXAMPLES)
    result = run("referee", "--config", "strategya.yaml")
    assert (result.exit_code, result.output) == (3, "файл strategya.yaml не найден — может быть, strategiya.yaml?\n")


# ---- the evening's session -----------------------------------------------------------------------------


def session(questions: str, *options: str) -> Result:
    """A session fed from a pipe, as `printf '...' | printkit referee ...` would."""
    runner = CliRunner(env={"PRINTKIT_LANG": None, "PRINTKIT_KEY": None})
    return runner.invoke(cli, ["referee", *options], input=questions, catch_exceptions=False)


def test_a_refused_line_says_one_line_and_help_command_says_the_usage() -> None:
    """issue 34: every error in the session repeated the usage line; only `help COMMAND` shows it now."""
    result = session("escape 99\nodds 3d6q\nfight --lives 1\nhelp escape\n")
    errors = result.stderr.splitlines()
    assert not any(line.startswith(("Использование:", "Usage:", "Подробнее:")) for line in errors), errors
    assert errors[0] == "Ошибка: неверное значение «1..12»: «99» — вне пределов 1<=x<=12"
    assert errors[1:4] == ["Ошибка: непонятный знак «q»", "  3d6q", "     ^ позиция 4"]
    assert "escape [OPTIONS]" in result.stdout  # help escape: the usage, on request


def test_command_names_are_case_insensitive() -> None:
    """issue 34: `Fight` was refused in the session."""
    result = session("Fight --lives 3 3 --damage 1 1\nESCAPE 2\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        run("referee", "fight", "--lives", "3", "3", "--damage", "1", "1").stdout + run("referee", "escape", "2").stdout
    )


def test_the_key_and_config_can_be_given_after_starting(tmp_path: Path) -> None:
    """issue 34: the key could not be given once the session had started; `key`/`ключ` and
    `config`/`конфиг` load and check a file at once."""
    from .strategiya.test_lookup import example_key

    key = example_key(tmp_path)
    alone = run("referee", "lookup", "--key", str(key), "ресурсы", "лес", "3").stdout
    result = session(f"ключ {tmp_path / 'nope.json'}\nключ {key}\nlookup ресурсы лес 3\nконфиг {HEROES}\n"
                     "fight --heroes Гром Тень\n")  # fmt: skip
    assert f"ключ сессии теперь: {key}" in result.stdout and alone in result.stdout
    assert "A — Гром, метка 1" in result.stdout
    assert f"файл {tmp_path / 'nope.json'} не найден" in result.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    checked = session(f"key {broken}\n", "--lang", "en")
    assert checked.exit_code == 3 and "not valid JSON" in checked.stderr and "is now" not in checked.stdout


def test_piped_questions_end_with_the_worst_code_of_a_failed_line(tmp_path: Path) -> None:
    """issue 34: piped questions exited 0 when a line failed."""
    assert session("escape 2\n").exit_code == 0
    assert session("escape 2\nescape 99\nescape 3\n").exit_code == 2
    assert session(f"escape 99\nfight --config {tmp_path / 'none.yaml'} --heroes 1 2\n").exit_code == 3
    answered = session("escape 99\nescape 3\n")
    assert "1/8" in answered.stdout  # the session went on after the failed line


# ---- brief answers -------------------------------------------------------------------------------------

BRIEFLY = [
    ["fight", "--lives", "10", "10", "--damage", "3", "1", "--backstab"],
    ["fight", "--config", HEROES, "--heroes", "1", "4"],
    ["battle", "knights", "elves"],
    ["reach", MAP, "--from", "C4", "--speed", "2"],
    ["route", MAP, "--from", "C4", "--to", "H9", "--speed", "2"],
    ["work", "--days", "45", "--strength", "3", "2"],
    ["hide", "--hiders", "3", "2", "--seekers", "5"],
]


@pytest.mark.parametrize("args", BRIEFLY, ids=lambda a: a[0])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_brief_leaves_out_the_notes_on_the_rules(args: list[str], lang: str) -> None:
    """issue 34: battle, reach and route answers ended with lines of rule notes no one could hide."""
    full = run("referee", *args, "--lang", lang)
    brief = run("referee", *args, "--lang", lang, "--brief")
    assert brief.exit_code == full.exit_code == 0, brief.output
    note_words = (
        "reading",
        "note:",
        "чтение правил",
        "Чтение правил",
        "примечание",
        "прочтение",
        "Reading",
        "Прочтение",
    )
    assert any(w in full.output for w in note_words)
    assert not any(w in brief.output for w in note_words), brief.output
    assert full.output.startswith(brief.output.rsplit("\n", 2)[0])  # the answer itself is the same
    assert run("referee", "--brief", *args, "--lang", lang).output == brief.output
    # --json keeps them: brief or not, the same record
    assert run("referee", *args, "--json", "--brief").output == run("referee", *args, "--json").output


def test_brief_notes_are_declared_for_every_surface() -> None:
    """issue 34: a surface (the web too) hides the notes from the answer record's own lines."""
    from printkit.games.strategiya.questions import fight
    from printkit.questions import Note, answer_lines, declared

    answer = fight((10, 10), (3, 1), backstab=True)
    full, brief = answer.lines("ru"), answer_lines(answer, "ru", brief=True)
    assert any(isinstance(line, Note) for line in full) and not any(isinstance(line, Note) for line in brief)
    assert declared(fight).notes


def test_a_session_can_turn_brief_answers_on_and_off() -> None:
    """issue 34: a setting in the session: brief on/off (кратко вкл/выкл), or `printkit referee --brief`."""
    route = "route " + " ".join(BRIEFLY[4][1:]) + "\n"
    full = run("referee", *BRIEFLY[4]).stdout
    brief = run("referee", *BRIEFLY[4], "--brief").stdout
    result = session(route + "кратко вкл\n" + route + "brief off\n" + route)
    assert result.exit_code == 0, result.stderr
    on, off = (
        "ответы кратко: без примечаний о правилах (кратко выкл — с ними)\n",
        ("ответы полностью, с примечаниями о правилах\n"),
    )
    assert result.stdout == full + on + brief + off + full
    assert session(route, "--brief").stdout == brief


# ---- --help in the answer's language -------------------------------------------------------------------


def test_help_is_russian_by_default_and_english_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 34: `--help` was English even in Russian; a derived command's help is said in its voice."""
    from printkit.games.strategiya.questions import fight
    from printkit.questions import declared

    q = declared(fight)
    ru = run("referee", "fight", "--help")
    assert ru.exit_code == 0
    text = " ".join(ru.output.split())
    assert ru.output.startswith("Использование: ") and "Параметры:" in ru.output and "Примеры:" in ru.output
    assert q.summary["ru"] in text and " ".join(q.about["ru"].split()) in text
    assert all(" ".join(i.help["ru"].split()) in text for i in q.inputs)
    assert "[по умолчанию: a]" in text and "Показать эту справку и выйти." in text
    assert "Usage:" not in ru.output and q.summary["en"] not in text
    en = run("referee", "fight", "--help", "--lang", "en")
    assert en.output.startswith("Usage: ") and q.summary["en"] in " ".join(en.output.split())
    assert "Examples:" in en.output and "[default: a]" in en.output
    monkeypatch.setenv("PRINTKIT_LANG", "en")
    assert run("referee", "fight", "--help").output == en.output
    assert run("referee", "fight", "--help", "--lang", "ru").output == ru.output


def test_the_list_of_questions_and_a_session_help_speak_too() -> None:
    """issue 34: the questions' summaries in `referee --help` and `help COMMAND` in a session follow the language."""
    listed = run("referee", "--help").output
    assert "Шансы боя «Стратегии»" in listed
    assert "Odds of a Strategy battle" in run("referee", "--help", "--lang", "en").output
    assert "Кто бросает первым: A или B." in session("help fight\n").stdout
    assert "Who rolls first: A or B." in session("help fight\n", "--lang", "en").stdout


# ---- odds of two wide sums: the same exact answer, by a faster path ------------------------------------


def _enumerated(sides: list[int], minus: list[int], shift: int = 0) -> dict[int, int]:
    """Every way some fair dice fall, added up, minus other fair dice: counted one by one."""
    counts: dict[int, int] = {}
    for faces in itertools.product(*(range(1, s + 1) for s in sides + minus)):
        total = sum(faces[: len(sides)]) - sum(faces[len(sides) :]) + shift
        counts[total] = counts.get(total, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("notation", "sides", "minus", "shift"),
    [
        ("3d6 >= 3d6", [6, 6, 6], [6, 6, 6], 0),
        ("2d10+1 > 2d10", [10, 10], [10, 10], 1),
        ("d20 = d20", [20], [20], 0),
        ("4d4 <= 2d4+3", [4, 4, 4, 4], [4, 4], -3),
        ("5d3 < 5d3", [3] * 5, [3] * 5, 0),
    ],
)
def test_two_sided_odds_are_those_of_every_way_the_dice_fall(
    notation: str, sides: list[int], minus: list[int], shift: int
) -> None:
    """issue 34: `odds "100d1000 >= 100d1000"` took seconds; the faster path (one width's recurrence,
    known moments, sums where the weights lie) answers exactly what counting every fall gives."""
    from printkit.dice import odds

    found = odds(notation)
    counts = _enumerated(sides, minus, shift)
    total = sum(counts.values())
    assert found.dist.total == total and found.dist.weights == counts
    test = {">=": operator.ge, ">": operator.gt, "=": operator.eq, "<=": operator.le, "<": operator.lt}
    op = notation.split()[1]
    assert found.chance == Fraction(sum(c for v, c in counts.items() if test[op](v, 0)), total)
    mean = Fraction(sum(v * c for v, c in counts.items()), total)
    assert found.dist.mean() == mean
    assert found.dist.variance() == Fraction(sum(v * v * c for v, c in counts.items()), total) - mean * mean
    more, tie, less = found.versus()
    assert (more, tie) == (
        Fraction(sum(c for v, c in counts.items() if v > 0), total),
        Fraction(counts.get(0, 0), total),
    )
    assert more + tie + less == 1


@pytest.mark.parametrize(
    "notation",
    [pytest.param("20d100 >= 20d100", marks=pytest.mark.slow), "10d20+8d6 > 20d10-7",
     pytest.param("12d100 >= 6d100+6d100", marks=pytest.mark.slow)],
)  # fmt: skip
def test_wide_sums_compared_agree_with_icepool(notation: str) -> None:
    """issue 34: the wide comparisons, exact, against icepool's own engine."""
    import icepool

    from printkit.dice import odds

    left, op, right = notation.split(" ", 2)

    def pool(text: str) -> Any:
        out: Any = 0
        for sign, part in re.findall(r"([+-]?)([^+-]+)", text):
            count, _, faces = part.partition("d")
            term = int(count or 1) @ icepool.d(int(faces)) if faces else int(count)
            out = out - term if sign == "-" else out + term
        return out

    expected = {">=": operator.ge, ">": operator.gt}[op]
    diff = pool(left) - pool(right)
    found = odds(notation)
    assert found.chance == Fraction(expected(diff, 0).probability(True))  # type: ignore[no-untyped-call]
    assert found.dist.mean() == Fraction(diff.mean())
    assert found.dist.variance() == Fraction(diff.variance())


@pytest.mark.parametrize(("w", "n"), [(2, 1), (2, 17), (6, 1), (6, 3), (6, 12), (7, 9), (10, 30), (1000, 3), (13, 2)])
def test_one_width_of_fair_dice_is_their_convolution(w: int, n: int) -> None:
    """issue 34: the one-width recurrence gives the coefficients of (1 + x + ... + x^(w-1))^n."""
    from printkit.dice.dist import boxes

    expected = [1]
    for _ in range(n):
        grown = [0] * (len(expected) + w - 1)
        for i, c in enumerate(expected):
            for j in range(w):
                grown[i + j] += c
        expected = grown
    assert boxes({w: n}) == expected


def test_the_widest_comparison_keeps_what_symmetry_demands() -> None:
    """issue 34: `odds "100d1000 >= 100d1000"` itself: the difference of two equal sums is
    symmetric about 0, its variance is 200 dice' (1000^2 - 1)/12, and >= is a half plus half a tie."""
    from printkit.dice import odds

    found = odds("100d1000 >= 100d1000")
    weights, total = found.dist.weights, found.dist.total
    assert total == 1000**200 and sum(weights.values()) == total
    assert min(weights) == -99_900 and max(weights) == 99_900
    assert all(weights[v] == weights[-v] for v in range(0, 99_901, 997))
    assert found.dist.mean() == 0 and found.dist.variance() == Fraction(200 * (1000**2 - 1), 12)
    counted = Fraction(sum(v * v * w for v, w in weights.items()), total)  # from the weights themselves
    assert counted == found.dist.variance() and sum(v * w for v, w in weights.items()) == 0
    tie = Fraction(weights[0], total)
    assert found.chance == (1 + tie) / 2 and found.versus() == ((1 - tie) / 2, tie, (1 - tie) / 2)


def test_a_sum_of_fair_dice_knows_its_moments_without_a_pass() -> None:
    """issue 34: the mean and spread of a sum of fair dice come from the dice (n(w-1)/2, n(w^2-1)/12),
    not from a pass over hundreds of thousands of 600-digit weights; shifts and sums keep them."""
    from printkit.dice import odds

    wide = odds("100d1000 >= 100d1000").dist
    assert wide.known == (0, Fraction(200 * (1000**2 - 1), 12))
    assert odds("3d6+2").dist.known == (Fraction(25, 2), Fraction(35, 4))
    assert odds("4d6kh3").dist.known is None  # a keep is counted, not known: its moments are summed
    assert odds("4d6kh3").dist.mean() == Fraction(15869, 1296)


def test_a_stratego_square_may_be_typed_in_cyrillic_or_capitals() -> None:
    """issue 34: cells everywhere: `moves --from е4` (Cyrillic е) and `J5` are the squares e4 and j5."""
    position = str(EXAMPLES / "stratego-position.txt")
    latin = run("referee", "moves", position, "--from", "e4", "--json")
    assert latin.exit_code == 0
    assert run("referee", "moves", position, "--from", "е4", "--json").output == latin.output
    assert (
        run("referee", "moves", position, "--from", "J5").output
        == run("referee", "moves", position, "--from", "j5").output
    )
