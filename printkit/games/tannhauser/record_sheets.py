"""Tannhäuser record sheets: per player the team's page (mode, level, points, tasks, turns) and characters."""

from __future__ import annotations

import math
from pathlib import Path
from typing import IO, Any

from printkit.plugin import Build, Session, label, mm, open_canvas, paper_size, player_name
from printkit.render import (
    ASCENT,
    LEAD,
    TICK,
    Blank,
    Pen,
    Piece,
    Tick,
    flow,
    fonts,
    hex_colour,
    page,
    para,
    runs_width,
    wrap_runs,
)
from printkit.sheets import Words, base_context

from .model import LEVELS, MODES, Character, tannhauser_of, tannhauser_session

FIRST_PAGE = 4  # character cards under the team's panel
MORE_PAGE = 6  # on each further page
POINTS_ROW = 10  # victory points a row of their track
# The sheet's numbers of boxes are the ruleset's (tannhauser.sheet); each heading that prints one
# carries its source's mark, explained in a footnote on every page.
SIZED = ("turns", "points", "rows", "slots", "secondary")
HEADS = {"turn": "turns", "points": "points", "row": "rows", "slots": "slots", "secondary": "secondary"}


def rule_text(key: str, lang: str, **values: object) -> str:
    """A rule as one line: a card item's "lead | text" as "lead: text"."""
    lead, _, text = label(key, lang, **values).partition(" | ")
    return f"{lead}: {text}" if text else lead


def _lower_first(text: str) -> str:
    """A sentence as it reads after a colon: "Your value…" -> "your value…"."""
    return text[:1].lower() + text[1:]


def _character(lang: str, c: Character | None) -> dict[str, Any]:
    if c is None:
        return {"name": "", "role": None, "stats": [None, None, None], "skills": [], "equipment": []}
    return {"name": c.name, "role": c.role, "stats": [c.movement, c.stamina, c.psyche],
            "skills": list(c.skills), "equipment": list(c.equipment)}  # fmt: skip


def _pages(team: tuple[Character, ...]) -> list[list[Character | None]]:
    """The team's characters in pages of cards, the last page filled up with blank cards."""
    cards: list[Character | None] = list(team)
    pages = [cards[:FIRST_PAGE]]
    rest = cards[FIRST_PAGE:]
    while rest:
        pages.append(rest[:MORE_PAGE])
        rest = rest[MORE_PAGE:]
    size = FIRST_PAGE if len(pages) == 1 else MORE_PAGE
    pages[-1] += [None] * (size - len(pages[-1]))
    return pages


def context(session: Session) -> dict[str, Any]:
    """Everything the record sheet template prints."""
    lang = session.language
    part = tannhauser_session(session)
    sizes = tannhauser_of(session.ruleset).sheet
    provenance = session.ruleset.provenance
    marks = {name: provenance.mark(f"tannhauser.sheet.{name}") for name in SIZED}
    players = []
    for number in range(1, len(session.players) + 1):
        team = part.teams[number - 1] if number - 1 < len(part.teams) else ()
        pages = [[_character(lang, c) for c in page] for page in _pages(team)]
        players.append({"number": number, "name": player_name(session, number), "pages": pages})
    return {
        **base_context(session),
        "modes": [
            {
                "id": m,
                "name": label(f"ts_mode_{m.replace('-', '_')}", lang),
                "win": label(f"ts_win_{m.replace('-', '_')}", lang),
                "ticked": part.mode == m,
            }
            for m in MODES
        ],
        "levels": [
            {"id": lv, "name": label(f"ts_level_{lv}", lang), "back": n, "ticked": part.level == lv}
            for lv, n in LEVELS.items()
        ],
        "players": players,
        "stats": [label("ts_movement", lang), label("ts_stamina", lang), label("ts_psyche", lang)],
        "wounds": [label("ts_unhurt", lang)] + [label("ts_wound_row", lang, n=n) for n in range(2, sizes.rows + 1)],
        "slots": list(range(1, sizes.slots + 1)),
        "turns": list(range(1, sizes.turns + 1)),
        "points": list(range(1, sizes.points + 1)),
        "secondary": sizes.secondary,
        # The rules the card prints too, from the card's own words: the two can never disagree.
        "reinforcement": rule_text("qt_reinforcement", lang),
        "duel": rule_text("ts_duel_rule", lang, rule=_lower_first(rule_text("qt_duel_rules", lang))),
        # The headings that print a size, each with its source's mark.
        "heads": {key: label(f"ts_{key}", lang, mark=marks[name]) for key, name in HEADS.items()},
        "notes": provenance.notes(marks.values(), lang),
    }


