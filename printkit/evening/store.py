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
import stat
import threading
import urllib.parse
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

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


class Found(NamedTuple):
    """An evening file as the system finds it: which file (its device and inode) and how it stands."""

    device: int
    inode: int
    size: int
    modified: int  # ns
    changed: int  # ns: the inode's own time, which every write and every rename moves

    @property
    def file(self) -> tuple[int, int]:
        return self.device, self.inode


def identity(path: Path) -> Found:
    """The file at path, once it is an evening-sized regular file."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        raise EveningRefused("ev_missing", file=str(path)) from None
    if not stat.S_ISREG(found.st_mode):
        raise EveningRefused("ev_missing", file=str(path))
    if found.st_size > MOST_BYTES:
        raise EveningRefused("ev_too_large", file=str(path), most=MOST_BYTES // (1024 * 1024))
    return Found(found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


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
    """A connection to the evening at path, read-only ("ro") or to write ("rw"), that waits its turn
    (any thread may use it, one at a time: the pool below hands it to one thread at a time)."""
    identity(path)
    try:
        db = sqlite3.connect(_uri(path, mode), uri=True, isolation_level=None, check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    except sqlite3.Error as exc:
        raise EveningRefused("ev_damaged", file=str(path), why=str(exc)) from None
    return db


# Connections kept open between uses, for the evenings this process holds open (a server: held).
# A served table reads the evening for every page and records into it for every form, and opening a
# connection (the file found, its pages checked, its lock and log mapped) then closing it again cost
# more than what most pages read. A connection is kept for the file it was opened on, by its device
# and inode (the number cannot be given to another file while the connection holds this one open),
# and lent again only while the file stands as it stood when the connection was last lent: SQLite
# keeps the pages it read between uses, and knows another writer's changes only through its
# write-ahead log, so a copy written over the file in place (its own commits leave the file alone
# until the log is folded into it) is read by a connection of its own. Connections to a held file
# are opened under the name it was held by, whatever name it is asked by: two names of one file (a
# hard link) would each keep a write-ahead log of its own. KEPT_EACH to read and one to write; all
# closed when the evening is let go. A process that holds no evening (a command, a script) opens a
# connection for each use and closes it, as SQLite then folds its log into the file: a kept one
# would keep the log beside a file deleted meanwhile, and bar a new evening from its name.
KEPT_EACH = 4


class _Pool:
    """Open connections to the evenings this process holds, each lent to one user at a time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[tuple[int, int], tuple[Path, int]] = {}  # file -> (its name, its holders)
        self._idle: dict[tuple[tuple[int, int], str], list[tuple[Found, sqlite3.Connection]]] = {}

    def hold(self, found: Found, path: Path) -> None:
        with self._lock:
            name, holders = self._held.get(found.file, (path, 0))
            self._held[found.file] = (name, holders + 1)

    def let_go(self, found: Found) -> None:
        """One holder fewer; with the last, every connection kept to the file closed."""
        gone: list[sqlite3.Connection] = []
        with self._lock:
            name, holders = self._held.get(found.file, (Path(), 1))
            if holders > 1:
                self._held[found.file] = (name, holders - 1)
            else:
                self._held.pop(found.file, None)
                gone = [db for mode in ("ro", "rw") for _, db in self._idle.pop((found.file, mode), [])]
        for db in gone:
            _close(db)

    def name(self, found: Found, path: Path) -> Path:
        """The name to open a new connection to the file by: the one it is held by, if it is (its
        write-ahead log is named after it; a file renamed while held is not found, rather than
        opened with a log of another name)."""
        with self._lock:
            return self._held.get(found.file, (path, 0))[0]

    def take(self, found: Found, mode: str) -> sqlite3.Connection | None:
        """A kept connection to this file as it stands now, if one is idle (one kept while the file
        stood otherwise is closed)."""
        stale = []
        db = None
        with self._lock:
            kept = self._idle.get((found.file, mode), [])
            while kept and db is None:
                was, candidate = kept.pop()
                if was == found:
                    db = candidate
                else:
                    stale.append(candidate)
        for old in stale:
            _close(old)
        return db

    def give(self, found: Found, mode: str, db: sqlite3.Connection) -> None:
        """A connection back after its use, `found` the file as it stood when it was lent: kept for
        the next while the file is held and fewer are kept than its mode keeps, closed otherwise."""
        with self._lock:
            kept = self._idle.setdefault((found.file, mode), []) if found.file in self._held else None
            if kept is not None and len(kept) < (KEPT_EACH if mode == "ro" else 1):
                kept.append((found, db))
                return
        _close(db)


