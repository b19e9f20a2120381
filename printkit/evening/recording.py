"""An evening as the command line and the pages use it: start, show, record, undo, export, import."""

from __future__ import annotations

import bisect
import json
import re
import secrets
import sqlite3
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import PrintkitError
from ..labels import LANGUAGES, Refused, label
from ..questions import Line, Para
from . import snapshot, store
from .state import UNDO, Decided, EventKind, State, Table, applied, by_name, fold
from .store import EveningRefused, Row
from .turns import ROLL, next_kind

APP = "printkit-evening"
# The largest config (and map file) an evening keeps inside itself.
CONFIG_BYTES = 1024 * 1024
# The most events an import brings: far more than any evening, far less than would take long.
IMPORT_EVENTS = 100_000
MASTER = "master"  # who the command line records as: the game master
TABLE = "table"  # who the public pages record as: anyone at the table, into the roll log only


# ---- the evening's game -------------------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    """An evening read: what it started from, its journal and its state now."""

    path: Path
    meta: Mapping[str, str]
    session: Any  # printkit.model.Session
    table: Table
    rows: tuple[Row, ...]
    state: State

    @property
    def kinds(self) -> dict[str, EventKind]:
        return kinds_of(self.table)

    def json(self, lang: str) -> dict[str, Any]:
        """The state as `show --json` gives it."""
        s = self.state
        out: dict[str, Any] = {"game": s.game, "turn": s.turn, "round": s.round, "whose": s.whose,
                               "players": [{"name": p} for p in s.players]}  # fmt: skip
        out |= dict(self.table.json(s, lang))
        out["countdowns"] = [c.json(lang) for c in s.countdowns]
        out["rolls"] = [r.json(lang) for r in reversed(s.rolls)]
        out["events"] = len(s.live)
        return out

    def lines(self, lang: str) -> list[Line]:
        s = self.state
        out: list[Line] = [label("ev_show_head", lang, game=self.session.ruleset.title[lang], turn=s.turn,
                                 round=s.round, whose=s.whose or "—")]  # fmt: skip
        out += self.table.lines(s, lang)
        out += self.table.secrets(s, lang)  # the command line is the master's
        if s.countdowns:
            out.append(label("ev_counting", lang))
            out += [Para(label("ev_countdown", lang, what=c.what.get(lang, ""), due=c.due), "    ")
                    for c in sorted(s.countdowns, key=lambda c: c.due)]  # fmt: skip
        if s.rolls:
            out.append(label("ev_show_rolls", lang))
            for r in reversed(s.rolls[-5:]):
                out.append(Para(f"{r.who}: {r.result.get(lang, '')}", "    "))
        live = set(s.live)
        last = [r for r in self.rows if r.n in live][-3:]
        if last:
            out.append(label("ev_show_last", lang))
            out += [Para(f"#{r.n} {said_row(self, r, lang)}", "    ") for r in reversed(last)]
        return out


def kinds_of(table: Table) -> dict[str, EventKind]:
    """Every kind of event of a game's evening: the roll, its own kinds, and the end of a turn that
    knows them (its consequences are events of the game's kinds). Made once a table."""
    made = _MADE.get(id(table))
    if made is None or made[0] is not table:
        own = by_name((ROLL, *table.kinds))
        turn = next_kind(own, table.turn_ends, table.skips, table.announces)
        made = _MADE[id(table)] = (table, {**own, "next": turn})
    return made[1]


_MADE: dict[int, tuple[Table, dict[str, EventKind]]] = {}  # a game's table (its declarations) -> its kinds


def said_row(opened: Opened, row: Row, lang: str, master: bool = True, player: str | None = None) -> str:
    """One event of the journal in a sentence, with who recorded it; for a page not the master's an
    event whose words are the master's is said veiled, unless it is `player`'s own: he recorded it,
    or it is about his hero (what his hero carries is his to know)."""
    # A journal's event never changes (an undo is an event of its own), so its sentence is made
    # once: a served board says its newest events again to every phone every time it is drawn. The
    # event as read (a Row, never changed) is its key, with the game's declarations that say it.
    if not master and player is not None and _own(opened, row, player):
        master = True
    key = (id(row), id(opened.table), lang, master)
    found = _SAID.get(key)
    if found is None or found[0] is not row or found[1] is not opened.table:
        if len(_SAID) >= SAID_KEPT:
            _SAID.clear()
        found = _SAID[key] = (row, opened.table, _said_row(opened, row, lang, master))
    return found[2]


