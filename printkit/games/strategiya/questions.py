"""«Стратегия»'s referee questions, declared once: secret lookups, fights, hiding in a town, escape."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.plugin import (
    Choice,
    File,
    Flag,
    Input,
    Line,
    Localized,
    Note,
    Para,
    Phrase,
    RefusedValue,
    Said,
    Text,
    Whole,
    chance,
    label,
    percent,
    question,
)

from .hiding import HIDE_MAX_HEROES, HIDE_MAX_INTELLECT

if TYPE_CHECKING:
    from printkit.plugin import Ruleset

    from .fights import Fighter, FightResult, Readings
    from .model import Battle

PathArg = str | PathLike[str]

# A long word is no reason to refuse before the engine, which says what is wrong with a word of any
# length: a --game or a NUMBER thousands of digits long is refused as out of range, cut short.
_ANY_LENGTH = 100_000


def _help(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


def _ruleset() -> Ruleset:
    from printkit.plugin import load_bundled

    return load_bundled("strategiya")


def _battle() -> Battle:
    from .model import rules_of

    battle = rules_of(_ruleset()).battle
    assert battle is not None
    return battle


CONFIG = Input(
    "config", File(), _help("Session config: its heroes, adventure titles and key.",
                            "Конфиг партии: его герои, названия приключений и ключ."),
    flag="--config",
)  # fmt: skip


# ---- lookup ---------------------------------------------------------------------------------------

NUMBER = Whole(1, 999)  # the terrain's own range is checked against the key


@dataclass(frozen=True)
class LookupAnswer:
    """One object's chain through the secret sheets: its number, sheet 1's, sheet 2's, and what it holds."""

    kit_id: str
    game: int
    section: str
    terrain: str
    number: int
    sheet1: int
    sheet2: int
    entry: Said
    terrain_name: Localized = field(metadata={"json": False})
    ascii_only: bool = field(metadata={"json": False})
    # The config's adventure at the chain's end, what the master reads out: its kind, side and text.
    kind: str | None = None
    side: str | None = None
    text: str | None = None

    def lines(self, lang: str) -> list[Line]:
        arrow = "->" if self.ascii_only else "→"
        section = label(f"rf_{self.section}", lang)
        text = label("rf_lookup", lang, terrain=self.terrain_name[lang].lower(), section=section, number=self.number,
                     arrow=arrow, first=self.sheet1, second=self.sheet2, entry=self.entry.say(lang))  # fmt: skip
        out: list[Line] = [Para(text, "  ")]
        if self.kind:
            kind = label(f"adv_kind_{self.kind}", lang)
            out.append(Para("  " + (label("rf_lookup_side", lang, kind=kind, side=self.side) if self.side else kind),
                            "    "))  # fmt: skip
        if self.text:
            out.append(Para("  " + " ".join(self.text.split()), "    "))
        return out


def _lookup_number(word: str) -> int:
    try:
        return NUMBER.read(word)
    except RefusedValue as exc:
        raise RefusedValue("rf_e_lookup_number", message=exc.phrase) from None


