"""`printkit serve` in a real browser: the system's Chromium at a phone's size fills every question's form."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from printkit.questions import Choice, File, Flag
from printkit.testing.pages import WHO, words
from printkit.web.forms import ROLL_SWITCH
from printkit.web.served import Served, secret

from .conftest import EXAMPLES
from .webcases import Case, cases, secret_key, serving, table_files

# One browser serves every test here: they go to one worker, in one group, and the whole suite only.
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]

CHROMIUM = Path("/usr/bin/chromium")
# Chromium as a test runner wants it: no sandbox (containers), no GPU, nothing fetched from the net.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Server:
    players: str  # http://127.0.0.1:PORT/
    master: str  # http://127.0.0.1:PORT/m/TOKEN/
    served: Served
    codes: list[str]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`printkit serve` in its own process on a free loopback port, stopped at the end."""
    key, codes = secret_key(tmp_path_factory.mktemp("browser-key"))
    served = table_files(key)
    with serving(served, "--lang", "en") as (players, master):
        yield Server(players, master, served, codes)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def chromium() -> Iterator[Any]:
    """The system's Chromium, launched for the tests of a module and closed after them."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install the system's Chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, java_script_enabled=True)
    yield context.new_page()
    context.close()


def first_cases(served: Served) -> list[Case]:
    """One documented example of each question (the first the table can ask)."""
    seen: dict[str, Case] = {}
    for case in cases(served):
        seen.setdefault(case.name, case)
    return list(seen.values())


def fill(page: Any, case: Case) -> None:
    """Fill a question's form as a person would: type, pick, tick, then press the button."""
    for summary in page.locator("details.more:not([open]) > summary").all():
        summary.click()
    for i in case.question.inputs:
        given = case.form.get(i.name)
        boxes = page.locator(f'form.ask [name="{i.name}"]')
        if isinstance(i.kind, Flag):
            if i.name != ROLL_SWITCH and boxes.count():  # the roll: a button of its own
                boxes.first.set_checked(bool(given))
            continue
        if isinstance(i.kind, File) and i.many:
            continue  # the keys: every one named at start, nothing to pick
        if isinstance(i.kind, Choice | File):
            for n, value in enumerate(given or []):
                boxes.nth(n).select_option(value)
            continue
        for n in range(boxes.count()):
            boxes.nth(n).fill(given[n] if given and n < len(given) else "")
    who = page.locator('form.ask [name="who"]')
    if who.count():
        who.fill(WHO)
    page.locator(f'form.ask button[name="{ROLL_SWITCH if case.form.get(ROLL_SWITCH) else "ask"}"]').click()
    page.wait_for_load_state()


def shown_answer(page: Any) -> list[str]:
    """The answer's lines as the browser shows them, by their words (a wide table's row: its cells)."""
    found = page.locator("#answer p, #answer pre, #answer tr").evaluate_all(
        "els => els.map(e => [e.tagName, e.tagName === 'TR' ? Array.from(e.cells, c => c.textContent).join(' ') "
        ": e.textContent])"
    )
    lines: list[str] = []
    for tag, text in found:
        lines += text.split("\n") if tag == "PRE" else [text]
    return words(lines)


@pytest.mark.parametrize(("lang", "script"), [("ru", False), ("en", True)], ids=["ru-without-js", "en"])
def test_every_question_page_filled_in_the_browser_answers_as_its_function(server: Server, browser: Any, lang: str,
                                                                           script: bool) -> None:  # fmt: skip
    """issue 34: at a phone's size, each question's form filled and sent answers what its function answers (in
    Russian with JavaScript off: every page is a plain form); no player's page holds a code of the key."""
    context = browser.new_context(viewport=PHONE, java_script_enabled=script)
    page = context.new_page()
    try:
        for case in first_cases(server.served):
            base = server.master if secret(case.question) else server.players
            # A person picks the map first: the form then asks for that map's game's inputs only.
            picked = "".join(f"&map_file={m}" for m in case.form.get("map_file", [])[:1])
            response = page.goto(f"{base}q/{case.name}?lang={lang}{picked}")
            assert response.status == 200
            fill(page, case)
            assert page.locator("#refusal").count() == 0, (case.example, page.locator("#refusal").text_content())
            assert shown_answer(page) == case.expected(lang), case.example
            assert page.locator("html").get_attribute("lang") == lang
            if base == server.players:
                html = page.content()
                assert not [c for c in server.codes if c in html], case.example
    finally:
        context.close()


def test_a_roll_on_one_page_appears_in_another_pages_log(server: Server, browser: Any, page: Any) -> None:
    """issue 34: the roll log is shared: a second device's dice page shows a roll without a reload;
    issue 40: in the page's words, a replay's seed said as one (the seed field under "More options")."""
    other = browser.new_context(viewport=PHONE).new_page()
    try:
        other.goto(f"{server.players}q/odds?lang=en")
        who = f"Tester-{time.monotonic_ns() % 10**6}"
        page.goto(f"{server.players}q/roll?lang=en")
        page.fill('form.ask [name="who"]', who)
        page.fill('form.ask [name="notation"]', "3d6")
        assert not page.locator('form.ask [name="seed"]').is_visible()  # folded: a replay, not a roll's
        page.locator("details.more > summary").click()
        page.fill('form.ask [name="seed"]', "home")
        page.locator('form.ask button[name="ask"]').click()
        page.wait_for_load_state()
        result = shown_answer(page)[0]
        entry = other.locator("#log li", has_text=who)
        entry.wait_for(timeout=10_000)  # the page asks for the log every couple of seconds
        said = entry.text_content()
        assert "3d6" in said and result in said and "seed “home”" in said and "--seed" not in said
        other.goto(f"{server.players}log?lang=ru")
        assert who in other.locator("#log").text_content()
    finally:
        other.context.close()


def test_the_master_pages_refuse_a_wrong_token(server: Server, page: Any) -> None:
    """issue 34: a wrong token is a page that does not exist; the right one opens the key's lookup."""
    token = server.master.rstrip("/").rsplit("/", 1)[1]
    wrong = server.master.replace(token, token[::-1])
    for url in (wrong, f"{wrong}q/lookup", f"{server.players}q/lookup"):
        assert page.goto(url).status == 404, url
        assert "lookup" not in page.locator("main").text_content()
    assert page.goto(f"{server.master}q/lookup").status == 200
    assert page.goto(server.players).status == 200
    assert "lookup" not in page.locator("main").text_content()


def test_a_tap_on_the_map_shows_the_cells_reach_answers(server: Server, page: Any) -> None:
    """issue 34: tapping a map cell asks reach from it; the cells lit are those `referee reach` gives."""
    from printkit.referee import question_of

    page.goto(f"{server.players}q/reach?lang=en&map_file=map.yaml&speed=2&config=-")
    page.locator('[data-cell="C4"]').first.click(timeout=5_000)
    page.wait_for_load_state()
    lit = set(page.locator("[data-cell].reach").evaluate_all("els => els.map(e => e.dataset.cell)"))
    reach = question_of("printkit.maps.moves:reach_question")
    expected = reach.ask({"map_file": EXAMPLES / "map.yaml", "start": "C4", "speed": 2}, "en")
    assert lit == set(expected.reachable)
