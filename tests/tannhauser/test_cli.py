"""The Tannhäuser referee at the command line: pool, duel and paths, in Russian and English."""

from __future__ import annotations

import json

import pytest

from ..conftest import EXAMPLES, run

PATHS = EXAMPLES / "tannhauser-paths.yaml"


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)


@pytest.mark.rule("tannhauser.dice.natural-10")
def test_pool_answers_in_russian_by_default() -> None:
    out = run("referee", "pool", "1", "--difficulty", "11", "--bonus", "2").output.splitlines()
    assert out[0] == "1 к10 против сложности 11, бонус +2 на кубик"
    assert out[1] == "один кубик: 1/5 (20.00 %)"
    assert out[-1] == "натуральная 10 получает бонус: текст снимает с неё только штрафы"
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
