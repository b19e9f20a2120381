"""English kits are English throughout: no Russian but what the user typed, no «», agreeing plurals,
and a rules text missing the build's language refused with every gap named."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml

from printkit.config.rulesets import bundled_ids, load_bundled, load_ruleset_file
from printkit.errors import EXIT_CONFIG, ConfigError
from printkit.game import game
from printkit.games.vs.model import owner_marks
from printkit.labels import LANGUAGES, _table, _Words, label
from printkit.sheets.booklet_text import load_booklet

from .conftest import CONFIGS, EXAMPLES, ROOT, ExampleKits, booklet_html, html_text, pdf_text, run, write

CYRILLIC_WORD = re.compile(r"[\u0400-\u04FF]+")
# Nouns printkit's English labels count; "1 cells" is the defect these must never show.
COUNTED = "cells|coins|lives|turns|days|points|rolls|squads|moves|pieces|rows|levels|years|heroes|games|sheets"
SINGULAR = "cell|coin|life|turn|day|point|roll|squad|move|piece|row|level|year|hero|game|sheet"
ONE_PLURAL = re.compile(rf"(?<![+−×-] )(?<![\d.,/×–-])\b1 (?:skipped )?(?:{COUNTED})\b")
# Keys under which a config holds text its author typed: printed as typed, in any language (a
# Tannhäuser character's skills and equipment among them). Items, animals and spells are not: they
# name ruleset entries and print in the kit's language.
TYPED_KEYS = {"title", "name", "sex", "legend", "text", "skills", "equipment", "side", "goal", "hint", "when"}
VS_GAMES = ["vs-2025", "vs-2003"]
# Every example's English kit on both papers; the ids end in the kit (tests/conftest.py groups and samples them).
ENGLISH = [(c, "en", paper) for c in CONFIGS for paper in ("a4", "letter")]
ENGLISH_IDS = [f"{c.stem}-en-{paper}" for c, _, paper in ENGLISH]


def typed_words(node: Any, key: str | None = None) -> set[str]:
    """Every Cyrillic word of the user-typed texts in a config."""
    if isinstance(node, dict):
        return {w for k, v in node.items() for w in typed_words(v, str(k))}
    if isinstance(node, list):
        return {w for v in node for w in typed_words(v, key)}
    if isinstance(node, str) and key in TYPED_KEYS:
        return set(CYRILLIC_WORD.findall(node))
    return set()


def kit_text(kit: Path) -> dict[str, str]:
    return {pdf.name: "\n".join(pdf_text(pdf)) for pdf in sorted(kit.glob("*.pdf"))}


@pytest.mark.parametrize(("config", "lang", "paper"), ENGLISH, ids=ENGLISH_IDS)
def test_english_kits_hold_no_russian_but_what_the_user_typed(
    config: Path, lang: str, paper: str, kits: ExampleKits
) -> None:
    allowed = typed_words(yaml.safe_load(config.read_text("utf-8")))
    # The owner's mark on VS tokens and markers is the start of a typed name (Север -> С, Се).
    allowed |= {word[:n].capitalize() for word in allowed for n in (1, 2)}
    texts = kit_text(kits(config.stem, lang, paper))
    assert texts
    for name, text in texts.items():
        stray = sorted({w for w in CYRILLIC_WORD.findall(text) if w not in allowed})
        assert not stray, f"{config.name} → {name} prints Russian in English: {' '.join(stray[:40])}"


@pytest.mark.parametrize(("config", "lang", "paper"), ENGLISH, ids=ENGLISH_IDS)
def test_english_kits_use_no_guillemets_and_agree_in_number(
    config: Path, lang: str, paper: str, kits: ExampleKits
) -> None:
    for name, text in kit_text(kits(config.stem, lang, paper)).items():
        flat = re.sub(r"\s+", " ", text)
        assert "«" not in flat and "»" not in flat, f"{name}: {flat[max(flat.find('«'), 0) - 40 :][:80]}"
        assert not ONE_PLURAL.findall(flat), f"{name}: {ONE_PLURAL.findall(flat)}"


@pytest.mark.parametrize("name", ["map.yaml", "vs-map.yaml"])
def test_english_map_sheets_hold_no_russian_but_typed_names(name: str, tmp_path: Path) -> None:
    source = EXAMPLES / name
    reach = (
        ["--reach-from", "C4", "--speed", "1"] if name == "map.yaml" else []
    )  # a VS reach needs a troop draw has no option for
    result = run("map", "draw", source, "--lang", "en", *reach, "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    config = yaml.safe_load(source.read_text("utf-8"))
    allowed = typed_words(config)
    # A VS map marks each building with its owner's mark: the start of the typed name ("С" of «Север»).
    owners = list(dict.fromkeys(o["owner"] for o in config.get("objects", []) if o.get("owner")))
    allowed |= set(owner_marks([*owners, "neutral"])[: len(owners)])
    for pdf, text in kit_text(tmp_path / "kit").items():
        stray = {w for w in CYRILLIC_WORD.findall(text) if w not in allowed}
        assert not stray and "«" not in text and not ONE_PLURAL.search(text), (pdf, stray)


def test_the_allowance_covers_only_typed_texts() -> None:
    config = yaml.safe_load((EXAMPLES / "strategiya-heroes.yaml").read_text("utf-8"))
    words = typed_words(config)
    assert {"Гром", "Кузнец", "Аня"} <= words
    # The items a hero carries are ruleset names: an English kit must print them in English.
    assert not {"Меч", "Конь", "Оковы"} & words


def test_the_checked_kits_would_catch_russian(kits: ExampleKits) -> None:
    """The scan above is not vacuous: a Russian kit of the same config fails it."""
    config = EXAMPLES / "vs-2003.yaml"
    allowed = typed_words(yaml.safe_load(config.read_text("utf-8")))
    text = kit_text(kits("vs-2003", "ru"))["quickref.pdf"]
    assert len({w for w in CYRILLIC_WORD.findall(text) if w not in allowed}) > 20


@pytest.mark.parametrize(("game_id", "paper"), [(g, paper) for g in VS_GAMES for paper in ("a4", "letter")],
                         ids=[f"{g}-en-{paper}" for g in VS_GAMES for paper in ("a4", "letter")])  # fmt: skip
def test_vs_booklets_are_written_in_english(game_id: str, paper: str, kits: ExampleKits) -> None:
    text = re.sub(r"\s+", " ", "\n".join(pdf_text(kits(game_id, "en", paper) / "booklet.pdf")))
    for phrase in ("lord's house", "personal troop", "Attack beats fire" if game_id == "vs-2025" else "attack, defend",
                   "Structures are buildings", "For a year (one round)"):  # fmt: skip
        assert phrase in text, phrase
    assert len(text.split()) > 3000


# ---- every language of printkit's own texts ------------------------------------------------------------


@pytest.mark.parametrize("game_id", bundled_ids())
def test_bundled_rules_texts_have_every_language(game_id: str) -> None:
    rules = load_bundled(game_id)
    if rules.booklet is None:
        return
    book = load_booklet(rules.booklet, rules.booklet.name, own_text=True)
    assert {lang: list(book.gaps[lang]) for lang in LANGUAGES} == {lang: [] for lang in LANGUAGES}
    for ch in book.chapters:
        for item in (ch, *ch.sections):
            assert set(item.title) == set(LANGUAGES), item.id
            assert item.text is None or set(item.text) == set(LANGUAGES), item.id
            # A translation is a translation: not the Russian copied over, and no «» in English.
            if item.text is not None and not re.fullmatch(r"\{\{[^}]*\}\}\s*", item.text["en"]):
                assert item.text["en"] != item.text["ru"], item.id
                assert not CYRILLIC_WORD.search(item.text["en"]) and "«" not in item.text["en"], item.id


def test_bundled_strategiya_markers_have_every_language() -> None:
    from printkit.games.strategiya.heroes import markers_for
    from printkit.games.strategiya.model import rules_of

    rules = rules_of(load_bundled("strategiya"))
    assert rules.heroes is not None and set(rules.heroes.markers) == set(LANGUAGES)
    assert markers_for(rules, 1, 4, "en") == ("A", "B", "C", "D")


def _vs_files(edit_text: Any = None, edit_rules: Any = None) -> tuple[str, dict[str, str]]:
    """A config and, beside it, a user's copy of the VS 2025 ruleset and its rules text, edited."""
    folder = game("vs").folder
    rules = (folder / "vs-2025.yaml").read_text("utf-8").replace("id: vs-2025", "id: my-vs")
    text = (folder / "vs-2025-text.yaml").read_text("utf-8")
    beside = {"my-vs.yaml": edit_rules(rules) if edit_rules else rules,
              "vs-2025-text.yaml": edit_text(text) if edit_text else text}  # fmt: skip
    return (EXAMPLES / "vs-2025.yaml").read_text("utf-8").replace("game: vs-2025", "game: my-vs.yaml"), beside


