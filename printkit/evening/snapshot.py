"""The state kept in the evening's file beside its journal, so that opening it folds only what came after."""

# The journal stays the evening: the state kept is the fold of its first `last` events, written in
# the transaction of the event it follows, so it is exactly as durable as the journal. A reader
# uses it only where nothing after it reaches back before it (an undo of an older event), where it
# was written by the same printkit (the code that folds, by its fingerprint), and where it decodes
# to a state of the same game and players; anywhere else it folds the journal from the start, as
# before. A game keeps its state only where it names the dataclasses its part holds (Table.kept):
# nothing else is ever built from a file.

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..version import __version__
from .state import Countdown, Rolled, State, Table

# How many events a writer lets pass between two states kept: each is a few kilobytes, and a fresh
# process folds at most this many events after it.
EVERY = 256


class Unkept(Exception):
    """A value the snapshot cannot keep or give back (a type it does not know): the journal is folded."""


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _known(table: Table) -> dict[str, type]:
    return {_name(c): c for c in (Rolled, Countdown, *(table.kept or ()))}


def _encode(value: Any, known: Mapping[str, type]) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple):
        return [_encode(v, known) for v in value]
    if isinstance(value, list):
        return {"l": [_encode(v, known) for v in value]}
    if isinstance(value, dict):
        return {"m": [[_encode(k, known), _encode(v, known)] for k, v in value.items()]}
    if isinstance(value, frozenset):
        items = [_encode(v, known) for v in value]
        return {"s": sorted(items, key=lambda v: json.dumps(v, sort_keys=True))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and _name(type(value)) in known:
        fields = dataclasses.fields(value)
        if any(not f.compare or not f.init for f in fields):
            raise Unkept(_name(type(value)))
        return {"c": _name(type(value)), "f": {f.name: _encode(getattr(value, f.name), known) for f in fields}}
    raise Unkept(type(value).__name__)


def _decode(data: Any, known: Mapping[str, type]) -> Any:
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(_decode(v, known) for v in data)
    if isinstance(data, dict) and len(data) == 1:
        ((tag, inner),) = data.items()
        if tag == "l" and isinstance(inner, list):
            return [_decode(v, known) for v in inner]
        if tag == "m" and isinstance(inner, list):
            return {_decode(k, known): _decode(v, known) for k, v in inner}
        if tag == "s" and isinstance(inner, list):
            return frozenset(_decode(v, known) for v in inner)
    if isinstance(data, dict) and set(data) == {"c", "f"} and data["c"] in known and isinstance(data["f"], dict):
        return known[data["c"]](**{str(k): _decode(v, known) for k, v in data["f"].items()})
    raise Unkept(str(data)[:40])


def keep(state: State, table: Table) -> str | None:
    """The state as the file keeps it (JSON), or None where the game keeps none or it holds a value
    the snapshot does not know (the journal is then folded, as it always can be)."""
    if table.kept is None or not dataclasses.is_dataclass(state.part):
        return None
    known = _known(table)
    part = state.part
    try:
        own = {f.name: _encode(getattr(part, f.name), known) for f in dataclasses.fields(part) if f.compare}
        fields = {f.name: _encode(getattr(state, f.name), known) for f in dataclasses.fields(state) if f.name != "part"}
    except (Unkept, RecursionError):
        return None
    return json.dumps({"state": fields, "part": own}, ensure_ascii=False, sort_keys=True)


def unkeep(text: str, start: State, table: Table) -> State | None:
    """The state a file keeps, given the evening's start (whose part gives what is not kept: the
    config's rules and map); None where it is not this evening's or cannot be read back."""
    if table.kept is None or not dataclasses.is_dataclass(start.part):
        return None
    known = _known(table)
    try:
        data = json.loads(text)
        fields = {str(k): _decode(v, known) for k, v in data["state"].items()}
        own = {str(k): _decode(v, known) for k, v in data["part"].items()}
        begun: Any = start.part  # a game's own dataclass (checked above)
        state = State(part=dataclasses.replace(begun, **own), **fields)
    except (Unkept, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    if (state.game, state.family, state.players) != (start.game, start.family, start.players):
        return None
    return state


def fingerprint(table: Table, package: str) -> str:
    """What printkit folds an evening with: its version and the source of the evening's modules and
    of the game's package (`package`, its folders below included): a state kept by other code, even
    of the same version, is folded again. Made once a table."""
    made = _PRINTS.get(id(table))
    if made is None or made[0] is not table:
        made = _PRINTS[id(table)] = (table, _fingerprint(package))
    return made[1]


_PRINTS: dict[int, tuple[Table, str]] = {}


def _fingerprint(package: str) -> str:
    digest = hashlib.sha256(__version__.encode())
    folders = [Path(__file__).parent]
    module = sys.modules.get(package)
    if module is not None and module.__file__:
        folders.append(Path(module.__file__).parent)
    for folder in folders:
        for source in sorted(folder.rglob("*.py")):
            digest.update(source.relative_to(folder).as_posix().encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:32]
