"""The Tannhäuser quick reference: dice, duels, turns, movement, actions, gear, levels, modes, odds."""

from __future__ import annotations

import re
from typing import Any

from printkit.plugin import Build, Session, decimal, label
from printkit.sheets import check_quickref, rules_context, write_quickref

from .model import MODES, tannhauser_of

# The rule sections of the card, in two columns: (heading, items); an item "lead | text" prints
# its lead in bold. The figures come from the rules text; see docs/rules/tannhauser.md.
LEFT = [
    ("qt_pools", ["qt_pool_rules", "qt_success_rules", "qt_modifier_rules", "qt_natural10", "qt_natural1"]),
    ("qt_duels", ["qt_duel_rules"]),
    ("qt_turn", ["qt_placement", "qt_initiative", "qt_activation", "qt_cycle"]),
    ("qt_movement", ["qt_move_step", "qt_move_blocked", "qt_move_others", "qt_move_end", "qt_entering"]),
    ("qt_levels", ["qt_level_list", "qt_reinforcement"]),
]
FLAG = re.compile(r"(--[a-z][a-z-]*[a-z])")  # a referee's switch named on the card
RIGHT = [
    ("qt_action", ["qt_action_list", "qt_bull_rush"]),
    ("qt_gear", ["qt_gear_free", "qt_gear_drop", "qt_gear_pass", "qt_gear_pick", "qt_crates"]),
    (
        "qt_modes",
        [
            "qt_mode_any",
            "qt_task_icons",
            "qt_mode_story",
            "qt_mode_death",
            "qt_mode_flag",
            "qt_mode_domination",
            "qt_mode_crates",
        ],
    ),
]


def _parts(text: str) -> list[tuple[str, bool]]:
    """Text in runs, each a referee's flag (True: printed whole, never broken at its hyphens) or not."""
    return [(run, run.startswith("--")) for run in FLAG.split(text) if run]


def item(key: str, lang: str) -> tuple[str, str]:
    """One rule of the card as (its bold lead, or "", and its text). Each mode's victory condition is
    the record sheet's own words (ts_win_*), so the card and the sheet print it alike."""
    wins = {f"win_{m.replace('-', '_')}": label(f"ts_win_{m.replace('-', '_')}", lang) for m in MODES}
    lead, _, text = label(key, lang, **wins).partition(" | ")
    return (lead, text) if text else ("", lead)


def _sections(columns: list[tuple[str, list[str]]], lang: str) -> list[dict[str, Any]]:
    out = []
    for heading, keys in columns:
        items = []
        for key in keys:
            lead, text = item(key, lang)
            items.append({"lead": lead, "parts": _parts(text)})
        out.append({"title": label(heading, lang), "lines": items})
    return out


def context(session: Session) -> dict[str, Any]:
    """The Tannhäuser card: the rules a player reaches for, the odds of a pool and of a duel, each
    computed by the referee's own engine and printed without a false 100 % or 0 %."""
    from .pools import at_least, duel
    from .shares import percent

    lang = session.language
    t = tannhauser_of(session.ruleset)
    lo, hi = t.table_dice
    d_lo, d_hi = t.table_difficulties
    tables = []
    for difficulty in range(d_lo, d_hi + 1):
        rows = [(n, [decimal(percent(at_least(n, difficulty, k)), lang) if k <= n else "" for k in range(1, hi + 1)])
                for n in range(lo, hi + 1)]  # fmt: skip
        tables.append({"difficulty": difficulty, "rows": rows})
    stats = list(range(lo, hi + 1))
    duels = [(a, [decimal(percent(duel(a, d)), lang) for d in stats]) for a in stats]
    # The tables' ranges are printkit's choice: marked, with the footnote under them.
    mark = session.ruleset.provenance.mark("tannhauser.table")
    return {
        **rules_context(session),
        "left": _sections(LEFT, lang),
        "right": _sections(RIGHT, lang),
        "ks": [label("qt_at_least", lang, k=k) for k in range(1, hi + 1)],
        "tables": tables,
        "stats": stats,
        "duels": duels,
        "table_note": label("qt_table_note", lang, lo=lo, hi=hi, d_lo=d_lo, d_hi=d_hi, mark=mark),
        "duel_note": label("qt_duel_note", lang, lo=lo, hi=hi, mark=mark),
        "notes": session.ruleset.provenance.notes([mark], lang),
    }


def build(b: Build) -> None:
    """The kit's quickref.pdf."""
    write_quickref(b.session, "tannhauser/quickref.html.j2", context(b.session), b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)


def preflight(b: Build) -> None:
    """What `validate` runs: the card must keep to its sides, as build() lays it out."""
    check_quickref(b.session, "tannhauser/quickref.html.j2", context(b.session))