# ---- drawing: the team's panel, the turn track and character cards -------------------------------
# A fixed form like the VS ledger: drawn with ReportLab in a few hundredths of a second where the
# WeasyPrint layout took more than half a second, and a validate draws it in every language and
# paper. Sizes follow templates/forms.css, the style of the other forms to fill in.

WHAT = "record sheets"  # the document's name in errors
SANS, BOLD, NARROW_BOLD = fonts.SANS, fonts.SANS_BOLD, fonts.FONTS["narrow-bold"][0]
MARGIN = mm(11.2)  # every side, well clear of the printer's 6 mm
INK, SUB, NOTE, WHITE = hex_colour("#111111"), hex_colour("#555555"), hex_colour("#333333"), (1.0, 1.0, 1.0)
BAND, CARD = hex_colour("#263238"), hex_colour("#263238")
HEAD_FILL, CELL_RULE, TICK_RULE, FILLED = (hex_colour("#eceff1"), hex_colour("#777777"), hex_colour("#cccccc"),
                                           hex_colour("#1a237e"))  # fmt: skip
SMALL, TICKS, TRACK = 6.8, 7.4, 7.0  # pt: notes under a table, the ticked lists, track numbers
STAT_COLUMNS = (0.20, 0.18, 0.18, 0.18, 0.07, 0.07, 0.12)  # row name, three values, two spare, the mark


def _band(pen: Pen, x: float, top: float, width: float, title: str) -> float:
    """A section's title, white on slate; returns the top below it."""
    top -= mm(2)
    lines = wrap_runs([(title, BOLD, 9.0, WHITE)], width - mm(3))
    height = len(lines) * LEAD * 9 + mm(1)
    pen.box(x, top - height, width, height, None, fill=BAND)
    for i, line in enumerate(lines):
        pen.runs(x + mm(1.5), top - mm(0.5) - ASCENT * 9 - i * LEAD * 9, line)
    return top - height - mm(1)


def _ticks(pen: Pen, x: float, top: float, width: float, rows: list[list[Piece]], boxed: list[bool | None]) -> float:
    """Rows under one another, each after its own square (None: no square), a hairline under each."""
    for pieces, ticked in zip(rows, boxed, strict=True):
        inner = x + (mm(5) if ticked is not None else 0.0) + mm(0.5)
        low = flow(pen, inner, top - mm(0.5), pieces, x + width - inner - mm(0.5), NOTE) - mm(0.5)
        if ticked is not None:
            pen.box(x + mm(0.5), top - mm(0.5) - TICK - mm(0.3), TICK, TICK, NOTE, 0.7, fill=NOTE if ticked else None)
            low = min(low, top - TICK - mm(1.6))
        pen.rule(x, low, x + width, low, TICK_RULE, 0.3)
        top = low
    return top


def _small(pen: Pen, x: float, top: float, width: float, text: str, font: str = SANS) -> float:
    return para(pen, x, top, [(text, font, SMALL, NOTE)], width)


def _grid(pen: Pen, x: float, top: float, widths: list[float], rows: list[list[str]], height: float,
          heads: int = 0, font: str = SANS) -> float:  # fmt: skip
    """Ruled cells `height` tall; the first `heads` columns left-aligned in bold, the rest centred."""
    width = sum(widths)
    for r, row in enumerate(rows):
        low = top - height
        cx = x
        for c, (text, w) in enumerate(zip(row, widths, strict=True)):
            base = top - height / 2 - 0.35 * TRACK
            if c < heads:
                pen.text(cx + mm(1), base, text, BOLD, TRACK, INK)
            elif text:
                pen.text(cx + w / 2, base, text, font, TRACK, INK, "center")
            cx += w
        pen.rule(x, low, x + width, low, CELL_RULE, 0.5)
        if r == 0:
            pen.rule(x, top, x + width, top, CELL_RULE, 0.5)
        top = low
    cx = x
    for w in [0.0, *widths]:
        cx += w
        pen.rule(cx, top, cx, top + height * len(rows), CELL_RULE, 0.5)
    return top