def _vs_copy(tmp_path: Path, edit_text: Any = None, edit_rules: Any = None) -> Path:
    """The files of _vs_files written to tmp_path; the config's path."""
    config, beside = _vs_files(edit_text, edit_rules)
    for name, text in beside.items():
        write(tmp_path / name, text)
    return write(tmp_path / "game.yaml", config)


def _drop_en(text: str, section: str) -> str:
    """Remove the English text block of one section."""
    start = text.index(f"- id: {section}\n")
    en = text.index("          en: |\n", start)
    end = text.index("      - id:", en)
    return text[:en] + text[end:]


@pytest.mark.slow
def test_a_rules_text_missing_english_is_refused_naming_every_gap(tmp_path: Path) -> None:
    config = _vs_copy(tmp_path, edit_text=lambda t: _drop_en(_drop_en(t, "moving"), "orders"))
    result = run("build", config, "--lang", "en", "--out", tmp_path / "kit")
    assert result.exit_code == EXIT_CONFIG
    lines = [line for line in result.output.splitlines() if "has no" in line]
    assert len(lines) == 2, result.output
    where = r".*vs-2025-text\.yaml:\d+: chapters\[5\]\.sections\[0\]\.text"
    assert re.fullmatch(where + r": 'moving' has no en text", lines[0])
    assert re.search(r"'orders' has no en text$", lines[1])
    assert "Traceback" not in result.output
    assert not (tmp_path / "kit").exists()
    # The same files still print in the language they have: the Russian booklet passes the check
    # that refused the English one, and holds the sections the English text lacks.
    russian = html_text(booklet_html(config, "ru"))
    assert "На клетке может быть только одно войско" in russian  # the 'moving' section's text
    assert "Атака побеждает обстрел" in russian  # the 'orders' section's text


