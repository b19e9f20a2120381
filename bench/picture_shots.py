"""Screenshots of the referee pages' pictures at phone size, to look at: PNGs in /work/shots/pictures (or argv[1])."""

# Each picture is written into a small HTML page with the shared pictures.css and every game's own
# (static/pictures.css in its package, as the served pages link a game's), opened in the system's Chromium
# (Playwright, launched by path: nothing downloads a browser) at 390 x 844, and shot whole; one shot
# is saved in grey too, to check that the marks read without colour.

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from markupsafe import Markup, escape

from printkit.examples import find
from printkit.game import games, resolve
from printkit.questions import Question, declared
from printkit.web.pictures import picture

ROOT = Path(__file__).resolve().parent.parent
CSS = ROOT / "printkit" / "web" / "static" / "pictures.css"


def stylesheets() -> Markup:
    """Links to the shared pictures.css and to each game's own, in the order a served page links them."""
    own = [folder / "pictures.css" for g in games() if (folder := g.assets("static")) is not None]
    sheets = [CSS, *(css for css in own if css.is_file())]
    return Markup("").join(Markup('<link rel="stylesheet" href="{}">').format(css.as_uri()) for css in sheets)


def link(values: Mapping[str, str]) -> str:
    return "?" + "&".join(f"{k}={v}" for k, v in values.items())


def cases() -> list[tuple[str, str, dict[str, object], str]]:
    """(file name, question, values, lang): each asked through the declared function."""
    return [
        ("reach-ru", "reach", {"map_file": find("map.yaml"), "start": "C4", "speed": 2}, "ru"),
        ("reach-turns-en", "reach", {"map_file": find("map.yaml"), "start": "C4", "speed": 1, "turns": 3}, "en"),
        (
            "reach-vs-en",
            "reach",
            {"map_file": find("vs-map.yaml"), "start": "C3", "troop": "elves", "player": "Север"},
            "en",
        ),
        (
            "route-vs-ru",
            "route",
            {"map_file": find("vs-map.yaml"), "start": "C3", "goal": "K8", "troop": "elves", "player": "Север"},
            "ru",
        ),
        ("route-page-en", "route", {"map_file": find("map.yaml"), "start": "C4"}, "en"),
        ("roll-en", "roll", {"notation": "4d6kh3+2d8+1", "seed": "turn-12"}, "en"),
        ("roll-many-ru", "roll", {"notation": "5d10cs>=7 + 2d20kl1 + 3dF + d%", "seed": "a"}, "ru"),
        ("roll-reroll-en", "roll", {"notation": "6d6r<3 + 3d6x >= 25", "seed": "c"}, "en"),
        ("odds-en", "odds", {"notation": "2d6+1>=8"}, "en"),
        ("odds-wide-ru", "odds", {"notation": "10d20 >= 120"}, "ru"),
        ("odds-versus-en", "odds", {"notation": "3d6 >= 2d6+2"}, "en"),
        ("battle-ru", "battle", {"attackers": "knights elves+", "defenders": "orcs zombie:3"}, "ru"),
        ("orders-en", "orders", {"attackers": "A+ F D A", "defenders": "D F A"}, "en"),
        ("orders-relay-ru", "orders", {"attackers": "A F D", "defenders": "D A F"}, "ru"),
        ("orders-mix-ru", "orders", {"mix": True, "advantage": "a"}, "ru"),
        ("moves-en", "moves", {"position_file": find("stratego-position.txt"), "start": "b4"}, "en"),
        ("paths-en", "paths", {"graph_file": find("tannhauser-paths.yaml"), "start": "A1", "points": 4}, "en"),
        (
            "paths-rush-ru",
            "paths",
            {"graph_file": find("tannhauser-paths.yaml"), "start": "A2", "points": 6, "bull_rush": True},
            "ru",
        ),
        ("pool-ru", "pool", {"dice": 6, "difficulty": 4}, "ru"),
        ("duel-en", "duel", {"initiator": 5, "defender": 4}, "en"),
    ]


def declared_question(name: str) -> Question:
    """A referee question by name, as the command line and the pages find it."""
    shared = {"roll": "printkit.dice.questions:roll", "odds": "printkit.dice.questions:odds"}
    if name in ("reach", "route"):
        made: Question = resolve(f"printkit.maps.moves:{name}_question")()
        return made
    target = shared.get(name) or next(
        g.questions["referee"][name] for g in games() if name in g.questions.get("referee", {})
    )
    return declared(resolve(target))


def asked(question: str, values: Mapping[str, object], lang: str) -> object:
    return declared_question(question).ask(values, lang)


def main(out: Path) -> None:
    from PIL import Image, ImageOps
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    pages = []
    for name, question, values, lang in cases():
        try:
            answer = None if name.endswith("page-en") else asked(question, values, lang)
        except Exception as exc:  # a shot that cannot be asked is reported, the others still taken
            print(f"{name}: {exc}")
            continue
        drawn = picture(question, values, answer, lang, link)
        if drawn is None:
            print(f"{name}: no picture")
            continue
        html = Markup(
            '<!doctype html><html lang="{}"><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width, initial-scale=1">{}</head>'
            "<body><h1>{}</h1>{}</body></html>"
        ).format(lang, stylesheets(), escape(question), drawn)
        page = out / f"{name}.html"
        page.write_text(str(html), "utf-8")
        pages.append(page)
    args = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
        try:
            tab = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
            for page in pages:
                tab.goto(page.as_uri())
                shot = page.with_suffix(".png")
                tab.screenshot(path=str(shot), full_page=True)
                print(shot)
        finally:
            browser.close()
    for page in pages[:1] + [p for p in pages if p.stem.startswith("route")][:1]:
        grey = page.with_name(page.stem + "-grey.png")
        ImageOps.grayscale(Image.open(page.with_suffix(".png"))).save(grey)
        print(grey)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/shots/pictures"))
