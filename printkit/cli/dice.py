"""Dice at the table: roll an expression, or its exact odds, in the referee's language within 80 columns."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from ..labels import label
from .present import WIDTH, arrow, can_print, echo_json, fraction, language, pointed, table, wrap

if TYPE_CHECKING:
    from ..dice import DiceError, Dist, Odds

_LANG = click.option("--lang", type=click.Choice(["ru", "en"]), help="Answer in Russian (default) or English.")
_CAP = click.option(
    "--explode-cap", type=click.IntRange(0, 20), default=3, show_default=True,
    help="How many times one exploding die may roll again (AnyDice stops at 2, icepool at 9).",
)  # fmt: skip


def _refused(notation: str, exc: DiceError, lang: str) -> click.UsageError:
    return pointed(notation, exc.text(lang), exc.column, label("dice_column", lang))


@click.command(
    context_settings={"ignore_unknown_options": True},  # so -d6+10 is a notation, not an option
    epilog="""\b
Examples:
  printkit referee roll 2к6+1
  printkit referee roll 4d6kh3 --seed turn-12
  printkit referee roll "5d10cs>=7" --lang en
  printkit referee roll "3d6 >= 2d6+2"
""",
)
@click.argument("notation")
@click.option("--seed", help="Replay a roll: the same seed and notation give the same dice.")
@_CAP
@_LANG
@click.option("--json", "as_json", is_flag=True)
def roll(notation: str, seed: str | None, explode_cap: int, lang: str | None, as_json: bool) -> None:
    """Roll dice: every die is shown (dropped ones in brackets, rerolled ones before an arrow,
    successes with *), then the result, and success or failure for a comparison."""
    from ..dice import DiceError
    from ..dice import roll as do_roll

    lang = language(lang)
    try:
        result = do_roll(notation, seed, explode_cap=explode_cap)
    except DiceError as exc:
        raise _refused(notation, exc, lang) from None
    if as_json:
        out: dict[str, Any] = {"dice": list(result.shown), "total": result.total, "passed": result.passed}
        if result.right is not None:
            out["right"] = result.right
        echo_json(out)
        return
    for group in result.groups:
        click.echo(wrap(group.text(arrow()), "  "))
    line = f"= {result.total}"
    if result.expression.compare:
        line += f" {result.expression.compare[0]} {result.right}"
    if result.passed is not None:
        word = label("dice_success" if result.passed else "dice_failure", lang)
        mark = "✔" if result.passed else "✘"
        line += f"  {mark} {word}" if can_print(mark + word) else f"  {word}" if can_print(word) else ""
    click.echo(line)


@click.command(
    context_settings={"ignore_unknown_options": True},
    epilog="""\b
Examples:
  printkit referee odds "2d6+1>=8"          # 7/12 (58.33 %)
  printkit referee odds 4к6kh3 --lang en
  printkit referee odds "3d6 >= 2d6+2"
  printkit referee odds 100d100 --all
  printkit referee odds "3d6>=15" --json
""",
)
@click.argument("notation")
@click.option("--all", "every", is_flag=True, help="One row for every total, however many.")
@_CAP
@_LANG
@click.option("--json", "as_json", is_flag=True)
def odds(notation: str, every: bool, explode_cap: int, lang: str | None, as_json: bool) -> None:
    """Exact odds of a dice expression: each total with the chance of at least and at most it, a bar
    chart, the mean and, for a comparison, its chance as a reduced fraction. Notation: NdS, d%, dF,
    к for d (2к6), + - *, r/ro (reroll), x or ! (explode), kh kl dh dl, cs>=N, and one comparison
    with a number or a second expression."""
    from ..dice import DiceError
    from ..dice import odds as do_odds

    lang = language(lang)
    try:
        result = do_odds(notation, explode_cap)
    except DiceError as exc:
        raise _refused(notation, exc, lang) from None
    if as_json:
        echo_json(_json(result))
        return
    compare = result.expression.compare
    head = "dice_difference" if result.two_sided else "dice_total"
    for line in _table(result.dist, every, label(head, lang), lang):
        click.echo(line)
    mean, sd = result.dist.mean(), float(result.dist.variance()) ** 0.5
    click.echo(wrap(label("dice_mean", lang, mean=_number(mean), sd=f"{sd:.2f}")))
    for note in _notes(result, lang):
        click.echo(wrap(note, "  "))
    if compare and result.chance is not None:
        op = compare[0]
        left, right = result.expression.left_text, result.expression.right_text
        if result.two_sided:
            more, tie, less = (_percent(p) for p in result.versus())
            click.echo(wrap(label("dice_versus", lang, left=left, right=right, more=more, tie=tie, less=less)))
            click.echo(wrap(f"P({left} {op} {right}) = {_chance(result.chance)}"))
        else:
            click.echo(wrap(label("dice_chance", lang, op=op, target=right, chance=_chance(result.chance))))


def _chance(p: Fraction) -> str:
    return f"{fraction(p)} ({_percent(p)})"


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


def _table(dist: Dist, every: bool, head: str, lang: str) -> list[str]:
    from ..dice.table import rows

    found, width = rows(dist, every)
    total = dist.total
    cells = [[str(r.lo) if r.lo == r.hi else f"{r.lo}..{r.hi}", _share(r.weight, total), _share(r.at_least, total),
              _share(r.at_most, total)] for r in found]  # fmt: skip
    headers = [head, label("dice_exactly", lang), label("dice_at_least", lang), label("dice_at_most", lang)]
    used = sum(max(len(c[i]) for c in [headers, *cells]) for i in range(4)) + 2 * 4
    room = max(0, WIDTH - used)
    top = max(r.weight for r in found)
    bars = ["#" * round(r.weight * room / top) if top else "" for r in found]
    lines = table([*headers, ""], [[*c, b] for c, b in zip(cells, bars, strict=True)], right={0, 1, 2, 3})
    if width > 1:
        lines.append(label("dice_binned", lang, n=width))
    return lines


def _notes(result: Odds, lang: str) -> list[str]:
    """The readings printed with the answer: how keep and drop steps combined, and the explode cap."""
    from ..dice.odds import terms

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


def _json(result: Odds) -> dict[str, Any]:
    """Exact and compact: integer weights over one total (as strings, so no reader rounds them)."""
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
