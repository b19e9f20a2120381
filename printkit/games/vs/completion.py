"""Words a referee may Tab-complete in VS questions: troops, buildings, mines, spells and land terrains."""

from __future__ import annotations

from typing import Any

from printkit.plugin import Ruleset, load_bundled

from .model import VsData, vs_of


def _edition(given: Any) -> tuple[Ruleset, VsData]:
    rules = load_bundled(given.get("edition") or "vs-2025")
    return rules, vs_of(rules)


def complete_troops(given: Any, incomplete: str) -> list[str]:
    """Troops: ids first, then the Russian names."""
    _, vs = _edition(given)
    return [t.id for t in vs.troops] + [t.name["ru"] for t in vs.troops]


def complete_units(given: Any, incomplete: str) -> list[str]:
    """Troops, buildings and mines (a battle's sides, a prize's losses): ids, then Russian names."""
    _, vs = _edition(given)
    names = [t.id for t in vs.troops] + [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines]
    return names + [t.name["ru"] for t in vs.troops] + [s.name["ru"] for s in vs.structures]


def complete_buildings(given: Any, incomplete: str) -> list[str]:
    _, vs = _edition(given)
    names = [s.id for s in vs.structures] + [f"mine-{m.level}" for m in vs.mines]
    return names + [s.name["ru"] for s in vs.structures]


def complete_spells(given: Any, incomplete: str) -> list[str]:
    _, vs = _edition(given)
    return [s.id for s in vs.spells] + [s.name["ru"] for s in vs.spells]


def complete_lands(given: Any, incomplete: str) -> list[str]:
    """The land terrains of an edition (hiring happens on land)."""
    rules, _ = _edition(given)
    land = [t for t in rules.terrains if not t.water]
    return [t.id for t in land] + [t.name["ru"].lower() for t in land]