@question(
    "lookup",
    summary=_help("Follow one object's chain: SECTION TERRAIN NUMBER -> sheet 1 -> sheet 2 -> the list.",
                  "Цепочка одного объекта: РАЗДЕЛ МЕСТНОСТЬ НОМЕР -> лист 1 -> лист 2 -> список."),
    about=_help(
        "SECTION is resources or adventures; TERRAIN is mountain swamp forest plain water deathzone. Russian "
        "names work too, as people type them (в горах, лесу), the two in either order.",
        "РАЗДЕЛ — ресурсы или приключения; МЕСТНОСТЬ — гора, болото, лес, равнина, вода, смертельная зона. "
        "Слова можно писать как говорят (в горах, лесу) и в любом порядке; английские названия тоже подходят.",
    ),
    inputs=(
        Input("words", Text(_ANY_LENGTH), _help("The section, the terrain and the object's number.",
                                                "Раздел, местность и номер объекта."),
              many=True, required=True, metavar="SECTION TERRAIN NUMBER",
              complete="printkit.games.strategiya.lookup:complete_words"),
        Input("keys", File(), _help("referee-key.json (repeat to join one-player keys) [default: $PRINTKIT_KEY, or "
                                    "the config's key:].",
                                    "referee-key.json (повторите, чтобы соединить ключи игроков) [по умолчанию: "
                                    "$PRINTKIT_KEY или key: конфига]."),
              flag="--key", many=True, envvar="PRINTKIT_KEY"),
        Input("game", Text(_ANY_LENGTH), _help("Which game of a multi-game key: 1, 2, ... or a kit ID.",
                                               "Какая игра ключа на несколько игр: 1, 2, ... или код комплекта."),
              flag="--game"),
        dataclasses.replace(CONFIG, help=_help("Session config, for adventure titles and custom rulesets.",
                                               "Конфиг партии: названия приключений и свои правила.")),
        Input("ascii_only", Flag(), _help("Print -> instead of →.", "Печатать -> вместо →."), flag="--ascii"),
    ),
    examples=(
        'printkit secret-sheets --out kit --seed "friday at anna\'s"     # writes kit/referee-key.json',
        "printkit referee lookup --key kit/referee-key.json resources forest 3",
        "printkit referee lookup --key kit/referee-key.json ресурсы лесу 3 --lang en",
        "printkit referee lookup --key kit/referee-key.json --config examples/strategiya.yaml adventures forest 4",
        "PRINTKIT_KEY=kit/referee-key.json printkit referee lookup горы ресурсы 7",
    ),
    plain_refusals=True,
)  # fmt: skip
def lookup(
    words: Sequence[str], keys: Sequence[PathArg] | None = None, game: str | None = None,
    config: PathArg | None = None, ascii_only: bool = False,
) -> LookupAnswer:  # fmt: skip
    """Follow one object's chain through the secret sheets of a referee key (or of the config's key:).

    >>> kit = build_kit(load_session("examples/strategiya.yaml"), "kits/doc", seed="doc-example-seed",
    ...                 only=["secret-sheets"])
    >>> found = lookup(["resources", "forest", "3"], keys=["kits/doc/referee-key.json"])
    >>> found.terrain, found.number, found.entry.say("en") == found.entry.say("ru")
    ('forest', 3, False)
    """
    from printkit.plugin import load_bundled, load_session

    from .codes import check_fit, entry_text, load_key
    from .lookup import lookup as follow
    from .lookup import merge_keys, pick_game, split_words
    from .model import rules_of, session_of

    if len(words) < 3:
        raise RefusedValue("rf_e_lookup_words")
    number = _lookup_number(words[-1])
    section, terrain = split_words(words[:-1])
    session = load_session(config) if config is not None else None
    of_config = getattr(session.part, "key", None) if session else None
    paths = list(keys or ([of_config] if of_config else []))
    if not paths:
        raise RefusedValue("rf_e_no_key")
    loaded = [(str(path), load_key(Path(path))) for path in paths]
    game_id, games = merge_keys([key for _, key in loaded])
    if session is not None:
        if session.ruleset.id != game_id:
            raise RefusedValue("rf_e_key_config", keyed=game_id, configured=session.ruleset.id)
        ruleset = session.ruleset
    else:
        try:
            ruleset = load_bundled(game_id)
        except KeyError:
            raise RefusedValue("rf_e_key_game", keyed=game_id) from None
    rules = rules_of(ruleset)
    for path, (_, key_games) in loaded:
        check_fit(path, key_games, rules)
    found = follow(rules, pick_game(games, game), section, terrain, number)
    table = session_of(session) if session else None
    entry = Said(functools.partial(entry_text, rules, table, found.section, found.terrain, found.second))
    name = rules.terrain(found.terrain).name
    adventure = table.adventure(found.terrain, found.second) if table and found.section == "adventures" else None
    return LookupAnswer(found.kit_id, found.game, found.section, found.terrain, found.number, found.first,
                        found.second, entry, {"ru": name["ru"], "en": name["en"]}, ascii_only,
                        *((adventure.kind, adventure.side, adventure.text) if adventure else ()))  # fmt: skip


