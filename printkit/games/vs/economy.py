"""The VS treasury: income and upkeep, the cap, prices, the tax, prizes, rebellions, escapes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil, comb

from printkit.plugin import Ruleset, did_you_mean, forgiving_match

from .ground import BUILDINGS
from .model import Mine, Structure, Troop, VsData, vs_map
from .words import Refusal, hint, listed


def year_of(vs: VsData) -> int:
    return vs.year


# ---- income and the treasury ---------------------------------------------------------------------


@dataclass(frozen=True)
class Holdings:
    """What a side owns, as the yearly reckoning needs it."""

    lands: tuple[tuple[str, int], ...] = ()  # lands with the side's lord house: (name, income)
    mines: tuple[int, ...] = ()  # levels of its mines
    troops: tuple[str, ...] = ()  # troop ids, the personal troop among them
    personal: str | None = None  # the personal troop's id (needs no upkeep, but see 2003 commanders)
    fortresses: int = 0
    bridges: int = 0  # 2003
    commander: bool = False  # a player without lands (2003: his cap and his personal troop's upkeep)
    cash: int = 0
    personal_from: str | None = None  # how the personal troop was chosen (PERSONAL_FROM), None: given
    cash_from_start: bool = False  # no cash was given: the cash a player of his kind enters with (start_cash)


@dataclass(frozen=True)
class Income:
    lands: int
    mines: int
    upkeep: list[tuple[str, int]]  # (troop id or 'bridge', coins)
    cap: int
    cash_kept: int  # cash left after the excess over the cap is taken away
    cash_after: int  # then income minus upkeep (and, read so, the excess over the cap taken again)
    year: int
    taken_after: int = 0  # 2003: taken again at the start of the turn, once the income is paid (§2.3)

    @property
    def gross(self) -> int:
        return self.lands + self.mines

    @property
    def net(self) -> int:
        return self.gross - sum(c for _, c in self.upkeep)


def treasury_cap(vs: VsData, fortresses: int, commander: bool = False) -> int:
    """The most coins a player may keep: the edition's treasury plus 10 a fortress."""
    t = vs.figures["treasury"]
    base = t.get("base") or (t["commander"] if commander else t["ruler"])
    return int(base) + int(t["per_fortress"]) * fortresses


def start_cash(vs: VsData, commander: bool) -> int | None:
    """The cash a player enters the game with: 2003 §3.6 a ruler 50, a commander 15; 2025 §3.5 the
    standard start's 50 for a ruler (a commander's is not given: None)."""
    start = vs.figures.get("start") or {}
    if year_of(vs) == 2003:
        return int(start["commander_money"] if commander else start["ruler_money"])
    return None if commander else int(start.get("default_cash") or 0) or None


def income(vs: VsData, h: Holdings, cap_before_income: bool = False) -> Income:
    """One year's reckoning: the excess over the cap is taken, then lands and mines pay and the
    troops are kept (the personal troop free, but a 2003 commander pays 1 coin for it).

    2003 §2.3 holds the cash to the cap at the start of one's turn, so what the income brings over
    it is taken as well (the literal reading); `cap_before_income`, the other reading, checks the
    cap only when the excess is taken before the income is paid (§2.1)."""
    year = year_of(vs)
    mine_income = {m.level: m.income for m in vs.mines}
    for level in h.mines:
        if level not in mine_income:
            raise Refusal("ec_bad_mine", level=level)
    upkeep: list[tuple[str, int]] = []
    personal_left = personal_id(vs, h)
    for tid in h.troops:
        troop = _troop(vs, tid)
        if personal_left is not None and troop.id == personal_left:
            personal_left = None
            fee = int(vs.figures.get("commander_upkeep") or 0) if h.commander and year == 2003 else 0
            upkeep.append((f"{troop.id}*", fee))
            continue
        upkeep.append((troop.id, troop.upkeep))
    if h.bridges:
        upkeep.append(("bridge", int(vs.figures["bridge"]["upkeep"]) * h.bridges))
    cap = treasury_cap(vs, h.fortresses, h.commander)
    kept = min(h.cash, cap)
    lands = sum(i for _, i in h.lands)
    mines = sum(mine_income[lv] for lv in h.mines)
    result = Income(lands, mines, upkeep, cap, kept, 0, year)
    after = kept + result.net
    taken = max(0, after - cap) if year == 2003 and not cap_before_income else 0
    return Income(lands, mines, upkeep, cap, kept, after - taken, year, taken)


