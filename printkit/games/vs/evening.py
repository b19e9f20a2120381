"""A «Великая Стратегическая» evening: each ruler's treasury, year by year, paid from the evening's map."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.evening import Countdown, Decided, Effect, EventKind, Offered, State, Table
from printkit.plugin import Flag, GameMap, Input, MapObject, RefusedValue, Text, Whole, cell_name, label, parse_cell
from printkit.sheets import signed

from . import economy as ec
from .model import Piece, VsData, vs_map, vs_of
from .words import Refusal

COINS = 100_000  # the most coins one correction moves: far beyond any treasury


@dataclass(frozen=True)
class Treasury:
    """The VS part of an evening: each ruler's cash now, and the years whose income each was paid."""

    vs: VsData = field(compare=False, repr=False)
    session: Any = field(compare=False, repr=False)
    cash: tuple[tuple[str, int], ...] = ()
    paid: frozenset[tuple[str, int]] = frozenset()
    # Each year paid, as the ledger's row prints it: (ruler, year, ((column, figure), ...)).
    years: tuple[tuple[str, int, tuple[tuple[str, str], ...]], ...] = ()
    # What stands where and whose it is, from the config's map on: buildings taken, troops placed.
    objects: tuple[MapObject, ...] = ()
    pieces: tuple[Piece, ...] = ()

    def game_map(self) -> GameMap | None:
        """The evening's map: the config's terrain and lands with today's owners and troops."""
        drawn = self.session.game_map
        if not isinstance(drawn, GameMap):
            return None
        return dataclasses.replace(drawn, objects=self.objects,
                                   part=dataclasses.replace(vs_map(drawn), pieces=self.pieces))  # fmt: skip

    def of(self, ruler: str) -> int:
        return dict(self.cash)[ruler]

    def with_cash(self, ruler: str, coins: int) -> Treasury:
        if ruler not in dict(self.cash):
            raise KeyError(ruler)  # a journal's event for nobody of this evening: the file is refused
        return dataclasses.replace(self, cash=tuple((r, coins if r == ruler else c) for r, c in self.cash))


def _treasury(state: State) -> Treasury:
    part = state.part
    assert isinstance(part, Treasury)
    return part


def begin(session: Any) -> Treasury:
    """Each ruler's cash as the printed ledger's first line: what the edition's start gives him with
    what the config's map gives him (2025 §3.5: 50 in the treasury; 2003 §3.6: 50, a commander 15)."""
    vs = vs_of(session.ruleset)
    cash = []
    for i, player in enumerate(session.players):
        name = player.name or label("ev_player_n", session.language, n=i + 1)
        commander = False
        if session.game_map is not None:
            held = ec.holdings_from_map(vs, session.game_map, name, None, 0, False)
            commander = bool(held.lands or held.mines or held.troops) and not held.lands
        cash.append((name, ec.start_cash(vs, commander) or 0))
    drawn = session.game_map
    objects = drawn.objects if drawn is not None else ()
    pieces = vs_map(drawn).pieces if drawn is not None else ()
    return Treasury(vs, session, tuple(cash), objects=objects, pieces=pieces)


def _ruler(state: State, player: str) -> str:
    names = [name for name, _ in _treasury(state).cash]
    found = next((n for n in names if n.casefold() == player.strip().casefold()), None)
    if found is None:
        raise Refusal("ec_unknown_player", player=player, names=", ".join(names), hint="")
    return found


# ---- income --------------------------------------------------------------------------------------


