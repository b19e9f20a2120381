"""The second outside audit of VS after issue 41 (2026-11-29): each finding acted on, as a test."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from printkit.config.session import load_session, with_overrides
from printkit.games.vs.quickref import context

from ..conftest import EXAMPLES, run


def _said(*args: str) -> tuple[int, str]:
    result = run("referee", *args)
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.rule("vs.troop.neutral")
@pytest.mark.rule("vs.leader.escape")
@pytest.mark.rule("vs.referee.edition")
def test_a_rule_of_one_edition_is_refused_for_the_other() -> None:
    """Finding 2: `--edition vs-2003 neutrals 2` answered with the 2025 rule (§4.0), and a 2025
    config's `leader-escape` with the 2003 rule; an edition given by the session or the config was
    silently replaced by the only one the question offered."""
    for lang, neutral, escape in (("ru", "только в правилах 2025 года", "только в правилах 2003 года"),
                                  ("en", "2025 rules only", "only in the 2003 rules")):  # fmt: skip
        for where in (("--edition", "vs-2003"), ("--config", str(EXAMPLES / "vs-2003.yaml"))):
            code, out = _said("--lang", lang, *where, "neutrals", "2")
            assert code != 0 and neutral in out and "Traceback" not in out, (where, out)
        for where in (("--edition", "vs-2025"), ("--config", str(EXAMPLES / "vs-2025.yaml"))):
            code, out = _said("--lang", lang, *where, "leader-escape", "--income", "10")
            assert code != 0 and escape in out, (where, out)
    # Each still answers for its own edition, the session's or the default.
    assert _said("--config", str(EXAMPLES / "vs-2025.yaml"), "neutrals", "2")[0] == 0
    assert _said("--config", str(EXAMPLES / "vs-2003.yaml"), "leader-escape", "--income", "10")[0] == 0
    assert _said("neutrals", "2")[0] == 0 and _said("leader-escape", "--income", "47")[0] == 0


@pytest.mark.rule("vs.leader.escape")
def test_an_escape_needs_the_income() -> None:
    """Finding 16: without --income the escape was priced at 0 coins from an income of 0."""
    code, out = _said("leader-escape")
    assert code != 0 and "--income" in out and "0 мон." not in out
    code, out = _said("leader-escape", "--income", "47")
    # A plain reading of 2003 §3.4: a tenth of the whole income, rounded up.
    assert code == 0 and f"стоит {-(-47 // 10)} мон." in out


def _level_price(table: dict[str, int], below: dict[str, str], building: str, by_table: bool) -> int:
    """2025 §5.1, plainly: a destroyed level pays "the cost of the level" — its table price, or the
    difference from the level below (what raising it cost, §6 actions 1)."""
    low = below.get(building)
    return table[building] if by_table or low is None else table[building] - table[low]


@pytest.mark.rule("vs.prize.personal-troop")
def test_the_level_prize_prints_the_reading_it_took() -> None:
    """Finding 3: `prize castle --level-table` printed 100 coins under a note describing the other
    reading; the JSON carried none. Finding 23: the answer echoed the word typed («Замок (castle)»,
    "Orcs (орки)")."""
    table = {"tower": 25, "manor": 50, "castle": 100, "city": 125}  # 2025 §6, the buildings table
    below = {"manor": "tower", "castle": "manor", "city": "castle"}
    for by_table, own, other in ((False, "разница цен уровней", "цена уровня по таблице"),
                                 (True, "его цена по таблице построек", "без --level-table — разница")):  # fmt: skip
        switch = ("--level-table",) if by_table else ()
        code, out = _said("prize", "castle", *switch)
        coins = _level_price(table, below, "castle", by_table)
        assert code == 0 and f"Замок {coins} мон." in out and own in out and other in out, out
        assert "(castle)" not in out
        data = json.loads(run("referee", "prize", "castle", "city", *switch, "--json").output)
        assert data["total"] == sum(_level_price(table, below, b, by_table) for b in ("castle", "city"))
        assert ("по таблице построек" in data["readings"]["level"]) is by_table, data
    english = json.loads(run("referee", "prize", "castle", "--level-table", "--json", "--lang", "en").output)
    assert "table price" in english["readings"]["level"] or "buildings table" in english["readings"]["level"]
    code, out = _said("--lang", "en", "prize", "орки")
    assert code == 0 and "Orcs 25 coins" in out and "орки" not in out


def _card(game: str, lang: str) -> dict[str, object]:
    return context(with_overrides(load_session(EXAMPLES / f"{game}.yaml"), lang, "a4"))


@pytest.mark.rule("vs.print.quick-reference")
@pytest.mark.rule("vs.river.water-movement")
@pytest.mark.rule("vs.battle.orders")
def test_the_quick_references_except_ships_and_decline_the_orders() -> None:
    """Finding 5: the 2025 card made every troop stop at a terrain change and on a river cell,
    ships too (2025 §4.1: on a river the land does not matter; river and coast are one terrain).
    Finding 18: «Обстрел бьёт Защита» — the one beaten takes the accusative."""
    ru, en = _card("vs-2025", "ru"), _card("vs-2025", "en")
    assert "Кораблю берега не важны" in str(ru["crossing"]) and "одна местность" in str(ru["crossing"])
    assert "A ship ignores the banks" in str(en["crossing"])
    assert ru["cycle"] == "Атака бьёт Обстрел, Обстрел бьёт Защиту, Защита бьёт Атаку."
    assert _card("vs-2003", "ru")["cycle"] == "Атака бьёт Обстрел, Обстрел бьёт Оборону, Оборона бьёт Атаку."
    assert en["cycle"] == "Attack beats Fire, Fire beats Defend, Defend beats Attack."


@pytest.mark.rule("vs.ship.cargo-strength")
def test_at_sea_given_is_not_asked_for_again() -> None:
    """Finding 6: with --at-sea given the answer still said "if on sea or river add --at-sea"."""
    code, out = _said("battle", "ship", "elves@transport", "--edition", "2003", "--at-sea", "--play", "random")
    assert code == 0 and "добавьте --at-sea" not in out and "С --at-sea" in out
    # The transport keeps its one squad: a plain reading of 2003 §4.2.
    assert "Эльфы, 1 отр." in out
    code, out = _said("battle", "ship", "elves@transport", "--edition", "2003", "--play", "random")
    assert "добавьте --at-sea" in out


@pytest.mark.rule("vs.mine.deepen")
def test_copper_is_only_opened_and_a_failed_roll_says_only_that_it_failed() -> None:
    """Minor: copper was "deepened from the one below for 10" (there is none below), and a failed
    roll said the vein came to nothing, which the document does not say (only a chance of 1/2)."""
    _, table = _said("cost")
    assert "Медь (1 ур.), только открывается 10 мон." in table and "Медь (1 ур.), углубить" not in table
    assert "Серебро (2 ур.), углубить с предыдущего за 10" in table
    failed = [s for s in (f"s{k}" for k in range(40)) if "не удалось" in _said("mine", "--roll", "--seed", s)[1]]
    assert failed and all("жила" not in _said("mine", "--roll", "--seed", s)[1] for s in failed[:3])
    assert "it fails" in _said("--lang", "en", "mine", "--roll", "--seed", failed[0])[1]


@pytest.mark.rule("vs.print.sources")
def test_a_brief_answer_keeps_the_footnote_of_its_marks() -> None:
    """Finding 15: --brief kept `*` and `†` but dropped the lines explaining them."""
    for args, mark, words in (
        (("castle", "knights@castle"), "*", "* из издания 2003 года"),
        (("dragon", "ghost-ship", "--lang", "en"), "†", "† Ghost ship: spell 1.6"),
    ):
        code, out = _said("battle", *args, "--play", "random", "--brief")
        assert code == 0 and mark in out and words in out, out
        assert "Прочтение" not in out and "Reading" not in out  # the notes on the rules still go


@pytest.mark.rule("vs.battle.orders")
def test_russian_orders_are_written_in_russian_letters() -> None:
    """Finding 17: a Russian answer wrote the orders A, F, D and the --mix sides A, B in Latin."""
    code, out = _said("orders", "А О З А", "З З О")
    assert code == 0 and out.startswith("А — атака, О — обстрел, З — защита")
    assert "столбец 1: А А | З: З бьёт А; З бьёт А" in out and not re.search(r"\b[AFD]\b", out), out
    _, mix = _said("orders", "--mix")
    assert "стороны А" in mix and "Б побеждает" in mix and not re.search(r"\b[AB]\b", mix)
    _, en = _said("--lang", "en", "orders", "A F D A", "D D F")
    assert en.startswith("A attack, F fire, D defend") and "column 1: A A | D" in en


@pytest.mark.rule("vs.battle.outcome")
def test_russian_refusals_name_russian_things() -> None:
    """Finding 19: Russian refusals listed English ids and suggested English names."""
    code, out = _said("battle", "эльфв", "рыцари")
    assert code != 0 and "«Эльфы»" in out and "лёгкая пехота, варвары, эльфы" in out and "light-infantry" not in out
    code, out = _said("spell", "turn-to-dust")
    assert code != 0 and "«Обращение в прах»" in out and "Turn to dust" not in out and "fair-wind" not in out
    code, out = _said("--lang", "en", "spell", "turn-to-dust")
    assert "'Turn to dust'" in out and "fair-wind" in out
    code, out = _said("prize", "замак")
    assert code != 0 and "«Замок»" in out and "castle" not in out


@pytest.mark.rule("vs.transport.build")
@pytest.mark.rule("vs.ship.cargo-strength")
def test_a_transport_is_named_in_russian_too() -> None:
    """Finding 20: «эльфы@транспорте» was refused though «эльфы@корабле» (2025) is read."""
    for word in ("эльфы@транспорте", "эльфы@транспорт", "elves@transport"):
        code, out = _said("battle", "рыцари", word, "--edition", "2003", "--at-sea", "--play", "random")
        # 2003 §4.2, §4.5: the troop on a transport is one squad, and so are the knights attacking it.
        assert code == 0 and "Рыцари, 1 отр. против Эльфы, 1 отр." in out, (word, out)


@pytest.mark.rule("vs.rebellion.state")
@pytest.mark.rule("vs.rebellion.commander-2003")
def test_two_together_are_both() -> None:
    """Finding 24: «все 2 дома лорда» for two houses on one roll."""
    code, out = _said("rebellion", "2", "--together")
    assert code == 0 and "оба дома лорда" in out and "все 2" not in out
    # All or nothing on one roll of chance 1/2 (2025 §5.2).
    assert re.search(r"перейдёт 0 1/2 .* перейдёт 2 1/2", out)
    _, old = _said("rebellion", "2", "--together", "--edition", "2003")
    assert "оба переходят разом" in old and "все 2" not in old
    _, en = _said("--lang", "en", "rebellion", "2", "--together")
    assert "both of the loser's lord's houses" in en
    assert Fraction(1, 2) == Fraction(1, 2**1)  # one roll for both, not one each


def _lairs(game: str) -> set[str]:
    """The lair cells the example map lists, read from the file as a player would."""
    import yaml

    return set(yaml.safe_load((EXAMPLES / f"{game}.yaml").read_text(encoding="utf-8"))["map"]["lairs"])


@pytest.mark.rule("vs.dragon.lair")
@pytest.mark.rule("vs.movement.route")
def test_a_route_or_reach_over_a_lair_warns_of_its_dragon() -> None:
    """Finding 10: a route ending on a dragon's lair (E8) or passing it said nothing, though 2025
    spell 1.3 (note) and 2003 spell 9 (note) have the dragon attack any troop on its cell but a mage."""
    for game in ("vs-2025", "vs-2003"):
        lairs = _lairs(game)
        for troop, start, goal in (("knights", "H9", "E8"), ("dwarves", "D8", "G8"), ("dwarves", "D7", "F9"),
                                   ("knights", "H9", "D8"), ("mage", "H9", "E8")):  # fmt: skip
            args = ("route", str(EXAMPLES / f"{game}.yaml"), "--troop", troop, "--from", start, "--to", goal)
            data = json.loads(run("referee", *args, "--json").output)
            walked = [c for leg in data["legs"] for c in leg[1:]]
            hit = [c for c in walked if c in lairs] if troop != "mage" else []
            passed = [c for c in hit if c != goal]
            code, out = _said(*args)
            assert code == 0, out
            if hit:
                assert (f"ход кончается на логове дракона {goal}." in out) is (goal in hit), out
                assert (f"путь проходит через логово дракона {', '.join(passed)}." in out) is bool(passed), out
                assert ("заклинание 1.3" if game == "vs-2025" else "заклинание 9") in out
                _, en = _said("--lang", "en", *args)
                assert "dragon's lair" in en and "but a mage" in en
            else:
                assert "логов" not in out and "логов" not in data["rules"], (game, troop, out)
    # Reach names the lairs it can get to (the start excluded) and the first turn of each.
    args = ("reach", str(EXAMPLES / "vs-2025.yaml"), "--troop", "dwarves", "--from", "D7", "--turns", "2")
    data = json.loads(run("referee", *args, "--json").output)
    near = sorted(set(data["reachable"]) & _lairs("vs-2025"))
    assert near and all(f"{c} (ход {data['reachable'][c]})" in data["rules"] for c in near), data["rules"]
    assert "логов" not in _said("reach", str(EXAMPLES / "vs-2025.yaml"), "--troop", "mage", "--from", "D7")[1]


@pytest.mark.rule("vs.magic.schools")
def test_a_2003_spell_says_who_may_cast_it() -> None:
    """Finding 12: 2003 spell answers left out who may cast them; the document (§4.8, and each spell's
    «Доступно …») gives spells 1-4 to one race's mages and the rest to any mage."""
    # Written from the 2003 spell list: the first four belong to a race each, in this order.
    races = {"Туман сна": "эльф", "Прозрачные стены": "орк", "Щит ярости": "гном", "Вода неутомимости": "человек"}
    english = {"эльф": "an elf mage", "орк": "an orc mage", "гном": "a dwarf mage", "человек": "a human mage"}
    for spell in ("Туман сна", "Прозрачные стены", "Щит ярости", "Вода неутомимости", "Шторм", "Вызов дракона",
                  "Дар свободы"):  # fmt: skip
        code, out = _said("spell", spell, "--edition", "2003")
        race = races.get(spell)
        said = f"Колдует только маг-{race}" if race else "Колдует любой маг"
        assert code == 0 and said in out and "§4.8" in out, (spell, out)
        _, en = _said("--lang", "en", "spell", spell, "--edition", "2003")
        assert (f"Only {english[race]} may cast it" if race else "Any mage may cast it") in en, en
        data = json.loads(run("referee", "spell", spell, "--edition", "2003", "--json").output)
        ids = {"эльф": "elf", "орк": "orc", "гном": "dwarf", "человек": "human"}
        assert data["caster"] == ids.get(race or "", "all")
    # 2025 has its own schools and no races: its answers are left as they were.
    assert "Колдует" not in _said("spell", "storm")[1]


