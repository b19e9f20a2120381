"""What a map check finds, and the checks every game's maps share."""

from __future__ import annotations

from dataclasses import dataclass

from ..cells import cell_name
from ..game import Maps, game, resolve
from ..model import GameMap, Ruleset


@dataclass(frozen=True)
class Finding:
    """One thing a map check found: where, what (a Phrase says itself in either language), how bad."""

    cell: str | None
    message: str
    warning: bool = False

    def __str__(self) -> str:
        return self.say("en")

    def say(self, lang: str) -> str:
        """'C4: two objects in one cell', 'warning: ...', in lang."""
        from ..labels import label

        say = getattr(self.message, "say", None)
        text = say(lang) if callable(say) else self.message
        text = label("mc_cell", lang, cell=self.cell, text=text) if self.cell else text
        return label("mc_warning", lang, text=text) if self.warning else text


def unknown_letters(game_map: GameMap) -> list[Finding]:
    """A finding for every cell whose letter is no terrain of the map's game."""
    from ..labels import Phrase

    return [Finding(cell_name(x, y), Phrase("mc_letter", letter=game_map.letters[y][x]))
            for y in range(game_map.height) for x in range(game_map.width)
            if game_map.terrain(x, y) is None]  # fmt: skip


def one_per_cell(game_map: GameMap) -> list[Finding]:
    """A finding for every cell holding two objects."""
    from ..labels import Phrase

    seen: set[tuple[int, int]] = set()
    out = []
    for o in game_map.objects:
        if (o.x, o.y) in seen:
            out.append(Finding(cell_name(o.x, o.y), Phrase("mc_two_objects")))
        seen.add((o.x, o.y))
    return out


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every way a map breaks the rules of its game's map, and warnings (the game's own check)."""
    target = (game(rules.family).maps or Maps()).check
    if target is None:
        return unknown_letters(game_map) + one_per_cell(game_map)
    found: list[Finding] = resolve(target)(game_map, rules)
    return found