def test_a_users_ruleset_in_one_language_prints_its_names_as_written(tmp_path: Path) -> None:
    config = _vs_copy(tmp_path, edit_rules=lambda r: r.replace("{ru: Эльфы, en: Elves}", "Лесные эльфы"))
    text = html_text(booklet_html(config, "en"))  # what the booklet's pages print
    assert "Лесные эльфы" in text and "Light infantry" in text


def test_printkits_own_ruleset_must_give_every_language(tmp_path: Path) -> None:
    source = game("vs").folder / "vs-2025.yaml"
    one_language = write(tmp_path / "a.yaml", source.read_text("utf-8").replace("{ru: Эльфы, en: Elves}", "Эльфы"))
    ru_only = write(tmp_path / "b.yaml", source.read_text("utf-8").replace("{ru: Эльфы, en: Elves}", "{ru: Эльфы}"))
    for path, message in ((one_language, "written per language"), (ru_only, "en is missing")):
        load_ruleset_file(path, path.name)  # a user's file: fine
        with pytest.raises(ConfigError) as info:
            load_ruleset_file(path, path.name, own_text=True)
        (line,) = info.value.lines()
        assert re.match(rf"{path.name}:\d+: troops\[2\]\.name: .*{message}", line), line


def test_printkits_own_rules_text_must_give_every_language(tmp_path: Path) -> None:
    source = game("vs").folder / "vs-2003-text.yaml"
    bad = write(tmp_path / "t.yaml", _drop_en(source.read_text("utf-8"), "water"))
    assert load_booklet(bad, "t.yaml").gaps["en"]
    with pytest.raises(ConfigError, match=r"'water' has no en text"):
        load_booklet(bad, "t.yaml", own_text=True)


