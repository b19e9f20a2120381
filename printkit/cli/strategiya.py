"""Referee commands of «Стратегия»: secret lookups, fights, hiding and escape."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..answers import chance, percent
from . import complete
from .base import JSON, LANG, Whole, load, remembered, whole
from .present import arrow, echo_json, language, refuse, safe, said, wrap


@click.command(
    epilog="""\b
Examples:
  printkit secret-sheets --out kit --seed "friday at anna's"     # writes kit/referee-key.json
  printkit referee lookup --key kit/referee-key.json resources forest 3
  printkit referee lookup --key kit/referee-key.json ресурсы лесу 3 --lang en
  printkit referee lookup --key kit/referee-key.json --config examples/strategiya.yaml adventures forest 4
  PRINTKIT_KEY=kit/referee-key.json printkit referee lookup горы ресурсы 7
"""
)
@click.option(
    "--key",
    "keys",
    multiple=True,
    envvar="PRINTKIT_KEY",
    type=click.Path(dir_okay=False, path_type=Path),
    help="referee-key.json (repeat to join one-player keys) [default: $PRINTKIT_KEY, or the config's key:].",
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
@click.argument("words", nargs=-1, required=True, metavar="SECTION TERRAIN NUMBER", shell_complete=complete.terrains)
def lookup(
    keys: tuple[Path, ...],
    game: str | None,
    config: Path | None,
    lang: str | None,
    ascii_only: bool,
    as_json: bool,
    words: tuple[str, ...],
) -> None:
    """Follow one object's chain: SECTION TERRAIN NUMBER -> sheet 1 -> sheet 2 -> the list.

    SECTION is resources or adventures; TERRAIN is mountain swamp forest plain water deathzone.
    Russian names work too, as people type them (в горах, лесу), the two in either order.
    """
    from ..config.rulesets import load_bundled
    from ..games.strategiya.codes import load_key
    from ..games.strategiya.lookup import format_chain, merge_keys, pick_game, split_words
    from ..games.strategiya.lookup import lookup as do_lookup
    from ..games.strategiya.model import rules_of, session_of

    if len(words) < 3:
        raise refuse("rf_e_lookup_words")
    number = whole(words[-1], 1, 999, "NUMBER")
    section, terrain = split_words(words[:-1])
    session = load(config, lang) if config else None
    lang = language(lang, session.language if session else None)
    key_of_config = getattr(session.part, "key", None) if session else None
    keys = keys or ((Path(key_of_config),) if key_of_config else ())
    if not keys:
        raise refuse("rf_e_no_key")
    game_id, games = merge_keys([remembered(k, load_key) for k in keys])
    if session is not None:
        if session.ruleset.id != game_id:
            raise refuse("rf_e_key_config", key=game_id, config=session.ruleset.id)
        ruleset = session.ruleset
    else:
        try:
            ruleset = load_bundled(game_id)
        except KeyError:
            raise refuse("rf_e_key_game", key=game_id) from None
    table = session_of(session) if session else None
    found = do_lookup(rules_of(ruleset), table, pick_game(games, game), section, terrain, number, lang)
    if as_json:
        c = found.chain
        echo_json(
            {
                "kit_id": found.kit_id,
                "game": found.game,
                "section": c.section,
                "terrain": c.terrain,
                "number": c.number,
                "sheet1": c.first,
                "sheet2": c.second,
                "entry": c.entry,
            }
        )
        return
    click.echo(wrap(safe(format_chain(rules_of(ruleset), found.chain, lang, arrow(ascii_only))), "  "))


def _battle() -> Any:
    from ..config.rulesets import load_bundled
    from ..games.strategiya.model import rules_of

    battle = rules_of(load_bundled("strategiya")).battle
    assert battle is not None
    return battle


@click.command(
    epilog="""\b
Examples:
  printkit referee fight --lives 10 10 --damage 1 1
  printkit referee fight --lives 25 15 --damage 9 3 --first b --backstab
  printkit referee fight --config examples/strategiya-heroes.yaml --heroes 1 4
  printkit referee fight --lives 500 500 --damage 1 1 --lang en
