"""«Великая Стратегическая» data tables drawn from the ruleset: troops, structures, mines, spells, orders."""

# One source for every printed table: a figure printed in one place is the figure printed everywhere.

from __future__ import annotations

from collections.abc import Callable

from ...config.model import Ruleset, Session
from ...labels import label
from ...sheets.tables import Table, fraction, make_table
from .model import VsData


def squads(n: int, advantage: bool) -> str:
    """How a troop's or garrison's strength prints: 3, or 2+ when every squad has the advantage."""
    return f"{n}+" if advantage and n else str(n)


def _vs(rules: Ruleset) -> VsData:
    if not isinstance(rules.part, VsData):
        raise KeyError(f"{rules.id} has no troops")
    return rules.part


def troops(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    ids = [t.id for t in rules.terrains]
    rows = []
    for tr in vs.troops:
        cost: object = tr.cost
        if cost is None:
            cost = label("tb_magic", lang) + (f" {tr.magic_cost}" if tr.magic_cost else "")
        rows.append([tr.name[lang], cost, squads(tr.squads, tr.advantage), tr.upkeep,
                     *(tr.move.get(i, "—") for i in ids)])  # fmt: skip
    headers = [label(k, lang) for k in ("tb_troop", "tb_cost", "tb_squads", "tb_upkeep")]
    headers += [t.short[lang] for t in rules.terrains]
    return make_table(rows, headers, set(range(1, len(headers))))


def _hires(vs: VsData, hires: tuple[str, ...], lang: str) -> str:
    names = []
    for h in hires:
        if h == "heavy":
            names.append(label("tb_heavy", lang))
        else:
            troop = vs.troop(h)
            names.append(f"{troop.name[lang]} ({troop.cost})" if troop else h)
    return ", ".join(names) or label("tb_none", lang)


def structures(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    rows = []
    for s in vs.structures:
        walls = label(f"tb_walls_{s.walls}", lang) if s.walls else "—"
        income = label("tb_land", lang) if s.income == "land" else "—"
        rows.append([s.name[lang], s.level, s.cost, income, squads(s.garrison, s.garrison_advantage), walls,
                     _hires(vs, s.hires, lang)])  # fmt: skip
    headers = [label(k, lang) for k in ("tb_structure", "tb_level", "tb_cost", "tb_income", "tb_garrison", "tb_walls",
                                         "tb_hires")]  # fmt: skip
    return make_table(rows, headers, {1, 2, 4})


def mines(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    with_height = any(m.height is not None for m in vs.mines)
    rows = []
    for m in vs.mines:
        row: list[object] = [m.level, m.name[lang], m.cost]
        if with_height:
            row.append(m.height)
        rows.append([*row, m.income, squads(m.garrison, m.garrison_advantage)])
    headers = [label(k, lang) for k in ("tb_level", "tb_metal", "tb_cost")]
    if with_height:
        headers.append(label("tb_height", lang))
    headers += [label("tb_income", lang), label("tb_garrison", lang)]
    return make_table(rows, headers, set(range(len(headers))) - {1})


def spells(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    default_cost = vs.figures.get("spell_cost")
    rows = []
    for sp in vs.spells:
        cost = sp.cost if sp.cost is not None else default_cost
        rng = sp.range if sp.range is not None else "—"
        rows.append([sp.number, sp.name[lang], vs.schools[sp.school][lang], rng, cost, sp.text[lang]])
    headers = [label(k, lang) for k in ("tb_number", "tb_spell", "tb_school", "tb_range", "tb_cost", "tb_effect")]
    return make_table(rows, headers, {0, 3, 4})


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


def orders(rules: Ruleset, lang: str) -> Table:
    o = _vs(rules).orders
    rows = []
    n = len(o.cycle)
    for i, order in enumerate(o.cycle):
        rows.append([o.names[order][lang], o.names[o.cycle[(i + 1) % n]][lang], o.names[o.cycle[(i - 1) % n]][lang]])
    rows.append([label("tb_same", lang), label("tb_same_text", lang), ""])
    return make_table(rows, [label(k, lang) for k in ("tb_order", "tb_beats", "tb_loses")])


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
