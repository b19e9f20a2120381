"""Tannhäuser's questions, declared once: a d10 pool, a duel of stats, and where a character may move."""

# This module is the game's public API (printkit.tannhauser): each function below is a declared
# question, so a script's values are checked as the command line's are, and each answers with a
# record that says itself in Russian or English. `printkit referee pool|duel|paths` are derived
# from the same declarations.

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from printkit.dice import Dist
from printkit.plugin import (
    Choice,
    File,
    Flag,
    Input,
    Line,
    Para,
    Refused,
    RefusedValue,
    Text,
    Whole,
    did_you_mean,
    fraction,
    label,
    plural_ru,
    question,
)

from .paths import MoveReading, Reach, load_graph, reach
from .pools import Reading, die_success
from .pools import duel as duel_chance
from .pools import pool as pool_of
from .shares import percent

_TEXT_ONLY = {"json": False}  # a record field the text needs but the JSON leaves out
_HERE = __name__.rpartition(".")[0]
MOST_DICE = 30  # pools and stats above this are refused at once; 30 dice answer in milliseconds
_POOL_WORD = 3  # digits a pool's count may have once its d10 is taken off ("030" passes, "0004" does not)


def _chance(p: Fraction, decimals: int = 2) -> str:
    """'2/5 (40.00 %)': the exact fraction and a percentage that never rounds to a false certainty."""
    return f"{fraction(p)} ({percent(p, decimals)} %)"


@dataclass(frozen=True)
class PoolDice:
    """A pool as typed: 4d10, 4к10 or 4 (a Python caller may pass the number). The answer reads the
    count, so that a wrong pool is refused with the pool's own words rather than a generic one."""

    def read(self, text: str) -> str:
        return text

    def check(self, value: Any) -> int | str:
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise RefusedValue("qs_not_text", value=str(value)[:24])


def _count(dice: int | str) -> int:
    """How many dice a pool holds (1 to MOST_DICE), refused in the asker's language otherwise."""
    if isinstance(dice, int):
        if 1 <= dice <= MOST_DICE:
            return dice
        raise Refused("tr_bad_pool", text=str(dice)[:20], most=MOST_DICE)
    count = dice.lower().removesuffix("d10").removesuffix("к10")
    if not count.isascii() or not count.isdigit() or len(count) > _POOL_WORD or not 1 <= int(count) <= MOST_DICE:
        raise Refused("tr_bad_pool", text=dice[:20], most=MOST_DICE)
    return int(count)


# ---- referee pool -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PoolAnswer:
    """How many dice of a pool succeed, with the readings the text leaves open where they matter."""

    dice: int
    difficulty: int
    bonus: int
    penalty: int
    natural_one_stays: bool
    net: bool
    per_die: Fraction  # one die's chance
    dist: Dist = field(metadata=_TEXT_ONLY)  # the number of successes
    other_one: Fraction | None = field(
        metadata=_TEXT_ONLY
    )  # one die under the other reading of the natural 1, where it differs
    other_net: Fraction | None = field(
        metadata=_TEXT_ONLY
    )  # one die with the bonus and penalty read the other way, where it differs
    natural_ten_stays: bool = False
    # one die under the other reading of the natural 10, where it differs
    other_ten: Fraction | None = field(default=None, metadata=_TEXT_ONLY)

    @property
    def successes(self) -> dict[int, Fraction]:
        """The chance of exactly k successes, for every k that can happen."""
        return dict(self.dist.table())

    def json(self, lang: str) -> dict[str, Any]:
        return {
            "per_die": str(self.per_die),
            "successes": {str(k): str(p) for k, p in self.dist.table()},
            "natural_one_penalised": not self.natural_one_stays,
            "natural_ten_raised": not self.natural_ten_stays,
            "net": self.net,
        }

    def lines(self, lang: str) -> list[Line]:
        mods = (label("tr_bonus", lang, n=self.bonus) if self.bonus else "") + (
            label("tr_penalty", lang, n=self.penalty) if self.penalty else ""
        )
        out: list[Line] = [
            label("tr_pool_head", lang, n=self.dice, d=self.difficulty, mods=mods),
            label("tr_one_die", lang, p=_chance(self.per_die)),
            f"{label('tr_successes', lang):>10} {label('tr_exactly', lang):>10} {label('tr_at_least', lang):>11}",
        ]
        table = self.dist.table()
        for k, p in table:
            at_least = sum((q for v, q in table if v >= k), Fraction(0))
            out.append(f"{k:>10} {percent(p, 2):>8} % {percent(at_least, 2):>9} %")
        mean = sum((k * p for k, p in table), Fraction(0))
        out.append(label("tr_mean", lang, m=f"{float(mean):.2f}"))
        if self.other_one is not None:
            key = "tr_reading_one_other" if self.natural_one_stays else "tr_reading_one"
            out.append(Para(label(key, lang, p=_chance(self.other_one)), "  "))
        if self.other_net is not None:
            key = "tr_reading_net_other" if self.net else "tr_reading_net"
            out.append(Para(label(key, lang, p=_chance(self.other_net)), "  "))
        if self.other_ten is not None:
            key = "tr_reading_ten_other" if self.natural_ten_stays else "tr_reading_ten"
            out.append(Para(label(key, lang, p=_chance(self.other_ten)), "  "))
        return out