def _income(state: State, player: str, personal: str | None = None, cap_before_income: bool = False) -> Decided:
    part = _treasury(state)
    ruler = _ruler(state, player)
    year = state.round
    if (ruler, year) in part.paid:
        raise Refusal("vev_paid", player=ruler, year=year)
    if ec.year_of(part.vs) == 2025 and state.whose != ruler:  # 2025 §2.1: at the start of his own turn
        raise Refusal("vev_income_turn", player=ruler, whose=state.whose or "—")
    game_map = part.game_map()
    if game_map is None:
        raise Refusal("vev_no_map")
    before = part.of(ruler)
    held = ec.holdings_from_map(part.vs, game_map, ruler, personal, before, False)
    got = ec.income(part.vs, held, cap_before_income)
    upkeep = sum(c for _, c in got.upkeep)
    effect = {"player": ruler, "year": year, "cash_before": before, "cash_after": got.cash_after, "cap": got.cap,
              "lands": got.lands, "mines": got.mines, "upkeep": upkeep,
              "taken": before - got.cash_kept + got.taken_after, "taken_after": got.taken_after,
              "cap_before_income": cap_before_income}  # fmt: skip
    told = {lang: _reckoning(effect, lang) for lang in ("ru", "en")}
    return Decided(effect, (told,))


def _reckoning(effect: Effect, lang: str) -> str:
    """The year's reckoning in a line: what came in and went out, the limit, what was taken."""
    parts = [label("vev_lands", lang, n=signed(int(effect["lands"])))]
    if effect["mines"]:
        parts.append(label("vev_mines", lang, n=signed(int(effect["mines"]))))
    if effect["upkeep"]:
        parts.append(label("vev_upkeep", lang, n=signed(-int(effect["upkeep"]))))
    parts.append(label("vev_cap", lang, n=effect["cap"]))
    if effect["taken"]:
        parts.append(label("vev_taken", lang, n=effect["taken"]))
    if effect.get("cap_before_income"):
        parts.append(label("vev_cap_reading", lang))
    return "; ".join(parts)


def _paid(state: State, effect: Effect) -> State:
    part = _treasury(state)
    ruler, year = str(effect["player"]), int(effect["year"])
    lands, mines, upkeep = int(effect["lands"]), int(effect["mines"]), int(effect["upkeep"])
    # 2003's ledger has a column for what the income brought over the limit (§2.3, read literally);
    # an event recorded before it was kept apart counts it with what was taken before the income.
    later = int(effect.get("taken_after") or 0)
    row = {"cash": str(effect["cash_before"]), "cap": str(effect["cap"]), "taken": str(int(effect["taken"]) - later),
           "lands": signed(lands), "mines": signed(mines), "upkeep": signed(-upkeep),
           "net": signed(lands + mines - upkeep), "end": str(effect["cash_after"]),
           **({"taken_after": str(later)} if ec.year_of(part.vs) == 2003 else {})}  # fmt: skip
    years = list(part.years)
    here = next((i for i, (r, y, _) in enumerate(years) if (r, y) == (ruler, year)), None)
    if here is None:
        years.append((ruler, year, tuple(row.items())))
    else:  # coins spent before the income this year keep their columns
        years[here] = (ruler, year, tuple({**dict(years[here][2]), **row}.items()))
    after = dataclasses.replace(part.with_cash(ruler, int(effect["cash_after"])), paid=part.paid | {(ruler, year)},
                                years=tuple(years))  # fmt: skip
    return dataclasses.replace(state, part=after)


def _income_words(effect: Effect, lang: str) -> str:
    return label("vev_income", lang, **effect)


INCOME = EventKind(
    "income",
    {"ru": "Доход года правителю: земли и рудники, содержание войск, лимит казны — по карте вечера.",
     "en": "A ruler's year: lands and mines, troops' upkeep and the treasury's limit, from the evening's map."},
    (
        Input("player", Text(80), {"ru": "Правитель.", "en": "The ruler."}, flag="--player", required=True),
        Input("personal", Text(40), {"ru": "Личное войско, если не то, что на карте (или none); называет ведущий.",
                                      "en": "The personal troop, if not the map's (or none); named by the master."},
              flag="--personal"),
        Input("cap_before_income", Flag(), {"ru": "ВС 2003, другое прочтение: предел проверяется лишь до дохода.",
                                            "en": "VS 2003, other reading: the limit checked before income only."},
              flag="--cap-before-income"),
    ),
    _income,
    _paid,
    _income_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record income vs.sqlite --player Север",
    ),
    actor="player",
    masters=lambda values: bool(values.get("personal")),
)  # fmt: skip


