"""The evening file: one SQLite database holding the config it started from and the journal of events."""

# One file per evening, through Python's sqlite3: WAL, so that phones reading never wait for the
# one writing; one transaction per event, taken with BEGIN IMMEDIATE so that two writers queue
# instead of both reading the same state and both recording on it; synchronous=FULL, so an event
# the caller was told is recorded survives a power cut as well as a kill. A file is recognised by
# its application_id; its schema's version is PRAGMA user_version, and an older file is migrated
# forward in one transaction when opened to write, or in a copy in memory when only read, so that
# reading never changes a file.

from __future__ import annotations

import collections
import json
import os
import sqlite3
import threading
import urllib.parse
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import EXIT_CONFIG, EXIT_OUTPUT
from ..labels import Refused

# "PKEV": what marks a database as a printkit evening (a file of another program has another, or 0).
APPLICATION_ID = 0x504B4556
# 1: the evening and its journal; 2: the state kept after the journal's first events (snapshot).
VERSION = 2
# How long a writer waits for another one to finish its event before it says the file is busy.
BUSY_MS = 10_000
# The largest evening file opened: a season of evenings of ten thousand events each stays far below.
MOST_BYTES = 512 * 1024 * 1024

_SCHEMA_1 = """
CREATE TABLE evening (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE events (
    n       INTEGER PRIMARY KEY,
    kind    TEXT NOT NULL,
    who     TEXT NOT NULL,
    device  TEXT NOT NULL,
    at      TEXT NOT NULL,
    inputs  TEXT NOT NULL,
    effect  TEXT NOT NULL,
    once    TEXT UNIQUE,
    undoes  INTEGER REFERENCES events(n)
);
"""


def _kept_table(db: sqlite3.Connection) -> None:
    """Version 2: the state after the journal's first `last` events, as the code named by `code`
    folded it (printkit.evening.snapshot); a file holds one at most."""
    db.execute("CREATE TABLE snapshot (last INTEGER PRIMARY KEY, code TEXT NOT NULL, state TEXT NOT NULL)")


# What turns a file of version v into one of version v + 1, by v: each runs inside the transaction
# that also sets the new user_version, so a migration is whole or not at all.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _kept_table}


class EveningRefused(Refused):
    """An evening file that cannot be used as asked: said in the asker's language, exit 3 like any
    file with problems (4 where the file cannot be written)."""

    exit_code = EXIT_CONFIG


class EveningUnwritable(EveningRefused):
    """The evening cannot be written where asked."""

    exit_code = EXIT_OUTPUT


@dataclass(frozen=True)
class Row:
    """One event as the journal holds it."""

    n: int
    kind: str
    who: str
    device: str
    at: str
    inputs: Mapping[str, Any]
    effect: Mapping[str, Any]
    once: str | None = None
    undoes: int | None = None

    def json(self) -> dict[str, Any]:
        return {"n": self.n, "kind": self.kind, "who": self.who, "device": self.device, "at": self.at,
                "inputs": dict(self.inputs), "effect": dict(self.effect), "once": self.once,
                "undoes": self.undoes}  # fmt: skip


