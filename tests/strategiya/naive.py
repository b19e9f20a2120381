"""A second, deliberately simple «Стратегия» referee written from the rules text by an analyst who never saw
printkit's code (copied from the team's cross-check scripts; kept as written apart from trimming, and
two speed-ups that change no result: heroes copied without the copy module, the winner told apart by
identity instead of list.index's field-by-field comparison).

Written straight from the rules text, deliberately simple (no shared code with the project).
Rules encoded (see /work/scratch/rules/strategiya.yaml for ids and the readings chosen):

  battle (strategiya.battle.d6): the roller throws a D6; 1-3 -> the attack passes to the opponent;
      4-6 -> the roller deals its damage and rolls again; until someone's lives reach 0.
  initiator rolls first (strategiya.battle.initiator).
  two rolls per game turn, whoever's roll (strategiya.battle.rolls-per-turn) -- only affects the
      turn count and per-turn effects (dragon), not who wins.
  damage per hit = strength (+2 two-handed sword, x2 dragon) unless `damage` is given explicitly.
  backstab / surrounded: the FIRST damage a hero receives is multiplied by 2 / 3.
  sword: on the holder's own 3 -> one extra blow (then the attack still passes, reading (a));
      two swords: on the own 3 the blow deals double damage.  `sword_three_continues=True` = reading (b).
  shield: on a 1 the holder regains 4 lives (capped); trigger configurable: 'own' | 'opponent' | 'any'.
  armour: an opponent's 6 deals no damage to the wearer (the opponent still rolls again).
  dragon: x2 damage, and once per game turn the owner rolls a D6 of extra dragon damage.
  escape (strategiya.escape.roll): each fleeing hero rolls a D6, 4-6 succeeds; a failed attempt passes
      the attack to the opponent.
  hiding (strategiya.hide.contest): hiders must STRICTLY exceed seekers; tie -> caught.
      'shared' reading: one D6 per side x sum of intelligences; 'per_hero': one D6 per hero.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

FACES = (1, 2, 3, 4, 5, 6)


# ----------------------------------------------------------------------------- heroes
def max_lives(strength: int) -> int:
    """strategiya.lives.strength-cap: 10 + 5 per full 3 points of strength (str 9 -> 25)."""
    return 10 + 5 * (strength // 3)


@dataclass
class Hero:
    name: str = "hero"
    strength: int = 0
    lives: int | None = None  # default: max_lives(strength)
    damage: int | None = None  # explicit damage per hit; default derived from strength
    swords: int = 0  # 0, 1 or 2
    shield: bool = False
    two_handed: bool = False
    armour: bool = False
    dragon: bool = False
    backstabbed: bool = False  # first damage received x2
    surrounded: bool = False  # first damage received x3
    escape_at: int = 0  # try to flee whenever holding the roll with lives <= this (0 = never)
    cap: int | None = None
    _hit_yet: bool = field(default=False, repr=False)

    def __post_init__(self):
        if self.lives is None:
            self.lives = max_lives(self.strength)
        if self.cap is None:
            self.cap = max(self.lives, max_lives(self.strength))

    def hit_damage(self) -> int:
        d = self.strength if self.damage is None else self.damage
        if self.two_handed:
            d += 2
        if self.dragon:
            d *= 2
        return d


def _receive(target: Hero, amount: int) -> None:
    if amount <= 0:
        return
    mult = 1
    if not target._hit_yet:
        if target.surrounded:
            mult = 3
        elif target.backstabbed:
            mult = 2
        target._hit_yet = True
    target.lives -= amount * mult


@dataclass
class BattleOptions:
    rolls_per_turn: int = 2
    sword_three_continues: bool = False  # False = reading (a): extra blow, then the attack passes
    shield_trigger: str = "own"  # 'own' | 'opponent' | 'any'
    max_turns: int = 10_000


def d6(rng: random.Random) -> int:
    """One D6 roll: a uniform face from 1 to 6 (random() * 6 is uniform to 2^-53; randint is 8 times slower)."""
    return int(rng.random() * 6) + 1


def _copy(hero: Hero) -> Hero:
    """A shallow copy, as copy.copy makes it (a Monte Carlo copies two heroes per battle)."""
    twin = object.__new__(Hero)
    twin.__dict__.update(hero.__dict__)
    return twin


def simulate_battle(a: Hero, b: Hero, rng: random.Random, opts: BattleOptions | None = None) -> dict:
    """One battle, `a` is the initiator and rolls first. Heroes are copied, not mutated."""
    opts = opts or BattleOptions()
    h = [_copy(a), _copy(b)]
    for x in h:
        x._hit_yet = False
    roller = 0
    rolls = 0
    turn = 1
    dragon_done_turn = 0
    while True:
        # dragon: one extra D6 damage roll per game turn for each dragon owner
        if dragon_done_turn < turn:
            dragon_done_turn = turn
            for i in (0, 1):
                if h[i].dragon and h[i].lives > 0 and h[1 - i].lives > 0:
                    _receive(h[1 - i], d6(rng))
            for i in (0, 1):
                if h[i].lives <= 0:
                    return {"winner": 1 - i, "turns": turn, "rolls": rolls}
        me, foe = h[roller], h[1 - roller]
        # escape attempt replaces the roller's attack roll
        if me.escape_at and me.lives <= me.escape_at:
            r = d6(rng)
            rolls += 1
            if r >= 4:
                return {"winner": None, "escaped": roller, "turns": turn, "rolls": rolls}
            roller = 1 - roller
        else:
            r = d6(rng)
            rolls += 1
            # shield
            for i in (0, 1):
                if h[i].shield and r == 1:
                    own = i == roller
                    if (
                        opts.shield_trigger == "any"
                        or (opts.shield_trigger == "own" and own)
                        or (opts.shield_trigger == "opponent" and not own)
                    ):
                        h[i].lives = min(h[i].cap, h[i].lives + 4)
            if r >= 4:
                if not (r == 6 and foe.armour):
                    _receive(foe, me.hit_damage())
                # roller keeps the roll
            elif r == 3 and me.swords:
                _receive(foe, me.hit_damage() * (2 if me.swords == 2 else 1))
                if not opts.sword_three_continues:
                    roller = 1 - roller
            else:
                roller = 1 - roller
            if foe.lives <= 0:
                return {"winner": 0 if h[0] is me else 1, "turns": turn, "rolls": rolls}
        if rolls % opts.rolls_per_turn == 0:
            turn += 1
            if turn > opts.max_turns:
                return {"winner": None, "turns": turn, "rolls": rolls, "timeout": True}


def monte_carlo(a: Hero, b: Hero, n: int = 100_000, seed: int = 1, opts: BattleOptions | None = None) -> dict:
    rng = random.Random(seed)
    wins = [0, 0]
    esc = [0, 0]
    other = 0
    turns = 0
    for _ in range(n):
        res = simulate_battle(a, b, rng, opts)
        turns += res["turns"]
        if res["winner"] is not None:
            wins[res["winner"]] += 1
        elif "escaped" in res:
            esc[res["escaped"]] += 1
        else:
            other += 1
    return {
        "p_a_wins": wins[0] / n,
        "p_b_wins": wins[1] / n,
        "p_a_escapes": esc[0] / n,
        "p_b_escapes": esc[1] / n,
        "p_other": other / n,
        "mean_turns": turns / n,
        "n": n,
        "seed": seed,
    }


# ----------------------------------------------------------------------------- exact 1v1 (plain rules)
def exact_duel(
    lives_a: int, lives_b: int, dmg_a: int, dmg_b: int, a_first: bool = True, mult_on_a: int = 1, mult_on_b: int = 1
) -> Fraction:
    """Exact P(A wins) for plain rules (no items): hit prob 1/2 and keep the roll, else pass.
    mult_on_x multiplies the first damage x receives (backstab 2, surrounded 3).
    f = P(A wins | A rolls), g = P(A wins | B rolls):  f = 1/2 f(hit) + 1/2 g,  g = 1/2 g(hit) + 1/2 f
    -> f = (4x + 2y)/3, g = (4y + 2x)/3 with x = 1/2 f(after A hits), y = 1/2 g(after B hits)."""
    half = Fraction(1, 2)
    if dmg_a <= 0 and dmg_b <= 0:
        raise ValueError("nobody can deal damage: the battle never ends")

    @cache
    def fg(la, lb, a_hit, b_hit):
        # value after A hits B
        if dmg_a > 0:
            nb = lb - dmg_a * (1 if b_hit else mult_on_b)
            x = half * (Fraction(1) if nb <= 0 else fg(la, nb, a_hit, True)[0])
        else:
            x = None
        if dmg_b > 0:
            na = la - dmg_b * (1 if a_hit else mult_on_a)
            y = half * (Fraction(0) if na <= 0 else fg(na, lb, True, b_hit)[1])
        else:
            y = None
        if x is None:  # A can never hurt B: A loses eventually
            return Fraction(0), Fraction(0)
        if y is None:  # B can never hurt A
            return Fraction(1), Fraction(1)
        f = (4 * x + 2 * y) / 3
        g = (4 * y + 2 * x) / 3
        return f, g

    f, g = fg(lives_a, lives_b, False, False)
    return f if a_first else g


# ----------------------------------------------------------------------------- hiding
def hide_shared(hiders_int: list[int], seekers_int: list[int]) -> dict:
    """Reading 1 (literal): one D6 per side, multiplied by each hero's intelligence, summed
    == die * sum(int). Hiders escape only if strictly greater."""
    sh, ss = sum(hiders_int), sum(seekers_int)
    win = tie = 0
    for dh in FACES:
        for ds in FACES:
            th, ts = dh * sh, ds * ss
            win += th > ts
            tie += th == ts
    tot = 36
    return {
        "p_hidden": Fraction(win, tot),
        "p_tie": Fraction(tie, tot),
        "p_caught": Fraction(tot - win, tot),
        "outcomes": tot,
    }


def hide_per_hero(hiders_int: list[int], seekers_int: list[int]) -> dict:
    """Reading 2: one D6 per hero; side total = sum(die_i * int_i). Brute force: every roll of each
    side listed (6^n outcomes a side; the sides roll apart), then every pair of side totals."""

    def totals(ints: list[int]) -> list[int]:
        return [
            sum(d * i for d, i in zip(dice, ints, strict=True)) for dice in itertools.product(FACES, repeat=len(ints))
        ]

    hid, seek = totals(hiders_int), totals(seekers_int)
    win = tie = 0
    for th in hid:
        for ts in seek:
            win += th > ts
            tie += th == ts
    tot = len(hid) * len(seek)
    return {
        "p_hidden": Fraction(win, tot),
        "p_tie": Fraction(tie, tot),
        "p_caught": Fraction(tot - win, tot),
        "outcomes": tot,
    }


# ----------------------------------------------------------------------------- escape
def escape_group(k: int) -> dict:
    """k heroes each roll a D6, 4-6 escapes (p = 1/2 each, independent). Exact distribution."""
    dist = {}
    for dice in itertools.product(FACES, repeat=k):
        s = sum(d >= 4 for d in dice)
        dist[s] = dist.get(s, 0) + 1
    tot = 6**k
    dist = {s: Fraction(c, tot) for s, c in sorted(dist.items())}
    return {
        "p_all": dist.get(k, Fraction(0)),
        "p_none": dist.get(0, Fraction(0)),
        "p_at_least_one": 1 - dist.get(0, Fraction(0)),
        "distribution": dist,
    }


def escape_before_death(
    lives: int, enemy_damage: int, fleer_rolls_first: bool = True, first_hit_mult: int = 1
) -> Fraction:
    """A lone hero who tries to flee every time he holds the roll (never attacks).
    Fleer's roll: 4-6 escaped; 1-3 -> the enemy rolls: 4-6 hits and rolls again, 1-3 passes back.
    Exact P(escape before death)."""
    half = Fraction(1, 2)

    if enemy_damage <= 0:
        return Fraction(1)

    # solve the 2-cycle fleer(l) = 1/2 + 1/2*enemy(l), enemy(l) = 1/2*fleer(l) + 1/2*c
    @cache
    def solve(lives_now, hit):
        after = lives_now - enemy_damage * (1 if hit else first_hit_mult)
        c = Fraction(0) if after <= 0 else solve(after, True)[1]
        # F = 1/2 + 1/2 E ; E = 1/2 F + 1/2 c  ->  F = 1/2 + 1/4 F + 1/4 c -> F = (2 + c)/3
        F = (2 + c) / 3
        E = half * F + half * c
        return F, E

    F, E = solve(lives, False)
    return F if fleer_rolls_first else E


# ----------------------------------------------------------------------------- misc helpers
def binary_code(n: int, sheet1: list[int], sheet2: list[int]) -> int:
    """strategiya.secret.lookup: map number -> sheet 1 -> sheet 2 -> list index (1-based)."""
    return sheet2[sheet1[n - 1] - 1]


def bow_kill_probability(target_has_shield: bool) -> Fraction:
    """strategiya.bow.damage: 6 then 6 kills; with a shield a third roll > 3 is also needed."""
    p = Fraction(1, 36)
    return p * Fraction(1, 2) if target_has_shield else p


def experience(terrain: str, intelligence: int, heroes: int = 1, water_bonus: int = 1) -> int:
    """strategiya.experience.gain (+ shared-object deduction when 2+ heroes)."""
    bonus = {"mountain": 2, "swamp": 1, "forest": 0, "plain": -1, "water": water_bonus, "deathzone": 3}
    return bonus[terrain] + intelligence - (heroes if heroes > 1 else 0)


def work_turns(days: int, strengths: list[int]) -> int | None:
    """strategiya.mining.time, strategiya.building.speed: the work's days are divided by the workers'
    strength added up (strength 10 does 10 days a turn: iron ore, 30 days, in 3 turns); a turn begun
    counts whole; with no strength at all the work never ends (None)."""
    total = sum(strengths)
    if total == 0:
        return None
    turns, left = 0, days
    while left > 0:
        left -= total
        turns += 1
    return turns
