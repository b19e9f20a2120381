"""Stratego attacks: who wins, what stays on the board, whether the game is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.plugin import load_bundled

from .model import Rank, StrategoData, StrategoError, stratego_of


@dataclass(frozen=True)
class Attack:
    attacker: Rank
    defender: Rank
    winner: str  # "attacker", "defender" or "both_removed"
    bomb_removed: bool
    game_over: bool
    original_bombs: bool

    def as_json(self) -> dict[str, object]:
        return {"winner": self.winner, "bomb_removed": self.bomb_removed, "game_over": self.game_over}


class AttackError(StrategoError):
    """An attack that cannot be asked (an unknown piece, a bomb or flag as the attacker)."""


def rank(data: StrategoData, word: str) -> Rank:
    """A rank by symbol (X 9 … 1 B F), by strength as a number (10 for the marshal) or by name in
    either language, in any case and the usual Russian forms ("сапёра", "сапер", "шпионом")."""
    from printkit.plugin import did_you_mean, forgiving_match

    found = data.rank(word.strip()) if word.strip() else None
    if found is not None:
        return found
    names = [(n, r) for r in data.ranks for n in r.name.values()]
    by_name = forgiving_match(word, names)
    if by_name is not None:
        return by_name
    raise AttackError("st_unknown_piece", word=word, hint=did_you_mean(word, [n for n, _ in names]))


def complete_pieces(given: Any, incomplete: str) -> list[str]:
    """Words a referee may Tab-complete for a piece: symbols, then names in either language."""
    ranks = stratego_of(load_bundled("stratego")).ranks
    return [r.symbol for r in ranks] + [r.name["en"].lower() for r in ranks] + [r.name["ru"].lower() for r in ranks]


def attack(data: StrategoData, attacker: Rank, defender: Rank, original_bombs: bool = False) -> Attack:
    """Resolve one attack. House rule (default): any bomb that goes off leaves the board; with
    original_bombs a bomb stays unless a Miner takes it."""
    if not attacker.movable:
        raise AttackError("st_cannot_attack", ru=attacker.name["ru"], en=attacker.name["en"])

    def result(winner: str, bomb_removed: bool = False, game_over: bool = False) -> Attack:
        return Attack(attacker, defender, winner, bomb_removed, game_over, original_bombs)

    if defender.flag:
        return result("attacker", game_over=True)
    if defender.bomb:
        if attacker.defuses:
            return result("attacker", bomb_removed=True)
        return result("defender", bomb_removed=not original_bombs)
    if attacker.kills_marshal and defender == data.marshal():
        return result("attacker")
    a, d = attacker.strength or 0, defender.strength or 0
    if a == d:
        return result("both_removed")
    return result("attacker" if a > d else "defender")


def describe(outcome: Attack, lang: str) -> str:
    """One line for the referee, e.g. 'Сапёр побеждает, мина снята'."""
    from printkit.plugin import label

    a, d = outcome.attacker.name[lang], outcome.defender.name[lang]
    if outcome.winner == "both_removed":
        text = label("st_both", lang, a=a, d=d)
    elif outcome.winner == "attacker":
        text = label("st_wins", lang, who=a)
    else:
        text = label("st_wins", lang, who=d)
    if outcome.defender.bomb:
        text += ", " + label("st_bomb_removed" if outcome.bomb_removed else "st_bomb_stays", lang)
        if outcome.winner == "defender":
            text += ", " + label("st_attacker_removed", lang, who=a)
    if outcome.game_over:
        text += " — " + label("st_game_over", lang)
    return text
