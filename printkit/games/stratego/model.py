"""Frozen records of Stratego: ranks, variants (board, lakes, counts), the two sides and their setups."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from printkit.plugin import RefusedValue, Ruleset, Session, part_of

Localized = Mapping[str, str]


class StrategoError(RefusedValue):
    """A question the referee cannot answer: its message in English, say(lang) in either language;
    every surface refuses it as it refuses any value (a usage error, exit 2)."""

    def text(self, lang: str) -> str:
        """The message in lang (the name Stratego's callers know it by)."""
        return self.say(lang)


# How a page in each language prints a rank's symbol where the setup strings' Latin letter would
# read as a foreign word: a Russian kit writes the marshal as his strength, the bomb (мина) and the
# flag by their Russian initials (issue 42). The setup strings keep the letters (X, B, F).
PRINTED: Mapping[str, Mapping[str, str]] = {"ru": {"X": "10", "B": "М", "F": "Ф"}}


def shown(symbol: str, lang: str) -> str:
    """A rank's symbol as a page in `lang` prints it."""
    return PRINTED.get(lang, {}).get(symbol, symbol)


@dataclass(frozen=True)
class Rank:
    symbol: str
    name: Localized
    strength: int | None = None  # None: bomb or flag
    bomb: bool = False
    flag: bool = False
    defuses: bool = False  # the Miner
    runs: bool = False  # the Scout: any distance in a straight line
    kills_marshal: bool = False  # the Spy, when it attacks

    @property
    def movable(self) -> bool:
        return not (self.bomb or self.flag)


@dataclass(frozen=True)
class Variant:
    id: str
    name: Localized
    files: int
    rows: int
    setup_rows: int
    lakes: frozenset[str]
    counts: Mapping[str, int]
    gravon: str | None = None  # the game type Gravon archive files give this variant

    @property
    def pieces(self) -> int:
        return sum(self.counts.values())

    def file_letters(self) -> str:
        return "abcdefghij"[: self.files]


@dataclass(frozen=True)
class StrategoData:
    sides: Mapping[str, Localized]
    first: str
    ranks: tuple[Rank, ...]
    variants: Mapping[str, Variant]
    house_bombs: bool
    two_squares: int | None = None  # the ISF limit on moves between two squares (not the document's)

    def rank(self, symbol: str) -> Rank | None:
        """A rank by its symbol, as a Russian page prints it (shown: М for the bomb), or by its
        strength written as a number (10 for the marshal)."""
        for r in self.ranks:
            if r.symbol == symbol.upper() or any(symbol.upper() == s.get(r.symbol) for s in PRINTED.values()):
                return r
        if symbol.isascii() and symbol.isdigit() and len(symbol) <= 3:
            for r in self.ranks:
                if r.strength == int(symbol):
                    return r
        return None

    def marshal(self) -> Rank:
        return max((r for r in self.ranks if r.strength is not None), key=lambda r: r.strength or 0)


EMPTY = "."  # a cell of a setup without a piece


@dataclass(frozen=True)
class Setup:
    """One side's pieces: rows from the owner's back row forward, files a→j as the owner sees them."""

    variant: Variant
    rows: tuple[tuple[str, ...], ...]

    def cells(self) -> list[tuple[int, int, str]]:
        """(row from the back 0.., file 0.., symbol) of every occupied cell."""
        return [(r, f, s) for r, row in enumerate(self.rows) for f, s in enumerate(row) if s != EMPTY]

    def counts(self) -> Counter[str]:
        return Counter(s for _, _, s in self.cells())

    def to_setup40(self, slashes: bool = False) -> str:
        return ("/" if slashes else "").join("".join(row) for row in self.rows)

    def to_grid(self) -> str:
        """A readable grid: the front row on top, the back row next to you, files along the bottom."""
        n = len(self.rows)
        lines = [f"{n - i} | " + " ".join(self.rows[n - 1 - i]) for i in range(n)]
        lines.append("    " + " ".join(self.variant.file_letters()))
        return "\n".join(lines)


class SetupError(ValueError):
    """A setup string that cannot be read; carries every problem found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class StrategoSession:
    """The Stratego part of a session: the variant played and the setups the config gives."""

    variant: str
    setups: Mapping[str, Setup]


@dataclass(frozen=True)
class Marks:
    """What a page prints beside a variant's figures that are not the rules page's own ("" for its own)."""

    pieces: str  # beside the variant's pieces and setup rows
    lakes: str  # beside the lake cells
    two_squares: str  # beside the two-squares limit


def marks_of(ruleset: Ruleset, variant: Variant) -> Marks:
    """The marks of a variant's figures, from the ruleset's sources."""
    mark = ruleset.provenance.mark
    base = f"stratego.variants.{variant.id}"
    pieces = "".join(dict.fromkeys(mark(f"{base}.{path}") for path in ("counts", "board.setup_rows")))
    return Marks(pieces, mark(f"{base}.lakes"), mark("stratego.two_squares"))


def stratego_of(ruleset: Ruleset) -> StrategoData:
    """The Stratego part of a ruleset."""
    return part_of(ruleset, StrategoData)


def stratego_session(session: Session) -> StrategoSession:
    """The Stratego part of a session."""
    return part_of(session, StrategoSession)