@question(
    "pool",
    summary={
        "en": "Tannhäuser pool: successes of N d10 against a difficulty.",
        "ru": "Пул Tannhäuser: успехи N к10 против сложности.",
    },
    about={
        "en": "Each die counts on its own. A natural 10 takes no penalty (it still takes a bonus: "
        "--natural-ten-stays for the other reading), a natural 1 takes no bonus (it still takes a penalty: "
        "--natural-one-stays for the other reading). Where a reading changes the answer, it is printed "
        "with the other one's figure.",
        "ru": "Каждый кубик считается сам по себе. Натуральная 10 не получает штрафа (бонус получает; "
        "--natural-ten-stays — другое чтение), натуральная 1 не получает бонуса (штраф получает; "
        "--natural-one-stays — другое чтение). Где чтение меняет ответ, он печатается с числом другого "
        "чтения.",
    },
    inputs=(
        Input(
            "dice",
            PoolDice(),
            {
                "en": f"The pool: 4d10, 4к10 or 4 (1 to {MOST_DICE} dice).",
                "ru": f"Пул: 4d10, 4к10 или 4 (от 1 до {MOST_DICE} кубиков).",
            },
            required=True,
        ),
        Input(
            "difficulty",
            Whole(1, 20),
            {"en": "A die succeeds at or above it.", "ru": "Кубик успешен, если не меньше её."},
            flag="--difficulty",
            required=True,
        ),
        Input(
            "bonus",
            Whole(0, 9),
            {"en": "Added to each die but a natural 1.", "ru": "Прибавляется к каждому кубику, кроме натуральной 1."},
            flag="--bonus",
            default=0,
        ),
        Input(
            "penalty",
            Whole(0, 9),
            {
                "en": "Taken from each die but a natural 10.",
                "ru": "Вычитается из каждого кубика, кроме натуральной 10.",
            },
            flag="--penalty",
            default=0,
        ),
        Input(
            "natural_one_stays",
            Flag(),
            {
                "en": "The other reading: a natural 1 keeps its 1 whatever the penalty.",
                "ru": "Другое чтение: натуральная 1 остаётся 1 при любом штрафе.",
            },
            flag="--natural-one-stays",
        ),
        Input(
            "natural_ten_stays",
            Flag(),
            {
                "en": "The other reading: a natural 10 keeps its 10 whatever the bonus.",
                "ru": "Другое чтение: натуральная 10 остаётся 10 при любом бонусе.",
            },
            flag="--natural-ten-stays",
        ),
        Input(
            "net",
            Flag(),
            {
                "en": "The other reading: net the bonus against the penalty first.",
                "ru": "Другое чтение: сначала вычесть штраф из бонуса.",
            },
            flag="--net",
        ),
    ),
    examples=(
        "printkit referee pool 4d10 --difficulty 6",
        "printkit referee pool 3 --difficulty 7 --penalty 1",
        "printkit referee pool 1 --difficulty 11 --bonus 2           # a natural 10 takes the bonus",
        "printkit referee pool 2 --difficulty 1 --penalty 1 --lang en",
    ),
)
def pool(dice: int | str, difficulty: int, bonus: int = 0, penalty: int = 0, natural_one_stays: bool = False,
         net: bool = False, natural_ten_stays: bool = False) -> PoolAnswer:  # fmt: skip
    """Tannhäuser: the successes of a pool of d10 (4, "4d10" or "4к10") against a difficulty.

    A natural 10 takes no penalty, a natural 1 no bonus; natural_one_stays, natural_ten_stays and
    net switch to the other readings of the text (a natural 1 keeps its 1; a natural 10 keeps its
    10; the bonus and penalty netted first).

    >>> pool(1, 6).successes
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    >>> pool("1d10", 11, bonus=2).per_die
    Fraction(1, 5)
    """
    count = _count(dice)
    reading = Reading(natural_one_penalised=not natural_one_stays, net=net, natural_ten_raised=not natural_ten_stays)
    one = die_success(difficulty, bonus, penalty, reading)
    # The readings the text leaves open, each turned alone and kept only where it changes this answer.
    other_one, other_net, other_ten = (
        die_success(difficulty, bonus, penalty, replace(reading, **{name: not getattr(reading, name)}))
        for name in ("natural_one_penalised", "net", "natural_ten_raised")
    )
    return PoolAnswer(count, difficulty, bonus, penalty, natural_one_stays, net, one,
                      pool_of(count, difficulty, bonus, penalty, reading),
                      other_one if other_one != one else None, other_net if other_net != one else None,
                      natural_ten_stays, other_ten if other_ten != one else None)  # fmt: skip


