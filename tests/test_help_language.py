"""Every command's --help and the kit commands' messages in the asker's language (issue 34)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from printkit.cli import cli

from .conftest import EXAMPLES


def _paths() -> list[tuple[str, ...]]:
    """Every command and group of printkit, by the words that name it (the top is ())."""
    found: list[tuple[str, ...]] = []

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        found.append(path)
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                child = command.get_command(ctx, name)
                assert child is not None
                walk(child, (*path, name))

    walk(cli, ())
    return found


PATHS = _paths()


def _said(*args: str, env: str | None = None) -> Result:
    return CliRunner(env={"PRINTKIT_LANG": env, "COLUMNS": "100"}).invoke(cli, list(args), catch_exceptions=False)


# A run of words in one alphabet, long enough to be a phrase of the help rather than a name or a
# metavar, or a Russian word quoted in English help: four words.
_ENGLISH = re.compile(r"[A-Za-z][a-z']*(?:[ ,;:]+[a-z][a-z']*){3,}")
_RUSSIAN = re.compile(r"[А-ЯЁа-яё][а-яё]*(?:[ ,;:—-]+[а-яё]+){3,}")


def _phrases(text: str, pattern: re.Pattern[str]) -> set[str]:
    """The help's phrases in one alphabet; the example lines (their comments too) are left out: a
    command line is the same in both languages."""
    prose = [line for line in text.splitlines() if not line.strip().startswith(("printkit ", "printf "))]
    found = {m.group(0) for m in pattern.finditer(" ".join(" ".join(prose).split()))}
    # Not a phrase: a command quoted in the text, or dice notation (kh kl dh dl).
    return {p for p in found if "printkit" not in p and max(map(len, re.split(r"[ ,;:—-]+", p))) >= 4}


def test_the_walk_finds_every_kind_of_command() -> None:
    """The walk below is not vacuous: the top, the kit commands, the groups and a game's own are in it."""
    assert {(), ("build",), ("map", "draw"), ("cache", "clear"), ("referee",), ("referee", "shell")} <= set(PATHS)
    assert {("secret-sheets",), ("stratego",), ("serve",), ("validate",), ("calibrate",), ("schema",)} <= set(PATHS)
    assert len(PATHS) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "printkit")
def test_every_help_is_russian_by_default_and_english_on_request(path: tuple[str, ...]) -> None:
    """issue 34: `--help` was English even in Russian; every command's and group's page (click's own
    words too) is said in Russian unless --lang en (before or after --help) or PRINTKIT_LANG=en."""
    ru = _said(*path, "--help")
    en = _said(*path, "--help", "--lang", "en")
    assert ru.exit_code == en.exit_code == 0, (ru.output, en.output)
    assert ru.output.startswith("Использование: ") and "Параметры:" in ru.output and "Показать эту справку" in ru.output
    assert en.output.startswith("Usage: ") and "Options:" in en.output and "Show this message and exit." in en.output
    english, russian = _phrases(en.output, _ENGLISH), _phrases(ru.output, _RUSSIAN)
    assert english and russian, (english, russian)
    assert not {p for p in english if p in " ".join(ru.output.split())}
    assert not {p for p in russian if p in " ".join(en.output.split())}
    for heading in ("Usage:", "Options:", "Commands:", "Examples:", "[default:", "[required]"):
        assert heading not in ru.output
    assert _said(*path, "--lang", "en", "--help").output == en.output
    assert _said(*path, "--help", env="en").output == en.output
    assert _said(*path, "--help", "--lang", "ru", env="en").output == ru.output


def test_a_group_page_lists_its_commands_in_its_language() -> None:
    """issue 34: the list of commands on `printkit --help` says each command's summary in the language."""
    ru, en = _said("--help").output, _said("--help", "--lang", "en").output
    assert "Команды:" in ru and "Примеры:" in ru and re.search(r"build\s+Собрать всё", ru)
    assert "Commands:" in en and "Examples:" in en and re.search(r"build\s+Build every printable", en)


def test_a_kit_is_said_written_in_its_language(workdir: Path) -> None:
    """issue 34: `printkit build` said "Kit written to" even for a Russian kit; it speaks the kit's
    language: the config's, or --lang."""
    english = workdir / "english.yaml"
    shutil.copy(EXAMPLES / "stratego.yaml", workdir / "russian.yaml")
    english.write_text((EXAMPLES / "stratego.yaml").read_text("utf-8").replace("language: ru", "language: en"), "utf-8")
    for config, lang, out, said in (
        ("russian.yaml", [], "a", "Набор записан в a/"),
        ("russian.yaml", ["--lang", "en"], "b", "Kit written to b/"),
        ("english.yaml", [], "c", "Kit written to c/"),
        ("english.yaml", ["--lang", "ru"], "d", "Набор записан в d/"),
    ):
        result = _said("build", config, "--only", "quickref", "--out", out, *lang)
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[-1] == said


def test_the_cache_commands_speak_the_asked_language(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 34: `cache info` and `cache clear` were English only."""
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(workdir / "cache"))
    assert _said("cache", "info").output.startswith("папка:")
    assert _said("cache", "info", "--lang", "en").output.startswith("folder:")
    assert _said("cache", "clear").output.startswith("Кэш очищен: ")
    assert _said("cache", "clear", env="en").output.startswith("Cache cleared: ")


def _described(line: str, lang: str | None) -> dict[str, str]:
    """What zsh offers for the last word of line, each value with its description."""
    words = line.split()
    env = {"_PRINTKIT_COMPLETE": "zsh_complete", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    lines = CliRunner(env={**env, "PRINTKIT_LANG": lang}).invoke(cli, [], prog_name="printkit").output.splitlines()
    return {lines[i + 1]: lines[i + 2] for i in range(0, len(lines), 3)}


def test_a_shell_describes_options_and_commands_in_the_language() -> None:
    """issue 34: the descriptions zsh and fish show beside an option or a command follow the language
    as the help does (the kit commands' options had only English ones)."""
    from printkit.labels import label

    ru, en = label("ho_build_greyscale", "ru"), label("ho_build_greyscale", "en")
    assert ru.startswith("Экономный набор") and en.startswith("The ink-saving kit")
    assert _described("printkit build --gr", None) == {"--greyscale": ru}
    assert _described("printkit build --gr", "en") == {"--greyscale": en}
    assert _described("printkit vali", None)["validate"].startswith("Проверить конфиг партии")
    assert _described("printkit vali", "en")["validate"].startswith("Check a session config")
    assert _described("printkit referee fight --fi", None) == {"--first": "Кто бросает первым: A или B."}
