"""The session's map as an inline SVG for a referee page: terrain, names, objects, and the cells an answer reports."""

# Every cell is a link that asks the page again with that cell filled in, so a tap works without
# JavaScript. What the answer reports is written into the SVG as classes and data- attributes
# (start, reach with data-turn, route with data-step, goal); pictures.css draws them so that they
# read in grey too. Every text that comes from a file is escaped (Markup.format or escape()).

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from ..cells import Cell, cell_name, column_name, parse_cell
from ..config.mapfile import load_map
from ..errors import PrintkitError
from ..game import Maps, game
from ..labels import label
from ..model import GameMap, Ruleset, Terrain
from ..render.canvas import hex_colour, ink_on
from .moves import ReachAnswer, RouteAnswer, movement_of

CELL = 10  # viewBox units a cell
LEFT, TOP = 9, 7  # room for the row numbers and the column names
FIT = 14  # up to this many columns the map is as wide as the screen; wider maps scroll sideways
TAP_PX = 30  # a scrolling map's cell on screen, in CSS pixels: a fingertip's width
MOST = 40  # the most columns and rows drawn: a larger map shows a window around the answer

# The patterns of printkit.maps.sheet, drawn in a cell of CELL units (y grows downwards here).
_WAVES = "".join(f'<path d="M1.5 {k} C3.5 {k - 0.8} 4.5 {k + 0.8} 6.5 {k} S8 {k} 8.5 {k}"/>' for k in (2.5, 5, 7.5))
PATTERNS: dict[str, str] = {
    "dots": "".join(
        f'<circle cx="{x}" cy="{y}" r="0.45" class="ink-fill"/>'
        for x, y in ((2.5, 7), (5, 4.5), (7.5, 7), (2.5, 2), (7.5, 2))
    ),
    "peaks": '<path d="M1 7 L2.5 3 L4 7 M5 7 L6.5 3 L8 7"/>',
    "reeds": "".join(f'<path d="M2 {k} H4.5 M5.5 {k + 1.2} H8"/>' for k in (2, 4.5, 7)),
    "trees": "".join(f'<circle cx="{x}" cy="{y}" r="1"/>' for x, y in ((3, 6.5), (7, 6.5), (5, 3))),
    "waves": _WAVES,
    "deep-waves": _WAVES + '<path d="M1.5 8.8 H8.5" class="thick"/>',
    "cross": '<path d="M2.5 2.5 L7.5 7.5 M2.5 7.5 L7.5 2.5"/>',
}


@dataclass(frozen=True)
class Shown:
    """What an answer marks on the map: the start, the cells reached (with their first turn), the
    route in order (with its turn), the goal."""

    start: Cell | None = None
    reach: Mapping[Cell, int] | None = None
    route: Sequence[tuple[Cell, int]] | None = None  # cells from the start, each with its turn
    goal: Cell | None = None
    unreachable: bool = False  # a route asked for that does not exist


def route_steps(legs: Sequence[Sequence[Cell]]) -> list[tuple[Cell, int]]:
    """A route's cells in order, each with its turn; a turn starts where the last one ended, so that
    cell is counted once (in the turn that reaches it)."""
    out: list[tuple[Cell, int]] = []
    for turn, leg in enumerate(legs, start=1):
        for k, cell in enumerate(leg):
            if out and k == 0 and out[-1][0] == cell:
                continue
            out.append((cell, 0 if not out else turn))
    return out


