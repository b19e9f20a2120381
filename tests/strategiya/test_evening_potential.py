"""A «Стратегия» evening's skills: points of personal potential spent, and what follows from them
(the bar of lives, the death zone's tiers, the questions, show and the sheets)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from printkit import evening
from printkit.games.strategiya.evening import now

from ..conftest import EXAMPLES, heroes_evening, replays_as_live, run


def most(strength: int) -> int:
    """«Сила», written apart: 10 lives, and 5 more for every full 3 strength (9 gives 25)."""
    return 10 + 5 * (strength // 3)


def zone_loss(total: int) -> int:
    """«Потенциал» А), Б): 3 lives a turn in the death zone; 1 from a total of 7; none from 11."""
    return 0 if total >= 11 else 1 if total >= 7 else 3


def hero(path: Path, name: str) -> dict[str, object]:
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    return next(h for p in shown["players"] for h in p["heroes"] if h["name"] == name)


@pytest.mark.rule("strategiya.potential.evening")
def test_points_from_experience_are_spent_once_and_then_refused(tmp_path: Path) -> None:
    """Гром comes with 7 experience and no unspent points: 13 more make 20, two points (the count
    written here apart: 20 // 10 − 7 // 10); a third is refused, in words, in both languages."""
    path = heroes_evening(tmp_path)
    evening.record(path, "experience", {"hero": "Гром", "change": 13})
    earned = 20 // 10 - 7 // 10
    done = evening.record(path, "potential", {"hero": "Гром", "skill": "speed", "points": earned}, who="Аня")
    assert (done.effect["before"], done.effect["after"], done.effect["left"]) == (0, earned, 0)
    assert hero(path, "Гром")["speed"] == earned and hero(path, "Гром")["unspent"] == 0
    refused = run("evening", "record", "potential", str(path), "--hero", "Гром", "--skill", "сила")
    assert refused.exit_code == 2 and "вложить 1 нельзя" in " ".join((refused.output + refused.stderr).split())
    english = run("evening", "record", "potential", str(path), "--hero", "Гром", "--skill", "intellect", "--lang", "en")
    said = " ".join((english.output + english.stderr).split())
    assert english.exit_code == 2 and "1 cannot be spent" in said and "Traceback" not in said
    with pytest.raises(Exception, match="master"):  # a point from outside the count is the master's word
        evening.record(path, "potential", {"hero": "Гром", "skill": "speed", "outside": True}, who="Аня")
    assert hero(path, "Гром")["speed"] == earned


@pytest.mark.rule("strategiya.lives.strength-cap")
@pytest.mark.parametrize("bar_only", [False, True])
def test_strength_raises_the_bar_of_lives_every_third_point(tmp_path: Path, bar_only: bool) -> None:
    """Тень (strength 3, 2 lives) takes strength point by point: the bar follows 10 + 5 per full 3;
    by default his lives rise as much as the bar, with --bar-only they stay."""
    path = heroes_evening(tmp_path)
    strength, lives = 3, 2
    for _ in range(7):
        done = evening.record(path, "potential", {"hero": "Тень", "skill": "strength", "outside": True,
                                                  "bar_only": bar_only})  # fmt: skip
        rise = most(strength + 1) - most(strength)
        strength += 1
        lives += 0 if bar_only else rise
        shown = hero(path, "Тень")
        assert (shown["strength"], shown["most_lives"], shown["lives"]) == (strength, most(strength), lives)
        assert ("предел жизней" in done.said["ru"]) == (rise > 0)
    wounded = any(c.key == "wound:Тень" for c in evening.read(path).state.countdowns)
    assert wounded == (lives <= 3)  # lives over 3 again end the wound's count


@pytest.mark.rule("strategiya.potential.evening")
def test_a_point_past_a_tier_changes_what_the_death_zone_takes(tmp_path: Path) -> None:
    """Ветер (speed 4, intellect 1: total 5) ends Аня's turns on the death zone (K6): 3 lives; 2
    points from experience make 7 and 1 life a turn; 4 from outside make 11 and none."""
    path = heroes_evening(tmp_path)
    evening.record(path, "move", {"hero": "Ветер", "to": "K6"})
    evening.record(path, "experience", {"hero": "Ветер", "change": 20})
    total, lives = 5, 10
    for points, outside in ((0, False), (2, False), (4, True)):
        if points:
            done = evening.record(path, "potential", {"hero": "Ветер", "skill": "intellect", "points": points,
                                                      "outside": outside})  # fmt: skip
            assert (done.effect["zone_before"], done.effect["zone_after"]) == (zone_loss(total),
                                                                               zone_loss(total + points))  # fmt: skip
            total += points
        for _ in range(2):  # Аня's turn ends, then Борис's
            evening.record(path, "next", {})
        lives -= zone_loss(total)
        assert hero(path, "Ветер")["lives"] == lives and hero(path, "Ветер")["potential"] == total
    assert lives == 10 - 3 - 1


def test_the_questions_and_the_sheets_read_todays_skills(tmp_path: Path) -> None:
    path = heroes_evening(tmp_path)
    evening.record(path, "potential", {"hero": "Ветер", "skill": "strength", "points": 3, "outside": True})
    config = yaml.safe_load((EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8"))
    now(evening.read(path).state, config, None)
    written = {h["name"]: h for p in config["players"] for h in p.get("heroes", [])}
    assert (written["Ветер"]["strength"], written["Ветер"]["speed"], written["Ветер"]["intellect"]) == (3, 4, 1)
    assert written["Гром"]["strength"] == 9
    words = run("evening", "show", str(path), "--lang", "en").output
    assert "strength 3, speed 4, intellect 1 (total 8)" in words
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper")).exit_code == 0
    from ..conftest import pdf_text

    front = " ".join(" ".join(pdf_text(tmp_path / "paper" / "hero-sheets.pdf")).split())
    card = front[front.index("Ветер") :]
    assert str(most(3)) in card  # the bar of lives his strength 3 gives (15), not the config's 10


def _random_event(rng: random.Random) -> tuple[str, dict[str, object]]:
    name = rng.choice(["Гром", "Ветер", "Тень"])
    kind = rng.choice(["potential", "potential", "experience", "move", "next", "undo"])
    if kind == "potential":
        return kind, {"hero": name, "skill": rng.choice(["strength", "speed", "intellect"]),
                      "points": rng.randint(1, 3), "outside": rng.random() < 0.3}  # fmt: skip
    if kind == "experience":
        return kind, {"hero": name, "change": rng.randint(-5, 25)}
    if kind == "move":
        return kind, {"hero": name, "to": rng.choice(["K6", "C4", "B2"])}
    return kind, {}


@pytest.mark.parametrize("seed", range(2))
def test_the_skills_replayed_are_the_skills_that_were_live(tmp_path: Path, seed: int) -> None:
    path = heroes_evening(tmp_path)
    assert replays_as_live(path, _random_event, seed, 30)
