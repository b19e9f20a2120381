"""Rules that live on paper: the booklet and the quick reference read back, one rule id per phrase."""

from __future__ import annotations

import re
from functools import cache

import pytest

from printkit.render.html import AUTO_HYPHEN

from ..conftest import ExampleKits, pdf_text


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace(AUTO_HYPHEN + "\n", "").replace("\u00ad", ""))


@cache
def printed(kits: ExampleKits, kind: str, lang: str = "ru", paper: str = "a4") -> str:
    """The text of one printed piece of the example kit (the shared one), read once for all the tests.
    A sentence may run over a booklet page's end: what the pages print around it (the list bullets
    PDFium reads after a page's text, the page number at its foot, the running header naming the
    chapter at the next one's head) is left out."""
    from pypdf import PdfReader

    path = kits("strategiya", lang, paper) / f"{kind}.pdf"
    if kind != "booklet":
        return flat(" ".join(pdf_text(path)))
    chapters = {str(item.title) for item in PdfReader(path).outline if not isinstance(item, list)}
    pages = []
    for text in pdf_text(path):
        lines = text.strip().split("\n")
        # The list markers PDFium reads after a page's text ("•", and a numbered list's "1." "2.")
        # and the page number: the sentence runs on from the words before them.
        while lines and (lines[-1].strip() in ("", "•") or re.fullmatch(r"\d+\.?", lines[-1].strip())):
            lines.pop()
        if lines and lines[0].strip() in chapters:
            lines.pop(0)
        pages.append("\n".join(lines))
    return flat(" ".join(pages))


