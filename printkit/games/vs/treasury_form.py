"""The treasury ledger of «Великая Стратегическая»: a page per player, a row per year, from the map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import IO, Any

from printkit.plugin import Build, Session, label, mm, open_canvas, paper_size, player_name
from printkit.render import ASCENT, LEAD, Pen, fonts, hex_colour, page, para, runs_width, wrap_runs
from printkit.sheets import Words, base_context, signed

from .economy import Holdings, holdings_from_map, income, treasury_cap, year_of
from .model import VsData, player_colour, vs_of

YEARS = 15  # rows a page holds; a blank continuation page follows the players' pages


def _holdings(session: Session, vs: VsData, name: str) -> Holdings | None:
    """What a player holds on the config's map, or None where the map gives him nothing."""
    if session.game_map is None:
        return None
    # The personal troop and the cash on entering as every income answer takes them: one source.
    held = holdings_from_map(vs, session.game_map, name, None, None, False)
    if not (held.lands or held.mines or held.troops or held.fortresses or held.bridges):
        return None
    return held


def _player(session: Session, vs: VsData, number: int) -> dict[str, Any]:
    lang = session.language
    name = player_name(session, number)
    held = _holdings(session, vs, name)
    first: dict[str, Any] = {}
    listing: list[tuple[str, str]] = []
    if held is not None:
        reckoned = income(vs, held)
        upkeep = sum(c for _, c in reckoned.upkeep)
        first = {"cash": held.cash, "cap": reckoned.cap, "lands": signed(reckoned.lands),
                 "mines": signed(reckoned.mines), "upkeep": signed(-upkeep), "net": signed(reckoned.net)}  # fmt: skip
        for land, coins in held.lands:
            listing.append((label("lg_land", lang, name=land), signed(coins)))
        for level in held.mines:
            mine = next(m for m in vs.mines if m.level == level)
            listing.append((label("lg_mine", lang, name=mine.name[lang], level=level), signed(mine.income)))
        grouped: dict[str, list[int]] = {}  # troops of one kind on one line, so a big army fits
        for troop_id, coins in reckoned.upkeep:
            grouped.setdefault(troop_id, []).append(coins)
        for troop_id, fees in grouped.items():
            troop = vs.troop(troop_id.rstrip("*"))
            what = troop.name[lang] if troop else label("lg_bridge", lang)
            if troop_id.endswith("*"):
                what = label("lg_personal", lang, name=what)
            if len(fees) > 1:
                what = f"{what} ×{len(fees)}"
            listing.append((what, signed(-sum(fees))))
        if held.fortresses:
            per = int(vs.figures["treasury"]["per_fortress"])
            listing.append(
                (label("lg_fortresses", lang, n=held.fortresses), label("lg_cap_plus", lang, n=per * held.fortresses))
            )
    return {"number": number, "name": name, "colour": player_colour(session, number), "first": first,
            "listing": listing, "commander": held is not None and held.commander}  # fmt: skip


def context(session: Session) -> dict[str, Any]:
    """Everything the ledger template prints."""
    vs = vs_of(session.ruleset)
    lang = session.language
    year = year_of(vs)
    t = vs.figures["treasury"]
    if "base" in t:
        cap = label("lg_cap_2025", lang, base=t["base"], per=t["per_fortress"])
    else:
        cap = label("lg_cap_2003", lang, ruler=t["ruler"], commander=t["commander"], per=t["per_fortress"])
    start = vs.figures.get("start") or {}
    if year == 2003:
        entry = label("lg_start_2003", lang, ruler=start["ruler_money"], commander=start["commander_money"])
    else:
        entry = label("lg_start_2025", lang, money=start["ruler_money"], default=start["default"][lang])
    return {
        **base_context(session),
        "edition": session.ruleset.title[lang],
        "rules": [
            label("lg_when_2025" if year == 2025 else "lg_when_2003", lang),
            cap,
            entry,
            label("lg_mines", lang, n=vs.mines[0].income if vs.mines else 2),
            label(f"lg_upkeep_{year}", lang, fee=vs.figures.get("commander_upkeep") or 0),
            *([label("lg_cap_turn_2003", lang)] if year == 2003 else []),
            label("lg_tax", lang),
        ],
        "players": [_player(session, vs, n) for n in range(1, len(session.players) + 1)],
        "years": list(range(1, YEARS + 1)),
        "spare_years": list(range(YEARS + 1, 2 * YEARS + 1)),
        "cap_now": treasury_cap(vs, 0),
        # 2003, read literally (§2.3), takes the excess again once the income is paid: a column for it.
        "taken_after": year == 2003,
    }


