"""The Tannhäuser referee at the command line: pool, duel and paths, in Russian and English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import EXAMPLES, run, write

PATHS = EXAMPLES / "tannhauser-paths.yaml"


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)


@pytest.mark.rule("tannhauser.dice.natural-10")
def test_pool_answers_in_russian_by_default() -> None:
    out = run("referee", "pool", "1", "--difficulty", "11", "--bonus", "2").output.splitlines()
    assert out[0] == "1 к10 против сложности 11, бонус +2 на кубик"
    assert out[1] == "один кубик: 1/5 (20.00 %)"
    reading = " ".join(" ".join(out[-2:]).split())
    assert reading.startswith("чтение: натуральная 10 получает бонус (текст снимает с неё только штрафы)")
    assert reading.endswith("(--natural-ten-stays, 10 остаётся 10): один кубик 1/10 (10.00 %)")
    other = " ".join(run("referee", "pool", "1", "--difficulty", "11", "--bonus", "2", "--natural-ten-stays",
                         "--lang", "en").output.split())  # fmt: skip
    assert "one die succeeds: 1/10 (10.00 %)" in other
    assert "a natural 10 stays 10 whatever the bonus; printkit's (the default): one die 1/5" in other
    # Where the readings agree (no bonus reaches past 10), no reading of the natural 10 is printed.
    assert "natural-ten" not in run("referee", "pool", "3", "--difficulty", "6", "--bonus", "1").output
    assert (
        json.loads(run("referee", "pool", "1", "--difficulty", "11", "--bonus", "2", "--json").output)["per_die"]
        == "1/5"
    )
    assert "68.75 %" in run("referee", "pool", "4d10", "--difficulty", "6").output
    assert "68.75 %" in run("referee", "pool", "4к10", "--difficulty", "6").output


@pytest.mark.rule("tannhauser.dice.natural-1")
def test_difficulty_one_with_a_penalty_prints_its_reading() -> None:
    out = " ".join(run("referee", "pool", "1", "--difficulty", "1", "--penalty", "1", "--lang", "en").output.split())
    assert "one die succeeds: 9/10 (90.00 %)" in out
    assert "reading: a natural 1 takes the penalty" in out and "--natural-one-stays" in out and "1 (100.00 %)" in out
    other = run("referee", "pool", "1", "--difficulty", "1", "--penalty", "1", "--natural-one-stays").output
    assert "один кубик: 1 (100.00 %)" in other and "чтение --natural-one-stays" in other and "9/10" in other
    # Where the readings agree, no reading is printed.
    assert "чтение" not in run("referee", "pool", "3", "--difficulty", "6", "--penalty", "1").output


@pytest.mark.rule("tannhauser.dice.modifiers")
def test_bonus_and_penalty_together_print_the_net_reading() -> None:
    out = run("referee", "pool", "2", "--difficulty", "1", "--bonus", "2", "--penalty", "1", "--lang", "en").output
    out = " ".join(out.split())
    assert "one die succeeds: 9/10" in out and "the other (--net, net them first): one die 1 (100.00 %)" in out
    net = run("referee", "pool", "2", "--difficulty", "1", "--bonus", "2", "--penalty", "1", "--net").output
    assert "один кубик: 1 (100.00 %)" in net and "чтение --net" in net


def test_pool_never_shows_a_false_certainty() -> None:
    out = run("referee", "pool", "30", "--difficulty", "2").output.splitlines()
    rows = [line.split() for line in out[3:] if line.split()[0].isdigit()]
    assert rows[0][-2:] == ["100.00", "%"]  # at least 0 successes: certain
    for row in rows[1:]:
        assert "100.00" not in row and "0.00" not in row, row
    assert max(len(line) for line in out) <= 80


@pytest.mark.rule("tannhauser.duel.stats", "tannhauser.duel.tie")
def test_duel_answers_in_both_languages() -> None:
    ru = run("referee", "duel", "5", "4").output.splitlines()
    assert ru == [
        "дуэль: начавший (5) бросает 5 к10 на 4+, защищающийся (4) — 4 к10 на 5+",
        "начавший побеждает: 8349803/12500000 (66.80 %)",
        "защищающийся побеждает: 33.20 %, из них ничьи 20.35 %",
        "при равенстве успехов побеждает защищающийся",
    ]
    en = run("referee", "duel", "5", "4", "--lang", "en").output
    assert "the initiator wins: 8349803/12500000 (66.80 %)" in en and "the defender wins" in en
    data = json.loads(run("referee", "duel", "3", "2", "--json").output)
    assert data["attacker_wins"] == "20439/25000" and data["defender_wins"] == "4561/25000"


def test_limits_are_refused_at_once() -> None:
    for args in (["pool", "31", "--difficulty", "6"], ["duel", "31", "4"], ["pool", "4", "--difficulty", "21"],
                 ["paths", str(PATHS), "--from", "A1", "--points", "31"]):  # fmt: skip
        result = run("referee", *args)
        assert result.exit_code == 2 and ("30" in result.output or "20" in result.output), args
    bad = run("referee", "pool", "4d6", "--difficulty", "6")
    assert bad.exit_code == 2 and "пул пишется как 4d10" in bad.output


@pytest.mark.rule("tannhauser.bullrush.line", "tannhauser.bullrush.once-per-cycle", "tannhauser.move.entering")
def test_paths_in_russian_and_english() -> None:
    ru = run("referee", "paths", PATHS, "--from", "A1", "--points", "6", "--bull-rush").output.splitlines()
    assert ru[:3] == ["1 очко: A2 B1", "3 очка: C1", "кругов, где можно закончить ход: 3 (очков движения: 6)"]
    assert ru[3:5] == ["после выигранного Натиска (дуэль на Выносливость):", "  A5: 4 очка, победив B3"]
    assert "Натиск — один за цикл" in ru[5] and any("--line-cost-one" in line for line in ru[5:])
    en = run("referee", "paths", PATHS, "--enter", "--side", "red", "--points", "6", "--lang", "en").output
    assert en.splitlines()[2:5] == ["2 points: A1", "3 points: A2 B1", "5 points: C1"]
    data = json.loads(run("referee", "paths", PATHS, "--enter", "--side", "blue", "--points", "5", "--bull-rush",
                          "--json").output)  # fmt: skip
    assert data["reachable"] == {"A5": 2} and data["bull_rush"]["B1"] == {"points": 5, "beat": ["B3"]}
    for out in (ru, en.splitlines()):
        assert max(len(line) for line in out) <= 80


def test_paths_refusals_name_what_is_missing() -> None:
    assert "--enter --side red|blue" in run("referee", "paths", PATHS, "--enter", "--points", "3").output
    assert run("referee", "paths", PATHS, "--points", "3").exit_code == 2
    missing = run("referee", "paths", PATHS, "--from", "Q9", "--points", "3", "--lang", "en")
    assert missing.exit_code == 2 and "no circle Q9" in missing.output


def flat(*args: str) -> str:
    return " ".join(run("referee", "paths", *args, "--lang", "en").output.split())


@pytest.mark.rule("tannhauser.bullrush.line", "tannhauser.bullrush.pause", "tannhauser.bullrush.lone")
def test_each_reading_of_the_rush_prints_what_the_other_gives() -> None:
    out = flat(str(PATHS), "--from", "A1", "--points", "6", "--bull-rush")
    assert "A5: 4 points, beating B3" in out
    assert ("the other (--line-cost-one, 1 point a circle of a line of two or more) gives A5: 4 points, beating A3 "
            "or B3") in out  # fmt: skip
    assert "the other (--rush-from-empty, only where a move may end) gives A5: 6 points, beating A3" in out
    chosen = flat(str(PATHS), "--from", "A1", "--points", "6", "--bull-rush", "--rush-from-empty")
    assert "A5: 6 points, beating A3" in chosen and "reading --rush-from-empty" in chosen
    assert "printkit's (the default) gives A5: 4 points, beating B3" in chosen


@pytest.mark.rule("tannhauser.bullrush.lone")
def test_a_lone_enemy_costs_the_same_with_the_line_flag(tmp_path: Path) -> None:
    lone = write(tmp_path / "lone.yaml", "circles: [{id: X0}, {id: X1, cost: 2}, {id: X2}, {id: X3}, {id: X4}]\n"
                 "links: [[X0, X1], [X1, X2], [X2, X3], [X3, X4]]\ncharacters: {X1: enemy}\n")  # fmt: skip
    for flags in ((), ("--line-cost-one",)):
        out = flat(str(lone), "--from", "X0", "--points", "4", "--bull-rush", *flags)
        assert "X2: 3 points, beating X1 X3: 4 points, beating X1" in out, flags
    # Nothing differs here, so the chosen reading says so.
    assert "gives the same here" in flat(str(lone), "--from", "X0", "--points", "4", "--bull-rush", "--line-cost-one")


@pytest.mark.rule("tannhauser.move.allies")
def test_an_ally_on_a_slowing_circle_prints_the_other_reading(tmp_path: Path) -> None:
    ally = write(tmp_path / "ally.yaml", "circles: [{id: X0}, {id: X1, cost: 2}, {id: X2}, {id: X3}]\n"
                 "links: [[X0, X1], [X1, X2], [X2, X3]]\ncharacters: {X1: ally}\n")  # fmt: skip
    out = flat(str(ally), "--from", "X0", "--points", "3")
    assert out.startswith("3 points: X2 1 circle to end the move on within 3 points")
    assert "the other (--ally-cost-one, 1 point as the text's parenthesis says) gives X2: 2 points; X3: 3 points" in out
    one = flat(str(ally), "--from", "X0", "--points", "3", "--ally-cost-one")
    assert one.startswith("2 points: X2 3 points: X3")
    assert "printkit's (the default) gives X2: 3 points; X3 out of reach" in one
    assert "reading" not in flat(str(PATHS), "--from", "A1", "--points", "4")  # no reading changes this answer


@pytest.mark.rule("tannhauser.move.stand-still")
def test_staying_put_is_always_allowed() -> None:
    out = run("referee", "paths", PATHS, "--from", "A1", "--points", "0").output
    assert " ".join(out.split()) == "закончить ход больше негде; остаться на A1 можно всегда (двигаться не обязательно)"
    assert json.loads(run("referee", "paths", PATHS, "--from", "A1", "--points", "0", "--json").output) == {
        "reachable": {}, "count": 0, "stay": "A1",
        "readings": {"ally_cost_one": False, "line_cost_one": False, "rush_from_empty": False},
    }  # fmt: skip
    assert "no circle to end the move on" in flat(str(PATHS), "--enter", "--side", "red", "--points", "0")
