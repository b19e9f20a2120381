"""The evening file: made whole or not at all, read without change, refused when foreign, damaged or
newer, migrated forward, its journal folded to the same state live and replayed, undone and resent."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from printkit import evening
from printkit.evening import EveningRefused, recording, snapshot, store
from printkit.evening.recording import MASTER
from printkit.evening.state import fold

from .conftest import EXAMPLES, run

VS = EXAMPLES / "vs-2025.yaml"
HEROES = EXAMPLES / "strategiya-heroes.yaml"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def vs(tmp_path: Path) -> Path:
    path = tmp_path / "vs.sqlite"
    evening.start(VS, path)
    return path


# ---- the file ------------------------------------------------------------------------------------


def test_a_new_evening_is_the_owners_alone_and_leaves_no_draft(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(VS, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    with pytest.raises(EveningRefused) as refused:
        evening.start(VS, path)
    assert "exists" in str(refused.value)
    assert evening.read(path).state.players == ("Север", "Юг", "Запад")


def test_a_config_that_fails_writes_no_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: vs-2025\nplayers: 3\n", encoding="utf-8")
    result = run("evening", "start", str(bad), "--file", str(tmp_path / "e.sqlite"))
    assert result.exit_code == 3
    assert "bad.yaml" in result.output + result.stderr
    assert not (tmp_path / "e.sqlite").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


def test_reading_an_evening_never_changes_it(vs: Path) -> None:
    evening.record(vs, "roll", {"notation": "2d6"})
    with sqlite3.connect(vs) as db:  # every change checkpointed into the file, as a reader finds it
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = digest(vs)
    for args in (["show", str(vs)], ["show", str(vs), "--json"], ["export", str(vs)]):
        assert run("evening", *args).exit_code == 0
    evening.read(vs)
    assert digest(vs) == before


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.write_text("game: vs-2025\n", encoding="utf-8"), "not a printkit evening"),
        (lambda p: sqlite3.connect(p).execute("CREATE TABLE t (x)").connection.commit(), "not a printkit evening"),
        (lambda p: p.write_bytes(b""), "not a printkit evening"),
    ],
    ids=["text", "another-database", "empty"],
)
def test_a_file_that_is_no_evening_is_refused_and_left_alone(tmp_path: Path, make: object, words: str) -> None:
    path = tmp_path / "other.sqlite"
    make(path)  # type: ignore[operator]
    before = digest(path)
    for args in (["show", str(path)], ["record", "next", str(path)], ["undo", str(path)]):
        result = run("evening", "--lang", "en", *args)
        assert result.exit_code == 3, result.output
        said = " ".join((result.output + result.stderr).split())  # words, not line breaks
        assert "Traceback" not in said and str(path) in "".join(said.split())  # a long name may wrap
        assert words in said
    assert digest(path) == before


def test_a_damaged_evening_is_refused_and_left_alone(vs: Path) -> None:
    for i in range(30):
        evening.record(vs, "roll", {"notation": "3d6", "who": f"p{i}"})
    with sqlite3.connect(vs) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(vs.read_bytes())
    page = 4096
    for n in range(2, len(data) // page):  # every page of the journal, its header overwritten
        data[n * page : n * page + 64] = random.Random(n).randbytes(64)
    vs.write_bytes(bytes(data))
    before = digest(vs)
    result = run("evening", "show", str(vs), "--lang", "en")
    assert result.exit_code == 3
    assert "damaged" in " ".join(result.output.split())
    assert "Traceback" not in result.output + result.stderr
    assert digest(vs) == before


def test_a_newer_evening_is_refused_and_left_alone(vs: Path) -> None:
    with sqlite3.connect(vs) as db:
        db.execute(f"PRAGMA user_version = {store.VERSION + 1}")
    before = digest(vs)
    result = run("evening", "record", "next", str(vs), "--lang", "en")
    assert result.exit_code == 3
    assert "newer printkit" in " ".join(result.output.split())
    assert digest(vs) == before


def test_an_older_evening_is_read_as_is_and_migrated_when_written(vs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file written at this version opened by the next one: reading migrates a copy in memory,
    the file keeps its version until an event is recorded, and then it is migrated in one step."""
    evening.record(vs, "roll", {"notation": "d6"})

    def add_note_column(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE events ADD COLUMN note TEXT")

    monkeypatch.setattr(store, "VERSION", store.VERSION + 1)
    monkeypatch.setitem(store.MIGRATIONS, store.VERSION - 1, add_note_column)
    with sqlite3.connect(vs) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = digest(vs)
    assert len(evening.read(vs).state.rolls) == 1
    assert digest(vs) == before
    evening.record(vs, "next", {})
    with sqlite3.connect(vs) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == store.VERSION
        assert "note" in [r[1] for r in db.execute("PRAGMA table_info(events)")]
    assert evening.read(vs).state.turn == 2


# ---- the journal ---------------------------------------------------------------------------------


def _random_event(rng: random.Random, players: tuple[str, ...]) -> tuple[str, dict[str, object]]:
    kind = rng.choice(["roll", "next", "cash", "cash", "income", "undo"])
    if kind == "roll":
        return kind, {"notation": rng.choice(["d6", "2d6+1", "4d6kh3"]), "who": rng.choice(players)}
    if kind == "cash":
        return kind, {"player": rng.choice(players), "coins": rng.randint(-20, 40)}
    if kind == "income":
        return kind, {"player": rng.choice(players)}
    return kind, {}


@pytest.mark.parametrize("seed", range(3))
def test_the_state_replayed_from_the_journal_is_the_state_that_was_live(vs: Path, seed: int) -> None:
    rng = random.Random(seed)
    live = evening.read(vs).state
    players = live.players
    for _ in range(60):
        kind, values = _random_event(rng, players)
        try:
            live = evening.undo(vs).state if kind == "undo" else evening.record(vs, kind, values).state
        except EveningRefused:
            continue  # nothing to undo
        except Exception as exc:  # a rule that says no (paid twice, short of coins) records nothing
            assert getattr(exc, "key", "").startswith(("vev_", "ev_")), exc
            continue
        recording._KNOWN.clear()  # folded from the file's journal, not from what this process kept
        replayed = evening.read(vs).state
        assert replayed == live
    assert live.last >= 30


def _folded_whole(path: Path) -> evening.State:
    """The evening's state folded from its whole journal by this test, from the start (no state kept)."""
    opened = evening.read(path)
    start = recording._start_state(opened.meta, opened.session, opened.table)
    return fold(start, ((r.n, r.kind, r.effect, r.undoes) for r in opened.rows), opened.kinds)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_the_state_kept_in_the_file_is_its_journal_replayed(vs: Path, seed: int,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Kept every 3 events here: the state the file keeps is its journal up to it replayed; an
    evening opened afresh (from the state kept and the events after it) is the whole journal
    replayed and the state that was live, undos reaching back before the state kept included."""
    monkeypatch.setattr(snapshot, "EVERY", 3)
    rng = random.Random(seed)
    # the map as it stands kept too: a building taken, troops placed
    evening.record(vs, "capture", {"cell": "I3", "player": "Юг"})
    live = evening.record(vs, "troops", {"cell": "E3", "player": "Север", "troops": "knights zombie:2"}).state
    used = 0
    for _ in range(60):
        kind, values = _random_event(rng, live.players)
        if rng.random() < 0.15:
            kind, values = "undo", {}
        try:
            live = evening.undo(vs).state if kind == "undo" else evening.record(vs, kind, values).state
        except EveningRefused:
            continue
        except Exception as exc:
            assert getattr(exc, "key", "").startswith(("vev_", "ev_")), exc
            continue
        with store.reading(vs) as db:
            kept = store.kept(db)
        assert kept is not None
        opened = evening.read(vs)
        start = recording._start_state(opened.meta, opened.session, opened.table)
        upto = [(r.n, r.kind, r.effect, r.undoes) for r in opened.rows if r.n <= kept[0]]
        assert snapshot.unkeep(kept[2], start, opened.table) == fold(start, upto, opened.kinds)
        recording._KNOWN.clear()
        afresh = evening.read(vs).state
        assert afresh == _folded_whole(vs) == live
        used += recording._from_kept(kept, start, opened.table, opened.rows) is not None
    assert live.last >= 30 and used >= 10


def test_an_evening_written_by_version_1_opens_and_keeps_its_state_once_written(vs: Path) -> None:
    """A file of version 1 (no state kept): read as it is, unchanged; its first event recorded brings
    it to version 2 and keeps the state, which opening it afresh then starts from."""
    for coins in (5, -3, 7):
        evening.record(vs, "cash", {"player": "Юг", "coins": coins})
    with sqlite3.connect(vs) as db:  # as printkit of version 1 wrote it: the journal alone
        db.execute("DROP TABLE snapshot")
        db.execute("PRAGMA user_version = 1")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    recording._KNOWN.clear()
    before = digest(vs)
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 59
    assert digest(vs) == before
    evening.record(vs, "roll", {"notation": "d6"})
    with sqlite3.connect(vs) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == store.VERSION == 2
        assert db.execute("SELECT last FROM snapshot").fetchall() == [(4,)]
    recording._KNOWN.clear()
    assert evening.read(vs).state == _folded_whole(vs)
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 59


def test_a_state_kept_by_other_code_is_not_believed(vs: Path) -> None:
    """A state kept by another printkit (its fingerprint another) is passed over: the journal is folded."""
    evening.record(vs, "cash", {"player": "Юг", "coins": 5})
    with store.writing(vs) as db:
        db.execute("BEGIN IMMEDIATE")
        text = db.execute("SELECT state FROM snapshot").fetchone()[0]
        assert '"Юг", 55' in text
        store.keep(db, 1, "another printkit", text.replace('"Юг", 55', '"Юг", 999'))
        db.execute("COMMIT")
    recording._KNOWN.clear()
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 55


def test_undo_takes_back_the_newest_event_and_says_what_it_did(vs: Path) -> None:
    first = evening.read(vs).state
    evening.record(vs, "income", {"player": "Север"})
    paid = evening.read(vs).state
    evening.record(vs, "next", {})
    taken = evening.undo(vs)
    assert taken.undone == 2
    assert "ход 2" in taken.lines("ru")[0].text  # type: ignore[union-attr]
    assert taken.state.turn == 1 and taken.state.part == paid.part
    evening.undo(vs)
    assert evening.read(vs).state.part == first.part
    with pytest.raises(EveningRefused, match="nothing to undo"):
        evening.undo(vs)
    kinds = [r.kind for r in evening.read(vs).rows]
    assert kinds == ["income", "next", "undo", "undo"]  # the journal only grows


def test_a_form_sent_twice_records_once(vs: Path) -> None:
    one = evening.record(vs, "cash", {"player": "Юг", "coins": -10}, who="Юг", device="web", once="tap-1")
    two = evening.record(vs, "cash", {"player": "Юг", "coins": -10}, who="Юг", device="web", once="tap-1")
    assert (one.n, one.again, two.n, two.again) == (1, False, 1, True)
    state = evening.read(vs).state
    assert dict(state.part.cash)["Юг"] == 40
    assert [r.who for r in evening.read(vs).rows] == ["Юг"]


def test_a_refused_event_records_nothing(vs: Path) -> None:
    with pytest.raises(Exception, match="holds 50"):
        evening.record(vs, "cash", {"player": "Юг", "coins": -51})
    with pytest.raises(Exception, match=r"No event 'teleport'"):
        evening.record(vs, "teleport", {})
    assert evening.read(vs).rows == ()


def test_export_and_import_give_the_same_evening(vs: Path, tmp_path: Path) -> None:
    evening.record(vs, "income", {"player": "Север"})
    evening.record(vs, "roll", {"notation": "2d6", "who": "Юг"})
    evening.record(vs, "next", {})
    evening.undo(vs)
    out = tmp_path / "journal.json"
    assert run("evening", "export", str(vs), "--out", str(out)).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert "master" not in data["evening"]  # the master's address stays in the evening
    copy = tmp_path / "copy.sqlite"
    assert run("evening", "import", str(out), "--file", str(copy)).exit_code == 0
    assert evening.read(copy).state == evening.read(vs).state
    assert store.meta(sqlite3.connect(copy))["master"] != store.meta(sqlite3.connect(vs))["master"]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d["events"][0].update(kind="teleport"),
        lambda d: d["events"][1].update(effect={"player": "Никто", "cash_after": 3}),
        lambda d: d["events"][3].update(undoes=9),
        lambda d: d["events"][0].update(n="1"),
        lambda d: d.update(format="something else"),
        lambda d: d["evening"].update(config_name="../../x.yaml"),
    ],
    ids=["unknown-kind", "effect-for-nobody", "undoes-later", "n-as-text", "format", "config-path"],
)
def test_a_spoilt_journal_imports_nothing(vs: Path, tmp_path: Path, spoil: object) -> None:
    evening.record(vs, "income", {"player": "Север"})
    evening.record(vs, "cash", {"player": "Юг", "coins": 5})
    evening.record(vs, "next", {})
    evening.undo(vs)
    data = evening.export(vs)
    spoil(data)  # type: ignore[operator]
    source = tmp_path / "journal.json"
    source.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    copy = tmp_path / "copy.sqlite"
    result = run("evening", "import", str(source), "--file", str(copy), "--lang", "en")
    assert result.exit_code == 3, result.output
    assert "Traceback" not in result.output + result.stderr
    assert not copy.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == []


# ---- faults for real: writers at once, kill -9 ---------------------------------------------------

WRITER = r"""
import sys
from pathlib import Path
from printkit import evening
path, who, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
for i in range(count):
    done = evening.record(path, "cash", {"player": "Юг", "coins": 1, "why": f"{who}-{i}"}, once=f"{who}-{i}")
    print(done.n, flush=True)
"""


@pytest.mark.slow
def test_two_writers_at_once_lose_nothing_and_double_nothing(vs: Path) -> None:
    count = 40
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(vs), who, str(count)], stdout=subprocess.PIPE,
                              text=True) for who in ("a", "b")]  # fmt: skip
    told = [int(n) for p in procs for n in p.communicate(timeout=120)[0].split()]
    assert all(p.returncode == 0 for p in procs)
    rows = evening.read(vs).rows
    assert sorted(told) == [r.n for r in rows] == list(range(1, 2 * count + 1))
    assert sorted(r.effect["why"] for r in rows) == sorted(f"{w}-{i}" for w in "ab" for i in range(count))
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 50 + 2 * count


def open_on(path: Path) -> int:
    """How many of this process's file descriptors are open on the file at path (Linux's /proc)."""
    found = 0
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):
            found += Path(os.readlink(fd)) == path.resolve()
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through Linux's /proc")
def test_only_a_held_evening_keeps_connections_open_and_letting_it_go_closes_them(vs: Path) -> None:
    """A command or a script opens the file for each use and closes it; a server holds it and keeps
    a few connections between pages, however many pages it draws, until it lets the evening go."""
    evening.record(vs, "roll", {"notation": "d6", "who": "a"})
    evening.read(vs)
    assert open_on(vs) == 0
    holder = store.held(vs)
    for i in range(30):
        evening.record(vs, "roll", {"notation": "d6", "who": f"p{i}"})
        evening.read(vs)
    kept = open_on(vs)
    assert 2 <= kept <= 2 + store.KEPT_EACH  # the holder, a writer, the readers kept
    for i in range(30):
        evening.record(vs, "roll", {"notation": "d6", "who": f"q{i}"})
        evening.read(vs)
    assert open_on(vs) == kept
    holder.close()
    assert open_on(vs) == 0
    assert len(evening.read(vs).rows) == 61


def test_a_held_evening_restored_in_place_is_read_and_written_afresh(vs: Path, tmp_path: Path) -> None:
    """A kept connection keeps the pages it read; a copy written over the file (the log folded into
    it first, so nothing SQLite watches changes) is read as the copy, and the next event follows the
    copy's journal, its once-tokens' index whole."""
    holder = store.held(vs)
    try:
        with sqlite3.connect(vs) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        copy = tmp_path / "copy.sqlite"
        copy.write_bytes(vs.read_bytes())
        for i in range(40):
            evening.record(vs, "cash", {"player": "Юг", "coins": 1}, once=f"t{i}")
        with sqlite3.connect(vs) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert len(evening.read(vs).rows) == 40
        with open(vs, "r+b") as file:  # restored in place: the same inode
            file.write(copy.read_bytes())
            file.truncate()
        assert evening.read(vs).rows == ()
        assert evening.record(vs, "cash", {"player": "Юг", "coins": 1}, once="t0").n == 1  # no older token
    finally:
        holder.close()
    with sqlite3.connect(vs) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("SELECT count(*), max(n) FROM events").fetchone() == (1, 1)


def test_a_held_evening_asked_by_another_name_keeps_one_log(vs: Path) -> None:
    """Two names of one file (a hard link): connections are opened by the name it is held by, so an
    event recorded by the other name is read by either."""
    other = vs.with_name("same.sqlite")
    other.hardlink_to(vs)
    holder = store.held(vs)
    try:
        n = evening.record(other, "cash", {"player": "Юг", "coins": 1}).n
        assert [r.n for r in evening.read(vs).rows] == [n] == [r.n for r in evening.read(other).rows]
    finally:
        holder.close()
    assert [r.n for r in evening.read(vs).rows] == [n]


def test_a_refused_event_keeps_the_held_evenings_connection(vs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule's refusal leaves the connection whole: it is used again, not opened anew."""
    holder = store.held(vs)
    opened: list[str] = []
    connected = store._connected
    monkeypatch.setattr(store, "_connected", lambda path, mode: (opened.append(mode), connected(path, mode))[1])
    try:
        evening.record(vs, "cash", {"player": "Юг", "coins": 1})
        before = len(opened)
        for _ in range(5):
            with pytest.raises(EveningRefused, match="master"):
                evening.record(vs, "cash", {"player": "Север", "coins": 1}, who="Юг")
            evening.record(vs, "cash", {"player": "Юг", "coins": 1})
        assert len(opened) == before
    finally:
        holder.close()


def test_an_evening_deleted_in_a_process_that_used_it_leaves_its_name_free(vs: Path) -> None:
    """Nothing this process kept open holds SQLite's log beside a deleted evening's name."""
    evening.record(vs, "roll", {"notation": "d6", "who": "a"})
    evening.read(vs)
    vs.unlink()
    evening.start(HEROES, vs)
    assert evening.read(vs).state.family == "strategiya" and evening.read(vs).rows == ()


def test_writers_of_one_process_wait_their_turn_in_order(vs: Path) -> None:
    """A server's threads record one at a time, in the order they came (in the process, not in
    SQLite's sleeps); a second name for the same file waits in the same queue."""
    other = vs.with_name("same.sqlite")
    other.hardlink_to(vs)
    done: list[tuple[str, int]] = []
    turns = store._writer(store.identity(vs))
    writers = []
    with store.writing(vs):
        for i, path in enumerate((other, vs, other, vs)):
            who = f"w{i}"
            writers.append(threading.Thread(target=lambda p=path, w=who: done.append(
                (w, evening.record(p, "roll", {"notation": "d6", "who": w}).n))))  # fmt: skip
            writers[-1].start()
            deadline = time.monotonic() + 30
            while len(turns._waiting) < i + 1 and time.monotonic() < deadline:  # this one queued behind
                time.sleep(0.01)
        time.sleep(0.2)
        assert not done  # all waiting for this writer, nothing recorded yet
    for writer in writers:
        writer.join(30)
    assert sorted(done, key=lambda d: d[1]) == [("w0", 1), ("w1", 2), ("w2", 3), ("w3", 4)]
    assert [r.effect["who"] for r in evening.read(vs).rows] == ["w0", "w1", "w2", "w3"]


@pytest.mark.slow
def test_a_writer_killed_at_any_moment_loses_no_acknowledged_event(vs: Path) -> None:
    rng = random.Random(7)
    acknowledged: list[int] = []
    for round_ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(vs), f"k{round_}", "1000"],
                                stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert proc.stdout is not None
        wanted = rng.randint(1, 25)
        for _ in range(wanted):
            line = proc.stdout.readline()
            if not line:
                break
            acknowledged.append(int(line))
        time.sleep(rng.random() * 0.05)
        proc.kill()  # SIGKILL: no handler, no clean-up
        proc.wait()
        acknowledged += [int(n) for n in proc.stdout.read().split()]
        opened = evening.read(vs)  # the file opens, its quick_check passes
        held = {r.n for r in opened.rows}
        assert set(acknowledged) <= held
        assert dict(opened.state.part.cash)["Юг"] == 50 + len(opened.rows)