def _own(opened: Opened, row: Row, player: str) -> bool:
    """Whether an event is `player`'s to read in full: he recorded it, or its actor is his."""
    if row.who == player:
        return True
    kind = opened.kinds.get(row.kind)
    actor = row.effect.get(kind.actor) if kind is not None and kind.actor is not None else None
    return isinstance(actor, str) and opened.table.owner(opened.state, actor) == player


SAID_KEPT = 20_000  # sentences kept: a long evening's journal in both languages, both views
_SAID: dict[tuple[int, int, str, bool], tuple[Row, Table, str]] = {}


def _said_row(opened: Opened, row: Row, lang: str, master: bool) -> str:
    if row.kind == UNDO:
        return label("ev_undo_row", lang, n=row.undoes, who=who_said(row.who, lang))
    kind = opened.kinds.get(row.kind)
    try:
        if kind is not None and kind.secret is not None and not master:
            said = kind.secret(row.effect, lang)
        else:
            said = kind.words(row.effect, lang) if kind else row.kind
    except (KeyError, TypeError, ValueError):  # an imported event short of a word: named by its kind
        said = row.kind
    return label("ev_row", lang, said=said, who=who_said(row.who, lang))


def who_said(who: str, lang: str) -> str:
    """Who recorded an event, as a sentence names them (the master in words)."""
    return label("ev_master", lang) if who == MASTER else label("ev_table", lang) if who == TABLE else who


def table_of(family: str) -> Table:
    from ..game import game, resolve

    target = game(family).evening
    if target is None:
        return Table(begin=lambda session: None)
    found = resolve(target)
    if not isinstance(found, Table):
        raise PrintkitError(f"game {family!r}: evening {target!r} is no printkit.evening Table")
    return found


@lru_cache(maxsize=16)
def _session(config_name: str, config_text: str, map_name: str, map_text: str) -> Any:
    """The session an evening started from, read again from the texts it keeps (a config keeps to its
    own folder, so a private temporary one with the config and its map file is all it can name)."""
    from ..config.session import load_session

    texts = kept_files(config_name, config_text, map_name, map_text)
    with tempfile.TemporaryDirectory(prefix="printkit-evening-") as folder:
        here = Path(folder)
        for name, text in texts.items():
            (here / name).parent.mkdir(parents=True, exist_ok=True)
            (here / name).write_text(text, encoding="utf-8")
        return load_session(here / config_name)


def kept_files(config_name: str, config_text: str, map_name: str = "", map_text: str = "") -> dict[str, str]:
    """The files an evening keeps, by the names they are written under in a private folder: its
    config, and its map file where the config names one (refused where a name would lead out)."""
    if not kept_name(config_name) or (map_name and not kept_name(map_name, folders=True)):
        raise EveningRefused("ev_not_evening", file=config_name[:80])
    return {config_name: config_text, **({map_name: map_text} if map_name else {})}


# A name the evening keeps a file under: letters, digits and a few marks, no folder of its own (a
# map may lie in a folder below the config's), never "." or "..", never long.
_KEPT = re.compile(r"[^/\\\x00-\x1f]{1,120}")


def kept_name(name: str, folders: bool = False) -> bool:
    """Whether a kept file's name is one the evening may write in its private folder."""
    parts = name.split("/") if folders else [name]
    return 0 < len(parts) <= 8 and all(_KEPT.fullmatch(p) and p not in (".", "..") for p in parts)


def _start_state(meta: Mapping[str, str], session: Any, table: Table) -> State:
    players = tuple(p.name or label("ev_player_n", session.language, n=i + 1) for i, p in enumerate(session.players))
    state = State(session.ruleset.id, session.ruleset.family, players, table.begin(session))
    return table.opening(state) if table.opening is not None else state


# The evenings this process has read, by file (device and inode): their journal and state, so that a
# server answering many phones folds only the events recorded since it last looked. The journal only
# grows, so what was folded stays true; an undo among the new events, or a file made anew at the
# same place (its start differs), is folded again from the start.
_KNOWN: dict[tuple[int, int], Opened] = {}


