"""The referee's web pages: every referee question as a form, its answer, the shared roll log, the master's pages."""

# Pages are drawn on the server from the questions' declarations (printkit.referee), in the asker's
# language; each works as a plain form. A question that changes nothing is asked by GET; a roll,
# which goes into the shared log, only by POST from this site's own page. The master's pages live
# under a random token and are the only ones that ask a question reading the referee's key.

from __future__ import annotations

import contextlib
import hmac
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar
from urllib.parse import parse_qs, quote, unquote, urlsplit

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import PrintkitError
from ..game import games
from ..labels import LANGUAGES, Refused, RefusedValue
from ..questions import File, Flag, Question
from ..referee import Entry, questions
from . import forms, pictures, said
from .answering import LOGGED, Job, Link, Worked, refusal_said, registered, words_of, work_out
from .evening import EveningLog, EveningPages, ServedEvening
from .forms import QUICK_DICE, ROLL_SWITCH
from .rolls import NAME_LIMIT, TEXT_LIMIT, Log, Roll
from .served import Served, missing, secret
from .workers import Busy, Workers

T = TypeVar("T")
# The longest a question may take to answer before its page says so: the command line's answers
# take well under a second; a question that needs longer is one a table cannot wait for.
ANSWER_SECONDS = 10.0
# A busy refusal's Retry-After: about the time a second-long answer takes to leave the queue.
RETRY_SECONDS = 1
# The largest request body (a roll's form) and query string a page sends: a few fields.
BODY_LIMIT = 16 * 1024
QUERY_LIMIT = 16 * 1024
# All of a request's headers together: a browser sends a few hundred bytes.
HEADERS_LIMIT = 16 * 1024
# The most of a request's head (its line, the query string in it, and its headers) the server reads
# before refusing it: read into memory only up to this, the limits above then refused one by one.
HEAD_LIMIT = QUERY_LIMIT + HEADERS_LIMIT + 4096
# A game's question with the roll switch (forms.ROLL_SWITCH) is asked by POST like a roll, and logged
# when it rolled; the dice roll's page offers forms.QUICK_DICE at a tap.
# Pages that show the log beside the form.
DICE = frozenset({"roll", "odds"})
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# The stylesheet of a game's own pictures in its static/ folder (served at /static/<family>/): linked
# by the pages of that game's questions, after the shared pictures.css.
GAME_STYLES = "pictures.css"
# Referer goes to this site's own pages only: a form's POST then carries its Origin (a page under
# no-referrer sends "Origin: null", which no same-origin check can tell from a foreign page), and
# the master's token never leaves the site in a Referer.
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


@dataclass
class Table:
    """What a served table holds: its files, the questions it asks, its log and its secrets."""

    served: Served
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))  # the master's pages
    form_token: str = field(default_factory=lambda: secrets.token_urlsafe(24))  # a roll's form
    log: Log = field(default_factory=Log)
    asked: dict[str, tuple[Entry, Question]] = field(default_factory=dict)
    answer_seconds: float = ANSWER_SECONDS
    # Where answers are worked out, and the queue before them (printkit.web.workers): threads here;
    # `serve` gives a table worker processes.
    workers: Workers = field(default_factory=Workers)
    # The evening served (`serve --evening`): its master's secret is the master's address, its
    # journal's rolls the log (printkit.web.evening).
    evening: ServedEvening | None = None

    def __post_init__(self) -> None:
        if self.evening is not None:
            self.token = self.evening.master
            self.log = EveningLog(self.evening.path)  # type: ignore[assignment]
        if not self.asked:
            self.asked.update((e.name, (e, q)) for e, q in questions())


