"""«Великая Стратегическая» data tables drawn from the ruleset: troops, structures, mines, spells, orders."""

# One source for every printed table: a figure printed in one place is the figure printed everywhere.
# A figure the edition's own rules do not give (2025: the garrisons and the magical troops' squads
# taken from 2003; a figure printkit reads where neither edition gives one) carries its mark, and the
# table's notes explain every mark it printed: the booklet and the quick reference print both.

from __future__ import annotations

from collections.abc import Callable

from printkit.plugin import Ruleset, Session, label
from printkit.sheets import Table, fraction, make_table

from .model import VsData

# Figures printkit reads where no edition gives one, each with the words that say how (printed
# under the table beside the mark's footnote).
READINGS = {
    "troops.ghost-ship.squads": "tb_reading_ghost_squads",
    "troops.dragon.move.sea": "tb_reading_dragon_sea",
}
# The marks of those readings' notes, in the order a table first prints them: the figure keeps its
# source's mark (†: the rules give no figure) and the row's name takes one of these, pointing to how
# it was read (issue 42, second review: one † meant both on one page). The bundled fonts print both.
READING_MARKS = ("‡", "¶")


def squads(n: int, advantage: bool) -> str:
    """How a troop's or garrison's strength prints: 3, or 2+ when every squad has the advantage."""
    return f"{n}+" if advantage and n else str(n)


class Marks:
    """The marks a page prints beside figures whose source is not the edition's own rules, and the
    notes that explain the marks it used, in the order first used."""

    def __init__(self, rules: Ruleset, names_marked: bool = False) -> None:
        self.provenance = rules.provenance
        # A printed table marks its rows' names for the readings' notes (READING_MARKS); an answer,
        # which says one troop's figures with their notes right after, keeps the figure's own mark.
        self.names_marked = names_marked
        self.used: list[str] = []
        self.paths: list[str] = []

    def __call__(self, text: object, path: str) -> str:
        """The figure's text with its mark ("2+*"), remembered for the notes."""
        mark = self.provenance.mark(path)
        if mark:
            if mark not in self.used:
                self.used.append(mark)
            self.paths.append(path)
        return f"{text}{mark}"

    def readings(self) -> dict[str, str]:
        """The marked paths that have a note saying how they were read, each with its note's mark."""
        paths = [path for path in dict.fromkeys(self.paths) if path in READINGS]
        if not self.names_marked:
            return {path: self.provenance.mark(path) for path in paths}
        return dict(zip(paths, READING_MARKS, strict=False))

    def named(self, name: str, prefix: str) -> str:
        """A row's name with the marks of the readings of its figures (paths under `prefix`)."""
        if not self.names_marked:
            return name
        return name + "".join(m for path, m in self.readings().items() if path.startswith(prefix + "."))

    def notes(self, lang: str, **names: str) -> list[str]:
        """The footnotes of the marks used ("* from the 2003 edition"), then how printkit read each
        figure it marked as its own reading (`names`: the troop or row each path is about), under
        the mark its row's name carries."""
        out = self.provenance.notes(self.used, lang)
        for path, mark in self.readings().items():
            out.append(label(READINGS[path], lang, mark=mark, name=names.get(path, "")))
        return out


def _vs(rules: Ruleset) -> VsData:
    if not isinstance(rules.part, VsData):
        raise KeyError(f"{rules.id} has no troops")
    return rules.part