@pytest.mark.rule("vs.rebellion.commander-2003")
def test_the_2003_uprising_says_magical_troops_go_with_their_mage() -> None:
    """Finding 13: 2003 §3.11 has magical troops inherited with the mage who controls them; the
    answer left it out (so a player might count zombies and a dragon as rolls of their own)."""
    for args in (("3",), ("3", "--together"), ("1",)):
        code, out = _said("rebellion", *args, "--edition", "2003")
        assert code == 0 and "Магические войска" in out and "вместе с магом" in out and "§3.11" in out, out
        _, en = _said("--lang", "en", "rebellion", *args, "--edition", "2003")
        assert "Magical troops" in en and "with the mage" in en
    # 2025 §5.2 has lord's houses, not troops: nothing to say there.
    assert "Магические" not in _said("rebellion", "3")[1]


@pytest.mark.rule("vs.rebellion.state")
@pytest.mark.rule("vs.rebellion.commander-2003")
def test_a_rolled_uprising_names_what_goes() -> None:
    """Finding 11: `rebellion N --roll` gave a count only; `neutrals --roll` names its troops by
    number. Each house (2003: troop or structure) is numbered from 1 in an agreed order."""
    from printkit.games.vs.questions import rebellion

    houses = 5
    passed = dict.fromkeys(range(1, houses + 1), 0)
    for k in range(400):
        for together in (False, True):
            got = rebellion(houses, together=together, roll=True, seed=f"s{k}")
            names = got.passed
            assert names is not None and got.rolled == len(names) and list(names) == sorted(set(names))
            assert set(names) <= set(passed)
            if together:
                assert names in ((), tuple(passed)), names  # one roll for all: all or none
            else:
                for n in names:
                    passed[n] += 1
    # Each house on its own roll of chance 1/2 (2025 §5.2, 2003 §3.11): about 200 of 400 each.
    assert all(150 < c < 250 for c in passed.values()), passed
    seed = next(f"s{k}" for k in range(400) if len(rebellion(houses, roll=True, seed=f"s{k}").passed or ()) >= 2)
    names = rebellion(houses, roll=True, seed=seed).passed or ()
    listed = ", ".join(map(str, names))
    code, out = _said("rebellion", str(houses), "--roll", "--seed", seed)
    assert code == 0 and f"Переходят дома № {listed}." in out and "условленному до броска" in out, out
    _, old = _said("rebellion", str(houses), "--roll", "--seed", seed, "--edition", "2003")
    assert f"Переходят войска и строения № {listed}." in old
    _, en = _said("--lang", "en", "rebellion", str(houses), "--roll", "--seed", seed)
    assert f"Houses no. {listed} pass." in en
    data = json.loads(run("referee", "rebellion", str(houses), "--roll", "--seed", seed, "--json").output)
    assert data["passed"] == list(names) and data["rolled"] == len(names)
    none = next(f"s{k}" for k in range(400) if rebellion(houses, roll=True, seed=f"s{k}").passed == ())
    assert "Не переходит ни один дом." in _said("rebellion", str(houses), "--roll", "--seed", none)[1]


