"""The referee's dice questions, declared once: roll an expression, or its exact odds, in either language."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..answers import WIDTH, fraction, table
from ..labels import RefusedValue, label
from ..questions import Flag, Input, Line, Para, Text, Whole, question
from .dist import Dist
from .notation import EXPLODE_CAP, MAX_LENGTH
from .odds import Odds
from .odds import odds as dice_odds
from .rolling import Roll
from .rolling import roll as dice_roll

NOTATION = Input(
    "notation",
    Text(MAX_LENGTH * 100),  # the engine says what is wrong, and where: past its own limit too
    {"en": "The dice: NdS, d%, dF, к for d, + - *, r/ro, x or !, kh kl dh dl, cs>=N, and one comparison.",
     "ru": "Кости: NdS, d%, dF, к вместо d, + - *, r/ro, x или !, kh kl dh dl, cs>=N и одно сравнение."},
    required=True,
)  # fmt: skip
EXPLODE = Input(
    "explode_cap",
    Whole(0, 20),
    {"en": "How many times one exploding die may roll again (AnyDice stops at 2, icepool at 9).",
     "ru": "Сколько раз один взрывающийся кубик может перебрасываться (AnyDice — 2, icepool — 9)."},
    flag="--explode-cap",
    default=EXPLODE_CAP,
)  # fmt: skip


# ---- roll -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollAnswer:
    """Every die of a roll, the result and, for a comparison, its verdict."""

    roll: Roll = field(metadata={"json": False})

    @property
    def total(self) -> int:
        return self.roll.total

    @property
    def passed(self) -> bool | None:
        """The comparison's verdict (None without one)."""
        return self.roll.passed

    def json(self, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {"dice": list(self.roll.shown), "sum": self.roll.worked, "total": self.roll.total,
                               "passed": self.roll.passed}  # fmt: skip
        if self.roll.right is not None:
            out["right"] = self.roll.right
            out["right_sum"] = self.roll.worked_right
        return out

    def lines(self, lang: str) -> list[Line]:
        result = self.roll
        out: list[Line] = [Para(group.text("→"), "  ") for group in result.groups]
        line = result.sums()  # a long sum wraps: a Para below
        if result.passed is not None:
            word = label("dice_success" if result.passed else "dice_failure", lang)
            line += f"  {'✔' if result.passed else '✘'} {word}"
        out.append(Para(line, "  "))
        return out


@question(
    "roll",
    summary={"en": "Roll dice: every die is shown, then the result.", "ru": "Бросок: каждый кубик, затем итог."},
    about={
        "en": "Dropped dice are in brackets, rerolled ones come before an arrow, successes have a *; a "
        "comparison says success or failure.",
        "ru": "Отброшенные кубики — в скобках, переброшенные — до стрелки, успехи — со звёздочкой; "
        "сравнение говорит, успех это или неудача.",
    },
    inputs=(
        NOTATION,
        Input(
            "seed",
            Text(200),
            {
                "en": "Replay a roll: the same seed and notation give the same dice.",
                "ru": "Повторить бросок: те же зерно и запись дают те же кубики.",
            },
            flag="--seed",
        ),
        EXPLODE,
    ),
    examples=(
        "printkit referee roll 2к6+1",
        "printkit referee roll 4d6kh3 --seed turn-12",
        'printkit referee roll "5d10cs>=7" --lang en',
        'printkit referee roll "3d6 >= 2d6+2"',
    ),
    points_at="notation",
    dashed_words=True,  # -d6+10 is a notation, not an option
)
def roll(notation: str, seed: str | None = None, explode_cap: int = EXPLODE_CAP) -> RollAnswer:
    """Roll a dice expression: every die and the total. The same seed replays the same roll.

    >>> roll("4d6kh3", seed="turn-12").total == roll("4d6kh3", seed="turn-12").total
    True
    """
    return RollAnswer(dice_roll(notation, seed, explode_cap=explode_cap))


# ---- odds -----------------------------------------------------------------------------------------


def _number(x: Fraction) -> str:
    """A mean as a referee reads it: 8, 12.24 (15869/1296), or 50.5."""
    if x.denominator == 1:
        return str(x.numerator)
    decimal = f"{float(x):.2f}"
    exact = str(x)
    return decimal if float(decimal) == x or len(exact) > 15 else f"{decimal} ({exact})"


def _share(weight: int, total: int) -> str:
    """A percentage that never shows 0.00 % for what can happen or 100.00 % for what can fail."""
    if weight and weight * 10_000 < total:
        return "<0.01 %"
    if weight < total and weight * 10_000 > total * 9_999:
        return ">99.99 %"
    return f"{weight * 100 / total:.2f} %"


def _percent(p: Fraction) -> str:
    return _share(p.numerator, p.denominator)


def _chance(p: Fraction) -> str:
    return f"{fraction(p)} ({_percent(p)})"


def _grouped(n: int) -> dict[str, str]:
    """A count grouped by thousands as each language writes it (99,901; 99 901)."""
    return {"en": f"{n:,}", "ru": f"{n:,}".replace(",", "\u00a0")}


# The most rows `odds --all` prints. Every row's three shares are divisions of big integers, so a
# table of 100d1000's 99,901 totals took seconds (bench/referee.py prints the figures); 100d100,
# the documented example, has 9,901, d1000 1,000, and no game's roll needs more on a terminal.
# The ranged table and --json answer any expression the odds accept.
MAX_ALL_ROWS = 10_000


@dataclass(frozen=True)
class OddsAnswer:
    """The exact distribution of an expression and the chance of its comparison."""

    odds: Odds = field(metadata={"json": False})
    every: bool = field(default=False, metadata={"json": False})

    @property
    def chance(self) -> Fraction | None:
        """The chance of the comparison (None without one)."""
        return self.odds.chance

    @property
    def dist(self) -> Dist:
        return self.odds.dist

    def json(self, lang: str) -> dict[str, Any]:
        """Exact and compact: integer weights over one total (as strings, so no reader rounds them)."""
        result = self.odds
        dist = result.dist
        out: dict[str, Any] = {
            "of": "left - right" if result.two_sided else "total",
            "mean": float(dist.mean()),
            "sd": float(dist.variance()) ** 0.5,
            "total": str(dist.total),
            "weights": {str(v): str(w) for v, w in sorted(dist.weights.items())},
        }
        if result.two_sided:
            more, tie, less = result.versus()
            out.update({"more": str(more), "tie": str(tie), "less": str(less)})
        if result.chance is not None:
            out["chance"] = str(result.chance)
            out["percent"] = round(float(result.chance) * 100, 4)
        return out

    def lines(self, lang: str) -> list[Line]:
        result = self.odds
        compare = result.expression.compare
        head = "dice_difference" if result.two_sided else "dice_total"
        out: list[Line] = list(self._table(label(head, lang), lang))
        mean, sd = result.dist.mean(), float(result.dist.variance()) ** 0.5
        out.append(Para(label("dice_mean", lang, mean=_number(mean), sd=f"{sd:.2f}")))
        out += [Para(note, "  ") for note in self._notes(lang)]
        if compare and result.chance is not None:
            op = compare[0]
            left, right = result.expression.left_text, result.expression.right_text
            if result.two_sided:
                more, tie, less = (_percent(p) for p in result.versus())
                out.append(Para(label("dice_versus", lang, left=left, right=right, more=more, tie=tie, less=less)))
                out.append(Para(f"P({left} {op} {right}) = {_chance(result.chance)}"))
            else:
                out.append(Para(label("dice_chance", lang, op=op, target=right, chance=_chance(result.chance))))
        return out

    def _table(self, head: str, lang: str) -> list[str]:
        from .table import rows

        dist = self.odds.dist
        found, width = rows(dist, self.every)
        total = dist.total
        cells = [[str(r.lo) if r.lo == r.hi else f"{r.lo}..{r.hi}", _share(r.weight, total),
                  _share(r.at_least, total), _share(r.at_most, total)] for r in found]  # fmt: skip
        headers = [head, label("dice_exactly", lang), label("dice_at_least", lang), label("dice_at_most", lang)]
        used = sum(max(len(c[i]) for c in [headers, *cells]) for i in range(4)) + 2 * 4
        room = max(0, WIDTH - used)
        top = max(r.weight for r in found)
        bars = ["#" * round(r.weight * room / top) if top else "" for r in found]
        lines = table([*headers, ""], [[*c, b] for c, b in zip(cells, bars, strict=True)], right={0, 1, 2, 3})
        if width > 1:
            # --all prints every total only up to its limit; beyond, --json has them.
            hint = "dice_binned" if len(dist.weights) <= MAX_ALL_ROWS else "dice_binned_json"
            lines.append(label(hint, lang, n=width))
        return lines

    def _notes(self, lang: str) -> list[str]:
        """The readings printed with the answer: how keep and drop steps combined, and the explode cap."""
        from .odds import terms

        result = self.odds
        notes = []
        exploding = False
        nodes = [result.expression.root] + ([result.expression.compare[1]] if result.expression.compare else [])
        while nodes:
            node = nodes.pop()
            for _, term in terms(node):
                if term.op == "*":
                    nodes += [n for n in (term.left, term.right) if n is not None]
                elif term.group:
                    exploding |= term.group.die.explode
                    if len(term.group.steps) > 1:
                        top, kept = term.group.band()
                        notes.append(label("dice_band", lang, group=term.group.text(), first=top + 1, last=top + kept))
        if exploding:
            notes.append(label("dice_exploding", lang, cap=result.explode_cap))
        return notes


@question(
    "odds",
    summary={"en": "Exact odds of a dice expression.", "ru": "Точные шансы выражения с кубиками."},
    about={
        "en": "Each total with the chance of at least and at most it, a bar chart, the mean and, for a "
        "comparison, its chance as a reduced fraction. Notation: NdS, d%, dF, к for d (2к6), + - *, "
        "r/ro (reroll), x or ! (explode), kh kl dh dl, cs>=N, and one comparison with a number or a "
        "second expression.",
        "ru": "Каждый итог с шансом «не меньше» и «не больше», полоски, среднее и, для сравнения, его "
        "шанс несократимой дробью. Запись: NdS, d%, dF, к вместо d (2к6), + - *, r/ro (переброс), x или ! "
        "(взрыв), kh kl dh dl, cs>=N и одно сравнение с числом или вторым выражением.",
    },
    inputs=(
        NOTATION,
        Input(
            "every",
            Flag(),
            {
                "en": f"One row for every total (at most {MAX_ALL_ROWS:,} rows).",
                "ru": f"Строка на каждый итог (не больше {MAX_ALL_ROWS:,} строк).".replace(",", "\u00a0"),
            },
            flag="--all",
        ),
        EXPLODE,
    ),
    examples=(
        'printkit referee odds "2d6+1>=8"          # 7/12 (58.33 %)',
        "printkit referee odds 4к6kh3 --lang en",
        'printkit referee odds "3d6 >= 2d6+2"',
        "printkit referee odds 100d100 --all",
        'printkit referee odds "3d6>=15" --json',
    ),
    points_at="notation",
    dashed_words=True,
)
def odds(notation: str, every: bool = False, explode_cap: int = EXPLODE_CAP) -> OddsAnswer:
    """The exact distribution of a dice expression, and the chance of its comparison if it has one.

    >>> odds("2d6+1>=8").chance
    Fraction(7, 12)
    >>> float(odds("3d6").dist.mean())
    10.5
    """
    found = dice_odds(notation, explode_cap)
    if every and len(found.dist.weights) > MAX_ALL_ROWS:
        raise RefusedValue("dice_e_all_rows", n=_grouped(len(found.dist.weights)), limit=_grouped(MAX_ALL_ROWS))
    return OddsAnswer(found, every)
