"""`serve --evening`: the master's board and each player's page read and record the evening's file;
the log is the evening's; a player records only his own actions; a form sent twice records once;
the addresses stay the same across a restart."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from printkit import evening
from printkit.web.app import Table, make_app
from printkit.web.evening import ServedEvening, player_token
from printkit.web.served import load

from .conftest import EXAMPLES, run

HOST = "testserver"
ORIGIN = f"http://{HOST}"


@pytest.fixture
def vs(tmp_path: Path) -> Path:
    path = tmp_path / "vs.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    return path


def serving(path: Path) -> tuple[Table, TestClient]:
    table = Table(load(EXAMPLES / "vs-2025.yaml", (), (), ()), evening=ServedEvening.of(path))
    return table, TestClient(make_app(table, [HOST]), raise_server_exceptions=False)


@pytest.fixture
def served(vs: Path) -> Iterator[tuple[Table, TestClient]]:
    table, client = serving(vs)
    with client:
        yield table, client


def form_of(page: str, kind: str) -> dict[str, str]:
    """A kind's form on a page, its hidden fields filled in as the page gives them."""
    found = re.search(rf'<form class="ask" method="post" action="([^"]+)" data-kind="{kind}">(.*?)</form>', page, re.S)
    assert found, kind
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', found.group(2)))
    return {"action": html.unescape(found.group(1)), **{k: html.unescape(v) for k, v in fields.items()}}


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def post(client: TestClient, form: dict[str, str], **more: str) -> object:
    action = form["action"]
    data = {k: v for k, v in form.items() if k != "action"} | more
    return client.post(action, data=data, headers={"Origin": ORIGIN}, follow_redirects=True)


def test_the_master_pays_a_year_from_the_board_and_the_file_holds_it(served: tuple[Table, TestClient],
                                                                       vs: Path) -> None:  # fmt: skip
    table, client = served
    board = client.get(f"/m/{table.token}/evening/")
    assert board.status_code == 200 and "Север: 50 монет" in text(board.text)
    done = post(client, form_of(board.text, "income"), player="Север")
    assert done.status_code == 200  # type: ignore[attr-defined]
    assert "Север: 62 монеты" in text(done.text)  # type: ignore[attr-defined]
    assert "Записано, событие №1" in text(done.text)  # type: ignore[attr-defined]
    assert dict(evening.read(vs).state.part.cash)["Север"] == 62
    assert [(r.who, r.device) for r in evening.read(vs).rows] == [("master", "web")]


def test_a_form_sent_twice_records_once(served: tuple[Table, TestClient], vs: Path) -> None:
    table, client = served
    form = form_of(client.get(f"/m/{table.token}/evening/").text, "cash")
    for _ in range(3):  # a double tap, then a resend after a dropped connection
        post(client, form, player="Юг", coins="-10", why="найм")
    assert len(evening.read(vs).rows) == 1
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 40


def test_a_player_records_his_own_actions_only(served: tuple[Table, TestClient], vs: Path) -> None:
    table, client = served
    assert table.evening is not None
    south = f"/p/{table.evening.token_of('Юг')}/"
    page = client.get(south)
    assert page.status_code == 200
    form = form_of(page.text, "cash")
    assert form["player"] == "Юг"  # his own, filled in
    post(client, form, coins="-5")
    credited = post(client, form, coins="5", once="more")
    assert credited.status_code == 400  # type: ignore[attr-defined]
    assert "записывает ведущий" in text(credited.text)  # type: ignore[attr-defined]
    forged = post(client, form, player="Север", coins="-5", once="other")
    assert forged.status_code == 400  # type: ignore[attr-defined]
    assert "не ваш" in text(forged.text)  # type: ignore[attr-defined]
    assert 'data-kind="next"' not in page.text  # not his turn: Север plays first
    assert [r.effect["player"] for r in evening.read(vs).rows] == ["Юг"]
    assert [r.who for r in evening.read(vs).rows] == ["Юг"]


