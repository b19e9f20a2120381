"""Referee questions asked of a VS evening: its map as it stands, a ruler's cash, the outcome offered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.evening import Offered, State
from printkit.plugin import RefusedValue, cell_name, parse_cell

from ..words import Refusal
from .treasury import income_of, ruler_named, treasury_of


def now(state: State, config: dict[str, Any], the_map: dict[str, Any] | None) -> None:
    """The map as it stands: each building's owner today, and the troops where they stand now."""
    if the_map is None:
        return
    part = treasury_of(state)
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


def given(state: State, question: str, values: dict[str, Any]) -> dict[str, Any]:
    """A ruler's income reckoned from the cash the evening holds for him, unless typed."""
    if question == "income" and values.get("player") and values.get("cash") is None:
        ruler = ruler_named(state, str(values["player"]))
        if ruler is not None:
            return {**values, "cash": treasury_of(state).of(ruler)}
    return values


# What an income typed with these is not the evening's ruler's: it is reckoned, not offered to be paid.
_BY_HAND = ("cash", "lands", "mines", "troops", "fortresses", "bridges", "commander", "tribute", "tribute_deepest")


def offers(state: State, question: str, typed: Mapping[str, Any], values: Mapping[str, Any],
            answer: Any) -> Offered:  # fmt: skip
    """An income reckoned for a ruler of the evening from the evening alone is offered to be paid,
    when paying it gives what the answer says; a spell looked up or cast on a page of the evening,
    to be cast by the mage of the ruler whose turn it is."""
    if question == "spell" and values.get("name") and state.whose is not None:
        return (("spell", {"player": state.whose, "spell": str(values["name"])}),)
    if question != "income" or not values.get("player") or any(typed.get(k) for k in _BY_HAND):
        return ()
    ruler = ruler_named(state, str(values["player"]))
    if ruler is None:
        return ()
    offered = {"player": ruler, **({"personal": values["personal"]} if values.get("personal") else {}),
               **({"cap_before_income": True} if values.get("cap_before_income") else {})}  # fmt: skip
    try:
        paid = income_of(state, **offered).effect["cash_after"]
    except Refusal:
        return (("income", offered),)  # refused as things stand: the asker is told why
    return (("income", offered),) if paid == getattr(getattr(answer, "income", None), "cash_after", None) else ()
