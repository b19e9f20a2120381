"""Every referee answer in the asker's language: Russian by default, English with --lang en, or from
PRINTKIT_LANG or the config's language; refusals too, click's own usage lines among them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click
import pytest
import yaml

from .conftest import EXAMPLES, run
from .transcripts import ANSWERING, Example, folder, help_examples
from .transcripts import run as run_line

CYRILLIC = re.compile(r"[\u0400-\u04FF]+")
# Three English words in a row: a sentence left untranslated (ids, notation and flags are single words).
# A list of ids ("tower, manor, castle") is what the question may type, not a phrase.
ENGLISH = re.compile(r"(?<![-\w])[A-Za-z]{3,}(?: [A-Za-z]{3,}){2,}")
# Where a map or config holds what its author typed: names are printed as written, in any language.
TYPED_KEYS = {"name", "title", "legend", "text", "owner", "sex"}

ANSWERS = {name: examples for name, examples in help_examples().items() if name.split()[0] in ANSWERING}


def typed(node: Any, key: str | None = None) -> set[str]:
    if isinstance(node, dict):
        return {w for k, v in node.items() for w in typed(v, str(k))}
    if isinstance(node, list):
        return {w for v in node for w in typed(v, key)}
    return set(CYRILLIC.findall(node)) if isinstance(node, str) and key in TYPED_KEYS else set()


def allowed(line: str, where: Path) -> set[str]:
    """The Cyrillic words an English answer may print: those the question typed, and the names its
    files' authors typed."""
    words = set(CYRILLIC.findall(line))
    for word in line.split():
        path = where / word
        if word.endswith(".yaml") and path.is_file():
            words |= typed(yaml.safe_load(path.read_text("utf-8")))
    return words


def asked_in(line: str, lang: str | None) -> str:
    """The example line with --lang set (or removed), placed before a comment or a redirection."""
    body = line.partition("  #")[0]
    body = re.sub(r"\s--lang \w+", "", body).rstrip()
    head, arrow, into = body.partition(" > ")
    head += f" --lang {lang}" if lang else ""
    return head + (arrow + into if arrow else "")


def untranslated(output: str, line: str) -> list[str]:
    """Lines of a Russian answer holding an English phrase that the question did not type."""
    own = set(re.findall(r"[A-Za-z]{3,}", line)) | {"printkit", "OPTIONS", "ARGS", "COMMAND", "Gravon"}
    found = []
    for text in output.splitlines():
        stripped = re.sub(r"[A-Za-z]{3,}", lambda m: "" if m.group() in own or m.group().isupper() else m.group(), text)
        if ENGLISH.search(stripped):
            found.append(text)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(ANSWERS))
def test_every_answer_is_english_when_asked(command: str, tmp_path: Path) -> None:
    where = folder(tmp_path)
    for example in ANSWERS[command]:
        line = asked_in(example.line, "en")
        ran = run_line(line, where)
        stray = sorted({w for w in CYRILLIC.findall(ran.output) if w not in allowed(line, where)})
        assert not stray, f"{line}\n{ran.output}"
        assert "«" not in ran.output, f"{line}\n{ran.output}"


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(ANSWERS))
def test_every_answer_is_russian_by_default(command: str, tmp_path: Path) -> None:
    where = folder(tmp_path)
    for example in ANSWERS[command]:
        line = asked_in(example.line, None)
        ran = run_line(line, where)
        if ran.data:
            continue
        assert not untranslated(ran.output, line), f"{line}\n{ran.output}"
        if re.search(r"[A-Za-z]{4,} [A-Za-z]{4,}", ran.output):  # words, not only notation and cells
            assert CYRILLIC.search(ran.output), f"{line}\n{ran.output}"


# One wrong question for each referee command (and the map and Stratego ones): how it is refused.
REFUSED = [
    ("referee", "roll", "2d6q"), ("referee", "odds", "3d6>="), ("referee", "fight"),
    ("referee", "fight", "--lives", "1", "x"), ("referee", "hide", "--hiders", "x"), ("referee", "escape", "13"),
    ("referee", "lookup", "ресурсы", "лес", "3"), ("referee", "orders", "A Q", "D"),
    ("referee", "battle", "elfs", "knights"), ("referee", "spell", "strom"), ("referee", "mine", "--edition", "1999"),
    ("referee", "cost", "--hire", "castle", "--terrain", "forrest"), ("referee", "income", "--lands", "x"),
    ("referee", "prize", "dragn"), ("referee", "rebellion", "-1"), ("referee", "leader-escape", "--income", "x"),
    ("referee", "pool", "0", "--difficulty", "6"), ("referee", "duel", "0", "3"), ("referee", "stratego", "king", "3"),
    ("referee", "moves", "examples/stratego-position.txt", "--from", "z9"),
    ("referee", "reach", "examples/map.yaml", "--from", "Z99", "--speed", "1"),
    ("referee", "reach", "examples/vs-map.yaml", "--troop", "elfs", "--from", "C3"),
    ("referee", "route", "examples/map.yaml", "--from", "C4"),
    ("referee", "paths", "examples/tannhauser-paths.yaml", "--from", "Q1", "--points", "3"),
    ("referee", "fihgt"), ("referee", "fight", "--live", "3"), ("referee", "odds"),
    ("stratego", "check", "BFB"), ("stratego", "convert", "BFB", "--to", "grid"),
    ("stratego", "random", "--style", "x"),
    ("map", "check", "examples/map.yaml", "--bogus"), ("map", "random", "--size", "3x3"),
    ("map", "draw", "examples/map.yaml", "--cell-mm", "99"),
]  # fmt: skip


