"""Reading a file a user names: regular files only, read with a cap, decoded with exact error positions."""

from __future__ import annotations

import codecs
import json
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import ConfigError, Problem, config_error

# A session config, ruleset, map or rules text is a few kilobytes; anything this large is a mistake.
MAX_BYTES = 2 * 1024 * 1024
# Names of a folder looked at for the file a missing name most likely meant: enough for any folder
# of configs and maps, and a folder of a million files costs no more.
NEAR_NAMES = 2000


class MissingFile(ConfigError):
    """A file that is not there, said in the asker's language, with the closest file name beside it
    (examples/vs2025.yaml — may be examples/vs-2025.yaml?)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.near = nearest_file(label)
        hint = f" — did you mean {self.near}?" if self.near else ""
        super().__init__([Problem(label, None, "", "no such file" + hint)])

    def said_lines(self, lang: str) -> list[str]:
        from ..labels import label

        said = label("cf_no_file", lang, file=self.label)
        return [said + (label("cf_near_file", lang, file=self.near) if self.near else "")]

    def say(self, lang: str) -> str:
        return self.said_lines(lang)[0]


def nearest_file(name: str) -> str | None:
    """The file beside a missing one whose name is closest to it, named as the missing one was (in
    its folder as typed); None when nothing is close or the folder cannot be read."""
    from ..suggest import closest

    typed = Path(name)
    try:
        with os.scandir(typed.parent) as entries:
            names = []
            for entry in entries:
                if entry.is_file():
                    names.append(entry.name)
                if len(names) >= NEAR_NAMES:
                    break
    except (OSError, ValueError):
        return None
    near = closest(typed.name, names, cutoff=0.75)
    if near is None or near == typed.name:
        return None
    return near if str(typed.parent) == "." and not name.startswith("./") else str(typed.parent / near)


def is_file(path: Path) -> bool:
    """Whether path names a regular file; an unreadable or looping path is simply not one."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"


def read_bytes(path: Path, label: str, limit: int = MAX_BYTES) -> bytes:
    """At most `limit` bytes of a regular file; a larger file, a folder, a device or a pipe is refused.

    The limit is checked on what is read, never on the size the file system reports: /dev/zero or a
    file in /proc reports a size that says nothing. Opening does not wait for a writer (a FIFO would
    block open() forever), and what is not a regular file is refused before a single byte is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise MissingFile(label) from None
    except IsADirectoryError:
        raise config_error(label, None, "", "is a folder, not a file") from None
    except OSError as exc:
        raise config_error(label, None, "", f"cannot read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL byte in the name
        raise config_error(label, None, "", "cannot read: the name holds a NUL character") from None
    # A folder opens for reading on Linux, but os.fdopen refuses it: its kind is checked first.
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise config_error(label, None, "", "is a folder, not a file")
        raise config_error(label, None, "", "is not a regular file (a device, pipe or socket); give a file")
    with os.fdopen(fd, "rb", closefd=True) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise config_error(label, None, "", f"cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise config_error(
            label, None, "", f"file is larger than {_size(limit)}, the most printkit reads (is this the right file?)"
        )
    return data


def decode(raw: bytes, label: str) -> str:
    """UTF-8 text (a leading byte-order mark dropped); a bad byte is named with its line and column."""
    start = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    try:
        return raw[start:].decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = start + exc.start
        line_start = raw.rfind(b"\n", start, bad) + 1 or start
        # Columns count characters, as editors do; what precedes the bad byte on its line decodes.
        column = len(raw[max(line_start, start) : bad].decode("utf-8", "replace")) + 1
        line = raw.count(b"\n", start, bad) + 1
        raise config_error(
            label, line, "", f"not UTF-8 text (byte 0x{raw[bad]:02x} at column {column}); save the file as UTF-8"
        ) from None


def read_text(path: Path, label: str, limit: int = MAX_BYTES) -> str:
    """A small UTF-8 text file, with clear errors for missing, huge, special or non-UTF-8 files."""
    return decode(read_bytes(path, label, limit), label)


def read_json(path: Path, label: str, limit: int) -> Any:
    """A JSON document from a capped read; syntax errors and absurd nesting become one-line problems."""
    text = decode(read_bytes(path, label, limit), label)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError([Problem(label, exc.lineno, "", f"not valid JSON: {exc.msg}")]) from None
    except RecursionError:
        raise config_error(label, None, "", "not valid JSON here: nested too deeply") from None
    except ValueError:  # a number beyond Python's digit limit
        raise config_error(label, None, "", "not valid JSON here: a number is thousands of digits long") from None
