"""A «Великая Стратегическая» evening: each ruler's treasury, year by year, paid from the evening's map."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.evening import WHY, Countdown, Decided, Effect, EventKind, Offered, State, Table
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
        WHY,
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
    objects = tuple(dataclasses.replace(o, owner=taker) if o is found else o for o in part.objects)
    return Decided({"cell": cell_name(x, y), "what": _named(part, found), "from": found.owner, "to": taker,
                    "lifted": _lifted(state, part.pieces, objects)})  # fmt: skip


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
    return _lifting(dataclasses.replace(state, part=dataclasses.replace(part, objects=objects)), effect)


def _capture_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    what = effect["what"]
    what = what.get(lang, "") if isinstance(what, dict) else str(what)
    return label("vev_captured", lang, cell=effect["cell"], what=what, before=effect["from"] or neutral,
                 after=effect["to"] or neutral) + _lifted_words(effect, lang)  # fmt: skip


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


def _troop_list(vs: VsData, text: str | None) -> list[Any]:
    """The troops words name, one a piece on the map: NAME, or NAME:N for N zombie squads (zombies
    come in squads, 2025 §9.1.5, and 2003 lets two of one player share a cell); any other troop is
    one piece whatever squads it has left, since a surviving troop is restored whole (§7.9, 2003 §6.9)."""
    found = []
    for word in (text or "").replace(",", " ").split():
        name, _, count = word.partition(":")
        troop = ec.troop_of(vs, name if count else word)
        if count and not (count.isascii() and count.isdigit() and 1 <= int(count[:3]) <= 6):
            raise Refusal("vev_bad_count", word=word)
        found += [troop] * (int(count) if count and troop.id == "zombie" else 1)
    return found


def _troops(state: State, cell: str, player: str, troops: str | None = None) -> Decided:
    part = _treasury(state)
    x, y = _cell(state, cell)
    owner = _owner_word(state, player)
    found = _troop_list(part.vs, troops)
    before = [[p.troop, p.owner] for p in part.pieces if (p.x, p.y) == (x, y)]
    effect = {"cell": cell_name(x, y), "player": owner, "troops": [t.id for t in found], "before": before,
              "names": [dict(t.name) for t in found]}  # fmt: skip
    pieces = _pieces_after(part, {(x, y): [(t.id, owner) for t in found]})
    return Decided({**effect, "lifted": _lifted(state, pieces, part.objects)})


def _placed(state: State, effect: Effect) -> State:
    part = _treasury(state)
    x, y = parse_cell(str(effect["cell"]))
    pieces = _pieces_after(part, {(x, y): [(str(t), effect["player"]) for t in effect["troops"]]})
    state = dataclasses.replace(state, part=dataclasses.replace(part, pieces=pieces))
    return _lifting(state, effect)


def _pieces_after(part: Treasury, cells: Mapping[tuple[int, int], list[tuple[str, str | None]]]) -> tuple[Piece, ...]:
    """The map's troops with the given cells' troops replaced by (troop, owner) each; a ruler's
    personal troop said again on its own cell stays his personal troop (2025 §5)."""
    kept = tuple(p for p in part.pieces if (p.x, p.y) not in cells)
    new = []
    for (x, y), placed in cells.items():
        personal = {(p.troop, p.owner) for p in part.pieces if (p.x, p.y) == (x, y) and p.personal}
        for troop, owner in placed:
            new.append(Piece(x, y, troop, owner, (troop, owner) in personal))
            personal.discard((troop, owner))  # one troop a ruler's personal one
    return kept + tuple(new)


def _lifted(state: State, pieces: tuple[Piece, ...], objects: tuple[MapObject, ...]) -> list[str]:
    """The markers that end with the map as it will be: a siege whose besieging troop is gone from
    its cell (2025 §4.4: it lifts when that troop falls) or whose building fell or passed to the
    besieger, and the "no active action" of a cell where nothing stands any more."""
    out = []
    for c in state.countdowns:
        kind, _, rest = c.key.partition(":")
        if kind == SIEGE_KEY:
            cell, by, besieger = rest.split(":", 2)
            (bx, by_), (x, y) = parse_cell(by), parse_cell(cell)
            owner = besieger or None
            still = any((p.x, p.y) == (bx, by_) and p.owner == owner for p in pieces)
            house = next((o for o in objects if (o.x, o.y) == (x, y) and _building_of(o)), None)
            if not still or house is None or (owner is not None and house.owner == owner):
                out.append(c.key)
        elif kind == IDLE_KEY:
            x, y = parse_cell(rest)
            if not any((p.x, p.y) == (x, y) for p in pieces) and not any(
                    (o.x, o.y) == (x, y) and _building_of(o) for o in objects):  # fmt: skip
                out.append(c.key)
    return out


def _lifting(state: State, effect: Effect) -> State:
    for key in effect.get("lifted", ()):
        state = state.cancelling(str(key))
    return state


def _troops_words(effect: Effect, lang: str) -> str:
    names = effect.get("names") or [{lang: str(t)} for t in effect["troops"]]
    part_names = ", ".join(n.get(lang, "") for n in names) or label("vev_no_troops", lang)
    who = effect["player"] or label("vev_neutral", lang)
    return label("vev_troops", lang, cell=effect["cell"], troops=part_names, player=who) + _lifted_words(effect, lang)


def _lifted_words(effect: Effect, lang: str) -> str:
    """What the map's change ended: each siege lifted, each cell's marker dropped, in words."""
    said = ""
    for key in effect.get("lifted", ()):
        kind, _, rest = str(key).partition(":")
        said += "; " + label("vev_siege_lifted" if kind == SIEGE_KEY else "vev_idle_dropped", lang,
                             cell=rest.split(":")[0])  # fmt: skip
    return said


TROOPS = EventKind(
    "troops",
    {"ru": "Что теперь стоит на клетке и чьё оно: нанятые, пришедшие или погибшие войска (пусто — клетка свободна).",
     "en": "What stands on a cell now and whose: troops hired, moved in or lost (nothing: the cell is empty)."},
    (
        Input("cell", Text(8), {"ru": "Клетка (E2).", "en": "The cell (E2)."}, flag="--cell", required=True),
        Input("player", Text(80), {"ru": "Чьи войска (none — нейтральные).", "en": "Whose troops (none: neutral)."},
              flag="--player", required=True),
        Input("troops", Text(200), {"ru": "Войска на клетке через пробел (knights zombie:2); пусто — никого.",
                                    "en": "The troops on the cell (knights zombie:2); empty: none."}, flag="--troops"),
    ),
    _troops,
    _placed,
    _troops_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record troops vs.sqlite --cell E3 --player Север --troops knights",
    ),
)  # fmt: skip


# ---- a battle's outcome on the map ---------------------------------------------------------------

SIEGE_KEY = "siege"  # a countdown's key: siege:CELL:BESIEGER'S CELL:BESIEGER (empty: neutral)
IDLE_KEY = "no-action"  # a countdown's key: no-action:CELL


def _building_of(o: MapObject) -> bool:
    """Whether a map object is a building a battle takes or lowers: a house, a fortress, a bridge,
    a town, or an opened mine (an unopened vein is nobody's building)."""
    return o.kind in ("building", "town", "port", "bridge") or (o.kind == "resource" and bool(o.detail("structure")))


def _lower(vs: VsData, structure: str | None) -> tuple[bool, str | None]:
    """A building one level lower (2025 §7.10, 2003 §6.10): (whether it has levels to lose, the
    structure it becomes, None: destroyed). A house steps down its row, a copper mine, a tower, a
    fortress and a bridge are destroyed; a town the map draws without a structure keeps its level."""
    word = (structure or "").casefold()
    if word.startswith("mine"):
        level = int(word.removeprefix("mine").strip("-") or 1)
        return True, f"mine-{level - 1}" if level > 1 else None
    found = next((s for s in vs.structures if s.id == word), None)
    if found is None:
        return False, structure
    lower = next((s for s in vs.structures if found.lord and s.lord and s.level == found.level - 1), None)
    return True, lower.id if lower is not None else None


def _battle(state: State, cell: str, winner: str, troops: str | None = None, fallen: str | None = None,
            keep_owner: bool = False, lower: bool = False, spare: bool = False,
            magical: bool = False) -> Decided:  # fmt: skip
    part = _treasury(state)
    vs = part.vs
    x, y = _cell(state, cell)
    won = _owner_word(state, winner)
    if lower and spare:
        raise Refusal("vev_lower_spare")
    house = next((o for o in part.objects if (o.x, o.y) == (x, y) and _building_of(o)), None)
    here = [p for p in part.pieces if (p.x, p.y) == (x, y)]
    if house is None and not here:
        raise Refusal("vev_no_battle", cell=cell_name(x, y))
    defenders = {p.owner for p in here} | ({house.owner} if house is not None else set())
    attacker_won = won not in defenders  # those on the cell defend it together (§7.13, 2003 §6.14)
    standing = _troop_list(vs, troops)
    # Only magical or neutral winners take no building and always bring it down a level (§7.11-12,
    # 2003 §6.11, §6.13): the winner none, or every troop left standing magical, or the flag.
    beasts = won is None or magical or (bool(standing) and all(t.kind == "magic" for t in standing))
    cells = []
    for word in (fallen or "").replace(",", " ").split():
        fx, fy = _cell(state, word)
        if (fx, fy) != (x, y) and (fx, fy) not in cells:
            cells.append((fx, fy))
    fell = [[cell_name(p.x, p.y), p.troop, p.owner] for p in part.pieces if (p.x, p.y) in cells]
    building = None
    if house is not None and attacker_won:
        # 2025 §7.10: the winner may lower it; 2003 §6.10-11: it is lowered unless the winner
        # spares it (his attacker stood on its cell); magical or neutral winners always lower it.
        lowering = beasts or (lower if ec.year_of(vs) == 2025 else not spare)
        levels, after = _lower(vs, house.detail("structure")) if lowering else (False, house.detail("structure"))
        owner = house.owner if keep_owner or beasts else won
        building = {"what": _named(part, house), "from": house.owner, "to": owner if after is not None else None,
                    "structure": house.detail("structure"), "after": after, "lowered": levels,
                    "destroyed": levels and after is None,
                    "after_name": _structure_name(vs, after) if levels and after is not None else None}  # fmt: skip
    effect: dict[str, Any] = {
        "cell": cell_name(x, y), "winner": won, "attacker_won": attacker_won, "troops": [t.id for t in standing],
        "names": [dict(t.name) for t in standing], "before": [[p.troop, p.owner] for p in here],
        "fallen": [cell_name(fx, fy) for fx, fy in cells], "fell": fell, "building": building,
        "beasts": beasts, "edition": ec.year_of(vs), "idle_due": None}  # fmt: skip
    if building is not None and building["to"] != building["from"] and ec.year_of(vs) == 2025:
        # §7.12: a building that changes hands loses its active action, for a year (§1.3)
        effect["idle_due"] = state.next_turn_of(state.whose) if state.whose else None
    moved = {(x, y): [(t.id, won) for t in standing], **{c: [] for c in cells}}
    objects = _objects_after(part.objects, x, y, building)
    effect["lifted"] = _lifted(state, _pieces_after(part, moved), objects)
    return Decided(effect)


def _structure_name(vs: VsData, structure: str) -> dict[str, str]:
    built = next((s for s in vs.structures if s.id == structure), None)
    if built is not None:
        return dict(built.name)
    mine = next((m for m in vs.mines if f"mine-{m.level}" == structure), None)
    return dict(mine.name) if mine is not None else {lang: structure for lang in ("ru", "en")}


def _objects_after(objects: tuple[MapObject, ...], x: int, y: int,
                   building: Mapping[str, Any] | None) -> tuple[MapObject, ...]:  # fmt: skip
    """The map's objects after a battle: the building on the cell with its new owner and level; a
    destroyed one gone (a destroyed mine leaves its vein, unopened and nobody's)."""
    if building is None:
        return objects
    out = []
    for o in objects:
        if (o.x, o.y) != (x, y) or not _building_of(o):
            out.append(o)
            continue
        if building["destroyed"]:
            if o.kind == "resource":
                details = tuple((k, v) for k, v in o.details if k != "structure")
                out.append(dataclasses.replace(o, owner=None, details=details))
            continue
        details = tuple((k, building["after"] if k == "structure" else v) for k, v in o.details)
        out.append(dataclasses.replace(o, owner=building["to"], details=details))
    return tuple(out)


def _battled(state: State, effect: Effect) -> State:
    part = _treasury(state)
    x, y = parse_cell(str(effect["cell"]))
    won = effect["winner"]
    moved = {(x, y): [(str(t), won) for t in effect["troops"]],
             **{parse_cell(str(c)): [] for c in effect.get("fallen", ())}}  # fmt: skip
    objects = _objects_after(part.objects, x, y, effect.get("building"))
    state = dataclasses.replace(state, part=dataclasses.replace(part, pieces=_pieces_after(part, moved),
                                                                objects=objects))  # fmt: skip
    state = _lifting(state, effect)
    building = effect.get("building")
    if effect.get("idle_due") is not None and building is not None:
        what = {lang: label("vev_idle_ends", lang, cell=effect["cell"], what=_said(building["what"], lang),
                            owner=building["to"] or label("vev_neutral", lang)) for lang in ("ru", "en")}  # fmt: skip
        state = state.counting(Countdown(f"{IDLE_KEY}:{effect['cell']}", what, int(effect["idle_due"])))
    return state


def _said(words: Any, lang: str) -> str:
    return str(words.get(lang, "")) if isinstance(words, dict) else str(words)


def _battle_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    winner = effect["winner"] or neutral
    side = label("vev_attacker" if effect["attacker_won"] else "vev_defender", lang)
    names = ", ".join(_said(n, lang) for n in effect.get("names", ())) or label("vev_no_troops", lang)
    said = [label("vev_battle", lang, cell=effect["cell"], winner=winner, side=side, troops=names)]
    if effect["attacker_won"] and effect.get("before"):
        said.append(label("vev_losers_gone", lang))
    for cell, _, owner in effect.get("fell", ()):
        said.append(label("vev_fell", lang, cell=cell, owner=owner or neutral))
    building = effect.get("building")
    if building is not None:
        what = _said(building["what"], lang)
        if building["destroyed"]:
            said.append(label("vev_destroyed", lang, what=what))
        else:
            if building["lowered"]:
                said.append(label("vev_lowered", lang, what=what, after=_said(building["after_name"], lang)))
            if building["to"] != building["from"]:
                said.append(label("vev_building_passes", lang, what=what, before=building["from"] or neutral,
                                  after=building["to"] or neutral))  # fmt: skip
            else:
                said.append(label("vev_building_stays", lang, what=what, owner=building["to"] or neutral))
        if effect.get("beasts"):
            said.append(label("vev_beasts", lang))
        elif not building["destroyed"] and not building["lowered"] and effect.get("edition") == 2003:
            said.append(label("vev_spared", lang))
    if effect.get("idle_due") is not None:
        said.append(label("vev_idle_until", lang, due=effect["idle_due"]))
    return "; ".join(said) + _lifted_words(effect, lang)


BATTLE = EventKind(
    "battle",
    {"ru": "Исход боя на карте: кто победил, кто остался на клетке, чья теперь постройка; доход пойдёт по карте.",
     "en": "A battle's outcome on the map: who won, who stands on the cell, whose the building is; income follows."},
    (
        Input("cell", Text(8), {"ru": "Клетка, на которую напали (E2).", "en": "The cell attacked (E2)."},
              flag="--cell", required=True),
        Input("winner", Text(80), {"ru": "Победитель (none — нейтральные).", "en": "The winner (none: the neutrals)."},
              flag="--winner", required=True),
        Input("troops", Text(200), {"ru": "Войска победителя, что стоят на клетке после боя (knights zombie:2); "
                                          "пусто — никого.",
                                    "en": "The winner's troops standing on the cell after it (knights zombie:2); "
                                          "empty: none."}, flag="--troops"),
        Input("fallen", Text(200), {"ru": "Другие клетки, чьи войска погибли в этом бою (E3 F3).",
                                    "en": "Other cells whose troops fell in this battle (E3 F3)."}, flag="--fallen"),
        Input("keep_owner", Flag(), {"ru": "Постройка остаётся прежнему хозяину (ничья или желание победителя).",
                                     "en": "The building keeps its owner (a draw, or the winner's wish)."},
              flag="--keep-owner"),
        Input("lower", Flag(), {"ru": "ВС 2025: победитель понижает постройку на уровень (§7.10).",
                                "en": "VS 2025: the winner lowers the building a level (§7.10)."}, flag="--lower"),
        Input("spare", Flag(), {"ru": "ВС 2003: постройка не понижается — нападавший стоял на её клетке (§6.11).",
                                "en": "VS 2003: the building is not lowered, its attacker stood on its cell (§6.11)."},
              flag="--spare"),
        Input("magical", Flag(), {"ru": "В победителях только магические войска (зомби, драконы, корабли-призраки).",
                                  "en": "Only magical troops won (zombies, dragons, ghost ships)."}, flag="--magical"),
    ),
    _battle,
    _battled,
    _battle_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record battle vs.sqlite --cell I3 --winner Юг --troops knights",
    ),
)  # fmt: skip