def now() -> str:
    """The time an event is recorded: UTC, to the second, as ISO 8601."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def create(path: Path, meta: Mapping[str, str], journal: Sequence[Row] = (),
           state: tuple[int, str, str] | None = None) -> None:  # fmt: skip
    """A new evening file at path holding `meta` (the game, the config it starts from) and a journal
    to begin with (an import's), with the state it folds to (`state`, as kept): written beside it under
    another name, then linked into place, so a file appears whole or not at all and an existing one
    is never replaced. Owner-only permissions: it holds the master's secrets."""
    if path.exists() or path.is_symlink():
        raise EveningUnwritable("ev_exists", file=str(path))
    # SQLite's files beside it (a deleted evening's journal of changes not yet folded in) would be
    # taken for the new file's own and replayed onto it. An empty write-ahead log holds nothing to
    # replay: a deleted evening that was only read leaves one (a reader cannot remove it), and it
    # goes, with its index, rather than keep the name from a new evening.
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    if wal.is_file() and not wal.is_symlink() and wal.stat().st_size == 0 and not shm.is_symlink():
        wal.unlink()
        shm.unlink(missing_ok=True)
    for beside in (f"{path}-wal", f"{path}-shm", f"{path}-journal"):
        if Path(beside).exists() or Path(beside).is_symlink():
            raise EveningUnwritable("ev_leftover", file=str(path), other=beside)
    folder = path.parent
    if not folder.is_dir():
        raise EveningUnwritable("ev_no_folder", folder=str(folder))
    draft = folder / f".{path.name}.{uuid.uuid4().hex[:8]}.draft"
    try:
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise EveningUnwritable("ev_cannot_write", file=str(path), why=exc.strerror or str(exc)) from None
    os.close(fd)
    try:
        with closing(sqlite3.connect(draft, isolation_level=None)) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA_1.split(";"):
                if statement.strip():
                    db.execute(statement)
            for version in range(1, VERSION):
                MIGRATIONS[version](db)
            db.executemany("INSERT INTO evening (key, value) VALUES (?, ?)", sorted(meta.items()))
            for row in journal:
                append(db, row)
            if state is not None:
                keep(db, *state)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {VERSION}")
            db.execute("COMMIT")
        os.link(draft, path)
    except FileExistsError:
        raise EveningUnwritable("ev_exists", file=str(path)) from None
    except (OSError, sqlite3.Error) as exc:
        raise EveningUnwritable("ev_cannot_write", file=str(path), why=str(exc)) from None
    finally:
        for leftover in (draft, Path(f"{draft}-wal"), Path(f"{draft}-shm")):
            leftover.unlink(missing_ok=True)


def _uri(path: Path, mode: str) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?mode={mode}"


def _checked(db: sqlite3.Connection, path: Path, check: bool) -> int:
    """The file's schema version, after making sure it is an evening printkit can read (and, with
    `check`, that SQLite finds its pages whole: a file checked once by a process is not again)."""
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if app != APPLICATION_ID:
            raise EveningRefused("ev_not_evening", file=str(path))
        if version < 1:  # our mark on a file no printkit finished writing
            raise EveningRefused("ev_damaged", file=str(path), why=f"schema version {version}")
        if version > VERSION:
            raise EveningRefused("ev_newer", file=str(path), version=version, known=VERSION)
        problems = [r[0] for r in db.execute("PRAGMA quick_check").fetchall()] if check else ["ok"]
    except sqlite3.DatabaseError as exc:
        # SQLITE_NOTADB: no SQLite database at all (a config, a picture); anything else is damage
        key = "ev_not_evening" if "not a database" in str(exc) else "ev_damaged"
        raise EveningRefused(key, file=str(path), why=str(exc)) from None
    if problems != ["ok"]:
        raise EveningRefused("ev_damaged", file=str(path), why=problems[0])
    return int(version)


def _migrated(db: sqlite3.Connection, version: int) -> None:
    """The file brought to VERSION, one step a transaction, each step with its version."""
    for v in range(version, VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] == v:  # another writer may have done it
                MIGRATIONS[v](db)
                db.execute(f"PRAGMA user_version = {v + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


def _exists(path: Path) -> None:
    if not path.is_file():
        raise EveningRefused("ev_missing", file=str(path))
    if path.stat().st_size > MOST_BYTES:
        raise EveningRefused("ev_too_large", file=str(path), most=MOST_BYTES // (1024 * 1024))


# What SQLite's errors mean for the one using an evening: another writer holds the file; the file
# cannot be written (read-only, the disk full, no permission); anything else is damage.
_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}
_UNWRITABLE = {"SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_PERM"}


def refusal(exc: sqlite3.Error, path: Path) -> EveningRefused:
    """What an error of SQLite's met while using the evening at path says to its user."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    base = name.split("_", 2)[:2]
    kind = "_".join(base)
    if kind in _BUSY:
        return EveningRefused("ev_busy", why=str(exc))
    if kind in _UNWRITABLE:
        return EveningUnwritable("ev_cannot_write", file=str(path), why=str(exc))
    return EveningRefused("ev_damaged", file=str(path), why=str(exc))


def _connected(path: Path, mode: str) -> sqlite3.Connection:
    """A connection to the evening at path, read-only ("ro") or to write ("rw"), that waits its turn."""
    _exists(path)
    try:
        db = sqlite3.connect(_uri(path, mode), uri=True, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    except sqlite3.Error as exc:
        raise EveningRefused("ev_damaged", file=str(path), why=str(exc)) from None
    return db


@contextmanager
def reading(path: Path, check: bool = True) -> Iterator[sqlite3.Connection]:
    """The evening, open to read only: nothing it holds changes (an older file is migrated in a copy
    in memory)."""
    with closing(_connected(path, "ro")) as db:
        version = _checked(db, path, check)
        if version < VERSION:
            copy = sqlite3.connect(":memory:", isolation_level=None)
            with closing(copy):
                try:
                    db.backup(copy)
                    _migrated(copy, version)
                except sqlite3.Error as exc:
                    raise refusal(exc, path) from None
                yield copy
            return
        try:
            yield db
        except sqlite3.Error as exc:
            raise refusal(exc, path) from None


def held(path: Path) -> sqlite3.Connection:
    """A connection that only holds the evening open, for a process that records into it all
    evening (a server). SQLite folds its write-ahead log into the file, and waits for the disk,
    whenever the last connection to it closes: with this one open, a recorded event costs its own
    commit only, and the log is folded every thousand pages, as SQLite does by itself."""
    _exists(path)
    try:
        # Closed by whichever thread ends the serving, and never used for anything else meanwhile.
        db = sqlite3.connect(_uri(path, "ro"), uri=True, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise EveningRefused("ev_damaged", file=str(path), why=str(exc)) from None
    _checked(db, path, check=False)
    return db


# One writer at a time within a process, by file, in the order they came. Writers of one process
# (a server's threads, one a phone) queue here rather than in SQLite: a writer SQLite finds the
# file locked sleeps and tries again, each sleep longer (up to 100 ms), so under twenty phones an
# unlucky one waited seconds while others came and went; a plain lock lets a newcomer pass those
# already waiting, too. Writers of other processes (a command at the terminal while the table is
# served) still queue in SQLite, with its busy timeout.
class _Turns:
    """Writers of one file served in the order they came."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._waiting: collections.deque[object] = collections.deque()
        self._held = False

    def take(self, timeout: float) -> bool:
        """Wait for this writer's turn (False: not within `timeout` seconds, nothing held)."""
        mine = object()
        with self._changed:
            self._waiting.append(mine)
            if self._changed.wait_for(lambda: not self._held and self._waiting[0] is mine, timeout):
                self._waiting.popleft()
                self._held = True
                return True
            self._waiting.remove(mine)
            self._changed.notify_all()  # the one behind may be first now
            return False

    def give(self) -> None:
        with self._changed:
            self._held = False
            self._changed.notify_all()


_WRITERS: dict[tuple[int, int], _Turns] = {}
_WRITERS_LOCK = threading.Lock()


def _writer(path: Path) -> _Turns:
    found = path.stat()
    with _WRITERS_LOCK:
        return _WRITERS.setdefault((found.st_dev, found.st_ino), _Turns())


@contextmanager
def writing(path: Path, check: bool = True) -> Iterator[sqlite3.Connection]:
    """The evening, open to record (an older file migrated forward first), by one writer of this
    process at a time."""
    _exists(path)
    writer = _writer(path)
    if not writer.take(BUSY_MS / 1000):
        raise EveningRefused("ev_busy", why=str(path))
    try:
        with _writing(path, check) as db:
            yield db
    finally:
        writer.give()


@contextmanager
def _writing(path: Path, check: bool) -> Iterator[sqlite3.Connection]:
    with closing(_connected(path, "rw")) as db:
        version = _checked(db, path, check)
        try:
            # WAL is the file's own mode, set once when it was made; nothing here writes its header.
            db.execute("PRAGMA synchronous=FULL")
            _migrated(db, version)
        except sqlite3.Error as exc:
            raise refusal(exc, path) from None
        try:
            yield db
        except sqlite3.Error as exc:
            if db.in_transaction:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise refusal(exc, path) from None


def meta(db: sqlite3.Connection) -> dict[str, str]:
    """What the evening was started with (the game, its config)."""
    try:
        return dict(db.execute("SELECT key, value FROM evening").fetchall())
    except sqlite3.DatabaseError as exc:
        raise EveningRefused("ev_damaged", file=db_path(db), why=str(exc)) from None


def rows(db: sqlite3.Connection, after: int = 0) -> list[Row]:
    """The journal, oldest first (after event number `after`)."""
    found = db.execute("SELECT n, kind, who, device, at, inputs, effect, once, undoes FROM events WHERE n > ? "
                       "ORDER BY n", (after,))  # fmt: skip
    try:
        return [Row(n, kind, who, device, at, json.loads(i), json.loads(e), once, undoes)
                for n, kind, who, device, at, i, e, once, undoes in found]  # fmt: skip
    except (ValueError, TypeError, sqlite3.DatabaseError) as exc:
        raise EveningRefused("ev_damaged", file=str(db_path(db)), why=str(exc)) from None


def db_path(db: sqlite3.Connection) -> str:
    """The file a connection has open (as a message names it)."""
    found = db.execute("PRAGMA database_list").fetchone()
    return str(found[2]) if found and found[2] else "?"


def by_once(db: sqlite3.Connection, once: str) -> Row | None:
    """The event a sender's token recorded already, if any."""
    found = db.execute("SELECT n FROM events WHERE once = ?", (once,)).fetchone()
    return rows(db, found[0] - 1)[0] if found else None


def append(db: sqlite3.Connection, row: Row) -> int:
    """Add one event to the journal (inside the caller's transaction); its number."""
    cursor = db.execute(
        "INSERT INTO events (kind, who, device, at, inputs, effect, once, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (row.kind, row.who, row.device, row.at, json.dumps(row.inputs, ensure_ascii=False, sort_keys=True),
         json.dumps(row.effect, ensure_ascii=False, sort_keys=True), row.once, row.undoes),
    )  # fmt: skip
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def kept(db: sqlite3.Connection, state: bool = True) -> tuple[int, str, str] | None:
    """The state the file keeps: (after which event, the code that folded it, the state as JSON, or
    "" without `state`)."""
    column = "state" if state else "''"  # a writer asks only whether it is due another
    try:
        found = db.execute(f"SELECT last, code, {column} FROM snapshot ORDER BY last DESC LIMIT 1").fetchone()
    except sqlite3.OperationalError:  # a file of version 1 read as it is: it keeps none
        return None
    return (int(found[0]), str(found[1]), str(found[2])) if found else None


def keep(db: sqlite3.Connection, last: int, code: str, state: str) -> None:
    """Keep the state after event `last` in place of any other (inside the caller's transaction)."""
    db.execute("DELETE FROM snapshot")
    db.execute("INSERT INTO snapshot (last, code, state) VALUES (?, ?, ?)", (last, code, state))


def reaches_back(db: sqlite3.Connection, last: int) -> bool:
    """Whether an undo after event `last` takes back an event before it (a state kept after `last`
    then no longer holds)."""
    found = db.execute("SELECT 1 FROM events WHERE n > ? AND kind = 'undo' AND undoes <= ? LIMIT 1",
                       (last, last)).fetchone()  # fmt: skip
    return found is not None
