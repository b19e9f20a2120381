"""The «Стратегия» kit holds what the rules list for the table: map sheet, adventure book, outer-plot
sheet and blank hero sheets beside the booklet, secret sheets and hero sheets; each new PDF read back."""

from __future__ import annotations

import itertools
import json
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from ..conftest import EXAMPLES, ExampleKits, pdf_text, run, write

SEED = "kit-sheets-test-seed-2024"
BASE = {
    "adventures.pdf", "booklet.pdf", "hero-sheets.pdf", "manifest.json", "map.pdf", "plot.pdf", "print-guide.pdf",
    "quickref.pdf", "referee-key.json", "referee-key.pdf", "secret-sheet-player-1.pdf", "secret-sheet-player-2.pdf",
    "hero-sheets-hired-blank.pdf",
}  # fmt: skip
# What each file stands for in the rules' list of what a game needs on the table.
NEEDS = {
    "rules printout": "booklet.pdf",
    "squared sheet for the map": "map.pdf",
    "hero sheets, one per player": "hero-sheets.pdf",
    "adventure list": "adventures.pdf",
    "secret sheets of players 1 and 2": ("secret-sheet-player-1.pdf", "secret-sheet-player-2.pdf"),
    "outer and inner plot sheets": ("plot.pdf", "adventures.pdf"),
}
NEW = ("map.pdf", "adventures.pdf", "plot.pdf")


def text(path: Path) -> str:
    return re.sub(r"\s+", " ", " ".join(pdf_text(path)))


def embedded(path: Path) -> bool:
    """Every font of every page carries its font file."""
    for page in PdfReader(path).pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            f = ref.get_object()
            d = f["/DescendantFonts"][0]["/FontDescriptor"] if "/DescendantFonts" in f else f.get("/FontDescriptor")
            if d is None or not any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                return False
    return bool(PdfReader(path).pages)


def smallest_text(path: Path) -> float:
    """The smallest printed text size in points, the text and current matrices included."""
    sizes: list[float] = []

    def visit(s: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if s.strip():
            scale = math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1])
            sizes.append(size * scale)

    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=visit)
    return min(sizes)


def ink_margin_mm(path: Path) -> float:
    """The narrowest gap between anything printed and a sheet's edge, over every page."""
    import pypdfium2 as pdfium

    scale = 2.0  # 144 dpi: a pixel is about 0.18 mm
    gaps = []
    for page in pdfium.PdfDocument(str(path)):
        image = page.render(scale=scale).to_pil().convert("L").point(lambda v: 255 if v < 230 else 0)
        box = image.getbbox()
        assert box is not None
        w, h = image.size
        gaps.append(min(box[0], box[1], w - box[2], h - box[3]) / scale / 72 * 25.4)
    return min(gaps)


@pytest.mark.slow
@pytest.mark.rule("strategiya.table.kit", "strategiya.hero.blank-set")
@pytest.mark.parametrize(
    ("config", "files"),
    [("strategiya.yaml", BASE), ("strategiya-heroes.yaml", BASE | {"hero-sheets-blank.pdf"})],
)
def test_every_example_kit_holds_what_the_table_needs(config: str, files: set[str], kits: ExampleKits) -> None:
    folder = kits(Path(config).stem)
    # Every kit holds its rules to print.
    files = files | {"booklet-print.pdf"}
    assert {p.name for p in folder.iterdir()} == files
    for need, names in NEEDS.items():
        for name in (names,) if isinstance(names, str) else names:
            assert (folder / name).stat().st_size > 0, need
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    assert {f["name"] for f in manifest["files"]} == files - {"manifest.json"}
    for name in [*NEW, "hero-sheets-blank.pdf", "hero-sheets-hired-blank.pdf"]:
        if name in files:
            assert embedded(folder / name), name
            assert smallest_text(folder / name) >= 6 - 1e-6, name
            assert ink_margin_mm(folder / name) >= 6, name