# ---- fight ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FightAnswer:
    """The odds of a battle of two sides, what the winner keeps, and the readings of the rules taken."""

    result: FightResult
    a: Fighter
    b: Fighter
    readings: Readings
    notes: tuple[Phrase, ...] = ()  # what the exact model leaves out (a dragon's own die)
    first_times: int = 1  # B's first damage is multiplied (stab in the back, surrounded)

    @property
    def win_a(self) -> Fraction:
        return self.result.win_a

    @property
    def win_b(self) -> Fraction:
        return self.result.win_b

    @property
    def exact(self) -> bool:
        """True: exact fractions; False: solved in floating point (a large fight, or a shield)."""
        return self.result.exact

    @property
    def expected_rolls(self) -> Fraction:
        return self.result.expected_rolls

    def json(self, lang: str) -> dict[str, Any]:
        r = self.result
        return {
            "a_wins": str(r.win_a), "b_wins": str(r.win_b), "a_percent": round(float(r.win_a) * 100, 4),
            "exact": r.exact, "expected_rolls": float(r.expected_rolls), "expected_turns": float(r.expected_turns),
            "a_lives_left": {str(k): str(v) for k, v in sorted(r.lives_left_a.items())},
            "b_lives_left": {str(k): str(v) for k, v in sorted(r.lives_left_b.items())},
            "readings": self.readings.describe(self.a, self.b, lang),
            **({"a_hero": {"name": self.a.name, "marker": self.a.marker},
                "b_hero": {"name": self.b.name, "marker": self.b.marker}} if self.a.marker else {}),
        }  # fmt: skip

    def lines(self, lang: str) -> list[Line]:
        r = self.result

        def odds(p: Fraction) -> str:
            return chance(p) if r.exact else f"≈ {percent(p)}"

        out: list[Line] = []
        for side, f, p in (("A", self.a, r.win_a), ("B", self.b, r.win_b)):
            named = side
            if f.marker:
                named = label("rf_side_hero" if f.name else "rf_side_marker", lang, side=side, name=f.name,
                              marker=f.marker)  # fmt: skip
            wins = label("rf_side_wins", lang, side=named, lives=f.lives, damage=f.damage, chance=odds(p))
            out.append(Para(wins, "  "))
        out.append(label("rf_rolls", lang, rolls=f"{float(r.expected_rolls):.2f}",
                         turns=f"{float(r.expected_turns):.2f}", per=r.rolls_per_turn))  # fmt: skip
        for name, left, total in (("A", r.lives_left_a, r.win_a), ("B", r.lives_left_b, r.win_b)):
            if total and left:
                mean = sum(k * v for k, v in left.items()) / total
                likely = sorted(left.items(), key=lambda kv: -kv[1])[:3]
                shown = ", ".join(f"{k} ({float(v / total) * 100:.1f} %)" for k, v in likely)
                out.append(Para(label("rf_keeps", lang, side=name, mean=f"{float(mean):.2f}", likely=shown), "  "))
        notes = [note.say(lang) for note in self.notes]
        if self.first_times > 1:
            notes.append(label("rf_first_times", lang, n=self.first_times))
        if not r.exact:
            shielded = self.a.shield_heal or self.b.shield_heal
            notes.append(label("rf_shield_float" if shielded else "rf_float", lang))
        out += [Note(label("rf_note", lang, text=note), "  ") for note in notes]
        described = self.readings.describe(self.a, self.b, lang)
        if described:
            out.append(Note(label("rf_readings", lang, text="; ".join(described)), "  "))
        return out


# The sides as the answers call them, A and B, typed on either keyboard: the Cyrillic А and В look
# like them, and Б is the Russian second letter.
SIDES = Choice(("a", "b"), names={"a": _help("side A", "сторона A"), "b": _help("side B", "сторона B")},
               aliases={"а": "a", "в": "b", "б": "b"})  # fmt: skip