# ---- markers for a year: no active action, a siege ------------------------------------------------


def _standing(part: Treasury, x: int, y: int) -> tuple[dict[str, str], str | None] | None:
    """What stands on a cell, in words, and whose: its troops, else its building; None: nothing."""
    here = [p for p in part.pieces if (p.x, p.y) == (x, y)]
    if here:
        troops = [next((t for t in part.vs.troops if t.id == p.troop), None) for p in here]
        return ({lang: ", ".join(t.name[lang] if t else p.troop for t, p in zip(troops, here, strict=True))
                 for lang in ("ru", "en")}, here[0].owner)  # fmt: skip
    house = next((o for o in part.objects if (o.x, o.y) == (x, y) and _building_of(o)), None)
    return (_named(part, house), house.owner) if house is not None else None


def _no_action(state: State, cell: str, owners_turn: bool = False, why: str | None = None) -> Decided:
    part = _treasury(state)
    x, y = _cell(state, cell)
    found = _standing(part, x, y)
    if found is None:
        raise Refusal("vev_nothing_there", cell=cell_name(x, y))
    what, owner = found
    # A year (2025 §1.3: an active action comes back after a year; §8.5: a year runs to the start
    # of the turn of the player in whose turn it began), or, the other reading, to the start of the
    # owner's own next turn (2003 §1.4 gives a spent action back then).
    until = owner if owners_turn and owner in state.players else state.whose
    due = state.next_turn_of(until) if until else state.turn + 1
    return Decided({"cell": cell_name(x, y), "what": what, "owner": owner, "due": due, "until": until,
                    "owners_turn": owners_turn and until == owner, "why": (why or "").strip()})  # fmt: skip