# ---- drawing: a landscape page per player ---------------------------------------------------------
# A fixed form: the same grid every game, only the names, rules and first year's figures change.
# Drawn with ReportLab it takes a few hundredths of a second where a WeasyPrint layout took half a
# second, and a validate or a test run draws it many times. Sizes follow templates/forms.css, the
# style of the other forms to fill in: 8 pt body, 7 pt column heads, 7.2 pt rules.

WHAT = "treasury ledger"  # the document's name in errors
SANS, BOLD = fonts.SANS, fonts.SANS_BOLD
MARGIN = mm(11.2)  # every side, well clear of the printer's 6 mm
INK, SUB, NOTE = hex_colour("#111111"), hex_colour("#555555"), hex_colour("#333333")
HEAD_FILL, HEAD_RULE, CELL_RULE = hex_colour("#eceff1"), hex_colour("#333333"), hex_colour("#777777")
LIST_RULE, FILLED = hex_colour("#bbbbbb"), hex_colour("#1a237e")
RULES_SIZE, HEAD_SIZE, NOTE_SIZE, CELL_SIZE = 7.2, 7.0, 7.0, 8.0
ROW = mm(9.4)  # a year's row: room to write a sum and cross it out (9.58 before the heads took 1.5 mm sides)
HEAD_PAD = mm(0.8)
# Room either side of a column head inside its cell: with 0.6 mm the heads ran edge to edge from
# rule to rule (issue 42, second review); a head that no longer fits on one line wraps.
HEAD_SIDE = mm(1.5)
FIRST_COLUMN = 0.06  # the year's share of the width: room for 2003's column of what is taken after income
# A filled row's columns after the year; "taken" only where an evening knows it (the kit leaves it to the pen).
FILLED_KEYS = ("cash", "cap", "taken", "lands", "mines", "upkeep", "net", "spent", "transfers", "other", "end")
AFTER = FILLED_KEYS.index("net") + 1  # where 2003's column of what is taken after the income goes


def _heading(pen: Pen, x: float, top: float, width: float, name: str, sub: str, colour: str | None) -> float:
    """A page's title: the player's colour, his name, what the sheet is. Returns the top below it."""
    indent = mm(5.5) if colour else 0.0
    if colour:
        base = top - ASCENT * 13
        pen.box(x, base - mm(0.6), mm(4), mm(4), NOTE, 0.5, fill=hex_colour(colour))
    low = para(pen, x + indent, top, [(name, BOLD, 13.0, INK), (f" · {sub}", SANS, 9.0, SUB)], width - indent)
    return low - mm(1.5)


def _bullets(pen: Pen, x: float, top: float, width: float, rules: list[str]) -> float:
    hang = runs_width([("• ", SANS, RULES_SIZE, INK)])
    for rule in rules:
        pen.text(x, top - ASCENT * RULES_SIZE, "•", SANS, RULES_SIZE, INK)
        top = para(pen, x + hang, top, [(rule, SANS, RULES_SIZE, INK)], width - hang) - mm(0.3)
    return top - mm(1)