@pytest.mark.rule("vs.treasury.cap")
@pytest.mark.rule("vs.print.quick-reference")
def test_the_2003_card_says_money_over_the_limit_is_taken() -> None:
    """Finding 8: the 2003 quick reference gave the treasury's size but never that money above it
    is taken (2003 §2.1 before the income; §2.3, read literally, at the start of the turn as well)."""
    ru = " ".join(map(str, _card("vs-2003", "ru")["money"]))
    # the reading said in words (issue 42: the card cites no section the kit's booklet does not number)
    assert "лишнее изымается перед выдачей дохода" in ru and "к началу хода наличные не выше казны" in ru
    assert "--cap-before-income" not in ru and "§" not in ru
    assert "Прочтение:" in ru and "printkit" not in ru  # a page for the table names no program
    en = " ".join(map(str, _card("vs-2003", "en")["money"]))
    assert "the excess is taken before the income is paid" in en and "Reading:" in en and "printkit" not in en
    assert "изымается" in " ".join(map(str, _card("vs-2025", "ru")["money"]))  # 2025 kept as it was


@pytest.mark.rule("vs.treasury.cap")
@pytest.mark.rule("vs.print.ledger")
def test_the_2003_ledger_has_a_column_for_what_is_taken_after_the_income(tmp_path: Path) -> None:
    """Finding 9: the 2003 ledger's one «Изъято» column comes before the income, but the default
    reading (§2.3 at the start of the turn) takes what the income brings over the limit too."""
    from printkit import evening

    from ..conftest import pdf_text

    path = tmp_path / "e.sqlite"
    evening.start(EXAMPLES / "vs-2003.yaml", path)
    paid = evening.record(path, "income", {"player": "Север"}).effect
    done = run("evening", "print", str(path), "--out", str(tmp_path / "paper"))
    assert done.exit_code == 0, done.output
    pages = pdf_text(tmp_path / "paper" / "ledger.pdf")
    players = len(load_session(EXAMPLES / "vs-2003.yaml").players)
    assert len(pages) == players + 1  # still a page a player, and one to go on
    assert all("Изъято после дохода" in " ".join(p.split()) for p in pages)
    # A plain reckoning of the default reading: the cash is cut to the limit, the income added, and
    # what stands above the limit again is taken.
    cash, cap = paid["cash_before"], paid["cap"]
    net = paid["lands"] + paid["mines"] - paid["upkeep"]
    before = max(0, cash - cap)
    after = max(0, min(cash, cap) + net - cap)
    assert after > 0
    rows = [" ".join(line.split()) for line in pages[0].splitlines()]
    assert f"1 {cash} {cap} {before} +{paid['lands']} 0 0 +{net} {after} {paid['cash_after']}" in rows, rows
    english = run("evening", "print", str(path), "--out", str(tmp_path / "en"), "--lang", "en")
    assert english.exit_code == 0, english.output
    assert "Taken after income" in " ".join(pdf_text(tmp_path / "en" / "ledger.pdf")[0].split())
    # 2025 takes the excess before the income only (§2.1): its ledger keeps one column.
    other = tmp_path / "e25.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", other)
    assert run("evening", "print", str(other), "--out", str(tmp_path / "p25")).exit_code == 0
    assert "после дохода" not in " ".join(pdf_text(tmp_path / "p25" / "ledger.pdf")[0].split())