def _idled(state: State, effect: Effect) -> State:
    what = {lang: label("vev_idle_ends", lang, cell=effect["cell"], what=_said(effect["what"], lang),
                        owner=effect["owner"] or label("vev_neutral", lang)) for lang in ("ru", "en")}  # fmt: skip
    return state.counting(Countdown(f"{IDLE_KEY}:{effect['cell']}", what, int(effect["due"])))


def _no_action_words(effect: Effect, lang: str) -> str:
    reading = label("vev_idle_owner" if effect.get("owners_turn") else "vev_idle_year", lang, player=effect["until"])
    said = label("vev_idle", lang, cell=effect["cell"], what=_said(effect["what"], lang), due=effect["due"],
                 owner=effect["owner"] or label("vev_neutral", lang), reading=reading)  # fmt: skip
    return said + (f" ({effect['why']})" if effect.get("why") else "")


NO_ACTION = EventKind(
    "no-action",
    {"ru": "Метка «нет активного действия» на войске или постройке клетки: на год, затем объявляется конец.",
     "en": "A \"no active action\" marker on a cell's troop or building: for a year, then its end is announced."},
    (
        Input("cell", Text(8), {"ru": "Клетка (E2).", "en": "The cell (E2)."}, flag="--cell", required=True),
        Input("owners_turn", Flag(), {"ru": "Другое прочтение: до начала следующего хода владельца (ВС 2003 §1.4).",
                                      "en": "Other reading: until its owner's next turn begins (VS 2003 §1.4)."},
              flag="--owners-turn"),
        Input("why", Text(80), {"ru": "Отчего (туман сна, найм).", "en": "Why (sleeping fog, just hired)."},
              flag="--why"),
    ),
    _no_action,
    _idled,
    _no_action_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record no-action vs.sqlite --cell E2 --why туман",
    ),
)  # fmt: skip