def _close(db: sqlite3.Connection) -> None:
    with suppress(sqlite3.Error):
        db.close()


_POOL = _Pool()


@contextmanager
def _lent(path: Path, mode: str, check: bool, found: Found | None) -> Iterator[tuple[sqlite3.Connection, int]]:
    """A connection to the evening at path (`found`: the file as the caller found it, if it did)
    and the file's schema version: a kept one where there is one for the file as it stands, else a
    new one (its file checked). Kept for the next use after it, unless SQLite failed in it."""
    found = found or identity(path)
    db = _POOL.take(found, mode)
    version = VERSION
    if db is not None:
        try:
            # Another program may have brought the file forward since.
            version = db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error:
            version = -1
        if version != VERSION:
            _close(db)
            db = None
    if db is None:
        db = _connected(_POOL.name(found, path), mode)
        try:
            version = _checked(db, path, check)
            if mode == "rw":  # a connection's own setting, kept while it is kept
                db.execute("PRAGMA synchronous=FULL")
            if identity(path).file != found.file:  # replaced between the look and the opening
                found = found._replace(changed=-1)  # lent once, never again
        except sqlite3.Error as exc:
            _close(db)
            raise refusal(exc, path) from None
        except BaseException:
            _close(db)
            raise
    try:
        yield db, version
    except Refused:
        # A rule refused the event (or SQLite said so, turned into words): the connection is whole
        # unless its transaction is still open.
        _done(found, mode, db, version)
        raise
    except BaseException:
        _close(db)
        raise
    _done(found, mode, db, version)


def _done(found: Found, mode: str, db: sqlite3.Connection, version: int) -> None:
    if db.in_transaction or version != VERSION:
        _close(db)
    else:
        _POOL.give(found, mode, db)


@contextmanager
def reading(path: Path, check: bool = True, found: Found | None = None) -> Iterator[sqlite3.Connection]:
    """The evening, open to read only: nothing it holds changes (an older file is migrated in a copy
    in memory). `found`: the file as the caller found it, if it did."""
    with _lent(path, "ro", check, found) as (db, version):
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


@dataclass
class Held:
    """An evening this process holds open while it serves it (held)."""

    db: sqlite3.Connection  # only holds the file open; never used to read or write it
    found: Found
    closed: bool = False

    def close(self) -> None:
        """Let the evening go: this connection and every one kept for it closed (once)."""
        if not self.closed:
            self.closed = True
            _close(self.db)
            _POOL.let_go(self.found)


