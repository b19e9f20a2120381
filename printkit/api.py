"""The typed public API: what a script calls to load configs, build kits and ask the referee."""

# Each function is a thin door into a game's engine, with plain arguments (str or Path, numbers,
# words) and a frozen result; the examples are run by the test suite.

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import UsageError

if TYPE_CHECKING:
    from .dice import Dist
    from .games.strategiya.fights import FightResult
    from .games.strategiya.lookup import Lookup
    from .games.stratego.attack import Attack

PathArg = str | PathLike[str]


def fight(
    lives: tuple[int, int], damage: tuple[int, int], *, first: str = "a", backstab: bool = False,
    surrounded: bool = False,
) -> FightResult:  # fmt: skip
    """«Стратегия»: the exact odds of a battle between side A and side B.

    >>> result = fight((10, 10), (1, 1))
    >>> result.win_a
    Fraction(619380496, 1162261467)
    """
    from .config.rulesets import load_bundled
    from .games.strategiya.fights import Fighter
    from .games.strategiya.fights import fight as do_fight
    from .games.strategiya.model import rules_of

    battle = rules_of(load_bundled("strategiya")).battle
    assert battle is not None
    times = 3 if surrounded else 2 if backstab else 1
    try:
        return do_fight(battle, Fighter(lives[0], damage[0]), Fighter(lives[1], damage[1], first_times=times), first)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def hide(hiders: Sequence[int], seekers: Sequence[int], *, per_hero: bool = False) -> Fraction:
    """«Стратегия»: the chance that heroes hiding in a town are not found (each number an intellect).

    By the rules' wording each side rolls one D6 times every hero's intellect; per_hero=True
    rolls a die for each hero. A tie means the hiders are found.

    >>> hide([3, 2], [5])
    Fraction(5, 12)
    >>> hide([3, 2], [5], per_hero=True)
    Fraction(13, 27)
    """
    from .games.strategiya.hiding import hide_chance

    try:
        return hide_chance(list(hiders), list(seekers), per_hero=per_hero)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def lookup(
    keys: PathArg | Sequence[PathArg], section: str, terrain: str, number: int, *, game: str | None = None,
    config: PathArg | None = None, lang: str = "ru",
) -> Lookup:  # fmt: skip
    """«Стратегия»: follow one object's chain through the secret sheets of a referee key.

    >>> kit = build_kit(load_session("examples/strategiya.yaml"), "kits/doc", seed="doc-example-seed",
    ...                 only=["secret-sheets"])
    >>> found = lookup("kits/doc/referee-key.json", "resources", "forest", 3)
    >>> found.chain.terrain, found.chain.number
    ('forest', 3)
    """
    from .config.rulesets import load_bundled
    from .config.session import load_session
    from .games.strategiya.codes import load_key
    from .games.strategiya.lookup import lookup as do_lookup
    from .games.strategiya.lookup import merge_keys, pick_game
    from .games.strategiya.model import rules_of, session_of

    paths = [keys] if isinstance(keys, str | PathLike) else list(keys)
    game_id, games = merge_keys([load_key(Path(k)) for k in paths])
    session = load_session(config) if config is not None else None
    ruleset = session.ruleset if session else load_bundled(game_id)
    table = session_of(session) if session else None
    return do_lookup(rules_of(ruleset), table, pick_game(games, game), section, terrain, number, lang)


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