# ---- referee duel -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DuelAnswer:
    """The chances of a duel of stat against stat; a tie goes to the defender."""

    initiator: int
    defender: int
    attacker_wins: Fraction  # the initiator's chance
    defender_wins: Fraction
    ties: Fraction  # the share of defender_wins that is a tie

    def json(self, lang: str) -> dict[str, Any]:
        return {
            "attacker_wins": str(self.attacker_wins),
            "defender_wins": str(self.defender_wins),
            "ties": str(self.ties),
            "percent": round(float(self.attacker_wins) * 100, 4),
        }

    def lines(self, lang: str) -> list[Line]:
        return [
            Para(label("tr_duel_head", lang, a=self.initiator, b=self.defender), "  "),
            label("tr_duel_initiator", lang, p=_chance(self.attacker_wins)),
            label("tr_duel_defender", lang, p=f"{percent(self.defender_wins, 2)} %", t=f"{percent(self.ties, 2)} %"),
            label("tr_duel_tie", lang),
        ]


_STAT = Whole(1, MOST_DICE)


@question(
    "duel",
    summary={
        "en": "Tannhäuser duel (Stamina or Psyche): INITIATOR and DEFENDER are the two current stats.",
        "ru": "Дуэль Tannhäuser (Выносливость или Психика): INITIATOR и DEFENDER — текущие значения.",
    },
    about={
        "en": "Each rolls its own stat in dice against the other's stat as the difficulty; more successes "
        "wins and a tie goes to the defender.",
        "ru": "Каждый бросает столько кубиков, каков его показатель, против показателя другого как "
        "сложности; больше успехов — победа, ничья — за защищающимся.",
    },
    inputs=(
        Input(
            "initiator", _STAT, {"en": "The initiator's current stat.", "ru": "Показатель начавшего."}, required=True
        ),
        Input(
            "defender", _STAT, {"en": "The defender's current stat.", "ru": "Показатель защищающегося."}, required=True
        ),
    ),
    examples=("printkit referee duel 5 4", "printkit referee duel 3 2 --json"),
)
def duel(initiator: int, defender: int) -> DuelAnswer:
    """Tannhäuser: the chance that the initiator wins a duel of stat against stat (ties to the defender).

    >>> duel(5, 4).attacker_wins > Fraction(1, 2)
    True
    >>> duel(3, 2).defender_wins
    Fraction(4561, 25000)
    """
    chance = duel_chance(initiator, defender)
    a, d = pool_of(initiator, defender).table(), pool_of(defender, initiator).table()
    ties = sum((pa * pd for va, pa in a for vd, pd in d if va == vd), Fraction(0))
    return DuelAnswer(initiator, defender, chance, 1 - chance, ties)


