"""Stratego setup advice from well-known heuristics, and generation of setups that follow them."""

from __future__ import annotations

from printkit.plugin import Entropy, Phrase, RandomStream

from .model import EMPTY, Setup, StrategoData, Variant
from .setups import problems

STYLES = ("balanced", "defensive", "aggressive")


def lanes(variant: Variant) -> list[set[int]]:
    """Files between and beside the lakes: the ways through the middle of the board."""
    letters = variant.file_letters()
    blocked = {letters.index(c[0]) for c in variant.lakes}
    groups: list[set[int]] = []
    for f in range(variant.files):
        if f in blocked:
            continue
        if groups and f - 1 in groups[-1]:
            groups[-1].add(f)
        else:
            groups.append({f})
    return groups


def advice(setup: Setup, data: StrategoData) -> list[str]:
    """Heuristic advice (never errors): flag, bombs, lanes, scouts, spy."""
    v = setup.variant
    where = {(r, f): s for r, f, s in setup.cells()}
    out: list[str] = []
    flag = next(((r, f) for (r, f), s in where.items() if s == "F"), None)
    if flag:
        if flag[0] != 0:
            out.append(Phrase("sa_flag_back"))
        around = [(flag[0] + dr, flag[1] + df) for dr, df in ((0, -1), (0, 1), (1, 0))]
        open_sides = [c for c in around if 0 <= c[1] < v.files and c[0] < v.setup_rows and where.get(c) != "B"]
        # Two bombs close in a flag in a back corner; with fewer the advice cannot be followed.
        if open_sides and v.counts.get("B", 0) >= 2:
            out.append(Phrase("sa_flag_bombs"))
    front = v.setup_rows - 1
    if sum(1 for (r, _), s in where.items() if r == front and s == "B") >= 3:
        out.append(Phrase("sa_bomb_wall"))
    if v.counts.get("2", 0) >= 4 and sum(1 for (r, _), s in where.items() if r >= front - 1 and s == "2") < 2:
        out.append(Phrase("sa_scouts"))
    strong = {r.symbol for r in data.ranks if (r.strength or 0) >= 6}
    if v.pieces >= 20:
        for lane in lanes(v):
            if not any(s in strong for (_, f), s in where.items() if f in lane):
                letters = v.file_letters()
                out.append(Phrase("sa_lane", first=letters[min(lane)], last=letters[max(lane)]))
    spy = next(((r, f) for (r, f), s in where.items() if s == "1"), None)
    general = next(((r, f) for (r, f), s in where.items() if s == "9"), None)
    if spy and general and max(abs(spy[0] - general[0]), abs(spy[1] - general[1])) > 2:
        out.append(Phrase("sa_spy"))
    return out


def _pick(stream: RandomStream, options: list[tuple[int, int]]) -> tuple[int, int]:
    return options[stream.below(len(options))]


def _attempt(data: StrategoData, variant: Variant, style: str, stream: RandomStream) -> Setup:
    rows, files = variant.setup_rows, variant.files
    grid: dict[tuple[int, int], str] = {}
    free = {(r, f) for r in range(rows) for f in range(files)}
    pool = [s for s, n in variant.counts.items() for _ in range(n)]

    def put(cell: tuple[int, int], symbol: str) -> None:
        grid[cell] = symbol
        free.discard(cell)
        pool.remove(symbol)

    # With only two bombs, a back corner is the one place they can close the flag in.
    corner = variant.counts.get("B", 0) < 3
    flag = (0, (0, files - 1)[stream.below(2)] if corner else stream.below(files))
    put(flag, "F")
    for cell in ((0, flag[1] - 1), (0, flag[1] + 1), (1, flag[1])):
        if cell in free and "B" in pool:
            put(cell, "B")
    back_half = [c for c in sorted(free) if c[0] < max(1, rows // 2)]
    while "B" in pool and back_half:
        cell = _pick(stream, back_half)
        back_half.remove(cell)
        if cell in free:
            put(cell, "B")
    front = rows - 1
    for _ in range(min(2, pool.count("2"))):
        spots = sorted(c for c in free if c[0] >= front - 1)
        if spots:
            put(_pick(stream, spots), "2")
    officers = sorted(
        (s for s in set(pool) if (s.isascii() and s.isdigit() and int(s) >= 6) or s == "X"), key=lambda s: s
    )
    for lane in lanes(variant) if variant.pieces >= 20 else []:
        spots = sorted(c for c in free if c[1] in lane)
        choice = [s for s in officers if s in pool]
        if spots and choice:
            put(_pick(stream, spots), choice[stream.below(len(choice))])
    general: tuple[int, int] | None
    if "9" in pool:
        general = _pick(stream, sorted(free))
        put(general, "9")
    else:
        general = next(c for c, s in grid.items() if s == "9") if "9" in grid.values() else None
    if "1" in pool and general:
        near = sorted(c for c in free if max(abs(c[0] - general[0]), abs(c[1] - general[1])) <= 1)
        put(_pick(stream, near) if near else _pick(stream, sorted(free)), "1")
    # The rest: by style, strong pieces lean forward (aggressive) or back (defensive).
    rest = sorted(pool, key=lambda s: -(10 if s == "X" else int(s) if s.isascii() and s.isdigit() else 0))
    for symbol in rest:
        cells = sorted(free)
        if style != "balanced" and symbol in {"X", "9", "8", "7"}:
            lean = max(c[0] for c in cells) if style == "aggressive" else min(c[0] for c in cells)
            leaning = [c for c in cells if c[0] == lean]
            cells = leaning or cells
        put(_pick(stream, cells), symbol)
    for cell in list(free):
        grid[cell] = EMPTY
    return Setup(variant, tuple(tuple(grid[(r, f)] for f in range(files)) for r in range(rows)))


def generate(data: StrategoData, variant: Variant, style: str = "balanced", seed: str | int | None = None,
             attempts: int = 200) -> Setup:  # fmt: skip
    """A legal setup that also follows the advice; the same seed gives the same setup."""
    stream = Entropy.from_seed(seed).stream("stratego-setup", variant.id, style)
    last = None
    for _ in range(attempts):
        setup = _attempt(data, variant, style, stream)
        if not problems(setup, data) and not advice(setup, data):
            return setup
        last = setup
    assert last is not None
    return last