def _opened(path: Path, db: sqlite3.Connection, key: tuple[int, int]) -> Opened:
    """The evening in `db` (the file at path, `key` its identity): what this process folded before
    and the events since, where the file is still the one it folded (the same evening, its newest
    event folded still there as it was: a file restored in place from a copy is folded afresh)."""
    before = _KNOWN.get(key)
    if before is not None:
        last = before.rows[-1] if before.rows else None
        mark, found = store.since(db, last.n if last is not None else 0)
        same = mark == (before.meta.get("master", ""), before.meta.get("created", ""))
        if same and (last is None or (found and found[0] == last)):
            newer = tuple(found[1:] if last is not None else found)
            if not newer:
                return before
            if all(r.kind != UNDO and r.kind in before.kinds for r in newer):
                state = before.state
                try:
                    for r in newer:
                        state = applied(state, r.n, before.kinds[r.kind], r.effect)
                except (KeyError, TypeError, ValueError, AttributeError):
                    pass  # folded from the start below, which says what is wrong
                else:
                    opened = Opened(path, before.meta, before.session, before.table, before.rows + newer, state)
                    _KNOWN[key] = opened
                    return opened
    meta = store.meta(db)
    opened = _folded(path, meta, tuple(store.rows(db)), store.kept(db))
    _KNOWN[key] = opened
    return opened


def _folded(path: Path, meta: Mapping[str, str], rows: tuple[Row, ...],
            kept: tuple[int, str, str] | None = None) -> Opened:  # fmt: skip
    """The evening `meta` starts, with its journal folded: every kind known, every effect applied
    (those after the state the file keeps, where it holds)."""
    if meta.get("app") != APP or not meta.get("config") or not meta.get("config_name"):
        raise EveningRefused("ev_not_evening", file=str(path))
    session = _session(meta["config_name"], meta["config"], meta.get("map_name", ""), meta.get("map", ""))
    table = table_of(session.ruleset.family)
    kinds = kinds_of(table)
    unknown = next((r for r in rows if r.kind != UNDO and r.kind not in kinds), None)
    if unknown is not None:
        raise EveningRefused("ev_unknown_kind", file=str(path), n=unknown.n, kind=unknown.kind)
    start = _start_state(meta, session, table)
    begun = _from_kept(kept, start, table, rows) if kept is not None else None
    after = rows[bisect.bisect_right(rows, begun.last, key=lambda r: r.n) :] if begun is not None else rows
    try:
        state = fold(begun or start, ((r.n, r.kind, r.effect, r.undoes) for r in after), kinds)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise EveningRefused("ev_damaged", file=str(path), why=f"{type(exc).__name__}: {exc}") from None
    return Opened(path, meta, session, table, rows, state)


def _from_kept(kept: tuple[int, str, str], start: State, table: Table, rows: tuple[Row, ...]) -> State | None:
    """The state the file keeps, where the journal folds to it: kept by this printkit after an event
    the journal holds, and no undo after it taking back an event before it. None: fold it all."""
    last, code, text = kept
    at = bisect.bisect_left(rows, last, key=lambda r: r.n)
    if code != _code(table, start.family) or at >= len(rows) or rows[at].n != last:
        return None
    if any(r.kind == UNDO and r.undoes is not None and r.undoes <= last for r in rows[at + 1 :]):
        return None
    state = snapshot.unkeep(text, start, table)
    return state if state is not None and state.last == last else None


def _code(table: Table, family: str) -> str:
    """The fingerprint of the code that folds a game's evenings (printkit.evening.snapshot)."""
    from ..game import game

    return snapshot.fingerprint(table, game(family).package)


def _keeping(db: sqlite3.Connection, table: Table, state: State) -> None:
    """The state after the event just appended kept in the file, in its transaction, when the one
    kept is EVERY events old, another printkit's, or no longer the journal's (an undo reached back)."""
    if table.kept is None:
        return
    code = _code(table, state.family)
    found = store.kept_still(db)
    if found is None or found[1] != code or state.last - found[0] >= snapshot.EVERY or found[2]:
        text = snapshot.keep(state, table)
        if text is not None:
            store.keep(db, state.last, code, text)


