"""Stratego setup sheets: blank planning boards with tallies, and each side's setup on its own page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.plugin import MM, Build, Colour, Session, display_title, label, open_canvas, paper_size, player_name
from printkit.render import draw_fitted, fonts, hex_colour, readable, tint, wrap_runs

from .model import EMPTY, Marks, Setup, StrategoData, Variant, marks_of, shown, stratego_of, stratego_session

SIDE_COLOURS = {"red": "#C62828", "blue": "#1565C0"}
LAKE = "#90CAF9"
LAKE_MARK = "#000000"  # the lakes' mark, on its white disc: black, as all small type (a tint halftones)
CELL = 9.5 * MM


def own_cell(side: str) -> Colour:
    """The fill of a side's own rows: its colour, light."""
    return tint(hex_colour(SIDE_COLOURS[side]), 0.16)


def piece_ink(side: str) -> Colour:
    """The colour of a side's rank symbols: its own, darkened where needed to read on its rows (4.5:1)."""
    return readable(hex_colour(SIDE_COLOURS[side]), own_cell(side))


def _board(c: Any, data: StrategoData, v: Variant, side: str, x: float, y: float, setup: Setup | None,
           lake_mark: str = "", lang: str = "en") -> None:  # fmt: skip
    """The whole board seen from `side`: its rows at the bottom, coordinates on every edge; each
    lake carries `lake_mark` where its cells are not the rules page's own."""
    colour = hex_colour(SIDE_COLOURS[side])
    letters = v.file_letters()
    files = list(range(v.files)) if side == "red" else list(reversed(range(v.files)))
    rows = list(range(v.rows)) if side == "red" else list(reversed(range(v.rows)))
    own = set(range(v.setup_rows)) if side == "red" else set(range(v.rows - v.setup_rows, v.rows))
    c.setLineWidth(0.4)
    for col, f in enumerate(files):
        for line, r in enumerate(rows):
            cx, cy = x + col * CELL, y + line * CELL
            name = f"{letters[f]}{r + 1}"
            if name in v.lakes:
                c.setFillColorRGB(*hex_colour(LAKE))
            elif r in own:
                c.setFillColorRGB(*own_cell(side))
            else:
                c.setFillColorRGB(0.96, 0.96, 0.96)
            c.setStrokeColorRGB(0.55, 0.55, 0.55)
            c.rect(cx, cy, CELL, CELL, stroke=1, fill=1)
            if setup is not None and r in own:
                back_index = r if side == "red" else v.rows - 1 - r
                file_index = f if side == "red" else v.files - 1 - f
                symbol = setup.rows[back_index][file_index]
                if symbol != EMPTY:
                    c.setFillColorRGB(*piece_ink(side))
                    c.setFont(fonts.SANS_BOLD, 13)
                    c.drawCentredString(cx + CELL / 2, cy + CELL / 2 - 4.5, shown(symbol, lang))
    if lake_mark:  # on a light disc at each lake's centre, clear of the cells' lines
        c.setFont(fonts.SANS_BOLD, 11)
        for cx, cy in _lake_centres(v, files, rows):
            c.setFillColorRGB(1, 1, 1)
            c.circle(x + cx * CELL, y + cy * CELL, 2.4 * MM, stroke=0, fill=1)
            c.setFillColorRGB(*hex_colour(LAKE_MARK))
            c.drawCentredString(x + cx * CELL, y + cy * CELL - 3.6, lake_mark)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(1.4)
    first_own = min(rows.index(r) for r in own)
    c.rect(x, y + first_own * CELL, v.files * CELL, v.setup_rows * CELL, stroke=1, fill=0)
    c.setFillColorRGB(0, 0, 0)  # small type in black: a grey halftones
    c.setFont(fonts.SANS, 8)
    for col, f in enumerate(files):
        c.drawCentredString(x + col * CELL + CELL / 2, y - 3.5 * MM, letters[f])
        c.drawCentredString(x + col * CELL + CELL / 2, y + v.rows * CELL + 1.5 * MM, letters[f])
    for line, r in enumerate(rows):
        c.drawRightString(x - 1.5 * MM, y + line * CELL + CELL / 2 - 3, str(r + 1))
        c.drawString(x + v.files * CELL + 1.5 * MM, y + line * CELL + CELL / 2 - 3, str(r + 1))


def _lake_centres(v: Variant, files: list[int], rows: list[int]) -> list[tuple[float, float]]:
    """The centre of each lake (cells joined side by side), in cells from the drawn board's corner."""
    letters = v.file_letters()
    at = {f"{letters[f]}{r + 1}": (col, line) for col, f in enumerate(files) for line, r in enumerate(rows)}
    left = {cell for cell in v.lakes if cell in at}
    centres = []
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            cell = todo.pop()
            group.add(cell)
            col, line = at[cell]
            near = {k for k in left if abs(at[k][0] - col) + abs(at[k][1] - line) == 1}
            left -= near
            todo += near
        cols = [at[k][0] for k in group]
        lines = [at[k][1] for k in group]
        centres.append(((min(cols) + max(cols) + 1) / 2, (min(lines) + max(lines) + 1) / 2))
    return sorted(centres)


