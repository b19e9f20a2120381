"""Every figure of a bundled ruleset says where it comes from, and a page marks what its own rules lack."""

from __future__ import annotations

import pytest
import yaml

from printkit.config.provenance import OWN, Document, Provenance, Source, figures
from printkit.config.rulesets import load_bundled
from printkit.game import games

BUNDLED = [r for g in games() if g.package.startswith("printkit.") for r in g.rulesets]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_every_figure_of_a_bundled_ruleset_has_a_source(ruleset: str) -> None:
    rules = load_bundled(ruleset)
    data = yaml.safe_load(rules.source.read_text("utf-8"))
    provenance = rules.provenance
    assert OWN in provenance.documents
    missing = [path for path in figures(data) if provenance.of(path) is None]
    assert not missing, f"{ruleset}: {len(missing)} figures without a source, the first {missing[:5]}"
    # No catch-all: a section says where its own figures come from.
    assert all(pattern[0] != "*" for pattern, _ in provenance.rules)


def test_the_most_specific_source_wins_and_only_borrowed_figures_are_marked() -> None:
    own = Document(OWN, {"ru": "правила", "en": "the rules"})
    older = Document("old", {"ru": "из старого издания", "en": "from the old edition"}, "*")
    mine = Document("printkit", {"ru": "прочтение printkit", "en": "printkit's reading"}, "†")
    provenance = Provenance(
        {d.id: d for d in (own, older, mine)},
        (
            (("troops",), Source(own, "§3")),
            (("troops", "*", "squads"), Source(older, "§4.1")),
            (("troops", "ghost", "squads"), Source(mine, "spell 1.6")),
        ),
    )
    assert provenance.of("troops.mage.cost") == Source(own, "§3")
    assert provenance.of("troops.mage.squads") == Source(older, "§4.1")
    assert provenance.of("troops.ghost.squads") == Source(mine, "spell 1.6")
    assert provenance.of("structures.tower.cost") is None
    marks = [provenance.mark(p) for p in ("troops.mage.cost", "troops.mage.squads", "troops.ghost.squads")]
    assert marks == ["", "*", "†"]
    assert provenance.notes(marks, "en") == ["* from the old edition", "† printkit's reading"]
    assert provenance.notes(["*"], "ru") == ["* из старого издания"]


def test_figures_are_found_by_the_rows_ids() -> None:
    data = {"troops": [{"id": "mage", "cost": 100, "name": {"ru": "Маг"}}], "mines": [{"level": 1, "income": 2}],
            "vs": {"tax": {"numerator": 1}, "flag": True}}  # fmt: skip
    assert list(figures(data)) == ["troops.mage.cost", "mines.1.level", "mines.1.income", "vs.tax.numerator"]
