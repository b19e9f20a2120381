"""Hired heroes beside the starting ones, the kit's readings said where the sheets print them, and the
rules' own recurring events on the plot sheet's turn track (issue 41)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.session import load_session
from printkit.games.strategiya.hero_sheets import write_hero_sheets

from ..conftest import run, write
from .test_printed_rules import flat

HERO = "      - {{name: {name}, strength: {s}, speed: {v}, intellect: {i}{more}}}\n"


def heroes(*specs: tuple[str, int, int, int, str]) -> str:
    return "".join(HERO.format(name=n, s=s, v=v, i=i, more=more) for n, s, v, i, more in specs)


FOUR = (("Гром", 3, 1, 1, ", animals: [Конь]"), ("Лира", 0, 2, 3, ""), ("Кир", 3, 0, 2, ""), ("Ольга", 1, 2, 2, ""))


def pages(pdf: Path) -> list[str]:
    return [flat(p.extract_text()) for p in PdfReader(pdf).pages]


@pytest.mark.slow
@pytest.mark.rule("strategiya.players.hired")
def test_a_hired_hero_is_not_a_starting_hero(tmp_path: Path) -> None:
    # Three players: 2, 2 and 4 starting heroes, and one hired in town on top: the config is valid.
    three = write(tmp_path / "three.yaml", "game: strategiya\nplayers:\n"
                  "  - name: Аня\n    heroes:\n" + heroes(("Гром", 3, 1, 1, ""), ("Лира", 0, 2, 3, ""),
                                                     ("Тим", 2, 1, 1, ", hire: mercenary")) +
                  "  - name: Борис\n    heroes:\n" + heroes(("Кир", 3, 0, 2, ""), ("Ольга", 1, 2, 2, "")) +
                  "  - name: Вера\n    heroes:\n" + heroes(("Зоя", 1, 1, 3, ""), ("Лев", 2, 2, 1, ""),
                                                      ("Мих", 5, 0, 0, ""), ("Ника", 0, 5, 0, "")))  # fmt: skip
    assert run("validate", three).output.strip() == "ok"
    dz = write(tmp_path / "dz.yaml", "game: strategiya\nrows:\n  - PPDPP\n  - PPDPP\n")
    asked = run("referee", "reach", dz, "--from", "A1", "--config", three, "--hero", "Тим", "--json")
    answer = json.loads(asked.output)
    assert answer["count"] > 0
    # Still refused when the starting heroes are wrong, hires or not.
    short = write(tmp_path / "short.yaml", three.read_text("utf-8").replace(heroes(("Лира", 0, 2, 3, "")), ""))
    refused = run("validate", short)
    assert refused.exit_code == 3 and "у игрока 1 их 1" in refused.output


@pytest.mark.rule("strategiya.players.hired")
def test_a_fifth_hero_hired_gets_its_own_sheet(tmp_path: Path) -> None:
    config = write(tmp_path / "five.yaml", "game: strategiya\nplayers:\n"
                   "  - name: Аня\n    heroes:\n" + heroes(*FOUR, ("Наёмник Тим", 2, 1, 1, ", hire: mercenary")) +
                   "  - name: Борис\n    heroes:\n" + heroes(*FOUR[1:], ("Рон", 1, 1, 3, ""),
                                                       ("Охотник Ян", 3, 3, 2, ", hire: hunter")))  # fmt: skip
    built = run("build", config, "--only", "hero-sheets", "--out", tmp_path / "kit")
    assert built.exit_code == 0, built.output
    text = pages(tmp_path / "kit" / "hero-sheets.pdf")
    # Аня: her four, then a page of the hired, then her back; the same for Борис.
    assert len(text) == 6
    assert "Лист героев · Аня" in text[0] and "Наёмник Тим" not in text[0] and "Гром" in text[0]
    assert "Нанятые герои · Аня" in text[1] and "Наёмник Тим" in text[1] and "Гром" not in text[1]
    assert "Нанятые герои · Борис" in text[4] and "Охотник Ян" in text[4]


@pytest.mark.rule("strategiya.border.crossing", "strategiya.horse", "strategiya.hire.table",
                  "strategiya.wound.crossing")  # fmt: skip
def test_hero_sheets_say_the_kits_readings_where_they_print_them(tmp_path: Path) -> None:
    config = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n"
                   "  - name: Аня\n    heroes:\n" + heroes(*FOUR[:3], ("Хром", 3, 0, 2, ", lives: 2")) +
                   "  - name: Борис\n    heroes:\n" + heroes(*FOUR[1:], ("Ян", 3, 3, 2, ", hire: hunter")))  # fmt: skip
    session = load_session(config)
    write_hero_sheets(session, tmp_path / "h.pdf")
    # Each player's sheet: his front, his hired heroes' page, and the back that says the readings
    # the front's figures take (the front is full of cards and lines to write on).
    fronts: list[str] = []
    for text in pages(tmp_path / "h.pdf"):
        if "Лист героев" in text:
            fronts.append(text)
        else:
            fronts[-1] += "\n" + text
    border = "Прочтение набора: переход границы — 1 клетка и ещё по одной за каждые начатые 4 скорости"
    assert len(fronts) == 2 and all(border in t for t in fronts)  # every sheet that prints a crossing
    assert "раненый с 2 жизнями всё равно проходит хотя бы 1 клетку" in fronts[0]
    assert "Хром" in fronts[0] and "Переход границы: 1 кл." in fronts[0]  # speed 0 and 2 lives: still 1
    assert "конь не ускоряет в смертельной зоне" in fronts[0]  # Гром rides
    assert "конь не ускоряет" not in fronts[1]  # nobody of Борис's does
    hunter = next(t for t in fronts if "Ян" in t)
    assert "Охотник ходит по смертельной зоне по 1 клетке за ход и не теряет там жизней" in hunter
    english = load_session(write(tmp_path / "en.yaml", config.read_text("utf-8") + "language: en\n"))
    write_hero_sheets(english, tmp_path / "en.pdf")
    assert "This kit's reading: a border crossing is 1 cell" in " ".join(pages(tmp_path / "en.pdf")[:2])


@pytest.mark.rule("strategiya.plot.periodic-events")
def test_the_turn_track_marks_the_rules_own_recurring_events(tmp_path: Path) -> None:
    from printkit.games.strategiya.plot_sheet import context

    three = write(tmp_path / "three.yaml", "game: strategiya\nplayers:\n  - name: A\n  - name: B\n  - name: C\n")
    ctx = context(load_session(three))
    cells = {c["turn"]: c["rules"] for row in ctx["track"] for c in row}
    # Written apart: the talk every 10 turns («Начало игры», three players), the tracker every 3.
    assert cells == {t: " ".join(m for m, n in (("Т", 10), ("С", 3)) if t % n == 0) for t in range(1, 101)}
    assert any("раз в 10 ходов" in line for line in ctx["rule_legend"])
    # «Начало игры», three players: with a game master the third talks to the master alone.
    assert any("есть мастер игры — только с мастером" in line for line in ctx["rule_legend"])
    assert any("1 $ каждый ход" in line for line in ctx["rule_legend"])  # the stall: said, every turn
    two = context(load_session(write(tmp_path / "two.yaml", "game: strategiya\nplayers:\n  - name: A\n  - name: B\n")))
    assert not any("Т" in c["rules"] for row in two["track"] for c in row)  # no third player, no talk
    built = run("build", three, "--only", "plot", "--out", tmp_path / "kit", "--lang", "en")
    assert built.exit_code == 0, built.output
    text = pages(tmp_path / "kit" / "plot.pdf")
    assert len(text) == 1 and "T — the third player talks in private" in text[0] and "R — the tracker" in text[0]
    assert "where there is a game master, with the master only" in text[0]


@pytest.mark.rule("strategiya.config.language")
def test_fight_readings_in_json_are_in_the_answers_language(tmp_path: Path) -> None:
    config = write(tmp_path / "f.yaml", "game: strategiya\nplayers:\n  - name: A\n    heroes:\n"
                   "      - {name: Гром, strength: 5, speed: 0, intellect: 0, items: [Меч, Щит]}\n"
                   "  - name: B\n    heroes:\n      - {name: Лев, strength: 5, speed: 0, intellect: 0}\n")  # fmt: skip
    ru = json.loads(run("referee", "fight", "--config", config, "--heroes", "Гром", "Лев", "--json").output)
    en = json.loads(run("referee", "fight", "--config", config, "--heroes", "Гром", "Лев", "--json",
                        "--lang", "en").output)  # fmt: skip
    assert ru["readings"] and en["readings"] and ru["readings"] != en["readings"]
    assert all(any("а" <= ch <= "я" for ch in r) for r in ru["readings"])
    assert not any(any("а" <= ch <= "я" for ch in r) for r in en["readings"])
