"""A mental duel of two mages (2025 §4.8): the battle's odds, and whose spells stop for a year."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from printkit.plugin import Line, Note, Para, Ruleset, label

from .answers import BattleOdds, Footnote, Reading, battle_odds, chance, odds_table
from .battle import ATTACKERS, BOTH, DEFENDERS
from .model import vs_of
from .words import Refusal

AMULETS = ("none", "challenger", "challenged", "both")
SIDES = {"challenger": ATTACKERS, "challenged": DEFENDERS}


@dataclass(frozen=True)
class DuelAnswer:
    """A mental duel fought as a battle of the two mages' cards: each mage's chance to win, of a
    draw, and to lose the right to cast for a year, with orders at random and at both sides' best."""

    odds: BattleOdds
    amulet: str  # none, challenger, challenged or both: who wears the mithril amulet
    draw_both_lose: bool  # the other reading of a draw: both mages lose their spells for a year
    duel_kills: bool  # the other reading of the outcome: the loser's mage leaves the map
    distance: int | None
    range: int
    readings: tuple[Reading, ...] = field(default=(), metadata={"json": False})

    def barred(self, side: str, play: str) -> Fraction:
        """The chance that a mage (challenger, challenged) casts no spell for the next year."""
        odds = self.odds.random if play == "random" else self.odds.optimal
        assert odds is not None
        other = DEFENDERS if SIDES[side] == ATTACKERS else ATTACKERS
        return odds.winner(other) + (odds.winner(BOTH) if self.draw_both_lose else 0)

    def _plays(self) -> list[str]:
        return [p for p, o in (("random", self.odds.random), ("optimal", self.odds.optimal)) if o is not None]

    def lines(self, lang: str) -> list[Line]:
        o = self.odds
        mage_a, mage_d = o.unit_name(o.attackers[0], lang), o.unit_name(o.defenders[0], lang)
        out: list[Line] = [Para(label("du_title", lang, a=mage_a, d=mage_d), "  ")]
        plays = self._plays()
        head = [""] + [label(f"rf_col_{p}", lang) for p in plays]
        odds = [o.random if p == "random" else o.optimal for p in plays]
        rows = [[label(f"du_row_{who}", lang), *(chance(x.winner(w)) for x in odds if x is not None)]
                for who, w in (("challenger", ATTACKERS), ("challenged", DEFENDERS), ("draw", BOTH))]  # fmt: skip
        rows.append([label("du_barred", lang), *("" for _ in plays)])
        for side in SIDES:
            rows.append([f"  {label(f'du_side_{side}', lang)}", *(chance(self.barred(side, p)) for p in plays)])
        out += odds_table(head, rows)
        out += [Para(said.say(lang), "  ") for said in o.notes if isinstance(said, Footnote)]
        if self.distance is not None:
            out.append(Para(label("du_distance", lang, n=self.distance, range=self.range), "  "))
        out.append(Note(label("du_rule", lang, range=self.range), "  "))
        out += [Note(r.say(lang), "  ") for r in self.readings]
        if o.optimal is not None and o.optimal.value is not None:
            out.append(Note(label("du_reading_optimal", lang, v=o.optimal.value), "  "))
        if o.random is not None:
            out.append(Note(label("rf_reading_random", lang), "  "))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        o = self.odds
        data: dict[str, Any] = {"edition": o.edition, "amulet": self.amulet, "distance": self.distance,
                                "range": self.range}  # fmt: skip
        for side, unit in (("challenger", o.attackers[0]), ("challenged", o.defenders[0])):
            data[side] = {"squads": unit.squads, "advantage": unit.advantage, "why": list(unit.why)}
        for p in self._plays():
            got = o.random if p == "random" else o.optimal
            assert got is not None
            data[p] = {"challenger": str(got.winner(ATTACKERS)), "challenged": str(got.winner(DEFENDERS)),
                       "draw": str(got.winner(BOTH)),
                       "barred": {side: str(self.barred(side, p)) for side in SIDES}}  # fmt: skip
            if got.value is not None:
                data[p]["value"] = str(got.value)
        data["readings"] = {r.name: r.say(lang) for r in self.readings}
        return data


def duel(rules: Ruleset, *, amulet: str = "none", distance: int | None = None, play: str = "both",
         plain_mage: bool = False, draw_both_lose: bool = False, duel_kills: bool = False) -> DuelAnswer:  # fmt: skip
    """A mental duel (2025 §4.8): "fought as an ordinary battle", so each mage lays its squads' cards
    (the mage's 2 squads, each with its «+», from the 2003 table); the loser casts no spell for a
    year. `amulet`: whose mage wears the mithril amulet (§5.3: the advantage in mental duels)."""
    vs = vs_of(rules)
    if vs.year != 2025:
        raise Refusal("du_2025")
    if amulet not in AMULETS:
        raise Refusal("du_amulet", word=amulet)
    reach = int(vs.figures.get("mental_duel_range") or 6)
    if distance is not None and distance > reach:
        raise Refusal("du_too_far", n=distance, range=reach)
    a = "mage+" if amulet in ("challenger", "both") else "mage"
    d = "mage+" if amulet in ("challenged", "both") else "mage"
    odds = battle_odds(rules, a, d, play=play, plain_mage=plain_mage)

    def reading(name: str, key: str) -> Reading:
        return Reading(lambda lang: label(key, lang), name)

    readings = (
        reading("outcome", "du_reading_kills" if duel_kills else "du_reading_stays"),
        reading("draw", "du_reading_draw_both" if draw_both_lose else "du_reading_draw_none"),
        reading("mage", "du_reading_plain_mage" if plain_mage else "du_reading_mage_plus"),
    )
    return DuelAnswer(odds, amulet, draw_both_lose, duel_kills, distance, reach, readings)
