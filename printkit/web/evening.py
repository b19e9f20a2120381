"""The served evening: its roll log, the master's board, each player's page and address, what they record."""

# `serve --evening FILE` keeps no state of its own: every page reads the evening's file, every form
# records into it through printkit.evening (one transaction an event, committed before the page
# says so), and the roll log is the evening's, so a roll recorded at the terminal shows on the
# phones. The master's address is the evening's own secret and each player's is derived from it,
# so both stay the same across a restart of the same evening.

from __future__ import annotations

import asyncio
import base64
import bisect
import contextvars
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, TypeVar

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from ..evening import Opened, read
from ..evening.recording import MASTER, allowed, log_roll, record, said_row, undo, who_said
from ..evening.state import EventKind, Rolled
from ..evening.store import BUSY_MS, VERSION, EveningRefused, Held, Row, held, meta, reading, writing
from ..labels import LANGUAGES, Refused, label
from ..questions import Question, Text
from . import forms, said
from .forms import QUICK_DICE
from .rolls import NAME_LIMIT, Roll, shown
from .served import Served

T = TypeVar("T")

# The newest events a board lists.
SHOWN_EVENTS = 20
# The forms drawn and kept (printkit.web.evening.EveningPages._forms_of): a page's for each player,
# the master's, in either language, the turn's forms with and without the end of a turn.
FORMS_KEPT = 256
# Where a form's once-token goes in the forms drawn: no label or value of a form holds "@@".
_ONCE = "@@once-{i}@@"


def player_token(master: str, player: str) -> str:
    """A player's address: derived from the evening's master secret, so the same every time the
    evening is served, and telling nothing of the master's."""
    digest = hmac.new(master.encode(), f"player:{player}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


@dataclass(frozen=True)
class ServedEvening:
    """The evening a table serves: its file, the master's secret and each player's address."""

    path: Path
    master: str
    players: Mapping[str, str]  # token -> player
    # Held open while the table is served, so that each event recorded does not fold SQLite's log
    # into the file (store.held); closed with the app.
    holder: Held | None = field(default=None, compare=False, repr=False)
    # The thread every form records on, one event after another in the order they came. A worker
    # thread each, the turn to write passed from one to the next at every event, each waiting for
    # the interpreter while the event loop drew pages: the turn was held twice as long as the work.
    writer: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, "printkit-evening"),
                                       compare=False, repr=False)  # fmt: skip

    @classmethod
    def of(cls, path: Path) -> ServedEvening:
        opened = read(path)  # a bad file is refused here, before anything is served
        with reading(path) as db:
            master = meta(db)["master"]
        return cls(path, master, {player_token(master, p): p for p in opened.state.players}, held(path))

    def forward(self) -> None:
        """As the table begins serving (never for --check): a file of an older schema brought
        forward once, rather than copied into memory to be read at every page until its first event
        (a file that cannot be written is served as it is: its pages read it, its forms are refused)."""
        if self.holder is None or self.holder.db.execute("PRAGMA user_version").fetchone()[0] >= VERSION:
            return
        with suppress(EveningRefused), writing(self.path):
            pass

    async def write(self, work: Callable[[], T]) -> T:
        """Work that records into the evening (and reads what it needs first), done on the evening's
        own thread, after what came before it. Work that waited its turn longer than a writer waits
        for the file is refused as busy without trying: while another program holds the file, each
        form in the queue would otherwise wait its own time in turn, the last one twenty times over."""
        queued = time.monotonic()

        def in_turn() -> T:
            if time.monotonic() - queued > BUSY_MS / 1000:
                raise EveningRefused("ev_busy", why=str(self.path))
            return work()

        context = contextvars.copy_context()  # as a worker thread of the app's is given it
        return await asyncio.get_running_loop().run_in_executor(self.writer, context.run, in_turn)

    def close(self) -> None:
        self.writer.shutdown()  # what was sent is recorded first
        if self.holder is not None:
            self.holder.close()

    def token_of(self, player: str) -> str:
        return next(t for t, p in self.players.items() if p == player)