def make_app(table: Table, hosts: Sequence[str] = ("127.0.0.1", "localhost")) -> Starlette:
    """The ASGI application of a served table; `hosts` are the names its pages are asked by."""
    # The templates are package data: read once, never checked again for changes on a request.
    env = Environment(loader=PackageLoader("printkit.web", "templates"), autoescape=select_autoescape(default=True),
                      auto_reload=False)  # fmt: skip
    # Each game's static folder is served beside the shared one, read-only and under the same headers
    # (StaticFiles refuses a path that leads out of its folder); mounted first, since /static would
    # otherwise take /static/<family>/... for a file of its own.
    own = {g.family: folder for g in games() if (folder := g.assets("static")) is not None}
    styles = {family: f"/static/{family}/{GAME_STYLES}" for family, folder in own.items()
              if (folder / GAME_STYLES).is_file()}  # fmt: skip
    pages = _Pages(table, env, styles)
    routes = [
        Route("/", pages.index),
        Route("/q/{name}", pages.question, methods=["GET", "POST"]),
        Route("/log", pages.log_page),
        Route("/log.json", pages.log_json),
        Route("/m/{token}/", pages.index),
        Route("/m/{token}", pages.index),  # the master's address typed without its last slash
        Route("/m/{token}/q/{name}", pages.question, methods=["GET", "POST"]),
        Route("/m/{token}/log", pages.log_page),
        *(_evening_routes(table, pages) if table.evening is not None else ()),
        *(
            Mount(f"/static/{family}", StaticFiles(directory=folder), name=f"static-{family}")
            for family, folder in own.items()
        ),
        Mount("/static", StaticFiles(packages=[("printkit.web", "static")]), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        if table.evening is not None:
            await run_in_threadpool(table.evening.forward)
        yield
        table.workers.close()  # its worker processes end with the app
        if table.evening is not None:  # the forms sent recorded first, its file folded: not on the loop
            await run_in_threadpool(table.evening.close)

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(_Guard), Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))],
        exception_handlers={HTTPException: pages.refused, Exception: pages.failed},
    )
    # An unknown page is 404, never a redirect: Starlette's added slash is written from the decoded
    # path, so /m/%2e%2e led to /m/../, which a client resolves to the players' index (200).
    app.router.redirect_slashes = False
    return app


def _evening_routes(table: Table, pages: _Pages) -> list[Route]:
    """The evening's pages (`serve --evening`): the master's board, each player's, what they record."""
    assert table.evening is not None
    ev = EveningPages(table.evening, table.served, pages._render, pages._posted, table.form_token, pages._fragment)
    return [
        Route("/m/{token}/evening/", pages.master_only(ev.board)),
        Route("/m/{token}/evening/undo", pages.master_only(ev.undo), methods=["POST"]),
        Route("/m/{token}/evening/{kind}", pages.master_only(ev.record), methods=["POST"]),
        Route("/p/{player}/", ev.player),
        Route("/p/{player}/{kind}", ev.record, methods=["POST"]),
        Route("/evening.json", ev.version),
    ]


