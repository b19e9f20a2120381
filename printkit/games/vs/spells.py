"""VS spells at the table: a spell's D6 table or chance, cast with a die (and a mage's mithril amulet)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from printkit.plugin import Line, Para, label

from .economy import with_amulet, year_of
from .model import Outcome, Spell, VsData
from .words import Refusal, hint, listed


def find_spell(vs: VsData, name: str) -> Spell:
    """A spell by id or name in either language, any case and the usual Russian forms ("шторма")."""
    from printkit.plugin import forgiving_match

    pairs = [(n, s) for s in vs.spells for n in (s.id, *s.name.values())]
    found = forgiving_match(name.strip(), pairs, parts=True)  # said at the table: part of a name will do
    if found is None:
        spells = [(s.id, s.name) for s in vs.spells]
        raise Refusal("sp_unknown", name=name, names=listed(spells), hint=hint(name, spells))
    return found


def chance_faces(p: Fraction) -> int:
    """The lowest face of a D6 that makes a chance of p: 1/2 is 4-6, 1/3 is 5-6 (a reading: the text
    gives the chance, not the faces, and the faces let the amulet's +1 work)."""
    six = p * 6
    if six.denominator != 1 or not 0 < six <= 6:
        raise ValueError(f"{p} is no whole number of faces of a D6")
    return 7 - int(six)


def faces_rolled(outcome: Outcome, amulet: bool, cap: int = 6) -> tuple[int, int] | None:
    """The faces of the die as rolled that give an outcome: its own, or with the amulet's +1 (never
    above the cap, 2025 §8.8) one lower, the top face kept; None when no roll can give it."""
    faces = [f for f in range(1, 7) if outcome.low <= (min(f + 1, cap) if amulet else f) <= outcome.high]
    return (faces[0], faces[-1]) if faces else None


@dataclass(frozen=True)
class Cast:
    """A spell at the table: its price, its D6 table or chance, and what a die rolled makes of it."""

    spell: Spell
    cost: int
    face: int | None  # the die as rolled
    raised: int | None  # with the amulet's +1
    amulet: bool
    low: int | None  # chance spells: the lowest face that works
    result: dict[str, str] | None  # the outcome's words
    works: bool | None  # chance spells: did it work
    year: int = 2025
    cap: int = 6  # a die raised above it counts as it (2025 §8.8)
    race: str | None = None  # 2003 §4.8: the race whose mages cast it, "all" for any mage; None: 2025

    def table(self) -> list[tuple[Outcome, tuple[int, int] | None, Fraction]]:
        """Each outcome with the faces of the die as rolled that give it (with the amulet's +1 when
        it is worn: 2025 §5.3, §8.8) and its chance."""
        out = []
        for o in self.spell.outcomes:
            faces = faces_rolled(o, self.amulet, self.cap)
            out.append((o, faces, Fraction(faces[1] - faces[0] + 1, 6) if faces else Fraction(0)))
        return out

    def lines(self, lang: str) -> list[Line]:
        s = self.spell
        head = label("sp_head", lang, name=s.name[lang], cost=self.cost, rules=label("ec_rules", lang, year=self.year),
                     range=label("sp_range", lang, n=s.range) if s.range else "")  # fmt: skip
        out: list[Line] = [Para(f"{head}: {s.text[lang]}", "  ")]
        if self.race is not None:
            out.append(Para(label(f"sp_caster_{self.race}", lang), "  "))
        if self.low is not None and s.chance is not None:
            out.append(Para(label(f"sp_chance_{self.year}", lang, p=s.chance, low=self.low), "  "))
            if self.amulet:
                better = Fraction(7 - max(self.low - 1, 1), 6)
                out.append(label("sp_chance_amulet", lang, p=better, low=max(self.low - 1, 1)))
        if self.amulet:
            out.append(Para(label("sp_amulet_cheaper", lang, cost=max(self.cost - 10, 0)), "  "))
        if self.amulet and s.outcomes:
            out.append(Para(label("sp_table_amulet", lang, cap=self.cap), "  "))
        for o, faces, p in self.table():
            shown = "—" if faces is None else str(faces[0]) if faces[0] == faces[1] else f"{faces[0]}-{faces[1]}"
            out.append(f"  {shown:>4}: {o.text[lang]}" + (f" ({p})" if self.amulet else ""))
        if self.face is None:
            return out
        shown = str(self.face) if self.raised == self.face else label("sp_raised", lang, face=self.face,
                                                                         raised=self.raised)  # fmt: skip
        if self.result is not None:
            out.append(label("sp_rolled", lang, face=shown, result=self.result[lang]))
        elif self.works is not None:
            out.append(
                label("sp_rolled", lang, face=shown, result=label("sp_works" if self.works else "sp_fails", lang))
            )
        else:
            out.append(label("sp_no_roll", lang))
        return out

    def json(self, lang: str) -> dict[str, Any]:
        """The spell's outcomes in the answer's language (JSON's keys and ids stay English)."""
        s = self.spell
        low = None if self.low is None else max(self.low - 1, 1) if self.amulet else self.low
        return {"spell": s.id, "cost": self.cost, "amulet": self.amulet,
                "chance": str(Fraction(7 - low, 6)) if low is not None else None,
                "faces": [low, 6] if low is not None else None,
                "outcomes": [{"faces": list(faces) if faces else [], "chance": str(p), "text": o.text[lang]}
                             for o, faces, p in self.table()],
                **({"caster": self.race} if self.race is not None else {}),
                "rolled": self.face, "with_amulet": self.raised if self.amulet else None,
                "result": self.result[lang] if self.result else None, "works": self.works}  # fmt: skip


def cast(vs: VsData, spell: Spell, face: int | None, *, amulet: bool = False) -> Cast:
    """A spell with its price and, given a rolled face, what happens: a D6 table's outcome, or for a
    spell with a chance whether it works. The 2025 amulet adds 1 to the die, capped at 6."""
    if amulet and year_of(vs) != 2025:
        raise Refusal("sp_amulet_2025")
    cost = spell.cost if spell.cost is not None else int(vs.figures["spell_cost"])
    low = chance_faces(spell.chance) if spell.chance is not None else None
    cap = int(vs.figures.get("die_cap") or 6)
    raised = None if face is None else with_amulet(face, cap) if amulet else face
    result = None
    works = None
    if raised is not None:
        if spell.outcomes:
            hit = next(o for o in spell.outcomes if o.low <= raised <= o.high)
            result = dict(hit.text)
        elif low is not None:
            works = raised >= low
    race = spell.school if vs.year == 2003 else None  # 2003 schools are races (§4.8); 2025 has none
    return Cast(spell, cost, face, raised, amulet, low, result, works, vs.year, cap, race)
