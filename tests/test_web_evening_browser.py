"""`serve --evening` in a real browser: a VS year recorded from three phones and the master's board
(a battle applied among them), and «Стратегия» turns with the death zone, a wound and a lookup
marked explored, then the evening printed and read back."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printkit import evening

from .conftest import EXAMPLES, pdf_text, run
from .test_web_browser import PHONE, chromium
from .webcases import _wait_for

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


def serve(path: Path) -> Iterator[tuple[str, str]]:
    """`printkit serve --evening` in its own process: the players' address and the master's board."""
    command = [sys.executable, "-m", "printkit", "serve", "--evening", str(path), "--port", "0", "--lang", "en"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})  # fmt: skip
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(3)]
        urls = [found.group(0) for line in said if (found := re.search(r"http://\S+/", line))]
        assert len(urls) == 2 and urls[1].endswith("/evening/"), said
        _wait_for(urls[0])
        yield urls[0], urls[1]
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def phone(browser: Any, url: str) -> Any:
    """A phone of its own (its own cookies) with a page open at url."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(url)
    return page


def addresses(board: Any) -> dict[str, str]:
    """Each player's address as the master's board shows it."""
    found = {}
    for item in board.locator("ul.addresses li").all():
        found[item.locator("b").inner_text()] = item.locator("a").get_attribute("href")
    return found


def redraw(page: Any) -> None:
    """The page drawn again as it stands now, as a person pulls it down. The page may be redrawing
    itself at that moment (another phone recorded): that redraw is the same page, and is waited for."""
    from playwright.sync_api import Error

    try:
        page.reload()
    except Error:
        page.wait_for_load_state()
        page.goto(page.url)


def record(page: Any, kind: str, **fields: str) -> str:
    """Fill a kind's form as a person would (open its fold, type, press Record); the page's message."""
    form = page.locator(f'form[data-kind="{kind}"]')
    fold = page.locator(f'details:has(form[data-kind="{kind}"])')
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()
    elif form.locator("input:not([type=hidden]), select").count():
        form.locator("input:not([type=hidden]), select").first.focus()  # a finger on the open form
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "hidden":  # a field the page fixed, changed by hand (devtools)
            field.evaluate("(e, v) => { e.value = v; }", value)
        else:
            field.fill(value)
    form.locator('button[type="submit"]').last.click()
    page.wait_for_load_state()
    message = page.locator("#told, #refusal")
    return str(message.first.inner_text()) if message.count() else ""


