"""The conformance check of a game's questions: each answers its examples on the command line, in JSON, as a page."""

# A question's examples are run in order, as a reader of its --help runs them, in a fresh folder
# whose examples/ holds the game's example files (as `printkit examples` writes them): a line may
# make what a later one reads (`printkit stratego random > my-setup.txt`, `printkit secret-sheets
# --out kit`). Where a line names a file under kit/ that nothing made yet, the kinds that write it
# are built first from the game's first declared config, into kit/: a key, say, for a lookup.

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
from fnmatch import fnmatchcase
from html import unescape
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from ..config.session import LANGUAGES, load_session
from ..errors import PrintkitError
from ..examples import configs
from ..examples import write as write_examples
from ..game import Game
from ..labels import Phrase
from ..pipeline.kit import build_kit
from ..questions import File
from ..referee import Entry, entries
from ..web.app import CSP, Table, make_app
from ..web.served import load, source
from . import commandline
from .declared import Asked, questions
from .pages import answer_lines, ask, asked_words, case, params

WIDTH = 80  # a terminal's columns: every answer fits them (the runner's COLUMNS)
KIT = "kit"  # the folder a documented build writes its kit into, as the examples name it
SEED = "printkit.testing"
# A question answers a page within this long here: what is checked is the answer, not the machine.
ANSWER_SECONDS = 120.0


def answers(g: Game, jobs: int | None = None) -> list[Phrase]:
    """Every question of the game answers each of its examples: on the command line with the exit
    code the example documents and no traceback, in the other language too, in JSON where it has
    JSON, and (a referee question) as its page, in Russian and English, with the function's answer."""
    out: list[Phrase] = []
    with tempfile.TemporaryDirectory(prefix="printkit-testing-") as tmp:
        for n, asked in enumerate(questions(g)):
            where = Path(tmp) / f"{n}-{asked.name}"
            where.mkdir()
            write_examples(where / "examples", [g])
            for example in asked.examples:
                out += _example(g, asked, example, where)
    return out


def _example(g: Game, asked: Asked, example: str, where: Path) -> list[Phrase]:
    try:
        line = commandline.parse(example)
    except ValueError:
        return [Phrase("ts_not_a_command", name=asked.name, line=example)]
    made = _kit_files(g, line, where)
    if made:
        return made
    ran = commandline.run(line, where)
    wrong = _ran_wrong(ran, line.exit_code, example)
    args = asked_words(example, asked.group, asked.name)
    if wrong or args is None:  # a line that only makes what a later one reads is checked for its exit code
        return wrong
    out: list[Phrase] = []
    if line.into is None and not ran.stdout.strip():
        out.append(Phrase("ts_silent", line=example))
    out += _too_wide(ran, line, example)
    q = asked.question
    if q.lang:
        written = _language(line.args)
        for lang in [lang for lang in LANGUAGES if lang != (written or "ru")]:
            again = dataclasses.replace(line, args=[*_without_language(line.args), "--lang", lang], into=None)
            said = commandline.run(again, where)
            out += _ran_wrong(said, line.exit_code, f"{example} (--lang {lang})") or _too_wide(said, again, example)
    if q.json:
        plain = dataclasses.replace(line, args=[*line.args, *([] if "--json" in line.args else ["--json"])], into=None)
        said = commandline.run(plain, where)
        wrong = _ran_wrong(said, line.exit_code, f"{example} (--json)")
        out += wrong
        if not wrong:
            try:
                json.loads(said.stdout)
            except ValueError as error:
                out.append(Phrase("ts_not_json", line=example, error=str(error)))
    if asked.group == "referee":
        out += _pages(g, asked, line, args, example, where)
    return out


def _ran_wrong(ran: commandline.Ran, documented: int, example: str) -> list[Phrase]:
    if ran.exception is not None:
        return [Phrase("ts_traceback", line=example, error=f"{type(ran.exception).__name__}: {ran.exception}")]
    if "Traceback (most recent call last)" in ran.output:
        return [Phrase("ts_traceback", line=example, error=ran.output.strip().splitlines()[-1])]
    if ran.exit_code != documented:
        said = (ran.output.strip().splitlines() or [""])[-1]
        return [Phrase("ts_exit", line=example, code=ran.exit_code, documented=documented, said=said)]
    return []


def _too_wide(ran: commandline.Ran, line: commandline.Line, example: str) -> list[Phrase]:
    """An answer's line wider than a terminal's 80 columns (JSON, and a line of one word such as a
    board's code, are data for programs, not an answer to read)."""
    if "--json" in line.args:
        return []
    wide = [text for text in ran.output.splitlines() if len(text) > WIDTH and " " in text.strip()]
    return [Phrase("ts_too_wide", line=example, width=len(wide[0]), text=wide[0][:40])] if wide else []