# ---- corrections: spending and receiving --------------------------------------------------------


def _cash(state: State, player: str, coins: int, why: str | None = None) -> Decided:
    part = _treasury(state)
    ruler = _ruler(state, player)
    before = part.of(ruler)
    if before + coins < 0:
        raise Refusal("vev_short", player=ruler, cash=before, coins=-coins)
    return Decided({"player": ruler, "coins": coins, "cash_before": before, "cash_after": before + coins,
                    "why": (why or "").strip()})  # fmt: skip


def _cash_applied(state: State, effect: Effect) -> State:
    coins = int(effect["coins"])
    return _moved(state, str(effect["player"]), coins, int(effect["cash_after"]), "spent" if coins < 0 else "other")


def _moved(state: State, ruler: str, coins: int, after: int, column: str) -> State:
    """A ruler's cash after coins spent or received, and the ledger's row of this year (the column
    the coins go in, the cash at the turn's end); a year not paid yet gets its row now."""
    part = _treasury(state)
    years = list(part.years)
    here = next((i for i, (r, y, _) in enumerate(years) if (r, y) == (ruler, state.round)), None)
    if here is None:
        years.append((ruler, state.round, (("cash", str(after - coins)),)))
        here = len(years) - 1
    _, year, row = years[here]
    cells = dict(row)
    cells[column] = signed(int((cells.get(column) or "0").replace("−", "-")) + coins)
    cells["end"] = str(after)
    years[here] = (ruler, year, tuple(cells.items()))
    return dataclasses.replace(state, part=dataclasses.replace(part.with_cash(ruler, after), years=tuple(years)))


# ---- a transfer, taxed -----------------------------------------------------------------------------


def _transfer(state: State, player: str, to: str, coins: int, tax_on_top: bool = False) -> Decided:
    part = _treasury(state)
    sender, receiver = _ruler(state, player), _ruler(state, to)
    if sender == receiver:
        raise Refusal("vev_self", player=sender)
    if ec.year_of(part.vs) == 2025 and state.whose != sender:  # 2025 §3: in one's own turn (2003: any time)
        raise Refusal("vev_transfer_turn", player=sender, whose=state.whose or "—")
    sent = ec.transfer(part.vs, coins, tax_on_top)
    before = part.of(sender)
    if sent.paid > before:
        raise Refusal("vev_short", player=sender, cash=before, coins=sent.paid)
    return Decided({"player": sender, "to": receiver, "coins": coins, "tax": sent.tax, "paid": sent.paid,
                    "received": sent.received, "on_top": tax_on_top, "sender_after": before - sent.paid,
                    "receiver_after": part.of(receiver) + sent.received})  # fmt: skip


def _transferred(state: State, effect: Effect) -> State:
    state = _moved(state, str(effect["player"]), -int(effect["paid"]), int(effect["sender_after"]), "transfers")
    return _moved(state, str(effect["to"]), int(effect["received"]), int(effect["receiver_after"]), "transfers")


def _transfer_words(effect: Effect, lang: str) -> str:
    reading = label("vev_tax_on_top" if effect["on_top"] else "vev_tax_inside", lang)
    return label("vev_transfer", lang, reading=reading, **effect)


TRANSFER = EventKind(
    "transfer",
    {"ru": "Пересылка денег другому игроку: налог — пятая часть суммы, с округлением вверх.",
     "en": "Money sent to another player: the tax is a fifth of the sum, rounded up."},
    (
        Input("player", Text(80), {"ru": "Кто посылает.", "en": "Who sends."}, flag="--player", required=True),
        Input("to", Text(80), {"ru": "Кому.", "en": "To whom."}, flag="--to", required=True),
        Input("coins", Whole(1, COINS), {"ru": "Сколько монет посылается.", "en": "How many coins are sent."},
              flag="--coins", required=True),
        Input("tax_on_top", Flag(), {"ru": "Другое прочтение: посылающий платит налог сверх суммы.",
                                     "en": "Other reading: the sender pays the tax on top of the sum."},
              flag="--tax-on-top"),
    ),
    _transfer,
    _transferred,
    _transfer_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record transfer vs.sqlite --player Север --to Юг --coins 20",
    ),
    actor="player",
)  # fmt: skip


