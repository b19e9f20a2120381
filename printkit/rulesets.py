"""Rulesets as data: the bundled games in printkit/games/ and ruleset files a user writes."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .model import Ruleset
from .ruleset_schema import RULESET, build_ruleset
from .schema import INVALID, Checker
from .yamlsource import load_yaml

GAMES_DIR = Path(__file__).parent / "games"


def bundled_ids() -> list[str]:
    """Ids of the rulesets that ship with printkit."""
    return sorted(p.stem for p in GAMES_DIR.glob("*.yaml"))


@cache
def load_bundled(game_id: str) -> Ruleset:
    """A bundled ruleset by id (KeyError if there is none)."""
    path = GAMES_DIR / f"{game_id}.yaml"
    if game_id not in bundled_ids():
        raise KeyError(game_id)
    return load_ruleset_file(path, f"printkit/games/{game_id}.yaml")


def load_ruleset_file(path: Path, label: str | None = None) -> Ruleset:
    """Read and check one ruleset file; every problem is reported at once."""
    doc = load_yaml(path, label)
    ck = Checker(doc)
    data = RULESET.check(doc.data, (), ck)
    ck.raise_if_any()
    assert data is not INVALID
    return build_ruleset(data, path)