def _panel(pen: Pen, ctx: dict[str, Any], x: float, top: float, width: float) -> float:
    """Mode and level on the left; side, victory points, tasks and flags on the right."""
    t: Words = ctx["t"]
    half = width / 2 - mm(2.5)
    modes: list[list[Piece]] = [[(m["name"], BOLD, TICKS, INK), (f" — {m['win']}", SANS, TICKS, INK)]
                                for m in ctx["modes"]]  # fmt: skip
    left = _ticks(pen, x, _band(pen, x, top, half, t.ts_modes), half, modes, [m["ticked"] for m in ctx["modes"]])
    levels: list[list[Piece]] = []
    for lv in ctx["levels"]:
        after = f"{t.ts_reinforcements} " if lv["back"] else t.ts_no_reinforcements
        levels.append([(lv["name"], BOLD, TICKS, INK), (f": {after}", SANS, TICKS, INK), *[Tick()] * lv["back"]])
    left = _ticks(pen, x, _band(pen, x, left, half, t.ts_levels), half, levels, [lv["ticked"] for lv in ctx["levels"]])
    left = _small(pen, x, left - mm(1.5), half, ctx["reinforcement"])
    rx = x + width / 2
    right = _band(pen, rx, top, half, t.ts_side)
    right = flow(pen, rx, right - mm(1), [(f"{t.ts_entry}: ", SANS, SMALL, NOTE), Blank(mm(30))], half, CELL_RULE)
    heads = ctx["heads"]
    right = _band(pen, rx, right - mm(1), half, heads["points"])
    points = [str(n) for n in ctx["points"]]
    track = [points[i : i + POINTS_ROW] for i in range(0, len(points), POINTS_ROW)]
    track[-1] += [""] * (POINTS_ROW - len(track[-1]))
    right = _grid(pen, rx, right, [half / POINTS_ROW] * POINTS_ROW, track, mm(6))
    right = _small(pen, rx, right - mm(1), half, t.ts_points_rule)
    right = _band(pen, rx, right - mm(1), half, t.ts_tasks)
    key = max(runs_width([(w, BOLD, TICKS, INK)]) for w in (t.ts_main, heads["secondary"], t.ts_flags)) + mm(3)
    key = min(key, half * 0.4)
    tasks: list[tuple[str, list[Piece]]] = [
        (t.ts_main, [("1: ", SANS, TICKS, INK), Tick(), Tick(), ("   2: ", SANS, TICKS, INK), Tick(), Tick()]),
        (heads["secondary"], [Tick()] * ctx["secondary"]),
        # Each label joined by no-break spaces: it moves to the next line whole, with its squares,
        # instead of leaving "задач:" alone under "наши на кругах" (issue 42).
        (t.ts_flags, [(f"{keep(t.ts_flags_taken)} ", SANS, TICKS, INK), Tick(), Tick(),
                      (f"   {keep(t.ts_flags_placed)} ", SANS, TICKS, INK), *[Tick()] * 4]),
    ]  # fmt: skip
    for name, pieces in tasks:
        named = para(pen, rx + mm(0.5), right - mm(0.5), [(name, BOLD, TICKS, INK)], key - mm(1))
        low = min(named, flow(pen, rx + key, right - mm(0.5), pieces, half - key, NOTE)) - mm(0.5)
        pen.rule(rx, low, rx + half, low, TICK_RULE, 0.3)
        right = low
    return min(left, right)


def keep(words: str) -> str:
    """Words that must not break across lines: their spaces made no-break ones."""
    return words.replace(" ", "\u00a0")


