"""Secret sheets and the referee key as printed: read back from the PDFs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from ..conftest import DEFAULT_KIT, EXAMPLES, KIT_SEED, ExampleKits, pdf_runs, pdf_text, run, sheet_columns, write

TERRAINS = ["mountain", "swamp", "forest", "plain", "water", "deathzone"]
SEED = "velvet-zebra-4471-quartz"


def build(out: Path, *args: str) -> Path:
    result = run("build", "--out", out, "--only", "secret-sheets", *args)
    assert result.exit_code == 0, result.output
    return out


def key_columns(folder: Path, player: str, game: int = 0) -> list[tuple[int, ...]]:
    key = json.loads((folder / "referee-key.json").read_text("utf-8"))
    sheet = key["games"][game]["sheets"][player]
    return [tuple(sheet[s][t]) for s in ("resources", "adventures") for t in TERRAINS]


@pytest.mark.rule("strategiya.secret.layout")
def test_each_sheet_prints_exactly_its_own_columns(tmp_path: Path) -> None:
    kit = build(tmp_path / "kit", "--seed", SEED)
    for player, other in (("1", "2"), ("2", "1")):
        printed = sheet_columns(kit / f"secret-sheet-player-{player}.pdf")
        assert printed == key_columns(kit, player)
        assert sum(a == b for a, b in zip(printed, key_columns(kit, other), strict=True)) < 3


def test_sheet_text_is_cyrillic_with_terrains_player_and_kit_id(tmp_path: Path) -> None:
    kit = build(tmp_path / "kit", EXAMPLES / "strategiya.yaml", "--seed", SEED)
    (text,) = pdf_text(kit / "secret-sheet-player-2.pdf")
    kit_id = json.loads((kit / "referee-key.json").read_text("utf-8"))["games"][0]["kit_id"]
    for word in (
        "Вечер в пятницу",
        "Секретный лист · Игрок 2",
        "Борис",
        f"Комплект {kit_id}",
        "Гора",
        "Болото",
        "Лес",
        "Равнина",
        "Вода",
        "См. зона",
        "Не показывайте",
        "Сложите лист",
        "Полезные ископаемые и ресурсы",
        "Приключения",
    ):
        assert word in text


def test_english_labels(tmp_path: Path) -> None:
    kit = build(tmp_path / "kit", "--seed", SEED, "--lang", "en")
    (text,) = pdf_text(kit / "secret-sheet-player-1.pdf")
    for word in ("Strategy", "Secret sheet · Player 1", "Mountain", "Death zone", "Do not show", "Adventures"):
        assert word in text
    assert "Forest" in pdf_text(kit / "referee-key.pdf")[0]


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_paper_sizes(tmp_path: Path, paper: str, size: tuple[int, int]) -> None:
    kit = build(tmp_path / "kit", "--seed", SEED, "--paper", paper)
    for name in ("secret-sheet-player-1.pdf", "referee-key.pdf"):
        for page in PdfReader(kit / name).pages:
            assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == size


def test_fonts_are_embedded_and_no_helvetica(tmp_path: Path) -> None:
    kit = build(tmp_path / "kit", "--seed", SEED)
    for name in ("secret-sheet-player-1.pdf", "referee-key.pdf"):
        raw = (kit / name).read_bytes()
        assert b"Helvetica" not in raw
        fonts = {str(f["/BaseFont"]) for p in PdfReader(kit / name).pages for f in p["/Resources"]["/Font"].values()}
        assert fonts and all("+PTSans" in f for f in fonts)
        for page in PdfReader(kit / name).pages:
            for f in page["/Resources"]["/Font"].values():
                descriptor = (
                    f["/DescendantFonts"][0]["/FontDescriptor"] if "/DescendantFonts" in f else f["/FontDescriptor"]
                )
                assert "/FontFile2" in descriptor


@pytest.mark.rule("strategiya.secret.lookup", "strategiya.price.per-day")
def test_referee_key_pdf_prints_every_chain(tmp_path: Path) -> None:
    kit = build(tmp_path / "kit", EXAMPLES / "strategiya.yaml", "--seed", SEED)
    key = json.loads((kit / "referee-key.json").read_text("utf-8"))["games"][0]["sheets"]
    pages = PdfReader(kit / "referee-key.pdf").pages
    assert len(pages) == 2
    text = pdf_text(kit / "referee-key.pdf")
    assert "Ключ ведущего" in text[0] and "Полезные ископаемые и ресурсы" in text[0]
    assert "Приключения" in text[1]
    # The forest block of the resources page: object, sheet 1, sheet 2 in drawing order.
    runs = [r for r in pdf_runs(kit / "referee-key.pdf", 0) if r[3].startswith("PTSansNarrow")]
    numbers = [r[2] for r in runs if r[2].isdigit() and r[4] == 10]
    triples = [tuple(int(n) for n in numbers[i : i + 3]) for i in range(0, len(numbers), 3)]
    forest = triples[20:30]
    for obj, first, second in forest:
        assert first == key["1"]["resources"]["forest"][obj - 1]
        assert second == key["2"]["resources"]["forest"][first - 1]
    # Adventure titles from the config appear on the adventures page, next to their chain.
    assert text[1].count("Пепелище у реки") == 1


def full_kit(out: Path, *args: str) -> Path:
    result = run("build", "--out", out, *args)
    assert result.exit_code == 0, result.output
    return out


def test_same_seed_same_bytes(tmp_path: Path, kits: ExampleKits) -> None:
    # The whole kit, booklet and hero sheets included: every file repeats byte for byte (the shared
    # kit may have been built by another xdist worker: another process gives the same bytes too).
    a = kits.default()
    b = full_kit(tmp_path / "b", *DEFAULT_KIT)
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_no_seed_fresh_sheets(tmp_path: Path) -> None:
    a = build(tmp_path / "a")
    b = build(tmp_path / "b")
    assert key_columns(a, "1") != key_columns(b, "1")
    assert (a / "secret-sheet-player-1.pdf").read_bytes() != (b / "secret-sheet-player-1.pdf").read_bytes()


def test_no_secret_leaks_into_manifest_metadata_or_other_files(kits: ExampleKits) -> None:
    kit = kits.default()
    manifest = json.loads((kit / "manifest.json").read_text("utf-8"))
    assert set(manifest) == {"format", "game", "title", "language", "paper", "kinds", "printkit", "files"}
    assert [f["name"] for f in manifest["files"]] == [
        "adventures.pdf",
        "booklet-print.pdf",
        "booklet.pdf",
        "hero-sheets-hired-blank.pdf",
        "hero-sheets.pdf",
        "map.pdf",
        "plot.pdf",
        "print-guide.pdf",
        "quickref.pdf",
        "referee-key.json",
        "referee-key.pdf",
        "secret-sheet-player-1.pdf",
        "secret-sheet-player-2.pdf",
    ]
    for f in manifest["files"]:
        assert set(f) == {"name", "bytes", "sha256"}
        assert f["bytes"] == (kit / f["name"]).stat().st_size
    # The seed appears nowhere, in any file, in any encoding we write.
    for path in kit.iterdir():
        raw = path.read_bytes()
        assert KIT_SEED.encode() not in raw and KIT_SEED.encode("utf-16-be") not in raw, path.name
    titles = {
        "secret-sheet-player-1.pdf": "Стратегия — Секретный лист · Игрок 1",
        "secret-sheet-player-2.pdf": "Стратегия — Секретный лист · Игрок 2",
        "referee-key.pdf": "Стратегия — Ключ ведущего",
    }
    for name, title in titles.items():
        meta = dict(PdfReader(kit / name).metadata)
        assert meta.pop("/Title") == title
        assert meta.pop("/Subject") in ("Секретный лист", "Ключ ведущего")
        assert meta.pop("/Author") == meta.pop("/Creator") == "printkit"
        assert meta.pop("/CreationDate") == meta.pop("/ModDate") == "D:20000101000000+00'00'"
        assert set(meta) <= {"/Producer", "/Keywords", "/Trapped"} and not meta.get("/Keywords")


def test_one_players_sheet_alone_matches_the_full_kit(tmp_path: Path) -> None:
    full = build(tmp_path / "full", "--seed", SEED)
    result = run("secret-sheets", "--player", "2", "--seed", SEED, "--out", tmp_path / "mine")
    assert result.exit_code == 0, result.output
    mine = tmp_path / "mine"
    assert sorted(p.name for p in mine.iterdir()) == [
        "manifest.json",
        "referee-key-player-2.json",
        "secret-sheet-player-2.pdf",
    ]
    assert (mine / "secret-sheet-player-2.pdf").read_bytes() == (full / "secret-sheet-player-2.pdf").read_bytes()
    part = json.loads((mine / "referee-key-player-2.json").read_text("utf-8"))
    assert list(part["games"][0]["sheets"]) == ["2"]


def test_many_games_one_page_each_and_one_key(tmp_path: Path) -> None:
    result = run("secret-sheets", "--games", "3", "--seed", SEED, "--out", tmp_path / "club")
    assert result.exit_code == 0, result.output
    club = tmp_path / "club"
    key = json.loads((club / "referee-key.json").read_text("utf-8"))
    ids = [g["kit_id"] for g in key["games"]]
    assert len(set(ids)) == 3
    for player in ("1", "2"):
        pages = pdf_text(club / f"secret-sheet-player-{player}.pdf")
        assert len(pages) == 3
        for n, (page, kit_id) in enumerate(zip(pages, ids, strict=True), start=1):
            assert f"Комплект {kit_id} · игра {n} из 3" in page
            assert sheet_columns(club / f"secret-sheet-player-{player}.pdf", n - 1) == key_columns(club, player, n - 1)
    assert len(PdfReader(club / "referee-key.pdf").pages) == 6
    # Game 1 of a stack is the same game as a single kit with that seed.
    single = build(tmp_path / "single", "--seed", SEED)
    assert key_columns(single, "1") == key_columns(club, "1", 0)


@pytest.mark.rule("strategiya.secret.layout")
def test_blank_form(tmp_path: Path) -> None:
    result = run("secret-sheets", "--blank", "--out", tmp_path / "blank")
    assert result.exit_code == 0, result.output
    blank = tmp_path / "blank"
    assert sorted(p.name for p in blank.iterdir()) == ["manifest.json", "secret-sheets-blank.pdf"]
    pages = pdf_text(blank / "secret-sheets-blank.pdf")
    assert len(pages) == 2
    assert "Игрок 1" in pages[0] and "Игрок 2" in pages[1]
    assert "бланк для заполнения от руки" in pages[0]
    assert sheet_columns(blank / "secret-sheets-blank.pdf") == []


def test_blank_takes_no_seed(tmp_path: Path) -> None:
    result = run("secret-sheets", "--blank", "--seed", "x", "--out", tmp_path / "b")
    assert result.exit_code == 2
    assert "--blank prints the empty form" in result.output


def test_markup_in_names_prints_as_literal_text(tmp_path: Path) -> None:
    evil = '<img src="file:///etc/passwd">'
    config = write(tmp_path / "c.yaml", f"game: strategiya\nplayers:\n  - name: '{evil}'\n  - name: B\n")
    kit = build(tmp_path / "kit", config, "--seed", SEED)
    (text,) = pdf_text(kit / "secret-sheet-player-1.pdf")
    assert evil in text
    assert b"root:x:0:0" not in (kit / "secret-sheet-player-1.pdf").read_bytes()
