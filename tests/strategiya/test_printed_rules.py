"""Rules that live on paper: the booklet and the quick reference read back, one rule id per phrase."""

from __future__ import annotations

import re
from functools import cache

import pytest

from ..conftest import ExampleKits, pdf_text


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2010\n", "").replace("\u00ad", ""))


@cache
def printed(kits: ExampleKits, kind: str, lang: str = "ru") -> str:
    """The text of one printed piece of the example kit (the shared one), read once for all the tests."""
    return flat(" ".join(pdf_text(kits("strategiya", lang) / f"{kind}.pdf")))


BOOKLET = [
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
    ("strategiya.battle.multi", "за каждого участника бросают свой D6"),
    ("strategiya.escape.adventure", "а приключение остаётся незавершённым"),
    ("strategiya.wound.threshold", "3 жизни и меньше — герой ранен"),
    ("strategiya.item.resale", "Всё купленное, кроме свитков, можно продать за половину цены"),
    ("strategiya.service.outbid", "заплатит за такую же услугу вдвое больше"),
    ("strategiya.blackmarket.fee", "сверх четверти цены можно доплатить любую сумму"),
    ("strategiya.contract.once-per-side", "Каждая сторона может сделать такой заказ лишь один раз за игру"),
    ("strategiya.contract.once-per-side", "один раз на каждую сторону"),
    ("strategiya.firestorm.restart", "прервали — с нуля"),
    ("strategiya.resurrection.keeps-stats", "с навыками, что были у него до смерти"),
    ("strategiya.bow.damage", "цель со щитом — если третий бросок больше 3"),
    ("strategiya.town.functions", "здесь нанимают героев, покупают и продают вещи, прячутся от врага"),
    ("strategiya.hide.contest", "бросает один D6 и умножает выпавшее на интеллект каждого ищущего героя"),
    ("strategiya.hide.contest", "Иначе, в том числе при равных суммах, начинается бой"),
    ("strategiya.load.ambush", "Нагруженного героя бьют как в спину"),
    ("strategiya.border.crossing", "Здесь и в подсказках референта принято правило"),
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
    ("strategiya.table.disputes", "Всё, что правила не объясняют, решает бросок D6"),
    ("strategiya.table.needs", "кубик D6, ручки, карандаши и ластик"),
    ("strategiya.table.rules-printout", "главы о ресурсах, о городе и о строительстве выделены цветом"),
    ("strategiya.table.everything-changeable", "переделать можно всё"),
]

QUICKREF = [
    ("strategiya.players.three.info-every-10", "каждые 10 ходов третий втайне говорит с каждым"),
    ("strategiya.experience.shared-object", "Объект осваивают вместе"),
    ("strategiya.battle.reward", "Победа над героем другого игрока: +1 личное очко"),
    ("strategiya.battle.multi", "Больше двух героев: у каждого свой D6"),
    ("strategiya.escape.adventure", "Беглец теряет имущество и опыт"),
    ("strategiya.wound.light-regen", "Жизней больше 3: пропуск хода +1 жизнь"),
    ("strategiya.load.ambush", "Нагруженного бьют как в спину"),
    ("strategiya.turn.skip-explore", "Исследовал объект — пропускает 1 следующий ход"),
    ("strategiya.turn.skip-town", "Любое дело в городе — пропуск 1 хода"),
    ("strategiya.building.speed", "вместе — сумма сил"),
    ("strategiya.price.per-day", "Цена ресурса — за день работы: 35 дней по 20 $ = 700 $"),
    ("strategiya.hide.contest", "сторона бросает один D6 × интеллект каждого своего героя"),
    ("strategiya.hide.contest", "Иначе (и при равенстве) — бой"),
    ("strategiya.adventure.enemy-selection", "число больше, чем их, — перебросить"),
    ("strategiya.table.disputes", "Спорный момент, которого нет в правилах, решает бросок D6"),
    ("strategiya.quickref.content", "Памятка"),
    ("strategiya.bow.damage", "цель со щитом — если третий бросок больше 3"),
    ("strategiya.blackmarket.fee", "доплатить сверх можно сколько угодно"),
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


@pytest.mark.rule("strategiya.price.per-day", "strategiya.resource.table")
def test_the_booklet_resource_tables_give_the_haul_per_day_of_work(kits: ExampleKits) -> None:
    text = printed(kits, "booklet")
    assert "$ за день Всего, $" in text
    assert "Шкуры животных 35 20 700" in text and "Рыба без конца 1 —" in text
    english = printed(kits, "booklet", "en")
    assert "Animal hides 35 20 700" in english and "for every day of work" in english


@pytest.mark.rule("strategiya.players.three.info-every-10", "strategiya.hide.contest")
def test_the_english_quick_reference_says_the_same(kits: ExampleKits) -> None:
    text = printed(kits, "quickref", "en")
    assert "every 10 turns the third talks with each in private" in text
    assert "each side rolls one D6 × the intellect of each of its heroes" in text
    assert "Otherwise, a tie included" in text
