"""The fuzz harness: mutated inputs of every kind printkit reads, each run in a child with a time and memory bound."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import multiprocessing
import os
import re
import resource
import shlex
import shutil
import signal
import stat
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from random import Random
from typing import Any

import click

from printkit.examples import write as write_examples
from printkit.game import games

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "printkit" / "games"

# The kinds of input, in the order cases cycle through them: case n is of kind KINDS[n % len(KINDS)].
KINDS = ("config", "ruleset", "rules-text", "map", "position", "graph", "key", "cache", "command-line", "session")

CONFIGS = ("strategiya.yaml", "strategiya-heroes.yaml", "vs-2003.yaml", "vs-2025.yaml", "stratego.yaml",
           "tannhauser.yaml")  # fmt: skip
RULESETS = {  # bundled ruleset -> the example config of its game
    "strategiya/strategiya.yaml": "strategiya-heroes.yaml",
    "vs/vs-2003.yaml": "vs-2003.yaml",
    "vs/vs-2025.yaml": "vs-2025.yaml",
    "stratego/stratego.yaml": "stratego.yaml",
    "tannhauser/tannhauser.yaml": "tannhauser.yaml",
}
# Kinds a build draws on the canvas in a blink, per game family: a fuzzed build prints one of them.
CHEAP = {
    "strategiya": (
        "secret-sheets",
        "hero-sheets",
        "hero-sheets-blank",
        "hero-sheets-hired",
        "map",
        "adventures",
        "plot",
    ),
    "vs": ("battle-cards", "tokens", "markers", "ledger", "map"),
    "stratego": ("stratego-setup",),
    "tannhauser": ("record-sheets",),
}
FLOWING = {"strategiya": ("quickref", "booklet"), "vs": ("quickref", "lands", "booklet"),
           "stratego": ("quickref",), "tannhauser": ("quickref",)}  # fmt: skip
KEY_SEED = "fuzz-harness-key"

# Things attackers and clumsy users type: YAML's sharp edges, control characters, other scripts,
# huge and odd numbers, markup, paths.
TOKENS = [
    "*a", "&a x", "!!python/object:os.system", "!!binary AAAA", "<<: {a: 1}", "{", "}", "[", "]", "- ", ": ",
    "? ", "|", ">", "#", "'", '"', "\\", "\t", "\x00", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\x7f", "\x85", "\u202e",
    "\ufeff", "\u2066", "\u200b", "王小明", "²", "٣", "9" * 5000, "0x" + "f" * 4400, "-1", "0", "1e999", ".nan",
    ".inf", "0x1F", "0o17", "1_000", "~", "null", "true", "2026-11-22", "[[nowhere]]", "{{table:none}}", "**",
    "../../etc/passwd", "/dev/zero", "C4", "ZZZZ9999", "a" * 300, "%s%n", "$(id)", "`id`", "<script>", "&amp;",
]  # fmt: skip

# Values that are legal YAML and plausible in a config, to get past the parser into the checks.
VALUES = ["0", "1", "-1", "2", "7", "99", "100", "1000", "1000000", "9" * 30, "0.5", "1.25", "''", "[]", "{}", "x",
          "Аня", "forest", "лес", "A1", "C4", "j4", "b?", "r5", "~", ".", "strategiya", "vs-2003", "true"]  # fmt: skip

# A value in a block or flow mapping, or an item of a flow list: what follows ": " or "[" or ", ".
_VALUE = re.compile(r"(: |\[|, )([^,{}\[\]\n#]+)")


def mutate(text: str, rng: Random) -> bytes:
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


def mutate_words(words: list[str], rng: Random, pool: list[str]) -> list[str]:
    """One to three edits of a command line's words: replaced, dropped, repeated, swapped, or new ones."""
    words = list(words)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        i = rng.randrange(len(words) + 1)
        if roll < 0.3 and words:
            words[min(i, len(words) - 1)] = rng.choice(VALUES + TOKENS + pool)
        elif roll < 0.45 and words:
            del words[min(i, len(words) - 1)]
        elif roll < 0.6:
            words.insert(i, rng.choice(pool) if pool else rng.choice(TOKENS))
        elif roll < 0.7 and words:
            words.insert(i, words[min(i, len(words) - 1)])
        elif roll < 0.8 and len(words) > 1:
            j = rng.randrange(len(words))
            k = min(i, len(words) - 1)
            words[j], words[k] = words[k], words[j]
        elif roll < 0.9:
            words.insert(i, rng.choice(TOKENS))
        elif words:  # a word with a token inside it
            k = min(i, len(words) - 1)
            at = rng.randint(0, len(words[k]))
            words[k] = words[k][:at] + rng.choice(TOKENS) + words[k][at:]
    return words


def exit_codes() -> frozenset[int]:
    """The exit codes the manual's "Exit codes" table documents."""
    table = (ROOT / "docs" / "reference" / "exit-codes.md").read_text("utf-8")
    return frozenset(int(m) for m in re.findall(r"^\| (\d+) \|", table, re.MULTILINE))