BOOKLET = [
    ("strategiya.bow.damage", "у лука после шестёрки и не шестёрки урон — шесть"),
    ("strategiya.wound.crossing", "но переход никогда не короче одной клетки"),
    ("strategiya.wound.crossing", "рана не отнимает у перехода последнюю клетку"),
    ("strategiya.price.per-day", "Прямо «за день» правила не пишут: это прочтение набора"),
    ("strategiya.horse", "в смертельной зоне — всё равно 1; прочтение набора"),
    ("strategiya.final.victory", "Убить всех героев соперников"),
    ("strategiya.players.two", "У каждого по 4 героя"),
    ("strategiya.players.three.order", "Третий пропускает свой первый ход"),
    ("strategiya.players.three.treachery", "только ему позволено предавать"),
    ("strategiya.players.three.info-every-10", "Каждые 10 ходов третий по очереди говорит наедине"),
    ("strategiya.players.four", "Четверо — батальная партия"),
    ("strategiya.players.game-master", "В игре могут участвовать мастера"),
    ("strategiya.potential.open-build", "прокачка втайне запрещена"),
    ("strategiya.experience.gain", "Здесь везде принят +1"),
    ("strategiya.experience.shared-object", "опыт каждого уменьшается на число участников"),
    ("strategiya.experience.abandon-capture", "Бросить невыгодное место можно"),
    ("strategiya.experience.castle", "каждому строителю +1 опыта"),
    ("strategiya.battle.engage", "Герои бьются, когда стоят на одной клетке"),
    ("strategiya.battle.multi", "за каждого участника бросают свой к6"),
    ("strategiya.escape.adventure", "а приключение остаётся незавершённым"),
    ("strategiya.wound.threshold", "3 жизни и меньше — герой ранен"),
    ("strategiya.item.resale", "Всё купленное, кроме свитков, можно продать за половину цены"),
    ("strategiya.service.outbid", "заплатит за такую же услугу вдвое больше"),
    ("strategiya.blackmarket.fee", "к цене купленного добавляется её четверть, округлённая вверх"),
    ("strategiya.blackmarket.fee", "меч за 360 $ обойдётся в 360 + 90 = 450 $"),
    ("strategiya.blackmarket.scope", "здесь чёрный рынок продаёт и то, и другое"),
    ("strategiya.contract.once-per-side", "Каждая сторона может сделать такой заказ лишь один раз за игру"),
    ("strategiya.contract.once-per-side", "один раз на каждую сторону"),
    ("strategiya.firestorm.restart", "прервали — с нуля"),
    ("strategiya.resurrection.keeps-stats", "с навыками, что были у него до смерти"),
    ("strategiya.bow.damage", "цель со щитом — если третий бросок больше 3"),
    ("strategiya.town.functions", "здесь нанимают героев, покупают и продают вещи, прячутся от врага"),
    ("strategiya.hide.contest", "бросает один к6 и умножает выпавшее на интеллект каждого ищущего героя"),
    ("strategiya.hide.contest", "Иначе, в том числе при равных суммах, начинается бой"),
    ("strategiya.load.ambush", "Нагруженного героя бьют как в спину"),
    ("strategiya.border.crossing", "со скоростью 2 или 3 — две клетки, с 8 — три, как в примере правил"),
    ("strategiya.border.crossing", "здесь принято прочтение, которое сходится с примером"),
    ("strategiya.border.crossing", "герой со скоростью 0 всегда может выйти из гор"),
    ("strategiya.deathzone.move-and-damage", "В смертельную зону переход заводит не глубже"),
    ("strategiya.wound.movement", "Раненый с 2 жизнями идёт на клетку меньше и здесь"),
    ("strategiya.water.currents", "вода без стрелок — стоячая"),
    ("strategiya.water.currents", "По течению корабль идёт на клетку быстрее, против — на клетку медленнее"),
    ("strategiya.table.disputes", "и при мастере решает бросок к6"),
    ("strategiya.mining.time", "начатый ход считается целым, а герой с силой 0 работу не двигает"),
    ("strategiya.tier.total-potential", "прибавка вещей (посох +2 к интеллекту) в неё не входит"),
    ("strategiya.scroll.healing", "Исцеление можно прочесть двояко"),
    ("strategiya.adventure.book", "Больше десяти на местность двоичный код не разложит"),
    ("strategiya.map.no-duplicates", "и номер не больше 10 — столько строк у секретных листов"),
    ("strategiya.corner.no-cutoff", "засчитывает и шаг по диагонали между двумя такими клетками"),
    ("strategiya.map.closed-regions", "на напечатанной карте граница проведена по каждой смене местности"),
    ("strategiya.flight.dragon", "Дракона, пока интеллекта не хватает и учёба не пройдена, герой не ведёт"),
    ("strategiya.sword.two", "Меч 360 3; два — 6"),
    ("strategiya.horse", "в смертельной зоне — всё равно 1"),
    ("strategiya.sword.one", "после лишнего удара меча на тройке атака переходит к противнику"),
    ("strategiya.shield", "на единице своего владельца (можно читать и так, что на любой единице в бою)"),
    ("strategiya.armour", "доспехи гасят шестёрку противника, и тот всё равно бросает снова"),
    ("strategiya.castle.heals", "а внутри даёт +1 к силе и +1 к интеллекту"),
    ("strategiya.scroll.effects", "не действует на тех, кто сильнее; радиус 2 × интеллект + 3"),
    ("strategiya.turn.one-action", "За ход игрок может чем-нибудь занять каждого своего героя"),
    ("strategiya.map.closed-regions", "каждую местность обводят границей"),
    ("strategiya.map.object-marks", "города (звёздочки)"),
    ("strategiya.map.plot-objects", "прорезать в карте дыру-портал"),
    ("strategiya.price.per-day", "Цена указана за каждый день работы"),
    ("strategiya.resource.depletion", "на истощённом объекте второй раз не наживаются"),
    ("strategiya.secret.no-privilege", "листы не дают никаких преимуществ"),
    ("strategiya.adventure.kinds", "Проверка морали."),
    ("strategiya.adventure.kinds", "Ловушка."),
    ("strategiya.adventure.enemy-selection", "если выпало больше, чем соперников или героев, кубик бросают снова"),
    ("strategiya.adventure.enemy-stats", "но без имущества — оружия, доспехов, животных"),
    ("strategiya.adventure.auto-success", "любое приключение вне смертельной зоны удаётся"),
    ("strategiya.plot.outer", "Внешний сюжет — заранее продуманная история"),
    ("strategiya.table.disputes", "Всё, что правила не объясняют, решает бросок к6"),
    ("strategiya.table.needs", "кубик к6, ручки, карандаши и ластик"),
    ("strategiya.table.rules-printout", "главы о ресурсах, о городе и о строительстве выделены цветом"),
    ("strategiya.table.everything-changeable", "переделать можно всё"),
    ("strategiya.tier.total-potential", "порог действует и выше своих пределов, пока более высокий не заменит"),
    ("strategiya.tier.total-potential", "Можно читать и по букве, каждый порог лишь в своих пределах"),
]

