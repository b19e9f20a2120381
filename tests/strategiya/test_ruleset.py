"""The bundled «Стратегия» ruleset carries the rules' resource table in full."""

from __future__ import annotations

import pytest

from printkit.config.rulesets import bundled_ids, load_bundled
from printkit.games.strategiya.model import rules_of

RULES = rules_of(load_bundled("strategiya"))


def figures(terrain: str) -> list[tuple[int | None, int]]:
    return [(r.days, r.price) for r in RULES.resources[terrain] if r]


def test_bundled_games() -> None:
    assert "strategiya" in bundled_ids()


def test_terrains_in_rules_order_with_ten_numbers_each() -> None:
    assert [t.id for t in RULES.terrains] == ["mountain", "swamp", "forest", "plain", "water", "deathzone"]
    assert all(t.slots == 10 for t in RULES.terrains)


@pytest.mark.rule("strategiya.resource.table")
def test_resource_table_figures() -> None:
    assert figures("mountain") == [(30, 15), (20, 50), (7, 50), (10, 100)]
    assert figures("swamp") == [(20, 30), (10, 30), (45, 10), (35, 20), (25, 15)]
    assert figures("forest") == [(20, 15), (35, 20), (15, 10), (40, 5), (40, 5), (55, 5)]
    assert figures("plain") == [(10, 10), (45, 10), (25, 15), (30, 5), (15, 5), (30, 5), (25, 5)]
    assert figures("water") == [(20, 15), (35, 20), (15, 10), (40, 5), (40, 5), (45, 5), (10, 20), (None, 1)]
    assert figures("deathzone") == [(20, 30), (35, 40), (45, 35), (50, 20), (60, 20), (30, 10)]
    assert RULES.resources["water"][7].endless


def test_numbers_past_the_list_hold_nothing() -> None:
    assert RULES.resource_at("mountain", 5) is None
    assert RULES.resource_at("water", 8).name["ru"] == "Рыба"
    assert RULES.resource_at("water", 9) is None


@pytest.mark.rule("strategiya.secret.lookup")
def test_terrain_lookup_by_any_name() -> None:
    assert RULES.find_terrain("См. зона").id == "deathzone"
    assert RULES.find_terrain("death zone").id == "deathzone"
    assert RULES.find_terrain("ГОРА").id == "mountain"
    assert RULES.find_terrain("hill") is None
