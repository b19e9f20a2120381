"""A VS evening's map as battles leave it: buildings taken or lowered, troops placed, troops fallen."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printkit.evening import Countdown, Decided, Effect, EventKind, State
from printkit.plugin import Flag, Input, MapObject, Text, cell_name, label, parse_cell

from .. import economy as ec
from ..model import Piece, VsData
from ..words import Refusal
from .markers import IDLE_KEY, lifted, lifted_words, lifting
from .places import building_of, cell_at, in_words, named
from .treasury import Treasury, ruler_of, treasury_of

# ---- the map: buildings taken, troops where they stand -------------------------------------------


NEUTRAL = "none"  # the word for no owner: a building left neutral, a neutral troop


def _owner_word(state: State, player: str) -> str | None:
    """A ruler by name, or None for `none` (neutral)."""
    return None if player.strip().casefold() in (NEUTRAL, "нейтральный", "никто") else ruler_of(state, player)


def _capture(state: State, cell: str, player: str) -> Decided:
    part = treasury_of(state)
    x, y = cell_at(state, cell)
    found = next((o for o in part.objects if (o.x, o.y) == (x, y)), None)
    if found is None or found.kind not in ("building", "town", "port", "resource", "bridge"):
        raise Refusal("vev_nothing_to_take", cell=cell_name(x, y))
    taker = _owner_word(state, player)
    if taker == found.owner:
        raise Refusal("vev_already_his", cell=cell_name(x, y), player=taker or NEUTRAL)
    objects = tuple(dataclasses.replace(o, owner=taker) if o is found else o for o in part.objects)
    return Decided({"cell": cell_name(x, y), "what": named(part, found), "from": found.owner, "to": taker,
                    "lifted": lifted(state, part.pieces, objects)})  # fmt: skip


def _captured(state: State, effect: Effect) -> State:
    part = treasury_of(state)
    x, y = parse_cell(str(effect["cell"]))
    objects = tuple(dataclasses.replace(o, owner=effect["to"]) if (o.x, o.y) == (x, y) else o for o in part.objects)
    return lifting(dataclasses.replace(state, part=dataclasses.replace(part, objects=objects)), effect)


def _capture_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    what = effect["what"]
    what = what.get(lang, "") if isinstance(what, dict) else str(what)
    return label("vev_captured", lang, cell=effect["cell"], what=what, before=effect["from"] or neutral,
                 after=effect["to"] or neutral) + lifted_words(effect, lang)  # fmt: skip


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
    part = treasury_of(state)
    x, y = cell_at(state, cell)
    owner = _owner_word(state, player)
    found = _troop_list(part.vs, troops)
    before = [[p.troop, p.owner] for p in part.pieces if (p.x, p.y) == (x, y)]
    effect = {"cell": cell_name(x, y), "player": owner, "troops": [t.id for t in found], "before": before,
              "names": [dict(t.name) for t in found]}  # fmt: skip
    pieces = _pieces_after(part, {(x, y): [(t.id, owner) for t in found]})
    return Decided({**effect, "lifted": lifted(state, pieces, part.objects)})


def _placed(state: State, effect: Effect) -> State:
    part = treasury_of(state)
    x, y = parse_cell(str(effect["cell"]))
    pieces = _pieces_after(part, {(x, y): [(str(t), effect["player"]) for t in effect["troops"]]})
    state = dataclasses.replace(state, part=dataclasses.replace(part, pieces=pieces))
    return lifting(state, effect)


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


def _troops_words(effect: Effect, lang: str) -> str:
    names = effect.get("names") or [{lang: str(t)} for t in effect["troops"]]
    part_names = ", ".join(n.get(lang, "") for n in names) or label("vev_no_troops", lang)
    who = effect["player"] or label("vev_neutral", lang)
    return label("vev_troops", lang, cell=effect["cell"], troops=part_names, player=who) + lifted_words(effect, lang)


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
    part = treasury_of(state)
    vs = part.vs
    x, y = cell_at(state, cell)
    won = _owner_word(state, winner)
    if lower and spare:
        raise Refusal("vev_lower_spare")
    house = next((o for o in part.objects if (o.x, o.y) == (x, y) and building_of(o)), None)
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
        fx, fy = cell_at(state, word)
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
        building = {"what": named(part, house), "from": house.owner, "to": owner if after is not None else None,
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
    effect["lifted"] = lifted(state, _pieces_after(part, moved), objects)
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
        if (o.x, o.y) != (x, y) or not building_of(o):
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
    part = treasury_of(state)
    x, y = parse_cell(str(effect["cell"]))
    won = effect["winner"]
    moved = {(x, y): [(str(t), won) for t in effect["troops"]],
             **{parse_cell(str(c)): [] for c in effect.get("fallen", ())}}  # fmt: skip
    objects = _objects_after(part.objects, x, y, effect.get("building"))
    state = dataclasses.replace(state, part=dataclasses.replace(part, pieces=_pieces_after(part, moved),
                                                                objects=objects))  # fmt: skip
    state = lifting(state, effect)
    building = effect.get("building")
    if effect.get("idle_due") is not None and building is not None:
        what = {lang: label("vev_idle_ends", lang, cell=effect["cell"], what=in_words(building["what"], lang),
                            owner=building["to"] or label("vev_neutral", lang)) for lang in ("ru", "en")}  # fmt: skip
        state = state.counting(Countdown(f"{IDLE_KEY}:{effect['cell']}", what, int(effect["idle_due"])))
    return state


def _battle_words(effect: Effect, lang: str) -> str:
    neutral = label("vev_neutral", lang)
    winner = effect["winner"] or neutral
    side = label("vev_attacker" if effect["attacker_won"] else "vev_defender", lang)
    names = ", ".join(in_words(n, lang) for n in effect.get("names", ())) or label("vev_no_troops", lang)
    said = [label("vev_battle", lang, cell=effect["cell"], winner=winner, side=side, troops=names)]
    if effect["attacker_won"] and effect.get("before"):
        said.append(label("vev_losers_gone", lang))
    for cell, _, owner in effect.get("fell", ()):
        said.append(label("vev_fell", lang, cell=cell, owner=owner or neutral))
    building = effect.get("building")
    if building is not None:
        what = in_words(building["what"], lang)
        if building["destroyed"]:
            said.append(label("vev_destroyed", lang, what=what))
        else:
            if building["lowered"]:
                said.append(label("vev_lowered", lang, what=what, after=in_words(building["after_name"], lang)))
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
    return "; ".join(said) + lifted_words(effect, lang)


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