def _turns(pen: Pen, ctx: dict[str, Any], x: float, top: float, width: float) -> float:
    """The turn track: who acts first, turn by turn; then the duel rule under it."""
    t: Words = ctx["t"]
    turn = ctx["heads"]["turn"]
    head = max(mm(24), max(runs_width([(w, BOLD, TRACK, INK)]) for w in (turn, t.ts_initiative)) + mm(2))
    turns = ctx["turns"]
    widths = [head] + [(width - head) / len(turns)] * len(turns)
    rows = [[turn, *map(str, turns)], [t.ts_initiative] + [""] * len(turns)]
    top = _grid(pen, x, top - mm(1.5), widths, rows, mm(6), heads=1)
    return _small(pen, x, top - mm(1), width, ctx["duel"])


def _card(pen: Pen, ctx: dict[str, Any], card: dict[str, Any], x: float, top: float, width: float) -> float:
    """One character's card from its top (inside its frame); returns its bottom."""
    t: Words = ctx["t"]
    name = card["name"] or ""
    low = para(pen, x, top, [(name, BOLD, 11.0, INK)], width) if name else top - LEAD * 11
    low = min(low, top - mm(6)) - mm(0.4)
    pen.rule(x, low, x + width, low, CELL_RULE, 0.6)
    role = card["role"]
    pieces: list[Piece] = [Tick(role == "hero"), (f"{t.ts_hero}   ", SANS, SMALL, NOTE), Tick(role == "soldier"),
                           (f"{t.ts_soldier}  · ", SANS, SMALL, NOTE), Tick(), (f"{t.ts_dead} ", SANS, SMALL, NOTE),
                           Blank(mm(8))]  # fmt: skip
    if role != "hero":
        pieces += [("   ", SANS, SMALL, NOTE), Tick(), (t.ts_back, SANS, SMALL, NOTE)]
    y = flow(pen, x, low - mm(1), pieces, width, NOTE) - mm(0.4)
    y = _stats(pen, ctx, card, x, y, width)
    y = _small(pen, x, y - mm(0.6), width, t.ts_rows_rule)
    y = _small(pen, x, y - mm(1), width, ctx["heads"]["slots"], BOLD)
    y = _slots(pen, card["equipment"], len(ctx["slots"]), x, y, width)
    skills = ", ".join(card["skills"])
    line = [(f"{t.ts_skills}: ", SANS, SMALL, NOTE)] + ([(skills, BOLD, 8.0, FILLED)] if skills else [])
    end = min(para(pen, x, y - mm(1.4), line, width), y - mm(1) - mm(5)) - mm(0.3)
    pen.rule(x, end, x + width, end, CELL_RULE, 0.5)
    return end


def _slots(pen: Pen, equipment: list[str], count: int, x: float, top: float, width: float) -> float:
    """The equipment slots, what the config gives written in; an item too long for one slot takes
    the next ones too (as a player would write it), leaving at least one slot to each later item."""
    slot, pad = width / count, mm(0.8)
    spans: list[tuple[str, int]] = []
    free = count
    for i, item in enumerate(equipment[:count]):
        need = runs_width([(item, BOLD, TRACK, FILLED)]) + 2 * pad
        span = min(max(1, math.ceil(need / slot - 1e-6)), free - (min(len(equipment), count) - i - 1))
        spans.append((item, span))
        free -= span
    spans += [("", 1)] * free
    height = mm(5.4)
    cx = x
    for item, span in spans:
        if item:
            low = para(pen, cx + pad, top - mm(0.4), [(item, BOLD, TRACK, FILLED)], span * slot - 2 * pad)
            height = max(height, top - low + mm(0.4))
        cx += span * slot
    cx = x
    for _, span in [("", 0), *spans]:
        cx += span * slot
        pen.rule(cx, top, cx, top - height, CELL_RULE, 0.5)
    pen.rule(x, top, x + width, top, CELL_RULE, 0.5)
    pen.rule(x, top - height, x + width, top - height, CELL_RULE, 0.5)
    return top - height


