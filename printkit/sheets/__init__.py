"""Printables every game may use: the rules booklet and a quick-reference card, and the engines behind them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..game import Artefact, Printing, per_player
from ..lazy import names
from ..model import Session


def _has_booklet(session: Session) -> bool:
    return session.ruleset.booklet is not None


# A game lists it where it falls in its build order.
BOOKLET = Artefact(
    "booklet",
    "printkit.sheets.booklet:build",
    _has_booklet,
    "printkit.sheets.booklet:preflight",
    cost=4.0,
    flowing=True,
    finish="printkit.sheets.booklet:finish",
    inputs=("options.greyscale",),  # a game whose booklet_chapters read its session part adds those
    prints=(
        Printing("booklet.pdf", "guide_booklet", copies=0, beside="booklet-print.pdf"),
        Printing("booklet.pdf", "guide_booklet_alone"),  # a library build with Options(imposition=None)
        Printing("booklet-print.pdf", "guide_booklet_print", sides="short"),
    ),
)


def quick_reference(
    module: str, guide: str, available: Callable[[Session], bool] | None = None, sides: str = "single"
) -> Artefact:
    """A game's quick-reference card, one per player: `module` holds its build() and the preflight()
    that `validate` runs; `guide` is the print guide's label key for it."""
    return Artefact(
        "quickref",
        f"{module}:build",
        available,
        f"{module}:preflight",
        cost=0.5,
        flowing=True,
        prints=(Printing("quickref.pdf", guide, copies=per_player, sides=sides),),
    )


# The public names a game may use (see printkit.plugin), each imported from its module on first use.
_PUBLIC = {
    "printkit.sheets.page": (
        "Words",
        "base_context",
        "rules_context",
        "signed",
    ),
    "printkit.sheets.quickref": (
        "check_quickref",
        "table_context",
        "write_quickref",
    ),
    "printkit.sheets.tables": (
        "Table",
        "fraction",
        "make_table",
    ),
    "printkit.sheets.markup": (
        "MarkupError",
        "references",
        "to_html",
    ),
    "printkit.sheets.booklet": ("rules_text",),
    "printkit.sheets.booklet_text": ("load_booklet",),
}

__all__ = [
    "BOOKLET",
    "MarkupError",
    "Table",
    "Words",
    "base_context",
    "check_quickref",
    "fraction",
    "load_booklet",
    "make_table",
    "quick_reference",
    "references",
    "rules_context",
    "rules_text",
    "signed",
    "table_context",
    "to_html",
    "write_quickref",
]

if TYPE_CHECKING:
    from printkit.sheets.booklet import rules_text
    from printkit.sheets.booklet_text import load_booklet
    from printkit.sheets.markup import MarkupError, references, to_html
    from printkit.sheets.page import Words, base_context, rules_context, signed
    from printkit.sheets.quickref import check_quickref, table_context, write_quickref
    from printkit.sheets.tables import Table, fraction, make_table

__getattr__, __dir__ = names(__name__, _PUBLIC)
