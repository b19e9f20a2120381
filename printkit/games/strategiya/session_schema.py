"""The «Стратегия» part of a session config: adventures, the outer plot and the map sheet's size."""

from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

from printkit.plugin import Phrase, Ruleset
from printkit.plugin.schema import (
    Boolean,
    Checker,
    Choice,
    Field,
    Integer,
    Key,
    ListOf,
    MapOf,
    Number,
    Record,
    Text,
    YamlDocument,
)

from .model import ADVENTURE_KINDS, Adventure, Plot, PlotEvent, StrategiyaSession

# The kinds as a Russian config may name them.
KIND_WORDS = {"мораль": "morale", "проверка морали": "morale", "находка": "find", "ловушка": "trap"}
ADVENTURE = Record(
    {
        "title": Field(Text(max_len=80), required=True),
        "kind": Field(Choice(list(ADVENTURE_KINDS), aliases=KIND_WORDS), doc="morale (a morale test), find or trap"),
        "side": Field(Text(max_len=40), doc="a morale test: the side the one the hero meets stands on"),
        "text": Field(Text(max_len=4000, multiline=True)),
    }
)
TRIGGERS = ("every", "turn", "when")


def _one_trigger(event: dict[str, Any], key: Key, ck: Checker) -> None:
    given = [t for t in TRIGGERS if event[t] is not None]
    if len(given) != 1:
        ck.fail(key, "give one trigger: every (N turns), turn (on turn N) or when (a condition)")
    if event["title"] is None and event["text"] is None:
        ck.fail(key, "give a title or a text: what happens")


PLOT_EVENT = Record(
    {
        "title": Field(Text(max_len=80)),
        "every": Field(Integer(1, 1000), doc="comes into play every N turns"),
        "turn": Field(Integer(1, 10_000), doc="comes into play once, on turn N"),
        "when": Field(Text(max_len=200), doc="comes into play on a condition, in your words"),
        "hint": Field(Text(max_len=300, multiline=True), doc="the cue that shows the piece is due"),
        "text": Field(Text(max_len=2000, multiline=True), doc="what happens"),
    },
    check=_one_trigger,
)

PLOT = Record(
    {
        "goal": Field(Text(max_len=1000, multiline=True), doc="the outer plot's main task: the second way to win"),
        "turns": Field(Integer(10, 300), default=100, doc="boxes on the plot sheet's turn track"),
        "events": Field(ListOf(PLOT_EVENT, max_items=60), default=[]),
    }
)

MAP_SIZE = Text(max_len=12, pattern=r"[0-9]{1,3} *[xX×хХ] *[0-9]{1,3}", pattern_hint=Phrase("cs_hint_map_size"))
MAP_WIDTH, MAP_HEIGHT = (8, 100), (6, 100)  # as `printkit map random --size` takes them
DEFAULT_MAP_SIZE = (20, 15)  # `printkit map random`'s default; fits one landscape sheet of either paper

SESSION_FIELDS = {
    "adventures": Field(
        MapOf(Text(max_len=40), MapOf(Integer(1, 99), ADVENTURE)),
        default={},
        doc="«Стратегия»: the adventure list by terrain and entry number (where the secret chain ends, "
        "not the number drawn on the map): {forest: {4: {title, kind, side, text}}}",
    ),
    "adventures_in_booklet": Field(
        Boolean(), default=False, doc="«Стратегия»: also print the adventure list in the players' rules booklet"
    ),
    "plot": Field(PLOT, doc="«Стратегия»: the outer plot: main task and pieces with their triggers"),
    "map_size": Field(
        MAP_SIZE, doc="«Стратегия»: columns x rows of the squared map sheet when the config has no map (20x15)"
    ),
    "map_cell_mm": Field(Number(8, 40), doc="«Стратегия»: cell size of the printed map (default: fewest sheets)"),
    "wound_turns": Field(
        Choice(["player", "table"]),
        default="player",
        doc="«Стратегия» evening: whose turns a wound's 10 count: the wounded hero's player's (player, the "
        "kit's reading) or every player's turn at the table (table)",
    ),
    "key": Field(
        Text(max_len=300),
        doc="«Стратегия»: the referee key of this game's kit (a path inside the config's folder), so that "
        "printkit referee lookup and the referee's session need no --key",
    ),
}