def _stats(pen: Pen, ctx: dict[str, Any], card: dict[str, Any], x: float, top: float, width: float) -> float:
    """Rows of values copied from the character's card, the first one filled from the config."""
    t: Words = ctx["t"]
    widths = [share * width for share in STAT_COLUMNS]
    height = mm(4.5)
    heads = [ctx["heads"]["row"], *ctx["stats"], "", "", t.ts_now]
    pen.box(x, top - height, width, height, None, fill=HEAD_FILL)
    cx = x
    for head, w in zip(heads, widths, strict=True):
        size = min(7.0, 7.0 * (w - mm(0.8)) / max(runs_width([(head, NARROW_BOLD, 7.0, INK)]), 1e-6))
        pen.text(cx + w / 2, top - height / 2 - 0.35 * 7, head, NARROW_BOLD, max(size, 6.0), INK, "center")
        cx += w
    rows = len(ctx["wounds"])
    bottom = top - height * (rows + 1)
    for r, row in enumerate(ctx["wounds"]):
        y = top - height * (r + 1)
        base = y - height / 2 - 0.35 * TRACK
        pen.text(x + mm(1), base, row, SANS, TRACK, INK)
        if r == 0:
            for c, value in enumerate(card["stats"], start=1):
                if value is not None:
                    centre = x + sum(widths[:c]) + widths[c] / 2
                    pen.text(centre, y - height / 2 - 0.35 * 10, str(value), BOLD, 10.0, FILLED, "center")
        mark = x + width - widths[-1] / 2 - TICK / 2
        pen.box(mark, y - height / 2 - TICK / 2, TICK, TICK, NOTE, 0.7)
        pen.rule(x, y - height, x + width, y - height, CELL_RULE, 0.5)
    cx = x
    for w in [0.0, *widths]:
        cx += w
        pen.rule(cx, top, cx, bottom, CELL_RULE, 0.5)
    pen.rule(x, top, x + width, top, NOTE, 0.6)
    pen.rule(x, top - height, x + width, top - height, NOTE, 0.6)
    return bottom


def _page(pen: Pen, ctx: dict[str, Any], player: dict[str, Any], index: int, width: float, height: float) -> float:
    """One page of a team's sheet; returns how low it reaches."""
    t: Words = ctx["t"]
    inner = width - 2 * MARGIN
    sub = f" · {t.ts_title} · {ctx['title']}" + (f" · {t.ts_more}" if index else "")
    y = para(pen, MARGIN, height - MARGIN, [(player["name"], BOLD, 13.0, INK), (sub, SANS, 9.0, SUB)], inner)
    y -= mm(1.5)
    if index == 0:
        y = _panel(pen, ctx, MARGIN, y, inner)
        y = _turns(pen, ctx, MARGIN, y, inner)
    y -= mm(2)
    card_width = inner * 0.485
    cards = player["pages"][index]
    for row in range(0, len(cards), 2):
        pair = cards[row : row + 2]
        measure = Pen(None, WHAT)
        tall = max(y - _card(measure, ctx, c, 0, y - mm(1.5), card_width - mm(4)) for c in pair) + mm(1.5)
        for i, card in enumerate(pair):
            left = MARGIN + i * (inner - card_width)
            _card(pen, ctx, card, left + mm(2), y - mm(1.5), card_width - mm(4))
            pen.box(left, y - tall, card_width, tall, CARD, 0.9)
        y -= tall + mm(2)
    # What the marks beside the sizes mean, on every page that prints them.
    for note in ctx["notes"]:
        y = _small(pen, MARGIN, y - mm(0.5), inner, note)
    return y + mm(2)


def write_pages(target: str | IO[bytes], ctx: dict[str, Any], paper: str) -> None:
    """record-sheets.pdf from the record sheets' context: per team its pages of cards."""
    t: Words = ctx["t"]
    width, height = paper_size(paper)
    c = open_canvas(target, paper, f"{ctx['title']} — {t.ts_title}", t.ts_title)
    overflow = "a record sheet runs over its page; shorten the names, skills or equipment, or the ruleset's sheet sizes"
    for player in ctx["players"]:
        for index in range(len(player["pages"])):
            page(c, WHAT, MARGIN, overflow, _page, ctx, player, index, width, height)
    c.save()


def write_record_sheets(session: Session, target: str | IO[bytes] | Path) -> None:
    """record-sheets.pdf: per player the team's page with its first characters, then further pages."""
    write_pages(str(target) if isinstance(target, Path) else target, context(session), session.paper)


def build(b: Build) -> None:
    """The kit's record-sheets.pdf."""
    write_record_sheets(b.session, b.writer.path("record-sheets.pdf"))
    b.progress("record-sheets", 1, 1)