def held(path: Path) -> Held:
    """The evening at path held open, for a process that records into it all evening (a server).
    SQLite folds its write-ahead log into the file, and waits for the disk, whenever the last
    connection to it closes: with this one open, a recorded event costs its own commit only, and the
    log is folded every thousand pages, as SQLite does by itself. Until it is let go, the
    connections the evening's pages and forms use are kept open between uses (_Pool)."""
    found = identity(path)
    try:
        # Closed by whichever thread ends the serving, and never used for anything else meanwhile.
        db = sqlite3.connect(_uri(path, "ro"), uri=True, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise EveningRefused("ev_damaged", file=str(path), why=str(exc)) from None
    try:
        _checked(db, path, check=False)
    except BaseException:
        _close(db)
        raise
    _POOL.hold(found, path)
    return Held(db, found)


# One writer at a time within a process, by file, in the order they came. Writers of one process
# (a server's threads, one a phone) queue here rather than in SQLite: a writer SQLite finds the
# file locked sleeps and tries again, each sleep longer (up to 100 ms), so under twenty phones an
# unlucky one waited seconds while others came and went; a plain lock lets a newcomer pass those
# already waiting, too. Each waiter waits on a lock of its own, and the writer done hands the turn
# to the first in line alone: waking them all at every event (a condition's notify_all) had twenty
# threads wake, look and sleep again for each event. Writers of other processes (a command at the
# terminal while the table is served) still queue in SQLite, with its busy timeout.
class _Turns:
    """Writers of one file served in the order they came."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: collections.deque[threading.Lock] = collections.deque()
        self._held = False

    def take(self, timeout: float) -> bool:
        """Wait for this writer's turn (False: not within `timeout` seconds, nothing held)."""
        with self._lock:
            if not self._held:
                self._held = True
                return True
            mine = threading.Lock()
            mine.acquire()
            self._waiting.append(mine)
        if mine.acquire(timeout=timeout):
            return True  # handed over by the writer before
        with self._lock:
            if mine in self._waiting:
                self._waiting.remove(mine)
                return False
        mine.acquire()  # handed over as the wait ended: the turn is this writer's
        return True

    def give(self) -> None:
        """The turn to the first writer waiting, or to whoever comes next."""
        with self._lock:
            if self._waiting:
                self._waiting.popleft().release()
            else:
                self._held = False


_WRITERS: dict[tuple[int, int], _Turns] = {}
_WRITERS_LOCK = threading.Lock()


def _writer(found: Found) -> _Turns:
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(found.file, _Turns())


@contextmanager
def writing(path: Path, check: bool = True, found: Found | None = None) -> Iterator[sqlite3.Connection]:
    """The evening, open to record (an older file migrated forward first), by one writer of this
    process at a time. `found`: the file as the caller found it, if it did."""
    found = found or identity(path)
    writer = _writer(found)
    if not writer.take(BUSY_MS / 1000):
        raise EveningRefused("ev_busy", why=str(path))
    try:
        with _writing(path, check, found) as db:
            yield db
    finally:
        writer.give()


@contextmanager
def _writing(path: Path, check: bool, found: Found) -> Iterator[sqlite3.Connection]:
    with _lent(path, "rw", check, found) as (db, version):
        try:
            # WAL is the file's own mode, set once when it was made; nothing here writes its header.
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


_COLUMNS = "n, kind, who, device, at, inputs, effect, once, undoes"


def rows(db: sqlite3.Connection, after: int = 0) -> list[Row]:
    """The journal, oldest first (after event number `after`)."""
    found = db.execute(f"SELECT {_COLUMNS} FROM events WHERE n > ? ORDER BY n", (after,))
    return _rows(db, found)


def _rows(db: sqlite3.Connection, found: Iterable[Sequence[Any]]) -> list[Row]:
    try:
        return [Row(n, kind, who, device, at, json.loads(i), json.loads(e), once, undoes)
                for n, kind, who, device, at, i, e, once, undoes in found]  # fmt: skip
    except (ValueError, TypeError, sqlite3.DatabaseError) as exc:
        raise EveningRefused("ev_damaged", file=str(db_path(db)), why=str(exc)) from None


def since(db: sqlite3.Connection, n: int) -> tuple[tuple[str, str], list[Row]]:
    """What tells this evening from another without reading its config (its master's secret and when
    it was made: `meta`, once written, never changes), and the journal from event n on. One statement:
    a server asks it for every page and every form, and each statement of a thread waits its turn for
    the interpreter again while the event loop draws pages."""
    mark = "(SELECT value FROM evening WHERE key = 'master'), (SELECT value FROM evening WHERE key = 'created')"
    journal = f"SELECT {_COLUMNS} FROM events WHERE n >= ?"
    query = f"SELECT {mark}, e.* FROM (SELECT 1) LEFT JOIN ({journal}) AS e ORDER BY e.n"
    try:
        found = db.execute(query, (n,)).fetchall()
    except sqlite3.DatabaseError as exc:
        raise EveningRefused("ev_damaged", file=db_path(db), why=str(exc)) from None
    return (found[0][0] or "", found[0][1] or ""), _rows(db, [r[2:] for r in found if r[2] is not None])


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


def kept(db: sqlite3.Connection) -> tuple[int, str, str] | None:
    """The state the file keeps: (after which event, the code that folded it, the state as JSON)."""
    try:
        found = db.execute("SELECT last, code, state FROM snapshot ORDER BY last DESC LIMIT 1").fetchone()
    except sqlite3.OperationalError:  # a file of version 1 read as it is: it keeps none
        return None
    return (int(found[0]), str(found[1]), str(found[2])) if found else None


def kept_still(db: sqlite3.Connection) -> tuple[int, str, bool] | None:
    """Whether a writer is due to keep the state again: after which event the file keeps one, the
    code that folded it, and whether an undo after that event took back one before it (the state
    kept no longer holds then). One statement, asked by every event recorded."""
    reached = "EXISTS (SELECT 1 FROM events WHERE n > s.last AND kind = 'undo' AND undoes <= s.last)"
    try:
        found = db.execute(f"SELECT last, code, {reached} FROM snapshot AS s ORDER BY last DESC LIMIT 1").fetchone()
    except sqlite3.OperationalError:
        return None
    return (int(found[0]), str(found[1]), bool(found[2])) if found else None


def keep(db: sqlite3.Connection, last: int, code: str, state: str) -> None:
    """Keep the state after event `last` in place of any other (inside the caller's transaction)."""
    db.execute("DELETE FROM snapshot")
    db.execute("INSERT INTO snapshot (last, code, state) VALUES (?, ?, ?)", (last, code, state))