@pytest.mark.rule("strategiya.map.squared-sheet")
@pytest.mark.parametrize(("paper", "lang"), [("a4", "ru"), ("letter", "en")])
def test_a_config_without_a_map_gets_a_blank_squared_sheet_on_one_landscape_page(
    paper: str, lang: str, kits: ExampleKits
) -> None:
    pdf = kits("strategiya", lang, paper) / "map.pdf"
    pages = PdfReader(pdf).pages
    assert len(pages) == 1
    assert float(pages[0].mediabox.width) > float(pages[0].mediabox.height)  # landscape saves the second sheet
    words = text(pdf)
    # 20 x 15 (the example's map_size): columns A..T and rows 1..15, nothing beyond.
    tokens = set(words.split())
    assert {chr(65 + i) for i in range(20)} | {str(n) for n in range(1, 16)} <= tokens
    assert "U" not in tokens and "16" not in tokens
    legend = ("город", "ресурсы", "приключение", "мост", "Смертельная зона", "Как рисовать карту")
    english = ("town", "resources", "adventure", "bridge", "Death zone", "How to draw the map")
    for word in legend if lang == "ru" else english:
        assert word in words
    assert "1 из 1" in words or "1 of 1" in words


@pytest.mark.rule("strategiya.map.squared-sheet")
def test_map_size_names_the_blank_sheet_and_is_checked(tmp_path: Path) -> None:
    config = write(tmp_path / "c.yaml", "game: strategiya\nmap_size: 30х12\n")  # a Cyrillic х, as people type it
    result = run("build", config, "--only", "map", "--out", tmp_path / "k")
    assert result.exit_code == 0, result.output
    tokens = set(text(tmp_path / "k" / "map.pdf").split())
    assert {"AD", "12"} <= tokens and not {"AE", "13"} & tokens
    bad = write(tmp_path / "b.yaml", "game: strategiya\nmap_size: 200x10\n")
    assert run("validate", bad).output == f"{bad}:2: map_size: 200x10: from 8x6 to 100x100 cells\n"
    bad = write(tmp_path / "d.yaml", "game: strategiya\nmap_size: big\n")
    assert "map_size: «big» — это не столбцы x строки, например 20x15" in run("validate", bad).output
    source = (EXAMPLES / "map.yaml").read_text("utf-8").replace("game: strategiya\n", "")
    body = "\n".join("  " + line for line in source.splitlines() if line.strip() and not line.startswith("#"))
    both = write(tmp_path / "e.yaml", "game: strategiya\nmap_size: 20x15\nmap:\n" + body + "\n")
    assert "map_size: the config has a map" in run("validate", both).output


@pytest.mark.rule("strategiya.map.squared-sheet")
def test_a_20_by_14_map_prints_on_one_sheet_not_two(tmp_path: Path) -> None:
    from printkit.config.rulesets import load_bundled
    from printkit.games.strategiya.map_random import random_map, to_yaml
    from printkit.geometry import MM
    from printkit.maps.sheet import AUTO_CELLS_MM, layout, tiles

    m = random_map(load_bundled("strategiya"), 20, 14, "twenty-by-fourteen")
    # Portrait at 12 mm takes two sheets; the sheet picks landscape and the largest cell on one.
    assert len(tiles(m, "a4", 12 * MM)) == 2
    for paper in ("a4", "letter"):
        cell, landscape, beside = layout(m, paper, AUTO_CELLS_MM)
        assert landscape and not beside and len(tiles(m, paper, cell * MM, True)) == 1
        assert all(len(tiles(m, paper, bigger * MM, True)) > 1 for bigger in AUTO_CELLS_MM if bigger > cell)
    body = "\n".join("  " + line for line in to_yaml(m, "strategiya").splitlines()[1:])
    config = write(tmp_path / "c.yaml", "game: strategiya\nmap:\n" + body + "\n")
    result = run("build", config, "--only", "map", "--out", tmp_path / "k")
    assert result.exit_code == 0, result.output
    assert len(PdfReader(tmp_path / "k" / "map.pdf").pages) == 1


