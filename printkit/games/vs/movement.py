"""VS troop movement: cells per troop and terrain, where a move must end, reach over turns and routes."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from printkit.maps import Reach, Route
from printkit.plugin import Flag, GameMap, Input, Ruleset, Said, Text, cell_name, label

from .ground import LAND, WATERS, Board, Cell, Mover, edition
from .model import vs_map, vs_of
from .words import Refusal, hint, listed

TURN_LIMIT = 50  # turns a route may take before the referee says it is out of reach
WORK_LIMIT = 500_000  # cells of the map times turns searched: about half a second


def _ground(board: Board, cell: Cell) -> str | None:
    """What the mover walks or sails on in a cell: a land terrain, coast, sea, river; None: it cannot."""
    m = board.mover
    t = board.terrain(cell)
    kind = m.kind
    if kind == "dragon":
        return t
    if kind in ("walker", "free"):
        return t if t in LAND else None
    river = board.river(cell)
    if kind == "transport" or (kind == "ship" and m.year == 2003):
        if river:
            return "river"
        return "sea" if t in WATERS else ("land" if kind == "transport" else None)
    # 2025 ships and ghost ships: rivers are coastal water.
    if river or t == "coast":
        return "coast"
    return "sea" if t == "sea" else None


def _allowance(board: Board, home: str) -> int | None:
    m = board.mover
    fig = board.vs.figures
    kind = m.kind
    if kind == "transport":
        return 5 if m.fair_wind else int(fig["transport"]["speed"])
    if kind in ("walker", "free") and m.water:
        return 5  # the water of tirelessness: five cells on land, whatever the terrain
    if kind == "ship" and m.year == 2003:
        return 5 if m.fair_wind else m.troop.move.get("sea")
    cells = m.troop.move.get(home)
    if cells is None:
        return None
    if m.laden and kind == "ship":
        cells = int((fig.get("ship_cargo_speed") or {}).get(home, cells))
    if m.fair_wind and kind in ("ship", "ghost"):
        cells += 2
    return cells


def _homes(board: Board, start: Cell) -> list[str]:
    """The grounds a move may start on: one, or in a building any the mover can use (2025)."""
    g = _ground(board, start)
    if board.mover.year == 2025 and board.building(start):
        if board.mover.kind in ("walker", "free"):
            return [t for t in LAND if t in board.mover.troop.move]
        if board.mover.kind in ("ship", "ghost"):
            return ["coast"]
    return [g] if g is not None else []


def _enter(board: Board, home: str, prev: Cell, cell: Cell) -> bool | None:
    """None: the mover cannot step from prev to cell; True: it may, and its move ends there;
    False: it may and can go on."""
    m = board.mover
    kind = m.kind
    taken = not board.free(cell)
    if taken and board.boards(cell):
        return True  # boarding one's own ship ends the move
    if taken and not m.pass_through:
        return None
    wild = m.year == 2025 and board.building(cell)  # passed as any terrain, rivers included
    g = home if wild else _ground(board, cell)
    if g is None or not board.may_enter_structure(cell):
        return None
    if kind == "ghost" and not m.ghost_table and not wild and board.borders_land(cell):
        return None  # it would crumble to dust there
    walking = kind == "walker" and not (m.water and m.year == 2003)
    if walking and board.corner_river(prev, cell):
        return None  # the diagonal would cross the river bed at the corner
    stop = cell in board.watched
    if kind == "walker" and not m.water:
        stop = stop or g != home
    if walking and not wild:
        # 2025: any river cell entered ends the move (no banks on the map); 2003, and 2025 read
        # with `river_along`: only a step onto it from dry land.
        along = m.year == 2003 or m.river_along
        stop = stop or (board.river(cell) and not (along and board.river(prev)))
    if kind == "transport" or (kind == "ship" and m.year == 2003):
        # Between sea and river a ship or transport stops; a transport that reaches land lands.
        stop = stop or g == "land" or {g, _ground(board, prev)} == {"sea", "river"}
    elif not wild and ((kind == "ship" and not m.ships_cross) or (kind == "ghost" and m.ghost_stops)):
        stop = stop or g != home  # a ghost ship is magical: no stop between the seas unless read so
    if taken:
        return None if stop else False  # passed through, never stopped on
    return stop


def spread(board: Board, sources: list[Cell]) -> dict[Cell, list[Cell]]:
    """Every cell a move this turn can end on from any of the sources, each with one path from its
    source. Sources with the same ground share one search: where a move may stop depends only on
    the ground it started on and the cell entered, so one search from all of them finds what each
    would (the nearest source's way is kept)."""
    found: dict[Cell, list[Cell]] = {}
    if board.mover.kind == "dragon" and board.mover.year == 2003:
        for src in sources:
            for cell, path in _straight(board, src).items():
                if cell not in found or len(path) + 1 < len(found[cell]):
                    found[cell] = [src, *path]
        return {c: p for c, p in found.items() if c not in set(sources)}
    groups: dict[str, list[Cell]] = {}
    for src in sources:
        for home in _homes(board, src):
            groups.setdefault(home, []).append(src)
    starts = set(sources)
    for home, group in groups.items():
        budget = _allowance(board, home)
        if not budget:
            continue
        # States are (cell, may go on); one that may go on beats one that had to stop there.
        parent: dict[tuple[Cell, bool], tuple[Cell, bool] | None] = {(src, True): None for src in group}
        depth = dict.fromkeys(parent, 0)
        queue = deque(parent)
        while queue:
            state = queue.popleft()
            cell, going = state
            if not going or depth[state] == budget:
                continue
            for n in board.neighbours(cell):
                if n in starts:
                    continue
                stop = _enter(board, home, cell, n)
                if stop is None:
                    continue
                nxt = (n, not stop)
                if nxt in parent or (n, True) in parent:
                    continue
                parent[nxt] = state
                depth[nxt] = depth[state] + 1
                queue.append(nxt)
        for state, d in depth.items():
            cell = state[0]
            if not (board.free(cell) or board.boards(cell)):
                continue  # passed through another troop's cell: no move ends there
            if d and (cell not in found or d + 1 < len(found[cell])):
                path = [cell]
                back = parent[state]
                while back is not None:
                    path.append(back[0])
                    back = parent[back]
                found[cell] = path[::-1]
    return found


def _straight(board: Board, start: Cell) -> dict[Cell, list[Cell]]:
    """2003 dragons fly strictly in a straight line: along a row, a column or a diagonal."""
    budget = _allowance(board, board.terrain(start) or "field") or 0
    found: dict[Cell, list[Cell]] = {}
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (not dx and not dy) or (board.mover.orthogonal and dx and dy):
                continue
            path: list[Cell] = []
            x, y = start
            for _ in range(budget):
                x, y = x + dx, y + dy
                if not board.map.inside(x, y) or _enter(board, "field", path[-1] if path else start, (x, y)) is None:
                    break
                path.append((x, y))
                if board.free((x, y)):
                    found[(x, y)] = list(path)
    return found


def mover_of(rules: Ruleset, given: Mapping[str, Any]) -> Mover:
    vs = vs_of(rules)
    if not given["troop"]:
        raise Refusal("mv_need_troop")
    troop = vs.troop(given["troop"])
    if troop is None:
        troops = [(t.id, t.name) for t in vs.troops]
        raise Refusal("mv_unknown_troop", troop=given["troop"], edition=rules.id, names=listed(troops),
                      hint=hint(given["troop"], troops))  # fmt: skip
    year = edition(rules)
    if given["transport"] and (year != 2003 or troop.kind != "land"):
        raise Refusal("mv_transport_2003")
    if given["laden"] and (troop.kind != "sea" or year != 2025):
        raise Refusal("mv_laden_ship")
    return Mover(troop, year, given["player"], frozenset(given["allow"] or ()), given["laden"], given["fair_wind"],
                 given["water"], given["transport"], given["ghost_table"], given["ships_cross"],
                 given.get("ghost_stops", False), given.get("orthogonal", False), given.get("river_along", False),
                 given.get("pass_through", False), given.get("magic_barred", False),
                 frozenset(given.get("forbid") or ()))  # fmt: skip


def _named(game_map: GameMap, given: Mapping[str, Any]) -> dict[str, Any]:
    """The inputs with --player and --allow as the map (or the evening's config) names the players: a
    name nobody has is refused with the closest one, never taken for a stranger's troop."""
    from printkit.plugin import load_session

    from .economy import check_player

    config = given.get("config")
    others = tuple(p.name for p in load_session(config).players if p.name) if config else ()
    player = check_player(game_map, given["player"], others) if given["player"] else given["player"]
    allow = tuple(check_player(game_map, a, others) for a in given["allow"] or ())
    return {**given, "player": player, "allow": allow}


def reach(game_map: GameMap, rules: Ruleset, mover: Mover, start: Cell, turns: int = 1) -> dict[Cell, int]:
    """The first turn (1..turns) each cell can be reached in; the start maps to 0."""
    return {c: t for c, (t, _) in _turns(game_map, rules, mover, start, turns).items()}


def _turns(game_map: GameMap, rules: Ruleset, mover: Mover, start: Cell, turns: int,
           goal: Cell | None = None) -> dict[Cell, tuple[int, list[Cell]]]:  # fmt: skip
    """Cell -> (first turn reaching it, that turn's path to it from the cell it started on)."""
    found: dict[Cell, tuple[int, list[Cell]]] = {start: (0, [])}
    frontier = [start]
    board = Board(game_map, rules, mover, start)
    for turn in range(1, turns + 1):
        fresh = []
        for n, path in spread(board, frontier).items():
            if n not in found:
                found[n] = (turn, path)
                fresh.append(n)
        if not fresh or (goal is not None and goal in found):
            break
        frontier = fresh
    return found


def notes(mover: Mover, lang: str, marked: str = "") -> str:
    """The rules and readings the answer used, in words (each reading with its switch); `marked`:
    the footnotes of the troop's moves the edition's own rules do not give."""
    keys = [f"mv_rule_{mover.kind}_{mover.year}"]
    if mover.kind == "walker" and mover.year == 2025:
        keys.append("mv_rule_river_along" if mover.river_along else "mv_rule_river_cells")
        keys.append("mv_rule_corner")
    if mover.year == 2025:
        keys.append("mv_rule_watch")
        keys.append("mv_rule_building_barred" if mover.magic_barred else "mv_rule_building")
    else:
        keys.append("mv_rule_structures_2003")
    if mover.kind == "ghost":
        keys.append("mv_rule_ghost_table" if mover.ghost_table else "mv_rule_ghost_body")
        keys.append("mv_rule_ghost_stops" if mover.ghost_stops else "mv_rule_ghost_seas")
    if mover.kind == "ship" and mover.year == 2025:
        keys.append("mv_rule_ships_cross" if mover.ships_cross else "mv_rule_ships_stop")
    if mover.water:
        keys.append(f"mv_rule_water_{mover.year}")
    if mover.fair_wind:
        keys.append(f"mv_rule_wind_{mover.year}")
    keys.append(f"mv_rule_pieces_{mover.year}")
    if mover.troop.id == "zombie" and mover.year == 2003:
        keys.append("mv_rule_zombies_2003")
    keys.append("mv_rule_pass_through" if mover.pass_through else "mv_rule_no_passing")
    keys.append("mv_rule_orthogonal" if mover.orthogonal else "mv_rule_diagonal")
    name = mover.troop.name[lang]
    said = " ".join(label(k, lang, troop=name) for k in keys)
    return f"{said} {marked}" if marked else said


def _marked_moves(rules: Ruleset, mover: Mover, lang: str) -> str:
    """The troop's moves the edition's own rules do not give, marked, with what the marks mean."""
    from .tables import Marks

    mark = Marks(rules)
    at = f"troops.{mover.troop.id}"
    terrains = {t.id: t.name[lang] for t in rules.terrains}
    shown = [f"{terrains[k]} {mark(v, f'{at}.move.{k}')}" for k, v in mover.troop.move.items() if k in terrains]
    if not mark.used:
        return ""
    moves = ", ".join(m for m in shown if m[-1] in mark.used)
    reading = mark.notes(lang, **{p: mover.troop.name[lang] for p in mark.paths})
    said = [n if n.endswith(".") else n + "." for n in reading]
    return " ".join([label("mv_marked", lang, troop=mover.troop.name[lang], moves=moves), *said])


def _turn_limit(game_map: GameMap) -> int:
    """The most turns searched on this map within the work limit (never more than TURN_LIMIT)."""
    return max(1, min(TURN_LIMIT, WORK_LIMIT // (game_map.width * game_map.height)))


def reach_answer(game_map: GameMap, rules: Ruleset, start: Cell, turns: int, given: Mapping[str, Any]) -> Reach:
    """`printkit referee reach` on a VS map: the troop's cells over the turns asked."""
    if turns > _turn_limit(game_map):
        raise Refusal("mv_too_many_turns", turns=turns, most=_turn_limit(game_map),
                      cells=game_map.width * game_map.height, limit=WORK_LIMIT)  # fmt: skip
    mover = mover_of(rules, _named(game_map, given))
    found = {c: t for c, t in reach(game_map, rules, mover, start, turns).items() if c != start}
    near = [c for c in _by_name(vs_map(game_map).lairs) if c in found] if mover.troop.id != "mage" else []

    def lair(lang: str) -> str:
        cells = ", ".join(label("mv_lair_turn", lang, cell=cell_name(*c), turn=found[c]) for c in near)
        return label("mv_lair_near", lang, cells=cells, source=label(f"mv_lair_source_{mover.year}", lang))

    return Reach(found, _said(rules, mover, lair if near else None))


def _by_name(cells: frozenset[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def _said(rules: Ruleset, mover: Mover, warning: Callable[[str], str] | None = None) -> Said:
    """The rules used, after a warning (a dragon's lair) where there is one."""

    def words(lang: str) -> str:
        said = notes(mover, lang, _marked_moves(rules, mover, lang))
        return f"{warning(lang)} {said}" if warning else said

    return Said(words)


def _lair_warning(game_map: GameMap, mover: Mover, legs: list[list[Cell]]) -> Callable[[str], str] | None:
    """2025 spell 1.3 and 2003 spell 9 (notes): the dragon attacks any troop on its lair's cell but a
    mage. The route's lair cells, the one it ends on said apart from those it passes; None: none."""
    if mover.troop.id == "mage":
        return None
    lairs = vs_map(game_map).lairs
    walked = [c for leg in legs for c in leg[1:] if c in lairs]
    if not walked:
        return None
    goal = legs[-1][-1]
    passed = [c for c in dict.fromkeys(walked) if c != goal]

    def words(lang: str) -> str:
        said = []
        if passed:
            said.append(label("mv_lair_passes", lang, cells=", ".join(cell_name(*c) for c in passed)))
        if goal in lairs:
            said.append(label("mv_lair_ends", lang, cell=cell_name(*goal)))
        source = label(f"mv_lair_source_{mover.year}", lang)
        return " ".join([*said, label("mv_lair_attack", lang, source=source)])

    return words


def route_answer(game_map: GameMap, rules: Ruleset, start: Cell, goal: Cell, given: Mapping[str, Any]) -> Route:
    """`printkit referee route` on a VS map: the fewest turns, cell by cell, or why not."""
    mover = mover_of(rules, _named(game_map, given))
    limit = _turn_limit(game_map)
    found = _turns(game_map, rules, mover, start, limit, goal)
    if goal not in found:
        last = max(t for t, _ in found.values())
        why = _why_not(game_map, rules, mover, start, goal)
        if why == "mv_cut_off" and last == limit:
            why = "mv_too_far"  # still going when the turns ran out
        raise Refusal(why, cell=cell_name(*goal), start=cell_name(*start), troop=dict(mover.troop.name),
                      turns=limit, cells=game_map.width * game_map.height)  # fmt: skip
    legs: list[list[Cell]] = []
    cell = goal
    while cell != start:
        _, path = found[cell]
        legs.insert(0, path)
        cell = path[0]
    return Route(legs, _said(rules, mover, _lair_warning(game_map, mover, legs)))


def marks(game_map: GameMap) -> dict[Cell, str]:
    """A river cell shows as ~ before its terrain letter on a text map."""
    return dict.fromkeys(vs_map(game_map).rivers, "~")


def _help(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


# Who moves on a VS map, under which spells, and the readings to switch.
INPUTS = (
    Input("troop", Text(40), _help("The troop, like elves or Эльфы.", "Отряд: elves или Эльфы."), flag="--troop",
          complete="printkit.games.vs.completion:complete_troops"),
    Input("laden", Flag(), _help("VS 2025: the ship carries a troop (a quarter slower).",
                                 "ВС 2025: корабль везёт отряд (на четверть медленнее)."), flag="--laden"),
    Input("player", Text(40), _help("Whose troop moves (the map's troops and buildings have owners).",
                                    "Чей отряд идёт (у отрядов и построек карты есть хозяева)."), flag="--player"),
    Input("allow", Text(40), _help("A player who lets it pass (repeat).", "Игрок, который пропускает."),
          flag="--allow", many=True),
    Input("fair_wind", Flag(), _help("The fair wind spell on a ship or transport.", "Заклинание попутного ветра."),
          flag="--fair-wind"),
    Input("water", Flag(), _help("The water of tirelessness (5 cells on land).", "Вода неутомимости."),
          flag="--water"),
    Input("transport", Flag(), _help("VS 2003: the troop is afloat on its transport.", "ВС 2003: на транспорте."),
          flag="--transport"),
    Input("ghost_table", Flag(), _help("Reading: the ghost ship sails as its table row says.",
                                       "Прочтение: корабль-призрак ходит по строке таблицы."), flag="--ghost-table"),
    Input("ships_cross", Flag(), _help("Reading: ships pass between coastal and open sea.",
                                       "Прочтение: корабли проходят между прибрежным и открытым морем."),
          flag="--ships-cross"),
    Input("ghost_stops", Flag(), _help("Reading: a ghost ship stops between coastal and open sea, as ships do.",
                                       "Прочтение: корабль-призрак останавливается между прибрежным и открытым "
                                       "морем, как корабли."), flag="--ghost-stops"),
    Input("orthogonal", Flag(), _help("Reading: no diagonal steps, rows and columns only.",
                                      "Прочтение: без шагов по диагонали, только по строкам и столбцам."),
          flag="--orthogonal"),
    Input("river_along", Flag(), _help("VS 2025 reading: from one river cell to the next the move goes on.",
                                       "Прочтение ВС 2025: с клетки реки на соседнюю клетку реки ход не кончается."),
          flag="--river-along"),
    Input("pass_through", Flag(), _help("Reading: a cell holding another troop may be passed, not stopped on.",
                                        "Прочтение: клетку с другим войском можно пройти, но не встать на ней."),
          flag="--pass-through"),
    Input("magic_barred", Flag(), _help("VS 2025 reading: magical troops enter no building, their own neither.",
                                        "Прочтение ВС 2025: магические войска не входят ни в какие строения, "
                                        "и в свои тоже."), flag="--magic-barred"),
    Input("forbid", Text(40), _help("VS 2003: a player who forbids his structures to this troop (repeat).",
                                    "ВС 2003: игрок, запрещающий этому войску входить в свои строения."),
          flag="--forbid", many=True),
)  # fmt: skip


def _why_not(game_map: GameMap, rules: Ruleset, mover: Mover, start: Cell, goal: Cell) -> str:
    """The label of the reason a goal is out of reach."""
    board = Board(game_map, rules, mover, start)
    if goal == start:
        return "mv_same_cell"
    if _ground(board, goal) is None and not (mover.year == 2025 and board.building(goal)):
        return "mv_wrong_ground"
    if not board.may_enter_structure(goal):
        return f"mv_no_leave_{mover.year}"
    if not board.free(goal) and not board.boards(goal):
        return "mv_taken"
    if mover.kind == "ghost" and not mover.ghost_table and board.borders_land(goal):
        return "mv_ghost_shore"
    return "mv_cut_off"


# The examples `referee reach` and `route` show for VS maps.
EXAMPLES = {
    "reach": (
        "printkit referee reach examples/vs-map.yaml --troop elves --from C3",
        "printkit referee reach examples/vs-map.yaml --troop ship --laden --from J2 --turns 2",
    ),
    "route": ("printkit referee route examples/vs-map.yaml --troop elves --from C3 --to E5",),
}