def read(path: Path) -> Opened:
    """The evening at path, read without changing it."""
    found = store.identity(path)
    with store.reading(path, check=found.file not in _KNOWN, found=found) as db:  # a file is checked once a process
        return _opened(path, db, found.file)


# ---- starting -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Started:
    """A new evening."""

    file: Path
    game: str
    players: tuple[str, ...]
    opened: Opened

    def lines(self, lang: str) -> list[Line]:
        return [label("ev_started", lang, file=str(self.file), game=self.game),
                *self.opened.lines(lang)]  # fmt: skip

    def json(self, lang: str) -> dict[str, Any]:
        return {"file": str(self.file), **self.opened.json(lang)}


def default_file(config: Path | None, today: date | None = None) -> Path:
    """Where an evening is kept when no file is named: beside nothing, in the current folder, named
    after the config and the day."""
    stem = config.stem if config is not None else "evening"
    return Path(f"{stem}-{(today or date.today()).strftime('%Y%m%d')}.sqlite")


def start(config: Path, file: Path | None = None) -> Started:
    """A new evening from a config: the file made whole or not at all, never over an existing one."""
    from ..config.session import load_session

    session = load_session(config)
    if session.ruleset.source.parent != _bundled_folder(session.ruleset.family, session.ruleset.id):
        raise EveningRefused("ev_own_ruleset", file=str(config))
    meta = {"app": APP, "game": session.ruleset.id, "family": session.ruleset.family,
            "config_name": config.name, "config": _text(config),
            "created": store.now(), "master": secrets.token_urlsafe(16)}  # fmt: skip
    if session.map_path is not None and session.map_path.resolve() != config.resolve():
        # where the config names it: beside it, or in a folder below it
        meta["map_name"] = session.map_path.resolve().relative_to(config.resolve().parent).as_posix()
        meta["map"] = _text(session.map_path)
    target = file or default_file(config)
    begun = _folded(config, meta, ())  # the game's start made from the kept texts, before a byte is written
    _names_apart(begun, config)
    store.create(target, meta)
    opened = read(target)
    return Started(target, session.ruleset.id, opened.state.players, opened)


def _names_apart(opened: Opened, config: Path) -> None:
    """Every player and every one they act as (a hero) named apart, case aside: events name them."""
    seen: dict[str, str] = {}
    state = opened.state
    for player in state.players:
        for name in dict.fromkeys((player, *opened.table.actors(state, player))):
            if name.casefold() in seen and not (name == player and seen[name.casefold()] == player):
                raise EveningRefused("ev_same_names", file=str(config), name=name)
            seen[name.casefold()] = name


def _text(path: Path) -> str:
    from ..config.userfile import read_bytes

    return read_bytes(path, str(path), CONFIG_BYTES).decode("utf-8")


def _bundled_folder(family: str, ruleset: str) -> Path | None:
    from ..game import bundled

    found = bundled().get(ruleset)
    return found[1].parent if found is not None else None


# ---- recording ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recorded:
    """An event on the journal (or found there already: the same sender's token sent twice)."""

    n: int
    kind: str
    said: Mapping[str, str]
    told: tuple[Mapping[str, str], ...]
    again: bool
    state: State
    effect: Mapping[str, Any]

    def lines(self, lang: str) -> list[Line]:
        head = label("ev_again" if self.again else "ev_recorded", lang, n=self.n, said=self.said[lang])
        return [Para(head), *(Para(t.get(lang, ""), "  ") for t in self.told)]

    def json(self, lang: str) -> dict[str, Any]:
        return {"n": self.n, "kind": self.kind, "said": self.said[lang], "again": self.again,
                "effect": dict(self.effect), "turn": self.state.turn}  # fmt: skip


def _in_transaction(db: sqlite3.Connection) -> None:
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:  # another writer held it past the busy timeout
        raise EveningRefused("ev_busy", why=str(exc)) from None