class _Guard:
    """Every response's security headers, and requests refused unread when larger than a page sends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if sum(len(k) + len(v) for k, v in scope["headers"]) > HEADERS_LIMIT:
            await _plain(431, "Request Header Fields Too Large")(scope, receive, send)
            return
        headers = dict(scope["headers"])
        length = headers.get(b"content-length", b"0")
        if len(scope.get("query_string", b"")) > QUERY_LIMIT:
            await _plain(414, "URI Too Long")(scope, receive, send)
            return
        if not length.isdigit() or int(length) > BODY_LIMIT:
            await _plain(413, "Content Too Large")(scope, receive, send)
            return
        master = scope["path"].startswith(("/m/", "/p/"))  # a master's or a player's own page
        began = time.perf_counter()

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                # How long the server took to answer, apart from the network and the client's own
                # time: bench/evening.py reports it beside what the phones saw.
                took = f"app;dur={(time.perf_counter() - began) * 1000:.1f}".encode()
                message["headers"] = [*message.get("headers", []), *HEADERS, (b"server-timing", took)]
                if master:
                    message["headers"].append((b"cache-control", b"no-store"))
            await send(message)

        await self.app(scope, receive, with_headers)


def _plain(status: int, text: str) -> Response:
    return Response(text, status, media_type="text/plain", headers={k.decode(): v.decode() for k, v in HEADERS})


def _language(request: Request, served: Served) -> str:
    asked = request.query_params.get("lang", "")
    return asked if asked in LANGUAGES else served.language if served.language in LANGUAGES else "ru"


class _Pages:
    """The pages' handlers."""

    def __init__(self, table: Table, env: Environment, styles: Mapping[str, str]) -> None:
        self.table = table
        self.env = env
        self.styles = styles  # family -> the address of its pictures' stylesheet
        self.words = {lang: words_of(lang) for lang in LANGUAGES}
        self._said: dict[tuple[int, str], dict[str, Any]] = {}  # (roll's number, language) -> as pages say it

    # ---- shared parts ------------------------------------------------------------------------------

    def _master(self, request: Request) -> bool:
        """Whether the page is the master's; a wrong token is any unknown page (404, no hint)."""
        token = request.path_params.get("token")
        if token is None:
            return False
        if not hmac.compare_digest(token.encode(), self.table.token.encode()):
            raise HTTPException(404)
        return True

    def master_only(self, page: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        """A page of the master's: any other token is an unknown page."""

        async def checked(request: Request) -> Response:
            self._master(request)
            return await page(request)

        return checked

    def _render(self, request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        lang = _language(request, self.table.served)
        master = values.pop("master", False)
        base = f"/m/{self.table.token}" if master else ""
        other = "en" if lang == "ru" else "ru"
        switch = str(request.url.include_query_params(lang=other).replace(scheme="", netloc=""))
        styles = values.pop("styles", ())
        html = self.env.get_template(template).render(
            w=self.words[lang], lang=lang, other=other, base=base, master=master, switch=_relative(switch),
            q=_query(lang), styles=styles, board=master and self.table.evening is not None, **values,
        )  # fmt: skip
        return HTMLResponse(html, status)

    def _fragment(self, template: str, lang: str, **values: Any) -> Markup:
        """A part of a page drawn apart (an evening's forms, drawn once and used again), in a language."""
        return Markup(self.env.get_template(template).render(w=self.words[lang], lang=lang, q=_query(lang), **values))

    async def refused(self, request: Request, exc: Exception) -> Response:
        """A page refused (unknown, wrong token, not from this site): its status, a line in the page's language."""
        status = exc.status_code if isinstance(exc, HTTPException) else 400
        words = self.words[_language(request, self.table.served)]
        return self._render(request, "error.html", status, message=words["web_not_found" if status == 404 else
                                                                         "web_refused"])  # fmt: skip

    async def failed(self, request: Request, exc: Exception) -> Response:
        """Whatever went wrong inside: a plain page in the page's language, never a traceback."""
        lang = _language(request, self.table.served)
        try:
            page = self._render(request, "error.html", 500, message=self.words[lang]["web_failed"])
        except Exception:
            return _plain(500, "Internal Server Error")
        # This handler answers outside _Guard (Starlette's outermost layer): the headers are its own.
        page.headers.update({k.decode(): v.decode() for k, v in HEADERS})
        if request.url.path.startswith("/m/"):
            page.headers["cache-control"] = "no-store"
        return page

    # ---- pages -------------------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        master = self._master(request)
        lang = _language(request, self.table.served)
        groups: dict[str, list[dict[str, Any]]] = {}
        from ..game import game

        # A config's table sees its game's questions first, then the shared ones, and no other game's.
        own = self.table.served.family
        asked = sorted(self.table.asked.values(), key=lambda found: found[0].family != own)
        for entry, q in asked:
            if (secret(q) and not master) or (own is not None and entry.family not in (None, own)):
                continue
            where = game(entry.family).named(lang) if entry.family else self.words[lang]["web_shared"]
            lacking = missing(q, self.table.served)
            groups.setdefault(where, []).append(
                {
                    "name": entry.name,
                    "title": said.title(entry.name, self.words[lang]),
                    "summary": said.summary(q, self.words[lang], lang),
                    "lacking": lacking,
                    "secret": secret(q),
                }
            )
        return self._render(request, "index.html", groups=groups, master=master)

    async def log_page(self, request: Request) -> Response:
        master = self._master(request)
        return self._render(request, "log.html", rolls=await self._rolls(_language(request, self.table.served)),
                            master=master)  # fmt: skip

    async def log_json(self, request: Request) -> Response:
        """The log's rolls, their fields as ever, with the words a page shows them in (?lang=)."""
        lang = _language(request, self.table.served)
        return JSONResponse({"rolls": await self._rolls(lang)})

    async def _rolls(self, lang: str) -> list[dict[str, Any]]:
        """The log's rolls, newest first, as a page shows them. Each roll is said once per language:
        every device polls the log, and a full log's rolls said afresh on each request cost more
        than the rest of the page. An evening's are read from its file in a worker thread."""
        log = self.table.log
        rolls = await run_in_threadpool(log.newest) if self.table.evening is not None else log.newest()
        out = []
        for r in rolls:
            said = self._said.get((r.n, lang))
            if said is None:
                said = self._said[(r.n, lang)] = {**r.json(), **self._said_roll(r, lang)}
            out.append(said)
        if len(self._said) > 2 * len(LANGUAGES) * max(len(rolls), 1):  # rolls the log no longer keeps
            kept = {r.n for r in rolls}
            self._said = {k: v for k, v in self._said.items() if k[0] in kept}
        return out

    def _said_roll(self, r: Roll, lang: str) -> dict[str, str]:
        """A roll as the table reads it: what was rolled in words, and its seed ("seed “5”"), never its
        command line (2d6+1 --seed 5, which /log.json keeps as `what`); its result in the page's
        language, whoever rolled it in which. The config's own edition goes without saying."""
        found = self.table.asked.get(r.asked)
        if found is None:  # a question no longer asked: its line as it was logged
            return {"rolled": r.what, "seed": "", "result": r.said(lang)}
        words = self.words[lang]
        given = [(k, v) for k, v in r.given if not (k == "edition" and v == self.table.served.edition)]
        return {
            "rolled": said.rolled(found[1], given, words, lang, r.asked in LOGGED),
            "seed": said.seed(given, words),
            "result": r.said(lang),
        }

    async def question(self, request: Request) -> Response:
        master = self._master(request)
        name = request.path_params["name"]
        found = self.table.asked.get(name)
        if found is None or (secret(found[1]) and not master):
            raise HTTPException(404)
        q = found[1]
        # A game's question shows that game's pictures: its page links the game's stylesheet.
        family = found[0].family
        styles = [self.styles[family]] if family is not None and family in self.styles else []
        lang = _language(request, self.table.served)
        words = self.words[lang]
        served = self.table.served
        if served.evening_file is not None and served.config is not None:
            # the page's picture and fields read the config as the evening stands now, not as it began
            from ..evening.now import written

            await run_in_threadpool(written, served.evening_file, served.config.parent)
        logged = rolls_dice(q)
        if request.method == "POST":
            if not logged:
                raise HTTPException(405)
            form = await self._posted(request)
            dice = form.get("dice", [""])[0]
            if q.name in LOGGED and dice in QUICK_DICE:  # a tap on D6 or 2D6: the notation it stands for
                form["notation"] = [dice]
        else:
            form = {k: request.query_params.getlist(k) for k in request.query_params}
        asking = (request.method == "POST") if logged else "ask" in form
        lacking = missing(q, served)
        who = (form.get("who") or [unquote(request.cookies.get("who", "")[: NAME_LIMIT * 12])])[0][:NAME_LIMIT]
        status, picture, rolled = 200, None, ""
        refusal: str | Markup = ""
        suggested: tuple[tuple[str, str], ...] = ()  # the fields a suggestion's button posts a roll's question with
        values: dict[str, Any] = forms.read(q, served, form, lenient=True)
        brief = bool(form.get("brief")) and _has_notes(q)

        link = Link(f"/m/{self.table.token}" if master else "", name, form, lang, logged)
        game_rolled = logged and name not in LOGGED and _rolled(q, form)  # a spell cast: what the dice did first
        worked: Worked | None = None
        try:
            if asking and not lacking:
                try:
                    if logged and _rolled(q, form) and not who.strip():  # the log says whose roll it was
                        raise RefusedValue("web_who_missing")
                    values = forms.read(q, served, form)
                    rolled = _asked(q, values) if logged and _rolled(q, form) else ""
                    if len(rolled) > TEXT_LIMIT:  # the log would cut it: what was rolled, seed included, or nothing
                        raise RefusedValue("web_log_too_long", length=len(rolled), most=TEXT_LIMIT)
                    job = Job(name, form, lang, served, link, brief, game_rolled)
                    # A worker process finds the registry's question by its name; a question only this
                    # table asks (one of the tests' own) is worked out in a thread.
                    known = registered().get(name, (None, None))[0] == found[0]
                    work = partial(work_out, job) if known else partial(work_out, job, q)
                    worked = await self.table.workers.run(work, self.table.answer_seconds, True,
                                                          apart=self.table.workers.apart and known)  # fmt: skip
                    if worked.refusal:
                        status, refusal, suggested, worked = 400, worked.refusal, worked.suggested, None
                except PrintkitError as exc:
                    status = 400
                    refusal, suggested = refusal_said(exc, q, form, served, link, words)
            if worked is None:  # the page before asking, or refused: the picture to tap, of what was given
                drawn = partial(pictures.picture, name, values, None, lang, link)
                picture = await self._bounded(drawn, heavy=False)
        except TimeoutError:
            status, refusal = 400, words["web_too_slow"].format(seconds=f"{self.table.answer_seconds:g}")
        except Busy:
            status, refusal = 503, words["web_busy"]
        if worked is not None:
            picture = worked.picture
            if logged and _rolled(q, form):
                once = (form.get("once") or [""])[0][:64] or None  # a resent form logs once (an evening's log)
                add = partial(self.table.log.add, who, rolled, worked.line[lang], name, _given(q, values), worked.line,
                              once)  # fmt: skip
                if self.table.evening is None:
                    add()
                else:  # into the evening's file, on its thread, never the event loop
                    try:
                        await self.table.evening.write(add)
                    except Refused as exc:  # the file busy for longer than a writer waits: the answer, unlogged
                        status, refusal = 503, exc.say(lang)

        response = self._render(
            request, "question.html", status, master=master, name=name, question=q, about=said.about(q, words),
            title=said.title(name, words), summary=said.summary(q, words, lang),
            controls=forms.controls(q, served, form, lang, words), lacking=lacking, refusal=refusal,
            suggested=suggested,
            blocks=worked.blocks if worked is not None else [],
            offers=worked.offers if worked is not None and master else (),
            evening_home=f"/m/{self.table.token}/evening/",
            brief_offered=_has_notes(q),
            brief=brief, code=worked.code if worked is not None else 0, picture=picture,
            method="post" if logged else "get", token=self.table.form_token, once=secrets.token_urlsafe(12), who=who,
            logged=logged,
            dice=name in DICE or logged, rolls=await self._rolls(lang) if name in DICE or logged else [],
            quick=QUICK_DICE if name in LOGGED else (), roll_switch=logged and name not in LOGGED,
            roll_name=ROLL_SWITCH,
            styles=styles,
        )  # fmt: skip
        if status == 503:  # busy: when to ask again, for a client that retries by itself
            response.headers["retry-after"] = str(RETRY_SECONDS)
        if logged and request.method == "POST" and who:
            response.set_cookie("who", quote(who), max_age=30 * 86400, httponly=True, samesite="strict")
        return response

    async def _posted(self, request: Request) -> dict[str, list[str]]:
        """A roll's form, read only when it comes from this site's own page with its token."""
        if not _same_origin(request):
            raise HTTPException(403)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > BODY_LIMIT:
                raise HTTPException(413)
        try:
            form = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=200)
        except (UnicodeDecodeError, ValueError):
            raise HTTPException(400) from None
        token = (form.get("t") or [""])[0]
        if not hmac.compare_digest(token.encode(), self.table.form_token.encode()):
            raise HTTPException(403)
        return form

    async def _bounded(self, work: Callable[[], T], heavy: bool) -> T:
        """An answer worked out off the event loop within the answer's time limit (Busy when the
        queue is full; `heavy`: an answer asked for, which waits for a worker)."""
        return await self.table.workers.run(work, self.table.answer_seconds, heavy)


def _same_origin(request: Request) -> bool:
    """Whether a POST comes from a page of this site: its Origin (or else its Referer) names the host asked."""
    host = request.headers.get("host", "")
    origin = request.headers.get("origin")
    if origin and origin != "null":
        return urlsplit(origin).netloc == host
    referer = request.headers.get("referer")
    return bool(referer) and urlsplit(referer).netloc == host


def _relative(url: str) -> str:
    """A URL of this site without scheme and host, as a path from its root: however many slashes the
    address asked began with ("////evil.example/x"), never a link to another site."""
    path, _, query = url.partition("?")
    return "/" + path.lstrip("/") + (f"?{query}" if query else "")


def _query(lang: str) -> str:
    return f"?lang={lang}"


def _has_notes(q: Question) -> bool:
    """Whether a question's answers end with notes on the rules that a brief answer leaves out."""
    return q.notes


def rolls_dice(q: Question) -> bool:
    """Whether a question's answer may be a roll of dice, which goes into the shared log: the dice
    roll, and a game's question with a `roll` switch (a spell, a mine, an uprising rolled at once)."""
    return q.name in LOGGED or any(i.name == ROLL_SWITCH and isinstance(i.kind, Flag) for i in q.inputs)


def _rolled(q: Question, form: Mapping[str, list[str]]) -> bool:
    """Whether this asking rolled dice: always for the dice roll, with the switch on for a game's question."""
    return q.name in LOGGED or bool(form.get(ROLL_SWITCH))


def _asked(q: Question, values: Mapping[str, Any]) -> str:
    """What was rolled, as the log keeps it (/log.json's `what`): the values the roll was asked with
    (those read from the form, never its raw fields), as its command line would ask it: the dice
    roll's notation first (2d6+1 --seed turn-12), a game's question by its name (spell fireball
    --roll). A seed replays a roll: the log says so, or a rigged roll would pass for a fair one."""
    words = [] if q.name in LOGGED else [q.name]
    said = ""
    for name, value in _given(q, values):
        i = q.input(name)
        if isinstance(i.kind, Flag):
            words.append(i.flag or i.name)
        else:  # an option of several values names itself once, before the first: --hiders 3 2
            words += ([i.flag] if i.flag and name != said else []) + [value]
        said = name
    return " ".join(words)


def _given(q: Question, values: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The values a roll was asked with, each input's as text ("1" for a switch on), in the order
    its question declares them; a file is none of them."""
    out = []
    for i in q.inputs:
        value = values.get(i.name)
        if value is None or value is False or isinstance(i.kind, File):
            continue
        if isinstance(i.kind, Flag):
            out.append((i.name, "1"))
        else:
            out += [(i.name, str(v)) for v in (value if isinstance(value, tuple) else (value,))]
    return tuple(out)