@pytest.mark.rule("strategiya.map.squared-sheet")
def test_random_map_is_the_one_map_random_draws_and_lands_in_the_kit(tmp_path: Path) -> None:
    out = tmp_path / "k"
    result = run("build", EXAMPLES / "strategiya.yaml", "--only", "map", "--random-map", "--seed", SEED, "--out", out)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "map.pdf", "map.yaml"]
    alone = run("map", "random", "--size", "20x15", "--seed", SEED)
    assert (out / "map.yaml").read_text("utf-8") == alone.output
    assert run("map", "check", out / "map.yaml").output.endswith("всё в порядке\n")
    assert "Как рисовать" not in text(out / "map.pdf")  # a drawn map needs no drawing hints
    source = (EXAMPLES / "map.yaml").read_text("utf-8").replace("game: strategiya\n", "")
    body = "\n".join("  " + line for line in source.splitlines() if line.strip() and not line.startswith("#"))
    config = write(tmp_path / "c.yaml", "game: strategiya\nmap:\n" + body + "\n")
    refused = run("build", config, "--random-map", "--only", "map", "--out", tmp_path / "r")
    assert refused.exit_code == 2
    assert (
        refused.output
        == "printkit: error: --random-map: the config has a map already; remove its map: to draw a random one\n"
    )


@pytest.mark.rule("strategiya.adventure.book", "strategiya.adventure.kinds")
@pytest.mark.parametrize(("paper", "lang"), [("a4", "ru"), ("letter", "en")])
def test_the_adventure_book_prints_the_config_and_blank_forms_for_the_rest(
    paper: str, lang: str, kits: ExampleKits
) -> None:
    pdf = kits("strategiya", lang, paper) / "adventures.pdf"
    words = text(pdf)
    assert 4 <= len(PdfReader(pdf).pages) <= 8
    ru = lang == "ru"
    assert ("Книга приключений" if ru else "Adventure book") in words
    assert ("Только для ведущего" if ru else "For the game master only") in words
    assert "Пепелище у реки" in words and "отцовский лук (650 $)" in words  # typed text stays as typed
    assert ("Проверка морали · сторона: свет" if ru else "Morale test · side: свет") in words
    assert ("Ловушка" if ru else "Trap") in words and "Хранитель топи" in words
    # Every number of every terrain once: written entries by title, the rest as forms to fill in.
    forest = "Лес" if ru else "Forest"
    for n in range(1, 11):
        assert f"{forest} {n} " in words + " "
    written = {("forest", 4), ("swamp", 4), ("swamp", 5), ("deathzone", 2)}
    assert words.count("Находка" if ru else "Find") == 60 - len(written) + 1 + 1  # forms, the find, the summary


@pytest.mark.rule("strategiya.adventure.keying")
def test_book_numbers_are_where_the_secret_chain_ends(kits: ExampleKits) -> None:
    folder = kits("strategiya")
    sheets = json.loads((folder / "referee-key.json").read_text("utf-8"))["games"][0]["sheets"]
    first, second = sheets["1"]["adventures"]["forest"], sheets["2"]["adventures"]["forest"]
    # The map object whose chain ends at forest entry 4, the entry the example writes.
    (obj,) = [n for n in range(1, 11) if second[first[n - 1] - 1] == 4]
    result = run(
        "referee", "lookup", "--key", folder / "referee-key.json", "--config", EXAMPLES / "strategiya.yaml",
        "adventures", "forest", str(obj),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].endswith(f"{first[obj - 1]} → 4: Пепелище у реки")  # then its kind, text
    book = text(folder / "adventures.pdf")
    assert "Лес 4 Пепелище у реки" in book and "не номер на карте" in book