def _siege(state: State, cell: str, by: str) -> Decided:
    part = _treasury(state)
    vs = part.vs
    x, y = _cell(state, cell)
    bx, by_ = _cell(state, by)
    house = next((o for o in part.objects if (o.x, o.y) == (x, y) and _building_of(o)), None)
    structure = next((s for s in vs.structures if house is not None and s.id == str(house.detail("structure"))), None)
    # 2025 §4.4: a "постройка" (a lord's house or a fortress); 2003 §4.6: a lord's house only
    lord = house is not None and (house.kind in ("town", "port") or (structure is not None and (
        structure.lord or (ec.year_of(vs) == 2025 and structure.id == "fortress"))))  # fmt: skip
    if house is None or not lord:
        raise Refusal("vev_no_siege_house", cell=cell_name(x, y), year=ec.year_of(vs))
    here = [p for p in part.pieces if (p.x, p.y) == (bx, by_)]
    if not here:
        raise Refusal("vev_nothing_there", cell=cell_name(bx, by_))
    troop = next((t for t in vs.troops if t.id == here[0].troop), None)
    if troop is not None and (troop.kind == "magic" or (troop.kind == "sea" and ec.year_of(vs) == 2025)):
        raise Refusal("vev_siege_troop", troop=dict(troop.name), year=ec.year_of(vs))
    if not 1 <= max(abs(bx - x), abs(by_ - y)) <= 2:  # beside it, or one cell between (§4.4, 2003 §4.6)
        raise Refusal("vev_siege_far", cell=cell_name(x, y), by=cell_name(bx, by_))
    besieger = here[0].owner
    # Reading: a siege is the troop's active action, so it stands a year, until that action comes
    # back; it lifts at once when the besieging troop falls (§4.4).
    due = state.next_turn_of(state.whose) if state.whose else state.turn + 1
    return Decided({"cell": cell_name(x, y), "by": cell_name(bx, by_), "what": _named(part, house),
                    "owner": house.owner, "troop": dict(troop.name) if troop else here[0].troop,
                    "besieger": besieger, "due": due})  # fmt: skip