QUICKREF = [
    ("strategiya.hide.contest", "интеллект каждого своего героя (прочтение набора; можно и к6 на каждого героя)"),
    (
        "strategiya.players.three.info-every-10",
        "каждые 10 ходов третий втайне говорит с каждым (при мастере — только с ним)",
    ),
    (
        "strategiya.tier.total-potential",
        "Правила дают пороги 7–10, 11–15, 15–25, выше 25; здесь порог действует и "
        "выше своих пределов, пока более высокий не заменит то же свойство "
        "(прочтение набора; по букве — лишь в пределах)",
    ),
    ("strategiya.experience.shared-object", "Объект осваивают вместе"),
    ("strategiya.battle.reward", "Победа над героем другого игрока: +1 личное очко"),
    ("strategiya.battle.multi", "Больше двух героев: у каждого свой к6"),
    ("strategiya.escape.adventure", "Беглец теряет имущество и опыт"),
    ("strategiya.wound.light-regen", "Жизней больше 3: пропуск хода +1 жизнь"),
    ("strategiya.load.ambush", "Нагруженного бьют как в спину"),
    ("strategiya.turn.skip-explore", "Исследовал объект — пропускает 1 следующий ход"),
    ("strategiya.turn.skip-town", "Любое дело в городе — пропуск 1 хода"),
    ("strategiya.building.speed", "вместе — сумма сил"),
    ("strategiya.price.per-day", "Цена ресурса — за день работы: 35 дней по 20 $ = 700 $"),
    ("strategiya.hide.contest", "сторона бросает один к6 × интеллект каждого своего героя"),
    ("strategiya.hide.contest", "Иначе (и при равенстве) — бой"),
    ("strategiya.adventure.enemy-selection", "число больше, чем их, — перебросить"),
    ("strategiya.table.disputes", "Спорный момент, которого нет в правилах, решает бросок к6"),
    ("strategiya.quickref.content", "Памятка"),
    ("strategiya.bow.damage", "цель со щитом — если третий бросок больше 3"),
    ("strategiya.blackmarket.fee", "сверх цены платят её четверть (вверх)"),
    ("strategiya.blackmarket.fee", "+25 % к цене"),
    (
        "strategiya.water.currents",
        "по течению — интеллект строителей + 1, в стоячей воде — интеллект строителей, "
        "против течения — интеллект строителей − 1",
    ),
    (
        "strategiya.border.crossing",
        "ещё по одной за каждые начатые 4 скорости (скорость 2–3 — 2 клетки, 8 — 3; «начатые» — прочтение набора",
    ),
    ("strategiya.wound.crossing", "переход границы — всё же не меньше 1 клетки (прочтение набора)"),
    ("strategiya.price.per-day", "= 700 $ (прочтение набора: прямо правила этого не пишут)"),
    ("strategiya.horse", "в смертельной зоне — всё равно 1; прочтение набора"),
    ("strategiya.mining.time", "начатый ход считается целым, сила 0 работу не двигает"),
    ("strategiya.sword.two", "3; два — 6"),
]


@pytest.mark.parametrize(
    ("rule", "phrase"),
    [pytest.param(r, p, marks=pytest.mark.rule(r), id=f"{r}:{i}") for i, (r, p) in enumerate(BOOKLET)],
)
def test_the_booklet_says_it(rule: str, phrase: str, kits: ExampleKits) -> None:
    assert phrase in printed(kits, "booklet"), rule


@pytest.mark.parametrize(
    ("rule", "phrase"),
    [pytest.param(r, p, marks=pytest.mark.rule(r), id=f"{r}:{i}") for i, (r, p) in enumerate(QUICKREF)],
)
def test_the_quick_reference_says_it(rule: str, phrase: str, kits: ExampleKits) -> None:
    assert phrase in printed(kits, "quickref"), rule


