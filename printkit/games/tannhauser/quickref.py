"""The Tannhäuser quick reference: pools, natural 10 and 1, duels, movement and a table of pool odds."""

from __future__ import annotations

from typing import Any

from ...artefact import Build
from ...config.model import Session
from ...labels import label
from ...sheets.page import base_context
from ...sheets.quickref import write_quickref
from .model import tannhauser_of


def context(session: Session) -> dict[str, Any]:
    """The Tannhäuser card: pools, natural 10 and 1, duels, movement, and the odds table computed by
    the referee's own pool engine."""
    from .pools import at_least

    lang = session.language
    t = tannhauser_of(session.ruleset)
    lo, hi = t.table_dice
    d_lo, d_hi = t.table_difficulties
    tables = []
    for difficulty in range(d_lo, d_hi + 1):
        rows = [(n, [f"{float(at_least(n, difficulty, k)) * 100:.0f}" if k <= n else "" for k in range(1, hi + 1)])
                for n in range(lo, hi + 1)]  # fmt: skip
        tables.append({"difficulty": difficulty, "rows": rows})
    return {
        **base_context(session),
        "rules": [label("qt_pool_rules", lang), label("qt_natural10", lang), label("qt_natural1", lang)],
        "duel": label("qt_duel_rules", lang),
        "move": label("qt_move_rules", lang),
        "ks": [label("qt_at_least", lang, k=k) for k in range(1, hi + 1)],
        "tables": tables,
    }


def build(b: Build) -> None:
    """The kit's quickref.pdf."""
    write_quickref(b.session, "quickref-tannhauser.html.j2", context(b.session), b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)
