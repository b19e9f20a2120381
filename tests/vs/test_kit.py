"""The whole VS kit of each example: its files, each new PDF read back, token and coin counts, 6 pt text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.session import load_session
from printkit.games.vs import coins as coin_sheet
from printkit.games.vs.markers import markers
from printkit.games.vs.model import NEUTRAL, vs_of, vs_session
from printkit.games.vs.tokens import DEFAULT_COPIES, DEFAULT_NEUTRAL, counts, tokens
from printkit.geometry import MM, PAPERS
from printkit.imposition import grid

from ..conftest import EXAMPLES, LANGS_AND_PAPERS, ExampleKits, pdf_text, run, write
from ..pdfcheck import read

EXPECTED = {"booklet.pdf", "booklet-print.pdf", "quickref.pdf", "battle-cards.pdf", "tokens.pdf", "markers.pdf",
            "ledger.pdf", "map.pdf", "lands.pdf", "print-guide.pdf", "manifest.json"}  # fmt: skip
NEW = ("tokens.pdf", "markers.pdf", "ledger.pdf", "map.pdf", "lands.pdf")


def text(pdf: Path) -> str:
    return re.sub(r"\s+", " ", " ".join(pdf_text(pdf))).replace("\xa0", " ")


def fonts_of(pdf: Path) -> list[tuple[str, bool]]:
    """(font name, embedded) for every font any page or form of the PDF uses."""
    found: dict[str, bool] = {}

    def embedded(font: object) -> bool:
        f = font.get_object()  # type: ignore[attr-defined]
        if "/DescendantFonts" in f:
            return all(embedded(d) for d in f["/DescendantFonts"])
        desc = f.get("/FontDescriptor")
        return desc is not None and any(k in desc.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def visit(resources: object) -> None:
        res = resources.get_object() if resources is not None else None  # type: ignore[attr-defined]
        if not res:
            return
        for name, font in (res.get("/Font") or {}).items():
            found[str(font.get_object().get("/BaseFont", name))] = embedded(font)
        for xobject in (res.get("/XObject") or {}).values():
            visit(xobject.get_object().get("/Resources"))

    for page in PdfReader(pdf).pages:
        visit(page.get("/Resources"))
    return sorted(found.items())


@pytest.mark.rule("vs.print.components")
@pytest.mark.parametrize("game", ["vs-2025", "vs-2003"])
def test_the_kit_holds_every_item_the_rules_list(game: str, kits: ExampleKits) -> None:
    # The rules' list: a map with lands, incomes and veins; coins; figures and building cards (the
    # tokens); battle cards; the D6 is the players' own. Besides: markers, the ledger, the land list.
    out = kits(game)
    assert {p.name for p in out.iterdir()} == EXPECTED
    for name in NEW:
        assert fonts_of(out / name) and all(ok for _, ok in fonts_of(out / name)), name


def test_without_a_map_there_is_no_map_and_no_land_list(kits: ExampleKits) -> None:
    kit = kits.build(config="game: vs-2025\nplayers: [{name: A}, {name: B}]\n")
    names = {p.name for p in kit.iterdir()}
    assert names == EXPECTED - {"map.pdf", "lands.pdf"}
    ledger = text(kit / "ledger.pdf")
    assert "Впишите свои земли" in ledger  # blank to fill in by hand


# Tokens and markers stand a 3 mm gutter apart (issue 42): a sheet holds 96 tokens, not 126.
@pytest.mark.parametrize(("game", "pages"), [("vs-2025", {"tokens.pdf": 4, "markers.pdf": 4,
                                                          "ledger.pdf": 4, "map.pdf": 2, "lands.pdf": 1}),
                                             ("vs-2003", {"tokens.pdf": 4, "markers.pdf": 2,
                                                          "ledger.pdf": 3, "map.pdf": 2, "lands.pdf": 1})])  # fmt: skip
def test_page_counts(game: str, pages: dict[str, int], kits: ExampleKits) -> None:
    for name, n in pages.items():
        assert len(PdfReader(kits(game) / name).pages) == n, name


@pytest.mark.rule("vs.building.neutral")
# The ids end in the kit: the check runs with that kit's others (tests/conftest.py).
@pytest.mark.parametrize(
    ("lang", "paper"), LANGS_AND_PAPERS, ids=[f"vs-2025-{lang}-{paper}" for lang, paper in LANGS_AND_PAPERS]
)
def test_key_text_in_both_languages_on_both_papers(lang: str, paper: str, kits: ExampleKits) -> None:
    out = kits("vs-2025", lang, paper)
    words = {
        "ru": {"tokens.pdf": ["Замок", "Рыцари", "клеток за ход", "гарнизон:", "Север", "нейтральные"],
               "markers.pdf": ["Столица", "Личное войско", "Осада", "Нет активного", "Попутный ветер",
                               "Мифриловый амулет", "1 монета", "5 монет", "100 монет"],
               "ledger.pdf": ["Казна по годам", "Предел казны", "Земля «Северный лес»", "Продолжение"],
               "map.pdf": ["1. Драконьи", "Приречье", "граница земли", "логово дракона", "жила для рудника"],
               "lands.pdf": ["список для жребия", "Приречье", "21", "Жетоны для жребия"]},
        "en": {"tokens.pdf": ["Castle", "Knights", "cells a turn", "garrison:", "neutral"],
               "markers.pdf": ["Capital", "Personal troop", "Siege", "No active", "Fair wind", "Mithril amulet",
                               "1 coin", "5 coins", "100 coins"],
               "ledger.pdf": ["Treasury year by year", "Treasury limit", "Land Северный лес", "Continued"],
               "map.pdf": ["1. Драконьи", "land border", "dragon's lair", "vein for a mine"],
               "lands.pdf": ["a list to draw from", "Приречье", "21", "Slips to draw"]},
    }  # fmt: skip
    for name, expected in words[lang].items():
        printed = text(out / name)
        for word in expected:
            assert word in printed, f"{name} lacks {word!r}"


# The ids end in the kit (config-lang-paper): the check runs on the worker that builds it and reads
# the pages the layout checks read.
@pytest.mark.rule("vs.print.tokens")
@pytest.mark.parametrize("game", ["vs-2025", "vs-2003"], ids=["vs-2025-ru-a4", "vs-2003-ru-a4"])
def test_every_figure_on_tokens_markers_coins_and_the_map_is_6_pt_or_larger(game: str, kits: ExampleKits) -> None:
    """Sizes as printed: the font size times every matrix it is drawn through (tests/pdfcheck.py)."""
    for name in ("tokens.pdf", "markers.pdf", "map.pdf"):
        pages = read(kits(game) / name)
        assert sum(len(p.glyphs) for p in pages) > 100, name
        small = [(p.number, g.char, round(g.size, 2)) for p in pages for g in p.glyphs if g.size < 6.0 - 1e-6]
        assert not small, f"{name} (page, character, pt): {small[:5]}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_sheets_keep_6_mm_from_the_paper_edge(paper: str) -> None:
    session = load_session(EXAMPLES / "vs-2025.yaml")
    options = vs_session(session)
    for size in (options.tokens.cell_mm, options.tokens.marker_mm, options.coins.size_mm):
        g = grid(PAPERS[paper], (size * MM, size * MM), bleed=0, margin=8 * MM)
        block = g.block()
        width, height = PAPERS[paper]
        assert block.x >= 6 * MM and block.y >= 6 * MM
        assert width - block.x - block.w >= 6 * MM and height - block.y - block.h >= 6 * MM


@pytest.mark.rule("vs.print.tokens")
def test_default_tokens_cover_the_standard_starts_and_a_realistic_state() -> None:
    for game, house, personal in (("vs-2025", "castle", "knights"), ("vs-2003", "city", "knights")):
        session = load_session(EXAMPLES / f"{game}.yaml")
        vs = vs_of(session.ruleset)
        per_player = counts(vs, DEFAULT_COPIES, {})
        assert per_player[house] >= 1 and per_player[personal] >= 1  # the standard start
        # Four lands, each with a lord's house that may stand at any level (towers the most common).
        lords = [s.id for s in vs.structures if s.lord]
        assert sum(per_player[s] for s in lords) >= 4 * 3 and per_player["tower"] >= 4
        assert all(per_player[f"mine-{m.level}"] >= 1 for m in vs.mines)
        assert per_player["zombie"] >= 6  # a necromancer's whole host: a token a squad
        assert all(per_player[t.id] >= 1 for t in vs.troops)
        # Every player's set, then the neutral one in grey: its defaults, and a dragon for each of
        # the example map's two lairs (one more than the default).
        made = tokens(session)
        neutral = [t for t in made if t.owner == "нейтральные"]
        assert len(neutral) == sum(counts(vs, DEFAULT_NEUTRAL, {}).values()) + 1
        assert len(made) == len(session.players) * sum(per_player.values()) + len(neutral)
        assert {t.colour for t in neutral} == {NEUTRAL}
    assert "transport" in counts(vs_of(load_session(EXAMPLES / "vs-2003.yaml").ruleset), DEFAULT_COPIES, {})


def test_neutral_tokens_cover_the_maps_neutral_troops_and_its_dragons(tmp_path: Path) -> None:
    config = write(
        tmp_path / "n.yaml",
        """game: vs-2025
