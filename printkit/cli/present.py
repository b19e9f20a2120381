"""Terminal presentation: percentages, fractions, arrows the terminal can show, folders, safe echoes."""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

# C0 and C1 control characters (but newline and tab) and DEL: never sent raw to a terminal, since a
# config's text or a file name could carry an escape sequence.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def safe(text: str) -> str:
    """Text with control characters shown as \\x1b and the like."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def percent(p: Any) -> str:
    """0.5833 -> '58.33 %'."""
    return f"{float(p) * 100:.2f} %"


def fraction(p: Any) -> str:
    """A fraction as printed: exact when short, else a decimal marked as approximate."""
    text = str(p)
    return text if len(text) <= 24 else "≈" + f"{float(p):.6f}"


def chance(p: Fraction) -> str:
    """'7/12 (58.33 %)'."""
    return f"{fraction(p)} ({percent(p)})"


def can_print(text: str) -> bool:
    """Whether standard output's encoding can show text."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def arrow(ascii_only: bool = False) -> str:
    """→, or -> where asked for or where the terminal cannot show it."""
    return "->" if ascii_only or not can_print("→") else "→"


def show_folder(folder: Path) -> str:
    """A folder as the user would type it: relative to the current folder where it is inside it."""
    try:
        return str(folder.relative_to(Path.cwd())) + "/"
    except ValueError:
        return str(folder) + "/"


def echo_json(data: Any) -> None:
    """One line of JSON, non-ASCII letters kept as they are."""
    import json

    click.echo(json.dumps(data, ensure_ascii=False))


def pointed(notation: str, message: str, column: int) -> click.UsageError:
    """A usage error that points at the column of an expression where it went wrong."""
    return click.UsageError(f"{message}\n  {notation}\n  {' ' * (column - 1)}^ column {column}")