# ---- what the second audit left open (issue 41 leftovers) ---------------------------------------------

_CYRILLIC = re.compile("[а-яё]", re.I)


@pytest.mark.rule("vs.spell.storm")
@pytest.mark.rule("vs.spell.dragon-taming")
@pytest.mark.rule("vs.spell.raise-zombies")
def test_a_spells_json_says_its_outcomes_in_the_answers_language() -> None:
    """Leftover: `referee spell storm --json` wrote its outcomes in English under the Russian default."""
    for name, edition in (("storm", "vs-2025"), ("tame-dragon", "vs-2025"), ("raise-zombies", "vs-2003")):
        for lang in ("ru", "en"):
            said = run("referee", "spell", name, "--edition", edition, "--lang", lang).output
            data = json.loads(run("referee", "spell", name, "--edition", edition, "--lang", lang, "--json").output)
            rolled = json.loads(run("referee", "spell", name, "--edition", edition, "--lang", lang, "--json",
                                    "--roll", "--seed", "s1").output)  # fmt: skip
            texts = [o["text"] for o in data["outcomes"]] + [rolled["result"]]
            for text in texts:
                # The same words as the text answer's table, in the language asked.
                assert text and text in " ".join(said.split()), (name, lang, text)
                assert bool(_CYRILLIC.search(text)) == (lang == "ru"), (name, lang, text)


