"""Referee commands of «Стратегия»: secret lookups, fights, hiding and escape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .base import LANG, Whole, load, whole
from .present import can_print, fraction, percent


@click.command(
    epilog="""\b
Examples:
  printkit referee lookup --key referee-key.json resources forest 3
  printkit referee lookup --key referee-key.json --game 4 ресурсы лес 3
  printkit referee lookup --key p1.json --key p2.json --config game.yaml adventures mountain 7
"""
)
@click.option(
    "--key",
    "keys",
    multiple=True,
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="referee-key.json (repeat to join one-player keys).",
)
@click.option("--game", help="Which game of a multi-game key: 1, 2, ... or a kit ID.")
@click.option(
    "--config",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Session config, for adventure titles and custom rulesets.",
)
@LANG
@click.option("--ascii", "ascii_only", is_flag=True, help="Print -> instead of →.")
@click.option("--json", "as_json", is_flag=True, help="Print the chain as JSON.")
@click.argument("section")
@click.argument("terrain")
@click.argument("number", type=Whole(1, 999))
def lookup(
    keys: tuple[Path, ...],
    game: str | None,
    config: Path | None,
    lang: str | None,
    ascii_only: bool,
    as_json: bool,
    section: str,
    terrain: str,
    number: int,
) -> None:
    """Follow one object's chain: SECTION TERRAIN NUMBER -> sheet 1 -> sheet 2 -> the list.

    SECTION is resources or adventures; TERRAIN is mountain swamp forest plain water deathzone
    (Russian names work too, and the two words may come in either order).
    """
    from ..config.rulesets import load_bundled
    from ..games.strategiya.codes import load_key
    from ..games.strategiya.lookup import format_chain, merge_keys, pick_game
    from ..games.strategiya.lookup import lookup as do_lookup
    from ..games.strategiya.model import rules_of, session_of

    game_id, games = merge_keys([load_key(k) for k in keys])
    session = load(config, lang) if config else None
    if session is not None:
        if session.ruleset.id != game_id:
            raise click.UsageError(f"the key is for {game_id}, the config for {session.ruleset.id}")
        ruleset = session.ruleset
    else:
        try:
            ruleset = load_bundled(game_id)
        except KeyError:
            raise click.UsageError(f"the key is for {game_id!r}, not a bundled game: pass --config") from None
    language = lang or (session.language if session else "ru")
    table = session_of(session) if session else None
    found = do_lookup(rules_of(ruleset), table, pick_game(games, game), section, terrain, number, language)
    if as_json:
        c = found.chain
        click.echo(
            json.dumps(
                {
                    "kit_id": found.kit_id,
                    "game": found.game,
                    "section": c.section,
                    "terrain": c.terrain,
                    "number": c.number,
                    "sheet1": c.first,
                    "sheet2": c.second,
                    "entry": c.entry,
                },
                ensure_ascii=False,
            )
        )
        return
    click.echo(format_chain(found.chain, "->" if ascii_only or not can_print("→") else "→"))


@click.command(
    epilog="""\b
Examples:
  printkit referee fight --lives 10 10 --damage 1 1
  printkit referee fight --lives 25 15 --damage 9 3 --first b --backstab
  printkit referee fight --config examples/strategiya-heroes.yaml --heroes 1 Б
