"""«Стратегия» battles: win chances, expected rolls and turns, lives left; exact, or roll by roll with a shield."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from printkit.plugin import Phrase, RefusedValue, Session, label

from . import heroes as H
from .model import Battle, rules_of

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
    name: str = ""  # the hero of a config who fights, and its map marker ("" for lives and damage given)
    marker: str = ""


@dataclass(frozen=True)
class FightResult:
    win_a: Fraction
    win_b: Fraction
    expected_rolls: Fraction
    lives_left_a: dict[int, Fraction] = field(default_factory=dict)  # when A wins
    lives_left_b: dict[int, Fraction] = field(default_factory=dict)
    exact: bool = True  # False: solved in floating point (a large fight, or a shield)
    rolls_per_turn: int = 2

    @property
    def expected_turns(self) -> Fraction:
        return self.expected_rolls / self.rolls_per_turn


@dataclass(frozen=True)
class Readings:
    """Where the rules leave a battle open, the reading taken; printed with every answer."""

    sword_keeps_roll: bool = False  # after the sword's blow on a 3 the striker rolls again
    shield_any_one: bool = False  # a shield heals on any 1 rolled, not only its holder's own

    def describe(self, a: Fighter, b: Fighter, lang: str) -> list[str]:
        """The readings that matter for these two fighters, in words."""
        out = []
        if a.sword_blow or b.sword_blow:
            out.append(label("rf_sword_keeps" if self.sword_keeps_roll else "rf_sword_passes", lang))
        if a.shield_heal or b.shield_heal:
            out.append(label("rf_shield_any" if self.shield_any_one else "rf_shield_own", lang))
        if a.armour or b.armour:
            out.append(label("rf_armour", lang))
        return out


def _outcomes(
    battle: Battle, me: Fighter, other: Fighter, readings: Readings = Readings()
) -> list[tuple[Fraction, int, bool]]:
    """For the side rolling: (probability, damage dealt, keeps the roll) per face."""
    p = Fraction(1, battle.die)
    out = []
    for face in range(1, battle.die + 1):
        if face >= battle.hit_from:
            harmless = other.armour and face == battle.die
            out.append((p, 0 if harmless else me.damage, True))
        elif face == 3 and me.sword_blow:
            out.append((p, me.sword_blow, readings.sword_keeps_roll))
        else:
            out.append((p, 0, False))
    return out


# Up to this many hit-count states a fight is solved in exact fractions; beyond, in floats (the
# fractions grow to thousands of digits and nobody reads them; see bench/fights.py).
EXACT_STATES = 2500


def _plain(a: Fighter, b: Fighter) -> bool:
    """No item changes a roll and both sides can wound: the fight is a race of hits."""
    return not (a.sword_blow or b.sword_blow or a.armour or b.armour or a.shield_heal or b.shield_heal) and (
        a.damage > 0 and b.damage > 0
    )


def fight(battle: Battle, a: Fighter, b: Fighter, first: str = "a", readings: Readings = Readings()) -> FightResult:
    """The odds of a battle, A and B given as fighters; `first` rolls first.

    Without items it is a race of hits (`race`); with the sword or armour lives move in uneven
    steps (`fight_by_lives`); with a shield lives can go back up (`fight_with_healing`)."""
    if a.damage <= 0 and b.damage <= 0 and not (a.sword_blow or b.sword_blow):
        raise RefusedValue("rf_e_no_wound")
    if a.shield_heal or b.shield_heal:
        return fight_with_healing(battle, a, b, first, readings=readings)
    if _plain(a, b):
        return race(battle, a, b, first)
    return fight_by_lives(battle, a, b, first, readings)


def _hits_to_kill(lives: int, damage: int, first_times: int) -> int:
    """Hits that take `lives` to zero when the first one is multiplied."""
    rest = lives - damage * first_times
    return 1 if rest <= 0 else 1 + -(-rest // damage)


def race(battle: Battle, a: Fighter, b: Fighter, first: str = "a") -> FightResult:
    """A fight without items, as a race of hits.

    Every roll hits with the same chance p whoever rolls, and the hitter keeps the roll; so from
    "X rolls" the next hit is X's with chance 1/(1 + q) (q = 1 - p: X may pass and get the roll
    back any even number of times). The fight is then a walk over (A's hits, B's hits, who hit
    last): about hits_A × hits_B states, each visited once, and 1/p rolls per hit on average."""
    n_a = _hits_to_kill(b.lives, a.damage, b.first_times)  # A's hits that kill B
    n_b = _hits_to_kill(a.lives, b.damage, a.first_times)
    p = Fraction(battle.die - battle.hit_from + 1, battle.die)
    exact = n_a * n_b <= EXACT_STATES
    num = Fraction if exact else float
    same = num(1 / (2 - p))  # 1/(1 + q)
    other = 1 - same
    zero = num(0)

    def lives_left(lives: int, damage: int, times: int, hits: int) -> int:
        return lives if hits == 0 else lives - damage * times - damage * (hits - 1)

    left_a: dict[int, Fraction | float] = {}
    left_b: dict[int, Fraction | float] = {}
    win_a = win_b = hits = zero
    # Mass of the states of one row (A has i hits) by B's hits, split by who rolls next.
    a_rolls = [zero] * n_b
    b_rolls = [zero] * n_b
    (a_rolls if first == "a" else b_rolls)[0] = num(1)
    for i in range(n_a):
        next_row = [zero] * n_b
        b_lives = lives_left(b.lives, a.damage, b.first_times, i)
        for j in range(n_b):
            m_a, m_b = a_rolls[j], b_rolls[j]
            if not (m_a or m_b):
                continue
            by_b = other * m_a + same * m_b  # B's next hit
            by_a = same * m_a + other * m_b
            if j + 1 == n_b:
                win_b += by_b
                hits += by_b * (i + n_b)
                left_b[b_lives] = left_b.get(b_lives, zero) + by_b
            else:
                b_rolls[j + 1] += by_b
            if i + 1 == n_a:
                win_a += by_a
                hits += by_a * (n_a + j)
                kept = lives_left(a.lives, b.damage, a.first_times, j)
                left_a[kept] = left_a.get(kept, zero) + by_a
            else:
                next_row[j] += by_a
        a_rolls, b_rolls = next_row, [zero] * n_b
    rolls = hits / p if exact else hits / float(p)

    def frac(x: Fraction | float) -> Fraction:
        return x if isinstance(x, Fraction) else Fraction(x)

    return FightResult(
        frac(win_a), frac(win_b), frac(rolls), {k: frac(v) for k, v in left_a.items()},
        {k: frac(v) for k, v in left_b.items()}, exact, battle.rolls_per_turn,
    )  # fmt: skip


def fight_by_lives(
    battle: Battle, a: Fighter, b: Fighter, first: str = "a", readings: Readings = Readings()
) -> FightResult:
    """Exact: mass flows from higher lives to lower; the passing back and forth at fixed lives is
    a two-state loop solved in closed form, so every state is visited once (highest lives first)."""
    import heapq

    out_a = _outcomes(battle, a, b, readings)
    out_b = _outcomes(battle, b, a, readings)
    # state: (lives a, lives b, a's first damage pending, b's first damage pending) -> [mass a rolls, mass b rolls]
    start = (a.lives, b.lives, a.first_times > 1, b.first_times > 1)
    mass: dict[tuple[int, int, bool, bool], list[Fraction]] = {
        start: [Fraction(int(first == "a")), Fraction(int(first == "b"))]
    }
    win_a = win_b = rolls = Fraction(0)
    left_a: dict[int, Fraction] = {}
    left_b: dict[int, Fraction] = {}
    # Every step that changes a state lowers la + lb, so the highest sum is always complete.
    queue = [(-(start[0] + start[1]), start)]
    while queue:
        _, state = heapq.heappop(queue)
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
                if nxt not in mass:
                    mass[nxt] = [Fraction(0), Fraction(0)]
                    heapq.heappush(queue, (-(nxt[0] + nxt[1]), nxt))
                mass[nxt][slot] += flow
    return FightResult(win_a, win_b, rolls, left_a, left_b, True, battle.rolls_per_turn)


# A fight with a shield is followed roll by roll until less than `tolerance` of it is still going;
# heroes a config allows settle in a few hundred rolls, so this bound is never reached by them.
HEALING_MAX_ROLLS = 20_000


def fight_with_healing(
    battle: Battle, a: Fighter, b: Fighter, first: str = "a", tolerance: float = 1e-13,
    readings: Readings = Readings(),
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


def bow_kill(battle: Battle, shield: bool) -> Fraction:
    """A bow shot kills outright on two top faces in a row; a shielded target needs a third roll
    above 3 as well."""
    p = Fraction(1, battle.die) ** 2
    return p * Fraction(battle.die - 3, battle.die) if shield else p


def escape_chances(battle: Battle, heroes: int) -> tuple[Fraction, Fraction, Fraction]:
    """Fleeing: each hero rolls alone; the chance for one, for all `heroes`, for at least one."""
    each = Fraction(battle.die - battle.escape_from + 1, battle.die)
    return each, each**heroes, 1 - (1 - each) ** heroes


def fighters_from_config(session: Session, word_a: str, word_b: str) -> tuple[Fighter, Fighter, list[Phrase]]:
    """Two heroes of a config by their names or map markers: lives and damage from strength and
    items (each fighter names its hero), and notes on what the exact model leaves out (said in
    either language)."""
    rules = rules_of(session.ruleset)
    notes: list[Phrase] = []

    def fighter(word: str) -> Fighter:
        named = H.find_hero(session, word)
        hero, marker = named.hero, named.marker
        owned = H.in_use(rules, hero)  # a dragon the hero cannot command does not fight for them
        damage = hero.strength + sum(o.damage for o in owned)
        for o in owned:
            damage *= o.damage_times
        swords = sum(1 for o in owned if o.id == "sword")
        blow = damage * (2 if swords >= 2 else 1) if swords else 0
        who = hero.name or marker
        if any(o.damage_times > 1 for o in owned if o.kind == "animals"):
            notes.append(Phrase("rf_dragon", who=who))
        smart = H.intellect(rules, hero)
        notes.extend(Phrase("rf_idle_animal", who=who, animal=dict(o.name), need=o.intellect, has=smart)
                     for o in H.idle_animals(rules, hero))  # fmt: skip
        shield = 4 if any(o.id == "shield" for o in owned) else 0
        return Fighter(H.current_lives(rules, hero), damage, blow, any(o.id == "armour" for o in owned),
                       shield_heal=shield, max_lives=H.max_lives(rules, hero), name=hero.name or "",
                       marker=marker)  # fmt: skip

    return fighter(word_a), fighter(word_b), notes