def _besieged(state: State, effect: Effect) -> State:
    neutral = {lang: label("vev_neutral", lang) for lang in ("ru", "en")}
    what = {lang: label("vev_siege_ends", lang, cell=effect["cell"], what=_said(effect["what"], lang),
                        troop=_said(effect["troop"], lang), besieger=effect["besieger"] or neutral[lang])
            for lang in ("ru", "en")}  # fmt: skip
    key = f"{SIEGE_KEY}:{effect['cell']}:{effect['by']}:{effect['besieger'] or ''}"
    return state.counting(Countdown(key, what, int(effect["due"])))


def _siege_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    return label("vev_siege", lang, cell=effect["cell"], what=_said(effect["what"], lang),
                 owner=effect["owner"] or neutral, troop=_said(effect["troop"], lang),
                 besieger=effect["besieger"] or neutral, by=effect["by"], due=effect["due"])  # fmt: skip


SIEGE = EventKind(
    "siege",
    {"ru": "Осада постройки войском рядом или через клетку: найма там нет год или пока осаждающий не погибнет.",
     "en": "A building besieged by a troop beside it or a cell away: no hiring there for a year, or till it falls."},
    (
        Input("cell", Text(8), {"ru": "Клетка осаждённой постройки (E2).", "en": "The besieged building's cell (E2)."},
              flag="--cell", required=True),
        Input("by", Text(8), {"ru": "Клетка осаждающего войска (E4).", "en": "The besieging troop's cell (E4)."},
              flag="--by", required=True),
    ),
    _siege,
    _besieged,
    _siege_words,
    (
        "printkit evening start examples/vs-2025.yaml --file vs.sqlite",
        "printkit evening record troops vs.sqlite --cell H7 --player Север --troops elves",
        "printkit evening record siege vs.sqlite --cell H9 --by H7",
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


TABLE = Table(begin=begin, kinds=(INCOME, CASH, TRANSFER, SPELL, CAPTURE, TROOPS, BATTLE, NO_ACTION, SIEGE),
              json=_json, lines=_lines, owner=_owner, papers=_papers, turn_ends=_turn_ends,
              game_map=lambda state: _treasury(state).game_map(), now=_now, given=_given, offers=_offers,
              kept=(MapObject, Piece))  # fmt: skip