def _listing(pen: Pen, x: float, top: float, width: float, t: Words, listing: list[tuple[str, str]]) -> float:
    """What the map gives the player at the start, a line each, figures on the right."""
    if not listing:
        return para(pen, x, top - mm(0.5), [(t.lg_no_map, SANS, NOTE_SIZE, NOTE)], width) - mm(1)
    top = para(pen, x, top, [(t.lg_from_map, BOLD, RULES_SIZE, INK)], width)
    pad = mm(1)
    for what, figure in listing:
        room = width - 2 * pad - runs_width([(figure, BOLD, RULES_SIZE, INK)]) - mm(2)
        lines = wrap_runs([(what, SANS, RULES_SIZE, INK)], room)
        base = top - mm(0.3) - ASCENT * RULES_SIZE
        for i, line in enumerate(lines):
            pen.runs(x + pad, base - i * LEAD * RULES_SIZE, line)
        pen.text(x + width - pad, base, figure, BOLD, RULES_SIZE, INK, "right")
        top -= len(lines) * LEAD * RULES_SIZE + mm(0.6) + 0.3
        pen.rule(x, top, x + width, top, LIST_RULE, 0.3)
    return top


def _columns(heads: list[str], width: float) -> list[float]:
    """The year a fixed share; the other columns share the rest as their heads' lengths do, none
    narrower than its longest word (a sign tied to its word: «+ Земли») and its sides."""
    first = width * FIRST_COLUMN

    def wide(text: str) -> float:
        return runs_width([(text, BOLD, HEAD_SIZE, INK)]) + 2 * HEAD_SIDE

    natural = [wide(h) for h in heads[1:]]
    least = [max(wide(word) for word in h.split(" ")) for h in heads[1:]]
    room = width - first
    if sum(natural) <= room:
        return [first] + [w * room / sum(natural) for w in natural]
    share = (room - sum(least)) / (sum(natural) - sum(least))
    return [first] + [lo + (w - lo) * share for lo, w in zip(least, natural, strict=True)]


def _grid(pen: Pen, x: float, top: float, width: float, t: Words, years: list[int],
          filled: dict[int, dict[str, str]], taken_after: bool = False) -> float:  # fmt: skip
    """The year-by-year table: column heads, then a row per year (`filled` by the row's index: the
    kit's first from the map, an evening's every year paid); `taken_after`: 2003's column for what
    the income brings over the limit."""
    heads = [t.lg_year, t.lg_cash_start, t.lg_cap, t.lg_taken, t.lg_col_lands, t.lg_col_mines, t.lg_col_upkeep,
             t.lg_net, t.lg_spent, t.lg_transfers, t.lg_other, t.lg_cash_end]  # fmt: skip
    keys = list(FILLED_KEYS)
    if taken_after:
        heads.insert(AFTER + 1, t.lg_taken_after)
        keys.insert(AFTER, "taken_after")
    heads = [re.sub(r"^([+−=±]) ", "\\1\u00a0", h) for h in heads]  # a sign stays with its word
    widths = _columns(heads, width)
    cells = [wrap_runs([(h, BOLD, HEAD_SIZE, INK)], w - 2 * HEAD_SIDE) for h, w in zip(heads, widths, strict=True)]
    lines = max(map(len, cells))
    head = lines * LEAD * HEAD_SIZE + 2 * HEAD_PAD + 0.6
    bottom = top - head - len(years) * ROW
    edges = [x]
    for w in widths:
        edges.append(edges[-1] + w)
    pen.box(x, top - head, width, head, None, fill=HEAD_FILL)
    for y in [top - head - (i + 1) * ROW for i in range(len(years))]:
        pen.rule(x, y, x + width, y, CELL_RULE, 0.5)
    for edge in edges:
        pen.rule(edge, top - head, edge, bottom, CELL_RULE, 0.5)
    for edge in edges:
        pen.rule(edge, top, edge, top - head, HEAD_RULE, 0.6)
    pen.rule(x, top, x + width, top, HEAD_RULE, 0.6)
    pen.rule(x, top - head, x + width, top - head, HEAD_RULE, 0.6)
    for left, w, cell in zip(edges[:-1], widths, cells, strict=True):
        # Heads sit on the row's bottom, as the other forms' column heads do.
        base = top - head + HEAD_PAD + 0.3 + (len(cell) - 1) * LEAD * HEAD_SIZE + (LEAD - ASCENT) * HEAD_SIZE
        for i, line in enumerate(cell):
            pen.runs(left + (w - runs_width(line)) / 2, base - i * LEAD * HEAD_SIZE, line)
    for i, year in enumerate(years):
        base = top - head - i * ROW - ROW / 2 - 0.35 * CELL_SIZE
        pen.text(edges[0] + widths[0] / 2, base, str(year), BOLD, CELL_SIZE, INK, "center")
        for c, key in enumerate(keys, start=1):
            value = filled.get(i, {}).get(key)
            if value is not None:
                pen.text(edges[c] + widths[c] / 2, base, str(value), BOLD, CELL_SIZE, FILLED, "center")
    return bottom