@pytest.mark.rule("vs.building.garrison-attack")
@pytest.mark.rule("vs.building.walls")
def test_an_attacking_castle_garrison_fights_without_its_walls_plus() -> None:
    """Finding 14: `battle castle "knights@castle"` (and 2003 `battle city "zombie:2@city"`) gave the
    attacking garrison the walls' «+», a reading printed nowhere. The «+» note of the building tables
    gives it only to whoever does not attack this turn; the other reading is a switch."""
    from printkit.games.vs.answers import battle_odds
    from printkit.plugin import load_bundled

    from . import naive_army
    from .test_referee_battles import plain_odds

    cases = [("vs-2025", "castle", "knights"), ("vs-2025", "city", "elves"), ("vs-2025", "fortress", "orcs"),
             ("vs-2025", "mine-4", "dwarves"), ("vs-2003", "city", "zombie"),
             ("vs-2003", "castle", "elves")]  # fmt: skip
    for edition, structure, troop in cases:
        for keeps in (False, True):
            answer = battle_odds(load_bundled(edition), structure, f"{troop}@{structure}", play="random",
                                 garrison_keeps_plus=keeps)  # fmt: skip
            plain = naive_army.garrison_attack(structure, troop, keeps_plus=keeps)
            assert [(u.squads, u.advantage) for u in answer.attackers] == plain[0], (edition, structure, keeps)
            assert answer.random is not None
            assert {w: answer.random.winner(w) for w in ("attackers", "defenders", "both")} == plain_odds(*plain)
    # The reading is said with the answer, with its switch named in the terminal only.
    for lang, words, switch in (
        ("ru", "напав сам, гарнизон бьётся без «+»", "--garrison-keeps-plus —"),
        ("en", "attacking, the garrison fights without it", "--garrison-keeps-plus:"),
    ):
        for edition, section in (("2025", "§6"), ("2003", "§5")):
            code, out = _said("battle", "city", "elves@city", "--edition", edition, "--lang", lang)
            assert code == 0 and words in out and switch in out and f"({section}," in out, out
            data = json.loads(run("referee", "battle", "city", "elves@city", "--edition", edition, "--lang", lang,
                                  "--json").output)  # fmt: skip
            assert words in data["readings"]["garrison_plus"] and data["attackers"][0]["advantage"] is False
        code, out = _said("battle", "castle", "knights@castle", "--garrison-keeps-plus", "--lang", lang)
        assert code == 0 and "--garrison-keeps-plus" in out and words not in out
    # A fortress's walls always hold and a mine has none: nothing to read there.
    assert (
        "garrison_plus"
        not in json.loads(run("referee", "battle", "fortress", "orcs@fortress", "--json").output)["readings"]
    )
    _page_says_the_garrison_reading()