def build_session(data: dict[str, Any], ruleset: Ruleset, doc: YamlDocument, ck: Checker) -> StrategiyaSession:
    """Each player's heroes and the adventures, checked against the ruleset."""
    from printkit.plugin import suggest

    from .model import rules_of
    from .party import build_parties

    rules = rules_of(ruleset)
    parties = build_parties(data["players"], rules, data["language"], ck)
    adventures: dict[str, MappingProxyType[int, Adventure]] = {}
    for tid, entries in (data["adventures"] or {}).items():
        terrain = rules.find_terrain(tid)
        if terrain is None:
            ck.fail(
                ("adventures", tid),
                f"unknown terrain {tid!r}; terrains are "
                + ", ".join(t.id for t in rules.terrains)
                + suggest(tid, [t.id for t in rules.terrains]),
            )
            continue
        for number in entries:
            if number > terrain.slots:
                ck.fail(
                    ("adventures", tid, str(number)),
                    f"{terrain.id} has numbers 1..{terrain.slots}; {number} is beyond them",
                )
        for number, a in entries.items():
            if a["side"] is not None and a["kind"] in ("find", "trap"):
                ck.warn(("adventures", tid, str(number), "side"), f"a {a['kind']} is the same for every side")
        adventures[terrain.id] = MappingProxyType(
            {n: Adventure(a["title"], a["text"], a["kind"], a["side"]) for n, a in entries.items()}
        )
        _check_references(entries, ruleset, ("adventures", tid), ck)
    return StrategiyaSession(
        parties,
        MappingProxyType(adventures),
        map_size=_map_size(data["map_size"], data["map"] is not None, ck),
        map_cell_mm=data["map_cell_mm"],
        plot=_plot(data["plot"]),
        adventures_in_booklet=data["adventures_in_booklet"],
        key=_key(data.get("key"), doc, ck),
        wound_turns=data["wound_turns"],
    )


def _key(value: str | None, doc: YamlDocument, ck: Checker) -> Path | None:
    """The referee key a config names: inside its own folder, like every file a config names (it
    need not exist yet: the kit may be built after the config is written)."""
    if value is None:
        return None
    folder = (doc.folder or Path.cwd()).resolve()
    try:
        path = (folder / value).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a NUL in the name
        ck.fail(("key",), f"key {value!r} cannot be found: the path loops or is not a file name")
        return None
    if not path.is_relative_to(folder):
        ck.fail(("key",), f"key {value!r} is outside the config's folder; keep the kit next to the config")
        return None
    return path


def _map_size(text: str | None, has_map: bool, ck: Checker) -> tuple[int, int] | None:
    if text is None:
        return None
    if has_map:
        ck.fail(("map_size",), "the config has a map: map_size is for a blank or random map sheet")
        return None
    width, height = (int(v) for v in re.split(r" *[xX×хХ] *", text))
    if not (MAP_WIDTH[0] <= width <= MAP_WIDTH[1] and MAP_HEIGHT[0] <= height <= MAP_HEIGHT[1]):
        smallest, largest = f"{MAP_WIDTH[0]}x{MAP_HEIGHT[0]}", f"{MAP_WIDTH[1]}x{MAP_HEIGHT[1]}"
        ck.fail(("map_size",), f"{width}x{height}: from {smallest} to {largest} cells")
        return None
    return width, height


def _plot(data: dict[str, Any] | None) -> Plot:
    if not data:
        return Plot()
    events = tuple(PlotEvent(**e) for e in data["events"])
    return Plot(data["goal"], events, data["turns"])


def _check_references(entries: dict[int, Any], ruleset: Ruleset, key: Key, ck: Checker) -> None:
    """An adventure's [[section]] must name a section of the rules booklet it is printed in."""
    from printkit.sheets import load_booklet, references

    wanted = {n: references(a["text"] or "") for n, a in entries.items()}
    if ruleset.booklet is None or not any(wanted.values()):
        return
    book = load_booklet(ruleset.booklet, str(ruleset.booklet))
    known = {ch.id for ch in book.chapters} | {s.id for ch in book.chapters for s in ch.sections}
    for number, targets in wanted.items():
        for target in targets:
            if target not in known:
                ck.fail(
                    (*key, str(number), "text"), f"[[{target}]] points to no chapter or section of the rules booklet"
                )