def test_unknown_addresses_are_unknown_pages(served: tuple[Table, TestClient]) -> None:
    table, client = served
    assert client.get("/m/wrong/evening/").status_code == 404
    assert client.get("/p/wrong/").status_code == 404
    foreign = client.post(f"/m/{table.token}/evening/income", data={}, headers={"Origin": "http://evil"})
    assert foreign.status_code == 403


def test_rolls_from_the_terminal_show_on_the_phones_and_a_phones_roll_in_the_file(
    served: tuple[Table, TestClient], vs: Path
) -> None:
    table, client = served
    assert run("evening", "record", "roll", str(vs), "3d6", "--who", "Запад").exit_code == 0
    assert [r["who"] for r in client.get("/log.json").json()["rolls"]] == ["Запад"]
    client.post("/q/roll", data={"t": table.form_token, "notation": "2d6", "who": "Вика", "ask": "1"},
                headers={"Origin": ORIGIN})  # fmt: skip
    rolls = evening.read(vs).state.rolls
    assert [r.who for r in rolls] == ["Запад", "Вика"]
    assert client.get("/evening.json").json()["last"] == 2


def test_the_addresses_stay_the_same_across_a_restart(vs: Path) -> None:
    first, _ = serving(vs)
    again, _ = serving(vs)
    assert first.token == again.token
    assert first.evening is not None and again.evening is not None
    assert first.evening.players == again.evening.players
    master = first.token
    assert set(first.evening.players) == {player_token(master, p) for p in ("Север", "Юг", "Запад")}
    assert master not in "".join(first.evening.players)


def test_the_master_undoes_the_newest_event_and_the_board_says_what_it_was(served: tuple[Table, TestClient],
                                                                           vs: Path) -> None:  # fmt: skip
    table, client = served
    board = client.get(f"/m/{table.token}/evening/").text
    post(client, form_of(board, "income"), player="Север")
    board = client.get(f"/m/{table.token}/evening/").text
    token = re.search(r'<form class="undo".*?name="t" value="([^"]+)"', board, re.S)
    newest = re.search(r'<form class="undo".*?name="newest" value="([^"]+)"', board, re.S)
    assert newest and newest.group(1) == "1"
    assert token
    undone = client.post(f"/m/{table.token}/evening/undo", data={"t": token.group(1), "newest": "1"},
                         headers={"Origin": ORIGIN}, follow_redirects=True)  # fmt: skip
    assert "Отменено событие №1" in text(undone.text)
    assert dict(evening.read(vs).state.part.cash)["Север"] == 50
    again = client.post(f"/m/{table.token}/evening/undo", data={"t": token.group(1), "newest": "1"},
                        headers={"Origin": ORIGIN}, follow_redirects=True)  # fmt: skip
    assert again.status_code == 400 and "уже не последнее" in text(again.text)  # the form resent undoes nothing
    assert [r.kind for r in evening.read(vs).rows] == ["income", "undo"]


def test_the_board_shows_each_players_address_with_its_code(served: tuple[Table, TestClient]) -> None:
    table, client = served
    board = client.get(f"/m/{table.token}/evening/?lang=en").text
    assert table.evening is not None
    for token in table.evening.players:
        assert f"/p/{token}/" in board
    assert board.count('src="data:image/svg+xml') == 3
    player_page = client.get(f"/p/{table.evening.token_of('Юг')}/").text
    assert "data:image/svg+xml" not in player_page and table.token not in player_page


def posting(board: str, origin: str, token: str, round_: int, stop: object, acknowledged: list[int]) -> None:
    """A phone recording a coin for Юг again and again from the master's board until `stop` is set
    or the server is gone: each event number a redirect names, acknowledged."""
    import httpx2

    with httpx2.Client(timeout=5) as http:
        k = 0
        while not stop.is_set():  # type: ignore[attr-defined]
            k += 1
            data = {"t": token, "once": f"{round_}-{k}", "player": "Юг", "coins": "1"}
            try:
                answer = http.post(board + "cash", data=data, headers={"Origin": origin})
            except httpx2.HTTPError:
                return
            found = re.search(r"done=(\d+)", answer.headers.get("location", ""))
            if answer.status_code == 303 and found:
                acknowledged.append(int(found.group(1)))