# ---- a spell cast, lasting a year ----------------------------------------------------------------


def _spell(state: State, player: str, spell: str) -> Decided:
    from .spells import find_spell

    part = _treasury(state)
    ruler = _ruler(state, player)
    found = find_spell(part.vs, spell)
    cost = found.cost if found.cost is not None else int(part.vs.figures["spell_cost"])
    before = part.of(ruler)
    if cost > before:
        raise Refusal("vev_short", player=ruler, cash=before, coins=cost)
    due = state.next_turn_of(ruler) if found.lasts else None
    return Decided({"player": ruler, "spell": found.id, "name": dict(found.name), "cost": cost,
                    "cash_before": before, "cash_after": before - cost, "due": due})  # fmt: skip


def _cast(state: State, effect: Effect) -> State:
    ruler = str(effect["player"])
    state = _moved(state, ruler, -int(effect["cost"]), int(effect["cash_after"]), "spent")
    if effect.get("due") is None:
        return state
    what = {lang: label("vev_spell_lasts", lang, name=effect["name"][lang], player=ruler) for lang in ("ru", "en")}
    return state.counting(Countdown(f"spell:{state.last}", what, int(effect["due"])))


def _spell_words(effect: Effect, lang: str) -> str:
    said = label("vev_spell", lang, **{**effect, "name": effect["name"][lang]})
    if effect.get("due") is not None:
        said += label("vev_spell_until", lang, player=effect["player"], due=effect["due"])
    return said


SPELL = EventKind(
    "spell",
    {"ru": "Маг правителя колдует: заклинание оплачено из казны; годовое действует до начала его следующего хода.",
     "en": "A ruler's mage casts: the spell is paid from the treasury; a year's spell lasts until his next turn."},
    (
        Input("player", Text(80), {"ru": "Чей маг.", "en": "Whose mage."}, flag="--player", required=True),
        Input("spell", Text(80), {"ru": "Заклинание (название или его часть).", "en": "The spell (its name or part)."},
              flag="--spell", required=True),
    ),
    _spell,
    _cast,
    _spell_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record spell vs.sqlite --player Север --spell fury-shield",
    ),
    actor="player",
)  # fmt: skip


def _cash_words(effect: Effect, lang: str) -> str:
    cause = effect.get("cause")
    if isinstance(cause, dict):  # taken by the rules, not typed
        effect = {**effect, "why": cause.get(lang, "")}
    key = "vev_cash_why" if effect.get("why") else "vev_cash"
    coins = int(effect["coins"])
    return label(key, lang, signed=f"{coins:+d}".replace("-", "−"), n=abs(coins), **effect)


CASH = EventKind(
    "cash",
    {"ru": "Правитель тратит или получает монеты (найм, постройка, пересылка, приз).",
     "en": "A ruler spends or receives coins (hiring, building, a transfer, a prize)."},
    (
        Input("player", Text(80), {"ru": "Правитель.", "en": "The ruler."}, flag="--player", required=True),
        Input("coins", Whole(-COINS, COINS), {"ru": "Сколько монет: минус — потрачено.",
                                              "en": "How many coins: minus for spent."},
              flag="--coins", required=True),
        Input("why", Text(80), {"ru": "За что (слово-два для журнала).", "en": "What for (a word or two)."},
              flag="--why"),
    ),
    _cash,
    _cash_applied,
    _cash_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record cash vs.sqlite --player Юг --coins -30 --why найм",
    ),
    actor="player",
    masters=lambda values: int(values.get("coins") or 0) > 0,  # a player spends; the master credits
)  # fmt: skip


