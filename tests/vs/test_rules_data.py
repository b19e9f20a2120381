"""The figures of both VS rulesets against the rules documents' tables, typed in here from the text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.vs.model import vs_of

R25, R03 = load_bundled("vs-2025"), load_bundled("vs-2003")
V25, V03 = vs_of(R25), vs_of(R03)
LAND = ("field", "forest", "mountains", "desert")


def row(vs, tid):  # type: ignore[no-untyped-def]
    t = vs.troop(tid)
    return t.cost, t.squads, t.upkeep, tuple(t.move.get(k) for k in (*LAND, "coast", "sea"))


@pytest.mark.rule("vs.troop.table-2025")
def test_the_2025_troop_table() -> None:
    # cost, squads, upkeep, cells on field / forest / mountains / desert / coast and rivers / open sea
    assert row(V25, "light-infantry") == (17, 2, 3, (2, 2, 2, 2, None, None))
    assert row(V25, "barbarians") == (25, 3, 5, (3, 2, 2, 1, None, None))
    assert row(V25, "elves") == (25, 3, 5, (2, 3, 1, 2, None, None))
    assert row(V25, "dwarves") == (25, 3, 5, (2, 1, 3, 2, None, None))
    assert row(V25, "orcs") == (25, 3, 5, (1, 2, 2, 3, None, None))
    assert row(V25, "knights") == (50, 4, 10, (3, 2, 1, 3, None, None))
    assert row(V25, "ship") == (25, 2, 5, (None, None, None, None, 4, 6))
    assert row(V25, "mage")[::3] == (100, (2, 2, 2, 2, None, None)) and row(V25, "mage")[2] == 10
    assert row(V25, "dragon")[2:] == (10, (5, 5, 5, 5, 5, 5))
    assert row(V25, "ghost-ship")[2:] == (0, (None, None, None, None, 4, 6))
    assert V25.troop("zombie").upkeep == 0 and V25.troop("zombie").cost is None  # type: ignore[union-attr]


@pytest.mark.rule("vs.troop.table-2003")
def test_the_2003_troop_table() -> None:
    assert row(V03, "barbarians")[:3] == (25, 3, 5) and row(V03, "orcs")[3][:4] == (1, 2, 2, 3)
    assert row(V03, "knights") == (50, 4, 10, (3, 2, 1, 3, None, None))
    assert row(V03, "mage")[:3] == (100, 2, 10) and V03.troop("mage").advantage  # type: ignore[union-attr]
    zombie, dragon = V03.troop("zombie"), V03.troop("dragon")
    assert (zombie.magic_cost, zombie.squads, zombie.advantage) == (30, 1, True)  # type: ignore[union-attr]
    assert (dragon.magic_cost, dragon.squads, dragon.upkeep) == (50, 4, 15)  # type: ignore[union-attr]
    assert V03.troop("ship").move == {"sea": 4} and V03.troop("light-infantry") is None  # type: ignore[union-attr]


@pytest.mark.rule("vs.troop.magic-squads")
def test_lost_2025_squads_take_the_2003_figures() -> None:
    for tid in ("mage", "zombie", "dragon"):
        a, b = V25.troop(tid), V03.troop(tid)
        assert (a.squads, a.advantage) == (b.squads, b.advantage)  # type: ignore[union-attr]
    assert (V25.troop("ghost-ship").squads, V25.troop("ghost-ship").advantage) == (2, True)  # type: ignore[union-attr]


@pytest.mark.rule("vs.troop.categories")
def test_troop_kinds() -> None:
    assert {t.id for t in V25.troops if t.kind == "magic"} == {"zombie", "dragon", "ghost-ship"}
    assert {t.id for t in V25.troops if t.kind == "sea"} == {"ship"}
    assert {t.id for t in V25.troops if t.crosses} == {"mage", "zombie", "dragon"}  # the starred rows
    assert {t.id for t in V03.troops if t.home} == {"barbarians", "elves", "dwarves", "orcs"}


@pytest.mark.rule("vs.building.table-2025")
@pytest.mark.rule("vs.building.kinds")
@pytest.mark.rule("vs.building.fortress")
def test_the_2025_building_table() -> None:
    got = {s.id: (s.level, s.cost, s.lord, s.walls, s.hires, s.treasury) for s in V25.structures}
    assert got == {
        "tower": (1, 25, True, None, ("mage",), 0),
        "manor": (2, 50, True, None, ("light-infantry",), 0),
        "castle": (3, 100, True, "defence", ("light-infantry", "heavy-infantry", "knights"), 0),
        "city": (4, 125, True, "defence", ("light-infantry", "heavy-infantry", "ship"), 0),
        "fortress": (1, 50, False, "always", ("light-infantry",), 10),
    }


@pytest.mark.rule("vs.building.table-2003")
def test_the_2003_building_table() -> None:
    got = {s.id: (s.cost, s.walls, s.hires) for s in V03.structures}
    assert got["castle"] == (75, "defence", ("foot", "knights", "ship")) and got["city"][0] == 100
    assert got["manor"] == (50, None, ("foot", "ship")) and got["fortress"] == (50, "always", ())
    assert got["bridge"][0] == 10 and V03.figures["bridge"] == {"cost": 10, "upkeep": 1, "garrison": 0}
    assert V03.figures["level_up_cost"] == 25


@pytest.mark.rule("vs.garrison.values")
def test_garrisons() -> None:
    # 2003: tower 0, manor [ ], castle [+], city [+][+], fortress [+][+]; mines copper [ ], silver [+],
    # gold [ ][ ], mithril [+][+]. 2025 lost these pictures: the 2003 figures stand in, marked so.
    for vs in (V25, V03):
        got = {s.id: (s.garrison, s.garrison_advantage) for s in vs.structures if s.id != "bridge"}
        assert got == {"tower": (0, False), "manor": (1, False), "castle": (1, True), "city": (2, True),
                       "fortress": (2, True)}  # fmt: skip
        assert [(m.garrison, m.garrison_advantage) for m in vs.mines] == [(1, False), (1, True), (2, False), (2, True)]


@pytest.mark.rule("vs.map.terrain")
def test_terrains_and_letters() -> None:
    assert [(t.id, t.letter, t.water) for t in R25.terrains] == [
        ("field", "P", False), ("forest", "F", False), ("mountains", "M", False), ("desert", "D", False),
        ("coast", "C", True), ("sea", "S", True)]  # fmt: skip
    assert [t.id for t in R03.terrains] == ["field", "forest", "mountains", "desert", "sea"]


@pytest.mark.rule("vs.magic.schools")
def test_schools() -> None:
    assert set(V25.schools) == {"grey", "forest", "desert", "mountains", "plains"}
    assert set(V03.schools) == {"all", "elf", "orc", "dwarf", "human"}
    schools = {s.id: s.school for s in V25.spells if s.school != "grey"}
    assert schools == {"sleep-fog": "forest", "evogr-wrath": "desert", "fury-shield": "mountains",
                       "tireless-water": "plains"}  # fmt: skip


@pytest.mark.rule("vs.setup.ruler-entry")
@pytest.mark.rule("vs.leader.actions")
@pytest.mark.rule("vs.troop.personal")
def test_loose_figures() -> None:
    f25, f03 = V25.figures, V03.figures
    assert f25["start"]["ruler_money"] == 200 and f03["start"]["ruler_money"] == 50
    assert f03["start"]["commander_money"] == 15 and f03["leader_cost"] == 50
    assert f25["personal_restore_years"] == 5 == f03["personal_restore_years"]
    assert f25["mental_duel_range"] == 6 and f25["neutral_vanish_percent"] == 5
    assert f25["treasury"] == {"base": 100, "per_fortress": 10}
    assert f03["treasury"] == {"ruler": 50, "commander": 100, "per_fortress": 10}
    assert f25["transfer_tax"] == Fraction(1, 5) == f03["transfer_tax"]
    assert f03["transport"] == {"cost_outside": 10, "cost_inside": 5, "squads": 1, "speed": 2}
    assert f25["ship_cargo_speed"] == {"coast": 3, "sea": 4} and f25["mithril_cost"] == 50 == f03["mithril_cost"]


@pytest.mark.rule("vs.spell.gift-of-freedom")
@pytest.mark.rule("vs.spell.sleep-fog")
@pytest.mark.rule("vs.spell.wrath-of-evogr")
@pytest.mark.rule("vs.spell.transparent-walls")
def test_spell_book_ranges_and_prices() -> None:
    r25 = {s.id: s.range for s in V25.spells}
    assert (r25["sleep-fog"], r25["evogr-wrath"], r25["fair-wind"], r25["storm"]) == (6, 2, 6, 6)
    r03 = {s.id: (s.range, s.cost) for s in V03.spells}
    assert r03["clear-walls"] == (6, None) and r03["gift-of-freedom"] == (None, 0) and r03["summon-dragon"][1] == 50