@pytest.mark.slow
def test_a_server_killed_while_phones_record_loses_no_acknowledged_event(vs: Path) -> None:
    """kill -9 of `serve --evening` at random moments while a phone records: every event a page
    acknowledged (its redirect names it) is in the file, the file opens, and nothing is doubled."""
    import os
    import random
    import signal
    import subprocess
    import sys
    import threading
    import time

    import httpx2

    from .webcases import _wait_for

    rng = random.Random(11)
    acknowledged: list[int] = []
    for round_ in range(5):
        command = [sys.executable, "-m", "printkit", "serve", "--evening", str(vs), "--port", "0"]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})  # fmt: skip
        assert server.stdout is not None
        base = re.search(r"http://\S+/", server.stdout.readline())
        master = re.search(r"http://\S+/evening/", server.stdout.readline())
        assert base and master
        _wait_for(base.group(0))
        token = re.search(r'name="t" value="([^"]+)"', httpx2.get(master.group(0)).text)
        assert token
        stop = threading.Event()
        worker = threading.Thread(target=posting, args=(master.group(0), base.group(0).rstrip("/"), token.group(1),
                                                        round_, stop, acknowledged))  # fmt: skip
        worker.start()
        time.sleep(0.3 + rng.random() * 0.7)
        server.send_signal(signal.SIGKILL)
        server.wait()
        stop.set()
        worker.join(timeout=10)
        opened = evening.read(vs)  # the file opens after every kill
        assert set(acknowledged) <= {r.n for r in opened.rows}
        assert dict(opened.state.part.cash)["Юг"] == 50 + len(opened.rows)  # nothing doubled
    assert len(acknowledged) > 5


@pytest.mark.rule("strategiya.secret.explored")
def test_what_an_explored_object_gave_shows_on_the_masters_board_alone(tmp_path: Path) -> None:
    """The secret sheets are the master's: what a lookup found is on his board, never on a player's
    page (its events, its message after a record) nor in the public JSON."""
    config = EXAMPLES / "strategiya-heroes.yaml"
    path = tmp_path / "s.sqlite"
    evening.start(config, path)
    table = Table(load(config, (), (), ()), evening=ServedEvening.of(path))
    secret = "сундук-с-изумрудами"
    with TestClient(make_app(table, [HOST]), raise_server_exceptions=False) as client:
        assert table.evening is not None
        anya = f"/p/{table.evening.token_of('Аня')}/"
        assert 'data-kind="explored"' not in client.get(anya).text  # a player may not record it
        board = client.get(f"/m/{table.token}/evening/").text
        done = post(client, form_of(board, "explored"), what="ресурсы лес 2", gave=secret)
        assert secret in text(done.text) and "ресурсы, лес, 2" in text(done.text)  # type: ignore[attr-defined]
        n = evening.read(path).state.last
        pages = [client.get(anya).text, client.get(f"{anya}?done={n}").text, client.get(f"{anya}?lang=en").text,
                 client.get("/evening.json").text, client.get("/log.json").text]  # fmt: skip
        for page in pages:
            assert secret not in page and "лес, 2" not in page and "forest, 2" not in page
        assert "ведущий отметил исследованный объект" in text(pages[0])
        forged = client.post(f"{anya}explored", data={"t": table.form_token, "what": "ресурсы лес 3", "gave": "x"},
                             headers={"Origin": ORIGIN}, follow_redirects=True)  # fmt: skip
        assert forged.status_code == 400 and len(evening.read(path).rows) == 1


@pytest.mark.rule("vs.battle.siege")
def test_the_board_and_the_phones_show_the_markers_counting_down(served: tuple[Table, TestClient], vs: Path) -> None:
    table, client = served
    assert table.evening is not None
    board = client.get(f"/m/{table.token}/evening/?lang=en").text
    post(client, form_of(board, "troops"), cell="H7", player="Север", troops="elves")
    post(client, form_of(board, "siege"), cell="H9", by="H7")
    north = client.get(f"/p/{table.evening.token_of('Север')}/?lang=en").text  # his turn: he marks his own
    post(client, form_of(north, "no-action"), cell="E2")
    for page in (client.get(f"/m/{table.token}/evening/?lang=en").text,
                 client.get(f"/p/{table.evening.token_of('Юг')}/?lang=en").text):  # fmt: skip
        shown = text(page)
        assert "Coming up:" in shown
        assert "the siege of H9 (Южный замок) by Elves (Север) ends: turn 4" in shown
        assert "E2: Knights (Север) may take its active action again: turn 4" in shown


