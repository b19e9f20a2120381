"""A documented command line (`printkit ...`, as --help and the manual show one) run in-process in a folder."""

# A documented line is `printkit ...`, optionally with VAR=value before it, `printf '...' |` before it
# (its text becomes the input) and `> FILE` after it; a `# comment` ends it, and `# ... exit N` in
# the comment documents the exit code (0 otherwise). The manual's transcripts (tests/transcripts.py)
# and the conformance run (printkit.testing.answers) both run such lines through here.

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from ..cli import cli


@dataclass(frozen=True)
class Line:
    """A documented command line taken apart."""

    args: list[str]  # the words after `printkit`
    env: dict[str, str | None] = field(default_factory=dict)  # VAR=value before it
    given: str | None = None  # the text of `printf '...' |`
    into: str | None = None  # the file of `> FILE`
    exit_code: int = 0  # as its comment documents it


@dataclass(frozen=True)
class Ran:
    """What a line did: its exit code, what reached the terminal, and an exception that escaped."""

    exit_code: int
    output: str  # what reaches the terminal (stdout and stderr; only stderr when stdout went to FILE)
    stdout: str
    stderr: str
    args: list[str]
    exception: BaseException | None = None  # anything but the SystemExit that ends a command


def documented_exit(line: str) -> int:
    """The exit code a line's comment documents (`# ... exit 1`), else 0."""
    found = re.search(r"(?:^|\s)#.*?\bexit (\d+)", line)
    return int(found.group(1)) if found else 0


def parse(line: str) -> Line:
    """A documented line's parts (ValueError for a line that is no `printkit` command)."""
    words = shlex.split(line, comments=True)
    env: dict[str, str | None] = {}
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    given = None
    if "|" in words:
        bar = words.index("|")
        if words[:1] != ["printf"] or bar != 2:
            raise ValueError(f"only `printf '...' | printkit ...` may feed a command: {line}")
        given = words[1].encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        words = words[bar + 1 :]
    into = None
    if ">" in words:
        into = words[words.index(">") + 1]
        words = words[: words.index(">")]
    if words[:1] != ["printkit"]:
        raise ValueError(f"not a printkit command: {line}")
    return Line(words[1:], env, given, into, documented_exit(line))


def run(line: str | Line, where: Path) -> Ran:
    """One documented command line, run in-process in the folder `where`, with the terminal's 80
    columns and no language or key from the environment but what the line gives."""
    parsed = parse(line) if isinstance(line, str) else line
    env: dict[str, str | None] = {"PRINTKIT_LANG": None, "PRINTKIT_KEY": None, "COLUMNS": "80", **parsed.env}
    args = list(parsed.args)
    if args[:1] == ["cache"]:
        # A documented `cache clear` empties a cache of the line's own folder, never the one its
        # caller's builds share.
        env.setdefault("PRINTKIT_CACHE_DIR", str(where / "artefact-cache"))
    if args[:1] == ["serve"] and "--check" not in args:
        args.append("--check")  # serve answers until it is stopped: run up to the point of serving
    here = Path.cwd()
    os.chdir(where)
    try:
        result = CliRunner(env=env).invoke(cli, args, input=parsed.given, prog_name="printkit")
    finally:
        os.chdir(here)
    escaped = result.exception if not isinstance(result.exception, SystemExit) else None
    output = result.output
    if parsed.into is not None:
        (where / parsed.into).write_text(result.stdout, encoding="utf-8")
        output = result.stderr
    return Ran(result.exit_code, output, result.stdout, result.stderr, args, escaped)
