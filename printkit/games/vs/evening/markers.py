"""What lasts on a VS evening until a later turn: spells cast, no-active-action markers, sieges."""

from __future__ import annotations

from printkit.evening import Countdown, Decided, Effect, EventKind, State
from printkit.plugin import Flag, Input, MapObject, Text, cell_name, label, parse_cell

from .. import economy as ec
from ..model import Piece
from ..words import Refusal
from .places import building_of, cell_at, in_words, named
from .treasury import Treasury, cash_moved, ruler_of, treasury_of

SIEGE_KEY = "siege"  # a countdown's key: siege:CELL:BESIEGER'S CELL:BESIEGER (empty: neutral)


IDLE_KEY = "no-action"  # a countdown's key: no-action:CELL


# ---- markers the map's change ends ---------------------------------------------------------------


def lifted(state: State, pieces: tuple[Piece, ...], objects: tuple[MapObject, ...]) -> list[str]:
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
            house = next((o for o in objects if (o.x, o.y) == (x, y) and building_of(o)), None)
            if not still or house is None or (owner is not None and house.owner == owner):
                out.append(c.key)
        elif kind == IDLE_KEY:
            x, y = parse_cell(rest)
            if not any((p.x, p.y) == (x, y) for p in pieces) and not any(
                    (o.x, o.y) == (x, y) and building_of(o) for o in objects):  # fmt: skip
                out.append(c.key)
    return out


def lifting(state: State, effect: Effect) -> State:
    for key in effect.get("lifted", ()):
        state = state.cancelling(str(key))
    return state


def lifted_words(effect: Effect, lang: str) -> str:
    """What the map's change ended: each siege lifted, each cell's marker dropped, in words."""
    said = ""
    for key in effect.get("lifted", ()):
        kind, _, rest = str(key).partition(":")
        said += "; " + label("vev_siege_lifted" if kind == SIEGE_KEY else "vev_idle_dropped", lang,
                             cell=rest.split(":")[0])  # fmt: skip
    return said


# ---- a spell cast, lasting a year ----------------------------------------------------------------


def _spell(state: State, player: str, spell: str) -> Decided:
    from ..spells import find_spell

    part = treasury_of(state)
    ruler = ruler_of(state, player)
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
    state = cash_moved(state, ruler, -int(effect["cost"]), int(effect["cash_after"]), "spent")
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


# ---- markers for a year: no active action, a siege -----------------------------------------------


def _standing(part: Treasury, x: int, y: int) -> tuple[dict[str, str], str | None] | None:
    """What stands on a cell, in words, and whose: its troops, else its building; None: nothing."""
    here = [p for p in part.pieces if (p.x, p.y) == (x, y)]
    if here:
        troops = [next((t for t in part.vs.troops if t.id == p.troop), None) for p in here]
        return ({lang: ", ".join(t.name[lang] if t else p.troop for t, p in zip(troops, here, strict=True))
                 for lang in ("ru", "en")}, here[0].owner)  # fmt: skip
    house = next((o for o in part.objects if (o.x, o.y) == (x, y) and building_of(o)), None)
    return (named(part, house), house.owner) if house is not None else None


def _no_action(state: State, cell: str, owners_turn: bool = False, why: str | None = None) -> Decided:
    part = treasury_of(state)
    x, y = cell_at(state, cell)
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
    what = {lang: label("vev_idle_ends", lang, cell=effect["cell"], what=in_words(effect["what"], lang),
                        owner=effect["owner"] or label("vev_neutral", lang)) for lang in ("ru", "en")}  # fmt: skip
    return state.counting(Countdown(f"{IDLE_KEY}:{effect['cell']}", what, int(effect["due"])))


def _no_action_words(effect: Effect, lang: str) -> str:
    reading = label("vev_idle_owner" if effect.get("owners_turn") else "vev_idle_year", lang, player=effect["until"])
    said = label("vev_idle", lang, cell=effect["cell"], what=in_words(effect["what"], lang), due=effect["due"],
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
    part = treasury_of(state)
    vs = part.vs
    x, y = cell_at(state, cell)
    bx, by_ = cell_at(state, by)
    house = next((o for o in part.objects if (o.x, o.y) == (x, y) and building_of(o)), None)
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
    return Decided({"cell": cell_name(x, y), "by": cell_name(bx, by_), "what": named(part, house),
                    "owner": house.owner, "troop": dict(troop.name) if troop else here[0].troop,
                    "besieger": besieger, "due": due})  # fmt: skip


def _besieged(state: State, effect: Effect) -> State:
    neutral = {lang: label("vev_neutral", lang) for lang in ("ru", "en")}
    what = {lang: label("vev_siege_ends", lang, cell=effect["cell"], what=in_words(effect["what"], lang),
                        troop=in_words(effect["troop"], lang), besieger=effect["besieger"] or neutral[lang])
            for lang in ("ru", "en")}  # fmt: skip
    key = f"{SIEGE_KEY}:{effect['cell']}:{effect['by']}:{effect['besieger'] or ''}"
    return state.counting(Countdown(key, what, int(effect["due"])))


def _siege_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    return label("vev_siege", lang, cell=effect["cell"], what=in_words(effect["what"], lang),
                 owner=effect["owner"] or neutral, troop=in_words(effect["troop"], lang),
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