@pytest.mark.slow
@pytest.mark.rule("strategiya.adventure.balance")
def test_tests_of_morals_are_counted_by_side(tmp_path: Path) -> None:
    from printkit import load_session
    from printkit.games.strategiya.adventure_book import context

    even = context(load_session(EXAMPLES / "strategiya.yaml"))
    assert even["balance"] == "Проверки морали по сторонам: тьма 1, свет 1." and even["even"]
    config = write(
        tmp_path / "c.yaml",
        "game: strategiya\nadventures:\n  forest:\n    1: {title: A, kind: мораль, side: свет}\n"
        "    2: {title: B, kind: morale, side: свет}\n    3: {title: C, kind: morale}\n"
        "  plain:\n    1: {title: D, kind: находка, side: свет}\n",
    )
    result = run("validate", config)
    assert f"{config}:8: adventures.plain.1.side: warning: a find is the same for every side" in result.output
    ctx = context(load_session(config))
    assert not ctx["even"] and "свет 2" in ctx["balance"] and "поровну" in ctx["balance"]
    assert ctx["unsided"] == "Проверок морали без стороны: 1. Укажите, на чьей стороне встреченный."
    bad = write(tmp_path / "b.yaml", "game: strategiya\nadventures:\n  forest:\n    1: {title: A, kind: treasure}\n")
    assert "«treasure» — не одно из: morale, find, trap" in run("validate", bad).output


@pytest.mark.rule("strategiya.adventure.secret")
def test_the_players_booklet_leaves_the_game_masters_adventures_out(kits: ExampleKits) -> None:
    booklet = text(kits("strategiya") / "booklet.pdf")
    assert "Пепелище у реки" not in booklet and "Свалка магических отходов" not in booklet


def plain_due(every: list[int | None], turn: list[int | None], turns: int) -> dict[int, list[int]]:
    """Written apart from the sheet's code: walk every turn, ask every piece."""
    out: dict[int, list[int]] = {}
    for t in range(1, turns + 1):
        for n in range(len(every)):
            e, on = every[n], turn[n]
            if (e is not None and t % e == 0) or on == t:
                out.setdefault(t, []).append(n + 1)
    return out


@pytest.mark.rule("strategiya.plot.outer", "strategiya.plot.main-task")
def test_the_plot_sheet_prints_goal_pieces_triggers_and_the_turn_track(kits: ExampleKits) -> None:
    from printkit import load_session
    from printkit.games.strategiya.model import PlotEvent
    from printkit.games.strategiya.plot_sheet import context, due

    for paper, lang in (("a4", "ru"), ("letter", "en")):
        pdf = kits("strategiya", lang, paper) / "plot.pdf"
        assert len(PdfReader(pdf).pages) == 1
        words = text(pdf)
        assert "Первым принести Сердце леса" in words and "Караван" in words and "ход кратен десяти" in words
        if lang == "ru":
            assert "раз в 10 ходов" in words and "на 30-м ходу" in words and "Главная задача" in words
        else:
            assert "every 10 turns" in words and "on turn 30" in words and "The main task" in words
        assert "пройдено третье приключение внутреннего сюжета" in words
    ctx = context(load_session(EXAMPLES / "strategiya.yaml"))
    cells = {c["turn"]: c["marks"] for row in ctx["track"] for c in row}
    assert sorted(cells) == list(range(1, 101))
    assert cells[30] == "1, 2" and cells[20] == "1" and cells[25] == ""
    events = (PlotEvent(every=7), PlotEvent(turn=14), PlotEvent(when="x"), PlotEvent(every=1), PlotEvent(turn=500))
    assert due(events, 60) == plain_due([7, None, None, 1, None], [None, 14, None, None, 500], 60)