def test_a_page_says_how_long_the_server_took_to_answer(served: tuple[Table, TestClient]) -> None:
    """bench/evening.py reports the server's own time beside the phones': each answer says it."""
    table, client = served
    for page in (client.get(f"/m/{table.token}/evening/"), client.get("/evening.json"), client.get("/nowhere")):
        found = re.fullmatch(r"app;dur=([0-9]+\.[0-9])", page.headers["server-timing"])
        assert found and 0 <= float(found.group(1)) < 60_000, page.headers.get("server-timing")


def test_a_long_evenings_board_lists_its_newest_events_in_force(served: tuple[Table, TestClient], vs: Path) -> None:
    """The board lists the newest events in force, newest first, and the newest rolls: an undone one
    left out, however long the journal."""
    from printkit.web.evening import SHOWN_EVENTS

    table, client = served
    for i in range(SHOWN_EVENTS + 5):
        evening.record(vs, "roll", {"notation": "d6", "who": f"r{i}"})
    evening.undo(vs)  # event SHOWN_EVENTS + 5 taken back
    board = client.get(f"/m/{table.token}/evening/?done=3").text
    listed = re.search(r'<ol class="events">(.*?)</ol>', board, re.S)
    rolls = re.search(r'<ol class="rolls">(.*?)</ol>', board, re.S)
    assert listed and rolls
    numbers = [int(n) for n in re.findall(r"№(\d+)", listed.group(1))]
    assert numbers == list(range(SHOWN_EVENTS + 4, 4, -1))  # a naive count: 24 down to 5
    whos = re.findall(r'<span class="who">([^<]+)</span>', rolls.group(1))
    assert whos == [f"r{i}" for i in range(SHOWN_EVENTS + 3, 3, -1)]
    assert "№3" in text(board)  # the event a page was sent back to is found however old


def test_every_form_drawn_has_a_once_token_of_its_own(served: tuple[Table, TestClient]) -> None:
    """The forms are drawn once and used again, but no two forms, on one page or two, share the
    token that makes a resent form record once."""
    table, client = served
    player = f"/p/{player_token(table.token, 'Юг')}/"
    pages = [client.get(page).text for page in (f"/m/{table.token}/evening/", f"/m/{table.token}/evening/", player,
                                                player, f"{player}?lang=en")]  # fmt: skip
    tokens = [t for page in pages for t in re.findall(r'name="once" value="([^"]*)"', page)]
    forms = sum(len(re.findall(r'<form class="ask"', page)) for page in pages)
    assert len(tokens) == forms >= 5 * 3
    assert len(set(tokens)) == len(tokens) and all(re.fullmatch(r"[A-Za-z0-9_-]{16}", t) for t in tokens)
    assert "@@" not in "".join(pages)


def test_an_evening_of_the_older_schema_is_brought_forward_when_served(vs: Path) -> None:
    """A table records into its evening: serving a file of schema 1 migrates it once, at the start."""
    import sqlite3

    from printkit.evening import store

    evening.record(vs, "roll", {"notation": "d6"})
    with sqlite3.connect(vs) as db:  # as printkit of schema 1 wrote it
        db.execute("DROP TABLE snapshot")
        db.execute("PRAGMA user_version = 1")
    table, client = serving(vs)
    with client:
        assert client.get(f"/m/{table.token}/evening/").status_code == 200
    table.evening.close()  # type: ignore[union-attr]
    with sqlite3.connect(vs) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == store.VERSION
    assert [r.kind for r in evening.read(vs).rows] == ["roll"]


