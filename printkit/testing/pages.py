"""A referee question's documented example as a filled form, asked of the referee's pages, and what a page shows."""

# The form's values come from printkit's own parsing: the question's command reads the example's
# words (so the values are the command line's), and the served table's files stand in for the files
# it names. The pages are asked as the ASGI application printkit serve runs (printkit.web.app), with
# a few lines of asyncio: no HTTP client and no server.

from __future__ import annotations

import asyncio
import html
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from ..cli.asking import from_question
from ..labels import entries
from ..questions import File, Flag, Para, Question
from ..web import said
from ..web.answering import LOGGED
from ..web.app import Table, rolls_dice
from ..web.forms import NONE, ROLL_SWITCH
from ..web.rolls import shown
from ..web.served import Served, secret, source

# The host the pages are asked by: one the application serves by default.
HOST = "127.0.0.1"
ORIGIN = f"http://{HOST}"
# A roll without a seed differs each time: a documented roll is asked with this one.
SEED = "web-tests"
# Who rolls a documented roll: the log is told whose roll each is.
WHO = "printkit.testing"


@dataclass(frozen=True)
class Case:
    """One documented example of a question, as a form's fields and as the values a caller passes."""

    name: str
    question: Question
    form: dict[str, list[str]]
    values: dict[str, Any]
    example: str

    def expected(self, lang: str) -> list[str]:
        """The declared function's answer for the same values, as the page shows its lines (their
        words: a phone lays a wide table's columns out as cells, so spacing is the page's own)."""
        rolled = rolls_dice(self.question) and self.name not in LOGGED and bool(self.values.get(ROLL_SWITCH))
        found = self.question.ask(self.values, lang)
        with said.speaking(self.question, {k: v[lang] for k, v in entries("web_").items()}, lang):
            lines = said.answer(found, lang, rolled=rolled)
        return words([shown(line.text if isinstance(line, Para) else line) for line in lines])


def words(lines: list[str]) -> list[str]:
    """Lines by their words alone: runs of spaces (unbreakable ones too) as one space, no space at either end."""
    return [" ".join(line.replace("\u00a0", " ").split()) for line in lines]


def asked_words(example: str, group: str, name: str) -> list[str] | None:
    """The words after `printkit GROUP NAME` of an example that asks that question (None: it asks
    another, or is another command, such as the one that makes the file it reads)."""
    said = shlex.split(example, comments=True)
    said = [w for w in said if "=" not in w or not w.split("=")[0].isupper()]  # PRINTKIT_KEY=...
    if ">" in said:
        said = said[: said.index(">")]
    return said[3:] if said[:3] == ["printkit", group, name] else None


def params(q: Question, name: str, args: list[str]) -> dict[str, Any]:
    """The values the question's own command reads from the words after its name."""
    return dict(from_question(q, name).make_context(name, list(args)).params)


def case(name: str, q: Question, served: Served, values: Mapping[str, Any], example: str) -> Case | None:
    """An example's form, its values read from the command line and its files swapped for the served
    ones by name (None: it names a file the table was not started with)."""
    form: dict[str, list[str]] = {}
    given: dict[str, Any] = {}
    for i in q.inputs:
        value = values.get(i.name)
        if isinstance(i.kind, File):
            files = served.of(source(i))
            if i.many:
                if files:
                    given[i.name] = files
                continue
            if value is None:
                if source(i) == "config" and files:
                    form[i.name] = [NONE]  # the example asks without one
                continue
            same = [p for p in files if p.name == Path(value).name]
            if not same:
                return None
            given[i.name] = same[0]
            form[i.name] = [served.short(same[0])]
            continue
        if value is None or value == () or value is False:
            if i.name == "seed":
                value = SEED
            else:
                continue
        given[i.name] = value
        if isinstance(i.kind, Flag):
            form[i.name] = ["1"]
        elif i.many:
            form[i.name] = [" ".join(shlex.quote(str(v)) for v in value)]
        elif i.count > 1:
            form[i.name] = [str(v) for v in value]
        else:
            form[i.name] = [str(value)]
    return Case(name, q, form, given, example)


def answer_lines(page: str) -> list[str] | None:
    """The answer's lines as a page shows them (None: no answer on the page)."""
    found = re.search(r'<section class="answer".*?</section>', page, re.S)
    if found is None:
        return None
    parts = re.findall(r"<(pre|p|tr)(?:\s[^>]*)?>(.*?)</(?:pre|p|tr)>", found.group(0), re.S)
    out: list[str] = []
    for tag, text in parts:
        if tag == "tr":  # a row of a wide table: its cells
            out.append(" ".join(html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", text, re.S)))
        else:
            out += html.unescape(text).split("\n") if tag == "pre" else [html.unescape(text)]
    return words(out)


@dataclass(frozen=True)
class Page:
    """A page's status, headers (names in lower case) and text."""

    status: int
    headers: dict[str, str]
    text: str
    raised: str = ""  # what the application raised after its page was sent (a server would log it)


def get(app: Any, path: str, query: Mapping[str, Any] | None = None, headers: Mapping[str, str] | None = None) -> Page:
    """GET a page of an ASGI application."""
    return asyncio.run(_call(app, "GET", path, urlencode(query or {}, doseq=True), b"", headers or {}))


def post(app: Any, path: str, form: Mapping[str, Any], headers: Mapping[str, str] | None = None) -> Page:
    """POST a form to a page of an ASGI application."""
    body = urlencode(form, doseq=True).encode()
    sent = {"content-type": "application/x-www-form-urlencoded", **(headers or {})}
    path, _, query = path.partition("?")
    return asyncio.run(_call(app, "POST", path, query, body, sent))


def ask(app: Any, table: Table, c: Case, lang: str) -> Page:
    """A case asked through its question's page: posted from the page itself if it may roll dice
    (with its form's token and this site as its origin), else by GET; a question that reads the key
    on the master's pages."""
    base = f"/m/{table.token}" if secret(c.question) else ""
    if rolls_dice(c.question):
        form = {"t": table.form_token, "lang": lang, "ask": "1", "who": WHO, **c.form}
        return post(app, f"{base}/q/{c.name}?lang={lang}", form, {"origin": ORIGIN})
    return get(app, f"{base}/q/{c.name}", {**c.form, "ask": "1", "lang": lang})


async def _call(app: Any, method: str, path: str, query: str, body: bytes, headers: Mapping[str, str]) -> Page:
    sent = [(b"host", HOST.encode()), *((k.lower().encode(), v.encode()) for k, v in headers.items())]
    if body:
        sent.append((b"content-length", str(len(body)).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": sent,
        "client": ("127.0.0.1", 50000),
        "server": (HOST, 80),
    }
    done = asyncio.Event()
    request = [{"type": "http.request", "body": body, "more_body": False}]
    status = 0
    got: dict[str, str] = {}
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        if request:
            return request.pop()
        await done.wait()  # the client stays until the whole answer came
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
            got.update((k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in message.get("headers", []))
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                done.set()

    raised = ""
    try:
        await app(scope, receive, send)
    except Exception as error:  # Starlette raises what its error page answered, for the server's log
        if not status:
            raise
        raised = f"{type(error).__name__}: {error}"
    return Page(status, got, b"".join(chunks).decode("utf-8", "replace"), raised)
