"""A VS evening's treasury: it starts at the printed ledger's first line, pays a year as the referee
and a reckoning written apart from the text do, once a year, and says itself in JSON and words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from printkit import evening, load_session
from printkit.games.vs.treasury_form import context

from ..conftest import EXAMPLES, run

CONFIGS = ["vs-2025.yaml", "vs-2003.yaml"]


def _cells(text: str) -> set[tuple[int, int]]:
    """ "A1-C3 D1" -> the cells, written apart from printkit's reader."""
    out = set()
    for part in text.split():
        ends = [(ord(m[0]) - 65, int(m[1:]) - 1) for m in part.split("-")]
        (x0, y0), (x1, y1) = ends[0], ends[-1]
        out |= {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    return out


def plain_year(config: Path, player: str, cash: int) -> int:
    """The cash after a year, reckoned from the config's own YAML and the rules' figures: every land
    holding one of the player's buildings pays its income (2025 §2.2, 2003 §2.2), a copper mine 2
    (both editions' mine tables: level 1 costs 10 and brings 2), a bridge costs 1 a year, each troop
    but the personal one (the one in his building) its upkeep (the example maps give every ruler
    only his personal troop)."""
    data = yaml.safe_load(config.read_text(encoding="utf-8"))["map"]
    owned = [o for o in data["objects"] if o.get("owner") == player]
    buildings = {tuple(_cell(o["at"])) for o in owned if o["kind"] == "building"}
    lands = sum(land["income"] for land in data["lands"] if _cells(land["cells"]) & buildings)
    mines = sum(2 for o in owned if str(o.get("structure", "")).startswith("mine-1"))
    bridges = sum(1 for o in owned if o["kind"] == "bridge")  # a bridge's upkeep: 1 a year
    troops = [t for t in data["troops"] if t.get("owner") == player]
    personal = next((t for t in troops if tuple(_cell(t["at"])) in buildings), None)
    upkeep = sum(UPKEEP[t["troop"]] for t in troops if t is not personal)
    after = cash + lands + mines - upkeep - bridges
    # 2003 §2.3: at the start of his turn a ruler may hold no more than his treasury, 50 (§3.0), so
    # what the income brings over it goes too; 2025 §2.3 checks its 100 at the end of the turn.
    return min(after, 50) if "2003" in config.name else after


UPKEEP = {"knights": 5, "orcs": 3}  # not met in these examples: every troop there is personal


def _cell(text: str) -> tuple[int, int]:
    found = re.fullmatch(r"([A-Z])(\d+)", text)
    assert found
    return ord(found[1]) - 65, int(found[2]) - 1


@pytest.mark.rule("vs.income.sources")
@pytest.mark.parametrize("config", CONFIGS)
def test_a_year_paid_on_the_evening_is_the_ledgers_and_a_plain_reckoning(tmp_path: Path, config: str) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / config, path)
    ledger = {p["name"]: p["first"] for p in context(load_session(EXAMPLES / config))["players"]}
    for name, cash in evening.read(path).state.part.cash:
        assert cash == ledger[name]["cash"]  # the evening starts at the printed ledger's first line
        paid = evening.record(path, "income", {"player": name})
        net = cash + int(ledger[name]["net"].replace("−", "-"))
        assert paid.effect["cash_after"] == (min(net, int(ledger[name]["cap"])) if "2003" in config else net)
        assert paid.effect["cash_after"] == plain_year(EXAMPLES / config, name, cash)
        asked = run("referee", "income", str(EXAMPLES / config), "--player", name, "--cash", str(cash), "--json")
        assert json.loads(asked.output)["cash_after"] == paid.effect["cash_after"]
        evening.record(path, "next", {})  # 2025 §2.1: each ruler is paid at the start of his own turn


@pytest.mark.rule("vs.setup.ruler-entry")
def test_the_evening_starts_each_ruler_with_the_editions_cash(tmp_path: Path) -> None:
    """2025 §3.5: 50 in the treasury; 2003 §3.6: 50 for a ruler, 15 for a commander (one holding
    troops but no lands)."""
    config = tmp_path / "c.yaml"
    text = (EXAMPLES / "vs-2003.yaml").read_text(encoding="utf-8")
    text = text.replace("    - {at: H9, kind: building, structure: city, owner: Юг}\n", "")
    config.write_text(text, encoding="utf-8")
    evening.start(config, tmp_path / "e.sqlite")
    assert dict(evening.read(tmp_path / "e.sqlite").state.part.cash) == {"Север": 50, "Юг": 15}


