"""Derived hero numbers of «Стратегия», checked against the rules and their worked examples."""

from __future__ import annotations

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.strategiya import heroes as H
from printkit.games.strategiya.model import Hero, rules_of

RULES = rules_of(load_bundled("strategiya"))


def cells(hero: Hero) -> dict[str, int | None]:
    return {f.terrain.id: f.cells for f in H.terrain_figures(RULES, hero)}


@pytest.mark.rule("strategiya.lives.strength-cap")
@pytest.mark.parametrize(("strength", "lives"), [(0, 10), (2, 10), (3, 15), (5, 15), (6, 20), (9, 25), (10, 25)])
def test_max_lives(strength: int, lives: int) -> None:
    assert H.max_lives(RULES, Hero(strength=strength)) == lives


@pytest.mark.rule("strategiya.stats.speed", "strategiya.move.terrain", "strategiya.deathzone.move-and-damage")
def test_movement_base_plus_speed_and_fixed_death_zone() -> None:
    # The rules' example: speed 2 in a swamp gives 3 cells.
    assert cells(Hero(speed=2)) == {"mountain": 2, "swamp": 3, "forest": 4, "plain": 5, "water": None, "deathzone": 1}
    assert cells(Hero(speed=0))["mountain"] == 0
    assert cells(Hero(speed=6))["deathzone"] == 1  # speed does not count (total 6: no tier yet)


@pytest.mark.rule("strategiya.horse")
def test_horse_helps_everywhere_but_mountains() -> None:
    assert cells(Hero(speed=1, animals=("horse",))) == {
        "mountain": 1, "swamp": 3, "forest": 4, "plain": 5, "water": None, "deathzone": 1,
    }  # fmt: skip


@pytest.mark.rule("strategiya.flight.griffin", "strategiya.flight.dragon")
def test_flight() -> None:
    griffin = {f.terrain.id: f.flying for f in H.terrain_figures(RULES, Hero(animals=("griffin",)))}
    assert griffin == {"mountain": 4, "swamp": 4, "forest": 4, "plain": 4, "water": 4, "deathzone": None}
    dragon = {f.terrain.id: f.flying for f in H.terrain_figures(RULES, Hero(intellect=10, animals=("dragon",)))}
    assert set(dragon.values()) == {7}


@pytest.mark.rule("strategiya.wound.movement")
def test_wounds_slow_and_stop() -> None:
    assert cells(Hero(speed=2, lives=2))["plain"] == 4
    assert cells(Hero(speed=2, lives=1)) == dict.fromkeys(cells(Hero()), 0) | {"water": None}


@pytest.mark.parametrize(
    ("points", "move", "loss", "discount"),
    [((2, 2, 2), 1, -3, 0), ((3, 2, 2), 2, -1, 0), ((4, 4, 3), 3, 0, 0), ((5, 5, 5), 3, 0, 20), ((9, 9, 8), 3, 0, 50)],
)
@pytest.mark.rule("strategiya.tier.total-potential", "strategiya.town.discount")
def test_potential_tiers(points: tuple[int, int, int], move: int, loss: int, discount: int) -> None:
    hero = Hero(strength=points[0], speed=points[1], intellect=points[2])
    dz = next(f for f in H.terrain_figures(RULES, hero) if f.terrain.id == "deathzone")
    assert (dz.cells, dz.lives_per_turn, H.perks(RULES, hero).discount) == (move, loss, discount)


@pytest.mark.rule("strategiya.tier.total-potential")
def test_superseded_tiers_are_not_listed() -> None:
    starts = [t.start for t in H.perks(RULES, Hero(strength=9, speed=9, intellect=8)).tiers]
    assert starts == [11, 26]
    assert [t.start for t in H.perks(RULES, Hero(strength=3, speed=2, intellect=2)).tiers] == [7]


@pytest.mark.rule("strategiya.hire.table")
def test_hunter_crosses_the_death_zone_unharmed() -> None:
    dz = next(f for f in H.terrain_figures(RULES, Hero(hire="hunter")) if f.terrain.id == "deathzone")
    assert dz.lives_per_turn == 0