@pytest.mark.slow
@pytest.mark.rule("strategiya.price.per-day", "strategiya.resource.table")
def test_the_booklet_resource_tables_give_the_haul_per_day_of_work(kits: ExampleKits) -> None:
    text = printed(kits, "booklet")
    assert "$ за день Всего, $" in text
    assert "Шкуры животных 35 20 700" in text and "Рыба без конца 1 —" in text
    english = printed(kits, "booklet", "en")
    assert "Animal hides 35 20 700" in english and "for every day of work" in english


@pytest.mark.slow
@pytest.mark.rule(
    "strategiya.players.three.info-every-10", "strategiya.hide.contest", "strategiya.tier.total-potential"
)
def test_the_english_quick_reference_says_the_same(kits: ExampleKits) -> None:
    text = printed(kits, "quickref", "en")
    assert "every 10 turns the third talks with each in private (with a game master, with the master only)" in text
    assert "The rules give the tiers as 7–10, 11–15, 15–25, above 25; here a tier holds above its range too" in text
    assert "each side rolls one D6 × the intellect of each of its heroes" in text
    assert "Otherwise, a tie included" in text


@pytest.mark.slow
@pytest.mark.rule("strategiya.escape.roll")
def test_escape_is_one_statement_printed_by_the_booklet_the_quick_reference_and_the_referee(
    kits: ExampleKits,
) -> None:
    # The Russian card once said the fleeing hero keeps everything; the rules say everything is dropped.
    from printkit.config.rulesets import load_bundled
    from printkit.games.strategiya.model import rules_of
    from printkit.games.strategiya.tables import escape_words

    from ..conftest import run

    rules = rules_of(load_bundled("strategiya"))
    for lang in ("ru", "en"):
        away, caught = escape_words(rules, lang, True), escape_words(rules, lang, False)
        assert ("всё имущество" if lang == "ru" else "drops everything") in away
        referee = flat(run("referee", "escape", "1", "--lang", lang).output)
        for words in (away, caught):
            assert words in printed(kits, "booklet", lang) and words in printed(kits, "quickref", lang), lang
            assert words in referee, lang
    assert "имущество остаётся" not in printed(kits, "quickref")


@pytest.mark.slow
@pytest.mark.rule("strategiya.players.four-heroes")
def test_a_figure_printkit_chose_is_marked_with_its_footnote_and_the_rules_own_are_not(kits: ExampleKits) -> None:
    # Four players' heroes: the rules give no count, printkit keeps 4 (ruleset heroes.four_players).
    booklet, english = printed(kits, "booklet"), printed(kits, "booklet", "en")
    assert "Игроков Героев у каждого 2 4 3 2, 2, 4 4 4†" in booklet
    assert "† прочтение этого набора: правила этого не говорят" in booklet
    assert "Players Heroes each 2 4 3 2, 2, 4 4 4†" in english
    assert "† this kit's reading: the rules do not say" in english
    assert "Четверо: по 4† героя у каждого" in printed(kits, "quickref")
    assert "Four players: 4† heroes each" in printed(kits, "quickref", "en")
    assert "† this kit's reading: the rules do not say" in printed(kits, "quickref", "en")
    # The rules' own figures carry no mark: the item, hire and resource tables have none.
    assert booklet.count("†") == 2 and english.count("†") == 2


@pytest.mark.rule("strategiya.sword.one", "strategiya.shield", "strategiya.hide.contest")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_booklet_says_its_readings_in_words_and_names_no_terminal_switch(lang: str, kits: ExampleKits) -> None:
    """A printed page is read at the table, not in a terminal: the other reading in words."""
    text = printed(kits, "booklet", lang, "a4" if lang == "ru" else "letter")  # the everyday tier's kits
    assert not re.search(r"--\s*[a-z]", text), re.findall(r".{30}--\s*[a-z].{20}", text)[:3]
    other = "можно читать и так, что бьющий бросает снова" if lang == "ru" else "the striker rolling again"
    assert other in text
    if lang == "ru":
        assert "перемешивает их. Этот набор печатает" in text