def _tally(c: Any, data: StrategoData, v: Variant, x: float, y: float, width: float, lang: str,
           setup: Setup | None, marks: Marks, notes: list[str]) -> None:  # fmt: skip
    """Per rank: how many to place, with boxes to tick (or the count placed on a filled sheet); under
    it, what the marks beside figures from elsewhere mean."""
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.SANS_BOLD, 8)
    c.drawString(x, y, label("st_placed", lang) + marks.pieces)
    placed = setup.counts() if setup else {}
    line = y - 4.2 * MM
    for rank in data.ranks:
        need = v.counts.get(rank.symbol, 0)
        if not need:
            continue
        c.setFont(fonts.SANS_BOLD, 9)
        c.drawString(x, line, shown(rank.symbol, lang))
        draw_fitted(c, x + 5 * MM, line, rank.name[lang], fonts.NARROW, 8, 20 * MM)
        for k in range(need):
            bx = x + 26 * MM + k * 3.2 * MM
            c.setLineWidth(0.4)
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            filled = k < placed.get(rank.symbol, 0)
            c.setFillColorRGB(*((0.25, 0.25, 0.25) if filled else (1, 1, 1)))
            c.rect(bx, line - 0.5, 2.5 * MM, 2.5 * MM, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        line -= 4.2 * MM
    line -= 1.5 * MM
    c.setFillColorRGB(0, 0, 0)
    for note in notes:
        for row in wrap_runs([(note, fonts.SANS, 7.5, (0.0, 0.0, 0.0))], width):
            c.setFont(fonts.SANS, 7.5)
            c.drawString(x, line, "".join(text for text, *_ in row))
            line -= 3.4 * MM
        line -= 0.8 * MM
    c.setFillColorRGB(0, 0, 0)


def secret_file(side: str) -> str:
    """The file of one side's secret setup: its own, to print and hand to that side alone."""
    return f"stratego-secret-{side}.pdf"


def write_setup_sheets(session: Session, target: str | Path, setups: dict[str, Setup] | None = None,
                       secret_path: Callable[[str], str | Path] | None = None) -> None:  # fmt: skip
    """stratego-setup.pdf (target): two blank planning boards per side; beside it each given setup
    in a file of its own (secret_file; `secret_path` gives where to write it): a secret printed with
    the blank plans went to whoever printed them, and could not be handed over alone (issue 42)."""
    where = secret_path or (lambda side: Path(target).with_name(secret_file(side)))
    data = stratego_of(session.ruleset)
    v = data.variants[stratego_session(session).variant]
    lang = session.language
    marks = marks_of(session.ruleset, v)
    notes = session.ruleset.provenance.notes([marks.pieces, marks.lakes], lang)
    width, height = paper_size(session.paper)
    c = open_canvas(str(target), session.paper, f"{display_title(session)} — {label('st_setup_title', lang)}",
                    label("st_setup_title", lang))  # fmt: skip
    board_w = v.files * CELL
    left = 16 * MM
    for index, side in enumerate(("red", "blue"), start=1):
        name = player_name(session, index)
        heading = label("st_planning", lang, side=data.sides[side][lang]) + f" · {name}"
        for top in (height - 14 * MM, height / 2 - 2 * MM):
            c.setFillColorRGB(*hex_colour(SIDE_COLOURS[side]))
            draw_fitted(c, left, top, heading, fonts.SANS_BOLD, 12, width - 2 * left)
            _board(c, data, v, side, left, top - 8 * MM - v.rows * CELL, None, marks.lakes, lang)
            _tally(c, data, v, left + board_w + 10 * MM, top - 12 * MM, 60 * MM, lang, None, marks, notes)
        c.showPage()
    c.save()
    for index, side in enumerate(("red", "blue"), start=1):
        setup = (setups or {}).get(side)
        if setup is None:
            continue
        secret = label("st_setup_title", lang) + " — " + data.sides[side][lang]
        c = open_canvas(str(where(side)), session.paper,
                        f"{display_title(session)} — {secret}", secret)  # fmt: skip
        top = height - 14 * MM
        c.setFillColorRGB(*hex_colour(SIDE_COLOURS[side]))
        draw_fitted(c, left, top, f"{label('st_setup_title', lang)} — {data.sides[side][lang]} · "
                    f"{player_name(session, index)}", fonts.SANS_BOLD, 14, width - 2 * left)  # fmt: skip
        c.setFillColorRGB(0, 0, 0)  # "secret" in black: a red prints a halftoned grey
        draw_fitted(c, left, top - 7 * MM, label("st_secret", lang), fonts.SANS_BOLD, 10, width - 2 * left)
        _board(c, data, v, side, left, top - 16 * MM - v.rows * CELL, setup, marks.lakes, lang)
        _tally(c, data, v, left + board_w + 10 * MM, top - 20 * MM, 60 * MM, lang, setup, marks, notes)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.NARROW, 9)
        c.drawString(left, top - 24 * MM - v.rows * CELL, setup.to_setup40(slashes=True))
        c.showPage()
        c.save()


def build(b: Build) -> None:
    """The kit's stratego-setup.pdf; with --random, a generated setup for each side the config leaves
    out (the config's own setups are kept; with both given, --random is refused)."""
    from printkit.plugin import UsageError

    from .advice import generate

    setups = dict(stratego_session(b.session).setups)
    data = stratego_of(b.session.ruleset)
    if b.options.own("random_setups", False):
        variant = data.variants[stratego_session(b.session).variant]
        missing = [side for side in ("red", "blue") if side not in setups]
        if not missing:
            raise UsageError("--random generates the setups a config leaves out, and this one gives both "
                             "(red and blue); drop --random or a setup")  # fmt: skip
        for side in missing:
            # Each side draws from its own stream: printing one never reveals the other.
            seed = b.entropy.stream("stratego", side).below(1 << 30)
            setups[side] = generate(data, variant, "balanced", f"{b.entropy.kit_id(1)}-{side}-{seed}")
    write_setup_sheets(b.session, b.writer.path("stratego-setup.pdf"), setups,
                       lambda side: b.writer.path(secret_file(side)))  # fmt: skip
    b.progress("stratego-setup", 1, 1)