@pytest.mark.rule("strategiya.border.crossing")
@pytest.mark.parametrize(("speed", "up", "down"), [(0, 1, 1), (1, 2, 1), (2, 2, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2),
                                                   (8, 3, 3)])  # fmt: skip
def test_border_crossing(speed: int, up: int, down: int) -> None:
    # The rules' example: speeds 2 and 3 cross 2 cells, speed 8 crosses 3 (every 4 speed begun);
    # the other reading (full 4s only) is the switch.
    assert H.border_cells(RULES, Hero(speed=speed)) == up
    assert H.border_cells(RULES, Hero(speed=speed), round_up=False) == down


@pytest.mark.rule("strategiya.border.crossing", "strategiya.wound.movement")
def test_a_hero_with_two_lives_crosses_one_cell_less() -> None:
    assert H.border_cells(RULES, Hero(speed=3, lives=2)) == 1
    assert H.border_cells(RULES, Hero(speed=0, lives=2)) == 1  # a crossing is never below one cell
    assert H.border_cells(RULES, Hero(speed=0, lives=2), floor=False) == 0  # the switch's reading
    assert H.border_cells(RULES, Hero(speed=8, lives=1)) == 0  # one life: cannot move at all


@pytest.mark.rule("strategiya.experience.gain")
def test_experience_per_test_follows_the_terrain_table() -> None:
    # The rules' example: intellect 7 earns 9 in mountains, 8 in a swamp, 7 in a forest, 6 on the plain
    # and 10 in the death zone. (Its prose says 7 for water; its table says +1, which we follow: 8.)
    got = {f.terrain.id: f.experience for f in H.terrain_figures(RULES, Hero(intellect=7))}
    assert got == {"mountain": 9, "swamp": 8, "forest": 7, "plain": 6, "water": 8, "deathzone": 10}


@pytest.mark.rule("strategiya.item.staff")
def test_staff_adds_intellect_everywhere_it_counts() -> None:
    hero = Hero(intellect=3, speed=1, strength=1, items=("staff",))
    assert H.intellect(RULES, hero) == 5
    assert H.bow_range(RULES, hero) == 7
    assert H.total_potential(hero) == 5


@pytest.mark.rule("strategiya.scroll.general", "strategiya.item.table")
def test_items_by_strength_and_scrolls_by_intellect() -> None:
    usable = {u.offer.id: u.ok for u in H.usable_items(RULES, Hero(strength=5))}
    assert usable == {"sword": True, "shield": True, "greatsword": True, "armour": False, "bow": True, "staff": True}
    # The rules' example: intellect 0 learns a hex (needs 3) by skipping 3 turns per missing point.
    scrolls = {u.offer.id: (u.ok, u.extra_turns) for u in H.learnable_scrolls(RULES, Hero(intellect=0))}
    assert scrolls["hex"] == (False, 9)
    assert H.learnable_scrolls(RULES, Hero(intellect=12))[7].ok


@pytest.mark.rule("strategiya.mining.time", "strategiya.stats.strength")
def test_work_turns() -> None:
    assert H.work_turns(30, 10) == 3  # iron ore, strength 10
    assert H.work_turns(2 * 5, 3 + 2) == 2  # a 2-cell bridge built by strengths 3 and 2
    assert H.work_turns(45, 4) == 12
    assert H.work_turns(10, 0) is None


@pytest.mark.rule("strategiya.load.cargo")
def test_load_recovery() -> None:
    assert [H.load_recovery(RULES, Hero(strength=s)) for s in (0, 3, 4, 9)] == [0, 0, 1, 2]


@pytest.mark.rule("strategiya.players.side-marks")
def test_markers() -> None:
    assert H.markers_for(RULES, 0, 4, "ru") == ("1", "2", "3", "4")
    assert H.markers_for(RULES, 1, 4, "ru") == ("А", "Б", "В", "Г")
    assert H.markers_for(RULES, 1, 5, "en") == ("A", "B", "C", "D", "A+")
    assert H.markers_for(RULES, 1, 2, "ru") == ("А", "Б")