players: [{name: A}, {name: B}]
tokens: {neutral: {elves: 0}}
map:
  rows: [MMMP, MMMP]
  lairs: [A1, B1, C1]
  troops: [{at: D1, troop: orcs}, {at: D2, troop: orcs}, {at: A2, troop: orcs}, {at: B2, troop: elves}]
""",
    )
    made = tokens(load_session(config))
    neutral = [t.kind for t in made if t.owner == "нейтральные"]
    assert neutral.count("orcs") == 3 and neutral.count("dragon") == 3 and neutral.count("elves") == 0


def test_token_counts_from_the_config(tmp_path: Path) -> None:
    options = "tokens: {copies: {troops: 1, castle: 5, mine-2: 0}, markers: {spells: 1}}\n"
    config = write(tmp_path / "c.yaml", "game: vs-2025\nplayers: [{name: A}, {name: B}]\n" + options)
    session = load_session(config)
    mine = [t for t in tokens(session) if t.owner == "A"]
    assert sum(1 for t in mine if t.title == "Замок") == 5 and not any(t.title == "Серебро" for t in mine)
    assert sum(1 for t in mine if t.title == "Рыцари") == 1
    assert sum(1 for m in markers(session) if m.front[1] == "Туман сна") == 2  # one per player
    bad = write(tmp_path / "bad.yaml", "game: vs-2025\ntokens: {copies: {bridge: 2}, markers: {leader: 1}}\n")
    result = run("validate", bad)
    assert result.exit_code == 3
    assert "tokens.copies.bridge: no 'bridge' in vs-2025" in result.output
    assert "tokens.markers.leader: no 'leader' in vs-2025" in result.output


@pytest.mark.rule("vs.print.markers")
def test_markers_of_each_edition() -> None:
    for game, own, spells in (("vs-2025", {"Столица", "Мифриловые доспехи"}, 4),
                              ("vs-2003", {"Лидер", "Мифриловые доспехи"}, 5)):  # fmt: skip
        session = load_session(EXAMPLES / f"{game}.yaml")
        made = markers(session)
        per_player = len(made) // len(session.players)
        faces = {m.front[1] for m in made}
        assert own <= faces and {"Личное войско", "Осада", "Нет активного действия"} <= faces
        vs = vs_of(session.ruleset)
        lasting = {s.name["ru"] for s in vs.spells if s.lasts}
        assert len(lasting) == spells and lasting <= faces
        # 2025: a duel's loser casts nothing for a year (two «no spells» markers); 2003: three leaders.
        assert per_player == 1 + 3 + 8 + 1 + (1 + 2 if game == "vs-2025" else 3) + 2 * spells
    leaders = [m for m in markers(load_session(EXAMPLES / "vs-2003.yaml")) if m.front[0] == "leader"]
    assert leaders and all(m.back == ("captive", "Лидер в плену") for m in leaders)  # a prisoner: turned over
    amulet = [m for m in markers(load_session(EXAMPLES / "vs-2025.yaml")) if m.front[0] == "mithril"]
    assert amulet and all(m.back[1] == "Мифриловый амулет" for m in amulet)


@pytest.mark.rule("vs.print.coins")
def test_coins_pay_every_price_and_fill_a_treasury() -> None:
    session = load_session(EXAMPLES / "vs-2025.yaml")
    vs = vs_of(session.ruleset)
    purse = coin_sheet.PURSE
    # Enough in one purse for the 2025 ruler's 200 to spend and a full treasury of 100 besides.
    assert coin_sheet.purse_value() >= vs.figures["start"]["ruler_money"] + vs.figures["treasury"]["base"]
    prices = {s.cost for s in vs.structures} | {m.cost for m in vs.mines} | {t.cost for t in vs.troops if t.cost}
    prices |= {t.upkeep for t in vs.troops} | {m.income for m in vs.mines}

    def fewest(amount: int) -> int:  # coins needed, by a plain table over the purse's values
        best = [0] + [10**9] * amount
        for value in range(1, amount + 1):
            best[value] = min((best[value - d] + 1 for d in purse if d <= value), default=10**9)
        return best[amount]

    assert all(fewest(p) <= 6 for p in prices if p)
    assert len(coin_sheet.coins(session)) == len(session.players) * sum(purse.values())


@pytest.mark.rule("vs.print.ledger")
def test_the_ledger_starts_from_the_map(kits: ExampleKits) -> None:
    # Worked out by hand from examples/vs-2025.yaml: each ruler's land with his castle, his mines,
    # his knights (the personal troop, free), cash 50 by default, a limit of 100 without fortresses.
    pages = pdf_text(kits("vs-2025") / "ledger.pdf")
    expected = {"Север": ("Земля «Северный лес»", "+12", "0"), "Юг": ("Земля «Южный дол»", "+9", "+2"),
                "Запад": ("Земля «Западный лес»", "+10", "0")}  # fmt: skip
    for page, (name, (land, lands, mines)) in zip(pages, expected.items(), strict=False):
        flat = re.sub(r"\s+", " ", page)
        assert flat.startswith(name) and land in flat
        assert f"1 50 100 {lands} {mines} 0" in flat
    assert len(pages) == 4  # and a blank page to go on