def test_a_language_neutral_text_stands_for_every_language(tmp_path: Path) -> None:
    source = game("vs").folder / "vs-2003-text.yaml"
    text = source.read_text("utf-8")
    both = 'text: {ru: "{{table:spell:storm}}", en: "{{table:spell:storm}}"}'
    neutral = text.replace(both, 'text: "{{table:spell:storm}}"')
    assert neutral != text
    book = load_booklet(write(tmp_path / "t.yaml", neutral), "t.yaml", own_text=True)
    storm = next(s for ch in book.chapters for s in ch.sections if s.id == "spell-storm")
    assert set(storm.text) == set(LANGUAGES)
    # In a user's rules text a plain text with words counts for every language too (as written);
    # in printkit's own it is refused.
    plain = text.replace("title: {ru: Шторм, en: Storm}", "title: Шторм")
    assert not load_booklet(write(tmp_path / "u.yaml", plain), "u.yaml").gaps["en"]
    with pytest.raises(ConfigError, match="written per language"):
        load_booklet(write(tmp_path / "o.yaml", plain), "o.yaml", own_text=True)


# ---- labels ------------------------------------------------------------------------------------------


def test_labels_never_fall_back_to_another_language() -> None:
    with pytest.raises(KeyError, match="no 'de' text"):
        label("nothing", "de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_labels_agree_with_their_number(lang: str) -> None:
    words = _Words(lang)
    counted = [k for k, v in _table().items() if re.search(r"\{\w+:[^}]*\|", v[lang])]
    assert len(counted) >= (10 if lang == "en" else 0)
    for key in counted:
        for n in (1, 2, 5, 21):
            text = words.vformat(_table()[key][lang], (), defaultdict(lambda n=n: n))
            assert "|" not in text and "{" not in text, (key, text)
            if lang == "en" and n == 1:
                assert not ONE_PLURAL.search(text), (key, text)
            elif lang == "en":
                assert not re.search(rf"(?<![\d.,])\b{n} (?:skipped )?(?:{SINGULAR})\b", text), (key, text)


def test_plural_forms() -> None:
    en, ru = _Words("en"), _Words("ru")
    assert en.format("{n} {n:cell|cells}", n=1) == "1 cell"
    assert en.format("{n} {n:cell|cells}", n=0) == "0 cells"
    assert en.format("skip {n:the next turn|the next {n} turns}", n=3) == "skip the next 3 turns"
    assert [ru.format("{n} {n:клетка|клетки|клеток}", n=n) for n in (1, 3, 5, 11, 21)] == [
        "1 клетка", "3 клетки", "5 клеток", "11 клеток", "21 клетка",
    ]  # fmt: skip
    assert label("cells_n", "en", n=1) == "1 cell"
    assert label("tb_coins", "en", n=1) == "1 coin"


def test_english_typography_in_labels() -> None:
    for key, entry in _table().items():
        assert "«" not in entry["en"] and not CYRILLIC_WORD.search(entry["en"]), key


def _english(node: Any, where: str) -> list[tuple[str, str]]:
    if isinstance(node, dict):
        own = [(where, node["en"])] if isinstance(node.get("en"), str) else []
        return own + [t for k, v in node.items() for t in _english(v, f"{where}.{k}")]
    if isinstance(node, list):
        return [t for i, v in enumerate(node) for t in _english(v, f"{where}[{i}]")]
    return []


@pytest.mark.slow
def test_every_english_text_printkit_ships_is_english() -> None:
    texts = [t for path in sorted((ROOT / "printkit").rglob("*.yaml"))
             for t in _english(yaml.safe_load(path.read_text("utf-8")), path.name)]  # fmt: skip
    assert len(texts) > 500
    bad = [(where, text[:60]) for where, text in texts if CYRILLIC_WORD.search(text) or "«" in text or "»" in text]
    assert not bad
