"""The evening as it stands, given to a referee question in place of its config or map file."""

# A question that takes a config or a map reads files. Named an evening file instead, it reads the
# config the evening began with as it stands now (today's owners and troops, today's lives), written
# into a private folder; what else the evening holds and the question left out is filled in (a
# ruler's cash, a hero's cell); and the answer offers the events that would record its outcome,
# each one the evening's rules accept as things stand. The command line and the pages both ask
# through `asked`, so they read the evening alike.

from __future__ import annotations

import atexit
import copy
import functools
import os
import re
import shlex
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..errors import PrintkitError
from ..labels import LANGUAGES, Refused
from ..questions import File, Question
from .recording import MASTER, Opened, allowed, kept_files, read
from .store import APPLICATION_ID, EveningRefused

# The inputs an evening stands in for: a question's config and its map (never an evening's own file,
# which `evening record` and the other commands of the evening take as it is).
READ_FROM = ("config", "map_file")
_SQLITE = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database
_APPLICATION_ID_AT = 68  # where SQLite's header keeps PRAGMA application_id (4 bytes, big-endian)


def is_evening(path: Path) -> bool:
    """Whether the file at path is a printkit evening, from its first bytes (a special file, such as
    a pipe, is never opened: it is not a regular file)."""
    try:
        if not path.is_file():
            return False
        with path.open("rb") as f:
            head = f.read(_APPLICATION_ID_AT + 4)
    except (OSError, ValueError):
        return False
    return head.startswith(_SQLITE) and int.from_bytes(head[_APPLICATION_ID_AT:], "big") == APPLICATION_ID


@functools.cache
def _folder() -> Path:
    """This process's private folder for evenings' configs as they stand, removed when it ends."""
    made = Path(tempfile.mkdtemp(prefix="printkit-now-"))
    atexit.register(shutil.rmtree, made, ignore_errors=True)
    return made


def written(evening: Path, folder: Path | None = None) -> tuple[Path, Opened]:
    """The evening's config (and its map file) as they stand, written into `folder` (by default a
    private one of this process, a folder of its own for each evening file): each file replaced
    whole, and only when what it says has changed, so a question reading it twice reads it once."""
    opened = read(evening)
    meta = opened.meta
    name, map_name = meta.get("config_name", ""), meta.get("map_name", "")
    texts = kept_files(name, meta.get("config", ""), map_name, meta.get("map", ""))
    if folder is None:
        found = evening.stat()
        folder = _folder() / f"{found.st_dev}-{found.st_ino}"
    # A server asks this before every answer: the files are made again only when the journal's
    # newest event is another one (recorded, undone, or a file restored in place from a copy).
    newest = opened.rows[-1] if opened.rows else None
    stamp = (meta.get("created"), meta.get("master"), len(opened.rows),
             (newest.n, newest.kind, newest.at, newest.once, repr(newest.effect)) if newest else None)  # fmt: skip
    if _WROTE.get(folder) == stamp and all((folder / file).is_file() for file in texts):
        return folder / name, opened
    texts = _as_they_stand(opened, name, map_name, texts)
    for file, text in texts.items():
        _replace(folder / file, text)
    _WROTE[folder] = stamp
    return folder / name, opened


_WROTE: dict[Path, tuple[Any, ...]] = {}  # a folder -> the evening as its files were last made


def _as_they_stand(opened: Opened, name: str, map_name: str, texts: Mapping[str, str]) -> dict[str, str]:
    """The config's and its map file's texts with the game's edits of the evening so far. A file the
    config names beside itself (its referee key) is not the evening's to give: it is left out, and a
    question that needs it asks for it (--key)."""
    from ..config.yamlsource import parse_yaml

    config = copy.deepcopy(parse_yaml(texts[name], name).data)
    if not isinstance(config, dict):
        raise EveningRefused("ev_not_evening", file=str(opened.path))
    config.pop("key", None)
    the_map = copy.deepcopy(parse_yaml(texts[map_name], map_name).data) if map_name else config.get("map")
    if opened.table.now is not None:
        opened.table.now(opened.state, config, the_map if isinstance(the_map, dict) else None)
    out = {name: _dumped(config)}
    if map_name:
        out[map_name] = _dumped(the_map)
    return out


def _dumped(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)