"""
)
@click.option("--lives", nargs=2, type=Whole(1, 500), help="Lives of side A and side B (1..500).")
@click.option("--damage", nargs=2, type=Whole(0, 500), help="Damage per hit of A and of B (0..500).")
@click.option("--config", type=click.Path(dir_okay=False, path_type=Path), help="Take two heroes from a config.")
@click.option(
    "--heroes", nargs=2, help="Two heroes' map markers (e.g. 1 Б), with --config.", shell_complete=complete.markers
)
@click.option("--first", type=click.Choice(["a", "b"]), default="a", show_default=True, help="Who rolls first.")
@click.option("--backstab", is_flag=True, help="B is attacked from behind: B's first damage ×2.")
@click.option("--surrounded", is_flag=True, help="B is surrounded: B's first damage ×3.")
@click.option(
    "--sword-keeps-roll", is_flag=True, help="Reading: after the sword's blow on a 3 the striker rolls again."
)
@click.option("--shield-any-one", is_flag=True, help="Reading: a shield heals on any 1, not only its holder's own.")
@LANG
@JSON
def fight(lives: Any, damage: Any, config: Path | None, heroes: Any, first: str, backstab: bool, surrounded: bool,
          sword_keeps_roll: bool, shield_any_one: bool, lang: str | None, as_json: bool) -> None:  # fmt: skip
    """Odds of a «Стратегия» battle: 1-3 pass the attack, 4-6 hit and roll again.

    Prints each side's chance to win, the expected number of rolls and game turns (two rolls per
    turn) and the lives the winner keeps. With --config, lives and damage come from the heroes'
    strength and items (two-handed sword +2, dragon ×2, sword's extra blow on a 3, armour against
    a 6, the shield's 4 lives on a 1). Small fights are exact fractions; large ones (up to 500
    lives a side) and fights with a shield are solved in floating point.
    """
    from ..games.strategiya.fights import Fighter, Readings, fighters_from_config
    from ..games.strategiya.fights import fight as do_fight
    from ..labels import label

    times = 3 if surrounded else 2 if backstab else 1
    session = None
    # A config counts only with --heroes: a referee's session passes its config to every question.
    if heroes:
        if config is None:
            raise refuse("rf_e_heroes")
        session = load(config)
        language(lang, session.language)  # a refusal about the heroes speaks the config's language
        a, b, notes = fighters_from_config(session, heroes[0], heroes[1])
        b = Fighter(b.lives, b.damage, b.sword_blow, b.armour, times, b.shield_heal, b.max_lives)
    elif lives and damage:
        a, b, notes = Fighter(lives[0], damage[0]), Fighter(lives[1], damage[1], first_times=times), []
    else:
        raise refuse("rf_e_fight_what")
    lang = language(lang, session.language if session else None)
    readings = Readings(sword_keeps_roll, shield_any_one)
    try:
        result = do_fight(_battle(), a, b, first, readings)
    except ValueError as exc:
        raise click.UsageError(said(exc)) from None
    if as_json:
        echo_json({
            "a_wins": str(result.win_a), "b_wins": str(result.win_b), "a_percent": round(float(result.win_a) * 100, 4),
            "exact": result.exact, "expected_rolls": float(result.expected_rolls),
            "expected_turns": float(result.expected_turns),
            "a_lives_left": {str(k): str(v) for k, v in sorted(result.lives_left_a.items())},
            "b_lives_left": {str(k): str(v) for k, v in sorted(result.lives_left_b.items())},
            "readings": readings.describe(a, b, "en"),
        })  # fmt: skip
        return

    def odds(p: Any) -> str:
        return chance(p) if result.exact else f"≈ {percent(p)}"

    for side, f, p in (("A", a, result.win_a), ("B", b, result.win_b)):
        click.echo(wrap(label("rf_side_wins", lang, side=side, lives=f.lives, damage=f.damage, chance=odds(p)), "  "))
    click.echo(label("rf_rolls", lang, rolls=f"{float(result.expected_rolls):.2f}",
                     turns=f"{float(result.expected_turns):.2f}", per=result.rolls_per_turn))  # fmt: skip
    for name, left, total in (("A", result.lives_left_a, result.win_a), ("B", result.lives_left_b, result.win_b)):
        if total and left:
            mean = sum(k * v for k, v in left.items()) / total
            likely = sorted(left.items(), key=lambda kv: -kv[1])[:3]
            shown = ", ".join(f"{k} ({float(v / total) * 100:.1f} %)" for k, v in likely)
            click.echo(wrap(label("rf_keeps", lang, side=name, mean=f"{float(mean):.2f}", likely=shown), "  "))
    if times > 1:
        notes.append(label("rf_first_times", lang, n=times))
    if not result.exact:
        shielded = a.shield_heal or b.shield_heal
        notes.append(label("rf_shield_float" if shielded else "rf_float", lang))
    for note in notes:
        click.echo(wrap(label("rf_note", lang, text=safe(note)), "  "))
    described = readings.describe(a, b, lang)
    if described:
        click.echo(wrap(label("rf_readings", lang, text="; ".join(described)), "  "))


def _intellects(word: str, option: str) -> int:
    from ..games.strategiya.hiding import HIDE_MAX_INTELLECT

    # The shared number reader: ASCII digits only ("²" is a digit to isdigit() but no number), and
    # the length is checked before any conversion.
    return whole(word, 0, HIDE_MAX_INTELLECT, option)


@click.command(
    context_settings={"ignore_unknown_options": True},
    epilog="""\b
