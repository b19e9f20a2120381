"""Pictures of Tannhäuser's answers for a referee page: a pool's and a duel's bars, the circles a move reaches."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup

from printkit.dice import Bar, chart
from printkit.plugin import PrintkitError, label

from .paths import Graph, load_graph
from .questions import DuelAnswer, PathsAnswer, PoolAnswer, _chance

MOST_CIRCLES = 150  # a graph larger than this is no picture a phone can show: the answer's text says it
STEP_X, STEP_Y, R = 40, 34, 12  # the layout's grid and a circle's radius, in viewBox units


def picture(
    question: str, values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """The picture beside a Tannhäuser answer (Game.pictures); None for a question it draws nothing for."""
    if question == "pool" and isinstance(answer, PoolAnswer):
        bars = [Bar(str(k), p) for k, p in answer.dist.table()]
        head = label("tr_pool_head", lang, n=answer.dice, d=answer.difficulty, mods="")
        return Markup('<figure class="pk-picture pk-odds">{}<p class="pk-chance">{}</p></figure>').format(
            chart(bars, lang, label("tr_successes", lang)),
            head + " · " + label("tr_one_die", lang, p=_chance(answer.per_die)),
        )
    if question == "duel" and isinstance(answer, DuelAnswer):
        bars = [
            Bar(label("pic_tr_initiator", lang), answer.attacker_wins, answer.attacker_wins),
            Bar(label("pic_tr_defender", lang), answer.defender_wins),
        ]
        said = label("tr_duel_initiator", lang, p=_chance(answer.attacker_wins))
        return Markup(
            '<figure class="pk-picture pk-odds">{}<p class="pk-chance">{}</p><p class="pk-caption">{}</p></figure>'
        ).format(chart(bars, lang), said, label("tr_duel_tie", lang))
    if question == "paths":
        return paths_picture(values, answer if isinstance(answer, PathsAnswer) else None, lang, link)
    return None


def layers(graph: Graph, first: list[str]) -> list[list[str]]:
    """The circles in rows by their number of links from `first` (breadth first, in the file's order
    where there is a choice); a part of the graph not linked to them follows from its first circle."""
    seen: dict[str, int] = {}
    rows: list[list[str]] = []
    for root in [*first, *graph.cost]:
        if root in seen:
            continue
        base = len(rows)
        frontier = [root]
        seen[root] = base
        while frontier:
            depth = seen[frontier[0]]
            while len(rows) <= depth:
                rows.append([])
            rows[depth].extend(frontier)
            following = []
            for c in frontier:
                for n in graph.links.get(c, ()):
                    if n not in seen:
                        seen[n] = depth + 1
                        following.append(n)
            frontier = following
    return rows


def paths_picture(
    values: Mapping[str, Any], answer: PathsAnswer | None, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """The path graph drawn in rows from where the character starts: each circle a link that asks again
    from it; on an answer, the circles it may end on marked with their points, a Bull Rush's apart."""
    given = values.get("graph_file")
    if not given:
        return None
    try:
        graph = load_graph(Path(given))
    except (PrintkitError, OSError):
        return None
    if len(graph.cost) > MOST_CIRCLES:
        return None
    start = answer.stay if answer is not None else str(values.get("start") or "") or None
    side = values.get("side") if values.get("enter") else None
    first = (
        [start] if start in graph.cost else [c for c, s in graph.entries.items() if s == side] or list(graph.entries)
    )
    rows = layers(graph, first)
    widest = max(len(r) for r in rows)
    width, height = widest * STEP_X + 8, len(rows) * STEP_Y + 8
    at: dict[str, tuple[float, float]] = {}
    for j, row in enumerate(rows):
        shift = (widest - len(row)) * STEP_X / 2
        for i, c in enumerate(row):
            at[c] = (4 + shift + i * STEP_X + STEP_X / 2, 4 + j * STEP_Y + STEP_Y / 2)
    reach = answer.reachable if answer is not None else {}
    rushed = {c: p for c, (p, _) in (answer.rushed or {}).items()} if answer is not None else {}
    out = [
        Markup(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="100%" class="pk-paths{}" role="img">'
        ).format(width, height, " answered" if answer is not None else "")
    ]
    for a, ends in graph.links.items():
        for b in ends:
            if a < b:
                (x1, y1), (x2, y2) = at[a], at[b]
                out.append(Markup('<line class="link" x1="{}" y1="{}" x2="{}" y2="{}"/>').format(x1, y1, x2, y2))
    for c, (x, y) in at.items():
        classes = ["circle"]
        data = Markup("")
        if c == start:
            classes.append("start")
        if c in reach:
            classes.append("reach")
            data += Markup(' data-points="{}"').format(reach[c])
        if c in rushed:
            classes.append("rush")
            data += Markup(' data-rush="{}"').format(rushed[c])
        if graph.cost.get(c) == 2:
            classes.append("slow")
        who = graph.characters.get(c)
        if who:
            classes.append(who)
        entry = graph.entries.get(c)
        if entry:
            classes.append(f"entry-{entry}")
        points = reach.get(c, rushed.get(c))
        note = Markup('<text class="points" x="{}" y="{}">{}</text>').format(x + R, y - R + 2, points) if points else ""
        badge = (
            Markup('<text class="who" x="{}" y="{}">{}</text>').format(x - R, y - R + 3, label(f"pic_tr_{who}", lang))
            if who
            else ""
        )
        out.append(
            Markup(
                '<a href="{}"><title>{}</title><circle class="{}" data-circle="{}"{} cx="{}" cy="{}" r="{}"/>'
                '<text class="name" x="{}" y="{}">{}</text>{}{}</a>'
            ).format(
                link({"start": c, "enter": ""}), c, " ".join(classes), c, data, x, y, R, x, y + 3.5, c, note, badge
            )
        )
    out.append(Markup("</svg>"))
    keys = [
        ("reach", "pic_tr_reach"),
        ("rush", "pic_tr_rush"),
        ("slow", "pic_tr_slow"),
        ("enemy", "pic_tr_enemy_key"),
        ("ally", "pic_tr_ally_key"),
        ("entry-red", "pic_tr_entry"),
    ]
    legend = Markup("").join(
        Markup(
            '<li><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" class="swatch key">'
            '<circle class="circle {}" cx="10" cy="10" r="8"/></svg>{}</li>'
        ).format(cls, label(key, lang))
        for cls, key in keys
    )
    return Markup(
        '<figure class="pk-picture pk-paths-picture">{}<p class="pk-caption">{}</p>'
        '<ul class="pk-legend">{}</ul></figure>'
    ).format(Markup("").join(out), label("pic_tr_tap", lang), legend)