def test_a_page_groups_each_heros_lines_under_him_and_each_rulers_under_the_year(tmp_path: Path, vs: Path) -> None:
    """The terminal indents a player, his heroes and what each hero has; a page listed all those lines
    alike, a hero's skills and things as far from him as the next hero. Each line now carries its
    depth, and the lines a hero's own follow him one level deeper; a VS treasury's rulers one level
    under the year."""
    config = EXAMPLES / "strategiya-heroes.yaml"
    path = tmp_path / "s.sqlite"
    evening.start(config, path)
    shown = run("evening", "show", str(path), "--lang", "en").output.splitlines()
    table = Table(load(config, (), (), ()), evening=ServedEvening.of(path))
    with TestClient(make_app(table, [HOST]), raise_server_exceptions=False) as client:
        page = client.get(f"/m/{table.token}/evening/?lang=en").text
    listed = re.search(r'<ul class="state">(.*?)</ul>', page, re.S)
    assert listed is not None
    items = [(int(d), html.unescape(t)) for d, t in re.findall(r'<li class="d(\d)">(.*?)</li>', listed.group(1))]
    # the terminal's lines, each with the depth of its indent among the indents used: 0, 4 and 6 spaces
    # (up to what counts down: the terminal wraps those long lines at 80 columns, a page does not)
    heroes = shown[: shown.index("Coming up:")]
    indents = sorted({len(line) - len(line.lstrip()) for line in heroes})
    expected = [(indents.index(len(line) - len(line.lstrip())), line.strip()) for line in heroes]
    assert items[: len(expected)] == expected and items[len(expected)] == (0, "Coming up:")
    grom = next(i for i, (_, t) in enumerate(items) if t.startswith("Гром:"))
    assert items[grom][0] == 1 and items[grom + 1][0] == 2 and items[grom + 1][1].startswith("strength 9")
    with TestClient(make_app(serving(vs)[0], [HOST]), raise_server_exceptions=False) as client:
        board = client.get(f"/m/{serving(vs)[0].token}/evening/?lang=en").text
    rulers = re.findall(r'<li class="d(\d)">([^<]*?): 50 coins', board)
    assert [d for d, _ in rulers] == ["1", "1", "1"], rulers


def test_the_masters_questions_lead_back_to_the_board(served: tuple[Table, TestClient]) -> None:
    """The master's pages of a served evening link its board from every page (the questions list had
    none: the master went back by the browser's button); a player's pages link no master's page."""
    table, client = served
    board = f"/m/{table.token}/evening/"
    for page in (f"/m/{table.token}/", f"/m/{table.token}/log"):
        assert f'href="{board}?lang=' in client.get(page).text or f'href="{board}"' in client.get(page).text, page
    assert table.evening is not None
    player = client.get(f"/p/{table.evening.token_of('Юг')}/").text
    assert f"/m/{table.token}" not in player


def test_forms_queued_behind_a_file_held_elsewhere_are_refused_together(vs: Path, monkeypatch: pytest.MonkeyPatch
                                                                        ) -> None:  # fmt: skip
    """Forms wait their turn on the evening's own thread; while another program holds the file, the
    first waits as long as a writer waits and those queued behind it are refused then, without each
    waiting that long again in turn."""
    import asyncio
    import sqlite3
    from functools import partial

    import printkit.web.evening as served_evening
    from printkit.evening import recording, store

    monkeypatch.setattr(store, "BUSY_MS", 300)
    monkeypatch.setattr(served_evening, "BUSY_MS", 300)
    tried: list[int] = []
    begin = recording._in_transaction
    monkeypatch.setattr(recording, "_in_transaction", lambda db: (tried.append(1), begin(db))[1])
    table = ServedEvening.of(vs)
    other = sqlite3.connect(vs, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program writing, and holding on
    try:

        async def six() -> list[str]:
            async def one() -> str:
                try:
                    await table.write(partial(evening.record, vs, "cash", {"player": "Юг", "coins": 1}))
                except evening.EveningRefused as exc:
                    return exc.key
                return "recorded"

            return await asyncio.gather(*(one() for _ in range(6)))

        assert asyncio.run(six()) == ["ev_busy"] * 6
        assert len(tried) <= 2  # the first, perhaps the second: never each in turn
    finally:
        other.execute("ROLLBACK")
        other.close()
        table.close()
    assert evening.record(vs, "cash", {"player": "Юг", "coins": 1}).n == 1
