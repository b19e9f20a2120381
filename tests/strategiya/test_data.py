"""The ruleset's figures against the rules document, copied out of it by hand for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.config.session import load_session
from printkit.errors import ConfigError
from printkit.games.strategiya import heroes as H
from printkit.games.strategiya.hero_sheets import card
from printkit.games.strategiya.model import Hero, rules_of, session_of

from ..conftest import write

BUNDLED = load_bundled("strategiya")
RULES = rules_of(BUNDLED)


def offers(kind: str) -> dict[str, object]:
    return {o.id: o for o in RULES.town[kind]}


@pytest.mark.rule("strategiya.hire.table")
def test_hires() -> None:
    got = {i: (o.price, o.points) for i, o in offers("hires").items()}  # type: ignore[attr-defined]
    assert got == {"mercenary": (340, 4), "assassin": (520, 6), "hunter": (950, 8)}


@pytest.mark.rule("strategiya.service.table")
def test_services() -> None:
    got = {i: (o.price, o.percent, o.times_price) for i, o in offers("services").items()}  # type: ignore[attr-defined]
    assert got == {"tracker": (45, None, None), "black-market": (None, 25, None), "delivery": (70, None, None),
                   "contract": (None, None, 2)}  # fmt: skip


@pytest.mark.rule("strategiya.item.table", "strategiya.item.staff", "strategiya.item.two-handed-sword")
def test_items() -> None:
    got = {i: (o.price, o.strength) for i, o in offers("items").items()}  # type: ignore[attr-defined]
    assert got == {"sword": (360, 3), "shield": (230, 3), "greatsword": (275, 5), "armour": (400, 6),
                   "bow": (650, 5), "staff": (900, 0)}  # fmt: skip
    items = offers("items")
    assert (items["sword"].max, items["sword"].pair_strength, items["sword"].pair_excludes) == (2, 6, ("shield",))  # type: ignore[attr-defined]
    assert items["greatsword"].damage == 2 and items["staff"].intellect_bonus == 2  # type: ignore[attr-defined]


@pytest.mark.rule(
    "strategiya.animal.table", "strategiya.horse", "strategiya.flight.griffin", "strategiya.flight.dragon"
)
def test_animals() -> None:
    a = offers("animals")
    got = {i: (o.price, o.intellect, o.flight, o.move_bonus) for i, o in a.items()}  # type: ignore[attr-defined]
    assert got == {"horse": (220, 0, None, 1), "griffin": (650, 0, 4, 0), "dragon": (3300, 10, 7, 0)}
    assert a["horse"].not_on == ("mountain",) and a["griffin"].not_on == ("deathzone",)  # type: ignore[attr-defined]
    assert a["dragon"].damage_times == 2  # type: ignore[attr-defined]


@pytest.mark.rule("strategiya.scroll.table")
def test_scrolls() -> None:
    got = {i: (o.price, o.intellect) for i, o in offers("scrolls").items()}  # type: ignore[attr-defined]
    assert got == {"shackles": (90, 3), "hex": (80, 3), "slave-seal": (150, 5), "ward": (90, 4),
                   "firestorm": (230, 5), "healing": (340, 3), "time-ritual": (2800, 11), "teleport": (3000, 12),
                   "resurrection": (3050, 9)}  # fmt: skip


@pytest.mark.rule("strategiya.market.square")
def test_market() -> None:
    got = {i: (o.price, o.work_strength) for i, o in offers("market").items()}  # type: ignore[attr-defined]
    assert got == {"stall": (70, 0), "medal": (30, 0), "potential": (500, 0), "tools": (190, 3)}


@pytest.mark.rule("strategiya.building.table")
def test_buildings() -> None:
    got = {b.id: (b.days, b.per_cell, tuple(d for _, d in b.needs)) for b in RULES.buildings}
    assert got == {"bridge": (5, True, ()), "castle": (10, False, (5, 4)), "dam": (9, True, ()), "ship": (8, False, ())}


@pytest.mark.rule("strategiya.lives.start", "strategiya.players.count", "strategiya.scroll.general")
def test_starting_figures() -> None:
    h = RULES.heroes
    assert h is not None and (h.lives.base, h.starting_points, h.common_potential, h.per_player) == (10, 5, 3, 4)
    assert (BUNDLED.players_min, BUNDLED.players_max) == (2, 4)
    assert RULES.learning is not None
    assert (RULES.learning.turns_per_missing_point, RULES.learning.gain_every) == (3, 15)


# ---- three players: 2, 2 and 4 heroes ------------------------------------------------------------------


def three(tmp_path: Path, counts: tuple[int, int, int]) -> Path:
    players = "".join(
        f"  - name: P{i}\n    heroes:\n" + "".join(f"      - {{name: H{i}{k}, strength: 5}}\n" for k in range(n))
        for i, n in enumerate(counts, start=1)
    )
    return write(tmp_path / "three.yaml", f"game: strategiya\nplayers:\n{players}")


@pytest.mark.rule("strategiya.players.three.heroes")
def test_three_players_have_two_two_and_four_heroes(tmp_path: Path) -> None:
    assert [len(p.heroes) for p in session_of(load_session(three(tmp_path, (2, 2, 4)))).parties] == [2, 2, 4]
    with pytest.raises(ConfigError) as info:
        load_session(three(tmp_path, (4, 2, 2)))
    assert "втроём стартовых героев 2, 2, 4 (игроки 1, 2, 3); у игрока 1 их 4" in str(info.value)
    assert "у игрока 3 их 2" in str(info.value)


@pytest.mark.rule("strategiya.players.three.heroes")
def test_blank_hero_sheets_for_three_players(tmp_path: Path) -> None:
    from printkit.games.strategiya.hero_sheets import context

    path = write(tmp_path / "blank.yaml", "game: strategiya\nplayers:\n  - name: A\n  - name: B\n  - name: C\n")
    counts = [len(p["cards"]) for p in context(load_session(path))["players"]]
    assert counts == [2, 2, 4]
    two = write(tmp_path / "two.yaml", "game: strategiya\nplayers:\n  - name: A\n  - name: B\n")
    assert [len(p["cards"]) for p in context(load_session(two))["players"]] == [4, 4]


# ---- hero sheets: two swords leave no hand for a shield --------------------------------------------------


@pytest.mark.rule("strategiya.sword.two")
def test_a_hero_with_two_swords_is_not_shown_able_to_carry_a_shield(tmp_path: Path) -> None:
    session = load_session(write(tmp_path / "c.yaml", "game: strategiya\n"))
    names = [o.id for o in RULES.town["items"]]
    shield = names.index("shield")
    paired = card(session, Hero(name="X", strength=9, items=("sword", "sword")), "1")
    single = card(session, Hero(name="Y", strength=9, items=("sword",)), "2")
    assert paired.usable[shield] == ("не при 2 × Меч", False)
    assert single.usable[shield] == ("да", True)
    refused = [u.offer.id for u in H.usable_items(RULES, Hero(strength=9, items=("sword", "sword"))) if not u.ok]
    assert refused == ["shield", "staff"]  # the staff excludes every other weapon


@pytest.mark.rule("strategiya.item.staff")
def test_the_staff_and_weapons_are_shown_ruling_each_other_out(tmp_path: Path) -> None:
    # «Ложа магов»: no other weapon with the staff (validate refuses it; the sheet must not offer it).
    session = load_session(write(tmp_path / "c.yaml", "game: strategiya\n"))
    names = [o.id for o in RULES.town["items"]]
    armed = card(session, Hero(name="X", strength=9, items=("greatsword",)), "1")
    mage = card(session, Hero(name="Y", strength=9, intellect=3, items=("staff",)), "2")
    assert armed.usable[names.index("staff")] == ("не с оружием", False)
    for weapon in ("sword", "greatsword", "bow"):
        assert mage.usable[names.index(weapon)] == ("не с посохом", False), weapon
    assert mage.usable[names.index("shield")] == ("да", True)  # a shield is no weapon
    assert mage.usable[names.index("armour")] == ("да", True)


@pytest.mark.rule("strategiya.sword.two")
def test_two_swords_need_strength_6_on_the_sheet(tmp_path: Path) -> None:
    session = load_session(write(tmp_path / "c.yaml", "game: strategiya\n"))
    sword = [o.id for o in RULES.town["items"]].index("sword")
    assert card(session, Hero(name="X", strength=4), "1").usable[sword] == ("один", True)
    assert card(session, Hero(name="X", strength=6), "1").usable[sword] == ("да", True)
    assert card(session, Hero(name="X", strength=2), "1").usable[sword] == ("сила 3, два — 6", False)
    assert card(session, None, "1").usable[sword] == ("сила 3, два — 6", False)