def test_the_master_records_from_the_command_line(vs: Path) -> None:
    evening.record(vs, "next", {})
    assert [r.who for r in evening.read(vs).rows] == [MASTER]
    assert [r.device for r in evening.read(vs).rows] == ["cli"]


# ---- what an outside review found ----------------------------------------------------------------


def test_a_deleted_evenings_leftovers_beside_the_name_are_never_taken_in(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    (tmp_path / "e.sqlite-wal").write_bytes(b"left by an evening deleted while a writer was killed")
    result = run("evening", "start", str(VS), "--file", str(path), "--lang", "en")
    assert result.exit_code == 4 and "e.sqlite-wal" in "".join(result.output.split())
    assert not path.exists()


def test_a_deleted_evening_that_was_only_read_leaves_its_name_free(tmp_path: Path) -> None:
    """A reader cannot remove SQLite's empty log and index beside the file; once the evening is
    deleted they hold nothing to replay, and a new evening of the same name is made."""
    path = tmp_path / "e.sqlite"
    assert run("evening", "start", str(VS), "--file", str(path)).exit_code == 0
    assert run("evening", "show", str(path)).exit_code == 0
    assert (tmp_path / "e.sqlite-wal").stat().st_size == 0
    path.unlink()
    assert run("evening", "start", str(VS), "--file", str(path)).exit_code == 0
    assert evening.read(path).rows == ()


def test_a_file_marked_as_ours_at_version_0_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA application_id = {store.APPLICATION_ID}")
    before = digest(path)
    result = run("evening", "show", str(path), "--lang", "en")
    assert result.exit_code == 3 and "damaged" in " ".join(result.output.split())
    assert digest(path) == before


def test_a_file_restored_in_place_is_folded_afresh(vs: Path, tmp_path: Path) -> None:
    """A long-lived process (a server) that read the file keeps no state the file no longer holds."""
    evening.record(vs, "cash", {"player": "Юг", "coins": -10})
    with sqlite3.connect(vs) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(vs.read_bytes())
    for _ in range(2):
        evening.record(vs, "cash", {"player": "Юг", "coins": -10})
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 20
    with sqlite3.connect(copy) as source, sqlite3.connect(vs) as target:
        source.backup(target)  # the copy restored over the file, in place (same inode)
    assert dict(evening.read(vs).state.part.cash)["Юг"] == 40
    evening.record(vs, "cash", {"player": "Юг", "coins": -10})
    assert [r.effect["cash_after"] for r in evening.read(vs).rows] == [40, 30]


@pytest.mark.parametrize("names", [("Север", "север"), ("Гром", "Гром")], ids=["players", "heroes"])
def test_names_an_evening_tells_apart_only_by_case_are_refused(tmp_path: Path, names: tuple[str, str]) -> None:
    config = tmp_path / "c.yaml"
    if names[0] == "Север":
        config.write_text(f"game: vs-2025\nplayers:\n  - name: {names[0]}\n  - name: {names[1]}\n", encoding="utf-8")
    else:
        text = (f"game: strategiya\nplayers:\n  - name: Аня\n    heroes: [{{name: {names[0]}, strength: 3}}]\n"
                f"  - name: Борис\n    heroes: [{{name: {names[1]}, strength: 3}}]\n")  # fmt: skip
        config.write_text(text, encoding="utf-8")
    result = run("evening", "start", str(config), "--file", str(tmp_path / "e.sqlite"), "--lang", "en")
    assert result.exit_code == 3 and "given twice" in " ".join(result.output.split())
    assert not (tmp_path / "e.sqlite").exists()


@pytest.mark.parametrize("name", ["..", ".", "a/b.yaml", "x\x00y"])
def test_an_import_naming_a_file_outside_its_folder_imports_nothing(vs: Path, tmp_path: Path, name: str) -> None:
    data = evening.export(vs)
    data["evening"]["config_name"] = name
    source = tmp_path / "journal.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = run("evening", "import", str(source), "--file", str(tmp_path / "copy.sqlite"), "--lang", "en")
    assert result.exit_code == 3 and "Traceback" not in result.output
    assert not (tmp_path / "copy.sqlite").exists()


def test_a_config_whose_map_lies_in_a_folder_below_starts_an_evening(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "m.yaml").write_bytes((EXAMPLES / "map.yaml").read_bytes())
    config = tmp_path / "c.yaml"
    config.write_text(HEROES.read_text(encoding="utf-8") + "map: maps/m.yaml\n", encoding="utf-8")
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    (tmp_path / "maps" / "m.yaml").unlink()
    assert evening.read(path).session.game_map is not None