@question(
    "fight",
    summary=_help("Odds of a Strategy battle: 1-3 pass the attack, 4-6 hit and roll again.",
                  "Шансы боя «Стратегии»: 1-3 передают атаку, 4-6 ранят и дают бросить снова."),
    about=_help(
        "Prints each side's chance to win, the expected number of rolls and game turns (two rolls per turn) and "
        "the lives the winner keeps. With --config, lives and damage come from the heroes' strength and items "
        "(two-handed sword +2, dragon ×2, sword's extra blow on a 3, armour against a 6, the shield's 4 lives on "
        "a 1). Small fights are exact fractions; large ones (up to 500 lives a side) and fights with a shield are "
        "solved in floating point.",
        "Шанс победы каждой стороны, сколько в среднем бросков и игровых ходов (два броска за ход) и сколько "
        "жизней остаётся победителю. С --config жизни и урон берутся из силы и вещей героев (двуручный меч +2, "
        "дракон ×2, удар меча на тройке, доспехи против шестёрки, 4 жизни щита на единице). Небольшие бои "
        "считаются точными дробями, большие (до 500 жизней на сторону) и бои со щитом — в числах с плавающей "
        "точкой.",
    ),
    inputs=(
        Input("lives", Whole(1, 500), _help("Lives of side A and side B (1..500).", "Жизни сторон A и B (1..500)."),
              flag="--lives", count=2),
        Input("damage", Whole(0, 500), _help("Damage per hit of A and of B (0..500).",
                                             "Урон за попадание A и B (0..500)."),
              flag="--damage", count=2),
        dataclasses.replace(CONFIG, help=_help("Take two heroes from a config.", "Взять двух героев из конфига.")),
        Input("heroes", Text(40), _help("Two heroes of --config, by name or map marker (Гром Тень, or 1 Б): A and B.",
                                        "Два героя из --config, по имени или метке (Гром Тень или 1 Б): A и B."),
              flag="--heroes", count=2, complete="printkit.games.strategiya.heroes:complete_markers"),
        Input("first", SIDES, _help("Who rolls first: A or B.", "Кто бросает первым: A или B."), flag="--first",
              default="a"),
        Input("backstab", Flag(), _help("B is attacked from behind: B's first damage ×2.",
                                        "B атакуют в спину: первый урон по B ×2."), flag="--backstab"),
        Input("surrounded", Flag(), _help("B is surrounded: B's first damage ×3.",
                                          "B окружён: первый урон по B ×3."), flag="--surrounded"),
        Input("sword_keeps_roll", Flag(), _help("Reading: after the sword's blow on a 3 the striker rolls again.",
                                                "Прочтение: после удара меча на тройке бьющий бросает снова."),
              flag="--sword-keeps-roll"),
        Input("shield_any_one", Flag(), _help("Reading: a shield heals on any 1, not only its holder's own.",
                                              "Прочтение: щит лечит на любой единице, не только своей."),
              flag="--shield-any-one"),
    ),
    examples=(
        "printkit referee fight --lives 10 10 --damage 1 1",
        "printkit referee fight --lives 25 15 --damage 9 3 --first b --backstab",
        "printkit referee fight --config examples/strategiya-heroes.yaml --heroes 1 4",
        "printkit referee fight --config examples/strategiya-heroes.yaml --heroes Гром Тень",
        "printkit referee fight --lives 500 500 --damage 1 1 --lang en",
    ),
    plain_refusals=True,
    notes=True,
)  # fmt: skip
def fight(
    lives: tuple[int, int] | None = None, damage: tuple[int, int] | None = None, config: PathArg | None = None,
    heroes: tuple[str, str] | None = None, first: str = "a", backstab: bool = False, surrounded: bool = False,
    sword_keeps_roll: bool = False, shield_any_one: bool = False,
) -> FightAnswer:  # fmt: skip
    """The odds of a battle between side A and side B: lives and damage given, or two heroes of a config.

    >>> fight((10, 10), (1, 1)).win_a
    Fraction(619380496, 1162261467)
    >>> fight(config="examples/strategiya-heroes.yaml", heroes=("1", "4")).a.lives
    25
    """
    from .fights import Fighter, Readings, fighters_from_config
    from .fights import fight as solve

    times = 3 if surrounded else 2 if backstab else 1
    notes: list[Phrase] = []
    # A config counts only with heroes: a referee's session passes its config to every question.
    if heroes:
        if config is None:
            raise RefusedValue("rf_e_heroes")
        from printkit.plugin import load_session

        a, b, notes = fighters_from_config(load_session(config), heroes[0], heroes[1])
        b = dataclasses.replace(b, first_times=times)
    elif lives and damage:
        a, b = Fighter(lives[0], damage[0]), Fighter(lives[1], damage[1], first_times=times)
    else:
        raise RefusedValue("rf_e_fight_what")
    readings = Readings(sword_keeps_roll, shield_any_one)
    return FightAnswer(solve(_battle(), a, b, first, readings), a, b, readings, tuple(notes), times)


# ---- hide -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HideAnswer:
    """Hiding in a town: the chance the hiders vanish, and of a tie (they are found)."""

    hiders: tuple[int, ...]
    seekers: tuple[int, ...]
    per_hero: bool
    hidden: Fraction
    tie: Fraction

    @property
    def found(self) -> Fraction:
        return 1 - self.hidden

    def json(self, lang: str) -> dict[str, Any]:
        return {"hide": str(self.hidden), "percent": round(float(self.hidden) * 100, 4), "tie": str(self.tie),
                "reading": "per-hero" if self.per_hero else "one-die-a-side", "tie_goes_to": "seekers"}  # fmt: skip

    def lines(self, lang: str) -> list[Line]:
        hiders, seekers = " + ".join(map(str, self.hiders)), " + ".join(map(str, self.seekers))
        reading = label("rf_hide_per_hero" if self.per_hero else "rf_hide_shared", lang)
        return [
            Para(label("rf_hide_sides", lang, hiders=hiders, seekers=seekers), "  "),
            label("rf_hidden", lang, chance=chance(self.hidden)),
            label("rf_found", lang, chance=chance(self.found), tie=chance(self.tie)),
            Note(label("rf_tie", lang), "  "),
            Note(label("rf_found_then", lang), "  "),
            Note(label("rf_readings", lang, text=reading), "  "),
        ]


