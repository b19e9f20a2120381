"""What the web tests ask: a served table's files, and each referee question's documented examples as filled forms."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from printkit.questions import Question
from printkit.referee import questions
from printkit.testing.pages import Case, asked_words, case, params
from printkit.web.served import Served, load

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


def cases(served: Served) -> list[Case]:
    """Every referee question's documented examples that a served table can ask, read by the question's
    own command (so the values are the command line's), with its files swapped for the served ones
    (printkit.testing.pages, which the conformance run asks its pages with)."""
    out = []
    for entry, q in questions():
        for example in q.examples:
            args = asked_words(example, "referee", entry.name)
            if args is None:
                continue
            found = case(entry.name, q, served, params(q, entry.name, args), example)
            if found is not None:
                out.append(found)
    return out


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