@pytest.mark.rule("strategiya.plot.outer")
def test_a_config_without_a_plot_gets_a_blank_plan_and_triggers_are_checked(tmp_path: Path, kits: ExampleKits) -> None:
    pdf = kits("strategiya-heroes", "en", "letter") / "plot.pdf"
    assert len(PdfReader(pdf).pages) == 1
    words = text(pdf)
    assert "The main task" in words and " 9 " in words and "100" in words
    config = write(
        tmp_path / "c.yaml",
        "game: strategiya\nplot:\n  events:\n    - {every: 5, turn: 7, title: A}\n    - {when: later}\n",
    )
    assert run("validate", config).output == (
        f"{config}:4: plot.events[0]: give one trigger: every (N turns), turn (on turn N) or when (a condition)\n"
        f"{config}:5: plot.events[1]: give a title or a text: what happens\n"
    )


@pytest.mark.rule("strategiya.adventure.book")
def test_a_long_adventure_flows_over_pages_and_names_the_rules_section(tmp_path: Path) -> None:
    body = " ".join(f"Фраза номер {n} длинного приключения." for n in range(1, 101))
    config = write(
        tmp_path / "c.yaml",
        f"game: strategiya\nadventures:\n  forest:\n    1:\n      title: Долгий путь\n"
        f"      text: '{body} Бой по правилам [[adventure-battle]].'\n    2: {{title: Второе}}\n",
    )
    result = run("build", config, "--only", "adventures", "--out", tmp_path / "k")
    assert result.exit_code == 0, result.output
    words = text(tmp_path / "k" / "adventures.pdf")
    assert "Фраза номер 1 длинного" in words and "Фраза номер 100 длинного" in words
    assert "Бой по правилам Бой в приключении (см. книжку правил)." in words
    # Every page holds an entry (a terrain heading is never left alone at a page's foot).
    for page in pdf_text(tmp_path / "k" / "adventures.pdf"):
        assert re.search(r"(Гора|Болото|Лес|Равнина|Вода|Смертельная зона) \d+|Фраза", page)


@pytest.mark.rule("strategiya.adventure.book")
def test_an_adventure_prints_its_emphasis_lists_and_numbers(tmp_path: Path) -> None:
    """The adventure book reads the rules markup's HTML back onto the canvas: bold, italic and file
    names in their faces, bullets, and numbered entries that go on from the number written."""
    from ..conftest import pdf_runs

    config = write(
        tmp_path / "c.yaml",
        "game: strategiya\nadventures:\n  plain:\n    3:\n      title: Развилка\n      text: |\n"
        "        Сначала **жирное**, потом *наклонное*, и `карта.pdf`.\n\n"
        "        - налево\n        - направо\n\n        5. пятый шаг\n        6. шестой шаг\n",
    )
    result = run("build", config, "--only", "adventures", "--out", tmp_path / "k")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "k" / "adventures.pdf"
    page = next(i for i, words in enumerate(pdf_text(pdf)) if "Развилка" in words)
    faces = {text: font for _, _, text, font, _ in pdf_runs(pdf, page)}
    assert faces["жирное"] == "PTSans-Bold" and faces["наклонное"] == "PTSans-Italic"
    assert faces["карта.pdf"] == "PTSans-Narrow" and faces["Сначала"] == "PTSans-Regular"
    words = text(pdf)
    assert "• налево • направо" in words and "5. пятый шаг 6. шестой шаг" in words
    assert "**" not in words and "`" not in words


COVER = [(lang, paper, random) for lang in ("ru", "en") for paper in ("a4", "letter") for random in (False, True)]