# ---- the map: buildings taken, troops where they stand ------------------------------------------

NEUTRAL = "none"  # the word for no owner: a building left neutral, a neutral troop


def _owner_word(state: State, player: str) -> str | None:
    """A ruler by name, or None for `none` (neutral)."""
    return None if player.strip().casefold() in (NEUTRAL, "нейтральный", "никто") else _ruler(state, player)


def _cell(state: State, cell: str) -> tuple[int, int]:
    x, y = parse_cell(cell)
    drawn = _treasury(state).session.game_map
    if drawn is None:
        raise Refusal("vev_no_map")
    if not drawn.inside(x, y):
        raise Refusal("vev_off_map", cell=cell, width=drawn.width, height=drawn.height)
    return x, y


def _capture(state: State, cell: str, player: str) -> Decided:
    part = _treasury(state)
    x, y = _cell(state, cell)
    found = next((o for o in part.objects if (o.x, o.y) == (x, y)), None)
    if found is None or found.kind not in ("building", "town", "port", "resource", "bridge"):
        raise Refusal("vev_nothing_to_take", cell=cell_name(x, y))
    taker = _owner_word(state, player)
    if taker == found.owner:
        raise Refusal("vev_already_his", cell=cell_name(x, y), player=taker or NEUTRAL)
    return Decided({"cell": cell_name(x, y), "what": _named(part, found), "from": found.owner, "to": taker})


def _named(part: Treasury, found: MapObject) -> dict[str, str]:
    """A map object as a sentence names it, in each language: its own name, else its structure's."""
    if found.name:
        return {lang: found.name for lang in ("ru", "en")}
    word = str(found.detail("structure") or found.kind)
    built = next((s for s in part.vs.structures if s.id == word.casefold()), None)
    if built is not None:
        return dict(built.name)
    mine = next((m for m in part.vs.mines if f"mine-{m.level}" == word.casefold()), None)
    return dict(mine.name) if mine is not None else {lang: word for lang in ("ru", "en")}


def _captured(state: State, effect: Effect) -> State:
    part = _treasury(state)
    x, y = parse_cell(str(effect["cell"]))
    objects = tuple(dataclasses.replace(o, owner=effect["to"]) if (o.x, o.y) == (x, y) else o for o in part.objects)
    return dataclasses.replace(state, part=dataclasses.replace(part, objects=objects))


def _capture_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    what = effect["what"]
    what = what.get(lang, "") if isinstance(what, dict) else str(what)
    return label("vev_captured", lang, cell=effect["cell"], what=what, before=effect["from"] or neutral,
                 after=effect["to"] or neutral)  # fmt: skip


CAPTURE = EventKind(
    "capture",
    {"ru": "Постройка, рудник или мост переходит к другому владельцу (или нейтральна): доход пойдёт по карте вечера.",
     "en": "A building, mine or bridge changes hands (or falls neutral): income follows the evening's map."},
    (
        Input("cell", Text(8), {"ru": "Клетка постройки (E2).", "en": "The building's cell (E2)."}, flag="--cell",
              required=True),
        Input("player", Text(80), {"ru": "Новый владелец (none — никто).", "en": "The new owner (none: nobody)."},
              flag="--player", required=True),
    ),
    _capture,
    _captured,
    _capture_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record capture vs.sqlite --cell I3 --player Юг",
    ),
)  # fmt: skip


def _troops(state: State, cell: str, player: str, troops: str | None = None) -> Decided:
    part = _treasury(state)
    x, y = _cell(state, cell)
    owner = _owner_word(state, player)
    found = [ec.troop_of(part.vs, word) for word in (troops or "").replace(",", " ").split()]
    before = [[p.troop, p.owner] for p in part.pieces if (p.x, p.y) == (x, y)]
    return Decided({"cell": cell_name(x, y), "player": owner, "troops": [t.id for t in found], "before": before,
                    "names": [dict(t.name) for t in found]})  # fmt: skip


