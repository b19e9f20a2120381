"""A «Стратегия» evening's file keeps its state every so often: what it keeps is its journal replayed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from printkit import evening
from printkit.evening import recording, snapshot, store
from printkit.evening.state import fold

from ..conftest import heroes_evening
from ..test_evening_file import _folded_whole

HEROES = ["Гром", "Ветер", "Искра", "Тень"]
CELLS = ["B2", "C4", "D5", "E2", "F4", "G6", "H6", "I3", "J8", "K7", "L11", "A1"]


def _random_event(rng: random.Random) -> tuple[str, dict[str, object]]:
    kind = rng.choice(["move", "move", "lives", "money", "experience", "items", "next", "next", "contract", "roll",
                       "work", "cargo"])  # fmt: skip
    hero = rng.choice(HEROES)
    if kind == "work":  # a mine (F4 holds one): its haul is goods the heroes then carry
        return kind, {"hero": hero, "job": "mine", "days": rng.randint(2, 12), "price": rng.choice([5, 15])}
    if kind == "cargo":
        how = rng.choice([{"to": rng.choice(HEROES)}, {"sell": True}, {"drop": True}])
        return kind, {"hero": hero, "days": rng.randint(1, 4), **how}
    if kind == "move":
        return kind, {"hero": hero, "to": rng.choice(CELLS)}
    if kind in ("lives", "money", "experience"):
        return kind, {"hero": hero, "change": rng.randint(-6, 9)}
    if kind == "items":
        return kind, {"hero": hero, "item": rng.choice(["Меч", "Щит", "Конь", "карта сокровищ"])}
    if kind == "contract":
        return kind, {"hero": hero, "lives": rng.randint(1, 3)}
    if kind == "roll":
        return kind, {"notation": "2d6"}
    return kind, {}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_the_state_kept_is_the_journal_replayed(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept every 3 events here: heroes moved, wounded, paid, given things, under orders, at work on
    mines and carrying, handing over, selling and dropping their goods, turns ended and undone. The
    state the file keeps is the fold of its journal up to it; an evening opened afresh (from the
    state kept and the events after it) is the whole journal folded and the live state."""
    monkeypatch.setattr(snapshot, "EVERY", 3)
    path = heroes_evening(tmp_path)
    rng = random.Random(seed)
    live = evening.read(path).state
    used = 0
    for _ in range(50):
        kind, values = _random_event(rng)
        if rng.random() < 0.12:
            kind, values = "undo", {}
        try:
            live = evening.undo(path).state if kind == "undo" else evening.record(path, kind, values).state
        except Exception as exc:  # a rule that says no (a cell out of reach, money short) records nothing
            assert getattr(exc, "key", "") or type(exc).__name__ == "EveningRefused", exc
            continue
        with store.reading(path) as db:
            kept = store.kept(db)
        if kept is None:
            continue
        opened = evening.read(path)
        start = recording._start_state(opened.meta, opened.session, opened.table)
        upto = [(r.n, r.kind, r.effect, r.undoes) for r in opened.rows if r.n <= kept[0]]
        assert snapshot.unkeep(kept[2], start, opened.table) == fold(start, upto, opened.kinds)
        recording._KNOWN.clear()
        assert evening.read(path).state == _folded_whole(path) == live
        used += recording._from_kept(kept, start, opened.table, opened.rows) is not None
    assert live.last >= 20 and used >= 5, (live.last, used)