def window(game_map: GameMap, shown: Shown) -> tuple[range, range]:
    """The columns and rows drawn: the whole map, or at most MOST of each around the answer."""

    def span(size: int, at: list[int]) -> range:
        if size <= MOST:
            return range(size)
        lo, hi = (min(at), max(at)) if at else (0, 0)
        if hi - lo + 1 > MOST:  # the answer is larger than the window: centre it on the start
            lo = hi = at[0]
        first = min(max(0, (lo + hi + 1) // 2 - MOST // 2), size - MOST)
        return range(first, first + MOST)

    cells = [c for c in (shown.start, shown.goal) if c is not None]
    cells += [c for c, _ in shown.route or ()] + list(shown.reach or ())
    return span(game_map.width, [x for x, _ in cells]), span(game_map.height, [y for _, y in cells])


def _symbols(rules: Ruleset) -> dict[str, str]:
    return {k.kind: k.symbol for k in (game(rules.family).maps or Maps()).objects}


def _ink(t: Terrain) -> str:
    return "ink-light" if ink_on(hex_colour(t.colour)) == (1.0, 1.0, 1.0) else "ink-dark"


def _object(symbol: str, number: int | None, cx: float, cy: float) -> Markup:
    """An object's symbol, as the printed map marks its kind."""
    n = "" if number is None else str(number)
    if symbol == "star":
        points = " ".join(
            f"{cx + r * sin:.2f},{cy - r * cos:.2f}"
            for k in range(10)
            for r, sin, cos in [(3.6 if k % 2 == 0 else 1.5, *_unit(k * 36))]
        )
        return Markup('<polygon class="obj star" points="{}"/>').format(points)
    if symbol == "numbered-circle":
        return Markup(
            '<circle class="obj disc" cx="{}" cy="{}" r="3.2"/><text class="obj-n" x="{}" y="{}">{}</text>'
        ).format(cx, cy, cx, cy + 1.3, n)
    if symbol == "numbered-square":
        return Markup(
            '<rect class="obj box" x="{}" y="{}" width="6" height="6"/><text class="obj-n" x="{}" y="{}">{}</text>'
        ).format(cx - 3, cy - 3, cx, cy + 1.3, n)
    if symbol == "bridge":
        return Markup('<path class="obj bridge" d="M{} {} h7 M{} {} h7"/>').format(
            cx - 3.5, cy - 1.5, cx - 3.5, cy + 1.5
        )
    return Markup('<rect class="obj box filled" x="{}" y="{}" width="5" height="5"/>').format(cx - 2.5, cy - 2.5)


def _unit(degrees: float) -> tuple[float, float]:
    from math import cos, radians, sin

    return sin(radians(degrees)), cos(radians(degrees))


def _defs(rules: Ruleset) -> Markup:
    out = [Markup("<defs>")]
    for i, t in enumerate(rules.terrains):
        if t.pattern in PATTERNS:
            out.append(
                Markup(
                    '<pattern id="pk-terrain-{}" class="{}" patternUnits="userSpaceOnUse" x="{}" y="{}" '
                    'width="{}" height="{}">{}</pattern>'
                ).format(i, _ink(t), LEFT, TOP, CELL, CELL, Markup(PATTERNS[str(t.pattern)]))
            )
    # what an answer leaves out: veiled and hatched, so that it reads as "not this" in grey too
    out.append(
        Markup(
            '<pattern id="pk-veil" patternUnits="userSpaceOnUse" width="3" height="3" patternTransform="rotate(45)">'
            '<rect class="veil" width="3" height="3"/><path class="hatch" d="M0 0 V3"/></pattern></defs>'
        )
    )
    return Markup("").join(out)


def map_svg(
    game_map: GameMap,
    rules: Ruleset,
    lang: str,
    tap: Callable[[str], str],
    shown: Shown,
    marks: Mapping[Cell, str] | None = None,
) -> Markup:
    """The map as an <svg> (with a caption and a legend around it): `tap(cell name)` is the address a
    tap on a cell opens."""
    columns, rows = window(game_map, shown)
    width = LEFT + CELL * len(columns) + 2
    height = TOP + CELL * len(rows) + 2
    terrain = {t.id: (i, t) for i, t in enumerate(rules.terrains)}
    symbols = _symbols(rules)
    objects = {(o.x, o.y): o for o in game_map.objects}
    held = set(game_map.marked()) - set(objects)
    route = list(shown.route or ())
    steps = {c: (k, turn) for k, (c, turn) in enumerate(route)}
    # the cell where a turn stops (the next step belongs to the next turn): the route's resting places
    ends = {c for k, (c, turn) in enumerate(route[:-1]) if k and route[k + 1][1] != turn}
    answered = shown.reach is not None or shown.route is not None or shown.unreachable
    wide = len(columns) > FIT
    size = (
        Markup(' width="{}" class="pk-map wide{}"').format(round(width / CELL * TAP_PX), " answered" * answered)
        if wide
        else Markup(' width="100%" class="pk-map{}"').format(" answered" * answered)
    )
    out = [
        Markup('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}"{} role="img" aria-label="{}">').format(
            width, height, size, label("map_title", lang)
        ),
        _defs(rules),
    ]
    for i, x in enumerate(columns):
        out.append(
            Markup('<text class="edge" x="{}" y="{}">{}</text>').format(
                LEFT + i * CELL + CELL / 2, TOP - 2, column_name(x)
            )
        )
    for j, y in enumerate(rows):
        out.append(
            Markup('<text class="edge row" x="{}" y="{}">{}</text>').format(LEFT - 1.5, TOP + j * CELL + 6.5, y + 1)
        )
    numbers: list[str] = []
    rings: list[str] = []
    # Written with f-strings rather than Markup.format, which is several times slower over a map's
    # thousands of cells: every value put in is a number, a word of this module, or escape()d.
    paint = {t.id: (escape(t.colour), i if t.pattern in PATTERNS else None) for i, t in enumerate(rules.terrains)}
    for j, y in enumerate(rows):
        for i, x in enumerate(columns):
            at = (x, y)
            px, py = LEFT + i * CELL, TOP + j * CELL
            name = cell_name(x, y)  # letters and digits, made here from the coordinates
            found = terrain.get(game_map.terrain(x, y) or "")
            fill, pattern = paint[found[1].id] if found else ("#ffffff", None)
            box = f'x="{px}" y="{py}" width="{CELL}" height="{CELL}"'
            cell = [f'<rect class="terrain" {box} fill="{fill}"/>']
            if pattern is not None:
                cell.append(f'<rect class="pattern" {box} fill="url(#pk-terrain-{pattern})"/>')
            mark = (marks or {}).get(at)
            if mark:
                cell.append(f'<text class="mark" x="{px + 2}" y="{py + 3.5}">{escape(mark)}</text>')
            thing = objects.get(at)
            if thing is not None:
                cell.append(_object(symbols.get(thing.kind, "square"), thing.number, px + CELL / 2, py + CELL / 2))
            elif at in held:
                cell.append(f'<path class="obj held" d="M{px + 5} {py + 9} l2.5 -4 l2.5 4 z"/>')
            classes = ["cell"]
            data = ""
            if at == shown.start:
                classes.append("start")
            if shown.reach is not None and at in shown.reach:
                classes.append("reach")
                data += f' data-turn="{int(shown.reach[at])}"'
            if at in steps and at != shown.start:
                classes.append("route")
                data += f' data-step="{steps[at][0]}" data-turn="{steps[at][1]}"'
                if at in ends:
                    classes.append("turn-end")
            if at == shown.goal:
                classes.append("goal")
            cell.append(f'<rect class="{" ".join(classes)}" data-cell="{name}"{data} {box}/>')
            if len(classes) > 1:  # its frame, drawn after every cell so that no neighbour covers it
                rings.append(f'<rect class="ring {" ".join(classes[1:])}" {box}/>')
            number = escape(_number(shown, at, steps))
            if number and (thing is not None or at in held):  # beside the object, not over its number
                numbers.append(f'<text class="num corner" x="{px + 8.2}" y="{py + 3.6}">{number}</text>')
            elif number:  # drawn over the route's line, after every cell
                numbers.append(f'<text class="num" x="{px + CELL / 2}" y="{py + 6.8}">{number}</text>')
            title = escape(_title(name, found[1] if found else None, thing, lang))
            out.append(
                Markup(f'<a href="{escape(tap(name))}" class="pk-tap"><title>{title}</title>{"".join(cell)}</a>')
            )
    if shown.route:
        drawn = [(x, y) for (x, y), _ in shown.route if x in columns and y in rows]
        points = " ".join(
            f"{LEFT + (x - columns[0]) * CELL + CELL / 2},{TOP + (y - rows[0]) * CELL + CELL / 2}" for x, y in drawn
        )
        out.append(Markup('<polyline class="route-line" points="{}"/>').format(points))
    out += [Markup("").join(Markup(r) for r in rings), Markup("").join(Markup(n) for n in numbers), Markup("</svg>")]
    return Markup("").join(out)


def _number(shown: Shown, at: Cell, steps: Mapping[Cell, tuple[int, int]]) -> str:
    """What a cell shows: the start's mark, a route's step, or (over several turns) the turn that reaches it."""
    if at == shown.start:
        return "@"
    if at in steps:
        return str(steps[at][0])
    if shown.reach is not None and at in shown.reach and max(shown.reach.values(), default=1) > 1:
        return str(shown.reach[at])
    return ""


def _title(name: str, terrain: Terrain | None, thing: object, lang: str) -> str:
    """A cell's name, terrain and object, as a long press shows them."""
    words = [name]
    if terrain is not None:
        words.append(terrain.name.get(lang, terrain.id))
    object_name = getattr(thing, "name", None)
    if object_name:
        words.append(str(object_name))
    return " · ".join(words)


def legend(rules: Ruleset, lang: str, shown: Shown) -> Markup:
    """The terrains with their colour and pattern, and what the answer's marks mean."""
    items = []
    for i, t in enumerate(rules.terrains):
        pattern = (
            Markup('<rect width="10" height="10" fill="url(#pk-legend-{})"/>').format(i)
            if t.pattern in PATTERNS
            else ""
        )
        defs = (
            Markup(
                '<defs><pattern id="pk-legend-{}" class="{}" patternUnits="userSpaceOnUse" width="10" '
                'height="10">{}</pattern></defs>'
            ).format(i, _ink(t), Markup(PATTERNS[str(t.pattern)]))
            if t.pattern in PATTERNS
            else ""
        )
        items.append(
            Markup(
                '<li><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" class="swatch">{}<rect width="10" '
                'height="10" fill="{}"/>{}</svg>{}</li>'
            ).format(defs, t.colour, pattern, t.name.get(lang, t.id))
        )
    keys = []
    if shown.start is not None:
        keys.append(("start", label("pic_start", lang)))
    if shown.reach is not None:
        keys.append(("reach", label("pic_reach", lang)))
    if shown.route:
        keys.append(("route", label("pic_route", lang)))
        if shown.route[-1][1] > 1:
            keys.append(("route turn-end", label("pic_turn_end", lang)))
    if shown.goal is not None:
        keys.append(("goal", label("pic_goal", lang)))
    if shown.reach is not None or shown.route:
        keys.append(("out", label("pic_out" if shown.reach is not None else "pic_off_route", lang)))
    for cls, words in keys:
        items.append(
            Markup(
                '<li><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" class="swatch key">'
                '<rect class="cell {}" width="10" height="10"/></svg>{}</li>'
            ).format(cls, words)
        )
    return Markup('<ul class="pk-legend">{}</ul>').format(Markup("").join(items))


def picture(
    game_map: GameMap,
    rules: Ruleset,
    lang: str,
    tap: Callable[[str], str],
    shown: Shown,
    marks: Mapping[Cell, str] | None = None,
    caption: str = "",
) -> Markup:
    """The map, a caption (how a tap is read, and the window shown of a larger map) and the legend."""
    columns, rows = window(game_map, shown)
    notes = [caption] if caption else []
    if len(columns) < game_map.width or len(rows) < game_map.height:
        notes.append(
            label("pic_window", lang, first=cell_name(columns[0], rows[0]), last=cell_name(columns[-1], rows[-1]))
        )
    said = Markup("").join(Markup('<p class="pk-caption">{}</p>').format(n) for n in notes)
    return Markup('<figure class="pk-picture pk-map-picture"><div class="pk-scroll">{}</div>{}{}</figure>').format(
        map_svg(game_map, rules, lang, tap, shown, marks), said, legend(rules, lang, shown)
    )


# ---- the referee's two map questions ------------------------------------------------------------------


def _loaded(values: Mapping[str, Any]) -> tuple[GameMap, Ruleset] | None:
    """The map file the page was asked with, read as the referee reads it (None: none given, or one
    the referee refuses: the page says why beside the form)."""
    given = values.get("map_file")
    if not given:
        return None
    try:
        return load_map(Path(given))
    except (PrintkitError, OSError):
        return None


def _cell(game_map: GameMap, text: Any) -> Cell | None:
    """A cell the form names, if it is one of this map's."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        x, y = parse_cell(text)
    except ValueError:
        return None
    return (x, y) if game_map.inside(x, y) else None


def reach_picture(
    values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """`reach`: the map; a tap asks again from the cell tapped; an answer lights up exactly the
    cells it reports, each with the turn that first reaches it."""
    loaded = _loaded(values)
    if loaded is None:
        return None
    game_map, rules = loaded
    if isinstance(answer, ReachAnswer):
        reach = {parse_cell(c): t for c, t in answer.reachable.items()}
        shown = Shown(start=answer.origin, reach=reach)
        marks: Mapping[Cell, str] = answer.marks
    else:
        shown = Shown(start=_cell(game_map, values.get("start")))
        marks = movement_of(rules).marks(game_map)
    return picture(
        game_map, rules, lang, lambda name: link({"start": name}), shown, marks, label("pic_tap_start", lang)
    )


def route_picture(
    values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """`route`: the map; with a start chosen and no goal yet, a tap picks the goal (and asks);
    otherwise a tap picks a new start and clears the goal, so two taps ask a route."""
    loaded = _loaded(values)
    if loaded is None:
        return None
    game_map, rules = loaded
    start, goal = _cell(game_map, values.get("start")), _cell(game_map, values.get("goal"))
    shown = Shown(start=start, goal=goal)
    if isinstance(answer, RouteAnswer):
        start, goal = _cell(game_map, answer.start), _cell(game_map, answer.goal)
        if answer.legs is None:
            shown = Shown(start=start, goal=goal, unreachable=True)
        else:
            shown = Shown(
                start=start, route=route_steps([[parse_cell(c) for c in leg] for leg in answer.legs]), goal=goal
            )
    picks_goal = start is not None and goal is None

    def tap(name: str) -> str:
        return link({"goal": name}) if picks_goal else link({"start": name, "goal": ""})

    caption = label("pic_tap_goal" if picks_goal else "pic_tap_route_start", lang)
    if shown.unreachable and start is not None and goal is not None:
        caption = label("map_unreachable", lang, goal=cell_name(*goal), start=cell_name(*start)) + " " + caption
    return picture(game_map, rules, lang, tap, shown, movement_of(rules).marks(game_map), caption)
