"""Where VS figures come from: figures the edition's own rules lack are marked on every page and in
every answer that uses them, in both languages, and explained; the edition's own carry no mark."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest

from printkit.config.rulesets import load_bundled
from printkit.config.session import load_session, with_overrides
from printkit.games.vs import economy as ec
from printkit.games.vs.answers import battle_odds
from printkit.games.vs.army import Readings, sides
from printkit.games.vs.model import vs_of
from printkit.games.vs.tables import READING_MARKS, hired, mines, structures, troops
from printkit.games.vs.tokens import footnotes, tokens
from printkit.render.fonts import unprintable

from ..conftest import EXAMPLES, ExampleKits, pdf_text, run
from . import naive_army as naive

R25, R03 = load_bundled("vs-2025"), load_bundled("vs-2003")
V25, V03 = vs_of(R25), vs_of(R03)
NOTES = {
    "ru": ("* из издания 2003 года", "† прочтение этого набора"),
    "en": ("* from the 2003 edition", "† this kit's reading"),
}


def flat(pdf: object) -> str:
    return re.sub(r"\s+", " ", " ".join(pdf_text(pdf))).replace("\xa0", " ")  # type: ignore[arg-type]


@pytest.mark.rule("vs.troop.magic-squads")
@pytest.mark.rule("vs.garrison.values")
@pytest.mark.rule("vs.print.sources")
def test_each_figure_names_its_document() -> None:
    of = R25.provenance.of
    for troop in ("mage", "zombie", "dragon"):
        assert of(f"troops.{troop}.squads").document.id == "vs-2003"  # type: ignore[union-attr]
    assert of("troops.ghost-ship.squads").document.id == "printkit"  # type: ignore[union-attr]
    assert of("troops.knights.squads").document.own and of("troops.dragon.upkeep").document.own  # type: ignore[union-attr]
    assert all(of(f"structures.{s.id}.garrison").document.id == "vs-2003" for s in V25.structures)  # type: ignore[union-attr]
    assert all(of(f"mines.{m.level}.garrison").document.id == "vs-2003" for m in V25.mines)  # type: ignore[union-attr]
    assert of("players").document.id == "printkit" == R03.provenance.of("players").document.id  # type: ignore[union-attr]
    # 2003 gives all of these itself; its dragon's move at sea is printkit's reading.
    assert not R03.provenance.mark("troops.mage.squads") and not R03.provenance.mark("structures.castle.garrison")
    assert R03.provenance.mark("troops.dragon.move.sea") == "†" and not R03.provenance.mark("troops.dragon.move.field")


@pytest.mark.rule("vs.troop.magic-squads")
@pytest.mark.rule("vs.garrison.values")
@pytest.mark.rule("vs.print.sources")
def test_tables_mark_borrowed_figures_and_explain_them_in_both_languages() -> None:
    for lang in ("ru", "en"):
        t = troops(R25, lang)
        rows = {r[0].rstrip("‡¶"): r for r in t.rows}
        assert rows[V25.troop("mage").name[lang]][2] == "2+*"  # type: ignore[union-attr]
        assert rows[V25.troop("dragon").name[lang]][2] == "4+*"  # type: ignore[union-attr]
        assert rows[V25.troop("ghost-ship").name[lang]][2] == "2+†"  # type: ignore[union-attr]
        assert rows[V25.troop("knights").name[lang]][2] == "4" and rows[V25.troop("ship").name[lang]][2] == "2"  # type: ignore[union-attr]
        assert t.notes[0].startswith(NOTES[lang][0]) and t.notes[1].startswith(NOTES[lang][1])
        assert "1.6" in t.notes[2]  # how the ghost ship's squads were read
        # issue 42, second review: that note's mark was the figure's †, a second meaning on the page;
        # the row's name now points to it with a mark of its own, one the bundled fonts print.
        ghost = V25.troop("ghost-ship").name[lang]  # type: ignore[union-attr]
        assert rows[ghost][0] == ghost + "‡" and t.notes[2].startswith(f"‡ {ghost}:")
        assert [n[0] for n in t.notes] == ["*", "†", "‡"] and not unprintable("".join(READING_MARKS))
        s = {r[0]: r for r in structures(R25, lang).rows}
        assert s[V25.structures[2].name[lang]][4] == "1+*" and NOTES[lang][0] in structures(R25, lang).notes
        assert [r[-1] for r in mines(R25, lang).rows] == ["1*", "1+*", "2*", "2+*"]
        # The 2003 edition's own figures carry no mark; its dragon at sea is printkit's.
        plain = troops(R03, lang)
        assert all("*" not in cell for row in plain.rows for cell in row)
        dragon = {r[0]: r for r in plain.rows}[V03.troop("dragon").name[lang] + "‡"]  # type: ignore[union-attr]
        assert dragon[-1] == "5†" and dragon[-2] == "5" and plain.notes[0].startswith(NOTES[lang][1])
        assert plain.notes[1].startswith("‡ ")
        assert all("*" not in cell for row in structures(R03, lang).rows for cell in row)


@pytest.mark.slow
@pytest.mark.rule("vs.print.sources")
@pytest.mark.rule("vs.troop.magic-squads")
def test_booklet_and_quickref_print_the_marks_and_their_notes(kits: ExampleKits) -> None:
    for lang in ("ru", "en"):
        out = kits("vs-2025", lang)
        for name in ("booklet.pdf", "quickref.pdf"):
            text = flat(out / name)
            assert NOTES[lang][0] in text and NOTES[lang][1] in text, (lang, name)
            assert re.search(r" 2\+\* ", text) and re.search(r" 4\+\* ", text) and re.search(r" 2\+† ", text)
            # One mark, one meaning (issue 42, second review): † only says the rules give no figure.
            ghost = V25.troop("ghost-ship").name[lang]  # type: ignore[union-attr]
            assert f"{ghost}‡" in text and f"‡ {ghost}:" in text and f"† {ghost}:" not in text, (lang, name)
        plain = flat(kits("vs-2003", lang) / "quickref.pdf")
        assert NOTES[lang][0] not in plain and NOTES[lang][1] in plain  # only the dragon's sea move


@pytest.mark.slow
@pytest.mark.rule("vs.print.sources")
@pytest.mark.rule("vs.print.tokens")
def test_tokens_mark_their_boxes_and_their_sheets_say_why(kits: ExampleKits) -> None:
    for lang in ("ru", "en"):
        session = with_overrides(load_session(EXAMPLES / "vs-2025.yaml"), lang, "a4")
        made = {t.kind: t for t in tokens(session)}
        assert (made["mage"].squads_mark, made["dragon"].squads_mark, made["ghost-ship"].squads_mark) == ("*", "*", "†")
        assert made["knights"].squads_mark == "" and made["castle"].garrison_mark == "*"
        assert made["mine-4"].garrison_mark == "*"  # the mines have a pictogram each (issue 33)
        assert footnotes(session, [made["knights"]]) == []
        assert footnotes(session, [made["mage"], made["ghost-ship"]])[0] == NOTES[lang][0]
        text = flat(kits("vs-2025", lang) / "tokens.pdf")
        assert NOTES[lang][0] in text and NOTES[lang][1] in text
        old = with_overrides(load_session(EXAMPLES / "vs-2003.yaml"), lang, "a4")
        by_kind = {t.kind: t for t in tokens(old)}
        assert by_kind["mage"].squads_mark == "" and by_kind["castle"].garrison_mark == ""
        assert dict(by_kind["dragon"].moves).values() and "5†" in dict(by_kind["dragon"].moves).values()


@pytest.mark.rule("vs.print.sources")
@pytest.mark.rule("vs.garrison.values")
def test_battle_answers_mark_borrowed_squads_and_say_why() -> None:
    for lang in ("ru", "en"):
        out = run("referee", "battle", "elves", "mine-4", "--play", "random", "--lang", lang).output
        assert re.search(r", 2 (отр|sq)\.\+\*", out) and NOTES[lang][0] in out
        ghost = run("referee", "battle", "dragon", "ghost-ship", "--play", "random", "--lang", lang).output
        assert NOTES[lang][1] in ghost and "1.6" in ghost and "ghost-ship:3" in ghost
        own = run("referee", "battle", "knights", "elves", "--play", "random", "--lang", lang).output
        assert "*" not in own and "†" not in own
        old = run("referee", "battle", "elves", "mine-4", "--edition", "vs-2003", "--play", "random", "--lang", lang)
        assert "*" not in old.output
    data = battle_odds(R25, "mage", "knights@castle", play="random").json("en")
    assert data["attackers"][0]["squads_from"] == "vs-2003" and data["defenders"][1]["squads_from"] == "vs-2003"
    assert "squads_from" not in data["defenders"][0]


@pytest.mark.rule("vs.print.sources")
@pytest.mark.rule("vs.setup.players")
def test_a_player_count_says_it_is_printkits(tmp_path: object) -> None:
    """issue 41: nine players were refused "at most 8 allowed", not saying eight is printkit's reading;
    one player was told the reading twice over; both in English under a Russian config."""
    from pathlib import Path

    folder = Path(str(tmp_path))
    for count in (1, 9):
        names = ", ".join(f"{{name: P{k}}}" for k in range(count))
        game = "в игру «Великая Стратегическая (2025)»"
        for language, words in (("ru", (f"{game} играют от 2 до 8 игроков", "прочтение этого набора",
                                        f"в конфиге {count} игрок" + ("" if count == 1 else "ов"))),
                                ("en", ("vs-2025 is played by 2 to 8 players", "this kit's reading",
                                        f"the config lists {count}"))):  # fmt: skip
            config = folder / f"c{count}{language}.yaml"
            config.write_text(f"game: vs-2025\nlanguage: {language}\nplayers: [{names}]\n", encoding="utf-8")
            result = run("validate", config)
            told = " ".join(result.output.split())
            assert result.exit_code == 3 and all(w in told for w in words), (count, language, told)
            assert "allowed" not in told and told.count("no figure") + told.count("этого числа нет") == 1, told
            assert "number of players" not in told and "числа игроков" not in told  # said once, not twice
    own = folder / "s.yaml"  # a game whose rules set the count: no reading named
    own.write_text("game: strategiya\nlanguage: en\nplayers: [{name: A}, {name: B}, {name: C}, {name: D}, "
                   "{name: E}]\n", encoding="utf-8")  # fmt: skip
    said = " ".join(run("validate", own).output.split())
    assert "strategiya is played by 2 to 4 players; the config lists 5" in said and "reading" not in said


@pytest.mark.slow
@pytest.mark.rule("vs.print.sources")
@pytest.mark.rule("vs.troop.magic-squads")
def test_a_borrowed_plus_keeps_its_mark_when_the_squads_are_cut() -> None:
    """issue 41: attacking a ship, the ghost ship, zombies and mage fight as one squad each and lost
    the mark of their «+» (the 2003 table's [+] a squad; the ghost ship's printkit's reading)."""
    out = run("referee", "battle", "ghost-ship zombie:2 mage", "ship", "--play", "random", "--lang", "en").output
    title = " ".join(out.split()).split(" against ")[0]
    assert title == "Battle (2025): Ghost ship, 1 sq.+†, Zombies, 1 sq.+*, Mage, 1 sq.+*", title
    assert NOTES["en"][0] in out and NOTES["en"][1] in out and "the + on each squad" in out
    # A plain reading: in 2025 the «+» of every squad of these troops is borrowed (the 2003 table's
    # boxes with a «+»; for the ghost ship printkit's reading), whatever squads they fight with; no
    # other troop's is; 2003 gives its own.
    marked = {"mage": "vs-2003", "zombie": "vs-2003", "dragon": "vs-2003", "ghost-ship": "printkit"}
    rng = random.Random("marks")
    for _ in range(60):
        chosen = rng.sample(ATTACKERS_25, rng.randint(1, 3))
        target = rng.choice(TARGETS_25)
        data = battle_odds(R25, " ".join(chosen), target, play="random").json("en")
        for unit in data["attackers"] + [u for u in data["defenders"] if not u["garrison"]]:
            said = unit.get("squads_from") or unit.get("advantage_from")
            assert said == marked.get(unit["unit"]), (chosen, target, unit)
    old = battle_odds(R03, "mage zombie:2", "elves@transport", play="random", at_sea=True).json("en")
    assert all("advantage_from" not in u and "squads_from" not in u for u in old["attackers"])


# ---- the squads each side lays, against a plain reading of the text --------------------------------

ATTACKERS_25 = ["knights", "elves", "light-infantry", "dragon", "ship", "mage", "zombie", "knights@ship",
                "elves@ship", "ghost-ship"]  # fmt: skip
TARGETS_25 = ["ship", "elves@ship", "knights@ship", "elves", "knights@castle", "mage", "orcs@city", "elves@fortress"]


def split(word: str) -> tuple[str, str]:
    name, _, place = word.partition("@")
    return name, place


@pytest.mark.rule("vs.ship.cargo-strength")
@pytest.mark.rule("vs.ship.attack-from-aboard")
def test_squads_agree_with_a_plain_reading_of_the_text() -> None:
    rng = random.Random("squads")
    for _ in range(300):
        chosen = rng.sample(ATTACKERS_25, rng.randint(1, 3))
        target = rng.choice(TARGETS_25)
        units_a, units_d = sides(V25, " ".join(chosen), target)
        expect_a, expect_d = naive.squads(2025, [split(w) for w in chosen], split(target))
        assert [u.squads for u in units_a] == expect_a, (chosen, target)
        assert [u.squads for u in units_d] == expect_d, (chosen, target)
    for at_sea in (False, True):
        for target in ("ship", "elves@transport", "knights", "elves@castle"):
            got_a, got_d = sides(V03, "knights dragon elves@transport ship", target, Readings(at_sea=at_sea))
            expect = naive.squads(2003, [("knights", ""), ("dragon", ""), ("elves", "transport"), ("ship", "")],
                                  split(target), at_sea)  # fmt: skip
            assert ([u.squads for u in got_a], [u.squads for u in got_d]) == expect, (target, at_sea)


@pytest.mark.rule("vs.ship.cargo-strength")
def test_attacking_a_ship_needs_no_switch_in_2025_and_is_reminded_in_2003() -> None:
    for lang, word in (("en", "1 squad"), ("ru", "1 отряд")):
        out = run("referee", "battle", "elves", "ship", "--play", "random", "--lang", lang).output
        assert word in out and ("Elves, 1 sq." in out or "Эльфы, 1 отр." in out)
        hint = run("referee", "battle", "knights", "elves@transport", "--edition", "vs-2003", "--play", "random",
                   "--lang", lang).output  # fmt: skip
        assert "--at-sea" in hint
    refused = run("referee", "battle", "knights", "elves@ship", "--edition", "vs-2003")
    assert refused.exit_code == 2 and "@transport" in refused.output  # 2003 ships carry no troops


@pytest.mark.rule("vs.ship.attack-from-aboard")
def test_a_carrier_ship_stays_out_of_its_cargos_attack() -> None:
    attackers, _ = sides(V25, "knights@ship", "ship")
    assert [(u.key, u.squads) for u in attackers] == [("knights", 1)]
    _, defenders = sides(V25, "ship", "knights@ship")
    assert [(u.key, u.squads, u.carrier) for u in defenders] == [("knights", 1, 1), ("ship", 2, None)]


@pytest.mark.rule("vs.ghost-ship.is-ship")
def test_the_ghost_ship_reading_and_its_switch() -> None:
    plain = sides(V25, "ghost-ship elves", "ship")[0]
    assert [u.squads for u in plain] == [1, 1]  # no ship for §4.3: it fights as one squad
    switched = sides(V25, "ghost-ship elves", "ship", Readings(ghost_as_ship=True))[0]
    assert [u.squads for u in switched] == [2, 1]
    assert [u.squads for u in sides(V25, "knights", "ghost-ship")[0]] == [4]
    assert [u.squads for u in sides(V25, "knights", "ghost-ship", Readings(ghost_as_ship=True))[0]] == [1]
    said = run("referee", "battle", "ghost-ship", "ship", "--play", "random", "--lang", "en").output
    assert "--ghost-as-ship" in said


@pytest.mark.rule("vs.battle.mental-duel")
@pytest.mark.rule("vs.mithril.amulet")
def test_the_amulet_in_a_duel_is_a_reading_with_a_switch() -> None:
    same = battle_odds(R25, "mage+", "mage", play="random").random
    plain = battle_odds(R25, "mage", "mage", play="random").random
    assert same is not None and plain is not None and same.endings == plain.endings  # mage+ adds nothing
    amulet = battle_odds(R25, "mage+", "mage", play="random", plain_mage=True).random
    assert amulet is not None and amulet.winner("attackers") > amulet.winner("defenders")
    said = run("referee", "battle", "mage", "mage", "--play", "random", "--lang", "en").output
    assert "--plain-mage" in said


# ---- home troops: the 2003 foot troops, and the group's price -----------------------------------


@pytest.mark.rule("vs.troop.heavy-infantry-homeland")
@pytest.mark.rule("vs.building.table-2003")
@pytest.mark.rule("vs.building.table-2025")
def test_home_troops_are_named_by_their_edition_and_priced() -> None:
    assert V25.home_troops is not None and V25.home_troops.name["ru"] == "тяжёлая пехота"
    assert V03.home_troops is not None and V03.home_troops.name["ru"] == "пешие"
    assert hired(V25, ("light-infantry", "heavy-infantry", "knights"), "ru") == (
        "Лёгкая пехота (17), Тяжёлая пехота своей земли (25), Рыцари (50)")  # fmt: skip
    assert hired(V03, ("foot", "knights", "ship"), "en") == "Foot troops of the land (25), Knights (50), Ship (25)"
    for lang in ("ru", "en"):
        text = " ".join(" ".join(r) for r in structures(R03, lang).rows)
        assert "тяжёл" not in text.lower() and "heavy" not in text.lower()
        said = run("referee", "cost", "--hire", "manor", "--terrain", "forest", "--edition", "vs-2003", "--lang",
                   lang).output  # fmt: skip
        assert "тяжёл" not in said.lower() and "heavy" not in said.lower()
        assert ("Пешие" in said) if lang == "ru" else ("Foot troops" in said)


# ---- the 2003 prize and treasury against the plain reading -------------------------------------------


@pytest.mark.rule("vs.prize.commander-2003")
def test_the_2003_prize_agrees_with_a_plain_reading() -> None:
    rng = random.Random("prize")
    names = ["knights", "elves", "mage", "ship", "light-infantry"]
    for _ in range(200):
        items = []
        words = []
        for _k in range(rng.randint(1, 4)):
            kind = rng.choice(["troop", "personal", "zombie", "dragon"])
            plus = rng.random() < 0.4
            if kind == "troop":
                troop = rng.choice([n for n in names if n != "light-infantry"])
                items.append((troop, False, plus, 1))
                words.append(troop + ("+" if plus else ""))
            elif kind == "personal":
                troop = rng.choice(["knights", "mage"])
                items.append((troop, True, plus, 1))
                words.append(troop + ("+" if plus else "") + "@personal")
            elif kind == "zombie":
                n = rng.randint(1, 6)
                items.append(("zombie", False, False, n))
                words.append(f"zombie:{n}")
            else:
                items.append(("dragon", False, False, 1))
                words.append("dragon")
        assert ec.prize(V03, words).total == naive.prize_2003(items), words


@pytest.mark.rule("vs.treasury.cap")
def test_the_2003_cap_readings_agree_with_a_plain_reading() -> None:
    rng = random.Random("cap")
    for _ in range(200):
        cash, land = rng.randint(0, 150), rng.randint(0, 40)
        for before_income in (False, True):
            got = ec.income(V03, ec.Holdings((("a", land),), (), ("elves",), None, cash=cash), before_income)
            assert got.cash_after == naive.cash_after_2003(cash, 50, land - 5, not before_income)
    said = run("referee", "income", "--edition", "vs-2003", "--lands", "30", "--cash", "40", "--cap-before-income",
               "--lang", "en").output  # fmt: skip
    assert "Reading (--cap-before-income)" in said and "After the income: 70." in said
    capped = run("referee", "income", "--edition", "vs-2003", "--lands", "30", "--cash", "40", "--lang", "en").output
    capped = " ".join(capped.split())
    assert "20 more over it is taken, 50 left" in capped and "--cap-before-income" in capped
    assert Fraction(naive.cash_after_2003(0, 50, 70, True)) == 50


@pytest.mark.rule("vs.treasury.cap")
def test_the_2003_cap_holds_at_the_start_of_the_turn_by_default() -> None:
    """issue 41: `income --edition 2003 --cash 70 ...` left 57 against a limit of 50; §2.3 keeps the
    cash within the treasury at the start of one's turn, and that literal reading is the default."""
    args = ("income", "--edition", "vs-2003", "--lands", "12", "--troops", "elves", "--cash", "70", "--json")
    literal = json.loads(run("referee", *args).output)
    other = json.loads(run("referee", *args, "--cap-before-income").output)
    # By hand: 70 is cut to 50 before the payment (§2.1); 12 - 5 brings 57, and at the start of the
    # turn the cash may not stand above 50 (§2.3).
    assert (literal["cash_after"], literal["taken_after"], literal["cap_reading"]) == (50, 7, "turn start")
    assert (other["cash_after"], other["taken_after"], other["cap_reading"]) == (57, 0, "before income")
    for lang, words in (
        ("ru", "на начало своего хода игрок держит наличными не больше казны"),
        ("en", "at the start of his turn a player holds no more cash than the treasury"),
    ):
        said = " ".join(run("referee", *args[:-1], "--lang", lang).output.split())
        assert words in said and "--cap-before-income" in said
