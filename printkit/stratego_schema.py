"""The shape of the Stratego part of a ruleset file, and its conversion into records."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .schema import Boolean, Checker, Choice, Field, Integer, ListOf, Localized, MapOf, Record, Text
from .stratego_model import Rank, StrategoData, Variant
from .yamlsource import Key

SYMBOL = Text(max_len=1, pattern=r"[0-9A-Z]", pattern_hint="one character: a digit or a capital letter")
CELL = Text(max_len=3, pattern=r"[a-j](10|[1-9])", pattern_hint="a cell like c5")

RANK = Record(
    {
        "symbol": Field(SYMBOL, required=True),
        "name": Field(Localized(max_len=40), required=True),
        "strength": Field(Integer(1, 99)),
        "bomb": Field(Boolean(), default=False),
        "flag": Field(Boolean(), default=False),
        "defuses": Field(Boolean(), default=False),
        "runs": Field(Boolean(), default=False),
        "kills_marshal": Field(Boolean(), default=False),
    }
)

VARIANT = Record(
    {
        "name": Field(Localized(max_len=40), required=True),
        "board": Field(
            Record(
                {
                    "files": Field(Integer(4, 10), required=True),
                    "rows": Field(Integer(4, 10), required=True),
                    "setup_rows": Field(Integer(1, 4), required=True),
                }
            ),
            required=True,
        ),
        "lakes": Field(ListOf(CELL, max_items=40), default=[]),
        "counts": Field(MapOf(SYMBOL, Integer(0, 40)), required=True),
    }
)


def _check(data: dict[str, Any], key: Key, ck: Checker) -> None:
    symbols = [r["symbol"] for r in data["ranks"]]
    for name, v in data["variants"].items():
        for symbol in v["counts"]:
            if symbol not in symbols:
                ck.fail((*key, "variants", name, "counts", symbol), f"no rank with symbol {symbol!r}")
        cells = v["board"]["files"] * v["board"]["setup_rows"]
        if sum(v["counts"].values()) > cells:
            ck.fail((*key, "variants", name, "counts"),
                    f"{sum(v['counts'].values())} pieces for only {cells} setup cells")  # fmt: skip


STRATEGO = Record(
    {
        "sides": Field(MapOf(Choice(["red", "blue"]), Localized(max_len=20)), required=True),
        "first": Field(Choice(["red", "blue"]), default="red"),
        "ranks": Field(ListOf(RANK, min_items=2, max_items=20), required=True),
        "variants": Field(MapOf(Text(max_len=20), VARIANT), required=True),
        "house_bombs": Field(Boolean(), default=True),
    },
    check=_check,
)


def build_stratego(data: dict[str, Any] | None) -> StrategoData | None:
    if not data:
        return None
    frozen = MappingProxyType
    return StrategoData(
        sides=frozen({k: frozen(v) for k, v in data["sides"].items()}),
        first=data["first"],
        ranks=tuple(Rank(**{**r, "name": frozen(r["name"])}) for r in data["ranks"]),
        variants=frozen(
            {
                name: Variant(
                    name,
                    frozen(v["name"]),
                    v["board"]["files"],
                    v["board"]["rows"],
                    v["board"]["setup_rows"],
                    frozenset(v["lakes"]),
                    frozen(v["counts"]),
                )
                for name, v in data["variants"].items()
            }
        ),
        house_bombs=data["house_bombs"],
    )
