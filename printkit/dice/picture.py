"""Dice for a referee page: each rolled die as a face, and a distribution as bars readable on a phone."""

# Faces and bars are SVG whose texts pass through Markup.format (escaped); pictures.css colours
# them by class, so a dropped die, a rerolled face, a success and the bars of the outcome asked
# about read in grey too (dashed, faded, ringed, hatched). Each bar carries its exact chance as
# data-p (and the asked-for share of it as data-hit), so a reader can check the chart sums to 1.

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import Any

from markupsafe import Markup

from ..labels import label
from .dist import Budget, Dist
from .notation import Die
from .odds import evaluate
from .questions import OddsAnswer, RollAnswer, _chance
from .rolling import DieRoll, GroupRoll
from .table import rows

SIZE = 40  # a die face's viewBox
# Pips of a six-sided die on a 40-unit face: left, middle and right columns and rows.
_L, _M, _R = 11, 20, 29
PIPS = {
    1: ((_M, _M),),
    2: ((_L, _L), (_R, _R)),
    3: ((_L, _L), (_M, _M), (_R, _R)),
    4: ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    5: ((_L, _L), (_R, _L), (_M, _M), (_L, _R), (_R, _R)),
    6: ((_L, _L), (_R, _L), (_L, _M), (_R, _M), (_L, _R), (_R, _R)),
}
# The outline of a die of each size, as the solid is usually drawn; others are a rounded square.
OUTLINES = {
    4: "20,3 37,35 3,35",
    8: "20,2 38,20 20,38 2,20",
    10: "20,2 37,16 20,38 3,16",
    12: "20,2 38,15 31,37 9,37 2,15",
    20: "20,2 36,11 36,29 20,38 4,29 4,11",
}


def _outline(die: Die) -> Markup:
    sides = die.hi - die.lo + 1
    if die.lo == 1 and sides in OUTLINES:
        return Markup('<polygon class="face" points="{}"/>').format(OUTLINES[sides])
    if die.lo == 1 and sides >= 100:
        return Markup('<circle class="face" cx="20" cy="20" r="18"/>')
    return Markup('<rect class="face" x="2" y="2" width="36" height="36" rx="6"/>')


def face(die: Die, value: int, role: str) -> Markup:
    """One face as a small SVG: pips on a six-sided die, a number on any other, + or − on a fudge die."""
    parts = [_outline(die)]
    if die.lo == 1 and die.hi == 6 and value in PIPS:
        parts += [Markup('<circle class="pip" cx="{}" cy="{}" r="3.6"/>').format(x, y) for x, y in PIPS[value]]
    else:
        shown = ("+" if value > 0 else "−" if value < 0 else "") if die.lo == -1 else str(value)
        small = " small" if len(shown) > 2 else ""
        y = 30 if die.lo == 1 and die.hi == 4 else 26  # a triangle's number sits low, where it is wide
        parts.append(Markup('<text class="value{}" x="20" y="{}">{}</text>').format(small, y, shown))
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" class="pk-face {}" data-face="{}" role="img" '
        'aria-label="{}">{}</svg>'
    ).format(SIZE, SIZE, role, value, value, Markup("").join(parts))


def _die(die: Die, rolled: DieRoll, lang: str) -> Markup:
    """A die as rolled: its rerolled faces (struck out), then the face it kept and any explosions."""
    classes = ["pk-die"]
    if not rolled.kept:
        classes.append("dropped")
    if rolled.success:
        classes.append("success")
    if len(rolled.faces) > 1:
        classes.append("several")
    # rerolled faces lead to the next by an arrow; an exploding die's faces add up
    then = Markup('<span class="sep">→</span>')
    faces = [face(die, f, "rerolled") + then for f in rolled.faces[: rolled.rerolled]]
    if rolled.more:
        faces.append(Markup('<span class="more">…</span>') + then)
    kept = [face(die, f, "kept") for f in rolled.faces[rolled.rerolled :]]
    faces.append(Markup('<span class="sep">+</span>').join(kept))
    words = [label("pic_dropped", lang)] if not rolled.kept else []
    words += [label("pic_hit", lang)] if rolled.success else []
    note = Markup('<span class="pk-die-note">{}</span>').format(", ".join(words)) if words else ""
    return Markup('<li class="{}" data-die="{}">{}{}</li>').format(
        " ".join(classes), rolled.value, Markup("").join(faces), note
    )


