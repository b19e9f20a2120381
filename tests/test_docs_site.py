"""The manual builds strictly, its generated parts say what printkit says, tutorials exist in ru and en."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import click
import pytest

from printkit.cli import cli

from .conftest import CONFIGS, ROOT, bundled_games, commands

DOCS = ROOT / "docs"
TUTORIALS = ("strategiya", "vs", "tannhauser", "stratego", "referee", "phone-referee")


def hook() -> ModuleType:
    """docs/hooks/reference.py, the MkDocs hook that writes the manual's generated parts."""
    spec = importlib.util.spec_from_file_location("printkit_manual_hook", DOCS / "hooks" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def command_paths() -> list[str]:
    return [" ".join(["printkit", *path]) for path, _ in commands()]


@pytest.mark.slow
@pytest.mark.xdist_group("manual")
def test_the_manual_builds_strictly(tmp_path: Path) -> None:
    """issue 35: `mkdocs build --strict` passes (a broken link or anchor, a page left out of the
    navigation or a generated part that fails is an error), and the generated pages are in the site."""
    site = tmp_path / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                          cwd=ROOT, capture_output=True, text=True, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    commands = (site / "reference" / "commands" / "index.html").read_text("utf-8")
    for path in command_paths():
        assert f"<code>{path}</code>" in commands, path
    assert "--imposition" in commands and "<!-- printkit:" not in commands
    keys = (site / "reference" / "config" / "index.html").read_text("utf-8")
    assert "<code>players[].heroes[].strength</code>" in keys and "<code>cards.duplex</code>" in keys
    russian = (site / "ru" / "vs" / "index.html").read_text("utf-8")
    assert "тонкий картон" in russian and "battle-cards.pdf" in russian
    figures = (site / "reference" / "figures" / "index.html").read_text("utf-8")
    assert "bench/kit.py" in figures and "AMD EPYC" in figures


def test_the_committed_generated_parts_are_fresh() -> None:
    """issue 40: the generated parts are committed between their markers, so the pages read whole in the
    repository; a part that no longer says what printkit says fails here, naming the command that
    refreshes it."""
    manual = hook()
    pages = manual.pages()
    assert {p.relative_to(DOCS).as_posix() for p in pages} >= {
        "reference/commands.md", "reference/config.md", "reference/figures.md", "en/vs.md", "ru/strategiya.md"
    }  # fmt: skip
    stale = [
        p.relative_to(ROOT).as_posix() for p in pages if manual.refresh(p.read_text("utf-8")) != p.read_text("utf-8")
    ]
    assert stale == [], f"stale generated parts in {stale}: run `{manual.REFRESH}`"
    for page in pages:
        text = page.read_text("utf-8")
        assert text.count("<!-- printkit:") == text.count("<!-- /printkit:"), page  # every part is closed
    commands = (DOCS / "reference" / "commands.md").read_text("utf-8")
    assert "## `printkit referee pool`" in commands and "--imposition" in commands


def test_a_stale_part_is_refreshed_and_the_site_drops_the_markers() -> None:
    manual = hook()
    page = "intro\n<!-- printkit:config -->\n| old | table |\n<!-- /printkit:config -->\nafter\n"
    fresh = manual.refresh(page)
    assert "| old | table |" not in fresh and "`players[].heroes[].strength`" in fresh
    assert fresh.startswith("intro\n<!-- printkit:config -->\n| key |") and fresh.endswith(
        "<!-- /printkit:config -->\nafter\n"
    )
    assert manual.refresh(fresh) == fresh
    # A marker without its part (as a new page is written) gets one.
    assert manual.refresh("<!-- printkit:config -->\nafter\n") == fresh.removeprefix("intro\n")
    shown = manual.expand(page)
    assert "<!-- printkit:" not in shown and "<!-- /printkit:" not in shown and "| old |" not in shown
    assert shown.startswith("intro\n| key |") and shown.endswith("|\nafter\n")


@pytest.mark.slow
def test_the_refresh_command_finds_nothing_stale() -> None:
    done = subprocess.run([sys.executable, str(DOCS / "hooks" / "reference.py"), "--check"],
                          cwd=ROOT, capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0 and done.stdout == "", done.stdout


def test_every_command_s_help_is_in_the_reference() -> None:
    text = hook().commands()
    assert [line[4:-1] for line in text.splitlines() if line.startswith("## `")] == command_paths()
    result = click.testing.CliRunner(env={"PRINTKIT_LANG": "en", "COLUMNS": "100"}).invoke(
        cli, ["referee", "pool", "--help"], prog_name="printkit"
    )
    assert result.output.rstrip() in text


def test_every_config_key_of_the_schema_is_in_the_reference() -> None:
    from printkit.config.jsonschema import config_schema

    keys = {row[0] for row in hook().config_keys()}
    schema = config_schema()
    assert set(schema["properties"]) <= keys
    assert {"players[].heroes[].items", "tokens.copies", "setups.red", "printer.back_offset_mm"} <= keys


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.stem)
def test_a_print_table_is_the_games_declarations(config: Path) -> None:
    """Each row of a tutorial's print table is a file some artefact of that session declares, with
    its copies worked out for the session (one quick reference per player, say)."""
    import printkit
    from printkit.game import game
    from printkit.pipeline.print_guide import KIT_FILES

    session = printkit.load_session(config)
    declared = [p for a in game(session.ruleset.family).artefacts if a.available is None or a.available(session)
                for p in a.prints] + list(KIT_FILES)  # fmt: skip
    for lang in ("en", "ru"):
        rows = [row for row in hook().prints(f"examples/{config.name}", lang).splitlines() if row.startswith("| `")]
        files = [row.split("`")[1] for row in rows]
        assert sorted(files) == sorted({p.file for p in declared})  # one row a file
        printed = [row.split("|")[3].strip().isdigit() for row in rows]
        assert printed == sorted(printed, reverse=True)  # the files to print first, then the rest
        from printkit.labels import label

        # The notes the kit's guide prints for what it holds: flips, card, the duplex test sheet.
        cells = [[cell.strip() for cell in row.split("|")[1:-1]] for row in rows]
        both = any(c[4] in (label("guide_sides_long", lang), label("guide_sides_short", lang)) for c in cells)
        card = [c for c in cells if c[3] == label("guide_stock_card", lang)]
        text = hook().prints(f"examples/{config.name}", lang)
        assert (label("guide_note_sides", lang) in text) == both
        assert (label("guide_note_card", lang) in text) == bool(card)
        assert (label("guide_note_calibrate", lang) in text) == any(c[4] != label("guide_sides_single", lang)
                                                                   for c in card)  # fmt: skip
        quickref = [row for row in rows if row.startswith("| `quickref.pdf`")]
        if quickref:
            assert f"| {len(session.players)} |" in quickref[0]


def test_the_figures_page_shows_every_bench_record() -> None:
    records = sorted((ROOT / "bench" / "figures").glob("*.json"))
    assert {p.stem for p in records} >= {"kit", "suite"}
    page = hook().figures()
    for path in records:
        data = json.loads(path.read_text("utf-8"))
        assert f"## {data['title']}" in page and data["machine"] in page
        assert all(len(row) == len(data["columns"]) for row in data["rows"]) and data["rows"]


def test_every_tutorial_exists_in_both_languages_and_links_to_the_other() -> None:
    assert sorted(p.stem for p in (DOCS / "en").glob("*.md")) == sorted(TUTORIALS)
    assert sorted(p.stem for p in (DOCS / "ru").glob("*.md")) == sorted(TUTORIALS)
    for name in TUTORIALS:
        english, russian = (DOCS / lang / f"{name}.md" for lang in ("en", "ru"))
        assert f"(../ru/{name}.md)" in english.read_text("utf-8") or name == "phone-referee"
        assert f"(../en/{name}.md)" in russian.read_text("utf-8") or name == "phone-referee"
        # The Russian page is Russian: most of its letters are Cyrillic (names of files and options aside).
        letters = re.findall(
            r"[A-Za-zА-Яа-яЁё]", re.sub(r"`[^`]*`|```.*?```", "", russian.read_text("utf-8"), flags=re.S)
        )
        assert sum("А" <= c <= "я" or c in "Ёё" for c in letters) > 0.6 * len(letters), name


def test_each_game_tutorial_prints_its_table_from_the_declarations() -> None:
    for lang in ("en", "ru"):
        for name in (g.family for g in bundled_games()):
            text = (DOCS / lang / f"{name}.md").read_text("utf-8")
            assert re.search(rf"^<!-- printkit:prints examples/\S+\.yaml {lang} -->$", text, re.M), (lang, name)


def test_the_docs_follow_one_strategiya_evening_with_a_title_a_table_keeps() -> None:
    """issue 40: the README served one «Стратегия» example and the phone-referee page another, and the
    README's printed «Тест героев» on every sheet: the pages a newcomer follows name one evening's
    config, and its title is an evening's."""
    import printkit
    from printkit.examples import find
    from printkit.labels import label

    followed = [ROOT / "README.md", DOCS / "reference" / "building.md", DOCS / "reference" / "python.md"]
    followed += [DOCS / lang / f"{name}.md" for lang in ("en", "ru") for name in TUTORIALS]
    named = {
        name for page in followed for name in re.findall(r"examples/(strategiya[\w-]*\.yaml)", page.read_text("utf-8"))
    }
    named |= {
        name
        for lang in ("en", "ru")
        for name in re.findall(r"examples/(strategiya[\w-]*\.yaml)", label("h_serve_ex", lang))
    }
    assert named == {"strategiya-heroes.yaml"}
    title = printkit.load_session(find("strategiya-heroes.yaml")).title
    assert title == "Пятница у Ани" and "тест" not in title.lower()


def test_a_link_to_the_phone_referee_says_the_pages_title() -> None:
    """issue 40: the Russian referee page linked «Ведущий на телефоне» to a page titled «Судья на
    телефоне»: every link to a phone-referee page says that page's title."""
    pages = [ROOT / "README.md", *(p for p in sorted(DOCS.rglob("*.md")) if "rules" not in p.parts)]
    linked = re.compile(r"\[([^\]]+)\]\(([^)#]*phone-referee\.md)\)")
    links = [(page, text, (page.parent / target).resolve()) for page in pages
             for text, target in linked.findall(page.read_text("utf-8"))]  # fmt: skip
    assert len(links) >= 5
    for page, text, target in links:
        title = re.search(r"^# (.+)$", target.read_text("utf-8"), re.M)
        assert title is not None and text == title.group(1), (page.name, text)


def test_the_readme_is_short_and_its_links_lead_somewhere() -> None:
    """issue 35: the README is a page, not the manual (150 to 250 lines), and every file it links to exists."""
    text = (ROOT / "README.md").read_text("utf-8")
    assert 150 <= len(text.splitlines()) <= 250
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)|src=\"([^\"]+)\"", text)
    targets = [a or b for a, b in links if not (a or b).startswith("http")]
    assert len(targets) >= 20
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert missing == []
    assert (ROOT / "docs" / "images" / "kit-quickref.png").stat().st_size < 200 * 1024