Examples:
  printkit referee hide --hiders 3 2 --seekers 5
  printkit referee hide --hiders 3 2 --seekers 5 --per-hero
  printkit referee hide --hiders 4 --seekers 2 2 1 --json --lang en
""",
)
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
def hide(words: tuple[str, ...]) -> None:
    """Hiding in a town: --hiders INT... --seekers INT... (each hero's intellect, 0..199,
    1..24 heroes a side) [--per-hero] [--lang ru|en] [--json].

    By the rules' wording each side rolls one D6 and multiplies it by every hero's intellect,
    the products summed; --per-hero rolls a D6 for each hero instead. The hiders vanish only if
    their total is higher: a tie means they are found.
    """
    from ..games.strategiya.hiding import HIDE_MAX_HEROES
    from ..games.strategiya.hiding import hide as do_hide
    from ..labels import label

    groups: dict[str, list[int]] = {"--hiders": [], "--seekers": []}
    current = None
    as_json = per_hero = False
    lang: str | None = None
    words_left = list(words)
    while words_left:
        word = words_left.pop(0)
        if word in groups:
            current = word
        elif word == "--json":
            as_json = True
        elif word == "--per-hero":
            per_hero = True
        elif word == "--lang":
            lang = words_left.pop(0) if words_left else ""
            if lang not in ("ru", "en"):
                raise refuse("cl_choose_lang", value=safe(lang[:20]))
        elif current:
            groups[current].append(_intellects(word, current))
            if len(groups[current]) > HIDE_MAX_HEROES:
                raise refuse("rf_e_hide_many", side=current, n=HIDE_MAX_HEROES)
        else:
            raise refuse("rf_e_hide_word", word=safe(word[:20]))
    lang = language(lang)
    if not groups["--hiders"] or not groups["--seekers"]:
        raise refuse("rf_e_hide_what")
    found = do_hide(groups["--hiders"], groups["--seekers"], per_hero=per_hero)
    if as_json:
        echo_json({
            "hide": str(found.hidden), "percent": round(float(found.hidden) * 100, 4), "tie": str(found.tie),
            "reading": "per-hero" if per_hero else "one-die-a-side", "tie_goes_to": "seekers",
        })  # fmt: skip
        return
    hiders = " + ".join(map(str, groups["--hiders"]))
    seekers = " + ".join(map(str, groups["--seekers"]))
    click.echo(wrap(label("rf_hide_sides", lang, hiders=hiders, seekers=seekers), "  "))
    click.echo(label("rf_hidden", lang, chance=chance(found.hidden)))
    click.echo(label("rf_found", lang, chance=chance(found.found), tie=chance(found.tie)))
    click.echo(wrap(label("rf_tie", lang), "  "))
    click.echo(wrap(label("rf_found_then", lang), "  "))
    reading = label("rf_hide_per_hero" if per_hero else "rf_hide_shared", lang)
    click.echo(wrap(label("rf_readings", lang, text=reading), "  "))


@click.command(
    epilog="""\b
Examples:
  printkit referee escape 2
  printkit referee escape 3 --lang en
"""
)
@click.argument("heroes", type=Whole(1, 12))
@LANG
@JSON
def escape(heroes: int, lang: str | None, as_json: bool) -> None:
    """«Стратегия»: chances when HEROES (1..12) heroes try to flee a battle (each needs 4-6 on a D6)."""
    from ..games.strategiya.fights import escape_chances
    from ..labels import label

    battle = _battle()
    each, everyone, someone = escape_chances(battle, heroes)
    if as_json:
        echo_json({"each": str(each), "all": str(everyone), "at_least_one": str(someone)})
        return
    lang = language(lang)
    click.echo(label("rf_escape_each", lang, chance=chance(each)))
    click.echo(label("rf_escape_all", lang, n=heroes, all=chance(everyone), one=chance(someone)))
    click.echo(wrap(label("rf_escape_then", lang, moves=battle.escape_moves), "  "))
