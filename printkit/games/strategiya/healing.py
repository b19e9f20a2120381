"""«Стратегия» fights with a shield: lives climb back, so the fight is followed roll by roll."""

from __future__ import annotations

from fractions import Fraction

from ...errors import RefusedValue
from .fights import Fighter, FightResult, Readings, State
from .model import Battle

# A fight with a shield is followed roll by roll until less than `tolerance` of it is still going;
# heroes a config allows settle in a few hundred rolls, so this bound is never reached by them.
HEALING_MAX_ROLLS = 20_000
AS_WORDED = Readings()  # the rules' own reading wherever they leave room


def fight_with_healing(
    battle: Battle, a: Fighter, b: Fighter, first: str = "a", tolerance: float = 1e-13,
    readings: Readings = AS_WORDED,
) -> FightResult:  # fmt: skip
    """With a shield, lives can go back up, so mass no longer only flows downwards: follow the
    distribution roll by roll until less than `tolerance` is still fighting (the answer is a float)."""
    max_a = max(a.max_lives, a.lives)
    max_b = max(b.max_lives, b.lives)
    p = 1.0 / battle.die

    def moves(la: int, lb: int, roller: str, pa: bool, pb: bool) -> list[tuple[float, State | str]]:
        me, other = (a, b) if roller == "a" else (b, a)
        out: list[tuple[float, State | str]] = []
        for face in range(1, battle.die + 1):
            dmg, again = 0, False
            heal = 0
            if face >= battle.hit_from:
                again = True
                dmg = 0 if (other.armour and face == battle.die) else me.damage
            elif face == 3 and me.sword_blow:
                dmg, again = me.sword_blow, readings.sword_keeps_roll
            elif face == 1:
                heal = me.shield_heal
            # On the any-one reading the other side's shield heals on this 1 as well.
            heal_other = other.shield_heal if face == 1 and readings.shield_any_one else 0
            na, nb, npa, npb = la, lb, pa, pb
            if roller == "a":
                nb = min(max_b, lb + heal_other)
                na = min(max_a, la + heal)
                if dmg:
                    nb = lb - dmg * (b.first_times if pb else 1)
                    npb = False
            else:
                na = min(max_a, la + heal_other)
                nb = min(max_b, lb + heal)
                if dmg:
                    na = la - dmg * (a.first_times if pa else 1)
                    npa = False
            if nb <= 0:
                out.append((p, "A"))
            elif na <= 0:
                out.append((p, "B"))
            else:
                nxt = roller if again else ("b" if roller == "a" else "a")
                out.append((p, (na, nb, nxt, npa, npb)))
        return out

    # The exact distribution, roll by roll: what is still fighting after n rolls, and what has
    # ended. Lives climb with the shield, so the chain has loops, but a fight between heroes a
    # config allows (damage at least the strength, lives at most 10 + 5 per 3 strength) ends in
    # a few dozen rolls on average, and the mass still fighting shrinks geometrically.
    start: State = (a.lives, b.lives, first, a.first_times > 1, b.first_times > 1)
    # States are numbered as they are met, and each one's way out is worked out once: the chance
    # to go on to each next state, and the chance that the roll ends the fight for A or for B.
    number: dict[State, int] = {start: 0}
    states: list[State] = [start]
    ways: list[tuple[list[tuple[float, int]], float, float] | None] = [None]
    mass: list[float] = [1.0]  # by state number; 0.0 where nothing is
    active = [0]
    # Every roll's ending is linear in what is fighting, so only the mass passing through each state
    # is summed while the fight is followed; the winners and the lives they keep are read off after.
    through: list[float] = [0.0]
    rolls = dropped = 0.0
    # A state holding less than this is not followed: most of a long fight's states are reached only
    # by dozens of shield heals in a row (each 1/6). What is dropped is counted and never exceeds
    # half the tolerance, so the answer keeps its precision.
    negligible = tolerance * 1e-9
    for _ in range(HEALING_MAX_ROLLS):
        fighting = sum(mass)
        if fighting < tolerance:
            break
        rolls += fighting
        after = [0.0] * len(states)
        for i in active:
            m = mass[i]
            if m < negligible and dropped + m < tolerance / 2:
                dropped += m
                continue
            way = ways[i]
            if way is None:
                way = ways[i] = _way_out(moves(*states[i]), number, states, ways)
                after += [0.0] * (len(states) - len(after))
            through[i] += m
            for q, j in way[0]:
                after[j] += m * q
        through += [0.0] * (len(states) - len(through))
        mass = after
        active = [i for i, v in enumerate(after) if v]
    else:
        raise RefusedValue("rf_e_unsettled", n=HEALING_MAX_ROLLS)
    win_a = win_b = 0.0
    left_a: dict[int, float] = {}
    left_b: dict[int, float] = {}
    for i, m in enumerate(through):
        way = ways[i]
        if not m or way is None:
            continue
        _, ends_a, ends_b = way
        if ends_a:
            win_a += m * ends_a
            left_a[states[i][0]] = left_a.get(states[i][0], 0.0) + m * ends_a
        if ends_b:
            win_b += m * ends_b
            left_b[states[i][1]] = left_b.get(states[i][1], 0.0) + m * ends_b
    total = win_a + win_b
    chance = Fraction(win_a / total).limit_denominator(10**15)

    def shares(left: dict[int, float]) -> dict[int, Fraction]:
        return {k: Fraction(v / total).limit_denominator(10**15) for k, v in left.items()}

    return FightResult(
        chance, 1 - chance, Fraction(rolls).limit_denominator(10**9), shares(left_a), shares(left_b), False,
        battle.rolls_per_turn,
    )  # fmt: skip


def _way_out(
    outs: list[tuple[float, State | str]],
    number: dict[State, int],
    states: list[State],
    ways: list[tuple[list[tuple[float, int]], float, float] | None],
) -> tuple[list[tuple[float, int]], float, float]:
    """One state's moves as (chance, next state's number) pairs, faces with the same result counted
    once, and the chances that A or B wins on this roll; states met for the first time are numbered."""
    merged: dict[int, float] = {}
    ends_a = ends_b = 0.0
    for q, nxt in outs:
        if nxt == "A":
            ends_a += q
        elif nxt == "B":
            ends_b += q
        elif isinstance(nxt, tuple):
            j = number.get(nxt)
            if j is None:
                j = number[nxt] = len(states)
                states.append(nxt)
                ways.append(None)
            merged[j] = merged.get(j, 0.0) + q
    return list((q, j) for j, q in merged.items()), ends_a, ends_b