# A troop as battle and prize take it: NAME, NAME:N (N squads), NAME+ (mithril), NAME@PLACE.
_TROOP_WORD = re.compile(r"^(?P<name>[^@:+]+?)(?::(?P<count>[1-9][0-9]{0,2}))?(?P<plus>\+)?(?:@(?P<place>[^@]+))?$")


@dataclass(frozen=True)
class TroopWords:
    """The troops of an income question, read from words like battle's ("zombie:4 knights+@personal")."""

    ids: tuple[str, ...]
    personal: str | None = None  # the one written NAME@personal
    squads_given: bool = False  # some word gave a count of squads (it changes no upkeep)


def troop_words(vs: VsData, text: str | None) -> TroopWords:
    """Troop ids from words, each NAME, NAME:N, NAME+ or NAME@PLACE: a troop's upkeep is the
    table's whatever its squads, armour or place, and @personal names the personal troop."""
    ids: list[str] = []
    personal = None
    given = False
    for word in (text or "").replace(",", " ").split():
        m = _TROOP_WORD.match(word)
        troop = _troop(vs, m.group("name") if m else word)
        ids.append(troop.id)
        given = given or bool(m and m.group("count"))
        if m and (m.group("place") or "").casefold() == "personal":
            personal = troop.id
    return TroopWords(tuple(ids), personal, given)


def troop_of(vs: VsData, word: str) -> Troop:
    """A troop by id or name in either language, or a refusal naming the closest."""
    return _troop(vs, word)


def _troop(vs: VsData, word: str) -> Troop:
    troop = vs.troop(word)
    if troop is None:
        troops = [(t.id, t.name) for t in vs.troops]
        raise Refusal("ec_bad_troop", word=word, names=listed(troops), hint=hint(word, troops))
    return troop


# How a map's player's personal troop is known when nobody names it: the troop the map marks
# (`personal: true`); else the one standing in his lord's house, where both editions' entry into the
# game places it; else (a reading: the rules tie it to no place) his first non-magical troop. A
# personal troop is never a magical one (2025 §5, 2003 §4.0).
PERSONAL_FROM = ("marked", "house", "first")
NO_PERSONAL = "none"  # `--personal none`: the player has no personal troop (every troop pays its upkeep)


def personal_troop(vs: VsData, game_map: object, player: str) -> tuple[str | None, str | None]:
    """A map's player's personal troop (its id, None: he has none) and how it was chosen
    (PERSONAL_FROM): the one source the ledger and every income answer read."""
    from printkit.plugin import GameMap

    assert isinstance(game_map, GameMap)
    pieces = [p for p in vs_map(game_map).pieces if p.owner == player and _troop(vs, p.troop).kind != "magic"]
    marked = next((p for p in pieces if p.personal), None)
    if marked is not None:
        return marked.troop, "marked"
    lords = {s.id for s in vs.structures if s.lord}
    houses = {(o.x, o.y) for o in game_map.objects
              if o.owner == player and (o.detail("structure") or "").casefold() in lords}  # fmt: skip
    housed = next((p for p in pieces if (p.x, p.y) in houses), None)
    if housed is not None:
        return housed.troop, "house"
    return (pieces[0].troop, "first") if pieces else (None, None)


def personal_id(vs: VsData, h: Holdings) -> str | None:
    """The id of the personal troop a reckoning names, checked: a troop of the edition, among the
    side's troops and not a magical one; None for none (`--personal none`)."""
    if h.personal is None or h.personal.strip().casefold() == NO_PERSONAL:
        return None
    troop = _troop(vs, h.personal)
    if troop.kind == "magic":
        raise Refusal("ec_personal_magic", troop=dict(troop.name))
    if all(_troop(vs, t).id != troop.id for t in h.troops):
        held = ", ".join(h.troops) or "—"
        raise Refusal("ec_personal_not_held", troop=dict(troop.name), troops=held)
    return troop.id