def _placed(state: State, effect: Effect) -> State:
    part = _treasury(state)
    x, y = parse_cell(str(effect["cell"]))
    kept = tuple(p for p in part.pieces if (p.x, p.y) != (x, y))
    # A ruler's personal troop said again on its own cell stays his personal troop (2025 §5).
    personal = {p.troop for p in part.pieces if (p.x, p.y) == (x, y) and p.personal and p.owner == effect["player"]}
    new = []
    for troop in map(str, effect["troops"]):
        new.append(Piece(x, y, troop, effect["player"], troop in personal))
        personal.discard(troop)  # one troop a ruler's personal one
    return dataclasses.replace(state, part=dataclasses.replace(part, pieces=kept + tuple(new)))


def _troops_words(effect: Effect, lang: str) -> str:
    names = effect.get("names") or [{lang: str(t)} for t in effect["troops"]]
    part_names = ", ".join(n.get(lang, "") for n in names) or label("vev_no_troops", lang)
    who = effect["player"] or label("vev_neutral", lang)
    return label("vev_troops", lang, cell=effect["cell"], troops=part_names, player=who)


TROOPS = EventKind(
    "troops",
    {"ru": "Что теперь стоит на клетке и чьё оно: нанятые, пришедшие или погибшие войска (пусто — клетка свободна).",
     "en": "What stands on a cell now and whose: troops hired, moved in or lost (nothing: the cell is empty)."},
    (
        Input("cell", Text(8), {"ru": "Клетка (E2).", "en": "The cell (E2)."}, flag="--cell", required=True),
        Input("player", Text(80), {"ru": "Чьи войска (none — нейтральные).", "en": "Whose troops (none: neutral)."},
              flag="--player", required=True),
        Input("troops", Text(200), {"ru": "Войска на клетке через пробел (knights elves); пусто — никого.",
                                    "en": "The troops on the cell (knights elves); empty: none."}, flag="--troops"),
    ),
    _troops,
    _placed,
    _troops_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record troops vs.sqlite --cell E3 --player Север --troops knights",
    ),
)  # fmt: skip


# ---- the part shown -----------------------------------------------------------------------------


def _json(state: State, lang: str) -> Mapping[str, Any]:
    part = _treasury(state)
    return {"year": state.round,
            "players": [{"name": name, "cash": coins, "paid": (name, state.round) in part.paid}
                        for name, coins in part.cash],
            "map": {"buildings": [{"cell": cell_name(o.x, o.y), "kind": o.kind, "name": o.name,
                                   "structure": o.detail("structure"), "owner": o.owner} for o in part.objects],
                    "troops": [{"cell": cell_name(p.x, p.y), "troop": p.troop, "owner": p.owner}
                               for p in part.pieces]}}  # fmt: skip


def _lines(state: State, lang: str) -> list[str]:
    part = _treasury(state)
    out = [label("vev_year", lang, year=state.round)]
    for name, coins in part.cash:
        key = "vev_ruler_paid" if (name, state.round) in part.paid else "vev_ruler"
        out.append("  " + label(key, lang, name=name, cash=coins, year=state.round))
    return out


def _turn_ends(state: State) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """2025 §2.3: at the end of his turn a ruler holds at most his treasury (100 and 10 a fortress);
    what is above it is taken. (2003 holds the limit at the start of the turn: the income does it.)"""
    part = _treasury(state)
    ruler = state.whose
    game_map = part.game_map()
    if ruler is None or ec.year_of(part.vs) != 2025 or game_map is None:
        return ()
    held = ec.holdings_from_map(part.vs, game_map, ruler, None, 0, False)
    cap = ec.treasury_cap(part.vs, held.fortresses, held.commander)
    cash = part.of(ruler)
    if cash <= cap:
        return ()
    taken = _cash(state, ruler, cap - cash).effect
    cause = {lang: label("vev_over_cap", lang, cap=cap) for lang in ("ru", "en")}
    return (("cash", {**taken, "why": "", "cause": cause}),)