HIDERS = Input(
    "hiders", Whole(0, HIDE_MAX_INTELLECT),
    _help(f"Each hiding hero's intellect (0..{HIDE_MAX_INTELLECT}, 1..{HIDE_MAX_HEROES} heroes): --hiders 3 2.",
          f"Интеллект каждого прячущегося героя (0..{HIDE_MAX_INTELLECT}, 1..{HIDE_MAX_HEROES} героев): --hiders 3 2."),
    flag="--hiders", many=True, greedy=True, metavar="INT",
)  # fmt: skip
SEEKERS = Input(
    "seekers", Whole(0, HIDE_MAX_INTELLECT),
    _help(f"Each seeker's intellect (0..{HIDE_MAX_INTELLECT}, 1..{HIDE_MAX_HEROES} heroes): --seekers 5.",
          f"Интеллект каждого ищущего (0..{HIDE_MAX_INTELLECT}, 1..{HIDE_MAX_HEROES} героев): --seekers 5."),
    flag="--seekers", many=True, greedy=True, metavar="INT",
)  # fmt: skip


@question(
    "hide",
    summary=_help("Hiding in a town: the chance the hiders are not found.",
                  "Прятки в городе: шанс, что прячущихся не найдут."),
    about=_help(
        "By the rules' wording each side rolls one D6 and multiplies it by every hero's intellect, the products "
        "summed; --per-hero rolls a D6 for each hero instead. The hiders vanish only if their total is higher: a "
        "tie means they are found.",
        "По тексту правил каждая сторона бросает один D6 и умножает его на интеллект каждого своего героя, "
        "произведения складываются; с --per-hero у каждого героя свой D6. Прячущиеся скрываются, только если их "
        "сумма больше: при равенстве их находят.",
    ),
    inputs=(
        HIDERS,
        SEEKERS,
        Input("per_hero", Flag(), _help("Reading: a D6 for each hero, not one a side.",
                                        "Прочтение: D6 на каждого героя, а не один на сторону."), flag="--per-hero"),
    ),
    examples=(
        "printkit referee hide --hiders 3 2 --seekers 5",
        "printkit referee hide --hiders 3 2 --seekers 5 --per-hero",
        "printkit referee hide --hiders 4 --seekers 2 2 1 --json --lang en",
    ),
    notes=True,
)  # fmt: skip
def hide(hiders: Sequence[int] | None, seekers: Sequence[int] | None, per_hero: bool = False) -> HideAnswer:
    """The chance that heroes hiding in a town are not found (each number a hero's intellect).

    >>> hide([3, 2], [5]).hidden
    Fraction(5, 12)
    >>> hide([3, 2], [5], per_hero=True).hidden
    Fraction(13, 27)
    """
    from .hiding import hide as solve

    if not hiders or not seekers:
        raise RefusedValue("rf_e_hide_what")
    for side, given in ((HIDERS, hiders), (SEEKERS, seekers)):
        if len(given) > HIDE_MAX_HEROES:
            raise RefusedValue("rf_e_hide_many", side=side.flag, n=HIDE_MAX_HEROES)
    found = solve(list(hiders), list(seekers), per_hero=per_hero)
    return HideAnswer(tuple(hiders), tuple(seekers), per_hero, found.hidden, found.tie)


# ---- escape ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EscapeAnswer:
    """Heroes fleeing a battle, each on its own die: the chance for one, for all, for at least one."""

    heroes: int
    each: Fraction
    everyone: Fraction
    someone: Fraction
    moves: int  # the moves a hero who got away makes at once

    def json(self, lang: str) -> dict[str, Any]:
        return {"each": str(self.each), "all": str(self.everyone), "at_least_one": str(self.someone)}

    def lines(self, lang: str) -> list[Line]:
        from .model import rules_of
        from .tables import escape_words

        rules = rules_of(_ruleset())
        b = _battle()
        then = label("rf_escape_then", lang, lo=b.escape_from, hi=b.die, below=b.escape_from - 1,
                     away=escape_words(rules, lang, True), caught=escape_words(rules, lang, False))  # fmt: skip
        return [
            label("rf_escape_each", lang, chance=chance(self.each)),
            # One hero: «all» and «at least one» are his own chance, said once above.
            *(
                [label("rf_escape_all", lang, n=self.heroes, all=chance(self.everyone), one=chance(self.someone))]
                if self.heroes > 1
                else []
            ),
            Para(then, "  "),
        ]


