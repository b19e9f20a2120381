"""The typed public API: what a script calls to load configs, build kits and ask the referee."""

# Each function is a thin door into a game's engine, with plain arguments (str or Path, numbers,
# words) and a frozen result; the examples are run by the test suite.

from __future__ import annotations

from fractions import Fraction
from os import PathLike
from typing import TYPE_CHECKING

from .errors import UsageError

if TYPE_CHECKING:
    from .dice import Dist
    from .games.stratego.attack import Attack

PathArg = str | PathLike[str]


def pool(dice: int, difficulty: int, *, bonus: int = 0, penalty: int = 0, natural_one_stays: bool = False,
         net: bool = False) -> Dist:  # fmt: skip
    """Tannhäuser: the distribution of successes of a pool of d10 against a difficulty.

    A natural 10 takes no penalty, a natural 1 no bonus; natural_one_stays and net switch to the
    other readings of the text (a natural 1 keeps its 1; the bonus and penalty netted first).

    >>> dict(pool(1, 6).table())
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    >>> dict(pool(1, 11, bonus=2).table())[1]
    Fraction(1, 5)
    """
    from .games.tannhauser.pools import Reading
    from .games.tannhauser.pools import pool as do_pool

    return do_pool(dice, difficulty, bonus, penalty, Reading(natural_one_penalised=not natural_one_stays, net=net))


def duel(attacker: int, defender: int) -> Fraction:
    """Tannhäuser: the chance that the attacker wins a duel of stat against stat (ties to the defender).

    >>> duel(5, 4) > Fraction(1, 2)
    True
    """
    from .games.tannhauser.pools import duel as do_duel

    return do_duel(attacker, defender)


def stratego_attack(attacker: str, defender: str, *, original_bombs: bool = False) -> Attack:
    """Stratego: who wins one attack (symbols X 9 … 2 1 B F, or names); the house bomb rule by default.

    >>> stratego_attack("3", "B").winner
    'attacker'
    """
    from .config.rulesets import load_bundled
    from .games.stratego.attack import AttackError, attack, rank
    from .games.stratego.model import stratego_of

    data = stratego_of(load_bundled("stratego"))
    try:
        return attack(data, rank(data, attacker), rank(data, defender), original_bombs)
    except AttackError as exc:
        raise UsageError(str(exc)) from None


def check_setup(text: str, *, variant: str | None = None) -> list[str]:
    """Stratego: every problem of a setup (a setup string, a grid, a Gravon board or archive file);
    [] when legal. Without a variant, the one whose pieces the setup holds; a board's problems
    start with its side.

    >>> check_setup("BFB343B563/B3492625B4/728X176258/2264B75232")
    []
    """
    from .config.rulesets import load_bundled
    from .games.stratego.gravon import Board
    from .games.stratego.model import stratego_of
    from .games.stratego.setups import SetupError, problems, read_setup

    data = stratego_of(load_bundled("stratego"))
    if variant is not None and variant not in data.variants:
        raise UsageError(f"unknown variant {variant!r}; one of {', '.join(data.variants)}")
    try:
        found = read_setup(text, data, data.variants[variant] if variant else None)
    except SetupError as exc:
        return list(exc.problems)
    if isinstance(found, Board):
        return [f"{side}: {p}" for side, setup in found.sides() for p in problems(setup, data)]
    return problems(found, data)
