"""referee roll and odds at the terminal: the players' language, 80 columns, errors pointed at by column,
never a traceback, and the documented examples printed exactly."""

from __future__ import annotations

import json
import random
import re
import shlex
from fractions import Fraction

import pytest

from printkit.dice import odds

from .conftest import ROOT, run

WIDE = [
    ["odds", "2d6+1>=8"], ["odds", "100d1000"], ["odds", "d1000*d1000"], ["odds", "3d6 >= 2d6+2"],
    ["odds", "10d6x"], ["odds", "4d6kh3dl1"], ["odds", "-100d100-1000000"], ["odds", "d6+" * 66 + "d6"],
    ["odds", "100d100kh50", "--all"], ["roll", "100d1000", "--seed", "w"], ["roll", "20d6x", "--seed", "w"],
    ["roll", "d6+" * 66 + "d6>=" + "d6+" * 10, "--seed", "w"], ["roll", "100d1000r<1000", "--seed", "w"],
    ["odds", "d6+" * 70], ["odds", "100d1000kh60"], ["odds", "(" * 30 + "d6"],
]  # fmt: skip


@pytest.fixture(autouse=True)
def _no_language_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)


def test_russian_by_default_english_on_request() -> None:
    ru = run("referee", "odds", "2к6+1>=8").output.splitlines()
    assert ru[0].split() == ["итог", "ровно", "не", "меньше", "не", "больше"]
    assert ru[-1] == "P(итог >= 8) = 7/12 (58.33 %)"
    en = run("referee", "odds", "2d6+1>=8", "--lang", "en").output.splitlines()
    assert en[0].split() == ["total", "exactly", "at", "least", "at", "most"]
    assert en[-1] == "P(total >= 8) = 7/12 (58.33 %)"
    assert run("referee", "roll", "d6>=1", "--seed", "s").output.endswith("успех\n")
    assert run("referee", "roll", "d6>=1", "--seed", "s", "--lang", "en").output.endswith("success\n")


def test_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRINTKIT_LANG", "en")
    assert run("referee", "odds", "d6").output.startswith("total")
    assert run("referee", "odds", "d6", "--lang", "ru").output.startswith("итог")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("args", WIDE, ids=lambda a: " ".join(a)[:40])
def test_no_line_wider_than_80_columns(args: list[str], lang: str) -> None:
    result = run("referee", *args, "--lang", lang)
    assert result.exit_code in (0, 2)
    lines = result.output.splitlines()
    assert lines and max(len(line) for line in lines) <= 80, max(lines, key=len)


def test_at_least_and_at_most_columns_add_up() -> None:
    rows = [line.split() for line in run("referee", "odds", "3d6", "--lang", "en").output.splitlines()[2:18]]
    exact = dict(odds("3d6").dist.table())
    for value, share, _, at_least, _, at_most, *_ in rows:
        v = int(value)
        assert float(share) == pytest.approx(float(exact[v]) * 100, abs=0.005)
        assert float(at_least) == pytest.approx(float(sum(p for w, p in exact.items() if w >= v)) * 100, abs=0.005)
        assert float(at_most) == pytest.approx(float(sum(p for w, p in exact.items() if w <= v)) * 100, abs=0.005)
    bars = {int(r[0]): len(r[-1]) if r[-1].startswith("#") else 0 for r in rows}
    assert bars[10] == bars[11] == max(bars.values()) and bars[3] < bars[6] < bars[9]


@pytest.mark.slow
def test_many_totals_come_in_ranges_and_all_shows_every_one() -> None:
    out = run("referee", "odds", "100d100", "--lang", "en").output.splitlines()
    ranges = [line.split()[0] for line in out[2:] if ".." in line.split()[0]]
    assert 15 <= len(ranges) <= 34 and ranges[0].startswith("100..") and ranges[-1].endswith("..10000")
    assert "totals a row: 100" in out[-2]
    every = run("referee", "odds", "100d100", "--all").output.splitlines()
    assert len(every) == 2 + 9901 + 1


def test_json_is_exact_and_in_english() -> None:
    data = json.loads(run("referee", "odds", "3d6>=15", "--json").output)
    assert data["chance"] == "5/54" and data["of"] == "total"
    assert sum(int(w) for w in data["weights"].values()) == int(data["total"]) == 216
    assert Fraction(int(data["weights"]["18"]), int(data["total"])) == Fraction(1, 216)
    both = json.loads(run("referee", "odds", "d6 >= d4+1", "--json").output)
    assert both["of"] == "left - right" and both["chance"] == "7/12" and both["tie"] == "1/6"
    rolled = json.loads(run("referee", "roll", "3d6>=10", "--seed", "a", "--json").output)
    assert set(rolled) == {"dice", "sum", "total", "passed", "right", "right_sum"} and rolled["right"] == 10
    assert rolled["right_sum"] == "10"  # issue 34: each side's sum, constants too