def _group(group: GroupRoll, lang: str, several: bool) -> Markup:
    """A group's dice under its notation; its subtotal only where it is one of several groups."""
    dice = Markup("").join(_die(group.group.die, d, lang) for d in group.dice)
    result = Markup('<span class="pk-group-result">= {}</span>').format(group.result) if several else ""
    return Markup(
        '<div class="pk-group"><p class="pk-group-head"><b>{}</b>{}</p><ul class="pk-dice">{}</ul></div>'
    ).format(group.group.text(), result, dice)


def roll_picture(
    values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """`roll`: every die as a face, group by group. The total and a comparison's verdict are the
    answer's own lines beside it: the page says the result once."""
    if not isinstance(answer, RollAnswer):
        return None
    groups = answer.roll.groups
    drawn = Markup("").join(_group(g, lang, len(groups) > 1) for g in groups)
    return Markup('<figure class="pk-picture pk-roll" aria-label="{}">{}</figure>').format(
        label("pic_roll", lang), drawn
    )


# ---- charts ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    """One bar of a chart: its label, its chance, and the part of it the question asked about."""

    text: str  # what its tooltip says: a total, or a range of totals
    p: Fraction
    hit: Fraction = Fraction(0)
    tick: str = ""  # its label under the axis: the total, or the first of its range

    def __post_init__(self) -> None:
        if not self.tick:
            object.__setattr__(self, "tick", self.text)


W, H = 390, 210  # the chart's viewBox: one unit a CSS pixel on a phone 390 wide
PAD_L, PAD_R, PAD_T, PAD_B = 8, 8, 22, 34
FEW = 7  # up to this many bars, each says its share (wider ones would touch on a phone)
WIDEST = 80  # a bar's widest step, in viewBox units
CHAR = 7.5  # the width of a digit of a tick's label, in viewBox units (12 px type)


def chart(bars: Sequence[Bar], lang: str, head: str = "") -> Markup:
    """Bars of chance over their labels, the asked-for share of each drawn over it; the tallest bar
    says its percentage, and every bar says all in its tooltip."""
    n = max(1, len(bars))
    room = W - PAD_L - PAD_R
    step = min(room / n, WIDEST)
    left = PAD_L + (room - step * n) / 2  # a few bars stand in the middle, not stretched across
    gap = min(2.0, step * 0.2) if step < WIDEST else step * 0.25
    top = max((b.p for b in bars), default=Fraction(1)) or Fraction(1)
    tall = H - PAD_T - PAD_B
    widest = max((len(b.tick) for b in bars), default=1)
    half = widest * CHAR / 2
    every = max(1, -(-n * (widest * CHAR + 8) // room))  # labels a whole label's width apart, and a gap
    out = [
        Markup(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="100%" class="pk-chart" role="img" '
            'aria-label="{}">'
        ).format(W, H, head or label("pic_odds", lang))
    ]
    out.append(
        Markup('<line class="axis" x1="{}" y1="{}" x2="{}" y2="{}"/>').format(PAD_L, H - PAD_B, W - PAD_R, H - PAD_B)
    )
    for i, b in enumerate(bars):
        x = left + i * step + gap / 2
        h = float(b.p / top) * tall
        hh = float(b.hit / top) * tall
        y = H - PAD_B - h
        tip = f"{b.text}: {_share(b.p)}"
        cls = "bar asked" if b.hit and b.hit == b.p else "bar part" if b.hit else "bar"
        out.append(
            Markup(
                '<g><title>{}</title><rect class="{}" data-p="{}" data-hit="{}" x="{:.2f}" y="{:.2f}" '
                'width="{:.2f}" height="{:.2f}"/>'
            ).format(tip, cls, b.p, b.hit, x, y, step - gap, h)
        )
        if b.hit and b.hit != b.p:
            out.append(
                Markup('<rect class="bar-hit" x="{:.2f}" y="{:.2f}" width="{:.2f}" height="{:.2f}"/>').format(
                    x, H - PAD_B - hh, step - gap, hh
                )
            )
        out.append(Markup("</g>"))
        if i % every == 0:
            mid = min(max(x + (step - gap) / 2, PAD_L + half), W - PAD_R - half)
            out.append(Markup('<text class="tick" x="{:.2f}" y="{}">{}</text>').format(mid, H - PAD_B + 14, b.tick))
    # a few bars each say their share over them; many bars, only the tallest (the rest in tooltips)
    said = range(n) if n <= FEW else [max(range(n), key=lambda k: bars[k].p)] if bars else []
    for k in said:
        x = min(max(left + k * step + step / 2, 30), W - 30)
        y = H - PAD_B - float(bars[k].p / top) * tall - 5 if n <= FEW else PAD_T - 6
        out.append(Markup('<text class="peak" x="{:.2f}" y="{:.2f}">{}</text>').format(x, y, _share(bars[k].p)))
    if head:
        out.append(Markup('<text class="axis-name" x="{}" y="{}">{}</text>').format(W / 2, H - 4, head))
    out.append(Markup("</svg>"))
    return Markup("").join(out)


def _share(p: Fraction) -> str:
    from .questions import _percent

    return _percent(p)


Span = tuple[int | None, int | None]  # the totals lo..hi a comparison holds for (None: no end)


def holds(op: str, target: int) -> Span:
    """The totals that satisfy `total op target`: every comparison of the notation is one span."""
    return {">=": (target, None), ">": (target + 1, None), "<=": (None, target), "<": (None, target - 1),
            "=": (target, target)}[op]  # fmt: skip


def dist_bars(dist: Dist, asked: Span | None = None) -> list[Bar]:
    """The bars of a distribution: one a total up to 40 totals, else equal ranges with the tails
    grouped (as the terminal's table groups them); a bar's hit is its share within the span `asked`."""
    found, _ = rows(dist)
    values = sorted(dist.weights)
    upto = [0, *accumulate(map(dist.weights.__getitem__, values))]  # upto[i]: weight of the i lowest totals

    def weight(lo: int, hi: int) -> int:
        return upto[bisect.bisect_right(values, hi)] - upto[bisect.bisect_left(values, lo)] if lo <= hi else 0

    out = []
    for r in found:
        hit = 0
        if asked is not None:
            lo, hi = asked
            hit = weight(r.lo if lo is None else max(r.lo, lo), r.hi if hi is None else min(r.hi, hi))
        text = str(r.lo) if r.lo == r.hi else f"{r.lo}–{r.hi}"
        out.append(Bar(text, Fraction(r.weight, dist.total), Fraction(hit, dist.total), str(r.lo)))
    return out


def odds_picture(
    values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """`odds`: the distribution as bars, the bars of the comparison asked about marked, and its chance
    as the answer prints it (the exact fraction and the percentage)."""
    if not isinstance(answer, OddsAnswer):
        return None
    result = answer.odds
    compare = result.expression.compare
    asked: Span | None = None
    said = ""  # without a comparison the answer's own lines say the mean: not summed again here
    if compare is not None and result.chance is not None:
        op, other = compare
        if result.two_sided:  # the distribution is of left - right, compared with 0
            asked = holds(op, 0)
            said = f"P({result.expression.left_text} {op} {result.expression.right_text}) = {_chance(result.chance)}"
        else:
            right = evaluate(other, result.explode_cap, Budget())
            asked = holds(op, next(iter(right.weights)))
            said = label("dice_chance", lang, op=op, target=result.expression.right_text, chance=_chance(result.chance))
    head = label("dice_difference" if result.two_sided else "dice_total", lang)
    bars = dist_bars(result.dist, asked)
    key = (
        Markup('<p class="pk-key"><span class="swatch-asked"></span>{}</p>').format(label("pic_asked", lang))
        if asked
        else ""
    )
    chance = Markup('<p class="pk-chance">{}</p>').format(said) if said else ""
    return Markup('<figure class="pk-picture pk-odds">{}{}{}</figure>').format(chart(bars, lang, head), chance, key)