def troops(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    ids = [t.id for t in rules.terrains]
    mark = Marks(rules, names_marked=True)
    rows = []
    names: dict[str, str] = {}
    for tr in vs.troops:
        at = f"troops.{tr.id}"
        cost: object = mark(tr.cost, f"{at}.cost")
        if tr.cost is None:
            magic = mark(tr.magic_cost, f"{at}.magic_cost") if tr.magic_cost else ""
            cost = label("tb_magic", lang) + (f" {magic}" if magic else "")
        moves = [mark(tr.move[i], f"{at}.move.{i}") if i in tr.move else "—" for i in ids]
        row = [cost, mark(squads(tr.squads, tr.advantage), f"{at}.squads"), mark(tr.upkeep, f"{at}.upkeep"), *moves]
        rows.append([mark.named(tr.name[lang], at), *row])
        names |= {f"{at}.squads": tr.name[lang], f"{at}.move.sea": tr.name[lang]}
    headers = [label(k, lang) for k in ("tb_troop", "tb_cost", "tb_squads", "tb_upkeep")]
    headers += [t.short[lang] for t in rules.terrains]
    notes = mark.notes(lang, **names)
    dragon = vs.troop("dragon")
    if dragon is not None and dragon.magic_cost and vs.year == 2003:
        notes.append(label("tb_reading_dragon_cost", lang, cost=dragon.magic_cost))
    return make_table(rows, headers, set(range(1, len(headers))), notes=notes)


def hired(vs: VsData, hires: tuple[str, ...], lang: str) -> str:
    """What a building hires, each with its price: the home troops (heavy infantry, foot troops) as
    one group at their own price."""
    names = []
    group = vs.home_troops
    for h in hires:
        if group is not None and h == group.id:
            prices = sorted({t.cost for t in vs.troops if t.home and t.cost is not None})
            price = "–".join(str(p) for p in (prices[0], prices[-1]) if prices) if len(prices) > 1 else str(*prices)
            name = group.name[lang]
            names.append(label("tb_home_troops", lang, name=name[:1].upper() + name[1:], price=price))
        else:
            troop = vs.troop(h)
            names.append(f"{troop.name[lang]} ({troop.cost})" if troop else h)
    return ", ".join(names) or label("tb_none", lang)


def structures(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    mark = Marks(rules)
    rows = []
    for s in vs.structures:
        at = f"structures.{s.id}"
        walls = label(f"tb_walls_{s.walls}", lang) if s.walls else "—"
        income = label("tb_land", lang) if s.income == "land" else "—"
        rows.append([s.name[lang], mark(s.level, f"{at}.level"), mark(s.cost, f"{at}.cost"), income,
                     mark(squads(s.garrison, s.garrison_advantage), f"{at}.garrison"), walls,
                     hired(vs, s.hires, lang)])  # fmt: skip
    headers = [label(k, lang) for k in ("tb_structure", "tb_level", "tb_cost", "tb_income", "tb_garrison", "tb_walls",
                                         "tb_hires")]  # fmt: skip
    notes = [label("tb_walls_note", lang), *mark.notes(lang)]
    return make_table(rows, headers, {1, 2, 4}, notes=notes)


def mines(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    mark = Marks(rules)
    with_height = any(m.height is not None for m in vs.mines)
    rows = []
    for m in vs.mines:
        at = f"mines.{m.level}"
        row: list[object] = [m.level, m.name[lang], mark(m.cost, f"{at}.cost")]
        if with_height:
            row.append(mark(m.height, f"{at}.height"))
        rows.append([*row, mark(m.income, f"{at}.income"), mark(squads(m.garrison, m.garrison_advantage),
                                                                 f"{at}.garrison")])  # fmt: skip
    headers = [label(k, lang) for k in ("tb_level", "tb_metal", "tb_cost")]
    if with_height:
        headers.append(label("tb_height", lang))
    headers += [label("tb_income", lang), label("tb_garrison", lang)]
    notes = mark.notes(lang) + ([label("tb_reading_height", lang)] if with_height else [])
    return make_table(rows, headers, set(range(len(headers))) - {1}, notes=notes)


def spells(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    mark = Marks(rules)
    default_cost = vs.figures.get("spell_cost")
    rows = []
    for sp in vs.spells:
        at = f"spells.{sp.id}"
        cost = mark(sp.cost, f"{at}.cost") if sp.cost is not None else mark(default_cost, "vs.spell_cost")
        rng = mark(sp.range, f"{at}.range") if sp.range is not None else "—"
        rows.append([sp.number, sp.name[lang], vs.schools[sp.school][lang], rng, cost, sp.text[lang]])
    headers = [label(k, lang) for k in ("tb_number", "tb_spell", "tb_school", "tb_range", "tb_cost", "tb_effect")]
    return make_table(rows, headers, {0, 3, 4}, notes=mark.notes(lang))


def spell_outcomes(rules: Ruleset, lang: str, spell_id: str) -> Table:
    vs = _vs(rules)
    sp = next(s for s in vs.spells if s.id == spell_id)
    if sp.outcomes:
        rows = [[str(o.low) if o.low == o.high else f"{o.low}–{o.high}", o.text[lang]] for o in sp.outcomes]
        return make_table(rows, [label("tb_roll", lang), label("tb_result", lang)], {0}, sp.name[lang])
    if sp.chance is None:
        raise KeyError(f"spell {spell_id} has no outcome table")
    return make_table([[fraction(sp.chance), sp.text[lang]]], [label("tb_chance", lang), label("tb_result", lang)], {0},
              sp.name[lang])  # fmt: skip


def same_orders(vs: VsData, lang: str) -> list[str]:
    """What printkit reads where the text leaves equal orders open: the 2025 text says two «+» are
    even; the 2003 text is silent, and printkit takes the 2025 rule (the booklet's order table and
    the quick reference print this one note)."""
    return [label("tb_reading_two_plus", lang)] if vs.year == 2003 else []


def orders(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    o = vs.orders
    rows = []
    n = len(o.cycle)
    for i, order in enumerate(o.cycle):
        rows.append([o.names[order][lang], o.names[o.cycle[(i + 1) % n]][lang], o.names[o.cycle[(i - 1) % n]][lang]])
    rows.append([label("tb_same", lang), label("tb_same_text", lang), ""])
    return make_table(rows, [label(k, lang) for k in ("tb_order", "tb_beats", "tb_loses")],
                      notes=same_orders(vs, lang))  # fmt: skip


def escape_table(rules: Ruleset, lang: str) -> Table:
    outcomes = _vs(rules).figures["escape"]
    rows = [[fraction(e["chance"]), e["text"][lang]] for e in outcomes]
    return make_table(rows, [label("tb_chance", lang), label("tb_outcome", lang)], {0})


def table(name: str, session: Session) -> Table:
    """A VS table by name: troops, structures, mines, spells, spell:storm, orders, escape."""
    rules, lang = session.ruleset, session.language
    if name.startswith("spell:"):
        return spell_outcomes(rules, lang, name.split(":", 1)[1])
    simple: dict[str, Callable[[Ruleset, str], Table]] = {
        "troops": troops, "structures": structures, "mines": mines, "spells": spells, "orders": orders,
        "escape": escape_table,
    }  # fmt: skip
    if name not in simple:
        raise KeyError(f"unknown table {name!r}")
    return simple[name](rules, lang)