def record(path: Path, kind: str, values: Mapping[str, Any], who: str = MASTER, device: str = "cli",
           once: str | None = None, decided: Decided | None = None) -> Recorded:  # fmt: skip
    """Record one event: its rule decided on the state as the journal has it now, and the event
    committed before this returns. A `once` token already on the journal records nothing again.
    `who` records it: the master anything, a player only his own actions. `decided`: what a rule
    worked out elsewhere (a page's roll, rolled where the page's answer was)."""
    file = store.identity(path)
    with store.writing(path, check=file.file not in _KNOWN, found=file) as db:
        _in_transaction(db)
        try:
            found = store.by_once(db, once) if once else None
            opened = _opened(path, db, file.file)
            if found is not None:
                db.execute("COMMIT")
                said = _said_all(opened, found)
                return Recorded(found.n, found.kind, said, (), True, opened.state, found.effect)
            declared = opened.kinds.get(kind)
            if declared is None:
                raise EveningRefused("ev_no_such_kind", kind=kind, kinds=", ".join(opened.kinds))
            checked = {i.name: i.checked(values.get(i.name)) for i in declared.inputs}
            allowed(opened, declared, checked, who)
            if decided is None:
                decided = declared.decide(opened.state, **checked)
            plain = json.loads(json.dumps({k: _plain(v) for k, v in checked.items()}))
            # Said in every language before it is written: an event that cannot be said is not recorded.
            said = {lang: declared.words(decided.effect, lang) for lang in LANGUAGES}
            row = Row(0, kind, who, device, store.now(), plain, decided.effect, once or None)
            n = store.append(db, row)
            after = applied(opened.state, n, declared, decided.effect)
            _keeping(db, opened.table, after)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return Recorded(n, kind, said, decided.told, False, after, decided.effect)


def allowed(opened: Opened, kind: EventKind, values: Mapping[str, Any], who: str) -> None:
    """Refused unless `who` may record this event: the master any; a player his own actions (the
    actor his), and an event about the turn only in his turn."""
    if who == MASTER:
        return
    if who == TABLE:  # the public pages write to the evening's roll log only
        if kind.name != "roll":
            raise EveningRefused("ev_masters", who=who)
        return
    if kind.masters(values):
        raise EveningRefused("ev_masters", who=who)
    state = opened.state
    if kind.actor is None:
        if state.whose != who:
            raise EveningRefused("ev_not_your_turn", who=who, whose=state.whose or "—")
        return
    actor = values.get(kind.actor)
    if actor is None or opened.table.owner(state, str(actor)) != who:
        raise EveningRefused("ev_not_yours", who=who, actor=str(actor or "—"))
    if kind.in_turn and state.whose != who:
        raise EveningRefused("ev_not_your_turn", who=who, whose=state.whose or "—")


def log_roll(path: Path, who: str, what: str, results: Mapping[str, str], asked: str = "roll",
             given: Sequence[tuple[str, str]] = (), recorder: str = TABLE, device: str = "web",
             once: str | None = None) -> Recorded:  # fmt: skip
    """A roll a page worked out (the dice roll, a spell cast with its dice) into the evening's log:
    the same kind of event as `record ... roll`, its result as the page said it."""
    effect = {"notation": what, "who": who, "total": None, "passed": None, "result": dict(results), "at": store.now(),
              "asked": asked, "given": [list(pair) for pair in given]}  # fmt: skip
    return record(path, "roll", {"notation": what, "who": who}, recorder, device, once, Decided(effect))


def _said_all(opened: Opened, row: Row) -> dict[str, str]:
    kind = opened.kinds[row.kind]
    return {lang: kind.words(row.effect, lang) for lang in LANGUAGES}


def _plain(value: Any) -> Any:
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


@dataclass(frozen=True)
class Undone:
    """An event taken back: which, what it had done, and the state after."""

    n: int
    undone: int
    said: Mapping[str, str]
    state: State

    def lines(self, lang: str) -> list[Line]:
        return [Para(label("ev_undone", lang, n=self.undone, said=self.said[lang]))]

    def json(self, lang: str) -> dict[str, Any]:
        return {"n": self.n, "undone": self.undone, "said": self.said[lang], "turn": self.state.turn}