class EveningLog:
    """The table's roll log when an evening is served: the evening's rolls, read from its file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def add(self, who: str, what: str, result: str, asked: str = "roll", given: tuple[tuple[str, str], ...] = (),
            results: Mapping[str, str] | None = None, once: str | None = None) -> Roll:  # fmt: skip
        """A roll from a public page into the evening's log, recorded as the table's (never the
        master's), once however often its form is sent."""
        said = dict(results or {}) or {lang: result for lang in LANGUAGES}
        done = log_roll(self.path, shown(who.strip(), NAME_LIMIT) or "?", what, said, asked, given, once=once)
        rolls = [r for r in done.state.rolls if r.n == done.n]
        return as_roll(rolls[-1]) if rolls else as_roll(done.state.rolls[-1])

    def newest(self, after: int = 0) -> list[Roll]:
        return [as_roll(r) for r in reversed(read(self.path).state.rolls) if r.n > after]

    def json(self) -> dict[str, Any]:
        return {"rolls": [r.json() for r in self.newest()]}


def as_roll(r: Rolled) -> Roll:
    """An evening's roll as the log's pages show one (its time on this computer's clock)."""
    try:
        time = datetime.fromisoformat(r.at).astimezone().strftime("%H:%M:%S")
    except ValueError:
        time = ""
    result = r.result.get("ru") or next(iter(r.result.values()), "")
    return Roll(r.n, r.who, r.notation, result, time, r.asked, r.given, tuple(r.result.items()))


Render = Callable[..., Response]


class EveningPages:
    """The evening's pages: the master's board and each player's, their forms and what they record."""

    def __init__(self, evening: ServedEvening, served: Served, render: Render,
                 posted: Callable[[Request], Awaitable[dict[str, list[str]]]], form_token: str,
                 fragment: Callable[..., Markup]) -> None:  # fmt: skip
        self.evening = evening
        self.served = served
        self.render = render
        self.posted = posted
        self.form_token = form_token
        self.fragment = fragment
        # (whose page, language, its forms) -> the forms drawn, each once-token a placeholder
        self._forms: dict[tuple[Any, ...], tuple[tuple[Any, ...], str]] = {}
        # (kind, language, fixed values, heroes to choose among) -> (the kind, its controls)
        self._controls: dict[tuple[Any, ...], tuple[EventKind, tuple[forms.Control, ...]]] = {}

    # ---- who is asking ------------------------------------------------------------------------

    def _player(self, request: Request) -> str:
        """The player whose address this is; an unknown one is any unknown page (404, no hint)."""
        token = request.path_params["player"]
        for known, player in self.evening.players.items():
            if hmac.compare_digest(token.encode(), known.encode()):
                return player
        raise HTTPException(404)

    # ---- pages ---------------------------------------------------------------------------------

    async def board(self, request: Request) -> Response:
        """The master's board: where the evening stands, every kind of event, the players' addresses."""
        return await self._page(request, MASTER)

    async def player(self, request: Request) -> Response:
        """A player's page: where the evening stands, and what he may record."""
        return await self._page(request, self._player(request))

    async def version(self, request: Request) -> Response:
        """The newest event's number: a page reloads when it changes (another phone recorded)."""
        opened = await run_in_threadpool(read, self.evening.path)
        return JSONResponse({"last": opened.state.last})

    async def record(self, request: Request) -> Response:
        """A form sent: the event recorded (once, however often the form is sent), then the page again."""
        who = MASTER if "token" in request.path_params else self._player(request)
        form = await self.posted(request)
        lang = self._lang(request)
        # The evening read, the form checked and the event recorded in one trip to the evening's thread.
        try:
            done = await self.evening.write(partial(self._recorded, who, request.path_params["kind"], form, lang))
        except Refused as exc:  # the file busy for longer than a writer waits
            done = exc.say(lang), 400
        if isinstance(done, int):
            return RedirectResponse(f"{self._home(who)}?lang={lang}&done={done}", status_code=303)
        refusal, status = done
        return await self._page(request, who, refusal=refusal, status=status)

    def _recorded(self, who: str, kind: str, form: dict[str, list[str]], lang: str) -> int | tuple[str, int]:
        """The number of the event a form records, or what refuses it and the status to say it with."""
        opened = read(self.evening.path)
        declared = opened.kinds.get(kind)
        if declared is None:
            raise HTTPException(404)
        q = declared.question(lambda **values: values)
        once = (form.get("once") or [""])[0][:64] or None
        dice = (form.get("dice") or [""])[0]
        if kind == "roll" and dice in QUICK_DICE:  # a tap on D6 or 2D6: the notation it stands for
            form["notation"] = [dice]
        mine = opened.table.actors(opened.state, who) if who != MASTER else ()
        if declared.actor is not None and not (form.get(declared.actor) or [""])[0] and len(mine) == 1:
            form[declared.actor] = [mine[0]]  # a player acts as himself unless he has heroes to choose among
        seen = _number((form.pop("seen", None) or [""])[0])
        # An offer reckoned on an older evening is refused, unless this is its resend (recorded once,
        # said so): the journal is searched for its token only then, never on every form.
        if seen is not None and seen != opened.state.last and not (once is not None and _sent(opened, once)):
            return label("ev_moved_on", lang, n=seen), 409
        try:
            values = forms.read(q, self.served, form)
            return record(self.evening.path, kind, values, who, "web", once).n
        except Refused as exc:
            with said.speaking(q, _words(lang), lang):  # a field by its label, never by its switch
                return exc.say(lang), 400

    async def undo(self, request: Request) -> Response:
        """The master takes back the event the board showed as the newest (a resent form undoes
        nothing more); the board says what it was."""
        form = await self.posted(request)
        lang = self._lang(request)
        seen = _number((form.get("newest") or [""])[0])
        try:
            done = await self.evening.write(partial(undo, self.evening.path, MASTER, "web", seen))
        except Refused as exc:
            return await self._page(request, MASTER, refusal=exc.say(lang), status=400)
        return RedirectResponse(f"{self._home(MASTER)}?lang={lang}&undone={done.undone}", status_code=303)

    # ---- drawing -------------------------------------------------------------------------------

    def _lang(self, request: Request) -> str:
        asked = request.query_params.get("lang", "")
        return asked if asked in LANGUAGES else self.served.language or "ru"

    def _home(self, who: str) -> str:
        if who == MASTER:
            return f"/m/{self.evening.master}/evening/"
        return f"/p/{self.evening.token_of(who)}/"

    async def _page(self, request: Request, who: str, refusal: str = "", status: int = 200) -> Response:
        opened = await run_in_threadpool(read, self.evening.path)
        lang = self._lang(request)
        state = opened.state
        done = _number(request.query_params.get("done"))
        undone = _number(request.query_params.get("undone"))
        told = ""
        master = who == MASTER  # what the rules keep the master's is said veiled on any other page
        if done is not None:
            row = _row(opened, done)
            told = label("ev_recorded", lang, n=done, said=said_row(opened, row, lang, master, who)) if row else ""
        elif undone is not None:
            row = _row(opened, undone)
            told = label("ev_undone", lang, n=undone, said=said_row(opened, row, lang, master, who)) if row else ""
        rows = [r for r in (_row(opened, n) for n in reversed(state.live[-SHOWN_EVENTS:])) if r is not None]
        events = [{"n": r.n, "said": said_row(opened, r, lang, master, who), "at": _local(r.at)} for r in rows]
        forms_drawn = self._forms_of(opened, who, lang)
        addresses = []
        if who == MASTER:
            base = str(request.base_url).rstrip("/")
            for player in state.players:
                url = f"{base}/p/{self.evening.token_of(player)}/?lang={lang}"
                addresses.append({"player": player, "url": url, "qr": _qr(url)})
        return self.render(
            request, "evening.html", status, master=who == MASTER,
            title=opened.session.ruleset.title[lang], lines=_text(opened, lang, master, who),
            who=who_said(who, lang), forms=forms_drawn, events=events, told=told,
            refusal=refusal, addresses=addresses, last=state.last, home=self._home(who),
            newest=events[0]["said"] if events else "", newest_n=events[0]["n"] if events else 0,
            token=self.form_token,
            rolls=[{"n": r.n, "time": _local(r.at), "who": r.who, "rolled": r.notation,
                    "result": r.result.get(lang, "")} for r in reversed(state.rolls[-SHOWN_EVENTS:])],
        )  # fmt: skip

    def _forms_of(self, opened: Opened, who: str, lang: str) -> Markup:
        """The forms of `who`'s page: drawn once for whom, the language and which forms he may fill
        in now (every phone's page is drawn again whenever anyone records), each form then given a
        once-token of its own, so that a form sent twice records once and two forms never share one."""
        shown = [f for f in (self._form(opened, k, who, lang) for k in opened.kinds.values()) if f is not None]
        key = (who, lang, tuple((f["name"], id(f["controls"])) for f in shown))
        found = self._forms.get(key)
        controls = tuple(f["controls"] for f in shown)
        if found is None or any(a is not b for a, b in zip(found[0], controls, strict=True)):
            if len(self._forms) >= FORMS_KEPT:
                self._forms.clear()
            marked = [{**f, "once": _ONCE.format(i=i)} for i, f in enumerate(shown)]
            drawn = self.fragment("evening_forms.html", lang, kinds=marked, home=self._home(who), token=self.form_token)
            found = self._forms[key] = (controls, str(drawn))
        page = found[1]
        for i in range(len(shown)):
            page = page.replace(_ONCE.format(i=i), secrets.token_urlsafe(12), 1)
        return Markup(page)

    def _form(self, opened: Opened, kind: EventKind, who: str, lang: str) -> dict[str, Any] | None:
        """A kind of event as a form for `who`: a player's own actor filled in (or his to choose
        among), and none at all for what he may not record now."""
        state = opened.state
        fixed: dict[str, list[str]] = {}
        among: tuple[str, ...] = ()
        if who != MASTER:
            if kind.actor is None:
                try:
                    allowed(opened, kind, {}, who)
                except Refused:
                    return None
            else:
                mine = opened.table.actors(state, who)
                if not mine:
                    return None
                fixed[kind.actor] = [mine[0]]
                if len(mine) > 1:  # his heroes, to choose among
                    among, fixed = mine, {}
        # A kind's controls depend on nothing but the kind, the language, whose they are and his
        # heroes: made once, as every phone's page is drawn again whenever anyone records.
        key = (kind.name, lang, tuple((k, tuple(v)) for k, v in fixed.items()), among, who == MASTER)
        made = self._controls.get(key)
        if made is None or made[0] is not kind:
            q = kind.question(lambda **values: values)
            if among and kind.actor is not None:
                q = _choosing(q, kind.actor, among)
            if who != MASTER:  # a box only the master may tick (points from outside the count) is his alone
                q = _players(q, kind)
            controls = forms.controls(q, self.served, fixed, lang, _words(lang))
            if fixed and kind.actor is not None:
                controls = [forms.Control(c.name, c.label, "fixed", c.values) if c.name == kind.actor else c
                            for c in controls]  # fmt: skip
            made = self._controls[key] = (kind, tuple(controls))
        return {"name": kind.name, "summary": kind.summary[lang], "controls": made[1], "fixed": fixed,
                "quick": QUICK_DICE if kind.name == "roll" else ()}  # fmt: skip


def _players(q: Question, kind: EventKind) -> Question:
    """The question without the boxes whose ticking makes the event the master's to record."""
    import dataclasses

    from ..questions import Flag

    if kind.masters({}):
        return q
    inputs = tuple(i for i in q.inputs if not (isinstance(i.kind, Flag) and kind.masters({i.name: True})))
    return dataclasses.replace(q, inputs=inputs)


def _choosing(q: Question, name: str, among: tuple[str, ...]) -> Question:
    """The question with one text input offered as a choice among `among` (a player's heroes)."""
    import dataclasses

    from ..questions import Choice

    inputs = tuple(dataclasses.replace(i, kind=Choice(among)) if i.name == name and isinstance(i.kind, Text) else i
                   for i in q.inputs)  # fmt: skip
    return dataclasses.replace(q, inputs=inputs)


@lru_cache(maxsize=4)
def _words(lang: str) -> dict[str, str]:
    """The pages' words in a language, gathered once: every form of every board asks for them."""
    from .answering import words_of

    return words_of(lang)


def _text(opened: Opened, lang: str, master: bool, who: str = "") -> list[tuple[int, str]]:
    """Where the evening stands, a sentence a line (its rolls and events are lists of their own):
    the game's part, the master's secrets on his board only, and what is counting down. Each line
    with its depth, as the terminal indents it (a player, his hero, what the hero has), so that a
    page groups a hero's lines under him instead of listing them all alike."""
    state = opened.state
    head = label("ev_show_head", lang, game=opened.session.ruleset.title[lang], turn=state.turn,
                 round=state.round, whose=state.whose or "—")  # fmt: skip
    out = [(0, head), *_depths(opened.table.lines(state, lang))]
    if master:
        out += _depths(opened.table.secrets(state, lang))
    elif who in state.players:  # what only he and the master see of his own (his heroes' goods)
        out += _depths(opened.table.own(state, who, lang))
    if state.countdowns:
        out.append((0, label("ev_counting", lang)))
        out += [(1, label("ev_countdown", lang, what=c.what.get(lang, ""), due=c.due))
                for c in sorted(state.countdowns, key=lambda c: c.due)]  # fmt: skip
    return [(depth, _SUM.sub("\\1\u00a0$", line)) for depth, line in out]


# A sum and its $ kept on one line of a narrow phone ("120 $"), never "120" then "$" below it.
_SUM = re.compile(r"(\d) \$")


def _depths(lines: Sequence[str]) -> list[tuple[int, str]]:
    """Each line stripped, with its depth: the rank of its indent among the indents the lines use."""
    indents = sorted({len(line) - len(line.lstrip(" ")) for line in lines})
    return [(min(indents.index(len(line) - len(line.lstrip(" "))), 2), line.strip()) for line in lines]


def _row(opened: Opened, n: int) -> Row | None:
    """The journal's event number n: the journal is in order of number, so a page drawn for a long
    evening looks up its newest events without going through the rest."""
    at = bisect.bisect_left(opened.rows, n, key=lambda r: r.n)
    return opened.rows[at] if at < len(opened.rows) and opened.rows[at].n == n else None


def _sent(opened: Opened, once: str) -> bool:
    """Whether a form's token recorded an event already (a resend)."""
    return any(r.once == once for r in reversed(opened.rows))


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() and len(text) < 10 else None


@lru_cache(maxsize=4096)
def _local(at: str) -> str:
    """An event's time (UTC, as the journal keeps it) on this computer's clock: made once a time, as
    every page says the newest events' times again."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M")
    except ValueError:
        return ""


@lru_cache(maxsize=64)
def _qr(url: str) -> str:
    """An address as a QR code a phone scans, as a data: URI an <img> shows (no file, no script)."""
    import segno

    return str(segno.make(url).svg_data_uri(scale=4, border=2))