def _replace(path: Path, text: str) -> None:
    """The file at path holding text, written whole: a reader never sees half of it."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".now-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


_PLAIN = re.compile(r"[\w@%+=:,./-]+")  # a word a shell takes as it is (letters of any alphabet)


@dataclass(frozen=True)
class Offer:
    """An event an answer offers to record: its kind and its values."""

    kind: str
    values: Mapping[str, Any]
    said: Mapping[str, str]  # what recording it would write in the journal, in each language

    def command(self, opened: Opened, evening: Path) -> str:
        """The command line that records it."""
        kind = opened.kinds[self.kind]
        words = ["printkit", "evening", "record", self.kind, str(evening)]
        for i in kind.inputs:
            value = self.values.get(i.name)
            if value is None or value is False:
                continue
            flag = i.flag or ""
            words += [flag] if value is True else [flag, str(value)] if flag else [str(value)]
        return " ".join(w if _PLAIN.fullmatch(w) else shlex.quote(w) for w in words)

    def json(self, opened: Opened, evening: Path, lang: str) -> dict[str, Any]:
        return {"kind": self.kind, "values": dict(self.values), "said": self.said.get(lang, ""),
                "command": self.command(opened, evening)}  # fmt: skip

    def fields(self) -> tuple[tuple[str, str], ...]:
        """Its values as a page's form sends them."""
        given = ((k, v) for k, v in self.values.items() if v is not None and v is not False)
        return tuple((k, "1" if v is True else str(v)) for k, v in given)


@dataclass(frozen=True)
class Asked:
    """A question asked of an evening: the evening file, as it was read, the folder its config as it
    stands was written to, the values as typed and as asked (the evening's config in place of the
    file, what the evening holds filled in)."""

    evening: Path
    opened: Opened
    folder: Path
    typed: Mapping[str, Any]
    values: Mapping[str, Any]

    def told(self, q: Question) -> tuple[Mapping[str, str], ...]:
        """What the answer says beside it about what the evening filled in, in each language."""
        table = self.opened.table
        return table.told(self.opened.state, q.name, self.typed, self.values) if table.told is not None else ()

    def offers(self, q: Question, answer: Any) -> tuple[tuple[Offer, ...], tuple[Mapping[str, str], ...]]:
        """The events that would record the answer's outcome, each one the evening accepts now; and,
        in each language, why an event the answer led to is not offered (a year paid already)."""
        table = self.opened.table
        the_map = self.values.get("map_file")
        elsewhere = the_map is not None and not Path(the_map).resolve().is_relative_to(self.folder.resolve())
        if table.offers is None or elsewhere:
            return (), ()  # asked of another map than the evening's: its outcome is not the evening's
        out, declined = [], []
        for kind_name, values in table.offers(self.opened.state, q.name, self.typed, self.values, answer):
            kind = self.opened.kinds.get(kind_name)
            if kind is None:
                continue
            try:
                allowed(self.opened, kind, values, MASTER)
                effect = kind.decide(self.opened.state, **values).effect
            except Refused as exc:  # the rules refuse it as things stand (a year paid, a turn not his)
                declined.append({lang: exc.say(lang) for lang in LANGUAGES})
                continue
            out.append(Offer(kind_name, values, {lang: kind.words(effect, lang) for lang in LANGUAGES}))
        return tuple(out), tuple(declined)


def _named(q: Question, values: Mapping[str, Any]) -> list[str]:
    """The inputs of a question whose value names an evening file."""
    files = [i.name for i in q.inputs if isinstance(i.kind, File) and i.name in READ_FROM]
    return [n for n in files if isinstance(values.get(n), str | Path) and is_evening(Path(values[n]))]


def language(q: Question, values: Mapping[str, Any]) -> str | None:
    """The language of the evening a question names (its config's), to say a refusal in before
    the question is asked."""
    named = _named(q, values)
    if not named:
        return None
    try:
        return str(read(Path(values[named[0]])).session.language)
    except PrintkitError:
        return None


def asked(q: Question, values: Mapping[str, Any], served: tuple[Path, Path] | None = None) -> Asked | None:
    """The question's values read from the evening: every file input naming an evening file is given
    the evening's config as it stands, a config input left out is given it too, and the game fills
    in what else the evening holds. `served`: (the evening, the folder a server reads its config
    from), brought up to date first, its files already in the values. None: no evening is named."""
    named = _named(q, values)
    if served is not None:
        source, (config, opened) = served[0], written(*served)
    elif named:
        source = Path(values[named[0]])
        config, opened = written(source)
    else:
        return None
    given = {k: (config if k in named else v) for k, v in values.items()}
    if any(i.name == "config" for i in q.inputs) and given.get("config") is None:
        given["config"] = config
    if opened.table.given is not None:
        given = opened.table.given(opened.state, q.name, given)
    return Asked(source, opened, config.parent, dict(values), given)