def test_explode_cap_option_is_printed_and_bounded() -> None:
    out = run("referee", "odds", "d6x", "--explode-cap", "5", "--lang", "en").output
    assert "at most 5 extra rolls a die" in out and re.search(r"^ +36 ", out, re.M)
    assert run("referee", "odds", "d6x", "--explode-cap", "21").exit_code == 2


def test_errors_point_at_the_column_in_the_answers_language() -> None:
    bad = run("referee", "odds", "2d6+kq")
    assert bad.exit_code == 2 and "ожидалось число или кубики" in bad.output
    assert bad.output.splitlines()[-2:] == ["  2d6+kq", "      ^ позиция 5"]
    en = run("referee", "roll", "4d6kh5", "--lang", "en")
    assert "cannot keep 5 of 4 dice" in en.output and en.output.splitlines()[-1] == "     ^ column 4"
    far = run("referee", "odds", "d6+" * 60 + "d6q").output.splitlines()
    caret = far[-1].index("^")
    assert far[-2][caret] == "q" and far[-2].startswith("  ...")


@pytest.mark.parametrize("text", [
    "9" * 5000, "d6+" * 3000, "(" * 500 + "d6" + ")" * 500, "d6²", "٣d6", "2d6\x1b]52;c;aGk=\x07", "d6\udcff",
    "1" * 4301 + "d6", "d" + "9" * 4400, "-" * 199 + "1", "",
])  # fmt: skip
def test_hostile_notation_never_gives_a_traceback(text: str) -> None:
    for command in ("odds", "roll"):
        result = run("referee", command, "--", text)
        assert result.exit_code in (0, 2)
        assert "Traceback" not in result.output and "\x1b" not in result.output and "\x07" not in result.output


@pytest.mark.slow
def test_random_notation_fuzz() -> None:
    """A few hundred strings of dice-like characters: every one is answered or refused with exit 2."""
    rng = random.Random(14)
    alphabet = "0123456789dDкК%F+-*()<>=!xkhlrocs ²ф"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        result = run("referee", "odds", "--", text)
        assert result.exit_code in (0, 2), (text, result.output)
        assert max(len(line) for line in result.output.splitlines()) <= 80, text


def test_a_leading_minus_is_notation_not_an_option() -> None:
    assert run("referee", "odds", "-d6+10", "--lang", "en").output.splitlines()[-1].startswith("mean 6.50")
    assert run("referee", "roll", "-5+d6", "--seed", "x").exit_code == 0


def test_percentages_never_round_to_certainty() -> None:
    assert run("referee", "odds", "20d6 > 20").output.splitlines()[-1].endswith("(>99.99 %)")
    every = run("referee", "odds", "20d6", "--all").output.splitlines()
    assert every[2].split()[:4] == ["20", "<0.01", "%", "100.00"] and every[3].split()[3] == ">99.99"


def test_seed_that_is_not_utf8_still_replays() -> None:
    first = run("referee", "roll", "3d6", "--seed", "\udcff")
    assert first.exit_code == 0 and first.output == run("referee", "roll", "3d6", "--seed", "\udcff").output


@pytest.mark.slow
def test_help_examples_run() -> None:
    for command in ("roll", "odds"):
        text = run("referee", command, "--help", "--lang", "en").output.split("Examples:", 1)[1]
        for line in text.strip().splitlines():
            args = shlex.split(line.split("#")[0])[1:]
            assert args[:2] == ["referee", command]
            assert run(*args).exit_code == 0, line


def readme_examples() -> list[tuple[list[str], str]]:
    """Every `printkit referee roll|odds` command in the console blocks of the README and the manual,
    with what it shows."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    text = "\n".join(page.read_text("utf-8") for page in pages)
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        parts = re.split(r"^\$ ", block, flags=re.M)[1:]
        for part in parts:
            command, _, shown = part.partition("\n")
            args = shlex.split(command, comments=True)
            if args[:2] == ["printkit", "referee"] and args[2] in ("roll", "odds"):
                found.append((args[1:], shown))
    return found


def test_readme_has_dice_examples() -> None:
    assert len(readme_examples()) >= 4


@pytest.mark.parametrize(("args", "shown"), readme_examples(), ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_readme_dice_examples_print_what_they_show(args: list[str], shown: str) -> None:
    from click.testing import CliRunner

    from printkit.cli import cli

    from .transcripts import ELIDED, matches

    printed = CliRunner().invoke(cli, args, prog_name="printkit", catch_exceptions=False).output
    if ELIDED in shown.splitlines():  # a page that shows part of an answer: those lines, in order
        assert matches(shown.splitlines(), printed.splitlines()), printed
    else:
        assert printed == shown