def check_player(game_map: object, player: str, others: Sequence[str] = ()) -> str:
    """The player as the map (or its config, `others`) names him; a name nobody has is refused with
    the closest one, never answered as a player who holds nothing."""
    from printkit.plugin import GameMap

    assert isinstance(game_map, GameMap)
    owners = [o.owner for o in game_map.objects if o.owner] + [p.owner for p in vs_map(game_map).pieces if p.owner]
    names = list(dict.fromkeys([*others, *owners]))
    found = forgiving_match(player.strip(), [(n, n) for n in names])
    if found is None:
        raise Refusal("ec_unknown_player", player=player, names=", ".join(names), hint=did_you_mean(player, names))
    return found


def holdings_from_map(vs: VsData, game_map: object, player: str, personal: str | None, cash: int | None,
                      commander: bool) -> Holdings:  # fmt: skip
    """A player's lands (those holding his lord house), mines, fortresses, bridges and troops, read
    from a map file's objects and troops with their owners; his personal troop the one given, or else
    personal_troop's; his cash the one given, or else the cash his kind of player enters with. A
    player with lands is no commander (§3.0): asked as one, he is refused."""
    from printkit.plugin import GameMap

    assert isinstance(game_map, GameMap)
    personal_from = None
    if personal is None:
        personal, personal_from = personal_troop(vs, game_map, player)
    lands: list[tuple[str, int]] = []
    mines: list[int] = []
    fortresses = bridges = 0
    for o in game_map.objects:
        if o.owner != player:
            continue
        what = (o.detail("structure") or "").casefold()
        if what.startswith("mine"):
            mines.append(int(what.removeprefix("mine").strip("-") or 1))
        elif what == "fortress":
            fortresses += 1
        elif what == "bridge":
            bridges += 1
        elif what in BUILDINGS or o.kind in ("town", "port"):
            land = next((land for land in vs_map(game_map).lands if (o.x, o.y) in land.cells), None)
            if land is not None and all(name != land.name for name, _ in lands):
                lands.append((land.name, land.income))
    troops = tuple(p.troop for p in vs_map(game_map).pieces if p.owner == player)
    if commander and lands:
        raise Refusal("ec_commander_lands_map", player=player, lands=", ".join(name for name, _ in lands))
    kept = cash if cash is not None else start_cash(vs, not lands) or 0  # a 2025 commander's is not given: 0
    return Holdings(tuple(lands), tuple(mines), troops, personal, fortresses, bridges, not lands, kept,
                    personal_from, cash is None)  # fmt: skip


# ---- tribute (2025 §5.5) -------------------------------------------------------------------------------

# What the personal troop may collect tribute from: a land without a lord's house (a number: its
# income), an unopened mine, or a dragon's mountain (its unopened mithril mine, spell 1.3).
TRIBUTE_WORDS = {"mine": "mine", "рудник": "mine", "жила": "mine", "vein": "mine",
                 "lair": "lair", "логово": "lair", "гора дракона": "lair"}  # fmt: skip


@dataclass(frozen=True)
class Tribute:
    """What the personal troop collects in a turn (2025 §5.5): a land's whole income, or half the
    income of an unopened mine."""

    source: str  # land, mine (an unopened vein) or lair (a dragon's mountain)
    coins: int
    level: int | None = None  # the level an unopened mine is read at
    deepest: bool = False  # read with the other reading: an unopened vein at the deepest level