"""
)
@click.option("--lives", nargs=2, type=Whole(1, 500), help="Lives of side A and side B.")
@click.option("--damage", nargs=2, type=Whole(0, 500), help="Damage per hit of A and of B.")
@click.option("--config", type=click.Path(dir_okay=False, path_type=Path), help="Take two heroes from a config.")
@click.option("--heroes", nargs=2, help="Their map markers (e.g. 1 Б) when --config is given.")
@click.option("--first", type=click.Choice(["a", "b"]), default="a", show_default=True, help="Who rolls first.")
@click.option("--backstab", is_flag=True, help="B is attacked from behind: B's first damage ×2.")
@click.option("--surrounded", is_flag=True, help="B is surrounded: B's first damage ×3.")
@click.option("--json", "as_json", is_flag=True)
def fight(lives: Any, damage: Any, config: Path | None, heroes: Any, first: str, backstab: bool, surrounded: bool,
          as_json: bool) -> None:  # fmt: skip
    """Exact odds of a «Стратегия» battle: 1-3 pass the attack, 4-6 hit and roll again.

    Prints each side's chance to win, the expected number of rolls and game turns (two rolls per
    turn) and the lives the winner keeps. With --config, lives and damage come from the heroes'
    strength and items (two-handed sword +2, dragon ×2, sword's extra blow on a 3, armour against
    a 6, the shield's 4 lives on a 1). Answers are exact fractions; with a shield, lives can go
    back up and the chance is solved numerically instead.
    """
    from ..config.rulesets import load_bundled
    from ..games.strategiya.fights import Fighter, fighters_from_config
    from ..games.strategiya.fights import fight as do_fight
    from ..games.strategiya.model import rules_of

    battle = rules_of(load_bundled("strategiya")).battle
    assert battle is not None
    times = 3 if surrounded else 2 if backstab else 1
    if config is not None:
        if not heroes:
            raise click.UsageError("--config needs --heroes MARKER MARKER")
        a, b, notes = fighters_from_config(load(config), heroes[0], heroes[1])
        b = Fighter(b.lives, b.damage, b.sword_blow, b.armour, times)
    elif lives and damage:
        a, b, notes = Fighter(lives[0], damage[0]), Fighter(lives[1], damage[1], first_times=times), []
    else:
        raise click.UsageError("give --lives A B and --damage A B, or --config and --heroes")
    try:
        result = do_fight(battle, a, b, first)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    switches = "switches: the sword's blow on a 3 passes the attack; armour stops a 6"
    if as_json:
        click.echo(json.dumps({
            "a_wins": str(result.win_a), "b_wins": str(result.win_b), "a_percent": round(float(result.win_a) * 100, 4),
            "expected_rolls": float(result.expected_rolls), "expected_turns": float(result.expected_turns),
            "a_lives_left": {str(k): str(v) for k, v in sorted(result.lives_left_a.items())},
            "b_lives_left": {str(k): str(v) for k, v in sorted(result.lives_left_b.items())},
        }))  # fmt: skip
        return

    def chance(p: Any) -> str:
        return f"{fraction(p)} ({percent(p)})" if result.exact else f"≈ {percent(p)}"

    click.echo(f"A ({a.lives} lives, {a.damage} a hit) wins: {chance(result.win_a)}")
    click.echo(f"B ({b.lives} lives, {b.damage} a hit) wins: {chance(result.win_b)}")
    if not result.exact:
        notes.append("a shield lets lives go back up: solved numerically, not as a fraction")
    click.echo(f"expected rolls {float(result.expected_rolls):.2f}, game turns {float(result.expected_turns):.2f}")
    for name, left, total in (("A", result.lives_left_a, result.win_a), ("B", result.lives_left_b, result.win_b)):
        if total and left:
            mean = sum(k * v for k, v in left.items()) / total
            likely = sorted(left.items(), key=lambda kv: -kv[1])[:3]
            shown = ", ".join(f"{k} ({float(v / total) * 100:.1f} %)" for k, v in likely)
            click.echo(f"{name} keeps {float(mean):.2f} lives on average; most often {shown}")
    for note in notes:
        click.echo(f"note: {note}")
    click.echo(switches)


@click.command(
    context_settings={"ignore_unknown_options": True},
    epilog="""\b
Examples:
  printkit referee hide --hiders 3 2 --seekers 5
  printkit referee hide --hiders 4 --seekers 2 2 1 --json
""",
)
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
def hide(words: tuple[str, ...]) -> None:
    """Hiding in a town: --hiders INT... --seekers INT... (each hero's intellect).

    Each side sums D6 × intellect over its heroes; the hiders vanish if their sum is higher.
    """
    from ..games.strategiya.fights import hide_chance

    groups: dict[str, list[int]] = {"--hiders": [], "--seekers": []}
    current = None
    as_json = False
    for word in words:
        if word in groups:
            current = word
        elif word == "--json":
            as_json = True
        elif current and not word.startswith("-"):
            # Parsing bound only (a hero's intellect is at most 1000 in a ruleset); the hiding
            # engine states its own limits.
            groups[current].append(whole(word, 0, 1000, current))
        else:
            raise click.UsageError(f"unexpected {word!r}; give --hiders INT... --seekers INT...")
    if not groups["--hiders"] or not groups["--seekers"]:
        raise click.UsageError("give the intellect of every hiding hero (--hiders) and every seeker (--seekers)")
    chance = hide_chance(groups["--hiders"], groups["--seekers"])
    if as_json:
        click.echo(json.dumps({"hide": str(chance), "percent": round(float(chance) * 100, 4)}))
        return
    click.echo(f"the hiders vanish: {chance} ({percent(chance)}); found: {1 - chance} ({percent(1 - chance)})")


@click.command(
    epilog="""\b
Examples:
  printkit referee escape 2
"""
)
@click.argument("heroes", type=Whole(1, 12))
def escape(heroes: int) -> None:
    """«Стратегия»: chances when HEROES heroes try to flee a battle (each needs 4-6 on a D6)."""
    from fractions import Fraction

    from ..config.rulesets import load_bundled
    from ..games.strategiya.model import rules_of

    battle = rules_of(load_bundled("strategiya")).battle
    assert battle is not None
    each = Fraction(battle.die - battle.escape_from + 1, battle.die)
    everyone, nobody = each**heroes, (1 - each) ** heroes
    click.echo(f"each hero escapes: {each} ({percent(each)})")
    click.echo(f"all {heroes} escape: {everyone} ({percent(everyone)}); at least one: {1 - nobody} "
               f"({percent(1 - nobody)})")  # fmt: skip
