"""Small things a newcomer tripped on (issue 40), each through the surface where it was found."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from printkit.cli import cli
from printkit.game import games
from printkit.labels import label
from printkit.web.app import Table, make_app
from printkit.web.served import Served

from .conftest import run

HOST = "testserver"


@pytest.fixture(scope="module")
def table() -> Table:
    return Table(Served())


@pytest.fixture(scope="module")
def client(table: Table) -> Iterator[TestClient]:
    with TestClient(make_app(table, [HOST]), raise_server_exceptions=False) as c:
        yield c


def visible(page: str) -> str:
    """A page's text as a reader sees it: its <main>, tags dropped, entities read."""
    main = page[page.index("<main>") : page.index("</main>")]
    return html.unescape(re.sub(r"<[^>]+>", " ", main))


def test_english_pages_name_the_games_in_english(client: TestClient, table: Table) -> None:
    renamed = [g for g in games() if g.named("en") != g.named("ru")]
    assert {g.family for g in renamed} >= {"strategiya", "vs"}
    english = client.get("/", params={"lang": "en"}).text
    headings = re.findall(r"<h2>(.*?)</h2>", english)
    assert {"Strategy", "Great Strategy"} <= set(headings)
    for name in table.asked:
        page = visible(client.get(f"/q/{name}", params={"lang": "en"}).text)
        for g in renamed:
            assert g.named("ru") not in page, (name, g.named("ru"))
    russian = re.findall(r"<h2>(.*?)</h2>", client.get("/", params={"lang": "ru"}).text)
    assert {"«Стратегия»", "«Великая Стратегическая»"} <= set(html.unescape(h) for h in russian)
    # The command line's help of a movement option names the game as the page does.
    helped = CliRunner(env={"PRINTKIT_LANG": "en"}).invoke(cli, ["referee", "reach", "--help"]).output
    assert "Great Strategy: The troop" in " ".join(helped.split()) and "«Великая" not in helped


def test_a_refusal_names_another_games_input_by_its_field_and_the_game_in_english() -> None:
    """issue 40: a movement input of another game than the map's was refused on a page as the terminal
    does ("--speed is for «Стратегия» maps"): a page names the field, and the game in its language."""
    from printkit.labels import entries
    from printkit.web import said
    from printkit.web.served import load

    from .conftest import EXAMPLES

    table = Table(load(EXAMPLES / "vs-2025.yaml", (), (EXAMPLES / "vs-map.yaml",), ()))
    strategiya = next(g for g in games() if g.family == "strategiya")
    q = table.asked["reach"][1]
    with TestClient(make_app(table, [HOST])) as c:
        form = {"map_file": "vs-map.yaml", "start": "C3", "troop": "elves", "speed": "2", "ask": "1"}
        for lang in ("en", "ru"):
            words = {k: v[lang] for k, v in entries("web_").items()}
            field = said.quoted(said.label(q, q.input("speed"), words, lang).rstrip(". "), lang)
            page = visible(c.get("/q/reach", params={**form, "lang": lang}).text)
            assert label("mc_other_game", lang, flag=field, game=strategiya.named(lang)) in page
            assert "--speed" not in page


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refusal_on_the_command_line_names_the_game_in_its_language(lang: str) -> None:
    """issue 40: `printkit map random --game vs-2025 --lang en` said «Великая Стратегическая» makes no
    random maps; a build option of another game named it in Russian too. Each names it in the
    language asked (Game.named)."""
    vs = next(g for g in games() if g.family == "vs")
    random = run("map", "random", "--game", "vs-2025", "--lang", lang)
    assert random.exit_code != 0 and label("map_e_no_random", lang, game=vs.named(lang)) in random.output
    from .conftest import EXAMPLES

    build = run("build", str(EXAMPLES / "vs-2025.yaml"), "--games", "3", "--lang", lang)
    said = label("kit_not_an_option", lang, flag="--games", game=vs.named(lang), plays="vs-2025")
    assert build.exit_code == 2 and said in " ".join(build.output.split())
    if lang == "en":
        assert vs.named("ru") not in random.output + build.output


@pytest.mark.parametrize(("notation", "said"), [("2d6", "= 8"), ("2d6+1d4>=8", "✘")])
def test_a_roll_shows_its_result_once(client: TestClient, table: Table, notation: str, said: str) -> None:
    form = {"t": table.form_token, "lang": "en", "ask": "1", "notation": notation, "seed": "x", "who": "Ann"}
    page = client.post("/q/roll?lang=en", data=form, headers={"Origin": f"http://{HOST}"})
    assert page.status_code == 200
    # Everything above the shared log: the dice, then the answer.
    shown = visible(page.text.split('<section class="log"')[0] + "</main>")
    assert shown.count(said) == 1, shown
    assert 'class="pk-face' in page.text  # the dice are still drawn
    several = client.post("/q/roll?lang=en", data={**form, "notation": "2d6+1d4"}, headers={"Origin": f"http://{HOST}"})
    assert several.text.count('class="pk-group-result"') == 2  # each group's own sum, where there are two


def test_an_address_that_climbs_out_of_the_masters_is_an_unknown_page(client: TestClient, table: Table) -> None:
    unknown = client.get("/no-such-page")
    for path in ["/m/%2e%2e/", "/m/%2e%2e", "/m/%2E%2e/log/", "/m/.%2e/q/roll", "/m/%2e%2e/q/lookup/", "/q/roll/"]:
        page = client.get(path)
        assert page.status_code == 404 and visible(page.text) == visible(unknown.text), path
    for path in [f"/m/{table.token}/", f"/m/{table.token}"]:  # the master's address, with or without its slash
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_serve_check_serves_nothing_so_says_no_way_to_stop(lang: str) -> None:
    checked = run("serve", "--check", "--lang", lang)
    assert checked.exit_code == 0 and "http://127.0.0.1:8765/" in checked.output
    assert label("web_serve_stop", lang) not in checked.output and "Ctrl-C" not in checked.output


@pytest.mark.parametrize(
    ("typed", "meant"), [("лукап", "lookup"), ("бросок", "roll"), ("бой", "fight"), ("заклинания", "spell")]
)
def test_the_session_suggests_a_question_for_its_russian_word(typed: str, meant: str) -> None:
    runner = CliRunner(env={"PRINTKIT_LANG": None, "PRINTKIT_KEY": None})
    said = runner.invoke(cli, ["referee"], input=f"{typed}\nescape 2\n").stderr
    assert f"нет команды «{typed}» (может быть, «{meant}»?)" in said
    english = runner.invoke(cli, ["referee", "--lang", "en"], input=f"{typed}\n").stderr
    assert f"(did you mean '{meant}'?)" in english
    # A word close to nothing still gets no suggestion.
    assert "может быть" not in runner.invoke(cli, ["referee"], input="qwerty\n").stderr