@question(
    "escape",
    summary=_help("Strategy: chances when HEROES (1..12) heroes try to flee a battle (each needs 4-6 on a D6).",
                  "«Стратегия»: шансы, когда HEROES (1..12) героев пытаются сбежать из боя (каждому нужно 4-6 на D6)."),
    about=_help("", ""),
    inputs=(Input("heroes", Whole(1, 12), _help("How many heroes flee.", "Сколько героев убегает."), required=True),),
    examples=("printkit referee escape 2", "printkit referee escape 3 --lang en"),
)  # fmt: skip
def escape(heroes: int) -> EscapeAnswer:
    """Fleeing a battle: each hero rolls alone; the chance for one, for all of them, for at least one.

    >>> escape(2).everyone
    Fraction(1, 4)
    """
    from .fights import escape_chances

    battle = _battle()
    each, everyone, someone = escape_chances(battle, heroes)
    return EscapeAnswer(heroes, each, everyone, someone, battle.escape_moves)


# ---- work -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Toll:
    """What the turns of a job cost one worker where the ground takes lives (the death zone)."""

    who: str
    per_turn: int  # lives a turn of work there costs this worker (3; a tier's 1 or 0; a hunter's 0)
    lost: int  # over the turns of the job, or up to his death
    left: int | None = None  # his lives when the job is done (a config hero's; None: not known)
    dies_on: int | None = None  # the turn of work that leaves him none, before the job is done
    wounded: bool = False  # what is left is a wound (3 lives or fewer: he dies in 10 turns unless healed)

    def said(self, lang: str) -> str:
        """The lives lost, and what they leave of a hero whose lives are known."""
        lost = label("rf_work_lost", lang, n=self.lost, per=self.per_turn) if self.lost else label("rf_work_safe", lang)
        if self.dies_on is not None:
            return label("rf_work_dies", lang, lost=lost, k=self.dies_on)
        if self.left is not None:
            return label("rf_work_wounded" if self.wounded else "rf_work_left", lang, lost=lost, n=self.left)
        return lost


@dataclass(frozen=True)
class Worker:
    """One hero at work (or all of them together): their strength and the turns the job takes."""

    who: str
    strength: int
    turns: int | None  # None: strength 0 moves the work no day on
    toll: Toll | None = None  # the lives the turns cost where the ground takes them


@dataclass(frozen=True)
class WorkAnswer:
    """Turns of mining or building: the job's days divided by each hero's strength, and by all together."""

    job: Said
    days: int
    workers: tuple[Worker, ...]
    together: Worker | None
    notes: tuple[Phrase, ...] = ()
    reading: Said = field(default_factory=lambda: Said(functools.partial(label, "rf_work_reading")))
    # Lives a turn of work on the job's ground costs (the death zone's 3); None: the ground takes none.
    lives_per_turn: int | None = None
    together_tolls: tuple[Toll, ...] = ()  # each worker's lives over the turns of working together

    def lines(self, lang: str) -> list[Line]:
        from printkit.plugin import days as say_days

        out: list[Line] = [Para(label("rf_work_job", lang, job=self.job.say(lang), days=say_days(self.days, lang)),
                                "  ")]  # fmt: skip
        rows = [*self.workers, *([self.together] if self.together else [])]
        for w in rows:
            who = label("rf_work_together", lang) if w is self.together else w.who
            turns = label("rf_work_never", lang) if w.turns is None else label("rf_work_turns", lang, n=w.turns)
            if w.toll is not None:
                turns += label("rf_work_toll", lang, toll=w.toll.said(lang))
            out.append(Para(label("rf_work_row", lang, who=who, strength=w.strength, turns=turns), "    "))
        if self.together_tolls:
            each = "; ".join(f"{t.who} {t.said(lang)}" for t in self.together_tolls)
            out.append(Para("  " + label("rf_work_together_lives", lang, each=each), "    "))
        out += [Note(label("rf_note", lang, text=n.say(lang)), "  ") for n in self.notes]
        out.append(Note(label("rf_readings", lang, text=self.reading.say(lang)), "  "))
        return out


def _work_rules(config: PathArg | None) -> tuple[Any, Any]:
    from printkit.plugin import load_bundled, load_session

    session = load_session(config) if config is not None else None
    return (session.ruleset if session else load_bundled("strategiya")), session