def _language(args: list[str]) -> str | None:
    for n, word in enumerate(args):
        if word == "--lang" and n + 1 < len(args):
            return args[n + 1]
        if word.startswith("--lang="):
            return word.removeprefix("--lang=")
    return None


def _without_language(args: list[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for word in args:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True
        elif not word.startswith("--lang="):
            out.append(word)
    return out


def _kit_files(g: Game, line: commandline.Line, where: Path) -> list[Phrase]:
    """Build the files under kit/ that a line names and nothing made yet, from the game's first
    declared config: only the kinds whose printing covers them (a problem: the line's finding)."""
    named = [w for w in [*line.args, *(v or "" for v in line.env.values())] if w.startswith(f"{KIT}/")]
    missing = [w.removeprefix(f"{KIT}/") for w in named if not (where / w).exists()]
    if not missing:
        return []
    if not g.configs:
        return [Phrase("ts_kit_file_unmade", file=f"{KIT}/{missing[0]}")]
    session = load_session(configs(g)[0])
    offered = [a for a in g.artefacts if a.available is None or a.available(session)]
    kinds = [a.kind for a in offered if any(fnmatchcase(name, p.file) for name in missing for p in a.prints)]
    if not kinds:
        return [Phrase("ts_kit_file_unmade", file=f"{KIT}/{missing[0]}")]
    try:
        build_kit(session, where / KIT, seed=SEED, only=kinds, force=True, jobs=1)
    except PrintkitError as error:
        return [Phrase("ts_build_failed", kit=f"{KIT}/ ({', '.join(kinds)})", error=error.message)]
    return []


def _pages(g: Game, asked: Asked, line: commandline.Line, args: list[str], example: str, where: Path) -> list[Phrase]:
    """The example asked through its question's page, served with the files it names."""
    q = asked.question
    here = Path.cwd()
    os.chdir(where)  # the line's file names are its folder's, and its VAR=value feeds its options
    try:
        with CliRunner(env={"PRINTKIT_KEY": None, **line.env}).isolation():
            values = params(q, asked.name, args)
    except Exception as error:  # the command line answered it: its words must read here alike
        return [Phrase("ts_page_unread", line=example, error=str(error))]
    finally:
        os.chdir(here)
    values = {k: _absolute(v, where) for k, v in values.items()}
    files: dict[str, list[Path]] = {"config": [], "key": [], "map": [], "file": []}
    for i in q.inputs:
        if isinstance(i.kind, File) and values.get(i.name) is not None:
            given = values[i.name]
            files[source(i)] += list(given) if isinstance(given, tuple) else [given]
    try:
        served = load(next(iter(files["config"]), None), tuple(files["key"]), tuple(files["map"]), tuple(files["file"]))
    except PrintkitError as error:
        return [Phrase("ts_page_unread", line=example, error=error.message)]
    found = case(asked.name, q, served, values, example)
    if found is None:
        return [Phrase("ts_page_unread", line=example, error="a file it names is not served")]
    entry = _entry(g, asked)
    table = Table(served, asked={asked.name: (entry, q)}, answer_seconds=ANSWER_SECONDS)
    app = make_app(table)
    out: list[Phrase] = []
    for lang in LANGUAGES:
        page = ask(app, table, found, lang)
        if page.status != 200:
            said = _refusal(page.text) or page.raised
            out.append(Phrase("ts_page_status", line=example, language=lang, status=page.status, said=said))
            continue
        if page.headers.get("content-security-policy") != CSP:
            out.append(Phrase("ts_page_csp", line=example, language=lang))
        if "Traceback" in page.text:
            out.append(Phrase("ts_page_traceback", line=example, language=lang))
        expected, shown = found.expected(lang), answer_lines(page.text) or []
        if shown != expected:
            first = next((n for n, (a, b) in enumerate(zip(expected, shown, strict=False)) if a != b), None)
            n = first if first is not None else min(len(expected), len(shown))
            out.append(Phrase("ts_page_answer", line=example, language=lang, want=_at(expected, n), got=_at(shown, n)))
    return out


def _entry(g: Game, asked: Asked) -> Entry:
    for e in entries():
        if e.name == asked.name:
            return e
    return Entry(asked.name, "", g.family)


def _absolute(value: Any, where: Path) -> Any:
    if isinstance(value, Path) and not value.is_absolute():
        return where / value
    if isinstance(value, tuple):
        return tuple(_absolute(v, where) for v in value)
    return value


def _at(lines: list[str], n: int) -> str:
    return lines[n] if n < len(lines) else "(nothing)"


def _refusal(page: str) -> str:
    found = re.search(r'<p class="refusal"[^>]*>(.*?)</p>', page, re.S)
    return unescape(found.group(1)).strip() if found else ""
