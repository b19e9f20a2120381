"""Readable at 80 columns: whole families of referee answers swept, not only the documented examples
(tests/test_docs.py runs those): every spell of both VS editions, every Stratego attack, both
languages. The issue's cases were a 2003 spell of 193 columns and Stratego names running long."""

from __future__ import annotations

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.model import stratego_of
from printkit.games.vs.model import vs_of

from .conftest import run

WIDTH = 80


def widest(*args: str) -> int:
    result = run("referee", *args)
    assert result.exit_code == 0, result.output
    return max(len(line) for line in result.output.splitlines())


@pytest.mark.parametrize("edition", ["vs-2025", "vs-2003"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_spell_fits(edition: str, lang: str) -> None:
    spells = vs_of(load_bundled(edition)).spells
    assert len(spells) >= 10
    for spell in spells:
        for extra in ((), ("--roll", "--seed", "turn-3")):
            assert widest("spell", spell.id, "--edition", edition, "--lang", lang, *extra) <= WIDTH, spell.id


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_stratego_attack_fits(lang: str) -> None:
    ranks = stratego_of(load_bundled("stratego")).ranks
    movers = [r.symbol for r in ranks if r.symbol not in ("B", "F")]
    for attacker in movers:
        for defender in [r.symbol for r in ranks]:
            assert widest("stratego", attacker, defender, "--lang", lang) <= WIDTH, (attacker, defender)
