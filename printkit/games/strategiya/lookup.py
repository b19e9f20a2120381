"""Secret lookups for the referee: words from the command line to one composed chain."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import UsageError
from ...labels import label
from ...suggest import forgiving_match, suggest
from .codes import Chain, Columns, GameSecrets, compose
from .model import Rules, StrategiyaSession

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
    kit_id: str
    game: int
    chain: Chain


def merge_keys(keys: Sequence[tuple[str, list[GameSecrets]]]) -> tuple[str, list[GameSecrets]]:
    """Join key files that each hold some sheets (one per player, made on separate devices)."""
    game_id = keys[0][0]
    for other_id, _ in keys[1:]:
        if other_id != game_id:
            raise UsageError(f"the key files are for different games: {game_id} and {other_id}")
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
            raise UsageError(
                f"the key covers {len(games)} games; choose one with --game 1..{len(games)} or --game KIT-ID"
            )
        return games[0]
    if game.isascii() and game.isdigit():  # "²" is a digit to isdigit() but no number
        # Compared as text first: a number thousands of digits long is no game, and int() of it fails.
        n = int(game) if len(game) <= 9 else 0
        if not 1 <= n <= len(games):
            raise UsageError(f"--game {game[:12]}{'…' if len(game) > 12 else ''}: the key covers games 1..{len(games)}")
        return games[n - 1]
    for g in games:
        if game.upper() in g.kit_id.upper().split(" + "):
            return g
    raise UsageError(f"--game {game[:40]!r}: no game with that kit ID in the key")


def lookup(
    ruleset: Rules,
    session: StrategiyaSession | None,
    game: GameSecrets,
    section_word: str,
    terrain_word: str,
    number: int,
    lang: str,
) -> Lookup:
    """The whole chain for one object, checking every word against the ruleset.

    The words may come in either order (resources forest 3, or forest resources 3 as printed).
    """
    section = _section(section_word)
    if section is None and _section(terrain_word):
        section_word, terrain_word = terrain_word, section_word
        section = _section(section_word)
    if section is None:
        raise UsageError(f"unknown section {section_word!r}; use resources or adventures")
    terrain = ruleset.find_terrain(terrain_word)
    if terrain is None:
        names = [t.id for t in ruleset.terrains]
        raise UsageError(
            f"unknown terrain {terrain_word!r}; use one of " + " ".join(names) + suggest(terrain_word, names)
        )
    if not 1 <= number <= terrain.slots:
        raise UsageError(f"{terrain.id} objects are numbered 1..{terrain.slots}; {number} is not one of them")
    missing = [p for p in (1, 2) if p not in game.sheets]
    if missing:
        raise UsageError(f"the key has no sheet {missing[0]}; pass that player's key file too (--key A --key B)")
    chain = compose(ruleset, session, game.sheets, section, terrain.id, number, lang)
    return Lookup(game.kit_id, game.game, chain)


def _section(word: str) -> str | None:
    return forgiving_match(word, SECTION_WORDS.items())


def format_chain(rules: Rules, chain: Chain, lang: str, arrow: str = "→") -> str:
    """лес, ресурсы 3 → 9 → 2: Шкуры животных — 35 дней по 20 $ в день, всего 700 $"""
    return label(
        "rf_lookup", lang, terrain=rules.terrain(chain.terrain).name[lang].lower(),
        section=label(f"rf_{chain.section}", lang), number=chain.number, arrow=arrow, first=chain.first,
        second=chain.second, entry=chain.entry,
    )  # fmt: skip