def _player_page(pen: Pen, ctx: dict[str, Any], player: dict[str, Any], width: float, height: float) -> float:
    t: Words = ctx["t"]
    inner = width - 2 * MARGIN
    sub = f"{t.lg_title} · {ctx['title']}"
    top = _heading(pen, MARGIN, height - MARGIN, inner, player["name"], sub, player["colour"])
    left = _bullets(pen, MARGIN, top, inner * 0.6 - mm(3), ctx["rules"])
    right = _listing(pen, MARGIN + inner * 0.6, top, inner * 0.4 - mm(3), t, player["listing"])
    filled = player.get("filled") or ({0: player["first"]} if player["first"] else {})
    return _grid(pen, MARGIN, min(left, right), inner, t, ctx["years"], filled, ctx.get("taken_after", False))


def _more_page(pen: Pen, ctx: dict[str, Any], width: float, height: float) -> float:
    """The page to go on with after year 15, for any player."""
    t: Words = ctx["t"]
    inner = width - 2 * MARGIN
    top = _heading(pen, MARGIN, height - MARGIN, inner, t.lg_more, f"{t.lg_title} · {ctx['title']}", None)
    base = top - mm(0.5) - ASCENT * NOTE_SIZE
    label = f"{t.lg_player}: "
    pen.text(MARGIN, base, label, SANS, NOTE_SIZE, NOTE)
    start = MARGIN + runs_width([(label, SANS, NOTE_SIZE, NOTE)])
    pen.rule(start, base - 1.5, start + mm(60), base - 1.5, CELL_RULE, 0.5)
    return _grid(
        pen, MARGIN, top - LEAD * NOTE_SIZE - mm(2.5), inner, t, ctx["spare_years"], {}, ctx.get("taken_after", False)
    )


def write_pages(target: str | IO[bytes], ctx: dict[str, Any], paper: str) -> None:
    """ledger.pdf from the ledger's context: a page per player, then one to go on."""
    t: Words = ctx["t"]
    short, long = paper_size(paper)
    width, height = max(short, long), min(short, long)  # landscape: the years run across the sheet
    c = open_canvas(target, paper, f"{ctx['title']} — {t.lg_title}", t.lg_title, pagesize=(width, height))
    overflow = "a player's treasury ledger does not fit on one page; shorten the names on the map"
    for player in ctx["players"]:
        page(c, WHAT, MARGIN, overflow, _player_page, ctx, player, width, height)
    page(c, WHAT, MARGIN, overflow, _more_page, ctx, width, height)
    c.save()


def write_ledger(session: Session, target: str | IO[bytes] | Path) -> None:
    """ledger.pdf: per player a page of years, then one blank page to go on."""
    write_pages(str(target) if isinstance(target, Path) else target, context(session), session.paper)


def build(b: Build) -> None:
    """The kit's ledger.pdf."""
    write_ledger(b.session, b.writer.path("ledger.pdf"))
    b.progress("ledger", 1, 1)
