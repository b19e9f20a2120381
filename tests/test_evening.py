"""issue 40's proof: a VS evening and a «Стратегия» evening served as the manual starts them, walked in the
system's Chromium at a phone's size: every question the table can ask answers as its command does, and
the treasury the phones say is the printed ledger's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printkit import load_session
from printkit.games.vs.questions import income
from printkit.games.vs.treasury_form import context
from printkit.web.served import Served, load, secret

from .conftest import EXAMPLES
from .test_web_browser import CHROMIUM, PHONE, browser, fill, first_cases, shown_answer  # noqa: F401
from .webcases import secret_key, serving

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]


def evening(name: str, folder: Path) -> Served:
    """The files of an evening as the manual's `printkit serve` line names them."""
    if name == "vs":  # docs/en/vs.md and serve --help: the config and the VS map
        return load(EXAMPLES / "vs-2025.yaml", (), (EXAMPLES / "vs-map.yaml",), ())
    key, _ = secret_key(folder)  # docs/*/phone-referee.md: the heroes' config, the kit's key, the map
    return load(EXAMPLES / "strategiya-heroes.yaml", (key,), (EXAMPLES / "map.yaml",), ())


@pytest.fixture(params=[("vs", "en"), ("strategiya", "ru")], ids=["vs-en", "strategiya-ru"])
def walked(request: pytest.FixtureRequest, tmp_path: Path, browser: Any) -> Iterator[tuple[Served, str, str, Any]]:  # noqa: F811
    name, lang = request.param
    served = evening(name, tmp_path)
    with serving(served, "--lang", lang) as (players, master):
        context_ = browser.new_context(viewport=PHONE)
        try:
            yield served, players, master, context_.new_page()
        finally:
            context_.close()


def test_every_question_of_the_evening_answers_as_its_command(walked: tuple[Served, str, str, Any]) -> None:
    served, players, master, page = walked
    lang = served.language or "ru"
    asked = 0
    for case in first_cases(served):
        if secret(case.question) and not served.keys:
            continue  # the master's lookups: a table served without a key offers none
        base = master if secret(case.question) else players
        picked = "".join(f"&map_file={m}" for m in case.form.get("map_file", [])[:1])
        response = page.goto(f"{base}q/{case.name}?lang={lang}{picked}")
        assert response.status == 200, case.example
        fill(page, case)
        assert page.locator("#refusal").count() == 0, (case.example, page.locator("#refusal").text_content())
        assert shown_answer(page) == case.expected(lang), case.example
        asked += 1
    assert asked >= 10  # the evening's game's questions and the shared ones, not an empty walk


def test_the_phones_treasury_is_the_printed_ledgers(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    """Each player's year on the income page (the evening's own map, no --map needed) is the ledger's."""
    served = load(EXAMPLES / "vs-2025.yaml", (), (), ())
    ledger = {p["name"]: p["first"] for p in context(load_session(EXAMPLES / "vs-2025.yaml"))["players"]}
    with serving(served, "--lang", "en") as (players, _):
        context_ = browser.new_context(viewport=PHONE)
        page = context_.new_page()
        try:
            for player, first in ledger.items():
                if not first:
                    continue
                page.goto(f"{players}q/income?lang=en")
                page.fill('form.ask [name="player"]', player)
                page.locator("form.ask button[type=submit]").click()
                page.wait_for_load_state()
                text = " ".join(shown_answer(page))
                net = income(EXAMPLES / "vs-2025.yaml", player=player).income.net
                assert first["net"] == f"{net:+d}" and f"the year's balance {net}" in text, (player, text)
        finally:
            context_.close()
