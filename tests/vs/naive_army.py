"""A second, deliberately plain reading of the VS rules on who fights with how many squads, on the
value of what a battle defeats, and on the treasury: written from the two rules texts, sharing no code
with printkit."""

from __future__ import annotations

from fractions import Fraction

# The strength column, typed in from the tables: 2025 §4 (knights □□□ □ = 4); the mage, zombies and
# dragon from the 2003 §4.1 table ([+][+], [+] a squad, [+][+][+][+]); the ghost ship as two zombie
# squads (2025 spell 1.6). The garrison columns of 2003 §5 (2025 lost them).
SQUADS = {"light-infantry": 2, "barbarians": 3, "elves": 3, "dwarves": 3, "orcs": 3, "knights": 4, "ship": 2,
          "mage": 2, "zombie": 1, "dragon": 4, "ghost-ship": 2}  # fmt: skip
GARRISON = {"tower": 0, "manor": 1, "castle": 1, "city": 2, "fortress": 2, "bridge": 0}


def squads(edition: int, attackers: list[tuple[str, str]], target: tuple[str, str],
           at_sea: bool = False) -> tuple[list[int], list[int]]:  # fmt: skip
    """How many squads each attacker and each defender lays, for attackers (troop, where) and one
    attacked (troop, where); where is "", "ship", "transport" or a building.

    2025 §4.2: any troop aboard a ship fights as 1 squad. §4.3: any troop but a ship or a dragon
    attacking a ship or a troop aboard one fights as 1 squad. §7.1: the attackers are the troops that
    declared the battle, so a carrier ship stays out of its cargo's attack; §7.13: on one cell they
    defend together, so the ship fights behind its cargo. 2003 §4.2: a troop on its transport is 1
    squad; §4.5: any troop but a dragon or a ship attacking a ship or a transport on the sea or a
    river fights like a transport, 1 squad (the referee is told it is on the water)."""
    troop, where = target
    # 2025 sees the target; 2003 needs to be told it floats (a ship may stand in its lord's house).
    against_water = (troop == "ship" or where == "ship") if edition == 2025 else at_sea
    out_a = []
    for name, place in attackers:
        n = SQUADS[name]
        if place in ("ship", "transport"):
            n = 1
        if against_water and name not in ("ship", "dragon"):
            n = 1
        out_a.append(n)
    out_d = [1 if where in ("ship", "transport") else SQUADS[troop]]
    if where == "ship":
        out_d.append(SQUADS["ship"])
    elif where in GARRISON:
        out_d.append(GARRISON[where])
    return out_a, out_d


COST = {"light-infantry": 17, "barbarians": 25, "elves": 25, "dwarves": 25, "orcs": 25, "knights": 50, "ship": 25,
        "mage": 100}  # fmt: skip


def prize_2003(defeated: list[tuple[str, bool, bool, int]]) -> int:
    """2003 §3.0: a commander who wins gets a fifth of the value of what he defeats; a personal troop
    is worth 100 (150 in mithril armour), a zombie squad 15, a dragon 75. Only the personal troop can
    wear mithril (§4.9), so another troop's «+» adds nothing. Rounded down (the text is silent).
    Each item: (troop, personal, with «+», squads)."""
    whole = 0
    for troop, personal, plus, count in defeated:
        if personal:
            whole += 150 if plus else 100
        elif troop == "zombie":
            whole += 15 * count
        elif troop == "dragon":
            whole += 75
        else:
            whole += COST[troop]
    return int(Fraction(whole, 5))


def cash_after_2003(cash: int, cap: int, income: int, turn_start: bool) -> int:
    """2003 §2.1: everything above the treasury is taken before the income is paid; read with §2.3 at
    the start of the turn too, what the income brings above the treasury is taken as well."""
    after = min(cash, cap) + income
    return min(after, cap) if turn_start else after


# The garrison columns of 2003 §5 with their «+» (2025 lost its pictures): (squads, «+»). A tower's and
# a bridge's garrison is zero (§5.5: it always loses).
GARRISON_CARDS = {"tower": (0, False), "manor": (1, False), "castle": (1, True), "city": (2, True),
                  "fortress": (2, True), "bridge": (0, False), "mine-1": (1, False), "mine-2": (1, True),
                  "mine-3": (2, False), "mine-4": (2, True)}  # fmt: skip
# The troops whose strength column draws a «+» on every squad (2003 §4.1; 2025 shows the «+» alone).
OWN_PLUS = {"mage", "zombie", "dragon", "ghost-ship"}


# Walls, from the building tables' notes: «+» (castle, city) gives the advantage to whoever is on the
# cell and does not attack this turn; «++» (fortress) always. Mines have no walls.
WALLS_WHEN_NOT_ATTACKING = {"castle", "city"}


def garrison_attack(structure: str, troop: str,
                    keeps_plus: bool = False) -> tuple[list[tuple[int, bool]], list[tuple[int, bool]]]:  # fmt: skip
    """2025 §6.4, 2003 §5.5: a structure's garrison may declare battle on the troop standing on its
    cell, and the walls then give that troop nothing. The garrison is the attacking side; it does not
    also stand behind the troop it attacks. Each side as (squads, «+») of its one unit.

    Among the buildings only the walled ones draw their garrison with a «+» (the manor's is plain), so
    that «+» is read as the walls'; a castle's or city's walls give it only to whoever does not attack
    this turn, so its garrison, attacking, fights without it (`keeps_plus`: the other reading)."""
    squads, plus = GARRISON_CARDS[structure]
    if structure in WALLS_WHEN_NOT_ATTACKING and not keeps_plus:
        plus = False
    return [(squads, plus)], [(SQUADS[troop], troop in OWN_PLUS)]