def _owner(state: State, ruler: str) -> str | None:
    return next((name for name, _ in _treasury(state).cash if name.casefold() == ruler.strip().casefold()), None)


def _papers(state: State, session: Any, path_of: Callable[[str], Path]) -> tuple[str, ...]:
    """ledger.pdf as the kit prints it, with every year the evening paid filled in."""
    from .treasury_form import context, write_pages

    ctx = context(session)
    for player in ctx["players"]:
        rows = {year - 1: dict(row) for ruler, year, row in _treasury(state).years if ruler == player["name"]}
        player["filled"] = rows or ({0: player["first"]} if player["first"] else {})
    write_pages(str(path_of("ledger.pdf")), ctx, session.paper)
    return ("ledger.pdf",)


# ---- referee questions asked of the evening ----------------------------------------------------


def _now(state: State, config: dict[str, Any], the_map: dict[str, Any] | None) -> None:
    """The map as it stands: each building's owner today, and the troops where they stand now."""
    if the_map is None:
        return
    part = _treasury(state)
    owners = {(o.x, o.y): o.owner for o in part.objects}
    for listed in the_map.get("objects") or []:
        at = _cell_of(listed.get("at")) if isinstance(listed, dict) else None
        if at in owners:  # a cell as the map wrote it: B6, or Cyrillic В6
            owner = owners[at]
            if owner is None:
                listed.pop("owner", None)
            else:
                listed["owner"] = owner
    the_map["troops"] = [{"at": cell_name(p.x, p.y), "troop": p.troop,
                          **({"owner": p.owner} if p.owner else {}), **({"personal": True} if p.personal else {})}
                         for p in part.pieces]  # fmt: skip


def _cell_of(word: Any) -> tuple[int, int] | None:
    try:
        return parse_cell(str(word))
    except RefusedValue:
        return None


def _given(state: State, question: str, values: dict[str, Any]) -> dict[str, Any]:
    """A ruler's income reckoned from the cash the evening holds for him, unless typed."""
    if question == "income" and values.get("player") and values.get("cash") is None:
        ruler = _owner(state, str(values["player"]))
        if ruler is not None:
            return {**values, "cash": _treasury(state).of(ruler)}
    return values


# What an income typed with these is not the evening's ruler's: it is reckoned, not offered to be paid.
_BY_HAND = ("cash", "lands", "mines", "troops", "fortresses", "bridges", "commander", "tribute", "tribute_deepest")


def _offers(state: State, question: str, typed: Mapping[str, Any], values: Mapping[str, Any],
            answer: Any) -> Offered:  # fmt: skip
    """An income reckoned for a ruler of the evening from the evening alone is offered to be paid,
    when paying it gives what the answer says; a spell looked up or cast on a page of the evening,
    to be cast by the mage of the ruler whose turn it is."""
    if question == "spell" and values.get("name") and state.whose is not None:
        return (("spell", {"player": state.whose, "spell": str(values["name"])}),)
    if question != "income" or not values.get("player") or any(typed.get(k) for k in _BY_HAND):
        return ()
    ruler = _owner(state, str(values["player"]))
    if ruler is None:
        return ()
    offered = {"player": ruler, **({"personal": values["personal"]} if values.get("personal") else {}),
               **({"cap_before_income": True} if values.get("cap_before_income") else {})}  # fmt: skip
    try:
        paid = _income(state, **offered).effect["cash_after"]
    except Refusal:
        return (("income", offered),)  # refused as things stand: the asker is told why
    return (("income", offered),) if paid == getattr(getattr(answer, "income", None), "cash_after", None) else ()


TABLE = Table(begin=begin, kinds=(INCOME, CASH, TRANSFER, SPELL, CAPTURE, TROOPS), json=_json, lines=_lines,
              owner=_owner, papers=_papers, turn_ends=_turn_ends,
              game_map=lambda state: _treasury(state).game_map(), now=_now, given=_given, offers=_offers)  # fmt: skip