@pytest.mark.parametrize("args", REFUSED, ids=" ".join)
def test_refusals_speak_the_answers_language(args: tuple[str, ...], tmp_path: Path) -> None:
    where = folder(tmp_path)
    line = "printkit " + " ".join(f"'{a}'" if " " in a or not a else a for a in args)
    ru = run_line(line, where)
    en = run_line(line + " --lang en", where)
    assert ru.exit_code != 0 and en.exit_code == ru.exit_code, ru.output
    assert CYRILLIC.search(ru.output) and not untranslated(ru.output, line), ru.output
    stray = {w for w in CYRILLIC.findall(en.output) if w not in allowed(line, where)}
    assert not stray, en.output
    for ran in (ru, en):
        assert "Traceback" not in ran.output and max(map(len, ran.output.splitlines())) <= 80, ran.output


def test_clicks_own_lines_are_said_in_russian() -> None:
    result = run("referee", "odds")
    assert result.output.splitlines() == [
        "Использование: cli referee odds [OPTIONS] NOTATION",
        "Подробнее: cli referee odds --help",
        "",
        "Ошибка: не хватает аргумента «NOTATION»",
    ]
    assert "Ошибка: нет параметра --live (может быть, «--lives»?)" in run("referee", "fight", "--live", "3").output
    assert "нет команды «fihgt» (может быть, «fight»?)" in run("referee", "fihgt").output
    choice = run("referee", "roll", "2d6", "--lang", "de").output
    assert "неверное значение «--lang»: «de» — не из списка: 'ru', 'en'" in choice
    english = run("referee", "odds", "--lang", "en").output
    assert english.startswith("Usage: cli referee odds") and "Error: Missing argument 'NOTATION'." in english


def test_the_kit_commands_keep_their_english() -> None:
    result = run("build", "--paper", "a3")
    assert "Error: Invalid value for '--paper'" in result.output and not CYRILLIC.search(result.output)


def test_every_click_wording_printkit_translates_is_clicks() -> None:
    """Each message printkit says again in Russian is recognised by click's own English wording: if a
    click release rewords one, this names it (the message would stay English)."""
    from printkit.labels import entries

    source = "".join(p.read_text("utf-8") for p in Path(click.__file__).parent.glob("*.py"))
    for key, entry in entries("cl_t_").items():
        assert f'"{entry["en"]}"' in source, key


def test_the_language_comes_from_the_environment_and_the_config(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("PRINTKIT_LANG", "en")
    assert run("referee", "escape", "2").output.startswith("each hero escapes")
    assert run("referee", "escape", "2", "--lang", "ru").output.startswith("каждый герой убегает")
    assert "Error: Missing argument" in run("referee", "odds").output
    monkeypatch.delenv("PRINTKIT_LANG")
    english = tmp_path / "en.yaml"
    english.write_text((EXAMPLES / "strategiya-heroes.yaml").read_text("utf-8") + "language: en\n", "utf-8")
    assert run("referee", "fight", "--config", english, "--heroes", "1", "4").output.startswith("A — Гром")
    assert "wins" in run("referee", "fight", "--config", english, "--heroes", "1", "4").output
    assert "побеждает" in run("referee", "fight", "--config", english, "--heroes", "1", "4", "--lang", "ru").output
    refused = run("referee", "fight", "--config", english, "--heroes", "1", "Q")
    assert "no hero 'Q' in the config" in refused.output


def test_the_checks_are_not_vacuous() -> None:
    assert untranslated("A a reading: the tax comes out of the sum sent", "printkit referee cost")
    assert not untranslated("Прочтение: налог берётся из суммы; --tax-on-top — сверх неё", "printkit")
    assert asked_in("printkit referee odds 2d6 --lang en  # a comment", "ru") == "printkit referee odds 2d6 --lang ru"
    assert asked_in("printkit map random > m.yaml", "en") == "printkit map random --lang en > m.yaml"
    assert len(ANSWERS) >= 27 and all(isinstance(e, Example) for v in ANSWERS.values() for e in v)
