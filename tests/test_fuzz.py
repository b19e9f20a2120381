"""A bounded fuzz: mutated configs, maps, graphs, positions and keys through validate and the referee.

A few hundred cases from a fixed seed (the same cases every run, well under 30 s): each must end
with one of its command's documented exit codes and never with a traceback. A failure prints the
case, so it can be replayed.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import cli

from .conftest import EXAMPLES

SEED = 20261123
CASES = 600  # spread over the targets below

# Things attackers and clumsy users type: YAML's sharp edges, control characters, other scripts,
# huge and odd numbers, markup, paths.
TOKENS = [
    "*a", "&a x", "!!python/object:os.system", "!!binary AAAA", "<<: {a: 1}", "{", "}", "[", "]", "- ", ": ",
    "? ", "|", ">", "#", "'", '"', "\\", "\t", "\x00", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\x7f", "\x85", "\u202e",
    "\ufeff", "王小明", "²", "٣", "9" * 5000, "-1", "0", "1e999", ".nan", ".inf", "0x1F", "0o17", "1_000", "~",
    "null", "true", "2026-11-22", "[[nowhere]]", "{{table:none}}", "**", "../../etc/passwd", "/dev/zero", "C4",
    "ZZZZ9999", "a" * 300,
]  # fmt: skip


# Values that are legal YAML and plausible in a config, to get past the parser into the checks.
VALUES = ["0", "1", "-1", "2", "7", "99", "100", "1000", "1000000", "9" * 30, "0.5", "1.25", "''", "[]", "{}", "x",
          "Аня", "forest", "лес", "A1", "C4", "j4", "b?", "r5", "~", ".", "strategiya", "vs-2003", "true"]  # fmt: skip


# A value in a block or flow mapping, or an item of a flow list: what follows ": " or "[" or ", ".
_VALUE = re.compile(r"(: |\[|, )([^,{}\[\]\n#]+)")


def mutate(text: str, rng: random.Random) -> bytes:
    """One or two edits of a text: new values, spliced tokens, lines dropped, repeated or moved."""
    lines = text.splitlines(keepends=True) or ["\n"]
    for _ in range(rng.randint(1, 2)):
        i = rng.randrange(len(lines))
        roll = rng.random()
        values = list(_VALUE.finditer(lines[i]))
        if roll < 0.55 and values:  # one value replaced, the structure kept: mostly plausible, sometimes hostile
            found = rng.choice(values)
            value = rng.choice(VALUES if rng.random() < 0.75 else TOKENS)
            lines[i] = lines[i][: found.start(2)] + value + lines[i][found.end(2) :]
        elif roll < 0.68:  # a token inside a line
            at = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:at] + rng.choice(TOKENS) + lines[i][at:]
        elif roll < 0.76 and len(lines) > 1:
            del lines[i]
        elif roll < 0.82:
            lines.insert(i, lines[i] * rng.randint(1, 40))
        elif roll < 0.88:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif roll < 0.93:  # indentation shifted
            lines[i] = " " * rng.randint(0, 9) + lines[i].lstrip(" ")
        elif roll < 0.97:
            lines = lines[: rng.randint(0, len(lines))] or ["\n"]
        else:  # deep nesting
            lines.insert(i, "x: " + "[" * rng.randint(60, 3000) + "\n")
    data = bytearray("".join(lines).encode("utf-8", "surrogatepass"))
    if rng.random() < 0.06 and data:  # a few bytes of something that is not UTF-8
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    if rng.random() < 0.03:
        data = b"\xef\xbb\xbf" + data
    return bytes(data)


def _key_text() -> str:
    identity = list(range(1, 11))
    terrains = ("mountain", "swamp", "forest", "plain", "water", "deathzone")
    sheet = {s: dict.fromkeys(terrains, identity) for s in ("resources", "adventures")}
    key = {"format": "printkit.referee-key/1", "game": "strategiya",
           "games": [{"kit_id": "TEST-0001", "sheets": {"1": sheet, "2": sheet}}]}  # fmt: skip
    return json.dumps(key, indent=1)


Target = tuple[str, Callable[[Path], list[str]], set[int]]

# (seed file, arguments with the mutated file, the exit codes the README documents for the command)
TARGETS: list[tuple[str, Target]] = [
    ("strategiya-heroes.yaml", ("config", lambda f: ["validate", str(f)], {0, 3})),
    ("vs-2025.yaml", ("config", lambda f: ["validate", str(f)], {0, 3})),
    ("stratego.yaml", ("config", lambda f: ["validate", str(f)], {0, 3})),
    (
        "strategiya-heroes.yaml",
        ("config", lambda f: ["referee", "fight", "--config", str(f), "--heroes", "1", "2"], {0, 2, 3}),
    ),
    ("map.yaml", ("map", lambda f: ["map", "check", str(f)], {0, 1, 3})),
    ("map.yaml", ("map", lambda f: ["referee", "reach", str(f), "--from", "C4", "--speed", "2"], {0, 2, 3})),
    (
        "map.yaml",
        ("map", lambda f: ["referee", "route", str(f), "--from", "C4", "--to", "H9", "--speed", "2"], {0, 1, 2, 3}),
    ),
    ("vs-map.yaml", ("map", lambda f: ["referee", "reach", str(f), "--troop", "elves", "--from", "C3"], {0, 2, 3})),
    (
        "tannhauser-paths.yaml",
        ("graph", lambda f: ["referee", "paths", str(f), "--enter", "--points", "6"], {0, 2, 3}),
    ),
    ("stratego-position.txt", ("position", lambda f: ["referee", "moves", str(f), "--from", "j4"], {0, 2, 3})),
    ("KEY", ("key", lambda f: ["referee", "lookup", "--key", str(f), "resources", "forest", "3"], {0, 2, 3})),
]


@functools.cache
def cases() -> tuple[bytes, ...]:
    """Every case's mutated file, drawn in case order from one generator: the same files every run."""
    rng = random.Random(SEED)
    out = []
    for case in range(CASES):
        source = TARGETS[case % len(TARGETS)][0]
        text = _key_text() if source == "KEY" else (EXAMPLES / source).read_text("utf-8")
        out.append(mutate(text, rng))
    return tuple(out)


# The cases run in a few parts (case numbers modulo PARTS, odd so that every part gets its share of
# the rendering eighth) that pytest-xdist spreads over its workers.
PARTS = 5


@pytest.mark.parametrize("part", range(PARTS))
def test_fuzzed_files_never_end_in_a_traceback(part: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.kit

    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    real_check = printkit.kit.check_kit
    failures = []
    for case in range(part, CASES, PARTS):
        source, (kind, args, allowed) = TARGETS[case % len(TARGETS)]
        path = tmp_path / f"case-{case}{Path(source).suffix or '.json'}"
        path.write_bytes(cases()[case])
        # validate renders every printed page of a config that passes the schema; every eighth
        # config case does (the pages are proved elsewhere), the rest stop after the schema.
        monkeypatch.setattr(printkit.kit, "check_kit", real_check if case % 8 == 0 else lambda session, cache=True: [])
        result = runner.invoke(cli, args(path))
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        if crashed or result.exit_code not in allowed or "Traceback" in result.output:
            failures.append(f"case {case} ({kind}, {' '.join(args(path))}): exit {result.exit_code}, "
                            f"{type(result.exception).__name__}: {result.exception}")  # fmt: skip
    assert failures == [], "\n".join(failures[:10])
