"""Secret lookups for the referee: words as people type them to one object's chain through the key."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printkit.plugin import Refused, did_you_mean, forgiving_match

from .codes import Columns, GameSecrets, follow
from .model import Rules

SECTION_WORDS = {
    "resources": "resources",
    "resource": "resources",
    "ресурсы": "resources",
    "ресурс": "resources",
    "ископаемые": "resources",
    "adventures": "adventures",
    "adventure": "adventures",
    "приключения": "adventures",
    "приключение": "adventures",
}


@dataclass(frozen=True)
class Lookup:
    """One object's chain: its number, then sheet 1's, then sheet 2's (its entry in the ruleset's list)."""

    kit_id: str
    game: int
    section: str
    terrain: str
    number: int
    first: int
    second: int


def merge_keys(keys: Sequence[tuple[str, list[GameSecrets]]]) -> tuple[str, list[GameSecrets]]:
    """Join key files that each hold some sheets (one per player, made on separate devices)."""
    game_id = keys[0][0]
    for other_id, _ in keys[1:]:
        if other_id != game_id:
            raise Refused("rf_e_keys_differ", a=game_id, b=other_id)
    count = max(len(games) for _, games in keys)
    merged = []
    for index in range(count):
        sheets: dict[int, Columns] = {}
        kit_ids = []
        for _, games in keys:
            if index < len(games):
                sheets.update(games[index].sheets)
                kit_ids.append(games[index].kit_id)
        merged.append(GameSecrets(index + 1, " + ".join(dict.fromkeys(kit_ids)), sheets))
    return game_id, merged


def pick_game(games: list[GameSecrets], game: str | None) -> GameSecrets:
    """--game: a number from 1, or a kit ID; needed only when the key covers several games."""
    if game is None:
        if len(games) > 1:
            raise Refused("rf_e_many_games", n=len(games))
        return games[0]
    if game.isascii() and game.isdigit():  # "²" is a digit to isdigit() but no number
        # Compared as text first: a number thousands of digits long is no game, and int() of it fails.
        n = int(game) if len(game) <= 9 else 0
        if not 1 <= n <= len(games):
            raise Refused("rf_e_game_range", game=game[:12] + ("…" if len(game) > 12 else ""), n=len(games))
        return games[n - 1]
    for g in games:
        if game.upper() in g.kit_id.upper().split(" + "):
            return g
    raise Refused("rf_e_game_id", game=game[:40])


def lookup(ruleset: Rules, game: GameSecrets, section_word: str, terrain_word: str, number: int) -> Lookup:
    """The whole chain for one object, checking every word against the ruleset.

    The words may come in either order (resources forest 3, or forest resources 3 as printed).
    """
    section = _section(section_word)
    if section is None and _section(terrain_word):
        section_word, terrain_word = terrain_word, section_word
        section = _section(section_word)
    if section is None:
        raise Refused("rf_e_section", word=section_word, hint=did_you_mean(section_word, SECTION_WORDS))
    terrain = ruleset.find_terrain(terrain_word)
    if terrain is None:
        names = {"en": " ".join(t.id for t in ruleset.terrains),
                 "ru": ", ".join(t.name["ru"].lower() for t in ruleset.terrains)}  # fmt: skip
        every = [n.lower() for t in ruleset.terrains for n in (t.id, *t.name.values())]
        raise Refused("rf_e_terrain", word=terrain_word, names=names, hint=did_you_mean(terrain_word, every))
    if not 1 <= number <= terrain.slots:
        named = {"en": terrain.id, "ru": terrain.name["ru"].lower()}
        raise Refused("rf_e_number", terrain=named, slots=terrain.slots, n=number)
    missing = [p for p in (1, 2) if p not in game.sheets]
    if missing:
        raise Refused("rf_e_sheet", n=missing[0])
    first, second = follow(game.sheets, section, terrain.id, number)
    return Lookup(game.kit_id, game.game, section, terrain.id, number, first, second)


def split_words(words: Sequence[str]) -> tuple[str, str]:
    """The section word and the terrain words of a question typed as people say it: «в горах ресурсы»
    gives («ресурсы», «в горах»). The section is one word; whatever else was typed names the terrain."""
    named = list(words)
    at = next((i for i, w in enumerate(named) if _section(w)), 0)
    section = named.pop(at)
    return section, " ".join(named)


def _section(word: str) -> str | None:
    return forgiving_match(word, SECTION_WORDS.items())


def complete_words(given: Any, incomplete: str) -> list[str]:
    """The terrains and the two sections of a lookup, in either language, for Tab."""
    from printkit.plugin import load_bundled

    terrains = load_bundled("strategiya").terrains
    sections = ["resources", "adventures", "ресурсы", "приключения"]
    return [t.id for t in terrains] + [t.name["ru"].lower() for t in terrains] + sections
