"""A «Стратегия» evening's map.pdf: each hero where he stands now, with his marker and his player's
mark, and each ship where it lies, in either language and on either paper; the kit's map has none."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from printkit import evening
from printkit.evening.paper import print_evening

from ..conftest import EXAMPLES, heroes_evening, pdf_text, run


def _text(pdf: Path) -> str:
    return " ".join(" ".join(pdf_text(pdf)).replace("\u00a0", " ").split())


def _expected(lang: str) -> dict[str, str]:
    """Each hero the test places, as his tag should read, from the ruleset's markers (the first
    player's set, in the config's order) and the players' initials (Аня, Борис: А, Б) apart."""
    import printkit.games.strategiya as game

    sets = yaml.safe_load((Path(game.__file__).with_name("strategiya.yaml")).read_text(encoding="utf-8"))
    first = sets["heroes"]["markers"]["ru"][0]  # the config's language (ru) names the markers, whatever is printed
    return {"Гром": f"{first[0]} Гром А", "Искра": f"{first[2]} Искра А"}


@pytest.mark.rule("strategiya.evening.map")
@pytest.mark.parametrize(("lang", "paper"), [("ru", "a4"), ("en", "letter")])
def test_the_evenings_map_shows_the_heroes_and_ships_where_they_stand(tmp_path: Path, lang: str, paper: str) -> None:
    path = heroes_evening(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "B2"})
    evening.record(path, "move", {"hero": "Искра", "to": "K7"})
    evening.record(path, "move", {"hero": "Ветер", "to": "C4"})
    evening.record(path, "lives", {"hero": "Ветер", "change": -100})  # fallen: off the map
    evening.record(path, "ship", {"ship": "Чайка", "at": "J7", "intellect": 2, "player": "Аня"})
    printed = print_evening(path, tmp_path / "paper", paper=paper, lang=lang)
    assert "map.pdf" in printed.files
    text = _text(tmp_path / "paper" / "map.pdf")
    for words in _expected(lang).values():
        assert words in text, words
    assert "«Чайка» А" in text and "Ветер" not in text
    # the legend says how a tag reads, and whose each mark is
    legend = {"ru": ("герой: метка, имя, знак игрока (А — Аня)", "корабль: «имя» и знак игрока"),
              "en": ("hero: marker, name, player's mark (А: Аня)", "ship: “name” and player's mark")}[lang]  # fmt: skip
    for words in legend:
        assert words in text, words
    assert "worked out" not in text and "отработано" not in text  # nothing crossed out, nothing to explain
    # the kit's own map places nobody
    assert run("build", str(EXAMPLES / "strategiya-heroes.yaml"), "--only", "map", "--lang", lang,
               "--out", str(tmp_path / "kit")).exit_code == 0  # fmt: skip
    kit = _text(tmp_path / "kit" / "map.pdf")
    assert "Гром" not in kit and legend[0].split("(")[0] not in kit  # nor explains tags it has none of
    width, height = pdfium.PdfDocument(tmp_path / "paper" / "map.pdf")[0].get_size()
    assert (round(width), round(height)) in ({"a4": (595, 842), "letter": (612, 792)}[paper],
                                             {"a4": (842, 595), "letter": (792, 612)}[paper])  # fmt: skip


@pytest.mark.rule("strategiya.evening.map")
def test_a_heros_tag_reads_black_on_white_in_grey(tmp_path: Path) -> None:
    """On a grey print a tag is told by its words: black on a white ground, over any terrain (here
    the death zone, the darkest)."""
    path = heroes_evening(tmp_path)
    evening.record(path, "move", {"hero": "Искра", "to": "L7"})  # a death-zone cell, no object on it
    print_evening(path, tmp_path / "paper")
    pdf = pdfium.PdfDocument(tmp_path / "paper" / "map.pdf")
    page = next(pdf[i] for i in range(len(pdf)) if "Искра" in pdf[i].get_textpage().get_text_range())
    found = page.get_textpage().search("Искра").get_next()
    assert found is not None
    box = page.get_textpage().get_charbox(found[0])
    scale = 4
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    left, bottom, right, top = box
    height = page.get_size()[1]
    around = image.crop((int(left * scale) - 6, int((height - top) * scale) - 3, int(right * scale) + 30,
                         int((height - bottom) * scale) + 3))  # fmt: skip
    shades = sorted(around.tobytes())
    assert shades[-1] > 240 and shades[0] < 60  # white ground, black letters
    assert sum(s > 200 for s in shades) > len(shades) / 2  # mostly the tag's white, not the zone's dark


@pytest.mark.rule("strategiya.evening.map")
def test_a_players_mark_is_never_a_heros_marker(tmp_path: Path) -> None:
    """The second player's heroes are marked А to Г (the ruleset's second set): Борис's mark may not
    be Б, nor Аня's А, or «А Тень Б» would read two ways. Each takes the shortest start of the name
    that is neither another player's nor a marker."""
    import printkit.games.strategiya as game
    from printkit.games.strategiya.evening.shown import game_map

    sets = yaml.safe_load((Path(game.__file__).with_name("strategiya.yaml")).read_text(encoding="utf-8"))
    second = sets["heroes"]["markers"]["ru"][1]  # Борис's heroes: А, Б
    config = tmp_path / "two.yaml"
    text = (EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8")
    text += (
        "  - name: Борис\n    heroes:\n      - {name: Лис, strength: 2, speed: 2, intellect: 2}\n"
        "      - {name: Сыч, strength: 2, speed: 2, intellect: 2}\n"
    )
    config.write_text(text.replace("  - name: Борис\n", "", 1) + "map: map.yaml\n", encoding="utf-8")
    (tmp_path / "map.yaml").write_text((EXAMPLES / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "two.sqlite"
    evening.start(config, path)
    evening.record(path, "move", {"hero": "Лис", "to": "C4"})
    evening.record(path, "move", {"hero": "Гром", "to": "B2"})
    drawn = game_map(evening.read(path).state)
    owners = dict(drawn.part.owners)
    assert owners == {"Ан": "Аня", "Бо": "Борис"} and set(owners).isdisjoint({*second[:2], "1", "2", "3", "4"})
    tags = dict(drawn.part.pieces)
    assert (
        "А\u00a0Лис\u00a0Бо" in tags.values()
        and f"{sets['heroes']['markers']['ru'][0][0]}\u00a0Гром\u00a0Ан" in tags.values()
    )
