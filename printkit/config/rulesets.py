"""Rulesets as data: the bundled ones each game ships and ruleset files a user writes or copies."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ..game import Game, bundled, default_game, game, games, on_change
from ..model import Ruleset
from ..suggest import suggest
from .provenance import build_provenance
from .ruleset_schema import GameSchema, build_terrains, ruleset_record
from .schema import INVALID, Checker
from .userfile import is_file
from .yamlsource import YamlDocument, file_label, load_yaml


def default_ruleset() -> str:
    """The ruleset printkit builds when no config is given, and whose letters a map file without
    `game:` uses: the default game's first."""
    found = default_game()
    return found.rulesets[0] if found.rulesets else found.family


def bundled_ids() -> list[str]:
    """Ids of the rulesets that ship with printkit (and with registered games)."""
    return sorted(bundled())


@cache
def load_bundled(game_id: str) -> Ruleset:
    """A bundled ruleset by id (KeyError if there is none)."""
    path = bundled()[game_id][1]
    return load_ruleset_file(path, file_label(path), own_text=True)


@cache
def game_schema(family: str) -> GameSchema:
    """A game's schema parts, read from its schema module once."""
    return GameSchema.of(game(family).schema_module())


def forget() -> None:
    """Drop cached rulesets and schemas (the installed games changed)."""
    load_bundled.cache_clear()
    game_schema.cache_clear()


on_change(forget)


def family_of(doc: YamlDocument, ck: Checker) -> Game | None:
    """The game a ruleset document belongs to: its `family`, or its id when that names a game."""
    data = doc.data if isinstance(doc.data, dict) else {}
    families = [g.family for g in games()]
    family = data.get("family", data.get("id"))
    if isinstance(family, str) and family in families:
        return game(family)
    key = ("family",) if "family" in data else ("id",) if "id" in data else ()
    shown = f"{family!r}" if isinstance(family, str) else "nothing"
    ck.fail(key, f"say which game this ruleset is for: family is {shown}; games are {', '.join(families)}"
            + (suggest(family, families) if isinstance(family, str) else ""))  # fmt: skip
    return None


def load_ruleset_file(path: Path, label: str | None = None, own_text: bool = False) -> Ruleset:
    """Read and check one ruleset file; every problem is reported at once.

    A bundled ruleset (`own_text`) must give every name in every language; a user's ruleset may give
    one language, and its names then print as written whatever the kit's language.
    """
    doc = load_yaml(path, label)
    ck = Checker(doc, own_text=own_text)
    entry = family_of(doc, ck)
    # Without a known game, the shared keys are still checked, so one run reports every problem.
    schema = game_schema(entry.family) if entry else GameSchema.of(None)
    # A game that draws maps needs terrains; one that draws none (or an unknown game) may leave them out.
    maps = entry is not None and entry.maps is not None
    data = ruleset_record(schema, [g.family for g in games()], maps).check(doc.data, (), ck)
    ck.raise_if_any()
    assert data is not INVALID and entry is not None
    booklet = _booklet_path(data, doc, entry, ck)
    ck.raise_if_any()
    build = schema.hook("build_rules")
    part: Any = build(data) if build is not None else None
    return Ruleset(
        id=data["id"],
        family=entry.family,
        title=data["title"],
        players_min=data["players"]["min"],
        players_max=data["players"]["max"],
        terrains=getattr(part, "terrains", None) or build_terrains(data),
        source=path,
        part=part,
        booklet=booklet,
        provenance=build_provenance(data),
    )


def _booklet_path(data: dict[str, Any], doc: YamlDocument, entry: Game, ck: Checker) -> Path | None:
    """The rules text a ruleset names: a file beside it, or else the game's bundled text of that name.

    A copy of a bundled ruleset beside a config keeps `booklet: <bundled name>` and still finds its
    text; a name that is found nowhere is an error, never a booklet silently left out.
    """
    value: str | None = data["booklet"]
    if value is None:
        return None
    folder = doc.folder or Path.cwd()
    try:
        here = (folder / value).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop; a NUL in the name
        ck.fail(("booklet",), f"rules text {value!r} cannot be found: the path loops or is not a file name")
        return None
    # Like configs, a ruleset may only name files in its own folder.
    if not here.is_relative_to(folder.resolve()):
        ck.fail(("booklet",), f"rules text {value!r} is outside the ruleset's folder")
        return None
    if is_file(here):
        return here
    shipped: Path = entry.folder / Path(value).name
    if is_file(shipped) and Path(value).name == value:
        return shipped
    ck.fail(("booklet",), f"no rules text {value!r} next to the ruleset, and {entry.family} ships none by that name")
    return None