@question(
    "work",
    summary=_help("Turns of mining or building: the days of work divided by each hero's strength.",
                  "Сколько ходов займёт добыча или стройка: дни работы делятся на силу каждого героя."),
    about=_help(
        "Give the work as --days N, as a resource (--resource TERRAIN N: the list entry the secret sheets lead "
        "to) or as a building (--building bridge --cells 2); and the workers as --strength S ... or --config C "
        "--heroes 1 Б. Each hero's turns are printed, and all of them working together (strengths added). "
        "--tools adds the tools' +3 to every worker.",
        "Работу задайте как --days N, как ресурс (--resource МЕСТНОСТЬ N — пункт списка, к которому привели "
        "секретные листы) или как постройку (--building мост --cells 2); работников — как --strength S ... или "
        "--config C --heroes 1 Б. Печатаются ходы каждого героя и всех вместе (силы складываются). --tools "
        "прибавляет +3 инструментов каждому.",
    ),
    inputs=(
        Input("days", Whole(1, 100_000), _help("Days of work.", "Дней работы."), flag="--days"),
        Input("resource", Text(40), _help("A resource: its terrain and list entry, like forest 2.",
                                          "Ресурс: местность и пункт списка, например лес 2."),
              flag="--resource", count=2),
        Input("building", Text(40), _help("A building: bridge, castle, dam or ship.",
                                          "Постройка: мост, замок, плотина или корабль."), flag="--building"),
        Input("cells", Whole(1, 200), _help("Cells of a bridge or a dam.", "Клеток моста или плотины."),
              flag="--cells", default=1),
        Input("strength", Whole(0, 99), _help("Each worker's strength: --strength 3 2.",
                                              "Сила каждого работника: --strength 3 2."),
              flag="--strength", many=True, greedy=True),
        dataclasses.replace(CONFIG, help=_help("Take the workers from a config.", "Взять работников из конфига.")),
        Input("heroes", Text(40), _help("The workers of --config, by name or map marker.",
                                        "Работники из --config, по имени или метке."),
              flag="--heroes", many=True, greedy=True, metavar="HERO",
              complete="printkit.games.strategiya.heroes:complete_markers"),
        Input("tools", Flag(), _help("Every worker has tools (+3 strength for work).",
                                     "У каждого работника инструменты (+3 к силе в работе)."), flag="--tools"),
        Input("tiers_closed", Flag(), _help("Switch: a total-potential tier holds only within its range (7–10, "
                                            "11–15), not above it: for the lives a hero of the config loses in the "
                                            "death zone.", "Прочтение: порог суммарного потенциала действует лишь "
                                            "в своих пределах (7–10, 11–15), не выше: для жизней героя из конфига "
                                            "в смертельной зоне."), flag="--tiers-closed"),
    ),
    examples=(
        "printkit referee work --resource mountain 1 --strength 10",
        "printkit referee work --building bridge --cells 2 --strength 3 2",
        "printkit referee work --days 45 --config examples/strategiya-heroes.yaml --heroes 1 2 --lang en",
        "printkit referee work --resource deathzone 1 --strength 4",
    ),
    plain_refusals=True,
    notes=True,
)  # fmt: skip
def work(
    days: int | None = None, resource: tuple[str, str] | None = None, building: str | None = None, cells: int = 1,
    strength: Sequence[int] | None = None, config: PathArg | None = None, heroes: Sequence[str] | None = None,
    tools: bool = False, tiers_closed: bool = False,
) -> WorkAnswer:  # fmt: skip
    """Turns a job of mining or building takes each hero, and all of them together.

    >>> work(resource=("mountain", "1"), strength=[10]).workers[0].turns
    3
    >>> work(building="bridge", cells=2, strength=[3, 2]).together.turns
    2
    """
    from .heroes import find_hero, work_turns
    from .model import Hero, rules_of

    ruleset, session = _work_rules(config)
    rules = rules_of(ruleset)
    notes: list[Phrase] = []
    ground = None  # the terrain of a resource: its ground may take lives a turn (the death zone)
    given = sum(x is not None for x in (days, resource, building))
    if given != 1:
        raise RefusedValue("rf_e_work_what")
    if resource is not None:
        terrain = rules.find_terrain(resource[0])
        if terrain is None:
            raise RefusedValue("rf_e_work_terrain", word=resource[0][:24])
        number = NUMBER.read(resource[1])
        found = rules.resource_at(terrain.id, number)
        if found is None:
            raise RefusedValue("rf_e_work_nothing", terrain=dict(terrain.name), n=number)
        if found.days is None:
            raise RefusedValue("rf_e_work_endless", name=dict(found.name))
        days = found.days
        ground = terrain
        job = Said(lambda lang: f"{found.name[lang]} ({terrain.name[lang].lower()} {number})")
    elif building is not None:
        wanted = building.casefold()
        site = next((b for b in rules.buildings if wanted in {b.id, *(n.casefold() for n in b.name.values())}), None)
        if site is None:
            raise RefusedValue("rf_e_work_building", word=building[:24],
                               names=", ".join(b.name["ru"] for b in rules.buildings))  # fmt: skip
        days = site.days * (cells if site.per_cell else 1)
        job = Said(lambda lang: site.name[lang] + (f" × {cells}" if site.per_cell else ""))
        notes += [Phrase("rf_work_needs", what=dict(name), days=d) for name, d in site.needs]
    else:
        job = Said(functools.partial(label, "rf_work_days"))
    assert days is not None
    bonus = next((o.work_strength for o in rules.town.get("market", ()) if o.work_strength), 0) if tools else 0
    workers: list[tuple[str, int, Hero | None]] = []
    if heroes:
        if config is None or session is None:
            raise RefusedValue("rf_e_work_heroes")
        for word in heroes:
            named = find_hero(session, word)
            workers.append((named.who, named.hero.strength + bonus, named.hero))
    elif strength:
        workers = [(f"#{i}", s + bonus, None) for i, s in enumerate(strength, start=1)]
    else:
        raise RefusedValue("rf_e_work_who")
    zone = -ground.lives_per_turn if ground is not None and ground.lives_per_turn < 0 else None
    costs = {who: _per_turn(rules, ground.id, hero, zone, tiers_closed) if ground and zone else 0
             for who, _, hero in workers}  # fmt: skip
    rows = tuple(
        Worker(who, s, turns, _toll(rules, who, hero, costs[who], turns) if zone and turns is not None else None)
        for who, s, hero in workers
        for turns in [work_turns(days, s)]
    )
    total = sum(s for _, s, _ in workers)
    together = Worker("", total, work_turns(days, total)) if len(workers) > 1 else None
    tolls: tuple[Toll, ...] = ()
    if zone and together is not None and together.turns is not None:
        tolls = tuple(_toll(rules, who, hero, costs[who], together.turns) for who, _, hero in workers)
    if tools:
        notes.append(Phrase("rf_work_tools", n=bonus))
    if zone:
        notes.append(_zone_note(rules, zone, [hero for _, _, hero in workers], tiers_closed))
    return WorkAnswer(job, days, rows, together, tuple(notes), lives_per_turn=zone, together_tolls=tolls)