@pytest.mark.rule("vs.income.sources")
def test_a_year_is_paid_once_and_the_next_year_after_every_turn(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "income", {"player": "Север"})
    refused = run("evening", "record", "income", str(path), "--player", "север")
    assert refused.exit_code == 2 and "1-й год" in refused.output + refused.stderr
    for _ in range(3):  # three rulers: the year turns after three turns
        evening.record(path, "next", {})
    state = evening.read(path).state
    assert (state.turn, state.round, state.whose) == (4, 2, "Север")
    again = evening.record(path, "income", {"player": "Север"})
    assert (again.effect["year"], again.effect["cash_before"]) == (2, 62)


def test_show_says_the_treasuries_in_json_and_in_words(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    run("evening", "record", "cash", str(path), "--player", "Юг", "--coins", "-30", "--why", "найм")
    run("evening", "record", "roll", str(path), "2d6", "--who", "Юг")
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert shown["game"] == "vs-2025" and shown["turn"] == 1 and shown["year"] == 1
    assert [(p["name"], p["cash"]) for p in shown["players"]] == [("Север", 50), ("Юг", 20), ("Запад", 50)]
    assert [r["who"] for r in shown["rolls"]] == ["Юг"]
    words = run("evening", "show", str(path)).output
    assert "Юг: 20 монет" in words and "−30 монет (найм)" in words and "найм" in words
    english = run("evening", "show", str(path), "--lang", "en").output
    assert "Юг: 20 coins" in english and "монет" not in english.replace("найм", "")


def test_the_evening_prints_its_ledger_with_every_year_paid(tmp_path: Path) -> None:
    from ..conftest import pdf_text

    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "income", {"player": "Север"})
    for _ in range(3):
        evening.record(path, "next", {})
    evening.record(path, "income", {"player": "Север"})
    evening.record(path, "cash", {"player": "Север", "coins": -30, "why": "найм"})
    evening.record(path, "cash", {"player": "Север", "coins": 5, "why": "приз"})
    done = run("evening", "print", str(path), "--out", str(tmp_path / "paper"))
    assert done.exit_code == 0, done.output
    north = pdf_text(tmp_path / "paper" / "ledger.pdf")[0]
    rows = [" ".join(line.split()) for line in north.splitlines()]
    assert "1 50 100 0 +12 0 0 +12 62" in rows
    assert "2 62 100 0 +12 0 0 +12 −30 +5 49" in rows
    assert dict(evening.read(path).state.part.cash)["Север"] == 49
    again = run("evening", "print", str(path), "--out", str(tmp_path / "paper"))
    assert again.exit_code == 4  # a kit folder is replaced only with --force
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper"), "--force").exit_code == 0


@pytest.mark.rule("vs.tax.transfer")
@pytest.mark.parametrize("coins, on_top", [(20, False), (21, False), (20, True), (1, False)])
def test_a_transfer_pays_a_fifth_rounded_up(tmp_path: Path, coins: int, on_top: bool) -> None:
    """2025 §3.1: money sent to another player is taxed a fifth, rounded up (from the sum by default;
    on top with the other reading)."""
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    values = {"player": "Север", "to": "Юг", "coins": coins, "tax_on_top": on_top}
    done = evening.record(path, "transfer", values)
    tax = -(-coins // 5)
    cash = dict(evening.read(path).state.part.cash)
    assert done.effect["tax"] == tax
    assert cash["Север"] == 50 - coins - (tax if on_top else 0)
    assert cash["Юг"] == 50 + coins - (0 if on_top else tax)
    assert ("сверх суммы" in done.said["ru"]) == on_top


@pytest.mark.rule("vs.magic.casting")
def test_a_years_spell_is_paid_and_lasts_until_the_casters_next_turn(tmp_path: Path) -> None:
    """2025 §8: every spell costs 30; a spell that acts for a year acts through every player's turn
    from its casting until the caster's next turn begins, which the evening announces."""
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "next", {})  # Юг's turn
    cast = evening.record(path, "spell", {"player": "Юг", "spell": "щит ярости"})
    assert cast.effect["cost"] == 30 and cast.effect["due"] == 5  # Юг plays turns 2, 5, 8...
    assert dict(evening.read(path).state.part.cash)["Юг"] == 20
    said = [evening.record(path, "next", {}).said["ru"] for _ in range(3)]
    assert ["кончается" in s for s in said] == [False, False, True]
    assert evening.read(path).state.countdowns == ()
    storm = evening.record(path, "spell", {"player": "Запад", "spell": "шторм"})
    assert storm.effect["due"] is None  # acts at once: nothing to wait for


