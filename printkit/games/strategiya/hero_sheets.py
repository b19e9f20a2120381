"""Hero sheets of «Стратегия»: every figure of each hero computed, then drawn on the canvas, front and back."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from printkit.plugin import Build, Colour, Session, label, mm, open_canvas, paper_size, player_name
from printkit.render import ASCENT, LEAD, Pen, fonts, hex_colour, page, para, runs_width, wrap_runs
from printkit.sheets import Words, base_context, signed

from . import heroes as H
from .model import Hero, Offer, Party, Rules, in_the_open, rules_of, session_of

BLANK_LIVES = 25  # boxes on a blank card: room for strength up to 8


@dataclass(frozen=True)
class TerrainRow:
    name: str
    colour: str
    cells: str
    flying: str
    lives: str
    experience: str


@dataclass(frozen=True)
class Card:
    """One hero, every figure ready to print ('' where the player fills it in by hand)."""

    marker: str
    name: str
    sex: str
    age: str
    legend: str
    hire: str
    stats: tuple[tuple[str, str], ...]
    total: str
    perks: tuple[str, ...]
    lives_title: str
    lives: tuple[str, ...]  # per box: "" plain, "lost" crossed out, "wounded", "extra" (dashed, blank card)
    experience_boxes: tuple[bool, ...]
    unspent: str
    money: str
    items: str
    animals: str
    spells: str
    terrain: tuple[TerrainRow, ...]
    border: str
    bow: str
    load: str
    usable: tuple[tuple[str, bool], ...] = field(default=())  # per item: what to print, usable now?
    learnable: tuple[tuple[str, bool], ...] = field(default=())
    carried: str = ""  # the days of goods he carries now, in the short box beside money ("": none)


def _perks(rules: Rules, hero: Hero, perks: H.Perks, lang: str) -> tuple[str, ...]:
    """What the hero's total gives, in words: the tiers in force, and a hunter's own gift first (the
    tiers' death-zone figures are not his)."""
    if not rules.tiers:
        return ()
    gift = (label("hs_hunter_gift", lang),) if hero.hire == "hunter" else ()
    return gift + tuple(t.text[lang] for t in perks.tiers) or (label("no_perks", lang, n=rules.tiers[0].start),)


def card(session: Session, hero: Hero | None, marker: str) -> Card:
    """A hero's card; hero=None gives the blank card of a sheet to fill in by hand."""
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    if hero is None:
        return _blank_card(session, marker)
    names = {o.id: o.name[lang] for kind in ("items", "animals", "scrolls") for o in rules.town.get(kind, ())}
    smart = H.intellect(rules, hero)
    idle = {o.id: o.intellect for o in H.idle_animals(rules, hero)}
    top = H.max_lives(rules, hero)
    now = H.current_lives(rules, hero)
    lives = tuple("lost" if n > now else ("wounded" if n <= h.lives.wounded_at else "") for n in range(1, top + 1))
    perks = H.perks(rules, hero)
    rows = []
    for f in H.terrain_figures(rules, hero):
        rows.append(
            TerrainRow(
                f.terrain.short[lang],
                f.terrain.colour,
                label("no_entry", lang) if f.cells is None else str(f.cells),
                "—" if f.flying is None else str(f.flying),
                "—" if not f.lives_per_turn else signed(f.lives_per_turn),
                signed(f.experience),
            )
        )
    per_point = h.experience_per_point
    intellect_text = str(hero.intellect) if smart == hero.intellect else f"{hero.intellect} ({smart})"
    return Card(
        marker=marker,
        name=hero.name or "",
        sex=hero.sex or "",
        age=hero.age or "",
        legend=hero.legend or "",
        hire=label("hired_as", lang, name=names_of(session, "hires")[hero.hire]) if hero.hire else "",
        stats=(
            (label("strength", lang), str(hero.strength)),
            (label("speed", lang), str(hero.speed)),
            (label("intellect", lang), intellect_text),
        ),
        total=str(H.total_potential(hero)),
        perks=_perks(rules, hero, perks, lang),
        lives_title=label("lives_max", lang, n=top),
        lives=lives,
        experience_boxes=tuple(i < hero.experience % per_point for i in range(per_point)),
        unspent=str(hero.potential) if hero.potential else "",
        money=label("sum_money", lang, n=hero.money) if hero.money is not None else "",
        items=", ".join(names.get(i, i) for i in in_the_open(hero.items, hero.hidden)),  # a find is kept in words
        animals=", ".join(
            label("animal_idle", lang, name=names[i], n=idle[i]) if i in idle else names[i]
            for i in in_the_open(hero.animals, hero.hidden)
        ),
        spells=", ".join(names[i] for i in in_the_open(hero.spells, hero.hidden)),
        terrain=tuple(rows),
        border=label("border_value", lang, n=H.border_cells(rules, hero)),
        bow=label("cells_n", lang, n=H.bow_range(rules, hero)),
        load=label("load_value", lang, days=h.load_days_per_cell, n=H.load_recovery(rules, hero)),
        carried=str(hero.load) if hero.load else "",
        usable=tuple(_usable(u, lang) for u in H.usable_items(rules, hero)),
        learnable=tuple(
            (label("can", lang), True) if u.ok else (label("extra_turns", lang, n=u.extra_turns), False)
            for u in H.learnable_scrolls(rules, hero)
        ),
    )


def _usable(u: H.Usable, lang: str) -> tuple[str, bool]:
    if u.ok:
        return label("one_only" if u.pair_short else "can", lang), True
    if u.blocked_by is not None:
        return label("not_with_pair", lang, name=u.blocked_by.name[lang]), False
    if u.excluded_by is not None:
        return label("not_with_weapon" if u.offer.excludes_weapons else "not_with_staff", lang), False
    return needs_strength(u.offer, lang), False


def needs_strength(o: Offer, lang: str) -> str:
    """The strength an item needs, and for two of it where the rules ask more (two swords: 6); the
    staff asks no strength but no other weapon."""
    if o.excludes_weapons and not o.strength:
        return label("no_other_weapon", lang)
    if o.pair_strength is not None:
        return label("needs_pair_strength", lang, n=o.strength, pair=o.pair_strength)
    return label("needs_strength", lang, n=o.strength)


def names_of(session: Session, kind: str) -> dict[str, str]:
    return {o.id: o.name[session.language] for o in rules_of(session.ruleset).town.get(kind, ())}


def _blank_card(session: Session, marker: str) -> Card:
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    lives = tuple(
        "extra" if n > h.lives.base else ("wounded" if n <= h.lives.wounded_at else "")
        for n in range(1, BLANK_LIVES + 1)
    )
    rows = []
    for t in rules.terrains:
        if t.move.fixed is not None:
            cells = str(t.move.fixed)
        elif t.move.base is not None:
            cells = f"{t.move.base} + {label('speed', lang).lower()}"
        else:
            cells = label("no_entry", lang)
        rows.append(
            TerrainRow(
                t.short[lang],
                t.colour,
                cells,
                "",
                "—" if not t.lives_per_turn else signed(t.lives_per_turn),
                f"{signed(t.experience)} + {label('intellect', lang).lower()[:3]}.",
            )
        )
    return Card(
        marker=marker,
        name="",
        sex="",
        age="",
        legend="",
        hire="",
        stats=tuple((label(s, lang), "") for s in ("strength", "speed", "intellect")),
        total="",
        perks=(),
        lives_title=label("lives_blank", lang),
        lives=lives,
        experience_boxes=(False,) * h.experience_per_point,
        unspent="",
        money="",
        items="",
        animals="",
        spells="",
        terrain=tuple(rows),
        border="",
        bow="",
        load="",
        usable=tuple((needs_strength(o, lang), False) for o in rules.town.get("items", ())),
        learnable=tuple((label("needs_intellect", lang, n=o.intellect), False) for o in rules.town.get("scrolls", ())),
    )


def player_context(session: Session, index: int, player: Party, marks: bool = True) -> dict[str, Any]:
    """One player's sheet; marks False: the rings left empty (a blank set beside heroes that already
    go by the player's markers must not hand those markers out again)."""
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    count = len(player.heroes) or h.heroes_of(index, len(session_of(session).parties))
    markers = (player.markers or H.markers_for(rules, index, count, lang)) if marks else ("",) * count
    heroes = player.heroes or (None,) * count
    common = player.common_potential if player.common_potential is not None else h.common_potential
    return {
        "number": index + 1,
        "name": player_name(session, index + 1),
        "markers": " ".join(markers[:count]) if marks else "",
        "count": count,
        "common": common,
        # Hired heroes join after the start (the guild's hires): their own page, so a player's starting
        # heroes keep theirs however many are hired.
        "cards": [card(session, hero, markers[i]) for i, hero in enumerate(heroes) if hero is None or not hero.hire],
        "hired": [card(session, hero, markers[i]) for i, hero in enumerate(heroes) if hero is not None and hero.hire],
        "readings": readings(rules, [h for h in heroes if h is not None], lang),
        "market": _bought_in_secret(rules, heroes, lang),
    }


def _bought_in_secret(rules: Rules, heroes: tuple[Hero | None, ...] | list[Hero | None], lang: str) -> list[str]:
    """«Услуги» 2): what each hero bought on the black market, for the back page's lines (an
    evening's sheets; a config's heroes bought nothing in secret)."""
    offers = {o.id: o for kind in ("items", "animals", "scrolls") for o in rules.town.get(kind, ())}
    out = []
    for h in (h for h in heroes if h is not None):
        for i in h.hidden:
            offer = offers.get(i)
            # the line's columns: hero · what was bought in secret · its price with the market's quarter
            paid = label("sum_money", lang, n=offer.price + -(-offer.price // 4)) if offer and offer.price else ""
            out.append(" · ".join(w for w in (h.name or "", offer.name[lang] if offer else i, paid) if w))
    return out


def readings(rules: Rules, heroes: list[Hero], lang: str) -> list[str]:
    """The kit's readings the cards print as figures, said in words under them: the border crossing
    on every sheet, the horse in the death zone and a hunter's gift with the tiers where a hero has them."""
    out = [label("hs_reading_border", lang)]
    if any(o.move_bonus for h in heroes for o in H.in_use(rules, h)):
        out.append(label("hs_reading_horse", lang))
    if any(h.hire == "hunter" and H.perks(rules, h, hunter_tiers=True).deathzone_move for h in heroes):
        out.append(label("hs_reading_hunter", lang))
    if any(h.hire != "hunter" and H.carried(rules, H.total_potential(h)) for h in heroes):
        out.append(label("hs_reading_tiers", lang))
    return out


def count_mark(session: Session) -> str:
    """The mark of the heroes-per-player figure of this table where it is not the rules' own (four
    players: printkit's), else ""."""
    rules, players = rules_of(session.ruleset), len(session_of(session).parties)
    h = rules.heroes
    assert h is not None
    path = {3: "heroes.three_players" if h.three_players else "", 4: "heroes.four_players" if h.four_players else ""}
    return session.ruleset.provenance.mark(path.get(players) or "heroes.per_player")


def context(session: Session, marks: bool = True) -> dict[str, Any]:
    """Everything the hero sheets print (write_pages draws it); marks False: no marker in any ring."""
    return {
        **_shared(session),
        "players": [player_context(session, i, p, marks) for i, p in enumerate(session_of(session).parties)],
        "count_mark": count_mark(session),
        "notes": session.ruleset.provenance.notes([count_mark(session)], session.language),
    }


def _shared(session: Session) -> dict[str, Any]:
    """What every hero sheet prints whoever its heroes are: the rules under the cards, the tables' rows."""
    rules, lang = rules_of(session.ruleset), session.language
    h = rules.heroes
    assert h is not None
    return {
        **base_context(session),
        "wounded_rule": label(
            "wounded_rule",
            lang,
            at=h.lives.wounded_at,
            turns=h.lives.wounded_turns,
            slow=h.lives.slow_at,
            still=h.lives.immobile_at,
        ),
        "experience_rule": label("experience_track", lang, n=h.experience_per_point),
        "item_names": [o.name[lang] for o in rules.town.get("items", ())],
        "scroll_names": [o.name[lang] for o in rules.town.get("scrolls", ())],
    }


# ---- drawing: per player a front with every hero card and a back ----------------------------------

SANS, BOLD, ITALIC = fonts.SANS, fonts.SANS_BOLD, fonts.FONTS["sans-italic"][0]
# Every word prints black (issue 42): a black-and-white laser halftones grey and red type into dots,
# which small type does not survive; names and values differ by weight and size instead. Greys are
# for lines and boxes only.
BODY = 7.6  # pt: the sheets' body text (was 7.4, and 6.6 in the terrain table's head)
SMALL = 7.0  # pt: the terrain table's head and the footnotes
BLACK = hex_colour("#111111")  # the ink of every printkit document
INK, FRAME = hex_colour("#333333"), hex_colour("#444444")
FAINT, PALE, HAIR = hex_colour("#999999"), hex_colour("#aaaaaa"), hex_colour("#dddddd")
KEY = BLACK  # a field's name beside its value
WRITE = mm(6.0)  # between lines to write on in pencil: 6 mm and more (they were 4.1 mm apart)
NBSP = "\u00a0"
RED, PINK = hex_colour("#b71c1c"), hex_colour("#fbe9e7")
SIDE, TOP, BOTTOM = mm(10.1), mm(10.1), mm(9.1)  # page margins, well clear of the printer's 6 mm
BOX = mm(2.6) + 0.6  # lives, experience and potential boxes: 2.6 mm inside a 0.6 pt border
BOX_STEP, BOX_ROW = BOX + 0.6 + mm(0.4), mm(3.5)
BACK_ROWS = (22, 6)  # writing lines on the back: black market, then contracts
WHAT = "hero sheets"  # the document's name in errors
Cell = tuple[str, str, Colour]  # a table cell: text, font, colour


def width_of(text: str, font: str = SANS, size: float = BODY) -> float:
    return runs_width([(text, font, size, BLACK)])


def head(pen: Pen, x: float, top: float, width: float, left: str, right: str) -> float:
    """The 13 pt line over each page: the game's title left, the sheet and player right."""
    size, gap = 13.0, mm(4)
    lw, rw = width_of(left, BOLD, size), width_of(right, BOLD, size)
    if lw + rw + gap > width:  # both wrap, each in a share as long as it is (a third at least)
        rw = (width - gap) * min(max(rw / (lw + rw), 1 / 3), 2 / 3)
    low = para(pen, x, top, [(left, BOLD, size, BLACK)], width - gap - rw)
    low = min(low, para(pen, x + width - rw, top, [(right, BOLD, size, BLACK)], rw, "right"))
    return low - mm(1)


def boxes(pen: Pen, x: float, top: float, width: float, states: Sequence[str]) -> float:
    """Rows of little squares: plain, "wounded", "lost" (crossed out), "extra" or "spare" (dashed), "filled"."""
    per_row = max(1, int((width + BOX_STEP - BOX) // BOX_STEP))
    for i, state in enumerate(states):
        bx, by = x + (i % per_row) * BOX_STEP, top - (i // per_row) * BOX_ROW - BOX - mm(0.1)
        if state == "wounded":
            pen.box(bx, by, BOX, BOX, RED, 1.0, fill=PINK)
        elif state in ("extra", "spare"):
            pen.box(bx, by, BOX, BOX, PALE if state == "extra" else FAINT, dashed=True)
        else:
            pen.box(bx, by, BOX, BOX, INK, fill=INK if state == "filled" else None)
        if state == "lost":  # struck through, top left to bottom right, as a player crosses a life out
            pen.rule(bx, by + BOX, bx + BOX, by, INK, 0.7)
    return top - (len(states) + per_row - 1) // per_row * BOX_ROW


def columns(natural: list[float], width: float, least: Sequence[float] = ()) -> list[float]:
    """Column widths as an automatic table sets them: each at least as wide as its widest word
    (`least`, none given: nothing), the rest of the width shared in proportion to its widest text."""
    least = list(least) or [0.0] * len(natural)
    spare = width - sum(least)
    extra = [max(n - f, 0.0) for n, f in zip(natural, least, strict=True)]
    if spare <= 0 or not sum(extra):
        return [w * width / sum(natural) for w in natural]
    share = min(1.0, spare / sum(extra))
    grown = [f + e * share for f, e in zip(least, extra, strict=True)]
    return [w * width / sum(grown) for w in grown]


def words_kept(text: str) -> str:
    """A cell's text with each number bound to the word before it ("strength 5", "+3 t."): a line
    never breaks between them."""
    text = re.sub(r"(?<=\S) (?=[+−-]?\d)", NBSP, text)
    return re.sub(r"(?<=\d) (?=\S{1,3}$)", NBSP, text)


def widest_word(rows: list[list[Cell]], size: float, extra: float) -> list[float]:
    """Each column's widest unbreakable piece of text (no-break spaces hold), padded."""
    return [max(width_of(word, row[c][1], size) for row in rows for word in row[c][0].split(" ") or [""]) + extra
            for c in range(len(rows[0]))]  # fmt: skip


def table(
    pen: Pen,
    x: float,
    top: float,
    widths: list[float],
    rows: list[list[Cell]],
    head_size: float,
    head_rule: tuple[Colour, float],
    pad: tuple[float, float],
    swatches: Sequence[str] = (),
) -> float:
    """A table whose first row is its header: first column left, the others centred, a hairline
    under every row; `swatches` are colours to put before the first column's texts."""
    swatch = mm(2.4) if swatches else 0.0
    for r, row in enumerate(rows):
        size = head_size if r == 0 else BODY
        cells = []
        for c, (text, font, colour) in enumerate(row):
            room = widths[c] - 2 * pad[1] - (swatch + mm(1) if c == 0 and r > 0 and swatches else 0)
            cells.append(wrap_runs([(text, font, size, colour)], room))
        height = max(1, *map(len, cells)) * LEAD * size + 2 * pad[0]
        cx = x
        for c, lines in enumerate(cells):
            inner = cx + pad[1]
            if c == 0 and r > 0 and swatches:
                base = top - pad[0] - ASCENT * size
                pen.box(inner, base - 0.4, swatch, swatch, INK, 0.3, fill=hex_colour(swatches[r - 1]))
                inner += swatch + mm(1)
            for i, line in enumerate(lines):
                base = top - pad[0] - ASCENT * size - i * LEAD * size
                centre = cx + widths[c] / 2 - runs_width(line) / 2
                pen.runs(inner if c == 0 else centre, base, line)
            cx += widths[c]
        top -= height
        colour, weight = head_rule if r == 0 else (HAIR, 0.3)
        pen.rule(x, top, x + sum(widths), top, colour, weight)
    return top


def natural(rows: list[list[Cell]], sizes: Sequence[float], extra: float = 0.0) -> list[float]:
    """Each column's widest text (first row at sizes[0], the rest at sizes[1]), padded."""
    return [max(width_of(row[c][0], row[c][1], sizes[min(r, 1)]) for r, row in enumerate(rows)) + extra
            for c in range(len(rows[0]))]  # fmt: skip


def title_row(pen: Pen, card: Card, t: Words, x: float, top: float, width: float) -> float:
    """Marker in a ring, the name (and how the hero was hired), sex and age on the right."""
    ring = mm(6.5)
    cy = top - ring / 2 - 0.6
    base = cy - 3.5  # the cap height of 10 pt bold, centred in the ring
    if pen.c is not None:
        pen.c.setStrokeColorRGB(0.07, 0.07, 0.07)
        pen.c.setLineWidth(1.2)
        pen.c.circle(x + ring / 2 + 0.6, cy, ring / 2)
    size = min(10.0, 10.0 * (ring - mm(1.2)) / max(width_of(card.marker, BOLD, 10), 1e-6))
    pen.text(x + ring / 2 + 0.6, cy - 0.35 * size, card.marker, BOLD, max(size, 6.0), BLACK, "center")
    # The value centred on its line and a clear gap before the next label: right-aligned, a written
    # "м" ran into «Возраст» (issue 42, second review).
    fills = [(f"{t.sex}: ", card.sex), (f"{t.age}: ", card.age)]
    spans = [(width_of(k) + (mm(3) if i else 0.0), max(mm(7), width_of(v) + mm(2))) for i, (k, v) in enumerate(fills)]
    stacked = sum(a + b for a, b in spans) > width * 0.45  # long sex or age: one above the other
    lines = [[0, 1]] if not stacked else [[0], [1]]
    right = max(sum(spans[i][0] + spans[i][1] for i in ln) for ln in lines)
    name = [(card.name, BOLD, 11.0, BLACK)] + ([(" " + card.hire, SANS, SMALL, BLACK)] if card.hire else [])
    low = base
    for i, line in enumerate(wrap_runs(name, width - mm(8) - right - mm(1))):
        pen.runs(x + mm(8), base - i * LEAD * 11, line)
        low = base - i * LEAD * 11
    for i, ln in enumerate(lines):
        sx = x + width - sum(spans[j][0] + spans[j][1] for j in ln)
        y = base - i * LEAD * BODY
        for j in ln:
            (key, value), (kw, fw) = fills[j], spans[j]
            pen.text(sx + (mm(3) if j else 0.0), y, key, SANS, BODY, BLACK)  # the gap is in kw
            pen.rule(sx + kw, y - 1.5, sx + kw + fw, y - 1.5, FAINT, 0.5)
            pen.text(sx + kw + fw / 2, y, value, SANS, BODY, BLACK, "center")
            sx += kw + fw
        low = min(low, y)
    return min(cy - ring / 2 - 0.6, low - 0.276 * 11) - mm(1.0)


def stats_row(pen: Pen, card: Card, t: Words, x: float, top: float, width: float) -> float:
    """Strength, speed, intellect, total and unspent: grey names, big bold figures on lines."""
    cells = [*card.stats, (t.total_potential, card.total), (t.unspent, card.unspent)]
    spans = [(width_of(k + " "), max(mm(4), width_of(v, BOLD, 10.5))) for k, v in cells]
    gap = max(mm(1.5), (width - sum(a + b for a, b in spans)) / len(cells))
    base = top - mm(0.4) - ASCENT * 10.5
    cx = x
    for (key, value), (kw, vw) in zip(cells, spans, strict=True):
        pen.text(cx, base, key + " ", SANS, BODY, KEY)
        pen.rule(cx + kw, base - 2.2, cx + kw + vw, base - 2.2, FAINT, 0.5)
        pen.text(cx + kw + vw / 2, base, value, BOLD, 10.5, BLACK, "center")
        cx += kw + vw + gap
    return top - LEAD * 10.5 - mm(0.8)


def fields(pen: Pen, card: Card, t: Words, x: float, top: float, width: float) -> float:
    """Money and load, then lines for items, animals, spells and skipped turns, WRITE apart: a
    printed value sits on its line, and a long one takes as many lines as it needs."""
    keys = [t.money, t["items"], t.animals, t.spells, t.skipped_turns]
    kw = max(mm(17), max(map(width_of, keys)) + mm(1))
    load_w, short = max(mm(22), width_of(t.load) + mm(1)), mm(12)
    for key, value in zip(keys, (card.money, card.items, card.animals, card.spells, ""), strict=True):
        room = width - kw - (load_w + short if key == t.money else 0)
        lines = wrap_runs([(value, SANS, BODY, BLACK)], room) or [[]]
        for i, line in enumerate(lines):
            top -= WRITE
            base = top + mm(1.2)  # the words on the line, their descenders clear of it
            if i == 0:
                pen.text(x, base, key, SANS, BODY, KEY)
            pen.runs(x + kw, base, line)
            pen.rule(x + kw, top, x + kw + room, top, FAINT, 0.5)
            if key == t.money and i == 0:
                pen.text(x + width - load_w - short + mm(0.5), base, t.load, SANS, BODY, KEY)
                pen.text(x + width - short / 2, base, card.carried, SANS, BODY, BLACK, "center")
                pen.rule(x + width - short, top, x + width, top, FAINT, 0.5)
    return top


def card_block(pen: Pen, card: Card, t: Words, experience_rule: str, x: float, top: float, width: float) -> float:
    """One hero's card from its top; returns its bottom."""
    y = title_row(pen, card, t, x, top, width)
    y = para(pen, x, y, [(f"{t.legend}: {card.legend}", ITALIC, BODY, BLACK)], width) - mm(0.6)
    y = stats_row(pen, card, t, x, y, width)
    if card.perks:
        y = para(
            pen, x, y - mm(0.5), [(f"{t.perks}: ", SANS, BODY, KEY), ("; ".join(card.perks), SANS, BODY, BLACK)], width
        )
        y -= mm(0.8)
    y = para(pen, x, y, [(card.lives_title, SANS, BODY, KEY)], width) - mm(0.2)
    y = boxes(pen, x, y, width, card.lives) - mm(0.6)
    y = para(pen, x, y, [(experience_rule, SANS, BODY, KEY)], width) - mm(0.2)
    y = boxes(pen, x, y, width, ["filled" if f else "" for f in card.experience_boxes]) - mm(0.4)
    header = [t.terrain, t.cells_per_turn, t.flying, t.lives_per_turn, t.experience_per_test]
    rows = [[(h, SANS, KEY) for h in header]]
    rows += [[(v, SANS, BLACK) for v in (r.name, r.cells, r.flying, r.lives, r.experience)] for r in card.terrain]
    widths = natural(rows, (SMALL, BODY), mm(1.2))
    widths[0] += mm(3.4)  # the swatch before each terrain's name
    y = table(pen, x, y, columns(widths, width), rows, SMALL, (FAINT, 0.5), (mm(0.22), mm(0.6)),
              [r.colour for r in card.terrain]) - mm(0.6)  # fmt: skip
    for facts in (
        [(t.border_rule + ": ", KEY), (card.border or "____", BLACK), (" · ", BLACK), (t.bow_range + ": ", KEY),
         (card.bow or "____", BLACK)],
        [(t.load_rule + ": ", KEY), (card.load or "____", BLACK)],
    ):  # fmt: skip
        y = para(pen, x, y, [(text, SANS, BODY, colour) for text, colour in facts], width) - mm(0.3)
    return fields(pen, card, t, x, y, width)


def who_can_rows(title: str, names: list[str], cards: list[Card], scrolls: bool) -> list[list[Cell]]:
    """The table of items each hero is strong enough to carry, or of scrolls each is clever enough
    to learn: yes in bold, a condition in the text's own weight, black either way (never a grey)."""
    rows = [[(title, BOLD, BLACK)] + [(c.marker, BOLD, BLACK) for c in cards]]
    for i, name in enumerate(names):
        marks = [(c.learnable if scrolls else c.usable)[i] for c in cards]
        rows.append([(name, SANS, BLACK)] + [(words_kept(text), BOLD if ok else SANS, BLACK) for text, ok in marks])
    return rows


def who_can(pen: Pen, rows: list[list[Cell]], x: float, top: float, width: float) -> float:
    """A who-can table (who_can_rows) in `width`, each column as wide as its widest word at least."""
    widths = columns(natural(rows, (BODY, BODY), mm(1.2)), width, widest_word(rows, BODY, mm(1.4)))
    return table(pen, x, top, widths, rows, BODY, (INK, 0.6), (mm(0.28), mm(0.6)))


def front(pen: Pen, ctx: dict[str, Any], player: dict[str, Any], width: float, height: float) -> float:
    """A player's front page; returns how low it reaches."""
    t: Words = ctx["t"]
    inner = width - 2 * SIDE
    heading = label("hero_hired", ctx["lang"]) if player.get("hired_page") else t.hero_sheets
    right = label("hs_hires_blank", ctx["lang"]) if player.get("hires_blank") else f"{heading} · {player['name']}"
    y = head(pen, SIDE, height - TOP, inner, ctx["title"], right)
    # A hire's common potential is his player's: the blank page for hires has no boxes for it.
    potential = [] if player.get("hires_blank") else ["" for _ in range(player["common"])] + ["spare", "spare"]
    room = width_of(f"{t.common_potential}: ", size=8.5) + len(potential) * BOX_STEP if potential else 0.0
    if player.get("hires_blank"):  # no owner yet: his name is written in, and what he was hired as
        sub = [(f"{label('hs_player', ctx['lang'])}: ____________________", SANS, 8.5, BLACK)]
    elif player["markers"]:
        sub = [(f"{t.markers_on_map}: ", SANS, 8.5, BLACK), (player["markers"], BOLD, 8.5, BLACK)]
    else:
        sub = [(f"{t.markers_on_map}: ", SANS, 8.5, BLACK), (label("hs_markers_free", ctx["lang"]), SANS, 8.5, BLACK)]
    if ctx["count_mark"]:  # a hero count the rules do not give: said, with its mark (footnote below)
        sub += [
            (f" · {t.heroes_count}: ", SANS, 8.5, BLACK),
            (f"{player['count']}{ctx['count_mark']}", BOLD, 8.5, BLACK),
        ]
    low = para(pen, SIDE, y, sub, inner - room - mm(3))
    base = y - ASCENT * 8.5
    if potential:
        pen.text(width - SIDE - len(potential) * BOX_STEP, base, f"{t.common_potential}: ", SANS, 8.5, BLACK, "right")
        boxes(pen, width - SIDE - len(potential) * BOX_STEP + mm(0.4), base + BOX + mm(0.5), inner, potential)
    y = min(low, y - LEAD * 8.5) - mm(2)
    half = inner / 2
    cards: list[Card] = player["cards"]
    for row in range(0, len(cards), 2):
        pair = cards[row : row + 2]
        tall = max(y - card_block(Pen(None, WHAT), c, t, ctx["experience_rule"], 0, y - mm(1.2), half - mm(3.6))
                   for c in pair) + mm(2.4)  # fmt: skip
        for i, card in enumerate(pair):
            card_block(pen, card, t, ctx["experience_rule"], SIDE + i * half + mm(1.8), y - mm(1.2), half - mm(3.6))
            pen.box(SIDE + i * half, y - tall, half, tall, FRAME, 0.8)
        y -= tall
    y = para(pen, SIDE, y - mm(1.4), [(ctx["wounded_rule"], BOLD, BODY, BLACK)], inner) - mm(0.8)
    # The two tables share the line as their texts need it (the items' conditions are the longer),
    # neither under two fifths of it. The hires' blank page has none: every column would be the same
    # conditions, which the quick reference lists once.
    if not player.get("hires_blank"):
        tables = [who_can_rows(t.usable_items, ctx["item_names"], cards, False),
                  who_can_rows(t.learnable_scrolls, ctx["scroll_names"], cards, True)]  # fmt: skip
        need = [sum(natural(rows, (BODY, BODY), mm(1.2))) for rows in tables]
        left = min(max(need[0] / sum(need), 0.4), 0.6) * (inner - mm(4))
        items = who_can(pen, tables[0], SIDE, y, left)
        scrolls = who_can(pen, tables[1], SIDE + left + mm(4), y, inner - mm(4) - left)
        y = min(items, scrolls)
    for note in [*player.get("notes", ()), *ctx["notes"]]:
        y = para(pen, SIDE, y - mm(1), [(note, SANS, SMALL, BLACK)], inner)
    return y


def back(pen: Pen, ctx: dict[str, Any], player: dict[str, Any], width: float, height: float) -> float:
    """A player's back page: lines for black-market buys and contracts, never shown to rivals."""
    t: Words = ctx["t"]
    inner = width - 2 * SIDE
    y = head(pen, SIDE, height - TOP, inner, ctx["title"], f"{t.hero_back} · {player['name']}") - mm(1)
    y = para(pen, SIDE, y, [(t.hero_back_note, BOLD, BODY, BLACK)], inner) - mm(1)
    # The readings the front's figures take (a crossing, a hunter, a tier above its range): the
    # front is full of cards and lines to write on, so they are said here, above the lines.
    for note in player["readings"]:
        y = para(pen, SIDE, y - mm(1), [(note, SANS, SMALL, BLACK)], inner)
    y -= mm(3)
    # The contracts keep their rows; the black market takes what the page has left (Letter is shorter).
    contracts = BACK_ROWS[1]
    room = y - BOTTOM - 2 * (LEAD * BODY + mm(1) + mm(6)) - contracts * mm(8)
    market = max(4, min(BACK_ROWS[0], int(room // mm(8))))
    bought = list(player.get("market") or ())
    for title, count, written in zip((t.black_market_col, t.contracts_col), (market, contracts), (bought, []),
                                     strict=True):  # fmt: skip
        y = para(pen, SIDE, y, [(title, BOLD, BODY, BLACK)], inner) - mm(1)
        pen.rule(SIDE, y, width - SIDE, y, INK, 0.8)
        for row in range(count):
            y -= mm(8)
            if row < len(written):  # an evening's secret buys, each on its line
                pen.text(SIDE + mm(1), y + mm(1.5), written[row], SANS, BODY, BLACK)
            pen.rule(SIDE, y, width - SIDE, y, PALE, 0.5)
        y -= mm(6)
    return y + mm(6)


HIRED_PAGE = 4  # hired heroes' cards a page, as many as a player starts with


def write_pages(target: str | IO[bytes], ctx: dict[str, Any], paper: str) -> None:
    """hero-sheets.pdf from the hero sheets' context: a front and a back page per player."""
    t: Words = ctx["t"]
    width, height = paper_size(paper)
    c = open_canvas(target, paper, f"{ctx['title']} — {t.hero_sheets}", t.hero_sheets)
    for player in ctx["players"]:
        overflow = (f"hero sheet of {player['name']} does not fit on one page; shorten legends or names, "
                    "or use fewer heroes per player")  # fmt: skip
        page(c, WHAT, BOTTOM, overflow, front, ctx, player, width, height)
        for row in range(0, len(player["hired"]), HIRED_PAGE):
            hired = {**player, "cards": player["hired"][row : row + HIRED_PAGE], "hired_page": True}
            page(c, WHAT, BOTTOM, overflow, front, ctx, hired, width, height)
        page(c, WHAT, BOTTOM, "hero sheets ran over their pages; shorten legends or names", back, ctx, player, width,
             height)  # fmt: skip
    c.save()


def write_hero_sheets(session: Session, target: str | IO[bytes] | Path) -> None:
    """hero-sheets.pdf: per player a front page with every hero and a back page for secrets."""
    write_pages(str(target) if isinstance(target, Path) else target, context(session), session.paper)


def build(b: Build) -> None:
    """The kit's hero-sheets.pdf."""
    write_hero_sheets(b.session, b.writer.path("hero-sheets.pdf"))
    b.progress("hero-sheets", 1, 1)


def hires_context(session: Session) -> dict[str, Any]:
    """The blank page for heroes hired in town («Гильдия убийц»): four cards with no owner, no marker
    and no hire kind printed (all written in at the table: whoever hires, whatever he hires), and
    what each hire brings said under them."""
    rules, lang = rules_of(session.ruleset), session.language
    hires = rules.town.get("hires", ())
    kinds = " / ".join(o.name[lang].lower() for o in hires)
    # The name on a line to write on (a blank card's name is left to the ring's side, where the kind
    # of hire stands here).
    blank = dataclasses.replace(_blank_card(session, ""), name="_" * 9, hire=label("hs_hire_kinds", lang, kinds=kinds))
    points = ", ".join(label("hs_hire_points", lang, name=o.name[lang].lower(), n=o.points or 0) for o in hires)
    notes = [label("hs_hires_note", lang, points=points)]
    if any(o.id == "hunter" for o in hires):
        notes.append(label("hs_reading_hunter", lang))
    page = {"name": "", "markers": "", "count": HIRED_PAGE, "common": 0, "cards": [blank] * HIRED_PAGE,
            "hired": [], "readings": [], "hires_blank": True, "notes": notes}  # fmt: skip
    return {**_shared(session), "players": [page], "count_mark": "", "notes": []}


def write_hires_blank(session: Session, target: str | IO[bytes] | Path) -> None:
    """The blank hire page: one front of four ownerless cards (printed as many times as heroes are hired)."""
    ctx = hires_context(session)
    t: Words = ctx["t"]
    width, height = paper_size(session.paper)
    c = open_canvas(str(target) if isinstance(target, Path) else target, session.paper,
                    f"{ctx['title']} — {label('hs_hires_blank', session.language)}", t.hero_sheets)  # fmt: skip
    page(c, WHAT, BOTTOM, "the blank hire page does not fit on one page", front, ctx, ctx["players"][0], width, height)
    c.save()


def build_hires_blank(b: Build) -> None:
    """hero-sheets-hired-blank.pdf: blank cards for heroes hired in town, with no owner's marks."""
    write_hires_blank(b.session, b.writer.path("hero-sheets-hired-blank.pdf"))
    b.progress("hero-sheets-hired-blank", 1, 1)


def blank_session(session: Session) -> Session:
    """The session with every player's heroes left out: the cards players fill in at the table."""
    part = session_of(session)
    parties = tuple(dataclasses.replace(p, heroes=()) for p in part.parties)
    return dataclasses.replace(session, part=dataclasses.replace(part, parties=parties))


def build_blank(b: Build) -> None:
    """hero-sheets-blank.pdf: the same sheets with blank cards, for heroes made or hired at the table
    (a kit whose config names no hero has only blank cards in hero-sheets.pdf and does not add it)."""
    # The config's heroes go by the players' markers already: these cards leave their rings empty.
    write_pages(str(b.writer.path("hero-sheets-blank.pdf")), context(blank_session(b.session), marks=False),
                b.session.paper)  # fmt: skip
    b.progress("hero-sheets-blank", 1, 1)