def tribute(vs: VsData, word: str, deepest: bool = False) -> Tribute:
    """The tribute from a land (its income, given as a number: all of it) or an unopened mine (half
    its income). An unopened vein has no level: printkit reads it at the first level, the one it
    opens at for the least (copper, 2 a year: 1); `deepest` reads it at the deepest (mithril, since
    §4.5 opens a mine at any level at once). A dragon's mountain holds an unopened mithril mine
    (spell 1.3): half of level 4's income either way."""
    if year_of(vs) != 2025:
        raise Refusal("ec_tribute_2025")
    folded = " ".join(word.casefold().split())
    if folded.isdigit():
        return Tribute("land", int(folded))
    source = TRIBUTE_WORDS.get(folded)
    if source is None:
        raise Refusal("ec_tribute_word", word=word)
    levels = sorted(vs.mines, key=lambda m: m.level)
    mine = levels[-1] if source == "lair" or deepest else levels[0]
    assert mine.income % 2 == 0, "a mine's income is even: its half is whole"
    return Tribute(source, mine.income // 2, mine.level, deepest)


# ---- prices ----------------------------------------------------------------------------------------


def structure(vs: VsData, word: str) -> Structure:
    """A building by id or name in either language, any case and the usual Russian forms ("замка")."""
    pairs = [(n, s) for s in vs.structures for n in (s.id, *s.name.values())]
    found = forgiving_match(word.strip(), pairs)
    if found is None:
        built = [(s.id, s.name) for s in vs.structures]
        raise Refusal("ec_bad_building", word=word, names=listed(built), hint=hint(word, built))
    return found


def mine(vs: VsData, word: str) -> Mine:
    """A mine by level (mine-3, 3) or by its metal's name ("золото", "gold")."""
    folded = word.strip().casefold().removeprefix("mine").strip("-")
    for m in vs.mines:
        if folded == str(m.level):
            return m
    found = forgiving_match(word.strip(), [(n, m) for m in vs.mines for n in m.name.values()])
    if found is None:
        raise Refusal("ec_bad_mine", level=word)
    return found


BUILT_AT_ONCE = {2025: ("tower", "fortress"), 2003: ("tower", "fortress", "bridge")}


@dataclass(frozen=True)
class Price:
    """One priced step: what, how much, and the chance it works (mines)."""

    what: str  # build, upgrade, deepen, open
    target: str
    coins: int
    chance: Fraction = Fraction(1)
    steps: tuple[tuple[str, int], ...] = ()  # one level a year: (level, coins)


def build_price(vs: VsData, word: str) -> Price:
    """What a troop pays to build it at once (a tower, a fortress, 2003 a bridge, or a mine of any
    level); a higher lord house only grows from a tower, level by level."""
    if word.casefold().startswith("mine") or any(word.casefold() in (n.casefold() for n in m.name.values())
                                                  for m in vs.mines):  # fmt: skip
        m = mine(vs, word)
        return Price("open", f"mine-{m.level}", m.cost, Fraction(vs.figures["mine_chance"]))
    s = structure(vs, word)
    if s.id in BUILT_AT_ONCE[year_of(vs)]:
        return Price("build", s.id, s.cost)
    tower = structure(vs, "tower")
    up = upgrade_price(vs, tower.id, s.id)
    return Price("grow", s.id, tower.cost + up.coins, steps=(("tower", tower.cost), *up.steps))


def upgrade_price(vs: VsData, low: str, high: str) -> Price:
    """Raising a lord house level by level: 2025 the difference of the levels' prices, 2003 a flat
    price a level; one level a year (an active action of the building)."""
    a, b = structure(vs, low), structure(vs, high)
    houses = sorted((s for s in vs.structures if s.lord), key=lambda s: s.level)
    if not (a.lord and b.lord) or b.level <= a.level:
        raise Refusal("ec_bad_upgrade", low=a.id, high=b.id)
    flat = vs.figures.get("level_up_cost")
    steps = []
    prev = a
    for s in houses:
        if a.level < s.level <= b.level:
            steps.append((s.id, int(flat) if flat else s.cost - prev.cost))
            prev = s
    return Price("upgrade", b.id, sum(c for _, c in steps), steps=tuple(steps))


def deepen_price(vs: VsData, low: str, high: str) -> Price:
    """Deepening a mine: the difference of the levels' prices, with the mine's chance of success."""
    a, b = mine(vs, low), mine(vs, high)
    if b.level <= a.level:
        raise Refusal("ec_bad_upgrade", low=f"mine-{a.level}", high=f"mine-{b.level}")
    return Price("deepen", f"mine-{b.level}", b.cost - a.cost, Fraction(vs.figures["mine_chance"]))


def terrain_id(rules: Ruleset, word: str) -> str:
    """A land terrain by id or name in either language, any case and the usual Russian forms ("в лесу")."""
    words = [w for w in word.split() if w.casefold() not in ("в", "во", "на")] or [word]
    pairs = [(n, t.id) for t in rules.terrains if not t.water for n in (t.id, *t.name.values())]
    found = forgiving_match(" ".join(words), pairs)
    if found is None:
        names = ", ".join(t.id for t in rules.terrains if not t.water)
        raise Refusal("ec_bad_terrain", word=word, names=names, hint=did_you_mean(word, [n for n, _ in pairs]))
    return found


def hires(vs: VsData, building: str, terrain: str) -> list[tuple[Troop, int]]:
    """The troops a building hires standing on a terrain, with their prices: the home troops (2025
    heavy infantry, 2003 foot troops) only on their home land; the rest anywhere."""
    s = structure(vs, building)
    group = vs.home_troops.id if vs.home_troops else None
    out = []
    for word in s.hires:
        if word == group:
            out += [(t, int(t.cost or 0)) for t in vs.troops if t.home == terrain]
        else:
            t = _troop(vs, word)
            out.append((t, int(t.cost or 0)))
    return out


@dataclass(frozen=True)
class Transfer:
    amount: int
    tax: int
    received: int
    paid: int


def transfer(vs: VsData, amount: int, on_top: bool = False) -> Transfer:
    """Sending money: a tax of 1/5 of the sum, rounded up. Reading: the tax comes out of the sum;
    `on_top`: the sender pays it besides."""
    rate = Fraction(vs.figures["transfer_tax"])
    tax = ceil(amount * rate)
    return Transfer(amount, tax, amount if on_top else amount - tax, amount + tax if on_top else amount)


# ---- prizes ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PrizeItem:
    what: str
    name: Mapping[str, str]
    coins: Fraction
    note: str = ""  # a label key for a reading used


@dataclass(frozen=True)
class Prize:
    items: list[PrizeItem]
    share: Fraction  # 2025: all of it to the personal troop's owner; 2003: a commander's fifth
    total: int
    rounding: str  # down or up (2003)
    year: int = 2025


def _level_note(level_table: bool) -> str:
    """The reading a destroyed level's prize was taken by (2025 §5.1 "the cost of the level")."""
    return "ec_level_prize_table" if level_table else "ec_level_prize"


def prize(vs: VsData, words: Sequence[str], *, level_table: bool = False, round_up: bool = False) -> Prize:
    """The prize for what was defeated: troops (NAME, NAME:N squads of zombies, NAME+ in mithril,
    NAME@personal) and buildings (each word one level lost). 2025: the personal troop's owner gets
    the full cost; 2003: a commander gets a fifth, the personal troop valued 100 (150 in mithril)."""
    year = year_of(vs)
    f = vs.figures
    values = f.get("prize_values") or {}
    special = f.get("prize") or {}
    items: list[PrizeItem] = []
    for word in words:
        core, _, place = word.partition("@")
        count = 1
        if ":" in core:
            core, _, n = core.partition(":")
            count = int(n)
        mithril = core.endswith("+")
        core = core.rstrip("+")
        troop = vs.troop(core)
        if troop is not None:
            if place == "personal" and year == 2003:
                coins = Fraction(values["personal_mithril" if mithril else "personal"])
                items.append(PrizeItem(word, troop.name, coins))
                continue
            if troop.id == "zombie":
                per = int(values.get("zombie_squad") or special["zombie_squad"])
                items.append(PrizeItem(word, troop.name, Fraction(per * count)))
                continue
            if troop.id == "dragon":
                items.append(PrizeItem(word, troop.name, Fraction(int(values.get("dragon") or special["dragon"]))))
                continue
            if troop.id == "ghost-ship":
                # Not priced in the text; it counts as two zombie squads for control, so it is
                # read as two zombie squads here.
                ghost = Fraction(2 * int(special["zombie_squad"]))
                items.append(PrizeItem(word, troop.name, ghost, "ec_ghost_prize"))
                continue
            if year == 2003:
                # Only a personal troop wears mithril in 2003, and its value is fixed above: any
                # other troop's «+» is the shield of fury, which adds nothing to its value.
                note = "ec_plus_2003" if mithril else ""
                items.append(PrizeItem(word, troop.name, Fraction(int(troop.cost or 0)), note))
                continue
            coins = Fraction(int(troop.cost or 0) + (int(f["mithril_cost"]) if mithril else 0))
            items.append(PrizeItem(word, troop.name, coins, "ec_plus_2025" if mithril else ""))
            continue
        if core.casefold().startswith("mine") or any(core.casefold() in (n.casefold() for n in m.name.values())
                                                      for m in vs.mines):  # fmt: skip
            m = mine(vs, core)
            below = next((x.cost for x in vs.mines if x.level == m.level - 1), 0)
            level = Fraction(m.cost if level_table else m.cost - below)
            items.append(PrizeItem(word, m.name, level, _level_note(level_table)))
            continue
        try:
            s = structure(vs, core)
        except Refusal:  # neither a troop nor a building: say so, with the closest of either
            every = [(t.id, t.name) for t in vs.troops] + [(b.id, b.name) for b in vs.structures]
            raise Refusal("rf_bad_unit", word=word, names=listed(every), hint=hint(core, every)) from None
        below_s = next((x for x in vs.structures if x.lord and s.lord and x.level == s.level - 1), None)
        lost = s.cost if level_table or below_s is None else s.cost - below_s.cost
        items.append(PrizeItem(word, s.name, Fraction(lost), _level_note(level_table) if below_s is not None else ""))
    share = Fraction(f.get("commander_prize") or 1)
    whole = sum((i.coins for i in items), Fraction(0)) * share
    total: int = ceil(whole) if round_up else int(whole)
    return Prize(items, share, total, "up" if round_up else "down", year)


# ---- chances -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rebellion:
    houses: int  # 2025 lord's houses; 2003 the ruler's troops and structures
    together: bool
    chances: dict[int, Fraction] = field(default_factory=dict)  # houses won -> chance
    year: int = 2025

    @property
    def expected(self) -> Fraction:
        return sum((k * p for k, p in self.chances.items()), Fraction(0))


def rebellion(vs: VsData, houses: int, together: bool = False) -> Rebellion:
    """How many of `houses` lord houses (2003: troops and buildings) pass to the winner: each with
    the edition's chance on its own roll, or all on one roll."""
    p = Fraction(vs.figures["rebellion_chance"])
    if together:
        return Rebellion(houses, True, {houses: p, 0: 1 - p} if houses else {0: Fraction(1)}, year_of(vs))
    chances = {k: comb(houses, k) * p**k * (1 - p) ** (houses - k) for k in range(houses + 1)}
    return Rebellion(houses, False, chances, year_of(vs))


def escape_cost(vs: VsData, gross_income: int) -> int:
    """2003: a captured leader's escape costs a tenth of the player's whole income, rounded up."""
    return ceil(gross_income * Fraction(vs.figures["escape_cost"]))


def escape_faces(vs: VsData) -> list[tuple[int, int, Fraction, dict[str, str]]]:
    """The 2003 escape outcomes on one D6 (a reading: 6 free, 2-5 still captive, 1 killed), each as
    (low face, high face, chance, words)."""
    outcomes = vs.figures["escape"]
    faces = [(6, 6), (2, 5), (1, 1)]
    out = []
    for (low, high), o in zip(faces, outcomes, strict=True):
        assert Fraction(high - low + 1, 6) == o["chance"], "the die reading must give the text's chances"
        out.append((low, high, o["chance"], o["text"]))
    return out


def with_amulet(face: int, cap: int = 6) -> int:
    """The mithril amulet's +1 to a spell's die, never above the cap (a roll over 6 counts as 6)."""
    return min(face + 1, cap)