# ---- the command tree --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """One command of the click tree: its words, its options (every spelling) and arguments."""

    path: tuple[str, ...]
    options: tuple[click.Option, ...]
    arguments: tuple[click.Argument, ...]
    examples: tuple[tuple[str, ...], ...]  # the documented examples' words after the command's path


def commands() -> list[Command]:
    """Every command and group of `printkit`, walked through click's public API: a command added
    later is fuzzed without a change here."""
    from printkit.cli import cli

    found: list[Command] = []

    def walk(cmd: click.Command, path: tuple[str, ...], parent: click.Context | None) -> None:
        ctx = click.Context(cmd, info_name=path[-1] if path else "printkit", parent=parent)
        options = tuple(p for p in cmd.params if isinstance(p, click.Option))
        arguments = tuple(p for p in cmd.params if isinstance(p, click.Argument))
        found.append(Command(path, options, arguments, _examples(cmd.get_help(ctx), path)))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None:
                    walk(sub, (*path, name), ctx)

    walk(cli, (), None)
    return found


def _examples(help_text: str, path: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    out = []
    prefix = ["printkit", *path]
    for line in help_text.splitlines():
        line = line.strip()
        if "printkit " not in line:
            continue
        line = line[line.index("printkit ") :]
        with contextlib.suppress(ValueError):
            words = shlex.split(line, comments=True)
            if words[: len(prefix)] == prefix and "|" not in words and ">" not in words:
                out.append(tuple(words[len(prefix) :]))
    return tuple(out)


def session_lines() -> list[str]:
    """Seed lines for the evening's session: every referee command's documented examples."""
    lines = []
    for cmd in commands():
        if cmd.path[:1] == ("referee",) and len(cmd.path) == 2 and cmd.path[1] != "shell":
            lines += [shlex.join([cmd.path[1], *ex]) for ex in cmd.examples]
    return [*lines, "help", "odds 3d6>=15", "roll 2d6", "exit"]


# ---- cases -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    """One step preparing a case's folder: write a file, copy a folder, make a link or a FIFO, chmod."""

    verb: str  # write, copy, link, fifo, mkdir, chmod, remove
    path: str  # relative to the case folder
    data: bytes = b""
    target: str = ""  # copy: source folder; link: where it points
    mode: int = 0


@dataclass(frozen=True)
class Case:
    """One fuzzed input and the command that reads it: all a run needs, so a case replays alone."""

    number: int
    kind: str
    args: tuple[str, ...]
    ops: tuple[Op, ...] = ()
    stdin: bytes = b""
    env: tuple[tuple[str, str], ...] = ()
    # False: validate skips laying out forms (check_kit) and stops after the schema and the model;
    # laying every form out takes seconds, so only some config cases pay it.
    layout: bool = True

    def describe(self) -> str:
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env)
        line = shlex.join(["printkit", *self.args])
        # What was laid in the case's folder besides copies: the files it reads, links, FIFOs.
        laid = [f"{op.verb} {op.path}" + (f" -> {op.target}" if op.verb == "link" else "")
                for op in self.ops if op.verb != "copy" and not op.path.startswith("outside/")]  # fmt: skip
        return (
            f"case {self.number} ({self.kind}): {env + ' ' if env else ''}{line!r}"
            + (f" < {self.stdin[:200]!r}" if self.stdin else "")
            + (f" [{'; '.join(laid)}]" if laid else "")
        )


@dataclass
class Corpus:
    """What cases are drawn from: the examples, the bundled rulesets, a key a build wrote, seed caches."""

    root: Path
    key: str = ""
    caches: dict[str, tuple[str, ...]] = field(default_factory=dict)  # seed cache folder -> its build's args
    tree: list[Command] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def examples(self) -> Path:
        return self.root / "examples"


# Builds whose artefacts make the seed caches: a cache case tampers with one's entries and repeats it.
SEED_BUILDS = (
    ("strategiya-heroes.yaml", "hero-sheets"),
    ("strategiya-heroes.yaml", "map"),
    ("strategiya.yaml", "adventures"),
    ("vs-2025.yaml", "ledger"),
    ("vs-2025.yaml", "markers"),
    ("stratego.yaml", "stratego-setup"),
    ("tannhauser.yaml", "record-sheets"),
)


