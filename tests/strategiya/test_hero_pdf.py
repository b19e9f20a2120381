"""Hero sheets and the quick reference as printed: read back from the PDFs."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.rulesets import load_bundled
from printkit.config.session import load_session
from printkit.errors import RenderError
from printkit.games.strategiya.hero_sheets import write_hero_sheets
from printkit.games.strategiya.model import rules_of, session_of
from printkit.model import Session

from ..conftest import EXAMPLES, ROOT, ExampleKits, pdf_text, run, write

HEROES = EXAMPLES / "strategiya-heroes.yaml"


def build(out: Path, *args: str) -> Path:
    result = run("build", "--out", out, *args)
    assert result.exit_code == 0, result.output
    return out


def lines(text: str) -> list[str]:
    return [re.sub(r"\s+", " ", line).strip() for line in text.splitlines()]


def test_kit_holds_hero_sheets_and_quickref(kits: ExampleKits) -> None:
    kit = kits(HEROES.stem)
    names = sorted(p.name for p in kit.iterdir())
    assert "hero-sheets.pdf" in names and "quickref.pdf" in names


def test_front_and_back_per_player(kits: ExampleKits) -> None:
    kit = kits.build(HEROES, "--only", "hero-sheets")
    assert sorted(p.name for p in kit.iterdir()) == ["hero-sheets.pdf", "manifest.json"]
    pages = pdf_text(kit / "hero-sheets.pdf")
    assert len(pages) == 4
    assert "Лист героев · Аня" in pages[0] and "Оборот — тайное · Аня" in pages[1]
    assert "Лист героев · Борис" in pages[2] and "Оборот — тайное · Борис" in pages[3]


@pytest.mark.rule("strategiya.hero.creation", "strategiya.bow.range", "strategiya.potential.general")
def test_computed_figures_are_printed(kits: ExampleKits) -> None:
    kit = kits(HEROES.stem)
    front = pdf_text(kit / "hero-sheets.pdf")[0]
    cards = re.split(r"\n(?=\d \S+ Пол:)", front)
    grom, veter, iskra, ten = (lines(c) for c in cards[1:5]) if len(cards) == 5 else (lines(c) for c in cards[:4])
    # Гром: strength 9 -> 25 lives; a horse (+1 except mountains); total 11 -> 3 cells in the death zone.
    assert "Жизни: 25" in grom
    assert {"Гора 0 — — +4", "Болото 2 — — +3", "Равнина 4 — — +1", "Вода нельзя — — +3", "См. зона 3 — — +5"} <= set(
        grom
    )
    assert "Переход границы: 1 кл., и ход окончен · Дальность лука: 11 кл." in grom
    assert "Груз: −1 клетка за 10 дней груза, сила возвращает 2" in grom
    # Ветер: speed 4 -> plain 7 cells, border 2.
    assert "Равнина 7 — — 0" in veter and "См. зона 1 — −3 +4" in veter
    assert any(line.startswith("Переход границы: 2 кл.") for line in veter)
    # Искра: the staff shows as intellect 3 (5) and counts for experience.
    assert any("Интеллект 3 (5)" in line for line in iskra) and "Гора 1 — — +7" in iskra
    # Тень: 2 lives left -> one cell slower everywhere.
    assert "Жизни: 15" in ten and "Гора 1 — — +2" in ten


def test_who_can_use_what(kits: ExampleKits) -> None:
    kit = kits(HEROES.stem)
    front = lines(pdf_text(kit / "hero-sheets.pdf")[0])
    assert "Доспехи да сила 6 сила 6 сила 6" in front  # only Гром (9) is strong enough
    assert "Порча +3 х. +6 х. да +9 х." in front  # Искра's intellect 5 with the staff


def test_blank_cards_for_a_player_without_heroes(kits: ExampleKits) -> None:
    kit = kits(HEROES.stem)
    page = pdf_text(kit / "hero-sheets.pdf")[2]
    assert "Метки героев на карте: А Б В Г" in page
    assert page.count("Жизни: 10 + 5 за каждые 3 силы") == 4


@pytest.mark.slow
def test_english(kits: ExampleKits) -> None:
    kit = kits(HEROES.stem, "en")
    front = lines(pdf_text(kit / "hero-sheets.pdf")[0])
    assert "Lives: 25" in front and "Swamp 2 — — +3" in front and "Water none — — +3" in front
    assert any(x.startswith("Hero markers on the map: A B C D") for x in lines(pdf_text(kit / "hero-sheets.pdf")[2]))
    # the quick reference is a rules document: it carries the game's name, not the session's title
    card = pdf_text(kit / "quickref.pdf")[0]
    assert "Strategy · Quick reference" in card and "Пятница у Ани" not in card
    assert "4–6: a hit (damage = strength) and another roll" in card


@pytest.mark.slow
def test_letter_paper(kits: ExampleKits) -> None:
    kit = kits(HEROES.stem, "ru", "letter")
    for name in ("hero-sheets.pdf", "quickref.pdf"):
        for page in PdfReader(kit / name).pages:
            assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)


def test_long_names_wrap_instead_of_clipping(kits: ExampleKits) -> None:
    name = "Александрфилиппмаксимилианвеликолепный"
    config = (
        f"game: strategiya\nplayers:\n  - name: Игрок с очень длинным именем\n    heroes:\n"
        f"      - {{name: {name}, strength: 5, legend: {'очень ' * 20}}}\n"
        + "      - {strength: 5}\n" * 3
        + "  - name: B\n"
    )
    kit = kits.build("--only", "hero-sheets", config=config)
    assert name in "".join(pdf_text(kit / "hero-sheets.pdf")[0].split())


def test_a_sheet_that_cannot_fit_fails_loudly(tmp_path: Path) -> None:
    legend = "слово " * 48
    heroes = "".join(f"      - {{strength: 5, legend: {legend.strip()}}}\n" for _ in range(8))
    config = write(
        tmp_path / "c.yaml", f"game: strategiya\nplayers:\n  - name: Вера\n    heroes:\n{heroes}  - name: B\n"
    )
    result = run("build", config, "--out", tmp_path / "kit")
    assert result.exit_code == 5
    assert result.output.strip().endswith(
        "hero sheet of Вера does not fit on one page; shorten legends or names, or use fewer heroes per player"
    )
    assert not (tmp_path / "kit").exists()


@pytest.mark.slow
@pytest.mark.rule("strategiya.quickref.content", "strategiya.wound.light-regen", "strategiya.wound.threshold")
def test_quickref_numbers_come_from_the_ruleset(kits: ExampleKits) -> None:
    kit = kits.default()
    pages = pdf_text(kit / "quickref.pdf")
    assert len(pages) <= 2
    text = lines(" ".join(pages))
    joined = " ".join(text)
    rules = rules_of(load_bundled("strategiya"))
    for phrase in ("1–3: ход атаки переходит к противнику", "4–6: удар (урон = сила) и новый бросок",
                   "первый урон ×2", "первый урон ×3", "За один ход — 2 броска", "10 + 5 за каждые 3 силы",
                   "≤ 3 жизней — ранен: без лечения умрёт через 10 ходов", "Пропуск хода в городе: +3 жизни",
                   "ещё по одной за каждые начатые 4 скорости", "10 опыта = +1 личное очко",
                   "Инструменты: +3 к силе"):  # fmt: skip
        assert phrase in joined, phrase
    for tier in rules.tiers:
        assert f"от {tier.start} {tier.text['ru']}" in joined.replace("\n", " ")
    for t in rules.terrains:
        bonus = f"+{t.experience}" if t.experience > 0 else ("−1" if t.experience < 0 else "0")
        assert t.name["ru"] in joined and bonus in joined
    for o in rules.town["items"] + rules.town["hires"] + rules.town["animals"]:
        assert f"{o.name['ru']} {o.price} $" in joined, o.id
    for b in rules.buildings:
        assert b.name["ru"] in joined


@pytest.mark.slow
def test_quickref_follows_a_changed_ruleset(tmp_path: Path) -> None:
    source = (ROOT / "printkit" / "games" / "strategiya" / "strategiya.yaml").read_text("utf-8")
    write(
        tmp_path / "house.yaml",
        source.replace("id: strategiya", "id: strategiya").replace("hit_from: 4", "hit_from: 5"),
    )
    config = write(tmp_path / "c.yaml", "game: house.yaml\n")
    kit = build(tmp_path / "kit", config, "--only", "quickref")
    text = " ".join(pdf_text(kit / "quickref.pdf"))
    assert "1–4: ход атаки переходит к противнику" in text and "5–6: удар" in text


def renamed_first_hero(name: str) -> Session:
    """The heroes example with its first hero renamed, past the config checks (as an API caller may)."""
    session = load_session(HEROES)
    part = session_of(session)
    first, *rest = part.parties
    hero = dataclasses.replace(first.heroes[0], name=name)
    parties = (dataclasses.replace(first, heroes=(hero, *first.heroes[1:])), *rest)
    return dataclasses.replace(session, part=dataclasses.replace(part, parties=parties))


def test_a_character_the_fonts_lack_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(RenderError, match=r"cannot print 雷 \(U\+96F7\)"):
        write_hero_sheets(renamed_first_hero("Гром 雷"), tmp_path / "h.pdf")
    assert not (tmp_path / "h.pdf").exists()
    write_hero_sheets(renamed_first_hero("Гром Ёж"), tmp_path / "h.pdf")
    assert "Гром Ёж" in pdf_text(tmp_path / "h.pdf")[0]


@pytest.mark.slow
def test_hero_sheets_are_drawn_without_weasyprint(tmp_path: Path) -> None:
    code = (
        "import sys; from printkit import load_session\n"
        "from printkit.games.strategiya.hero_sheets import write_hero_sheets\n"
        f"write_hero_sheets(load_session({str(HEROES)!r}), {str(tmp_path / 'h.pdf')!r})\n"
        "print('weasyprint' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False" and len(PdfReader(tmp_path / "h.pdf").pages) == 4


@pytest.mark.rule("strategiya.players.four-heroes")
def test_four_players_sheets_say_the_hero_count_is_printkits(tmp_path: Path) -> None:
    players = "".join(f"  - name: P{n}\n" for n in range(1, 5))
    for lang, words, note in (("ru", "героев: 4†", "† прочтение этого набора: правила этого не говорят"),
                              ("en", "heroes: 4†", "† this kit's reading: the rules do not say")):  # fmt: skip
        config = write(tmp_path / f"four-{lang}.yaml", f"game: strategiya\nlanguage: {lang}\nplayers:\n{players}")
        front = " ".join(
            pdf_text(build(tmp_path / f"kit-{lang}", config, "--only", "hero-sheets") / "hero-sheets.pdf")[0].split()
        )
        assert words in front and note in front
    two = write(tmp_path / "two.yaml", "game: strategiya\nplayers:\n  - name: A\n  - name: B\n")
    assert "†" not in " ".join(pdf_text(build(tmp_path / "kit-two", two, "--only", "hero-sheets") / "hero-sheets.pdf"))