def _page_says_the_garrison_reading() -> None:
    from starlette.testclient import TestClient

    from printkit.testing.pages import answer_lines
    from printkit.web.app import Table, make_app
    from printkit.web.served import load

    table = Table(load(EXAMPLES / "vs-2025.yaml", (), (EXAMPLES / "vs-map.yaml",), ()))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        for lang, words in (("ru", "напав сам, гарнизон бьётся без «+»"), ("en", "the garrison fights without it")):
            form = {"attackers": "castle", "defenders": "knights@castle", "play": "random", "ask": "1", "lang": lang}
            page = client.get("/q/battle", params=form)
            shown = " ".join(answer_lines(page.text) or [])
            assert page.status_code == 200 and words in shown and "--garrison-keeps-plus" not in shown, shown
            kept = client.get("/q/battle", params={**form, "garrison_keeps_plus": "1"})
            assert words not in " ".join(answer_lines(kept.text) or []), kept.text[-1500:]


Side = list[tuple[int, bool]]  # each unit of a side as (squads, «+»)


def _duel_odds(amulet: str, plain_mage: bool) -> tuple[dict[str, Fraction], Side, Side]:
    """2025 §4.8 plainly: a duel is fought as a battle of the two mages' cards. A mage has 2 squads,
    each with the «+» (the 2003 table, 2025 drawing only the «+»); the amulet gives the advantage in
    duels (§5.3), which a mage with the «+» already has, unless mages are read without their own."""

    def mage(side: str) -> Side:
        worn = amulet in (side, "both")
        return [(2, worn if plain_mage else True)]

    from .test_referee_battles import plain_odds

    a, d = mage("challenger"), mage("challenged")
    return plain_odds(a, d), a, d