def prepare(root: Path, timeout: float = 120) -> Corpus:
    """The corpus under root: a copy of the examples, a referee key and one seed cache per seed build
    (each built once, by the same children the cases run in)."""
    root.mkdir(parents=True, exist_ok=True)
    corpus = Corpus(root)
    # The example files as `printkit examples` writes them, printkit's own games' (a plug-in's aside).
    bundled = [g for g in games() if g.package.startswith("printkit.games.")]
    write_examples(corpus.examples, bundled, force=True)
    setup = root / "setup"
    setup.mkdir(exist_ok=True)
    key = ("build", str(corpus.examples / "strategiya.yaml"), "--only", "secret-sheets", "--seed", KEY_SEED,
           "--out", str(setup / "key"), "--force", "--jobs", "1")  # fmt: skip
    builds = [Case(-1, "setup", key)]
    for i, (config, kind) in enumerate(SEED_BUILDS):
        args = ("build", str(corpus.examples / config), "--only", kind, "--seed", KEY_SEED, "--out", "kit",
                "--jobs", "1")  # fmt: skip
        corpus.caches[f"cache-{i}"] = args
        builds.append(Case(-2 - i, "setup", args, env=(("PRINTKIT_CACHE_DIR", str(setup / f"cache-{i}")),)))
    for outcome in run_cases(builds, setup / "runs", jobs=2, timeout=timeout):
        if outcome.code != 0:
            raise RuntimeError(f"the fuzz corpus could not be built: {outcome.case.describe()}: {outcome.tail}")
    corpus.key = (setup / "key" / "referee-key.json").read_text("utf-8")
    corpus.tree = commands()
    corpus.lines = session_lines()
    return corpus


def case(corpus: Corpus, seed: int, number: int) -> Case:
    """Case `number` of the run with `seed`: drawn from its own generator, so any case replays alone."""
    rng = Random(f"{seed}:{number}")
    kind = KINDS[number % len(KINDS)]
    return _MAKERS[kind](corpus, rng, number)


def _cheap(rng: Random, family: str) -> str:
    return rng.choice(FLOWING[family]) if rng.random() < 0.03 else rng.choice(CHEAP[family])


def _family(config: str) -> str:
    return config.split("-")[0].split(".")[0]


def _config_case(corpus: Corpus, rng: Random, number: int) -> Case:
    config = rng.choice(CONFIGS)
    data = mutate((corpus.examples / config).read_text("utf-8"), rng)
    roll = rng.random()
    if roll < 0.6:
        args: tuple[str, ...] = ("validate", "c.yaml")
    elif roll < 0.85:
        args = ("build", "c.yaml", "--only", _cheap(rng, _family(config)), "--out", "kit", "--jobs", "1")
    else:
        readers = [c for c in corpus.tree if any(o.name == "config" for o in c.options) and c.path[:1] == ("referee",)]
        cmd = rng.choice(readers)
        example = list(rng.choice(cmd.examples)) if cmd.examples else []
        args = (*cmd.path, *_without(example, "--config"), "--config", "c.yaml")
    return Case(number, "config", args, (Op("write", "c.yaml", data),), layout=rng.random() < 0.125)


def _without(words: list[str], option: str) -> list[str]:
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
        elif w == option:
            skip = True
        else:
            out.append(w)
    return out


def _ruleset_ops(corpus: Corpus, rng: Random, ruleset: str, text: bytes | None) -> tuple[list[Op], tuple[str, ...]]:
    """A user's ruleset beside a config naming it, its booklet text (mutated when text is given)."""
    source = (GAMES / ruleset).read_text("utf-8")
    own = re.sub(r"^id: .*$", "id: mine", source, count=1, flags=re.MULTILINE)
    config = RULESETS[ruleset]
    body = re.sub(r"^game: .*$", "game: ./mine.yaml", (corpus.examples / config).read_text("utf-8"), count=1,
                  flags=re.MULTILINE)  # fmt: skip
    ops = [Op("write", "c.yaml", body.encode("utf-8"))]
    booklet = re.search(r"^booklet: (\S+)", source, re.MULTILINE)
    if booklet:
        original = (GAMES / ruleset).parent / booklet.group(1)
        ops.append(Op("write", booklet.group(1), text if text is not None else original.read_bytes()))
    ops.append(Op("write", "mine.yaml", mutate(own, rng) if text is None else own.encode("utf-8")))
    return ops, ("validate", "c.yaml")


def _ruleset_case(corpus: Corpus, rng: Random, number: int) -> Case:
    ruleset = rng.choice(sorted(RULESETS))
    ops, args = _ruleset_ops(corpus, rng, ruleset, None)
    if rng.random() < 0.3:
        args = ("build", "c.yaml", "--only", _cheap(rng, _family(Path(ruleset).name)), "--out", "kit", "--jobs", "1")
    return Case(number, "ruleset", args, tuple(ops), layout=rng.random() < 0.125)


def _rules_text_case(corpus: Corpus, rng: Random, number: int) -> Case:
    ruleset = rng.choice(["strategiya/strategiya.yaml", "vs/vs-2003.yaml", "vs/vs-2025.yaml"])
    name = re.search(r"^booklet: (\S+)", (GAMES / ruleset).read_text("utf-8"), re.MULTILINE)
    assert name is not None
    text = mutate(((GAMES / ruleset).parent / name.group(1)).read_text("utf-8"), rng)
    ops, args = _ruleset_ops(corpus, rng, ruleset, text)
    # The booklet is the one artefact that prints the rules text, and the slowest to lay out.
    if rng.random() < 0.04:
        args = ("build", "c.yaml", "--only", "booklet", "--out", "kit", "--jobs", "1")
    return Case(number, "rules-text", args, tuple(ops), layout=rng.random() < 0.04)


