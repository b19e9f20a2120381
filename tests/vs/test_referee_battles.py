"""The VS battle commands on the command line: `referee orders` and `referee battle`."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import product

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.vs.answers import battle_odds
from printkit.games.vs.model import vs_of
from printkit.games.vs.orders import Card, best_mix, resolve

from ..conftest import run
from . import naive_army as army_naive
from . import naive_battle as naive

ORDERS = vs_of(load_bundled("vs-2025")).orders


def lines(*args: str) -> list[str]:
    result = run("referee", *args)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert max(len(line) for line in out) <= 80, max(out, key=len)
    return out


@pytest.mark.rule("vs.battle.column-resolution")
def test_orders_the_issue_example_in_both_languages() -> None:
    ru = lines("orders", "A A A A", "D D D F F F")
    assert "Итог: победа обороняющихся" in ru
    assert "  остались: нападающие никого; обороняющиеся З З З О О О" in ru
    en = lines("orders", "A A A A", "D D D F F F", "--lang", "en")
    assert "Result: the defenders win" in en and "  column 1: A A | D F: D beats A; D beats A" in en


@pytest.mark.rule("vs.battle.relay")
def test_orders_leaves_the_relay_to_the_players() -> None:
    out = lines("orders", "A+ F D", "D D A", "--lang", "en")
    assert not any(line.startswith("Round 2") for line in out)  # no re-lay is chosen silently
    assert any("The re-lay is the players' choice" in line for line in out)
    data = json.loads(run("referee", "orders", "A+ F D", "D D A", "--json").output)
    assert data["winner"] is None and data["relay"]["chances"] == {"attackers": "1", "defenders": "0", "both": "0"}
    assert set(data["rounds"][0]) >= {"attackers", "defenders", "duels", "attackers_left", "defenders_left"}
    given = json.loads(run("referee", "orders", "A+ F D", "D D A", "--relay", "D F / D", "--json").output)
    assert given["winner"] == "attackers" and len(given["rounds"]) == 2 and "relay" not in given
    # A re-lay where each side must guess the other's sequence: an even chance, both mixing.
    mixed = json.loads(run("referee", "orders", "A D A A F", "D D F A", "--json").output)
    assert mixed["rounds"][0]["attackers_left"] == ["A", "F"] and mixed["rounds"][0]["defenders_left"] == ["D", "A"]
    assert mixed["rounds"][0]["columns"][0] == {"attackers": ["A", "A"], "defenders": ["D", "A"]}
    assert mixed["relay"]["chances"] == {"attackers": "1/2", "defenders": "1/2", "both": "0"}
    assert [m["weight"] for m in mixed["relay"]["attackers"]] == ["1/2", "1/2"]


def test_orders_refuses_bad_input_in_the_asked_language() -> None:
    bad = run("referee", "orders", "A Q", "D")
    assert bad.exit_code == 2 and "не понимаю приказ «Q»" in bad.output
    wrong = run("referee", "orders", "A+ F D", "D D A", "--relay", "A A / D", "--lang", "en")
    assert wrong.exit_code == 2 and "orders never change" in wrong.output
    assert run("referee", "orders", "A", "D", "--relay", "A D").exit_code == 2
    big = run(
        "referee", "orders", "A+ A+ A+ D A F+ A F+ D+ A+ A F", "D+ F D+ A A D+ A+ F F D+ F+ A+ D F D", "--lang", "en"
    )
    assert big.exit_code == 2 and "21600 pairs of sequences" in big.output and "limit 900" in big.output
    kept = json.loads(run("referee", "orders", "A+ A+ A+ D A F+ A F+ D+ A+ A F", "D+ F D+ A A D+ A+ F F D+ F+ A+ D F D",
                          "--relay", "keep", "--json").output)  # fmt: skip
    assert kept["winner"] in ("attackers", "defenders", "both") and kept["relay"] == {"reading": "keep"}


@pytest.mark.rule("vs.battle.order-choice")
def test_battle_prints_both_kinds_of_odds() -> None:
    ru = lines("battle", "knights", "knights@castle")
    assert ru[0].startswith("Битва (2025): Рыцари, 4 отр. против Рыцари, 4 отр.+")
    assert any(line.startswith("победа обороняющихся") and "5984/6561" in line for line in ru)
    en = lines("battle", "knights", "knights@castle", "--lang", "en")
    assert any(line.startswith("defenders win") for line in en)
    data = json.loads(run("referee", "battle", "knights", "knights@castle", "--json").output)
    assert set(data) >= {"attackers", "defenders", "random", "optimal"}
    assert data["random"]["defenders"] == "5984/6561" and data["optimal"]["value"] == "-1"
    assert data["defenders"][1] == {"unit": "castle", "squads": 1, "advantage": True, "garrison": True,
                                    "why": ["garrison"], "destroyed_random": data["defenders"][1]["destroyed_random"],
                                    "destroyed_optimal": "0", "squads_from": "vs-2003",
                                    "advantage_from": "vs-2003"}  # fmt: skip


def test_battle_refuses_at_once_naming_its_limit() -> None:
    big = run("referee", "battle", "knights knights knights", "knights knights", "--play", "random", "--lang", "en")
    assert big.exit_code == 2 and "up to 16 squads" in big.output
    unknown = run("referee", "battle", "wizards", "knights")
    assert unknown.exit_code == 2 and "wizards" in unknown.output


@pytest.mark.rule("vs.battle.advantage")
def test_one_card_mix() -> None:
    mix, value = best_mix(ORDERS, False, False)
    assert set(mix.values()) == {Fraction(1, 3)} and value == 0
    assert best_mix(ORDERS, True, False)[1] == Fraction(1, 3)
    rng = random.Random("orders")
    n = 20_000
    wins = sum(resolve(ORDERS, Card(rng.choice(ORDERS.cycle), True), Card(rng.choice(ORDERS.cycle))) == "a"
               for _ in range(n))  # fmt: skip
    assert abs(wins / n - 2 / 3) < 4 * (2 / 9 / n) ** 0.5  # a third by the cycle, a third on equal orders
    data = json.loads(run("referee", "orders", "--mix", "--advantage", "a", "--json").output)
    assert data["value"] == "1/3" and data["random"]["attackers"] == "2/3"
    assert lines("orders", "--mix")[0].startswith("Лучшая смесь приказов для стороны А: Атака 1/3")


# ---- a garrison's attack (issue 41) -------------------------------------------------------------------


def plain_odds(attackers: list[tuple[int, bool]], defenders: list[tuple[int, bool]]) -> dict[str, Fraction]:
    """Each side's chance to win with every order drawn at random: every order of every card through
    the naive resolver, re-lays keeping the sequence."""
    att = [(plus, k) for k, (n, plus) in enumerate(attackers) for _ in range(n)]
    dfn = [(plus, k) for k, (n, plus) in enumerate(defenders) for _ in range(n)]
    counted = {"attackers": Fraction(0), "defenders": Fraction(0), "both": Fraction(0)}
    for drawn in product("AFD", repeat=len(att) + len(dfn)):
        a = [naive.Card(o, plus, i) for i, (o, (plus, _)) in enumerate(zip(drawn, att, strict=False))]
        d = [naive.Card(o, plus, i) for i, (o, (plus, _)) in enumerate(zip(drawn[len(att) :], dfn, strict=False))]
        counted[naive.fight(a, d)[0]] += Fraction(1, 3 ** len(drawn))
    return counted


GARRISON_ATTACKS = [("vs-2025", "castle", "knights"), ("vs-2025", "city", "elves"), ("vs-2025", "fortress", "mage"),
                    ("vs-2025", "mine-4", "orcs"), ("vs-2025", "manor", "light-infantry"),
                    ("vs-2003", "city", "dwarves"), ("vs-2003", "tower", "zombie"), ("vs-2003", "bridge", "dragon"),
                    ("vs-2003", "mine-3", "mage")]  # fmt: skip


@pytest.mark.rule("vs.building.garrison-attack")
def test_a_garrison_attacks_the_troop_on_its_cell_without_the_walls() -> None:
    """issue 41: `battle castle "knights@castle"` was refused ("a garrison only defends")."""
    for edition, structure, troop in GARRISON_ATTACKS:
        answer = battle_odds(load_bundled(edition), structure, f"{troop}@{structure}", play="random")
        plain_a, plain_d = army_naive.garrison_attack(structure, troop)
        assert [(u.squads, u.advantage) for u in answer.attackers] == plain_a, (edition, structure)
        assert [(u.squads, u.advantage) for u in answer.defenders] == plain_d, (edition, structure)
        assert answer.random is not None
        expected = plain_odds(plain_a, plain_d)
        assert {w: answer.random.winner(w) for w in expected} == expected, (edition, structure, troop)
    # Defended, the same troop has the walls' «+» and its garrison behind it; attacked by that
    # garrison, neither.
    walled = battle_odds(load_bundled("vs-2025"), "knights", "knights@castle", play="random").defenders
    assert [u.key for u in walled] == ["knights", "castle"] and "walls" in walled[0].why
    for attackers, defenders in (("castle", "knights@city"), ("castle", "knights"), ("castle castle", "knights@castle"),
                                 ("city knights", "elves@castle")):  # fmt: skip
        refused = run("referee", "battle", attackers, defenders, "--lang", "en")
        assert refused.exit_code == 2 and "garrison" in refused.output, (attackers, refused.output)


@pytest.mark.rule("vs.building.garrison-attack")
def test_a_garrisons_attack_answers_in_text_json_and_on_a_page() -> None:
    from starlette.testclient import TestClient

    from printkit.testing.pages import answer_lines
    from printkit.web.app import Table, make_app
    from printkit.web.served import load

    from ..conftest import EXAMPLES

    expected = plain_odds(*army_naive.garrison_attack("castle", "knights"))
    win = expected["attackers"]
    for lang, note in (("en", "A garrison's attack (§6.4)"), ("ru", "Атака гарнизона (§6.4)")):
        text = " ".join(lines("battle", "castle", "knights@castle", "--lang", lang))
        assert note in text and str(win) in text
        assert ("Knights, 4 sq." if lang == "en" else "Рыцари, 4 отр.") in text and "4 sq.+" not in text
        assert "4 отр.+" not in text  # no «+» from the walls
        assert "Атака гарнизона (§5.5)" in " ".join(lines("battle", "city", "zombie@city", "--edition", "2003"))
    data = json.loads(run("referee", "battle", "castle", "knights@castle", "--json").output)
    assert [u["unit"] for u in data["attackers"]] == ["castle"] and data["attackers"][0]["garrison"]
    assert [(u["unit"], u["why"]) for u in data["defenders"]] == [("knights", [])]
    assert Fraction(data["random"]["attackers"]) == win
    table = Table(load(EXAMPLES / "vs-2025.yaml", (), (EXAMPLES / "vs-map.yaml",), ()))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        for lang, note in (("en", "A garrison's attack (§6.4)"), ("ru", "Атака гарнизона (§6.4)")):
            form = {"attackers": "castle", "defenders": "knights@castle", "play": "random", "ask": "1", "lang": lang}
            page = client.get("/q/battle", params=form)
            assert page.status_code == 200 and 'class="refusal"' not in page.text
            shown = " ".join(answer_lines(page.text) or [])
            assert str(win) in shown and note in shown