@pytest.mark.rule("vs.treasury.cap")
def test_2025_takes_what_is_above_the_treasury_when_the_turn_ends(tmp_path: Path) -> None:
    """2025 §2.3: at the end of one's turn the treasury holds at most 100 (and 10 a fortress)."""
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "cash", {"player": "Север", "coins": 45})  # the master credits a prize: 95
    evening.record(path, "income", {"player": "Север"})  # +12: 107 while the turn lasts
    assert dict(evening.read(path).state.part.cash)["Север"] == 107
    ended = evening.record(path, "next", {})
    assert "предела казны 100" in ended.said["ru"]
    assert dict(evening.read(path).state.part.cash)["Север"] == 100


@pytest.mark.rule("vs.tax.transfer")
def test_2025_sends_money_in_ones_own_turn_2003_at_any_time(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    with pytest.raises(Exception, match="own turn"):
        evening.record(path, "transfer", {"player": "Юг", "to": "Север", "coins": 10})
    old = tmp_path / "old.sqlite"
    evening.start(EXAMPLES / "vs-2003.yaml", old)
    assert evening.record(old, "transfer", {"player": "Юг", "to": "Север", "coins": 10}).effect["tax"] == 2


def test_a_spent_coin_before_the_years_income_is_on_the_printed_ledger(tmp_path: Path) -> None:
    from ..conftest import pdf_text

    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "cash", {"player": "Север", "coins": -30, "why": "найм"})
    evening.record(path, "income", {"player": "Север"})
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper")).exit_code == 0
    rows = [" ".join(line.split()) for line in pdf_text(tmp_path / "paper" / "ledger.pdf")[0].splitlines()]
    assert "1 20 100 0 +12 0 0 +12 −30 32" in rows


@pytest.mark.rule("vs.income.sources")
def test_income_follows_the_evenings_map_after_a_capture_and_troops_placed(tmp_path: Path) -> None:
    """2025 §2.2: a land pays the ruler whose lord's house stands in it; troops not personal cost upkeep.
    Taken buildings and placed troops change the evening's map, which income and the printed map read."""
    from ..conftest import pdf_text

    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "capture", {"cell": "E2", "player": "Юг"})  # Северный замок, in Северный лес (12)
    evening.record(path, "capture", {"cell": "I3", "player": "Юг"})  # the tower, in Приречье (14)
    evening.record(path, "troops", {"cell": "I3", "player": "Юг", "troops": "эльфы"})
    north = evening.record(path, "income", {"player": "Север"})
    assert north.effect["lands"] == 0
    evening.record(path, "next", {})
    south = evening.record(path, "income", {"player": "Юг"})
    elves = next(t.upkeep for t in evening.read(path).state.part.vs.troops if t.id == "elves")
    assert (south.effect["lands"], south.effect["mines"], south.effect["upkeep"]) == (9 + 12 + 14, 2, elves)
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper")).exit_code == 0
    assert (tmp_path / "paper" / "map.pdf").exists() and pdf_text(tmp_path / "paper" / "map.pdf")
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert {b["cell"] for b in shown["map"]["buildings"] if b["owner"] == "Юг"} >= {"E2", "I3", "H9"}


@pytest.mark.rule("vs.income.timing")
def test_a_2025_turn_that_ends_with_its_year_unpaid_says_so(tmp_path: Path) -> None:
    """2025 §2.1: a ruler's year is paid at the start of his own turn and not after it; a turn that
    ends with it unpaid says so as the next begins, and the end can be taken back to pay it. 2003
    pays at the start of the year, at any turn of it: nothing is said."""
    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    evening.record(path, "income", {"player": "Север"})
    paid = evening.record(path, "next", {})  # Север paid: nothing to say
    assert "unpaid" not in paid.said["en"]
    skipped = evening.record(path, "next", {})  # the second ruler's turn ends unpaid
    ruler = evening.read(path).state.players[1]
    assert f"{ruler}'s turn ended with year 1's income unpaid" in " ".join(skipped.said["en"].split())
    evening.undo(path)
    evening.record(path, "income", {"player": ruler})
    assert "unpaid" not in evening.record(path, "next", {}).said["en"]
    old = tmp_path / "old.sqlite"
    evening.start(EXAMPLES / "vs-2003.yaml", old)
    assert "unpaid" not in evening.record(old, "next", {}).said["en"]
