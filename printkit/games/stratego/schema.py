"""The Stratego parts of a ruleset and of a session config, and their conversion into records."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from printkit.plugin import Ruleset
from printkit.plugin.schema import (
    Boolean,
    Checker,
    Choice,
    Field,
    Integer,
    Key,
    ListOf,
    Localized,
    MapOf,
    Record,
    Text,
    YamlDocument,
)

from .model import Rank, StrategoData, StrategoSession, Variant, stratego_of
from .setups import SetupError, parse_setup40, problems

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
        "gravon": Field(Text(max_len=20)),
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
        "two_squares": Field(Integer(2, 20)),
    },
    check=_check,
)


RULESET_FIELDS = {"stratego": Field(STRATEGO, required=True)}


def build_rules(data: dict[str, Any]) -> StrategoData:
    """The Stratego records from checked ruleset data."""
    data = data["stratego"]
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
                    v.get("gravon"),
                )
                for name, v in data["variants"].items()
            }
        ),
        house_bombs=data["house_bombs"],
        two_squares=data.get("two_squares"),
    )


SETUP_TEXT = Text(max_len=400, multiline=True)
SETUPS = Record({"red": Field(SETUP_TEXT), "blue": Field(SETUP_TEXT)})

SESSION_FIELDS = {
    "variant": Field(
        Choice(["battle", "duel", "barrage"]),
        doc="Stratego: the 40-piece battle, or the 10-piece duel or 8-piece barrage (published rules)",
    ),
    "setups": Field(SETUPS, doc="Stratego: each side's setup string, printed on its own secret page"),
}


def build_session(data: dict[str, Any], ruleset: Ruleset, doc: YamlDocument, ck: Checker) -> StrategoSession:
    """The variant and the setups of a Stratego session, each checked like `printkit stratego check`."""
    rules = stratego_of(ruleset)
    name = data["variant"] or "battle"
    if name not in rules.variants:
        ck.fail(("variant",), f"the ruleset has no variant {name!r} (it has {', '.join(rules.variants)})")
        return StrategoSession(name, MappingProxyType({}))
    variant = rules.variants[name]
    out = {}
    for side, text in (data["setups"] or {}).items():
        if text is None:
            continue
        try:
            setup = parse_setup40(text, rules, variant)
        except SetupError as exc:
            for problem in exc.problems:
                ck.fail(("setups", side), problem)
            continue
        for problem in problems(setup, rules):
            ck.fail(("setups", side), problem)
        out[side] = setup
    return StrategoSession(name, MappingProxyType(out))