def _per_turn(rules: Any, ground: str, hero: Any, zone: int, tiers_closed: bool) -> int:
    """Lives a turn of work on this ground costs a worker: the ground's own (the death zone's 3) for
    a worker known only by strength; a config hero's tiers (1 from total 7, none from 11) or a
    hunter's gift (none) change it, as on his hero sheet."""
    from . import heroes as H

    if hero is None or ground != H.DEATHZONE:
        return zone
    if hero.hire == "hunter":
        return 0
    change = H.perks(rules, hero, tiers_closed).deathzone_lives
    return zone if change is None else max(0, -change)


def _toll(rules: Any, who: str, hero: Any, per_turn: int, turns: int) -> Toll:
    """What `turns` turns of work at `per_turn` lives cost one worker; a config hero's lives say
    whether he lives to finish (none left: dead on that turn) or finishes wounded."""
    from . import heroes as H

    if hero is None:
        return Toll(who, per_turn, per_turn * turns)
    have = H.current_lives(rules, hero)
    if per_turn and per_turn * turns >= have:
        dies = -(-have // per_turn)
        return Toll(who, per_turn, have, 0, dies)
    left = have - per_turn * turns
    h = rules.heroes
    return Toll(who, per_turn, per_turn * turns, left, wounded=bool(per_turn * turns) and left <= h.lives.wounded_at)


def _zone_note(rules: Any, zone: int, heroes: list[Any], tiers_closed: bool) -> Phrase:
    """The lives rule of a job on deadly ground, and the reading of what counts: the turns of work only."""
    from . import heroes as H
    from .movement import tier_notes

    steps = [Phrase("rf_work_zone_tier", start=t.start, n=max(0, -t.deathzone_lives))
             for t in rules.tiers if t.deathzone_lives is not None]  # fmt: skip
    tiers = {lang: label("rf_work_zone_tiers", lang, steps=", ".join(step.say(lang) for step in steps))
             for lang in ("ru", "en")}  # fmt: skip
    note = Phrase("rf_work_zone", n=zone, tiers=tiers)
    kept = [p for h in heroes if h is not None and h.hire != "hunter"
            for p in tier_notes(rules, H.total_potential(h), tiers_closed)]  # fmt: skip
    return Phrase("rf_work_zone_kept", zone=note, kept=kept[0]) if kept else note
