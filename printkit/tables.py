"""Data tables drawn from a ruleset by name, shared by booklets, quick references and tokens."""

# One source for every printed table: a figure printed in one place is the figure printed everywhere.

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .labels import label
from .model import Ruleset, Session
from .vs_model import VsData


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int] = frozenset()  # columns to centre
    caption: str = ""


def _t(rows: list[list[object]], headers: list[str], numeric: set[int] = frozenset(), caption: str = "") -> Table:  # type: ignore[assignment]
    return Table(tuple(headers), tuple(tuple(str(c) for c in row) for row in rows), frozenset(numeric), caption)


def squads(n: int, advantage: bool) -> str:
    """How a troop's or garrison's strength prints: 3, or 2+ when every squad has the advantage."""
    return f"{n}+" if advantage and n else str(n)


def fraction(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


# ---- «Стратегия» ----------------------------------------------------------------------------------


def resources(rules: Ruleset, lang: str, terrain: str) -> Table:
    t = rules.terrain(terrain)
    entries = rules.resources.get(terrain, ())
    rows: list[list[object]] = []
    for n, e in enumerate(entries, start=1):
        if e is None:
            rows.append([n, label("nothing", lang), "", ""])
        else:
            rows.append([n, e.name[lang], label("tb_endless", lang) if e.endless else e.days, e.price])
    if len(entries) < t.slots:
        span = label("tb_nothing_from", lang, lo=len(entries) + 1, hi=t.slots)
        rows.append([span, label("nothing", lang), "", ""])
    headers = [label("tb_number", lang), label("tb_resource", lang), label("tb_days", lang), label("tb_price", lang)]
    return _t(rows, headers, {0, 2, 3}, t.name[lang])


def offers(rules: Ruleset, lang: str, kind: str) -> Table:
    items = rules.town.get(kind, ())
    headers = [label("tb_name", lang), label("tb_price", lang)]
    extra: list[tuple[str, Callable]] = []
    if kind == "hires":
        extra = [(label("tb_points", lang), lambda o: o.points)]
    elif kind == "items":
        extra = [(label("tb_strength", lang), lambda o: o.strength or "—")]
    elif kind == "animals":
        extra = [(label("tb_intellect", lang), lambda o: o.intellect or "—")]
    elif kind == "scrolls":
        extra = [(label("tb_intellect", lang), lambda o: o.intellect),
                 (label("tb_learning", lang), lambda o: o.learn[lang] if o.learn else "")]  # fmt: skip
    headers += [h for h, _ in extra] + [label("tb_effect", lang)]
    rows = []
    for o in items:
        price: object = o.price
        if o.percent is not None:
            price = f"{o.percent} %"
        elif o.times_price is not None:
            price = f"×{o.times_price}"
        rows.append([o.name[lang], price, *(f(o) for _, f in extra), o.text[lang]])
    return _t(rows, headers, set(range(1, 2 + len(extra))) - ({3} if kind == "scrolls" else set()))


def buildings(rules: Ruleset, lang: str) -> Table:
    rows = []
    for b in rules.buildings:
        needs = ", ".join(f"{n[lang]} ({d})" for n, d in b.needs) or "—"
        days = f"{b.days} / {label('cells_n', lang, n=1)}" if b.per_cell else b.days
        rows.append([b.name[lang], days, needs, b.text[lang]])
    headers = [label("tb_name", lang), label("tb_days", lang), label("tb_needs", lang), label("tb_effect", lang)]
    return _t(rows, headers, {1})


def terrain_table(rules: Ruleset, lang: str) -> Table:
    rows = []
    for t in rules.terrains:
        if t.move.fixed is not None:
            cells = label("qr_fixed", lang, n=t.move.fixed)
        elif t.move.base is not None:
            cells = label("qr_plus_speed", lang, n=t.move.base)
        else:
            cells = label("qr_needs", lang)
        bonus = f"+{t.experience}" if t.experience > 0 else ("−" + str(-t.experience) if t.experience < 0 else "0")
        lives = "—" if not t.lives_per_turn else f"−{-t.lives_per_turn}"
        rows.append([t.name[lang], cells, lives, bonus])
    headers = [label(k, lang) for k in ("tb_terrain", "tb_cells", "tb_lives", "tb_bonus")]
    return _t(rows, headers, {2, 3})


def tiers(rules: Ruleset, lang: str) -> Table:
    rows = [[label("qr_from", lang, n=t.start), t.text[lang]] for t in rules.tiers]
    return _t(rows, [label("tb_tier", lang), label("tb_effect", lang)], {0})


# ---- «Великая Стратегическая» ---------------------------------------------------------------------


def _vs(rules: Ruleset) -> VsData:
    if rules.vs is None:
        raise KeyError(f"{rules.id} has no troops")
    return rules.vs


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
    return _t(rows, headers, set(range(1, len(headers))))


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
    return _t(rows, headers, {1, 2, 4})


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
    return _t(rows, headers, set(range(len(headers))) - {1})


def spells(rules: Ruleset, lang: str) -> Table:
    vs = _vs(rules)
    default_cost = vs.figures.get("spell_cost")
    rows = []
    for sp in vs.spells:
        cost = sp.cost if sp.cost is not None else default_cost
        rng = sp.range if sp.range is not None else "—"
        rows.append([sp.number, sp.name[lang], vs.schools[sp.school][lang], rng, cost, sp.text[lang]])
    headers = [label(k, lang) for k in ("tb_number", "tb_spell", "tb_school", "tb_range", "tb_cost", "tb_effect")]
    return _t(rows, headers, {0, 3, 4})


def spell_outcomes(rules: Ruleset, lang: str, spell_id: str) -> Table:
    vs = _vs(rules)
    sp = next(s for s in vs.spells if s.id == spell_id)
    if sp.outcomes:
        rows = [[str(o.low) if o.low == o.high else f"{o.low}–{o.high}", o.text[lang]] for o in sp.outcomes]
        return _t(rows, [label("tb_roll", lang), label("tb_result", lang)], {0}, sp.name[lang])
    if sp.chance is None:
        raise KeyError(f"spell {spell_id} has no outcome table")
    return _t([[fraction(sp.chance), sp.text[lang]]], [label("tb_chance", lang), label("tb_result", lang)], {0},
              sp.name[lang])  # fmt: skip


def orders(rules: Ruleset, lang: str) -> Table:
    o = _vs(rules).orders
    rows = []
    n = len(o.cycle)
    for i, order in enumerate(o.cycle):
        rows.append([o.names[order][lang], o.names[o.cycle[(i + 1) % n]][lang], o.names[o.cycle[(i - 1) % n]][lang]])
    rows.append([label("tb_same", lang), label("tb_same_text", lang), ""])
    return _t(rows, [label(k, lang) for k in ("tb_order", "tb_beats", "tb_loses")])


def escape_table(rules: Ruleset, lang: str) -> Table:
    outcomes = _vs(rules).figures["escape"]
    rows = [[fraction(e["chance"]), e["text"][lang]] for e in outcomes]
    return _t(rows, [label("tb_chance", lang), label("tb_outcome", lang)], {0})


def table(name: str, session: Session) -> Table:
    """A data table by name: resources.forest, items, troops, spell:storm, ..."""
    rules, lang = session.ruleset, session.language
    if name.startswith("resources."):
        return resources(rules, lang, name.split(".", 1)[1])
    if name.startswith("spell:"):
        return spell_outcomes(rules, lang, name.split(":", 1)[1])
    if name in ("hires", "services", "items", "animals", "scrolls", "market"):
        return offers(rules, lang, name)
    simple: dict[str, Callable[[Ruleset, str], Table]] = {
        "buildings": buildings, "terrain": terrain_table, "tiers": tiers, "troops": troops,
        "structures": structures, "mines": mines, "spells": spells, "orders": orders, "escape": escape_table,
    }  # fmt: skip
    if name not in simple:
        raise KeyError(f"unknown table {name!r}")
    return simple[name](rules, lang)
