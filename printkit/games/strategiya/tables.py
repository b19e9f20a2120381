"""«Стратегия» data tables drawn from the ruleset: resources, the town's offers, buildings, terrains, tiers."""

# One source for every printed table: a figure printed in one place is the figure printed everywhere.

from __future__ import annotations

from collections.abc import Callable

from printkit.plugin import Ruleset, Session, label
from printkit.sheets import Table, make_table

from .model import Offer, Rules, rules_of


def resources(rules: Rules, lang: str, terrain: str) -> Table:
    t = rules.terrain(terrain)
    entries = rules.resources.get(terrain, ())
    rows: list[list[object]] = []
    for n, e in enumerate(entries, start=1):
        if e is None:
            rows.append([n, label("nothing", lang), "", "", ""])
        elif e.endless or e.days is None:
            rows.append([n, e.name[lang], label("tb_endless", lang), e.price, "—"])
        else:
            # The price is for every day of work: the haul sells for days × price.
            rows.append([n, e.name[lang], e.days, e.price, e.days * e.price])
    if len(entries) < t.slots:
        span = label("tb_nothing_from", lang, lo=len(entries) + 1, hi=t.slots)
        rows.append([span, label("nothing", lang), "", "", ""])
    headers = [label(k, lang) for k in ("tb_number", "tb_resource", "tb_days", "tb_price_day", "tb_total")]
    return make_table(rows, headers, {0, 2, 3, 4}, t.name[lang])


def offers(rules: Rules, lang: str, kind: str) -> Table:
    items = rules.town.get(kind, ())
    headers = [label("tb_name", lang), label("tb_price", lang)]
    extra: list[tuple[str, Callable[[Offer], object]]] = []
    if kind == "hires":
        extra = [(label("tb_points", lang), lambda o: o.points)]
    elif kind == "items":
        extra = [(label("tb_strength", lang), lambda o: strength_needed(o, lang))]
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
            price = f"+{o.percent} %"  # a fee on top of the price, not a share of it
        elif o.times_price is not None:
            price = f"×{o.times_price}"
        rows.append([o.name[lang], price, *(f(o) for _, f in extra), o.text[lang]])
    return make_table(rows, headers, set(range(1, 2 + len(extra))) - ({3} if kind == "scrolls" else set()))


def strength_needed(o: Offer, lang: str) -> str:
    """An item's strength, and for a pair of it where the rules ask more (two swords: 6)."""
    if not o.strength:
        return "—"
    if o.pair_strength is not None:
        return label("tb_pair_strength", lang, n=o.strength, pair=o.pair_strength)
    return str(o.strength)


def buildings(rules: Rules, lang: str) -> Table:
    rows = []
    for b in rules.buildings:
        needs = ", ".join(f"{n[lang]} ({d})" for n, d in b.needs) or "—"
        days = f"{b.days} / {label('cells_n', lang, n=1)}" if b.per_cell else b.days
        rows.append([b.name[lang], days, needs, b.text[lang]])
    headers = [label("tb_name", lang), label("tb_days", lang), label("tb_needs", lang), label("tb_effect", lang)]
    return make_table(rows, headers, {1})


def terrain_table(rules: Rules, lang: str) -> Table:
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
    return make_table(rows, headers, {2, 3})


def tiers(rules: Rules, lang: str) -> Table:
    rows = [[label("qr_from", lang, n=t.start), t.text[lang]] for t in rules.tiers]
    return make_table(rows, [label("tb_tier", lang), label("tb_effect", lang)], {0})


def heroes_by_players(ruleset: Ruleset, lang: str) -> tuple[list[tuple[int, str]], list[str]]:
    """Heroes each player has, by the number of players, marked where the figure is not the rules'
    own (four players: printkit's), and the footnotes for those marks."""
    rules = rules_of(ruleset)
    h = rules.heroes
    assert h is not None
    rows: list[tuple[int, str]] = []
    marks: list[str] = []
    own = {3: "heroes.three_players" if h.three_players else "", 4: "heroes.four_players" if h.four_players else ""}
    for players in range(max(2, ruleset.players_min), min(4, ruleset.players_max) + 1):
        counts = [h.heroes_of(i, players) for i in range(players)]
        mark = ruleset.provenance.mark(own.get(players) or "heroes.per_player")
        marks.append(mark)
        text = str(counts[0]) if len(set(counts)) == 1 else ", ".join(map(str, counts))
        rows.append((players, text + mark))
    return rows, ruleset.provenance.notes(marks, lang)


def sides(ruleset: Ruleset, lang: str) -> Table:
    """How many heroes each player has, by the number of players."""
    rows, notes = heroes_by_players(ruleset, lang)
    return make_table(rows, [label("tb_players", lang), label("tb_heroes_each", lang)], {0, 1}, notes=notes)


def escape(rules: Rules, lang: str) -> Table:
    """Fleeing a battle, roll by roll: the one statement of the rule that the booklet, the quick
    reference and the referee all print (see escape_words)."""
    b = rules.battle
    assert b is not None
    rows = [[f"{b.escape_from}–{b.die}", escape_words(rules, lang, True)],
            [f"1–{b.escape_from - 1}", escape_words(rules, lang, False)]]  # fmt: skip
    return make_table(rows, [label("tb_escape_roll", lang, die=b.die), label("tb_escape_outcome", lang)], {0})


def escape_words(rules: Rules, lang: str, away: bool) -> str:
    """What a fleeing hero's roll does: got away (drops all they carry, moves off at once), or not."""
    b = rules.battle
    assert b is not None
    return label("rule_escape_away", lang, moves=b.escape_moves) if away else label("rule_escape_caught", lang)


def table(name: str, session: Session) -> Table:
    """A «Стратегия» table by name: resources.forest, items, buildings, terrain, tiers, sides, escape, ..."""
    rules, lang = rules_of(session.ruleset), session.language
    if name.startswith("resources."):
        return resources(rules, lang, name.split(".", 1)[1])
    if name in ("hires", "services", "items", "animals", "scrolls", "market"):
        return offers(rules, lang, name)
    if name == "sides":
        return sides(session.ruleset, lang)
    simple: dict[str, Callable[[Rules, str], Table]] = {
        "buildings": buildings, "terrain": terrain_table, "tiers": tiers, "escape": escape,
    }  # fmt: skip
    if name not in simple:
        raise KeyError(f"unknown table {name!r}")
    return simple[name](rules, lang)
