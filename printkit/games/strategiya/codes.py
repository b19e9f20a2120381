"""The "binary code" of «Стратегия»: secret permutations, the referee key file and the lookup chain."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.plugin import ConfigError, Entropy, Problem, label

from .model import Rules, StrategiyaSession

KEY_FORMAT = "printkit.referee-key/1"
# A key file holds at most the games one `secret-sheets --games` run prints (MAX_KEY_GAMES, the
# option's own limit; one-player keys are joined with --key A --key B, each within these). A
# thousand games of a ruleset at its limits (20 terrains of 26 numbered objects, both sections,
# both sheets) write about 10 MB of JSON, the bundled ruleset's 1.4 MB: a lookup reads and checks
# the whole file, so the cap bounds its time and memory (bench/referee.py prints both).
MAX_KEY_GAMES = 1000
MAX_KEY_BYTES = 16 * 1024 * 1024

# section -> terrain id -> numbers; element i is the number written next to object i+1.
Columns = Mapping[str, Mapping[str, tuple[int, ...]]]


@dataclass(frozen=True)
class SheetSecrets:
    game: int
    kit_id: str
    player: int
    columns: Columns


@dataclass(frozen=True)
class GameSecrets:
    game: int
    kit_id: str
    sheets: Mapping[int, Columns]

    def sheet(self, player: int) -> SheetSecrets:
        return SheetSecrets(self.game, self.kit_id, player, self.sheets[player])


@dataclass(frozen=True)
class Chain:
    """One lookup: object number -> sheet 1 -> sheet 2 -> what the object holds."""

    section: str
    terrain: str
    number: int
    first: int
    second: int
    entry: str
    found: bool = True  # False when the object holds nothing


def make_sheet(ruleset: Rules, entropy: Entropy, game: int, player: int) -> SheetSecrets:
    """One player's sheet for game number `game`; depends only on (entropy, game, player)."""
    assert ruleset.secret is not None
    stream = entropy.stream("secret-sheet", game, player)
    columns = {
        section: {t.id: stream.permutation(t.slots) for t in ruleset.terrains} for section in ruleset.secret.sections
    }
    return SheetSecrets(game, entropy.kit_id(game), player, columns)


def make_games(ruleset: Rules, entropy: Entropy, games: int, players: Iterable[int]) -> list[GameSecrets]:
    """Every sheet of `games` games for the given players."""
    wanted = list(players)
    out = []
    for game in range(1, games + 1):
        sheets = {p: make_sheet(ruleset, entropy, game, p).columns for p in wanted}
        out.append(GameSecrets(game, entropy.kit_id(game), sheets))
    return out


def key_document(ruleset: Rules, games: list[GameSecrets]) -> dict[str, Any]:
    """The referee key as JSON data, in the documented printkit.referee-key/1 format."""
    return {
        "format": KEY_FORMAT,
        "game": ruleset.id,
        "games": [
            {
                "kit_id": g.kit_id,
                "sheets": {
                    str(p): {s: {t: list(nums) for t, nums in cols.items()} for s, cols in sheet.items()}
                    for p, sheet in sorted(g.sheets.items())
                },
            }
            for g in games
        ],
    }


def key_json(ruleset: Rules, games: list[GameSecrets]) -> bytes:
    text = json.dumps(key_document(ruleset, games), ensure_ascii=False, indent=1)
    # One column per line keeps the file readable by a person checking a sheet by eye.
    text = _NUMBER_LIST.sub(lambda m: "[" + ", ".join(m.group(1).replace(",", " ").split()) + "]", text)
    return (text + "\n").encode("utf-8")


_NUMBER_LIST = re.compile(r"\[\s*((?:\d+,\s*)*\d+)\s*\]")


def compose(
    ruleset: Rules,
    session: StrategiyaSession | None,
    sheets: Mapping[int, Columns],
    section: str,
    terrain: str,
    number: int,
    lang: str,
) -> Chain:
    """Follow the chain the rules prescribe: always sheet 1 first, then sheet 2, then the list."""
    first, second = follow(sheets, section, terrain, number)
    found = section != "resources" or ruleset.resource_at(terrain, second) is not None
    entry = entry_text(ruleset, session, section, terrain, second, lang)
    return Chain(section, terrain, number, first, second, entry, found)