def _map_case(corpus: Corpus, rng: Random, number: int) -> Case:
    name = rng.choice(["map.yaml", "vs-map.yaml"])
    data = mutate((corpus.examples / name).read_text("utf-8"), rng)
    if name == "map.yaml":
        choices = [
            ("map", "check", "m.yaml"),
            ("map", "draw", "m.yaml", "--out", "map.pdf"),
            ("referee", "reach", "m.yaml", "--from", "C4", "--speed", "2"),
            ("referee", "route", "m.yaml", "--from", "C4", "--to", "H9", "--speed", "2"),
        ]
    else:
        choices = [
            ("map", "check", "m.yaml"),
            ("map", "draw", "m.yaml", "--out", "map.pdf"),
            ("referee", "reach", "m.yaml", "--troop", "elves", "--from", "C3"),
            ("referee", "route", "m.yaml", "--troop", "elves", "--from", "C3", "--to", "E5"),
        ]
    return Case(number, "map", rng.choice(choices), (Op("write", "m.yaml", data),))


def _position_case(corpus: Corpus, rng: Random, number: int) -> Case:
    data = mutate((corpus.examples / "stratego-position.txt").read_text("utf-8"), rng)
    square = rng.choice(["j4", "b4", "a1", "e5", "j10", "k1", "a0"])
    return Case(number, "position", ("referee", "moves", "p.txt", "--from", square), (Op("write", "p.txt", data),))


def _graph_case(corpus: Corpus, rng: Random, number: int) -> Case:
    data = mutate((corpus.examples / "tannhauser-paths.yaml").read_text("utf-8"), rng)
    args = rng.choice([("--enter", "--points", "6"), ("--from", "A1", "--points", "4"), ("--from", "E1", "--points",
                                                                                         "99")])  # fmt: skip
    return Case(number, "graph", ("referee", "paths", "g.yaml", *args), (Op("write", "g.yaml", data),))


def _key_case(corpus: Corpus, rng: Random, number: int) -> Case:
    data = mutate(corpus.key, rng)
    question = rng.choice([("resources", "forest", "3"), ("adventures", "water", "1"), ("resources", "plain", "10")])
    if rng.random() < 0.2:  # the key given once to a session
        return Case(number, "key", ("referee", "--key", "k.json", "--lang", "en"), (Op("write", "k.json", data),),
                    stdin=("lookup " + " ".join(question) + "\nlookup adventures swamp 2\n").encode())  # fmt: skip
    return Case(number, "key", ("referee", "lookup", "--key", "k.json", *question), (Op("write", "k.json", data),))


_ESCAPES = ["../escaped.pdf", "/OUTSIDE/escaped.pdf", "a/../../escaped.pdf", "", ".", "..", "x" * 300,
            "kit\x1b]52;c;aGk=\x07.pdf", "sub/dir/deep.pdf", "/dev/null", "manifest.json"]  # fmt: skip


def _entry(files: list[list[Any]], blobs: list[bytes], fmt: str = "printkit.cache/v1") -> bytes:
    return json.dumps({"format": fmt, "files": files}).encode("utf-8") + b"\n" + b"".join(blobs)


def _tampered(raw: bytes, rng: Random, case_dir: str, others: list[bytes]) -> bytes:
    """An entry's bytes tampered with: cut, flipped, grown, another entry's, or a header re-signed
    with hostile names, folders and sizes."""
    end = raw.find(b"\n")
    try:
        header = json.loads(raw[:end])
        listing = header["files"]
    except (ValueError, KeyError):
        return raw[: rng.randrange(len(raw) + 1)]
    blobs, pos = [], end + 1
    for _, _, size, _ in listing:
        blobs.append(raw[pos : pos + size])
        pos += size
    roll = rng.random()
    if roll < 0.1:
        return raw[: rng.randrange(len(raw) + 1)]
    if roll < 0.2:
        data = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if roll < 0.25:
        return raw + rng.choice([b"x", b"\n", b"\x00" * 1000])
    if roll < 0.35 and others:
        return rng.choice(others)  # another artefact's valid entry under this key
    files = [list(item) for item in listing]
    item = rng.choice(files)
    what = rng.random()
    if what < 0.45:  # a hostile name, still signed
        item[1] = rng.choice(_ESCAPES).replace("/OUTSIDE", case_dir + "/outside")
    elif what < 0.6:  # a hostile extra folder
        item[0] = rng.choice(["../escaped", case_dir + "/outside", "png", "x" * 300, "\x1b[2J", ""])
    elif what < 0.75:  # sizes and digests that are not what they say
        item[rng.choice([2, 3])] = rng.choice([-1, 0, 10**12, 2**64, "12", None, 1.5, True, [], "x" * 64])
    elif what < 0.85:
        return _entry([*files, files[0]], [*blobs, blobs[0]])  # a file listed twice
    elif what < 0.92:
        return _entry(rng.choice([[], {}, "x", 7, None, [[1, 2]], [["", "a", 1]]]), blobs)  # type: ignore[list-item]
    else:
        return _entry(files, blobs, fmt=rng.choice(["printkit.cache/v0", "", "printkit.cache/v1\n", "x" * 5000]))
    return _entry(files, blobs)