def undo(path: Path, who: str = MASTER, device: str = "cli", expected: int | None = None) -> Undone:
    """Take back the newest event in force (an undo is itself an event of the journal); `expected`,
    the event the asker saw as the newest: anything else is refused (a resent form undoes once)."""
    if who != MASTER:
        raise EveningRefused("ev_masters", who=who)
    file = store.identity(path)
    with store.writing(path, check=file.file not in _KNOWN, found=file) as db:
        _in_transaction(db)
        try:
            opened = _opened(path, db, file.file)
            live = opened.state.live
            if expected is not None and (not live or live[-1] != expected):
                raise Refused("ev_undone_already", n=expected)
            if not live:
                raise EveningRefused("ev_nothing_to_undo", file=str(path))
            newest = live[-1]
            row = next(r for r in opened.rows if r.n == newest)
            n = store.append(db, Row(0, UNDO, who, device, store.now(), {}, {}, None, newest))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    after = read(path).state
    return Undone(n, newest, _said_all(opened, row), after)


# ---- the journal as JSON ------------------------------------------------------------------------

EXPORT_FORMAT = "printkit-evening-journal"


def export(path: Path) -> dict[str, Any]:
    """The evening as JSON: what it started from and its whole journal (the master's address
    secret left out: an export is for keeping and moving, not for the table)."""
    opened = read(path)
    started = {k: v for k, v in opened.meta.items() if k != "master"}
    return {"format": EXPORT_FORMAT, "version": store.VERSION, "evening": started,
            "events": [r.json() for r in opened.rows]}  # fmt: skip


def import_journal(data: Any, file: Path, source: str) -> Opened:
    """A new evening at `file` from an export: every event checked against the game's kinds and
    folded before anything is written; the file appears whole or not at all."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise EveningRefused("ev_not_export", file=source)
    started, events = data.get("evening"), data.get("events")
    if not isinstance(started, dict) or not isinstance(events, list):
        raise EveningRefused("ev_not_export", file=source)
    if len(events) > IMPORT_EVENTS:
        raise EveningRefused("ev_import_too_many", file=source, most=IMPORT_EVENTS)
    meta = {str(k): str(v) for k, v in started.items() if isinstance(v, str)}
    if meta.get("app") != APP or not meta.get("config") or not meta.get("config_name"):
        raise EveningRefused("ev_not_export", file=source)
    if not kept_name(meta["config_name"]) or not kept_name(meta.get("map_name", "x"), folders=True):
        raise EveningRefused("ev_not_export", file=source)
    meta["master"] = secrets.token_urlsafe(16)
    rows = tuple(_row(e, i, source) for i, e in enumerate(events))
    undone = [r for r in rows if r.kind == UNDO and (r.undoes is None or not 0 < r.undoes < r.n)]
    if undone:
        raise EveningRefused("ev_bad_event", file=source, i=undone[0].n)
    checked = _folded(Path(source), meta, rows)  # every kind known, every effect folds, before a byte is written
    try:
        for r in rows:  # and every event can be said in every language
            if r.kind != UNDO:
                for lang in LANGUAGES:
                    checked.kinds[r.kind].words(r.effect, lang)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise EveningRefused("ev_bad_event", file=source, i=r.n) from None
    text = snapshot.keep(checked.state, checked.table) if rows else None
    store.create(
        file, meta, rows, (checked.state.last, _code(checked.table, checked.state.family), text) if text else None
    )
    return read(file)


def _row(event: Any, i: int, source: str) -> Row:
    """One exported event, its fields checked for their types."""
    fields: Sequence[tuple[str, type | tuple[type, ...]]] = (("n", int), ("kind", str), ("who", str),
                                                              ("device", str), ("at", str), ("inputs", dict),
                                                              ("effect", dict))  # fmt: skip
    if not isinstance(event, dict) or any(not isinstance(event.get(f), t) for f, t in fields):
        raise EveningRefused("ev_bad_event", file=source, i=i + 1)
    undoes = event.get("undoes")
    once = event.get("once")
    if (undoes is not None and not isinstance(undoes, int)) or (once is not None and not isinstance(once, str)):
        raise EveningRefused("ev_bad_event", file=source, i=i + 1)
    if event["n"] != i + 1:
        raise EveningRefused("ev_bad_event", file=source, i=i + 1)
    return Row(event["n"], event["kind"], event["who"], event["device"], event["at"], event["inputs"],
               event["effect"], once, undoes)  # fmt: skip


__all__ = ["Opened", "Recorded", "Refused", "Started", "Undone", "export", "import_journal", "read", "record",
           "start", "undo"]  # fmt: skip