@pytest.mark.rule("vs.battle.mental-duel")
def test_a_mental_duel_says_who_loses_the_spells_for_a_year() -> None:
    """Finding 7: `battle mage mage` gave a battle's odds but no duel's outcome: who loses the right to
    cast for a year (2025 §4.8), within what reach, and what of a draw."""
    from itertools import product

    from printkit.games.vs.questions import mental_duel
    from printkit.games.vs.zerosum import solve

    from . import naive_battle as naive
    from .test_odds import naive_value

    for amulet, plain, both_lose in product(("none", "challenger", "both"), (False, True), (False, True)):
        answer = mental_duel(amulet=amulet, plain_mage=plain, draw_both_lose=both_lose)
        expected, side_a, side_d = _duel_odds(amulet, plain)
        assert answer.odds.random is not None and answer.odds.optimal is not None
        got = {w: answer.odds.random.winner(w) for w in expected}
        assert got == expected, (amulet, plain)
        draw = expected["both"] if both_lose else 0
        assert answer.barred("challenger", "random") == expected["defenders"] + draw
        assert answer.barred("challenged", "random") == expected["attackers"] + draw
        # Best play against a game tree of every first lay and every re-lay, through the naive resolver.
        lays_a = [[naive.Card(o, side_a[0][1], k) for k, o in enumerate(os)] for os in product("AFD", repeat=2)]
        lays_d = [[naive.Card(o, side_d[0][1], k) for k, o in enumerate(os)] for os in product("AFD", repeat=2)]
        matrix = [[naive_value(*map(tuple, naive.one_round(x, y)), {}) for y in lays_d] for x in lays_a]
        assert answer.odds.optimal.value == solve(matrix).value, (amulet, plain)
        if side_a == side_d:
            assert answer.odds.optimal.value == 0  # two equal mages: an even game
    # The reach of the challenge (§4.8: 6 cells), and 2025 alone has duels.
    assert _said("mental-duel", "--distance", "6")[0] == 0
    code, out = _said("mental-duel", "--distance", "7", "--lang", "en")
    assert code != 0 and "7 cells apart" in out and "at most 6" in out and "Traceback" not in out
    code, out = _said("--edition", "vs-2003", "mental-duel")
    assert code != 0 and "только в правилах 2025 года" in out
    # The rule and each reading in words, the switches named in the terminal; JSON in the asker's language.
    for lang, rule, stays, draw in (
        ("ru", "проигравший год не колдует", "маги остаются на карте", "при ничьей проигравшего нет"),
        ("en", "the loser casts no spell for a year", "both mages stay on the map", "a draw has no loser"),
    ):
        code, out = _said("mental-duel", "--lang", lang)
        assert code == 0 and rule in out and stays in out and draw in out and "--draw-both-lose" in out, out
        data = json.loads(run("referee", "mental-duel", "--lang", lang, "--json").output)
        assert stays in data["readings"]["outcome"] and draw in data["readings"]["draw"]
        assert Fraction(data["random"]["barred"]["challenger"]) == _duel_odds("none", False)[0]["defenders"]
        assert bool(_CYRILLIC.search(data["readings"]["mage"])) == (lang == "ru")
    _page_answers_a_duel()


def _page_answers_a_duel() -> None:
    from starlette.testclient import TestClient

    from printkit.testing.pages import answer_lines
    from printkit.web.app import Table, make_app
    from printkit.web.served import load

    expected = _duel_odds("challenger", True)[0]
    table = Table(load(EXAMPLES / "vs-2025.yaml", (), (EXAMPLES / "vs-map.yaml",), ()))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        for lang, words in (("ru", "проигравший год не колдует"), ("en", "the loser casts no spell for a year")):
            form = {"amulet": "challenger", "plain_mage": "1", "play": "random", "ask": "1", "lang": lang}
            page = client.get("/q/mental-duel", params=form)
            shown = " ".join(answer_lines(page.text) or [])
            assert page.status_code == 200 and 'class="refusal"' not in page.text, page.text[-1500:]
            assert words in shown and str(expected["attackers"]) in shown and "--plain-mage" not in shown, shown