def _cache_case(corpus: Corpus, rng: Random, number: int) -> Case:
    seed = rng.choice(sorted(corpus.caches))
    seed_dir = corpus.root / "setup" / seed
    entries = sorted(p.relative_to(seed_dir) for p in seed_dir.rglob("*") if p.is_file())
    others = [p.read_bytes() for s in sorted(corpus.caches) if s != seed for p in (corpus.root / "setup" / s).rglob("*")
              if p.is_file()]  # fmt: skip
    ops = [Op("copy", "cache", target=str(seed_dir)), Op("write", "outside/private.txt", b"not the cache's\n")]
    case_dir = "CASE_DIR"  # replaced by the case folder when the ops run: an absolute path into it
    env = [("PRINTKIT_CACHE_DIR", "cache")]
    for _ in range(rng.randint(1, 2)):
        entry = str(Path("cache") / rng.choice(entries))
        roll = rng.random()
        if roll < 0.6:
            ops.append(Op("write", entry, _tampered((seed_dir / Path(entry).relative_to("cache")).read_bytes(), rng,
                                                   case_dir, others)))  # fmt: skip
        elif roll < 0.7:
            ops += [Op("remove", entry), Op("link", entry, target=rng.choice(["/dev/zero", "/dev/null",
                    "../../../../outside/private.txt", "nowhere", ".", "/proc/self/mem"]))]  # fmt: skip
        elif roll < 0.75:
            ops += [Op("remove", entry), Op("fifo", entry)]
        elif roll < 0.8:
            ops += [Op("remove", entry), Op("mkdir", entry)]
        elif roll < 0.85:
            ops.append(Op("chmod", entry, mode=rng.choice([0, 0o200, 0o777])))
        elif roll < 0.9:
            ops += [Op("remove", "cache/v1"), Op("write", "cache/v1", b"not a folder")]
        elif roll < 0.95:
            ops += [Op("remove", "cache/v1/entries"), Op("link", "cache/v1/entries", target="/dev/null")]
        else:
            env = [("PRINTKIT_CACHE_DIR", rng.choice(["", "c.yaml", "/dev/null/x", "cache/../cache", "\x1b[2J"]))]
    if rng.random() < 0.25:
        env.append(("PRINTKIT_CACHE_MAX_MB", rng.choice(["nan", "inf", "-inf", "-1", "0", "1e999", "", "x", "9" * 5000,
                                                         "1e-9", "0x10", "½"])))  # fmt: skip
    args = corpus.caches[seed]
    roll = rng.random()
    if roll < 0.15:
        args = ("validate", args[1])
    elif roll < 0.25:
        args = ("cache", rng.choice(["info", "clear"]))
    elif roll < 0.3:
        args = (*args, "--force", "--no-cache")
    return Case(number, "cache", args, tuple(ops), env=tuple(env))