def follow(sheets: Mapping[int, Columns], section: str, terrain: str, number: int) -> tuple[int, int]:
    """An object's numbers on sheet 1, then on sheet 2 (the second is its entry in the list)."""
    first = sheets[1][section][terrain][number - 1]
    return first, sheets[2][section][terrain][first - 1]


def entry_text(
    ruleset: Rules, session: StrategiyaSession | None, section: str, terrain: str, number: int, lang: str
) -> str:
    """What list entry `number` of a terrain holds, as printed for the referee."""
    if section == "resources":
        resource = ruleset.resource_at(terrain, number)
        return resource.describe(lang) if resource else label("nothing", lang)
    adventure = session.adventure(terrain, number) if session else None
    return adventure.title if adventure else label("adventure_n", lang, n=number)


def load_key(path: Path, label_: str | None = None) -> tuple[str, list[GameSecrets]]:
    """Read a referee-key.json, checking it closely: a wrong key gives wrong lookups silently."""
    name = label_ or str(path)

    def fail(message: str) -> ConfigError:
        return ConfigError([Problem(name, None, "", message)])

    from printkit.plugin import read_json

    data = read_json(path, name, MAX_KEY_BYTES)
    if not isinstance(data, dict) or data.get("format") != KEY_FORMAT:
        raise fail(f'not a referee key (expected "format": "{KEY_FORMAT}")')
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise fail('missing "game"')
    games_data = data.get("games")
    if not isinstance(games_data, list) or not games_data:
        raise fail('"games" must be a non-empty list')
    if len(games_data) > MAX_KEY_GAMES:
        raise fail(
            f'"games" holds {len(games_data)} games; a key holds at most {MAX_KEY_GAMES}, as secret-sheets prints'
        )
    games = []
    for index, entry in enumerate(games_data, start=1):
        where = f"games[{index - 1}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("sheets"), dict):
            raise fail(f'{where}: needs "kit_id" and "sheets"')
        sheets: dict[int, Columns] = {}
        for player, sections in entry["sheets"].items():
            if not (
                isinstance(player, str) and player.isascii() and player.isdigit() and len(player) < 4
            ) or not isinstance(sections, dict):
                raise fail(f"{where}.sheets: bad sheet {player!r}")
            sheets[int(player)] = _columns(sections, f"{where}.sheets.{player}", fail)
        games.append(GameSecrets(index, str(entry.get("kit_id", "")), sheets))
    return game_id, games


def check_fit(name: str, games: Iterable[GameSecrets], ruleset: Rules) -> None:
    """A key read against the ruleset it names: every sheet in it holds, as the printed sheets do,
    a column of every terrain in every section, as long as the terrain has objects. A column that is
    missing or short would send a lookup past its end."""
    if ruleset.secret is None:
        return
    for g in games:
        for player, columns in sorted(g.sheets.items()):
            for section in ruleset.secret.sections:
                for terrain in ruleset.terrains:
                    numbers = columns.get(section, {}).get(terrain.id)
                    if numbers is None or len(numbers) != terrain.slots:
                        where = f"games[{g.game - 1}].sheets.{player}.{section}.{terrain.id}"
                        said = "missing" if numbers is None else f"{len(numbers)} numbers"
                        message = f"{said}; the sheets of {ruleset.id} print {terrain.slots}"
                        raise ConfigError([Problem(name, None, where, message)])


def _columns(sections: dict[str, Any], where: str, fail: Any) -> Columns:
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    for section, terrains in sections.items():
        if not isinstance(terrains, dict):
            raise fail(f"{where}.{section}: expected terrains")
        out[section] = {}
        for terrain, numbers in terrains.items():
            # Types compared as a set (a bool is no number here): a key of 1000 games checks tens of
            # thousands of columns, and a generator per number took most of a lookup's time.
            ok = (
                type(numbers) is list
                and set(map(type, numbers)) <= {int}
                and sorted(numbers) == list(range(1, len(numbers) + 1))
            )
            if not ok:
                raise fail(f"{where}.{section}.{terrain}: not an arrangement of 1..N")
            out[section][terrain] = tuple(numbers)
    return out
