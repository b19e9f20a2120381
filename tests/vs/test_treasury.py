"""The VS treasury and chances: income, upkeep and the cap, prices, the tax, prizes, rebellions,
the 2003 leader's escape, spells with a die and the mithril amulet."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.vs import economy as ec
from printkit.games.vs.model import vs_of
from printkit.games.vs.spells import cast, chance_faces, find_spell
from printkit.games.vs.words import Refusal

from ..conftest import EXAMPLES, run

V25, V03 = vs_of(load_bundled("vs-2025")), vs_of(load_bundled("vs-2003"))


def lines(*args: str) -> list[str]:
    result = run("referee", *args)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert max(len(line) for line in out) <= 80, max(out, key=len)
    return out


@pytest.mark.rule("vs.income.sources")
@pytest.mark.rule("vs.economy.upkeep")
@pytest.mark.rule("vs.treasury.cap")
def test_a_year_of_income_2025() -> None:
    # Lands 12 + 8, mines of levels 1 and 3 (2 coins a level), elves 5 upkeep, knights personal
    # (free); the cap 100 + 10 for the fortress takes 20 of the 130 held before paying.
    held = ec.Holdings((("a", 12), ("b", 8)), (1, 3), ("knights", "elves"), "knights", 1, cash=130)
    got = ec.income(V25, held)
    assert (got.lands, got.mines, got.net, got.cap, got.cash_kept) == (20, 8, 23, 110, 110)
    assert got.cash_after == 110 + 20 + 8 - 5
    assert ec.income(V25, ec.Holdings(troops=("knights", "knights"), personal="knights")).net == -10  # one is paid


@pytest.mark.rule("vs.treasury.cap")
@pytest.mark.rule("vs.economy.upkeep")
def test_a_year_of_income_2003() -> None:
    ruler = ec.income(V03, ec.Holdings((("a", 10),), (), ("knights", "dragon"), "knights", 2, 1, cash=200))
    assert ruler.cap == 50 + 20 and ruler.net == 10 - 15 - 1  # the dragon's 15, a bridge's 1
    commander = ec.income(V03, ec.Holdings(troops=("knights",), personal="knights", commander=True, cash=120))
    assert commander.cap == 100 and commander.net == -1 and commander.cash_after == 99  # 1 coin for the personal troop


@pytest.mark.rule("vs.economy.forced-disband")
@pytest.mark.rule("vs.income.timing")
def test_short_of_upkeep_says_to_disband() -> None:
    out = lines("income", "--troops", "knights knights", "--cash", "3")
    assert any("распустить войска" in line for line in out)
    assert out[0] == "Доход за год (правила 2025 года, выдаётся в начале хода игрока):"
    en = lines("income", "--edition", "vs-2003", "--troops", "knights", "--lang", "en")
    assert en[0] == "A year's income (2003 rules, paid at the start of the year):"


@pytest.mark.rule("vs.income.sources")
@pytest.mark.rule("vs.map.provinces")
def test_income_from_a_map_file() -> None:
    data = json.loads(run("referee", "income", EXAMPLES / "vs-map.yaml", "--player", "Север", "--personal", "knights",
                          "--cash", "40", "--json").output)  # fmt: skip
    # The castle stands in the land Лесная (12); the silver mine (level 2) gives 4; elves cost 5.
    assert (data["lands"], data["mines"], data["net"], data["cash_after"]) == (12, 4, 11, 51)
    assert run("referee", "income", EXAMPLES / "vs-map.yaml").exit_code == 2  # whose holdings?


@pytest.mark.rule("vs.tax.transfer")
def test_transfer_tax_rounds_up() -> None:
    for amount, tax in ((5, 1), (6, 2), (37, 8), (40, 8), (1, 1)):
        t = ec.transfer(V25, amount)
        assert (t.tax, t.received, t.paid) == (tax, amount - tax, amount)
        top = ec.transfer(V03, amount, on_top=True)
        assert (top.received, top.paid) == (amount, amount + tax)
    assert "получатель получает 29" in " ".join(lines("cost", "--transfer", "37"))


@pytest.mark.rule("vs.building.upgrade")
@pytest.mark.rule("vs.building.construct")
@pytest.mark.rule("vs.building.table-2025")
@pytest.mark.rule("vs.building.table-2003")
def test_building_prices() -> None:
    assert [c for _, c in ec.upgrade_price(V25, "tower", "city").steps] == [25, 50, 25]  # the differences
    assert [c for _, c in ec.upgrade_price(V03, "tower", "city").steps] == [25, 25, 25]  # 25 a level in 2003
    assert ec.build_price(V25, "fortress").coins == 50 and ec.build_price(V25, "tower").what == "build"
    castle = ec.build_price(V25, "castle")
    assert castle.what == "grow" and castle.coins == 100  # from a tower, level by level
    assert ec.build_price(V03, "bridge").coins == 10
    assert ec.build_price(V03, "city").coins == 100
    with pytest.raises(Refusal):
        ec.upgrade_price(V25, "city", "tower")


@pytest.mark.rule("vs.mine.table")
@pytest.mark.rule("vs.mine.deepen")
def test_mine_prices_and_chances() -> None:
    assert [(m.level, m.cost, m.income) for m in V25.mines] == [(1, 10, 2), (2, 20, 4), (3, 30, 6), (4, 40, 8)]
    assert [m.height for m in V03.mines] == [7, 7, 8, 9]
    deep = ec.deepen_price(V25, "mine-1", "mine-3")
    assert (deep.coins, deep.chance) == (20, Fraction(1, 2))
    opened = ec.build_price(V25, "золото")
    assert (opened.what, opened.coins, opened.chance) == ("open", 30, Fraction(1, 2))
    assert lines("mine", "--roll", "--seed", "x") == lines("mine", "--roll", "--seed", "x")


@pytest.mark.rule("vs.hire.rules")
@pytest.mark.rule("vs.troop.heavy-infantry-homeland")
def test_which_troops_a_building_hires() -> None:
    def ids(vs, building, terrain):  # type: ignore[no-untyped-def]
        return [t.id for t, _ in ec.hires(vs, building, terrain)]

    assert ids(V25, "castle", "forest") == ["light-infantry", "elves", "knights"]
    assert ids(V25, "city", "desert") == ["light-infantry", "orcs", "ship"]  # the literal table: no knights
    assert ids(V25, "tower", "field") == ["mage"] and ids(V25, "fortress", "field") == ["light-infantry"]
    assert ids(V03, "manor", "mountains") == ["dwarves", "ship"] and ids(V03, "fortress", "field") == []
    assert json.loads(run("referee", "cost", "--hire", "замок", "--terrain", "горы", "--json").output)["hires"][1] == {
        "troop": "dwarves", "coins": 25}  # fmt: skip


@pytest.mark.rule("vs.prize.personal-troop")
def test_prizes_2025() -> None:
    got = ec.prize(V25, ["knights+", "zombie:3", "dragon", "castle", "ghost-ship"])
    assert [i.coins for i in got.items] == [100, 30, 100, 50, 20]  # mithril adds 50; a castle level is 100-50
    assert got.total == 300
    assert ec.prize(V25, ["castle"], level_table=True).total == 100


@pytest.mark.rule("vs.prize.commander-2003")
def test_prizes_2003() -> None:
    got = ec.prize(V03, ["knights+@personal", "zombie:2", "dragon", "elves"])
    assert sum(i.coins for i in got.items) == 150 + 30 + 75 + 25 and got.share == Fraction(1, 5)
    assert got.total == 56 and ec.prize(V03, ["elves", "tower"], round_up=True).total == 10  # 50/5


@pytest.mark.rule("vs.rebellion.state")
@pytest.mark.rule("vs.rebellion.capital")
@pytest.mark.rule("vs.rebellion.commander-2003")
def test_rebellion_odds_match_counting_every_roll() -> None:
    for houses in range(6):
        counted: dict[int, Fraction] = {}
        for rolls in product((0, 1), repeat=houses):
            counted[sum(rolls)] = counted.get(sum(rolls), Fraction(0)) + Fraction(1, 2**houses)
        assert ec.rebellion(V25, houses).chances == counted
        assert ec.rebellion(V03, houses).chances == counted
    together = ec.rebellion(V25, 3, together=True)
    assert together.chances == {3: Fraction(1, 2), 0: Fraction(1, 2)}
    assert ec.rebellion(V25, 1).chances == {0: Fraction(1, 2), 1: Fraction(1, 2)}  # the capital alone


@pytest.mark.rule("vs.leader.escape")
def test_the_2003_leader_escape() -> None:
    assert ec.escape_cost(V03, 47) == 5 and ec.escape_cost(V03, 50) == 5 and ec.escape_cost(V03, 51) == 6
    faces = ec.escape_faces(V03)
    assert [(lo, hi, p) for lo, hi, p, _ in faces] == [(6, 6, Fraction(1, 6)), (2, 5, Fraction(2, 3)),
                                                      (1, 1, Fraction(1, 6))]  # fmt: skip
    rolled = json.loads(run("referee", "leader-escape", "--income", "47", "--roll", "--seed", "s", "--json").output)
    assert rolled["cost"] == 5 and 1 <= rolled["rolled"] <= 6 and rolled["result"]
    assert run("referee", "leader-escape", "--edition", "vs-2025").exit_code == 2


@pytest.mark.rule("vs.mithril.amulet")
@pytest.mark.rule("vs.magic.die-cap")
def test_the_amulet_adds_one_never_above_six() -> None:
    assert [ec.with_amulet(face) for face in range(1, 7)] == [2, 3, 4, 5, 6, 6]
    storm = find_spell(V25, "storm")
    assert cast(V25, storm, 4, amulet=True).result == dict(storm.outcomes[2].text)  # 4 + 1 = 5: the ships sink
    assert cast(V25, storm, 6, amulet=True).raised == 6
    with pytest.raises(Refusal):
        cast(V03, find_spell(V03, "storm"), 3, amulet=True)


@pytest.mark.rule("vs.spell.release")
@pytest.mark.rule("vs.spell.ghost-ship")
@pytest.mark.rule("vs.economy.spell-cost")
def test_every_spell_with_a_chance_rolls() -> None:
    assert chance_faces(Fraction(1, 2)) == 4 and chance_faces(Fraction(1, 3)) == 5
    for vs, name in ((V25, "release"), (V25, "ghost-ship"), (V03, "lift-spell")):
        spell = find_spell(vs, name)
        low = chance_faces(spell.chance)  # type: ignore[arg-type]
        assert sum(cast(vs, spell, face).works for face in range(1, 7)) == spell.chance * 6  # type: ignore[operator]
        assert [cast(vs, spell, face).works for face in range(1, 7)] == [face >= low for face in range(1, 7)]
        edition = "vs-2025" if vs is V25 else "vs-2003"
        out = lines("spell", name, "--roll", "--seed", "r", "--edition", edition)
        assert out[-1].startswith("Бросок ") and ("получилось" in out[-1] or "не вышло" in out[-1])
    assert cast(V03, find_spell(V03, "summon-dragon"), None).cost == 50
    assert cast(V03, find_spell(V03, "gift-of-freedom"), None).cost == 0
    assert lines("spell", "fair-wind", "--roll")[-1].startswith("Кубик не нужен")


@pytest.mark.rule("vs.spell.storm")
@pytest.mark.rule("vs.spell.dragon-taming")
@pytest.mark.rule("vs.spell.raise-zombies")
@pytest.mark.rule("vs.spell.turn-to-dust")
def test_d6_tables_cover_every_face() -> None:
    for vs, name, per_face in (
        (V25, "storm", [0, 0, 1, 1, 2, 2]),
        (V25, "tame-dragon", [0, 1, 1, 1, 2, 3]),
        (V03, "summon-dragon", [0, 1, 1, 1, 2, 3]),
        (V25, "raise-zombies", [0, 0, 1, 1, 2, 2]),
        (V03, "dust", [0, 0, 1, 1, 2, 2]),
    ):
        spell = find_spell(vs, name)
        got = [next(i for i, o in enumerate(spell.outcomes) if o.low <= f <= o.high) for f in range(1, 7)]
        assert got == per_face, name
    en = lines("spell", "storm", "--lang", "en")
    assert en[-3:] == ["   1-2: nothing happens", "   3-4: the ships lose their active action for a year",
                      "   5-6: the ships sink"]  # fmt: skip


# ---- issue 41 ------------------------------------------------------------------------------------------

# The 2025 spell book's D6 tables, typed in from the text (§8.9): (lowest face, highest face, outcome).
TABLES_2025 = {
    "storm": [(1, 2, "nothing happens"), (3, 4, "lose"), (5, 6, "sink")],
    "tame-dragon": [(1, 1, "the mage dies"), (2, 4, "nothing happens"), (5, 5, "the dragon dies"), (6, 6, "tamed")],
    "raise-zombies": [(1, 2, "1 squad"), (3, 4, "2 squads"), (5, 6, "3 squads")],
    "dust": [(1, 2, "1 zombie squad"), (3, 4, "2 zombie squads"), (5, 6, "3 zombie squads")],
}


@pytest.mark.rule("vs.mithril.amulet")
@pytest.mark.rule("vs.magic.die-cap")
def test_the_amulet_shifts_every_spells_table() -> None:
    """issue 41: `spell tame-dragon --amulet` printed the table as if without it (the mage dying on a
    1); with the amulet every face counts one higher, never above 6 (2025 §5.3, §8.8)."""
    for name, table in TABLES_2025.items():
        data = json.loads(run("referee", "spell", name, "--amulet", "--json", "--lang", "en").output)
        assert data["amulet"] is True
        for (low, high, words), outcome in zip(table, data["outcomes"], strict=True):
            assert words in outcome["text"]
            faces = [f for f in range(1, 7) if low <= min(f + 1, 6) <= high]  # the die as rolled
            assert outcome["faces"] == ([faces[0], faces[-1]] if faces else []), (name, words)
            assert Fraction(outcome["chance"]) == Fraction(len(faces), 6), (name, words)
        plain = json.loads(run("referee", "spell", name, "--json").output)
        assert [o["faces"] for o in plain["outcomes"]] == [[low, high] for low, high, _ in table]
    tamed = json.loads(run("referee", "spell", "tame-dragon", "--amulet", "--json").output)["outcomes"]
    assert (tamed[0]["chance"], tamed[-1]["chance"]) == ("0", "1/3")  # the mage never dies; tamed on 5-6
    said = lines("spell", "tame-dragon", "--amulet", "--lang", "en")
    assert "     —: the mage dies (0)" in said and any(line.startswith("   5-6: the dragon is tamed") for line in said)
    for name, chance, shifted in (("release", Fraction(1, 3), Fraction(1, 2)), ("ghost-ship", Fraction(1, 2),
                                                                                Fraction(2, 3))):  # fmt: skip
        assert Fraction(json.loads(run("referee", "spell", name, "--json").output)["chance"]) == chance
        assert Fraction(json.loads(run("referee", "spell", name, "--amulet", "--json").output)["chance"]) == shifted


@pytest.mark.rule("vs.economy.tribute")
def test_tribute_from_a_land_or_an_unopened_mine() -> None:
    """issue 41: 2025 §5.5, the personal troop collects a land's whole income (a land with no lord's
    house) or half an unopened mine's, which has no figure: printkit's reading is printed with it."""
    args = ("income", "--lands", "12", "--troops", "knights elves", "--personal", "knights", "--cash", "30")
    # By hand: 30 + 12 - 5 = 37 after the income; the tribute comes on top this turn.
    for word, coins, extra in (("9", 9, ()), ("mine", 1, ()), ("mine", 4, ("--tribute-deepest",)), ("lair", 4, ()),
                               ("рудник", 1, ()), ("логово", 4, ("--tribute-deepest",))):  # fmt: skip
        data = json.loads(run("referee", *args, "--tribute", word, *extra, "--json").output)
        assert data["cash_after"] == 37 and data["tribute"]["coins"] == coins, (word, extra)
        assert data["cash_with_tribute"] == 37 + coins
    # The reading: half of the first level's income (copper, 2), or with the switch the deepest's
    # (mithril, 8); a dragon's mountain holds mithril (spell 1.3) either way.
    assert [m.income // 2 for m in (V25.mines[0], V25.mines[-1])] == [1, 4]
    for lang, reading in (("ru", "Прочтение: у неоткрытого рудника нет уровня"),
                          ("en", "Reading: an unopened mine has no level")):  # fmt: skip
        said = " ".join(lines(*args, "--tribute", "mine", "--lang", lang))
        assert reading in said and "--tribute-deepest" in said and "§5.5" in said
        deepest = " ".join(lines(*args, "--tribute", "mine", "--tribute-deepest", "--lang", lang))
        assert "(--tribute-deepest)" in deepest
    for refused in (("--tribute", "mine", "--edition", "vs-2003"), ("--tribute", "замок"),
                    ("--personal", "none", "--tribute", "5")):  # fmt: skip
        result = run("referee", "income", "--lands", "12", "--troops", "knights", *refused)
        assert result.exit_code == 2 and "--tribute" in result.output, refused


@pytest.mark.rule("vs.rebellion.state")
@pytest.mark.rule("vs.rebellion.commander-2003")
def test_the_uprising_agrees_with_its_count_in_russian() -> None:
    """issue 41: «все 3 домов лорда», «каждый из 1 домов лорда», «все 3 войск и строений правителя»."""
    houses = {
        2: "2 дома",
        3: "3 дома",
        4: "4 дома",
        5: "5 домов",
        11: "11 домов",
        12: "12 домов",
        14: "14 домов",
        21: "21 дом",
        22: "22 дома",
        25: "25 домов",
        101: "101 дом",
        111: "111 домов",
        112: "112 домов",
    }
    troops = {2: "2 войска и строения", 5: "5 войск и строений", 11: "11 войск и строений",
              21: "21 войско и строение", 23: "23 войска и строения", 111: "111 войск и строений"}  # fmt: skip
    for n, words in houses.items():
        for together in ((), ("--together",)):
            head = " ".join(lines("rebellion", str(n), *together))
            said = "оба дома" if n == 2 and together else words  # two on one roll: «оба», not «все 2»
            assert f" {said} лорда" in head, (n, together, head)
    for n, words in troops.items():
        head = " ".join(lines("rebellion", str(n), "--together", "--edition", "vs-2003"))
        assert (f"все {words} правителя" if n != 2 else "два войска или строения, и оба") in head, (n, head)
        each = " ".join(lines("rebellion", str(n), "--edition", "vs-2003"))
        assert f"у правителя {words.replace(' и ', ' или ')}" in each, (n, each)
    one = " ".join(lines("rebellion", "1")) + " ".join(lines("rebellion", "1", "--edition", "vs-2003"))
    assert "единственный дом лорда" in one and "единственное войско или строение" in one and "1 дом" not in one
    assert "нет домов лорда" in " ".join(lines("rebellion", "0"))
    counted = [line.split()[:2] for line in lines("rebellion", "2", "--lang", "en")[2:5]]
    assert counted == [["0", "pass"], ["1", "passes"], ["2", "pass"]]


@pytest.mark.rule("vs.economy.upkeep")
def test_income_reads_troops_as_battle_does_and_answers_brief() -> None:
    """issue 41: `income` refused zombie:4 (battle and prize take it) and --brief."""
    data = json.loads(run("referee", "income", "--troops", "knights@personal zombie:4 elves+ dragon", "--cash", "0",
                          "--json").output)  # fmt: skip
    # By hand: knights are the personal troop (free), zombies 0, elves 5 (mithril changes no upkeep),
    # the dragon 10 (2025 troop table).
    assert [(u["troop"], u["coins"]) for u in data["upkeep"]] == [("knights*", 0), ("zombie", 0), ("elves", 5),
                                                                   ("dragon", 10)]  # fmt: skip
    full = lines("income", "--troops", "knights zombie:4", "--personal", "knights", "--edition", "2003")
    brief = lines("income", "--troops", "knights zombie:4", "--personal", "knights", "--edition", "2003", "--brief")
    assert len(brief) < len(full) and not any("Прочтение" in line for line in brief)
    assert any("Прочтение" in line for line in full) and any("zombie:4" in line for line in full)


@pytest.mark.rule("vs.setup.ruler-entry")
@pytest.mark.rule("vs.player.types")
def test_income_starts_from_the_entry_cash_and_a_commander_holds_no_land() -> None:
    """issue 41: 2003 `income --commander` began from 0 coins, though a commander enters with 15
    (2003 §3.6; a ruler 50); --commander went with --lands, though a commander has none (§3.0)."""
    for edition, commander, cash in (("vs-2003", True, 15), ("vs-2003", False, 50), ("vs-2025", False, 50)):
        extra = ("--commander",) if commander else ("--lands", "10")
        data = json.loads(run("referee", "income", "--edition", edition, "--troops", "knights", "--personal",
                              "knights", *extra, "--json").output)  # fmt: skip
        assert (data["cash"], data["cash_from"]) == (cash, "start"), (edition, commander)
        said = " ".join(" ".join(lines("income", "--edition", edition, "--troops", "knights", "--personal", "knights",
                                       *extra)).split())  # fmt: skip
        assert f"— {cash} (§3." in said and "--cash" in said
    given = json.loads(run("referee", "income", "--edition", "2003", "--commander", "--cash", "7", "--json").output)
    assert (given["cash"], given["cash_from"]) == (7, "given")
    unknown = json.loads(run("referee", "income", "--commander", "--troops", "knights", "--json").output)
    assert (unknown["cash"], unknown["cash_from"]) == (0, "start")  # 2025 gives a commander no figure: 0, said
    said = " ".join(" ".join(lines("income", "--commander", "--troops", "knights", "--lang", "en")).split())
    assert "the 2025 rules do not say what a commander enters the game with, so 0 is taken" in said
    both = run("referee", "income", "--edition", "2003", "--commander", "--lands", "12", "--lang", "en")
    assert both.exit_code == 2 and "--commander" in both.output and "--lands" in both.output
    mapped = run("referee", "income", EXAMPLES / "vs-map.yaml", "--player", "Север", "--commander", "--lang", "en")
    assert mapped.exit_code == 2 and "ruler, not a commander" in " ".join(mapped.output.split())


@pytest.mark.rule("vs.troop.neutral")
def test_neutral_troops_vanish_one_in_twenty_with_two_dice() -> None:
    """issue 41: the 5 % yearly vanishing had no procedure at the table. Two D6 make it: the first
    rerolled until 1-5, the second until 1-4, two 1s vanish; counted here, and rolled by the referee."""
    kept = [(a, b) for a in range(1, 7) for b in range(1, 7) if a <= 5 and b <= 4]  # rerolls aside
    assert Fraction(sum(1 for a, b in kept if a == b == 1), len(kept)) == Fraction(5, 100)
    data = json.loads(run("referee", "neutrals", "3", "--json").output)
    assert (Fraction(data["chance"]), Fraction(data["none_vanish"])) == (Fraction(1, 20), Fraction(19, 20) ** 3)
    rolled = json.loads(run("referee", "neutrals", "40", "--roll", "--seed", "y1", "--json").output)
    assert len(rolled["rolled"]) == 40 and all(1 <= f <= 20 for f in rolled["rolled"])
    assert rolled["vanished"] == [k for k, f in enumerate(rolled["rolled"], start=1) if f == 1]
    again = json.loads(run("referee", "neutrals", "40", "--roll", "--seed", "y1", "--json").output)
    assert again == rolled
    said = lines("neutrals", "2", "--roll", "--seed", "y1")
    assert said[-1].startswith("Бросок: ") and "1–5" in " ".join(said) and "1–4" in " ".join(said)
    assert run("referee", "neutrals", "--edition", "vs-2003").exit_code == 2  # 2003 has no such rule