def _command_line_case(corpus: Corpus, rng: Random, number: int) -> Case:
    # Round-robin over the commands, and over each command's options in turn, so that a long run
    # gives every option of every command its cases.
    turn = number // len(KINDS)
    cmd = corpus.tree[turn % len(corpus.tree)]
    options = [o for o in cmd.options]
    words = list(rng.choice(cmd.examples)) if cmd.examples and rng.random() < 0.7 else _arguments(cmd, rng)
    if options:
        forced = options[(turn // len(corpus.tree)) % len(options)]
        words += _option(forced, rng)
        for opt in rng.sample(options, min(len(options), rng.randint(0, 2))):
            words += _option(opt, rng)
    if rng.random() < 0.7:
        words = mutate_words(words, rng, _pool(cmd))
    if cmd.path[-1:] == ("build",) or cmd.path == ("secret-sheets",):
        # Builds stay cheap: one kind (unless the words chose), one job, a folder of the case's own.
        if "--only" not in words:
            words += ["--only", rng.choice([k for kinds in CHEAP.values() for k in kinds])]
        if "--out" not in words:
            words += ["--out", "kit"]
        if "--jobs" not in words:
            words += ["--jobs", "1"]
    ops = (Op("copy", "examples", target=str(corpus.examples)), Op("write", "KEY.json", corpus.key.encode()),
           Op("fifo", "fifo.yaml"))  # fmt: skip
    # A program's arguments are C strings: no shell or exec can pass a NUL byte in one (session lines can).
    words = [w.replace("\x00", "") for w in words]
    env: tuple[tuple[str, str], ...] = (("PRINTKIT_KEY", "KEY.json"),)
    if cmd.path[:1] == ("cache",):
        # A cache of the case's own: `cache clear` must never empty the one the run's builds share.
        env += (("PRINTKIT_CACHE_DIR", "cache"),)
    return Case(number, "command-line", (*cmd.path, *words), ops, env=env, layout=rng.random() < 0.125)


_FILES = [
    "examples/strategiya.yaml", "examples/strategiya-heroes.yaml", "examples/vs-2003.yaml", "examples/vs-2025.yaml",
    "examples/stratego.yaml", "examples/tannhauser.yaml", "examples/map.yaml", "examples/vs-map.yaml",
    "examples/tannhauser-paths.yaml", "examples/stratego-position.txt", "KEY.json", "", ".", "missing.yaml",
    "/dev/zero", "/dev/null", "fifo.yaml", "examples", "-", "kit/../../x.yaml",
]  # fmt: skip


def _pool(cmd: Command) -> list[str]:
    """Words a command might be given: its options, its choices, files."""
    out = list(_FILES)
    for opt in cmd.options:
        out += opt.opts
        if isinstance(opt.type, click.Choice):
            out += [str(c) for c in opt.type.choices]
    return out


def _value(param: click.Parameter, rng: Random) -> str:
    kind = param.type
    roll = rng.random()
    if isinstance(kind, click.Choice) and roll < 0.8:
        return str(rng.choice(list(kind.choices)))
    if isinstance(kind, click.Path | click.File) and roll < 0.85:
        return rng.choice(_FILES[:10] if roll < 0.6 else _FILES)
    if roll < 0.5:
        return rng.choice(VALUES)
    return rng.choice(TOKENS)


def _option(opt: click.Option, rng: Random) -> list[str]:
    name = rng.choice(opt.opts + opt.secondary_opts)
    if opt.is_flag or opt.count:
        return [name] if rng.random() < 0.9 else [f"{name}={rng.choice(VALUES)}"]
    return [name] + [_value(opt, rng) for _ in range(opt.nargs if opt.nargs > 0 else 1)]


def _arguments(cmd: Command, rng: Random) -> list[str]:
    words = []
    for arg in cmd.arguments:
        count = arg.nargs if arg.nargs > 0 else rng.randint(0, 3)
        words += [_value(arg, rng) for _ in range(count)]
    return words


def _session_case(corpus: Corpus, rng: Random, number: int) -> Case:
    lines = [rng.choice(corpus.lines) for _ in range(rng.randint(1, 5))]
    for i in rng.sample(range(len(lines)), rng.randint(1, len(lines))):
        words = shlex.split(lines[i]) if rng.random() < 0.9 else []
        lines[i] = shlex.join(mutate_words(words, rng, [w for ln in corpus.lines for w in shlex.split(ln)][:400]))
        if rng.random() < 0.15:  # raw text, not quoted: control characters and quotes as typed
            at = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:at] + rng.choice(TOKENS) + lines[i][at:]
    stdin = ("\n".join(lines) + rng.choice(["\n", "", "\nexit\n", "\r\n"])).encode("utf-8", "surrogatepass")
    opts = rng.choice([(), ("--lang", "en"), ("--config", "examples/vs-2025.yaml"), ("--key", "KEY.json"),
                       ("--config", "examples/strategiya-heroes.yaml", "--lang", "en")])  # fmt: skip
    ops = (Op("copy", "examples", target=str(corpus.examples)), Op("write", "KEY.json", corpus.key.encode()))
    return Case(number, "session", ("referee", *opts), ops, stdin=stdin)


_MAKERS: dict[str, Callable[[Corpus, Random, int], Case]] = {
    "config": _config_case,
    "ruleset": _ruleset_case,
    "rules-text": _rules_text_case,
    "map": _map_case,
    "position": _position_case,
    "graph": _graph_case,
    "key": _key_case,
    "cache": _cache_case,
    "command-line": _command_line_case,
    "session": _session_case,
}


# ---- running -----------------------------------------------------------------------------------------

MEMORY = 2 << 30  # a run over this much memory is a finding
HANG = 10.0  # seconds of CPU (a busy loop) or, as a wall-clock backstop, of waiting (a blocked read)


@dataclass
class Outcome:
    case: Case
    code: int | None  # the exit status; None: killed as a hang
    seconds: float  # wall clock
    cpu: float  # user + system seconds of the run and the processes it waited for
    peak: int  # bytes: the largest resident set of the run or its children
    output: str  # stdout and stderr, as printed
    outside: list[str]  # files the run wrote outside its case folder's own places

    @property
    def tail(self) -> str:
        return self.output[-600:]

    def findings(self, codes: frozenset[int], hang: float = HANG) -> list[str]:
        """What is wrong with this run: each a short category name."""
        found = []
        if "Traceback (most recent call last)" in self.output:
            found.append("memory" if "MemoryError" in self.output else "traceback")
        if self.code is None or self.cpu > hang:
            found.append("hang")
        elif self.code not in codes:
            found.append("exit code")
        if self.peak > MEMORY:
            found.append("memory")
        if self.outside:
            found.append("outside")
        return sorted(set(found))


def _apply(op: Op, folder: Path) -> None:
    # An op an earlier one made impossible (a write under what is now a file) is left out: the same
    # ops always lay the same folder, so the case still replays.
    with contextlib.suppress(OSError):
        _lay(op, folder)


def _lay(op: Op, folder: Path) -> None:
    path = folder / op.path
    path.parent.mkdir(parents=True, exist_ok=True)
    if op.verb in ("write", "link", "fifo", "remove") or (op.verb == "mkdir" and path.is_symlink()):
        # Whatever was there goes first: never write, chmod or link through a link an earlier op made.
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.is_symlink() or path.exists():
            path.unlink()
    if op.verb == "write":
        path.write_bytes(op.data.replace(b"CASE_DIR", str(folder).encode()))
    elif op.verb == "copy":
        shutil.copytree(op.target, path, symlinks=True, dirs_exist_ok=True)
    elif op.verb == "link":
        path.symlink_to(op.target)
    elif op.verb == "fifo":
        os.mkfifo(path)
    elif op.verb == "mkdir":
        path.mkdir(parents=True, exist_ok=True)
    elif op.verb == "chmod" and not path.is_symlink() and path.exists():
        path.chmod(op.mode)


def _child(case: Case, folder: Path, limit: int) -> None:
    """The run itself, in a forked child: printkit's main with the case's words, files and stdin."""
    os.setpgid(0, 0)  # its own process group: a hang is killed with everything it started
    os.chdir(folder)
    for name, value in case.env:
        if value:
            os.environ[name] = value.replace("CASE_DIR", str(folder))
        else:
            os.environ.pop(name, None)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    stdin = os.open("stdin", os.O_RDONLY)
    out = os.open("captured", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(stdin, 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    # As the interpreter opens them under a UTF-8 locale.
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), "utf-8", "surrogateescape")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)), "utf-8", "surrogateescape",
                                  line_buffering=False)  # fmt: skip
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)), "utf-8", "backslashreplace",
                                  write_through=True)  # fmt: skip
    sys.argv = ["printkit", *case.args]
    code = 0
    try:
        from printkit.cli import main

        if not case.layout:
            import printkit.pipeline.kit

            printkit.pipeline.kit.check_kit = lambda session, cache=True: []  # type: ignore[assignment]
        main(list(case.args))
    except SystemExit as exit_:
        if exit_.code is None:
            code = 0
        elif isinstance(exit_.code, int):
            code = exit_.code
        else:
            print(exit_.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(folder / "rusage.json", "w") as f:
        json.dump({"cpu": own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime,
                   "peak": max(own.ru_maxrss, kids.ru_maxrss) * 1024}, f)  # fmt: skip
    os._exit(code & 0xFF)


def _address_space() -> int:
    """This process's virtual size: a child may grow MEMORY beyond what it inherits, and no further."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def preload() -> None:
    """Import what the cases run, once, before the children fork: each then starts in a blink."""
    import printkit.pipeline.kit  # noqa: F401 - the build and the checks, with the engines they load
    from printkit.game import games
    from printkit.render.html import prepare as load_fonts

    for g in games():
        for a in g.artefacts:
            for ref in (a.builder, a.preflight, a.finish):
                if ref:
                    importlib.import_module(ref.split(":")[0])
    commands()  # every command's module
    load_fonts()


def run_cases(cases: Iterable[Case], workdir: Path, jobs: int = 2, timeout: float = 60,
              hang: float = HANG) -> Iterator[Outcome]:  # fmt: skip
    """Run cases `jobs` at a time, each in a forked child in a folder of its own under workdir.

    A child past `hang` seconds of CPU, blocked for `hang` seconds, or still running after `timeout`
    seconds, is killed with its process group and reported with code None.
    """
    context = multiprocessing.get_context("fork")
    pending = iter(cases)
    running: dict[int, tuple[multiprocessing.process.BaseProcess, Case, Path, float]] = {}
    workdir.mkdir(parents=True, exist_ok=True)
    limit = _address_space() + MEMORY
    done = False
    try:
        while running or not done:
            while not done and len(running) < jobs:
                c = next(pending, None)
                if c is None:
                    done = True
                    break
                folder = workdir / f"case-{c.number}"
                if folder.exists():
                    _remove(folder)
                folder.mkdir(parents=True)
                for op in c.ops:
                    _apply(op, folder)
                if not (folder / "stdin").exists():  # a case may make its own (a FIFO no one writes to)
                    (folder / "stdin").write_bytes(c.stdin)
                sys.stdout.flush()
                sys.stderr.flush()
                proc = context.Process(target=_child, args=(c, folder, limit), daemon=False)
                proc.start()
                assert proc.sentinel is not None
                running[proc.sentinel] = (proc, c, folder, time.monotonic())
            if not running:
                break
            ready = wait(list(running), timeout=0.2)
            now = time.monotonic()
            for sentinel in list(running):
                proc, c, folder, start = running[sentinel]
                took = now - start
                # Busy past `hang` seconds of CPU; or blocked: `hang` seconds of waiting in which it
                # ran for a twentieth of them at most (a loaded machine still gives a live run more).
                over = took > timeout or (took > hang and not hang / 20 < _cpu(proc.pid) <= hang)
                if sentinel not in ready and not over:
                    continue
                hung = sentinel not in ready
                cpu = _cpu(proc.pid)
                if hung:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(proc.pid, signal.SIGKILL)
                proc.join()
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)  # whatever it left behind
                del running[sentinel]
                yield _outcome(c, folder, None if hung else proc.exitcode, now - start, cpu)
    finally:  # the caller stopped early or failed: nothing it started outlives it
        for proc, *_ in running.values():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.join()


def _cpu(pid: int) -> float:
    """User and system seconds of a running process and the children it has waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _outcome(c: Case, folder: Path, code: int | None, seconds: float, cpu: float) -> Outcome:
    try:
        usage = json.loads((folder / "rusage.json").read_text())
    except (OSError, ValueError):  # killed: its CPU time as last seen
        usage = {"cpu": cpu, "peak": 0}
    output = (folder / "captured").read_bytes().decode("utf-8", "replace") if (folder / "captured").exists() else ""
    if code is not None and code < 0:
        output += f"\n[killed by signal {-code}]"
        code = 128 - code
    # Cache entries naming "../escaped.pdf", "CASE_DIR/outside/escaped.pdf" and the like: anything of
    # that name outside the kit folder was written where the kit does not own.
    outside = [str(p) for p in folder.rglob("*escaped*") if p.relative_to(folder).parts[0] not in ("kit", "cache")]
    # A file the case laid outside the cache and the kit must be there unchanged after the run.
    for op in c.ops:
        if op.verb == "write" and op.path.startswith("outside/"):
            p = folder / op.path
            if not p.is_file() or p.is_symlink() or p.read_bytes() != op.data:
                outside.append(f"{p} changed")
    return Outcome(c, code, seconds, usage["cpu"], usage["peak"], output, outside)


def _remove(folder: Path) -> None:
    for p in [folder, *folder.rglob("*")]:
        with contextlib.suppress(OSError):
            if p.is_dir() and not p.is_symlink():
                p.chmod(0o700)
    shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Report:
    """A run's figures: inputs and findings per kind, the slowest and largest runs, replayable cases."""

    codes: frozenset[int]
    hang: float = HANG
    inputs: Counter[str] = field(default_factory=Counter)
    seconds: Counter[str] = field(default_factory=Counter)  # wall clock per kind, summed
    findings: dict[str, list[Outcome]] = field(default_factory=dict)
    peak: int = 0
    slowest: float = 0.0
    cpu: float = 0.0

    def add(self, outcome: Outcome) -> list[str]:
        self.inputs[outcome.case.kind] += 1
        self.seconds[outcome.case.kind] += outcome.seconds
        self.peak = max(self.peak, outcome.peak)
        self.slowest = max(self.slowest, outcome.seconds)
        self.cpu = max(self.cpu, outcome.cpu)
        found = outcome.findings(self.codes, self.hang)
        for name in found:
            self.findings.setdefault(name, []).append(outcome)
        return found

    def count(self, name: str) -> int:
        return len(self.findings.get(name, []))

    def problems(self) -> list[str]:
        """One line per finding: its category, the case, how it ended and the end of its output."""
        lines = []
        for name, outcomes in sorted(self.findings.items()):
            for o in outcomes:
                last = o.output.strip().splitlines()[-1:] or [""]
                lines.append(f"{name}: {o.case.describe()}: exit {o.code}, {o.cpu:.1f} s CPU, "
                             f"{o.peak >> 20} MB: {last[0][:300]}")  # fmt: skip
        return lines


def keep(folder: Path, to: Path) -> None:
    """A copy of a case's folder to look at: links as links; FIFOs and devices left out (copying
    one would block or read forever)."""

    def special(where: str, names: list[str]) -> list[str]:
        out = []
        for name in names:
            with contextlib.suppress(OSError):
                mode = os.lstat(os.path.join(where, name)).st_mode
                if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                    out.append(name)
        return out

    shutil.copytree(folder, to, symlinks=True, ignore=special, dirs_exist_ok=True)


def clean(workdir: Path, outcome: Outcome, keep: bool) -> None:
    """Remove a case's folder unless it is kept (a finding, to look at)."""
    if not keep:
        _remove(workdir / f"case-{outcome.case.number}")
