"""The Stratego quick reference: ranks, moves, attacks with their exceptions, both bomb rules, winning."""

from __future__ import annotations

import re
from typing import Any

from printkit.plugin import Build, Session, label
from printkit.sheets import check_quickref, rules_context, write_quickref

from .model import Rank, Variant, marks_of, shown, stratego_of

# The variants the rules text names without describing (its duel); others come from elsewhere.
NAMED_BY_TEXT = ("duel",)
FLAG = re.compile(r"(--[a-z][a-z-]*[a-z])")  # a referee's switch named on the card: printed whole


def context(session: Session) -> dict[str, Any]:
    """The Stratego card: ranks and counts, moves, attacks with the exceptions, the two rules on
    bombs, the two-squares rule and how to win. Outcomes come from the referee's own function."""
    from .attack import attack, describe

    data = stratego_of(session.ruleset)
    lang = session.language
    variants = list(data.variants.values())
    marks = {v.id: marks_of(session.ruleset, v) for v in variants}
    ranks = []
    for r in data.ranks:
        moves = "sq_move_none" if not r.movable else ("sq_move_line" if r.runs else "sq_move_one")
        counts = [v.counts.get(r.symbol, 0) or "—" for v in variants]
        row = {"symbol": shown(r.symbol, lang), "name": r.name[lang], "strength": r.strength or "—", "counts": counts}
        ranks.append({**row, "moves": label(moves, lang)})

    def get(symbol: str) -> Rank:
        found = data.rank(symbol)
        assert found is not None, symbol
        return found

    cases = [("1", "X"), ("X", "1"), ("3", "B"), ("5", "B"), ("4", "F"), ("7", "7")]
    special = []
    for a, d in cases:
        house = attack(data, get(a), get(d))
        original = attack(data, get(a), get(d), original_bombs=True)
        pair = label("sq_pair", lang, a=shown(a, lang), d=shown(d, lang))
        special.append({"pair": pair, "house": describe(house, lang), "original": describe(original, lang)})
    battle = variants[0]
    about = []
    for v in variants:
        values = {"name": v.name[lang], "n": v.pieces, "rows": v.setup_rows, "mark": marks[v.id].pieces}
        if not marks[v.id].pieces:
            about.append(label("sq_variant_document", lang, **values))
        else:
            key = "sq_variant_duel" if v.id in NAMED_BY_TEXT else "sq_variant_other"
            about.append(label(key, lang, **values))
    lakes = " ".join(sorted(battle.lakes, key=lambda c: (int(c[1:]), c[0])))
    two = marks[battle.id].two_squares
    # Every mark the page prints, explained at its foot in the order of the ruleset's documents.
    printed = [m for v in variants for m in (marks[v.id].pieces, marks[v.id].lakes)] + [two if data.two_squares else ""]
    return {
        **rules_context(session),
        "variants": [v.name[lang] + marks[v.id].pieces for v in variants],
        "about_variants": about,
        "board": label("sq_board_rules", lang, lakes=lakes, mark=marks[battle.id].lakes),
        "grid": _grid(battle),
        "ranks": ranks,
        "setup": label("sq_setup_rules", lang, n=battle.pieces, rows=battle.setup_rows),
        "moves": label("sq_move_rules", lang),
        "scout": [(run, run.startswith("--")) for run in FLAG.split(label("sq_scout_rules", lang)) if run],
        "two_squares": label("sq_two_squares", lang, n=data.two_squares, mark=two) if data.two_squares else None,
        "notes": session.ruleset.provenance.notes(printed, lang),
        "attack": label("sq_attack_rules", lang),
        "special": special,
        "house": label("st_house_rule", lang),
        "original": label("st_original_rule", lang),
        "win": label("sq_win_rules", lang),
    }


def _grid(v: Variant) -> list[tuple[int, list[str]]]:
    """The board from blue's back row down: each cell 'red', 'blue', 'lake' or '' (neutral)."""
    letters = v.file_letters()
    rows = []
    for r in range(v.rows, 0, -1):
        kinds = []
        for f in letters:
            if f"{f}{r}" in v.lakes:
                kinds.append("lake")
            elif r <= v.setup_rows:
                kinds.append("red")
            elif r > v.rows - v.setup_rows:
                kinds.append("blue")
            else:
                kinds.append("")
        rows.append((r, kinds))
    return rows


def build(b: Build) -> None:
    """The kit's quickref.pdf."""
    write_quickref(b.session, "stratego/quickref.html.j2", context(b.session), b.writer.path("quickref.pdf"))
    b.progress("quickref", 1, 1)


def preflight(b: Build) -> None:
    """What `validate` runs: the card must keep to its sides, as build() lays it out."""
    check_quickref(b.session, "stratego/quickref.html.j2", context(b.session))
