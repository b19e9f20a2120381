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
    from .games.strategiya.fights import FightResult
    from .games.strategiya.lookup import Lookup
    from .games.vs.answers import BattleOdds, OrdersAnswer

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


def orders(attackers: str, defenders: str, *, edition: str = "vs-2025", relays: Sequence[str] = (),
           mirror: bool = False) -> OrdersAnswer:  # fmt: skip
    """«Великая Стратегическая»: a battle of order cards laid out as given (A, F, D, with + for
    advantage). Each re-lay comes from `relays` ("F D / D", or "keep"); when they run out with both
    sides standing, the answer holds the odds of both sides' best re-lay.

    >>> orders("A A A A", "D D D F F F").battle.winner
    'defenders'
    >>> orders("A+ F D", "D D A").relay.chances["attackers"]
    Fraction(1, 1)
    """
    from .config.rulesets import load_bundled
    from .games.vs.answers import orders_answer

    return orders_answer(load_bundled(edition), attackers, defenders, relays, mirror=mirror)


def vs_battle(attackers: str, defenders: str, *, edition: str = "vs-2025", play: str = "both",
              at_sea: bool = False, mirror: bool = False) -> BattleOdds:  # fmt: skip
    """«Великая Стратегическая»: the exact odds of a battle between troops ("knights", "knights@castle",
    "zombie:3", "elves+"), with orders at random and at both sides' best.

    >>> vs_battle("knights", "knights@castle", play="random").random.winner("defenders")
    Fraction(5984, 6561)
    """
    from .config.rulesets import load_bundled
    from .games.vs.answers import battle_odds

    return battle_odds(load_bundled(edition), attackers, defenders, play=play, at_sea=at_sea, mirror=mirror)