@pytest.mark.rule("vs.map.terrain")
def test_a_map_letter_the_edition_lacks_is_refused_by_validate_and_build(tmp_path: Path) -> None:
    """Finding 4: a 2003 config with rows ["PP", "PC"] (C is 2025's coastal sea) and a 2025 one with an
    X passed `validate`, and `build` drew the cell magenta; only `map check` refused the letter."""
    from printkit.errors import ConfigError

    from ..conftest import write

    configs = {}
    cases = [("vs-2003", "PC", "C", "B2"), ("vs-2025", "PX", "X", "B2"), ("vs-2025", "XPPX", "X", "A2, D2")]
    for game, row, letter, cells in cases:
        width = len(row)
        for lang in ("ru", "en"):
            text = (f"game: {game}\nlanguage: {lang}\nplayers:\n  - {{name: А}}\n  - {{name: Б}}\nmap:\n  rows:\n"
                    f"    - {'P' * width}\n    - {row}\n")  # fmt: skip
            inline = write(tmp_path / f"{game}-{row}-{lang}.yaml", text)
            beside = write(tmp_path / f"m-{game}-{row}.yaml", f"game: {game}\nrows:\n  - {'P' * width}\n  - {row}\n")
            named = write(tmp_path / f"n-{game}-{row}-{lang}.yaml",
                          f"game: {game}\nlanguage: {lang}\nmap: {beside.name}\n")  # fmt: skip
            for config, where in ((inline, f"{inline}:9: map.rows[1]: "), (named, f"{beside}:4: rows[1]: ")):
                configs[config] = where
                with pytest.raises(ConfigError) as refused:
                    load_session(config)
                for said in (lang, "en" if lang == "ru" else "ru"):  # the config's language, or --lang's
                    lines = refused.value.said_lines(said)
                    assert len(lines) == 1 and lines[0].startswith(where) and cells in lines[0], lines
                    assert (f"«{letter}»" if said == "ru" else f"'{letter}'") in lines[0], lines
                    assert bool(_CYRILLIC.search(lines[0].removeprefix(where))) == (said == "ru"), lines
                assert refused.value.lang == lang
    # validate and build refuse alike: tests/test_validate_matches_build.py.
    # The letters each edition has still pass: C is 2025's coastal sea.
    good = write(tmp_path / "good.yaml", "game: vs-2025\nplayers:\n  - {name: А}\n  - {name: Б}\nmap:\n  rows:\n"
                 "    - PPCS\n    - FMDP\n")  # fmt: skip
    assert load_session(good).game_map is not None


_ENGLISH_WORDS = re.compile(r"\b(expected|got|unknown|is not|must|only|needs|entries|allowed|missing|played)\b")


@pytest.mark.rule("vs.setup.players")
def test_validate_speaks_the_configs_language_for_the_shared_checks(tmp_path: Path) -> None:
    """Finding 21: under a Russian config `validate` said the shared schema checker's problems in
    English («players: needs at least 1 entries, has 0», "'#zzzzzz' is not a colour like #2E7D32",
    "'huge' is not a card size", "tokenz: unknown key (did you mean 'tokens'?)"), and the player count
    named the game by its id in Russian text («в vs-2025 играют»)."""
    from printkit.labels import entries

    from ..conftest import write

    bad = write(
        tmp_path / "bad.yaml",
        """game: vs-2025
players:
  - {name: "", colour: "#zzzzzz"}
  - {name: B, heroes: []}
cards: {size: huge, duplex: sideways, bleed_mm: 99, corners: "yes", players: []}
tokenz: 3
adventures: {}
printer: {scale: [1]}
""",
    )
    said = {lang: run("validate", str(bad), *(("--lang", "en") if lang == "en" else ())).stderr.splitlines()
            for lang in ("ru", "en")}  # fmt: skip
    assert len(said["ru"]) == len(said["en"]) == 11, said
    for ru, en in zip(said["ru"], said["en"], strict=True):
        where = ru.split(": ")[0] + ": " + ru.split(": ")[1] + ": "
        assert en.startswith(where), (ru, en)  # the same file, line and field
        assert _CYRILLIC.search(ru.removeprefix(where)) and not _ENGLISH_WORDS.search(ru), ru
        assert not _CYRILLIC.search(en.removeprefix(where)) and "«" not in en, en
    joined = "\n".join(said["ru"])
    for words in (
        "«#zzzzzz» — это не цвет",
        "«huge» — это не размер карт",
        "«sideways» — не одно из: long, short",
        "tokenz: неизвестный ключ (может быть, «tokens»?)",
        "нужно не меньше 1 записи, а здесь 0",
    ):
        assert words in joined, (words, joined)
    # The player count names the game in Russian, not by its id; too few and too many alike, none too.
    for count in (0, 1, 9):
        names = ", ".join(f"{{name: P{k}}}" for k in range(count))
        config = write(tmp_path / f"p{count}.yaml", f"game: vs-2003\nplayers: [{names}]\n")
        told = run("validate", str(config)).stderr.strip()
        assert "в игру «Великая Стратегическая (2003)» играют от 2 до 8 игроков" in told, told
        assert "vs-2003" not in told and "entries" not in told and len(told.splitlines()) == 1, told
    game = write(tmp_path / "s.yaml", "game: strategiya\nplayers: [{name: A}, {name: B}, {name: C}, {name: D}, "
                 "{name: E}]\n")  # fmt: skip
    assert "в игру «Стратегия» играют от 2 до 4 игроков" in run("validate", str(game)).stderr
    # The words live in the label files; their English has no Cyrillic and no «».
    for key, text in entries("cs_").items():
        assert not _CYRILLIC.search(text["en"]) and "«" not in text["en"] and text["ru"] != text["en"], key
