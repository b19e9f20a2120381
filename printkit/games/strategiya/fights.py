"""«Стратегия» battles solved exactly: win chances, expected rolls and turns, lives left."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...config.model import Session
from .model import Battle

# A fight in progress: lives of A and B, who rolls, and whether each still takes its first blow multiplied.
State = tuple[int, int, str, bool, bool]

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Fighter:
    """One side of a fight: lives, damage per hit, and the items that change a roll."""

    lives: int
    damage: int
    sword_blow: int = 0  # damage of the sword's extra blow on a 3 (0: no sword)
    armour: bool = False  # the enemy's 6 does no harm
    first_times: int = 1  # the first damage this side takes is multiplied (stab in the back, surrounded)
    shield_heal: int = 0  # lives back on a roll of 1 (the shield), up to max_lives
    max_lives: int = 0


@dataclass(frozen=True)
class FightResult:
    win_a: Fraction
    win_b: Fraction
    expected_rolls: Fraction
    lives_left_a: dict[int, Fraction] = field(default_factory=dict)  # when A wins
    lives_left_b: dict[int, Fraction] = field(default_factory=dict)
    exact: bool = True  # False: solved numerically (a shield lets lives go back up)

    @property
    def expected_turns(self) -> Fraction:
        return self.expected_rolls / 2


def _outcomes(battle: Battle, me: Fighter, other: Fighter) -> list[tuple[Fraction, int, bool]]:
    """For the side rolling: (probability, damage dealt, keeps the roll) per face."""
    p = Fraction(1, battle.die)
    out = []
    for face in range(1, battle.die + 1):
        if face >= battle.hit_from:
            harmless = other.armour and face == battle.die
            out.append((p, 0 if harmless else me.damage, True))
        elif face == 3 and me.sword_blow:
            out.append((p, me.sword_blow, False))
        else:
            out.append((p, 0, False))
    return out


def fight(battle: Battle, a: Fighter, b: Fighter, first: str = "a") -> FightResult:
    """Exact: mass flows from higher lives to lower; the passing back and forth at fixed lives is
    a two-state loop solved in closed form, so every state is visited once."""
    if a.damage <= 0 and b.damage <= 0 and not (a.sword_blow or b.sword_blow):
        raise ValueError("neither side can wound the other")
    if a.shield_heal or b.shield_heal:
        return fight_with_healing(battle, a, b, first)
    out_a = _outcomes(battle, a, b)
    out_b = _outcomes(battle, b, a)
    # state: (lives a, lives b, a's first damage pending, b's first damage pending) -> [mass a rolls, mass b rolls]
    start = (a.lives, b.lives, a.first_times > 1, b.first_times > 1)
    mass: dict[tuple[int, int, bool, bool], list[Fraction]] = {
        start: [Fraction(int(first == "a")), Fraction(int(first == "b"))]
    }
    win_a = win_b = rolls = Fraction(0)
    left_a: dict[int, Fraction] = {}
    left_b: dict[int, Fraction] = {}
    while mass:
        state = max(mass, key=lambda s: (s[0] + s[1], s[2], s[3]))
        la, lb, pend_a, pend_b = state
        m_a, m_b = mass.pop(state)
        # Staying at this state: A passes to B, B passes to A, or a harmless roll keeps the roller.
        stay_a = sum(p for p, dmg, again in out_a if dmg == 0 and again)
        pass_a = sum(p for p, dmg, again in out_a if dmg == 0 and not again)
        stay_b = sum(p for p, dmg, again in out_b if dmg == 0 and again)
        pass_b = sum(p for p, dmg, again in out_b if dmg == 0 and not again)
        # Expected visits v_a, v_b: v_a = m_a + stay_a v_a + pass_b v_b ; v_b = m_b + stay_b v_b + pass_a v_a
        x, y = 1 - stay_a, 1 - stay_b
        det = x * y - pass_a * pass_b
        v_a = (m_a * y + pass_b * m_b) / det
        v_b = (m_b * x + pass_a * m_a) / det
        rolls += v_a + v_b
        for roller, visits, outcomes in (("a", v_a, out_a), ("b", v_b, out_b)):
            if not visits:
                continue
            for p, dmg, again in outcomes:
                if dmg == 0:
                    continue
                flow = visits * p
                if roller == "a":
                    hit = dmg * (b.first_times if pend_b else 1)
                    nb = lb - hit
                    if nb <= 0:
                        win_a += flow
                        left_a[la] = left_a.get(la, 0) + flow
                        continue
                    nxt = (la, nb, pend_a, False)
                    slot = 0 if again else 1
                else:
                    hit = dmg * (a.first_times if pend_a else 1)
                    na = la - hit
                    if na <= 0:
                        win_b += flow
                        left_b[lb] = left_b.get(lb, 0) + flow
                        continue
                    nxt = (na, lb, False, pend_b)
                    slot = 1 if again else 0
                entry = mass.setdefault(nxt, [Fraction(0), Fraction(0)])
                entry[slot] += flow
    return FightResult(win_a, win_b, rolls, left_a, left_b)


def fight_with_healing(
    battle: Battle, a: Fighter, b: Fighter, first: str = "a", tolerance: float = 1e-13
) -> FightResult:
    """With a shield, lives can go back up, so mass no longer only flows downwards: solve the
    absorbing chain by Gauss-Seidel sweeps to within `tolerance` (the answer is a float)."""
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
                dmg = me.sword_blow
            elif face == 1 and me.shield_heal:
                heal = me.shield_heal
            na, nb, npa, npb = la, lb, pa, pb
            if roller == "a":
                na = min(max_a, la + heal)
                if dmg:
                    nb = lb - dmg * (b.first_times if pb else 1)
                    npb = False
            else:
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

    start: State = (a.lives, b.lives, first, a.first_times > 1, b.first_times > 1)
    table: dict[State, list[tuple[float, State | str]]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state in table:
            continue
        table[state] = moves(*state)
        todo.extend(nxt for _, nxt in table[state] if isinstance(nxt, tuple) and nxt not in table)
    win = dict.fromkeys(table, 0.0)
    rolls = dict.fromkeys(table, 0.0)
    for _ in range(100_000):
        change = 0.0
        for state, outs in table.items():
            w = sum(q * (win[nxt] if isinstance(nxt, tuple) else 1.0 if nxt == "A" else 0.0) for q, nxt in outs)
            r = 1.0 + sum(q * rolls[nxt] for q, nxt in outs if isinstance(nxt, tuple))
            change = max(change, abs(w - win[state]), abs(r - rolls[state]) / max(1.0, r))
            win[state], rolls[state] = w, r
        if change < tolerance:
            break
    chance = Fraction(win[start]).limit_denominator(10**15)
    return FightResult(chance, 1 - chance, Fraction(rolls[start]).limit_denominator(10**9), {}, {}, exact=False)


def hide_chance(hiders: list[int], seekers: list[int], die: int = 6) -> Fraction:
    """Hiding in a town: each side sums D6 × intellect over its heroes; hiders vanish if theirs is higher."""

    def side(intellects: list[int]) -> dict[int, Fraction]:
        dist = {0: Fraction(1)}
        for smart in intellects:
            nxt: dict[int, Fraction] = {}
            for v, p in dist.items():
                for face in range(1, die + 1):
                    nxt[v + face * smart] = nxt.get(v + face * smart, 0) + p / die
            dist = nxt
        return dist

    h, s = side(hiders), side(seekers)
    return sum((ph * ps for vh, ph in h.items() for vs, ps in s.items() if vh > vs), Fraction(0))


def fighters_from_config(session: Session, marker_a: str, marker_b: str) -> tuple[Fighter, Fighter, list[str]]:
    """Two heroes of a config by their map markers: lives and damage from strength and items, and
    notes on what the exact model leaves out."""
    from ...errors import UsageError
    from . import heroes as H
    from .model import rules_of

    rules = rules_of(session.ruleset)
    found = H.marked_heroes(session)

    notes: list[str] = []

    def fighter(marker: str) -> Fighter:
        hero = found.get(marker.casefold())
        if hero is None:
            raise UsageError(f"no hero marked {marker!r} in the config; markers: {' '.join(sorted(found))}")
        owned = H.owned(rules, hero)
        damage = hero.strength + sum(o.damage for o in owned)
        for o in owned:
            damage *= o.damage_times
        swords = sum(1 for o in owned if o.id == "sword")
        blow = damage * (2 if swords >= 2 else 1) if swords else 0
        who = hero.name or marker
        if any(o.flight == 7 for o in owned):
            notes.append(f"{who}'s dragon: damage ×2 is in; its own D6 each turn is not")
        shield = 4 if any(o.id == "shield" for o in owned) else 0
        return Fighter(H.current_lives(rules, hero), damage, blow, any(o.id == "armour" for o in owned),
                       shield_heal=shield, max_lives=H.max_lives(rules, hero))  # fmt: skip

    return fighter(marker_a), fighter(marker_b), notes
