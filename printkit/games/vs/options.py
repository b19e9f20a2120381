"""VS print options of a session: card size, bleed, duplex flip, how many cards, and token size."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from printkit.imposition import CARD_SIZES
from printkit.plugin import MM, Phrase
from printkit.plugin.schema import Boolean, Checker, Choice, Field, Integer, Key, ListOf, MapOf, Number, Record, Text

ORDER_KEYS = ["attack", "fire", "defend", "attack+", "fire+", "defend+"]
TOKEN_KINDS = ["structures", "mines", "troops"]  # a whole group; single ids (castle, mine-2, knights) too
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm)?\s*")


class CardSize(Text):
    """A preset name (standard, poker, bridge, mini, tarot) or "WIDTHxHEIGHTmm"."""

    def __init__(self) -> None:
        super().__init__(max_len=30)
        self.expects = Phrase("cs_hint_card_size", sizes=", ".join(CARD_SIZES))

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"enum": list(CARD_SIZES)}, {"type": "string", "pattern": f"^(?:{_SIZE.pattern})$"}]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        text = super().check(value, key, ck)
        if not isinstance(text, str):
            return text
        if text.lower() in CARD_SIZES:
            return CARD_SIZES[text.lower()]
        match = _SIZE.fullmatch(text)
        if not match:
            return ck.fail(key, Phrase("cs_pattern", text=text, hint=self.expects))
        w, h = float(match.group(1)), float(match.group(2))
        if not (20 <= w <= 200 and 20 <= h <= 280):
            return ck.fail(key, Phrase("cs_card_size_range", text=text))
        return (w, h)


CARDS = Record(
    {
        "size": Field(CardSize(), default=CARD_SIZES["standard"]),
        "bleed_mm": Field(Number(0, 10), default=3.0),
        "gutter_mm": Field(Number(0, 20), default=0.0),
        "corners": Field(Boolean(), default=False, doc="draw a rounded-corner cut guide"),
        "corner_radius_mm": Field(Number(0, 15), default=3.0),
        "duplex": Field(Choice(["long", "short"]), default="long"),
        "per_player": Field(MapOf(Choice(ORDER_KEYS), Integer(0, 999)), default={}),
        "players": Field(ListOf(Text(max_len=40), min_items=1, max_items=8)),
    }
)

COPIES = MapOf(Text(max_len=40, pattern=r"[a-z][a-z0-9+-]*", pattern_hint=Phrase("cs_hint_copies")),
               Integer(0, 50), max_items=100)  # fmt: skip

TOKENS = Record(
    {
        "cell_mm": Field(Number(8, 60), default=20.0),
        "copies": Field(COPIES, default={}, doc="tokens per player: structures, mines, troops, or an id like castle"),
        "neutral": Field(COPIES, default={}, doc="neutral tokens (grey): a group or an id, as copies"),
        "markers": Field(COPIES, default={}, doc="markers per player: capital, siege, no-action, a spell id, ..."),
        "marker_mm": Field(Number(10, 40), default=16.0),
    }
)

COINS = Record(
    {
        "size_mm": Field(Number(12, 40), default=18.0),
        "sets": Field(Integer(0, 50), doc="how many purses of coins the bank prints (default: one per player)"),
    }
)


@dataclass(frozen=True)
class CardOptions:
    size_mm: tuple[float, float] = CARD_SIZES["standard"]
    bleed_mm: float = 3.0
    gutter_mm: float = 0.0
    corners: bool = False
    corner_radius_mm: float = 3.0
    duplex: str = "long"
    per_player: Mapping[str, int] = field(default_factory=dict)  # overrides of the ruleset's counts
    players: tuple[str, ...] | None = None  # names or numbers; None: every player

    @property
    def size(self) -> tuple[float, float]:
        return (self.size_mm[0] * MM, self.size_mm[1] * MM)


@dataclass(frozen=True)
class TokenOptions:
    cell_mm: float = 20.0
    copies: Mapping[str, int] = field(default_factory=dict)  # group or id -> copies per player
    neutral: Mapping[str, int] = field(default_factory=dict)
    markers: Mapping[str, int] = field(default_factory=dict)
    marker_mm: float = 16.0


@dataclass(frozen=True)
class CoinOptions:
    size_mm: float = 18.0
    sets: int | None = None  # None: one purse per player


def build_print_options(data: dict[str, Any]) -> tuple[CardOptions, TokenOptions, CoinOptions]:
    """Card, token and coin options from a checked session config (defaults where it says nothing)."""
    cards = data["cards"] or {}
    tokens = data["tokens"] or {}
    card_options = CardOptions(
        size_mm=(cards["size"][0], cards["size"][1]) if cards else CARD_SIZES["standard"],
        bleed_mm=cards.get("bleed_mm", 3.0),
        gutter_mm=cards.get("gutter_mm", 0.0),
        corners=cards.get("corners", False),
        corner_radius_mm=cards.get("corner_radius_mm", 3.0),
        duplex=cards.get("duplex", "long"),
        per_player=MappingProxyType(dict(cards.get("per_player") or {})),
        players=tuple(cards["players"]) if cards.get("players") else None,
    )
    token_options = TokenOptions(
        tokens.get("cell_mm", 20.0),
        MappingProxyType(dict(tokens.get("copies") or {})),
        MappingProxyType(dict(tokens.get("neutral") or {})),
        MappingProxyType(dict(tokens.get("markers") or {})),
        tokens.get("marker_mm", 16.0),
    )
    coins = data.get("coins") or {}
    return card_options, token_options, CoinOptions(coins.get("size_mm", 18.0), coins.get("sets"))
