"""Documented examples run as a user would type them: `console` transcripts and --help examples.

A documented line is `printkit ...` as printkit.testing.commandline reads it (VAR=value, `printf |`,
`> FILE`, `# ... exit N`). In a transcript, the lines after a command are what it prints, stdout and
stderr as a terminal shows them; a line `...` stands for any number of lines. A command shown with no
lines after it is only run for its exit code.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from printkit.cli import cli
from printkit.examples import write as write_examples
from printkit.testing import commandline
from printkit.testing.commandline import documented_exit

from .conftest import ROOT, commands

ELIDED = "..."
WIDTH = 80


@dataclass
class Example:
    line: str
    where: str
    shown: list[str] | None = None  # the lines a transcript shows after it (None: none shown)
    exit_code: int = 0


@dataclass
class Ran:
    exit_code: int
    output: str  # what reaches the terminal (stdout and stderr; stdout alone went to FILE with > FILE)
    args: list[str] = field(default_factory=list)
    data: bool = False  # the output is data for programs (JSON, a Gravon field, YAML), not an answer to read


def folder(tmp: Path, examples: bool = True) -> Path:
    """A user's working folder: holding every installed game's example files as `printkit examples`
    writes them (the --help examples name them, a plug-in's too), or else empty, as a page's reader
    starts (a page that uses them runs `printkit examples` itself)."""
    if examples:
        write_examples(tmp / "examples")
    return tmp


def documents() -> list[Path]:
    """The Markdown files whose transcripts the suite runs: the README and every page of the manual."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def console_blocks(markdown: Path) -> list[list[Example]]:
    """Every ```console block of a Markdown file, as its commands with the output each shows."""
    blocks: list[list[Example]] = []
    current: list[Example] | None = None
    name = markdown.relative_to(ROOT).as_posix() if markdown.is_relative_to(ROOT) else markdown.name
    for number, line in enumerate(markdown.read_text("utf-8").splitlines(), start=1):
        if line.strip() == "```console":
            current = []
            continue
        if current is None:
            continue
        if line.strip() == "```":
            blocks.append(current)
            current = None
        elif line.startswith("$ "):
            current.append(Example(line[2:], f"{name}:{number}", None, documented_exit(line)))
        elif current:
            shown = current[-1].shown if current[-1].shown is not None else []
            current[-1].shown = [*shown, line]
    return blocks


@functools.cache
def help_examples(lang: str = "en") -> dict[str, list[Example]]:
    """Every example line of every command's --help page as it is shown in lang, by command (asked
    once a process: two test modules read them as they are collected; neither changes them)."""
    found: dict[str, list[Example]] = {}

    for path, _ in commands():
        name = " ".join(path) or "printkit"
        shown = CliRunner().invoke(cli, [*path, "--help"], env={"PRINTKIT_LANG": lang, "COLUMNS": "200"})
        assert shown.exit_code == 0, shown.output
        for line in shown.output.splitlines():
            text = line.strip()
            if "printkit " in text and re.match(r"^([A-Z_]+=\S+ )*(printf '[^']*' \| )?printkit ", text):
                found.setdefault(name, []).append(Example(text, f"{name} --help", None, documented_exit(text)))
    return found


def run(line: str, where: Path) -> Ran:
    """One documented command line, run in-process in the folder `where` (printkit.testing's runner)."""
    ran = commandline.run(line, where)
    if ran.exception is not None:
        raise ran.exception
    args = ran.args
    data = (
        "--json" in args
        or "gravon" in args
        or args[:2] in (["map", "random"], ["schema", "config"])
        or (args[:1] == ["schema"])
    )
    return Ran(ran.exit_code, ran.output, args, data and commandline.parse(line).into is None)


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether printed lines are the shown ones, a `...` line standing for any number of lines."""
    if not shown:
        return not printed
    if shown[0] == ELIDED:
        return any(matches(shown[1:], printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and printed[0].rstrip() == shown[0].rstrip() and matches(shown[1:], printed[1:])


# The commands whose answers are read at the table (the kit commands print a folder and notes).
ANSWERING = ("referee", "stratego", "map")


def too_wide(ran: Ran) -> list[str]:
    """The lines of an answer wider than a terminal's 80 columns (data for programs aside)."""
    if ran.data or (ran.args[:1] and ran.args[0] not in ANSWERING):
        return []
    return [line for line in ran.output.splitlines() if len(line) > WIDTH]