def test_a_vs_year_recorded_from_three_phones_and_the_board(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "vs.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    for _, master in serve(path):
        board = phone(browser, master + "?lang=en")
        phones = {name: phone(browser, url) for name, url in addresses(board).items()}
        north, south, west = phones["Север"], phones["Юг"], phones["Запад"]
        assert "Recorded as event 1" in record(north, "income")
        assert "Север: 62 coins" in board.locator("#evening").inner_text(timeout=5000) or _redrawn(board, "62 coins")
        assert north.locator('form[data-kind="next"]').count() == 1  # his turn
        assert south.locator('form[data-kind="next"]').count() == 0  # not his
        assert "lasts until Север's next turn" in record(north, "spell", spell="fury-shield")
        record(north, "next")
        redraw(south)
        assert "tax 4" in record(south, "transfer", to="Запад", coins="20")
        # a battle applied from his phone in his turn: Юг takes Северный замок, and the year's
        # income then reads the map it left (Северный лес's 12 his, the second knights' upkeep 10)
        fought = record(south, "battle", cell="E2", winner="Юг", troops="knights")
        assert "Северный замок passes from Север to Юг" in fought
        assert "from 30 to 43" in record(south, "income")  # 30 + 12 + 9 + 2 (the mine) − 10
        refused = record(south, "cash", player="Север", coins="-5")  # another's coins: the page refuses
        assert "not yours" in refused
        record(south, "next")
        redraw(west)
        record(west, "income")
        said = record(west, "next")
        assert "Shield of fury (Север) ends" in said
        assert _redrawn(board, "turn 4 (round 2)")
        board.locator("form.undo button").click()
        board.wait_for_load_state()
        assert "Event 9 undone" in board.locator("#told").inner_text()
        assert "E2: Северный замок (Юг) may take its active action again" in board.locator("#evening").inner_text()
        record(board, "next")  # the master ends the turn instead
    state = evening.read(path).state
    cash = dict(state.part.cash)
    assert cash == {"Север": 32, "Юг": 30 + 12 + 9 + 2 - 10, "Запад": 50 + 16 + 10}
    shown = {b.owner for b in state.part.objects if (b.x, b.y) == (4, 1)}
    assert shown == {"Юг"} and [(p.troop, p.owner) for p in state.part.pieces if (p.x, p.y) == (4, 1)] == [
        ("knights", "Юг")
    ]
    assert [r.who for r in evening.read(path).rows][:3] == ["Север", "Север", "Север"]
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper")).exit_code == 0
    pages = pdf_text(tmp_path / "paper" / "ledger.pdf")
    for page, name in zip(pages, ("Север", "Юг", "Запад"), strict=False):
        rows = [" ".join(line.split()) for line in page.splitlines()]
        assert any(row.startswith("1 ") and row.endswith(f" {cash[name]}") for row in rows), (name, rows)


def _redrawn(page: Any, words: str) -> bool:
    """Whether the page, redrawn by itself within a few polls, shows `words`."""
    try:
        page.wait_for_function("w => document.body.innerText.includes(w)", arg=words, timeout=8000)
    except Exception:
        return False
    return True


DZ = """game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Гром, strength: 3, speed: 1, intellect: 1}
  - name: Борис
    heroes:
      - {name: Кир, strength: 3, speed: 0, intellect: 2}
      - {name: Лев, strength: 2, speed: 2, intellect: 1}
map:
  rows:
    - PPPPDDDPPPP
    - PPPDDDDDPPP
    - PPPDDDDDPPP
    - PPPPDDDPPPP
"""


def dz_evening(browser: Any, tmp_path: Path) -> Iterator[tuple[Path, Any, Any, Any]]:
    """The DZ evening served: its file, the master's board (in English) and Аня's and Борис's phones."""
    config = tmp_path / "dz.yaml"
    config.write_text(DZ, encoding="utf-8")
    path = tmp_path / "dz.sqlite"
    evening.start(config, path)
    for _, master in serve(path):
        board = phone(browser, master + "?lang=en")
        phones = {name: phone(browser, url) for name, url in addresses(board).items()}
        yield path, board, phones["Аня"], phones["Борис"]


def test_strategiya_turns_with_the_death_zone_and_a_wound(browser: Any, tmp_path: Path) -> None:
    for path, board, anya, boris in dz_evening(browser, tmp_path):
        record(anya, "move", to="E2")  # Гром into the death zone
        refused = record(anya, "move", hero="Кир", to="A1") if anya.locator('select[name="hero"]').count() else ""
        assert "Кир" not in refused or "not yours" in refused
        redraw(boris)
        record(boris, "move", hero="Кир", to="A1")  # Борис chooses among his two heroes
        # the master marks a lookup explored: his board lists what it gave, a player's page never
        secret = "a chest of emeralds"
        redraw(board)  # as the master would see it now (else its own redraw may come mid-form)
        assert secret in record(board, "explored", what="resources plain 3", gave=secret)
        assert secret in board.locator("#evening").inner_text()
        for page in (anya, boris):
            redraw(page)
            assert secret not in page.content() and "plain, 3" not in page.content()
            assert "the master marked an object explored" in page.locator("ol.events").inner_text()
        # Eight ends of turn: 1, 2, 4 to 9 (Борис plays 2 and 4 in a row, «Начало игры»), so four of
        # Аня's (1, 5, 7, 9): Гром pays 3 lives at the end of each; each turn ended by its player.
        for _ in range(8):
            page = anya if evening.read(path).state.whose == "Аня" else boris
            redraw(page)
            said = record(page, "next")
        assert "wounded" in said or any(c.key == "wound:Гром" for c in evening.read(path).state.countdowns)
    heroes = {h.name: h for h in evening.read(path).state.part.heroes}
    assert heroes["Гром"].lives == 15 - 4 * 3
    assert heroes["Кир"].cell == "A1" and heroes["Кир"].lives == 15
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper")).exit_code == 0
    front = pdf_text(tmp_path / "paper" / "hero-sheets.pdf")[0]
    assert "Гром" in front


def test_a_page_waits_while_its_form_is_open_and_redraws_when_left_alone(browser: Any, tmp_path: Path) -> None:
    """A page redraws itself when another phone records; never under a player who has just opened a
    form (his tap would close it, what he chose lost): then the newcomer waits for his own record."""
    for _, board, anya, boris in dz_evening(browser, tmp_path):
        shut = boris.locator('details:not([open]):has(form[data-kind="rest"]) summary')
        shut.click()  # Борис opens a form and thinks
        record(anya, "move", to="E2")
        assert not _redrawn(boris, "E2")  # his form stays open under his finger
        assert boris.locator('details:has(form[data-kind="rest"])').get_attribute("open") is not None
        assert _redrawn(board, "E2")  # the master's board, left alone, shows the move