@pytest.mark.slow
@pytest.mark.rule("strategiya.map.squared-sheet")
@pytest.mark.parametrize("lang,paper,random", COVER, ids=["-".join(map(str, c)) for c in COVER])
def test_the_map_covers_three_quarters_of_the_printable_area(lang: str, paper: str, random: bool,
                                                             tmp_path: Path) -> None:  # fmt: skip
    """issue 33: the example's 20x15 map sheet, its legend under the grid, left about a quarter of
    the paper blank (the grid with its coordinates covered 56-64 % of the area inside the margins:
    9 and 9.5 mm cells). The legend now stands beside the grid where that lets the cells grow, and
    the grid with its coordinates' margin covers at least three quarters of that area, blank or
    random, on A4 and Letter, in both languages. The figures are the layout's; the rendered sheet
    shows they are the drawing's: all its ink outside the legend's room lies in that box and
    reaches within a coordinate's margin of each of its sides."""
    import pypdfium2 as pdfium

    from printkit.config.session import load_session, with_overrides
    from printkit.games.strategiya.map_sheet import SYMBOLS, build, plan
    from printkit.geometry import MM
    from printkit.maps.sheet import RULER, left_edge, legend_height, note_lines, sheet_size, side_room, tiles
    from printkit.maps.tiling import AUTO_CELLS_MM, GAP, MARGIN
    from printkit.pipeline.artefact import Build, Options
    from printkit.pipeline.staging import KitWriter
    from printkit.randomness import Entropy

    session = with_overrides(load_session(EXAMPLES / "strategiya.yaml"), lang, paper)
    b = Build(session, Entropy.from_seed("cover"), KitWriter(tmp_path / "kit"),
              options=Options(game={"random_map": True} if random else {}))  # fmt: skip
    p = plan(b)
    build(b)
    width, height = sheet_size(paper, p.landscape)
    cell = p.cell_mm * MM
    below = 0.0 if p.beside else legend_height(SYMBOLS, len(note_lines(p.note, width - 2 * MARGIN)))
    sheets = tiles(p.game_map, paper, cell, p.landscape, below, side_room(p.beside))
    assert len(sheets) == 1
    cols, rows = sheets[0]
    x0, top = left_edge(width, len(cols), cell, side_room(p.beside)), height - MARGIN - RULER
    box = (x0 - RULER, top - len(rows) * cell - RULER, x0 + len(cols) * cell + RULER, top + RULER)
    printable = (width - 2 * MARGIN) * (height - 2 * MARGIN)
    cover = (box[2] - box[0]) * (box[3] - box[1]) / printable
    assert cover >= 0.75, (round(cover, 3), p.cell_mm, p.beside)
    # No larger cell of those offered fits the map on one sheet, with the legend in either place.
    for bigger in (c for c in AUTO_CELLS_MM if c > p.cell_mm):
        for landscape, beside in itertools.product((False, True), repeat=2):
            room = (
                0.0
                if beside
                else legend_height(SYMBOLS, len(note_lines(p.note, sheet_size(paper, landscape)[0] - 2 * MARGIN)))
            )
            assert len(tiles(p.game_map, paper, bigger * MM, landscape, room, side_room(beside))) > 1, bigger
    # The legend's room: a column right of the grid, or a band under it (less a pixel or two: the
    # letters' edges blur).
    room = (box[2] + GAP - 1.5 * MM, 0.0, width, height) if p.beside else (0.0, 0.0, width, MARGIN + below - 1.5 * MM)
    page = pdfium.PdfDocument(b.writer.staging / "map.pdf")[0]
    assert page.get_size() == pytest.approx((width, height), abs=0.5)
    scale = 36 / 72
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    inked = [(x / scale, height - y / scale) for y in range(image.height) for x in range(image.width)
             if image.getpixel((x, y)) < 230]  # fmt: skip
    outside = [(x, y) for x, y in inked if not (room[0] <= x <= room[2] and room[1] <= y <= room[3])]
    xs, ys = [x for x, _ in outside], [y for _, y in outside]
    drawn = (min(xs), min(ys), max(xs), max(ys))
    slack = 1 / scale  # a pixel
    assert all(box[k] - slack <= drawn[k] <= box[k] + RULER for k in (0, 1)), (drawn, box)
    assert all(box[k] - RULER <= drawn[k] <= box[k] + slack for k in (2, 3)), (drawn, box)