# ---- referee paths ------------------------------------------------------------------------------------


def _points(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{n} {plural_ru(n, 'очко', 'очка', 'очков')}"
    return f"{n} point" if n == 1 else f"{n} points"


# The readings of the movement rules a paths answer may take, as (MoveReading field, the label key
# naming printkit's reading, the label key naming the switch's, which names its switch itself), each
# printed where it changes the answer or where the asker chose it.
READINGS = (
    ("ally_cost_one", "tr_reading_ally", "tr_reading_ally_other"),
    ("line_cost_one", "tr_reading_line", "tr_reading_line_other"),
    ("rush_from_empty", "tr_reading_pause", "tr_reading_pause_other"),
)
Where = tuple[int, tuple[str, ...]]  # points, and the enemies a won Bull Rush beats ((): none needed)


@dataclass(frozen=True)
class OtherReading:
    """What the other reading of one rule would answer: the circles where it differs (None: out of reach)."""

    rule: str  # the MoveReading field it turns
    chosen: bool  # whether the asker's answer takes the flag's reading (True) or printkit's
    differs: dict[str, Where | None]


def _where(found: Reach, bull_rush: bool) -> dict[str, Where]:
    """Each circle's fewest points, a Bull Rush's circles with whom it beats."""
    out: dict[str, Where] = {c: (p, ()) for c, p in found.free.items()}
    if bull_rush:
        out |= {c: (p, who) for c, (p, who) in found.rushed.items()}
    return out


@dataclass(frozen=True)
class PathsAnswer:
    """Every circle a character may end its move on, with the fewest points; with a Bull Rush, where
    one won duel leads further and whom it beats; the readings taken, with the other's figures."""

    reachable: dict[str, int]  # by points, then by name
    rushed: dict[str, tuple[int, tuple[str, ...]]] | None  # None: no Bull Rush asked
    points: int
    entering: str | None  # the side whose entry point the character comes in by; None: from a circle
    line_cost_one: bool
    ally_cost_one: bool = False
    rush_from_empty: bool = False
    stay: str | None = None  # the circle the character may always stay on (None: it enters)
    others: tuple[OtherReading, ...] = field(default=(), metadata=_TEXT_ONLY)

    @property
    def count(self) -> int:
        return len(self.reachable)

    def json(self, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {"reachable": self.reachable, "count": self.count, "stay": self.stay}
        if self.rushed is not None:
            out["bull_rush"] = {c: {"points": p, "beat": list(who)} for c, (p, who) in self.rushed.items()}
        out["readings"] = {name: getattr(self, name) for name, *_ in READINGS}
        return out

    def lines(self, lang: str) -> list[Line]:
        out: list[Line] = []
        if self.entering is not None:
            out.append(Para(label("tr_enter_side", lang, side=self.entering), "  "))
        width = max((len(_points(p, lang)) for p in self.reachable.values()), default=0)
        for spent in sorted(set(self.reachable.values())):
            circles = [c for c, p in self.reachable.items() if p == spent]
            out.append(Para(f"{_points(spent, lang):>{width}}: " + " ".join(circles), " " * (width + 2)))
        within = label("tr_within", lang, n=self.count, points=self.points)
        if self.reachable:
            out.append(within)
        elif self.stay is not None:
            out.append(Para(label("tr_none_stay", lang, circle=self.stay), "  "))
        else:
            out.append(label("tr_none", lang))
        if self.rushed is not None:
            out.append(label("tr_rush_head", lang))
            for circle, (spent, who) in self.rushed.items():
                out.append(Para("  " + _rush_line(circle, spent, who, lang), "    "))
            if not self.rushed:
                out.append("  " + label("tr_rush_none", lang))
            out.append(Para(label("tr_rush_reading", lang), "  "))
        for other in self.others:
            _, printkits, flags = next(r for r in READINGS if r[0] == other.rule)
            if other.differs:
                shown = "; ".join(_differs(c, w, lang) for c, w in other.differs.items())
                key = flags if other.chosen else printkits
                out.append(Para(label(key, lang) + " " + label("tr_other_gives", lang, found=shown), "  "))
            elif other.chosen:
                out.append(Para(label(flags, lang) + " " + label("tr_other_same", lang), "  "))
        return out


def _rush_line(circle: str, spent: int, who: tuple[str, ...], lang: str) -> str:
    return label("tr_rush_line", lang, circle=circle, points=_points(spent, lang), who=label("tr_or", lang).join(who))


def _differs(circle: str, where: Where | None, lang: str) -> str:
    """One circle as the other reading answers it: its points (and whom a Bull Rush beats), or out of reach."""
    if where is None:
        return label("tr_out_of_reach", lang, circle=circle)
    spent, who = where
    return _rush_line(circle, spent, who, lang) if who else f"{circle}: {_points(spent, lang)}"


@question(
    "paths",
    summary={
        "en": "Tannhäuser: every circle a character can end its move on, with the points it costs.",
        "ru": "Tannhäuser: все круги, где персонаж может закончить ход, и сколько очков это стоит.",
    },
    about={
        "en": "GRAPH_FILE lists `circles` (id, cost 2 for a slowing circle, entry: red or blue for a side's "
        "entry point), `links` between neighbouring circles of a path, and `characters` standing on "
        "circles (ally or enemy of the character that moves). Allies are passed at the normal cost, "
        "an enemy stops the move before it, and no move ends on an occupied or an entry circle. With "
        "--bull-rush: where a won Bull Rush leads, through one enemy or one unbroken line of adjacent "
        "enemies.",
        "ru": "В GRAPH_FILE — `circles` (id, cost 2 для замедляющего круга, entry: red или blue для точки "
        "входа стороны), `links` между соседними кругами пути и `characters` на кругах (ally или enemy "
        "того, кто ходит). Союзники проходятся по обычной цене, враг останавливает ход перед собой, и "
        "ход не кончается на занятом круге или точке входа. С --bull-rush: куда ведёт выигранный "
        "Натиск — через одного врага или сплошную цепочку соседних врагов.",
    },
    inputs=(
        Input(
            "graph_file",
            File(suffixes=(".yaml", ".yml")),
            {"en": "The path graph: circles, links and characters.", "ru": "Граф путей: круги, связи и персонажи."},
            required=True,
        ),
        Input(
            "start",
            Text(),
            {"en": "The character's circle (or --enter).", "ru": "Круг персонажа (или --enter)."},
            flag="--from",
            complete=f"{_HERE}.paths:complete_circles",
        ),
        Input(
            "enter",
            Flag(),
            {
                "en": "The character enters the board through its side's entry point (1 point).",
                "ru": "Персонаж входит на поле через точку входа своей стороны (1 очко).",
            },
            flag="--enter",
        ),
        Input(
            "side",
            Choice(
                ("red", "blue"), names={"red": {"en": "red", "ru": "красные"}, "blue": {"en": "blue", "ru": "синие"}}
            ),
            {"en": "The side of a character that enters (--enter).", "ru": "Сторона входящего персонажа (--enter)."},
            flag="--side",
        ),
        Input(
            "points",
            Whole(0, 30),
            {"en": "Movement points this cycle.", "ru": "Очки движения в этом цикле."},
            flag="--points",
            required=True,
        ),
        Input(
            "bull_rush",
            Flag(),
            {
                "en": "Also show where one won Bull Rush leads (one a cycle: it takes the Action Phase).",
                "ru": "Показать и то, куда ведёт один выигранный Натиск (один за цикл: он занимает Фазу Действия).",
            },
            flag="--bull-rush",
        ),
        Input(
            "line_cost_one",
            Flag(),
            {
                "en": "The other reading: each circle of a rushed line of two or more enemies costs 1 (a lone "
                "enemy's circle keeps its usual cost).",
                "ru": "Другое чтение: каждый круг пройденной цепочки из двух и более врагов стоит 1 (круг "
                "одинокого врага — обычную цену).",
            },
            flag="--line-cost-one",
        ),
        Input(
            "ally_cost_one",
            Flag(),
            {
                "en": "The other reading: an ally's circle costs 1, even a slowing one.",
                "ru": "Другое чтение: круг союзника стоит 1, даже замедляющий.",
            },
            flag="--ally-cost-one",
        ),
        Input(
            "rush_from_empty",
            Flag(),
            {
                "en": "The other reading: the mover stops for a Bull Rush only where a move may end (not on "
                "an ally's circle or an entry point).",
                "ru": "Другое чтение: для Натиска персонаж останавливается только там, где можно закончить "
                "ход (не на круге союзника и не на точке входа).",
            },
            flag="--rush-from-empty",
        ),
    ),
    examples=(
        "printkit referee paths examples/tannhauser-paths.yaml --from A1 --points 4",
        "printkit referee paths examples/tannhauser-paths.yaml --enter --side red --points 6 --json",
        "printkit referee paths examples/tannhauser-paths.yaml --from A1 --points 6 --bull-rush",
    ),
)
def paths(graph_file: str | Path, *, points: int, start: str | None = None, enter: bool = False,
          side: str | None = None, bull_rush: bool = False, line_cost_one: bool = False,
          ally_cost_one: bool = False, rush_from_empty: bool = False) -> PathsAnswer:  # fmt: skip
    """Tannhäuser: every circle a character may end its move on within `points`, from the circle
    `start` or entering by its side's entry point; with bull_rush, where one won duel leads. The
    three flags take the other readings of the text (MoveReading); the answer names each reading that
    changes it, with what the other one gives.

    >>> paths("examples/tannhauser-paths.yaml", start="A1", points=4).reachable
    {'A2': 1, 'B1': 1, 'C1': 3}
    """
    if enter == (start is not None) or (enter and side is None):
        raise Refused("tr_from_or_enter")
    graph = load_graph(Path(graph_file))
    if start is not None and start not in graph.cost:
        # Circles are named as the file names them; "a1" finds "A1".
        same = [c for c in graph.cost if c.casefold() == start.strip().casefold()]
        if len(same) != 1:
            hint = did_you_mean(start, list(graph.cost))
            raise Refused("tr_no_circle", circle=start, file=graph_file, hint=hint)
        start = same[0]
    if enter and side not in graph.entries.values():
        raise Refused("tr_no_entry", side=side, file=graph_file)
    reading = MoveReading(line_cost_one, ally_cost_one, rush_from_empty)
    found = reach(graph, start, points, side, bull_rush, reading)
    ordered = dict(sorted(found.free.items(), key=lambda kv: (kv[1], kv[0])))
    rushed = dict(sorted(found.rushed.items(), key=lambda kv: (kv[1][0], kv[0]))) if bull_rush else None
    # Each reading the text leaves open, turned the other way: where it would answer otherwise.
    here = _where(found, bull_rush)
    others = []
    for name, *_ in READINGS:
        if name != "ally_cost_one" and not bull_rush:
            continue  # the Bull Rush's readings only change where a rush leads
        chosen = getattr(reading, name)
        there = _where(reach(graph, start, points, side, bull_rush, replace(reading, **{name: not chosen})), bull_rush)
        differs = {c: there.get(c) for c in sorted(here.keys() | there.keys(), key=lambda c: (c not in here, c))
                   if here.get(c) != there.get(c)}  # fmt: skip
        others.append(OtherReading(name, chosen, differs))
    return PathsAnswer(ordered, rushed, points, side if enter else None, line_cost_one, ally_cost_one,
                       rush_from_empty, start, tuple(others))  # fmt: skip
