"""What the web tests ask: a served table's files, and each referee question's documented examples as filled forms."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.cli.asking import from_question
from printkit.questions import File, Flag, Para, Question
from printkit.referee import questions
from printkit.web.forms import NONE
from printkit.web.rolls import shown
from printkit.web.served import Served, load, source

from .conftest import EXAMPLES
from .strategiya.test_codes import TERRAINS


def secret_key(folder: Path, seed: str = "web-tests") -> tuple[Path, list[str]]:
    """A referee key of shuffled sheets, and its codes as a page could spell them (the kit's id and
    each sheet's numbers in a row, with and without commas)."""
    rng = random.Random(seed)
    sheets: dict[str, Any] = {}
    for player in ("1", "2"):
        sheets[player] = {}
        for section in ("resources", "adventures"):
            sheets[player][section] = {t: rng.sample(range(1, 11), 10) for t in TERRAINS}
    kit_id = "WEBT-" + "".join(rng.choice("ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(4))
    key = {"format": "printkit.referee-key/1", "game": "strategiya", "games": [{"kit_id": kit_id, "sheets": sheets}]}
    path = folder / "referee-key.json"
    path.write_text(json.dumps(key), encoding="utf-8")
    codes = [kit_id]
    for player in sheets.values():
        for section in player.values():
            for row in section.values():
                codes += [", ".join(map(str, row)), " ".join(map(str, row)), json.dumps(row)]
    return path, codes


def table_files(key: Path) -> Served:
    """The files a test table is served with: a config, its key, both example maps, the other files."""
    return load(
        EXAMPLES / "strategiya.yaml",
        (key,),
        (EXAMPLES / "map.yaml", EXAMPLES / "vs-map.yaml"),
        (EXAMPLES / "stratego-position.txt", EXAMPLES / "tannhauser-paths.yaml"),
    )


@contextmanager
def serving(served: Served, *options: str) -> Iterator[tuple[str, str]]:
    """`printkit serve` with a table's files, in its own process on a free loopback port, stopped at
    the end: the players' address and the master's."""
    command = [sys.executable, "-m", "printkit", "serve", str(served.config), "--port", "0", *options]
    for option, files in (("--key", served.keys), ("--map", served.maps), ("--file", served.others)):
        for path in files:
            command += [option, str(path)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})  # fmt: skip
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(3)]
        urls = [found.group(0) for line in said if (found := re.search(r"http://\S+/", line))]
        assert len(urls) == 2, said
        _wait_for(urls[0])
        yield urls[0], urls[1]
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_for(url: str) -> None:
    """Until the server answers: the address is said before uvicorn takes its first request."""
    import time

    import httpx2

    for _ in range(100):
        try:
            httpx2.get(url, timeout=1)
            return
        except httpx2.TransportError:
            time.sleep(0.1)
    raise AssertionError(f"{url} never answered")


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
        answer = self.question.ask(self.values, lang)
        return words([shown(line.text if isinstance(line, Para) else line) for line in answer.lines(lang)])


def words(lines: list[str]) -> list[str]:
    """Lines by their words alone: runs of spaces (unbreakable ones too) as one space, no space at either end."""
    return [" ".join(line.replace("\u00a0", " ").split()) for line in lines]


def cases(served: Served) -> list[Case]:
    """Every referee question's documented examples that a served table can ask, read by the question's
    own command (so the values are the command line's), with its files swapped for the served ones."""
    out = []
    for entry, q in questions():
        command = from_question(q, entry.name)
        for example in q.examples:
            words = shlex.split(example, comments=True)
            words = [w for w in words if "=" not in w or not w.split("=")[0].isupper()]  # PRINTKIT_KEY=...
            if words[:3] != ["printkit", "referee", entry.name]:
                continue
            params = command.make_context(entry.name, words[3:]).params
            case = _case(entry.name, q, served, params, example)
            if case is not None:
                out.append(case)
    return out


def _case(name: str, q: Question, served: Served, params: dict[str, Any], example: str) -> Case | None:
    form: dict[str, list[str]] = {}
    values: dict[str, Any] = {}
    for i in q.inputs:
        value = params.get(i.name)
        if isinstance(i.kind, File):
            files = served.of(source(i))
            if i.many:
                if files:
                    values[i.name] = files
                continue
            if value is None:
                if source(i) == "config" and files:
                    form[i.name] = [NONE]  # the example asks without one
                continue
            same = [p for p in files if p.name == Path(value).name]
            if not same:
                return None  # a file the table was not started with
            values[i.name] = same[0]
            form[i.name] = [served.short(same[0])]
            continue
        if value is None or value == () or value is False:
            if i.name == "seed":  # a roll without a seed differs each time: the test gives one
                value = "web-tests"
            else:
                continue
        values[i.name] = value
        if isinstance(i.kind, Flag):
            form[i.name] = ["1"]
        elif i.many:
            form[i.name] = [" ".join(shlex.quote(str(v)) for v in value)]
        elif i.count > 1:
            form[i.name] = [str(v) for v in value]
        else:
            form[i.name] = [str(value)]
    return Case(name, q, form, values, example)


def bad_form(q: Question) -> dict[str, list[str]] | None:
    """A form whose first number, choice or shaped text holds what its kind refuses."""
    from printkit.questions import Choice, Text, Whole

    for i in q.inputs:
        if isinstance(i.kind, Whole):
            return {i.name: ["x1"] * i.count}
        if isinstance(i.kind, Choice):
            return {i.name: ["no-such-choice"] * i.count}
        if isinstance(i.kind, Text) and i.kind.pattern:
            return {i.name: ["::@@"]}
    return None
