"""The VS referee's questions, declared once: battles, spells, mines and the treasury; `printkit.vs`."""

# Each question's inputs (with their words in both languages), its engine call and its answer record
# are declared here; the terminal command, its --json, the evening's session and this module as the
# public API (printkit.vs.battle(...)) are derived from them.

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, overload

from printkit.plugin import (
    Choice,
    Entropy,
    File,
    Flag,
    Input,
    Localized,
    Text,
    Whole,
    edition_aliases,
    load_bundled,
    question,
)

from . import economy as ec
from .answers import BattleOdds, MixAnswer, OrdersAnswer, battle_odds, order_mix, orders_answer
from .duel import DuelAnswer
from .duel import duel as duel_answer
from .editions import RULESETS
from .ledger import (
    EscapeAnswer,
    HireAnswer,
    IncomeAnswer,
    MineAnswer,
    PriceAnswer,
    PriceTable,
    PrizeAnswer,
    RebellionAnswer,
    TransferAnswer,
)
from .model import VsData, vs_of
from .neutrals import VanishAnswer, vanish_chance
from .spells import Cast, cast, chance_faces, find_spell
from .words import Refusal

__all__ = [
    "BattleOdds",
    "Cast",
    "Cost",
    "DuelAnswer",
    "EscapeAnswer",
    "HireAnswer",
    "IncomeAnswer",
    "MineAnswer",
    "MixAnswer",
    "OrdersAnswer",
    "PriceAnswer",
    "PriceTable",
    "PrizeAnswer",
    "RebellionAnswer",
    "TransferAnswer",
    "VanishAnswer",
    "battle",
    "cost",
    "income",
    "leader_escape",
    "mental_duel",
    "mine",
    "neutrals",
    "orders",
    "prize",
    "rebellion",
    "spell",
]

_COMPLETE = "printkit.games.vs.completion"
_SIDE = 2000  # the longest list of cards or troops read (the engines refuse a battle too large to solve)

_YEARS = {r: r.removeprefix("vs-") for r in RULESETS}
_EDITION = Input(
    "edition",
    Choice(
        RULESETS,
        names={r: {"ru": f"правила {y} года", "en": f"the {y} rules"} for r, y in _YEARS.items()},
        aliases=edition_aliases(RULESETS),
    ),
    {"en": "The edition of the rules (the year alone will do: 2003).",
     "ru": "Издание правил (можно одним годом: 2003)."},
    flag="--edition",
    default=RULESETS[0],
)  # fmt: skip
_MIRROR = Input(
    "mirror",
    Flag(),
    {"en": "Other reading: the defenders' k-th card faces the attackers' k-th from the right.",
     "ru": "Другое прочтение: k-я карточка обороняющихся стоит против k-й карточки нападающих справа."},
    flag="--mirror",
)  # fmt: skip


# A word of what a battle defeated: a name, maybe in mithril (+), a count of squads (zombie:3), a place
# (knights@personal).
_DEFEATED = r"[^:@]+(:[1-9][0-9]{0,2})?(@[^:@]+)?"


def _only(edition: Input, year: str, default: str) -> Input:
    """The edition input of a rule one edition alone has: every edition is taken, so that a session's
    or config's other edition reaches the question and is refused there, not silently replaced."""
    return Input(
        edition.name,
        edition.kind,
        {"en": f"The edition of the rules (the rule is in the {year} rules only).",
         "ru": f"Издание правил (правило есть только в правилах {year} года)."},
        flag=edition.flag,
        default=default,
    )  # fmt: skip


def _seed(what: Localized) -> Input:
    return Input("seed", Text(200), what, flag="--seed")


def _roll(what: Localized) -> Input:
    return Input("roll", Flag(), what, flag="--roll")


def _vs(edition: str) -> VsData:
    return vs_of(load_bundled(edition))


def _d6(seed: str | None, *names: str) -> int:
    """One die, replayed by the same seed for the same question."""
    return Entropy.from_seed(seed).stream(*names).below(6) + 1


# ---- battles ----------------------------------------------------------------------------------------


@overload
def orders(attackers: str, defenders: str, *, edition: str = ..., relays: Sequence[str] | None = ...,
           mirror: bool = ..., mix: Literal[False] = ..., advantage: str = ...) -> OrdersAnswer: ...  # fmt: skip
@overload
def orders(attackers: str | None = ..., defenders: str | None = ..., *, edition: str = ...,
           relays: Sequence[str] | None = ..., mirror: bool = ..., mix: Literal[True],
           advantage: str = ...) -> MixAnswer: ...  # fmt: skip
@question(
    "orders",
    summary={
        "en": "Great Strategy: a battle of order cards, laid out as the rules say.",
        "ru": "«Великая Стратегическая»: битва карточек приказов, разложенных по правилам.",
    },
    about={
        "en": """ATTACKERS and DEFENDERS list each side's cards in laying order: A (attack), F (fire),
        D (defend), + for the advantage, e.g. "A+ F D". Rows are three long (or as long as the smaller
        army); attackers lay left to right, defenders opposite; in each column the card behind a loser
        steps in against the winner. When both sides have cards left, the players lay them again with
        the same orders in an order of their choice: give it with --relay, or get the odds when both
        sides choose best.""",
        "ru": """ATTACKERS и DEFENDERS — карточки каждой стороны в порядке выкладки: А (атака), О (обстрел),
        З (защита), + для преимущества, например "А+ О З" (или латиницей "A+ F D"). Ряды по три карточки
        (или по числу карточек меньшей армии); нападающие кладут слева направо, обороняющиеся напротив; в
        каждой колонке на место проигравшей карточки встаёт следующая. Если карточки остались у обеих
        сторон, игроки перекладывают их с теми же приказами в выбранном порядке: задайте его --relay или
        получите шансы, когда обе стороны выбирают лучшее.""",
    },
    inputs=(
        Input("attackers", Text(_SIDE), {"en": "The attackers' cards, like \"A+ F D\".",
                                         "ru": "Карточки нападающих, например \"A+ F D\"."}),
        Input("defenders", Text(_SIDE), {"en": "The defenders' cards, like \"D D A\".",
                                         "ru": "Карточки обороняющихся, например \"D D A\"."}),
        _EDITION,
        Input(
            "relays",
            Text(_SIDE),
            {"en": 'A re-lay: "ATTACKERS / DEFENDERS" (the same cards in a new order), or keep. Repeat for later ones.',
             "ru": 'Перекладка: "НАПАДАЮЩИЕ / ОБОРОНЯЮЩИЕСЯ" (те же карточки в новом порядке) или keep. '
                   "Повторите для следующих."},
            flag="--relay",
            many=True,
        ),
        _MIRROR,
        Input("mix", Flag(), {"en": "Print the best mix of orders for one card against one card.",
                              "ru": "Лучшая смесь приказов для одной карточки против одной."}, flag="--mix"),
        Input(
            "advantage",
            Choice(("none", "a", "b", "both"), names={
                "none": {"ru": "ни у кого", "en": "nobody"}, "a": {"ru": "нападающие", "en": "the attackers"},
                "b": {"ru": "обороняющиеся", "en": "the defenders"}, "both": {"ru": "обе стороны", "en": "both"}}),
            {"en": "With --mix: which side's card carries the «+».",
             "ru": "С --mix: у чьей карточки «+»."},
            flag="--advantage",
            default="none",
        ),
    ),
    examples=(
        'printkit referee orders "A A A A" "D D D F F F"',
        'printkit referee orders "A+ F D" "D D A" --relay "D F / D"',
        'printkit referee orders "A F D A" "F D" --relay keep --lang en',
        "printkit referee orders --mix --advantage a",
    ),
)  # fmt: skip
def orders(attackers: str | None = None, defenders: str | None = None, *, edition: str = "vs-2025",
           relays: Sequence[str] | None = None, mirror: bool = False, mix: bool = False,
           advantage: str = "none") -> OrdersAnswer | MixAnswer:  # fmt: skip
    """A battle of order cards laid out as given (A, F, D, with + for advantage). Each re-lay comes
    from `relays` ("F D / D", or "keep"); when they run out with both sides standing, the answer
    holds the odds of both sides' best re-lay. With mix=True: the best mix of orders for one card
    against one card (`advantage`: none, a, b or both carry the «+»).

    >>> orders("A A A A", "D D D F F F").battle.winner
    'defenders'
    >>> orders("A+ F D", "D D A").relay.chances["attackers"]
    Fraction(1, 1)
    >>> orders(mix=True, advantage="a").value
    Fraction(1, 3)
    """
    rules = load_bundled(edition)
    if mix:
        return order_mix(rules, advantage)
    if not attackers or not defenders:
        raise Refusal("rf_no_cards")
    return orders_answer(rules, attackers, defenders, relays or (), mirror=mirror)


@question(
    "battle",
    summary={
        "en": "Great Strategy: the exact odds of a battle between troops.",
        "ru": "«Великая Стратегическая»: точные шансы битвы войск.",
    },
    about={
        "en": """Each side is a list of troops, buildings or mines in laying order (the first in front):
        NAME, NAME:N for N squads (zombies), NAME+ for the «+» on every squad (mithril armour, the
        shield of fury), NAME@BUILDING for a troop in a building (defending: its garrison stands right
        behind it and walls give the «+»; attacking: only a fortress's walls do), NAME@ship (2025)
        or NAME@transport (2003) for a troop aboard. The first defender is the one attacked: when it
        is a ship or a troop aboard (2025), every attacker but ships and dragons fights as one
        squad. A building or mine named alone among the attackers is its garrison attacking the
        troop on its cell (castle "knights@castle"): that troop fights without the walls' «+», and
        a castle's or city's garrison, attacking, without its own (a reading). Prints each side's
        chance to win and each troop's chance to be destroyed, with orders at random and with both
        sides at their best, and the readings taken.""",
        "ru": """Каждая сторона — список войск, построек или рудников в порядке выкладки (первый впереди):
        ИМЯ, ИМЯ:N для N отрядов (зомби), ИМЯ+ для «+» у каждого отряда (мифриловые доспехи, щит ярости),
        ИМЯ@ПОСТРОЙКА для войска в постройке (в обороне гарнизон стоит сразу за ним, а стены дают «+»; в
        нападении — только стены крепости), ИМЯ@ship (2025) или ИМЯ@transport (2003) для войска на борту.
        Первый из обороняющихся — тот, на кого напали: если это корабль или войско на корабле (2025),
        нападающие, кроме кораблей и драконов, бьются одним отрядом. Постройка или рудник, названные
        среди нападающих, — это их гарнизон, напавший на войско на клетке строения (castle
        "knights@castle"): такое войско бьётся без «+» стен, а гарнизон замка или города, нападая, — без
        своего (прочтение). Печатает шанс каждой стороны на
        победу и шанс каждого войска быть уничтоженным — при приказах наугад и при лучшей игре обеих
        сторон, — и взятые прочтения.""",
    },
    inputs=(
        Input("attackers", Text(_SIDE), {"en": 'The attackers, like "knights elves".',
                                         "ru": 'Нападающие, например "knights elves".'},
              required=True, complete=f"{_COMPLETE}:complete_units"),
        Input("defenders", Text(_SIDE), {"en": 'The defenders, like "knights@castle".',
                                         "ru": 'Обороняющиеся, например "knights@castle".'},
              required=True, complete=f"{_COMPLETE}:complete_units"),
        _EDITION,
        Input(
            "play",
            Choice(("both", "random", "optimal"), names={
                "both": {"ru": "наугад и лучшая игра", "en": "at random and at best"},
                "random": {"ru": "наугад", "en": "at random"}, "optimal": {"ru": "лучшая игра", "en": "at best"}}),
            {"en": "Orders at random, at both sides' best, or both.",
             "ru": "Приказы наугад, лучшая игра обеих сторон или и то и другое."},
            flag="--play",
            default="both",
        ),
        Input("at_sea", Flag(),
              {"en": "2003: the target ship or transport is on the sea or a river, so attackers but ships and "
                     "dragons fight as one squad (2025 sees it from the defenders).",
               "ru": "2003: корабль или транспорт-цель на море или реке — нападающие, кроме кораблей и драконов, "
                     "бьются одним отрядом (в 2025 это видно по обороняющимся)."}, flag="--at-sea"),
        Input("ghost_as_ship", Flag(),
              {"en": "Other reading (2025): a ghost ship counts as a ship for the one-squad rule of §4.3.",
               "ru": "Другое прочтение (2025): корабль-призрак считается кораблём для правила об одном отряде "
                     "(§4.3)."}, flag="--ghost-as-ship"),
        Input("plain_mage", Flag(),
              {"en": "Other reading (2025): mages fight without their own «+»; mage+ is a mage with the amulet.",
               "ru": "Другое прочтение (2025): маги бьются без своего «+»; mage+ — маг с амулетом."},
              flag="--plain-mage"),
        Input("garrison_keeps_plus", Flag(),
              {"en": "Other reading: a castle's or city's garrison attacking the troop on its cell keeps its +.",
               "ru": "Другое прочтение: гарнизон замка или города, напавший на войско на своей клетке, сохраняет "
                     "«+»."}, flag="--garrison-keeps-plus"),
        _MIRROR,
    ),
    examples=(
        'printkit referee battle knights "knights@castle"',
        'printkit referee battle "knights elves" "knights@city" --edition vs-2003 --play random',
        'printkit referee battle "dragon elves" "elves@ship" --json',
        'printkit referee battle knights "elves@transport" --edition vs-2003 --at-sea',
        'printkit referee battle castle "orcs@castle"',
    ),
    notes=True,
)  # fmt: skip
def battle(attackers: str, defenders: str, *, edition: str = "vs-2025", play: str = "both", at_sea: bool = False,
           ghost_as_ship: bool = False, plain_mage: bool = False, garrison_keeps_plus: bool = False,
           mirror: bool = False) -> BattleOdds:  # fmt: skip
    """The exact odds of a battle between troops ("knights", "knights@castle", "zombie:3", "elves+"),
    with orders at random and at both sides' best.

    >>> battle("knights", "knights@castle", play="random").random.winner("defenders")
    Fraction(5984, 6561)
    """
    return battle_odds(
        load_bundled(edition),
        attackers,
        defenders,
        play=play,
        at_sea=at_sea,
        mirror=mirror,
        ghost_as_ship=ghost_as_ship,
        plain_mage=plain_mage,
        garrison_keeps_plus=garrison_keeps_plus,
    )


@question(
    "mental-duel",
    summary={
        "en": "VS 2025: a mental duel of two mages: each one's chance to win and to lose its spells for a year.",
        "ru": "VS 2025: ментальный поединок двух магов — шансы каждого победить и на год остаться без заклинаний.",
    },
    about={
        "en": """A mage who controls no dragon, zombies or ghost ships may challenge another mage at most 6
        cells away (2025 §4.8); the duel is fought like a battle of the two mages' cards, and the loser
        casts no spell for a year. Prints each mage's chance to win, of a draw and to lose its spells, with
        orders at random and with both at their best, and the readings taken.""",
        "ru": """Маг, не управляющий ни драконом, ни зомби или кораблями-призраками, может вызвать другого мага
        не дальше 6 клеток (2025 §4.8); поединок идёт как битва карточек двух магов, а проигравший год не
        колдует. Печатает шансы каждого мага победить, ничьей и остаться без заклинаний — при приказах
        наугад и при лучшей игре обоих, — и взятые прочтения.""",
    },
    inputs=(
        _only(_EDITION, "2025", "vs-2025"),
        Input(
            "amulet",
            Choice(("none", "challenger", "challenged", "both"), names={
                "none": {"ru": "ни у кого", "en": "nobody"}, "challenger": {"ru": "вызвавший", "en": "the challenger"},
                "challenged": {"ru": "вызванный", "en": "the challenged"}, "both": {"ru": "оба", "en": "both"}}),
            {"en": "Which mage wears the mithril amulet (the advantage in duels, §5.3).",
             "ru": "Какой маг носит мифриловый амулет (преимущество в поединке, §5.3)."},
            flag="--amulet",
            default="none",
        ),
        Input("distance", Whole(1, 999), {"en": "Cells between the two mages (refused beyond the duel's reach).",
                                          "ru": "Клеток между магами (дальше, чем бьёт вызов, — отказ)."},
              flag="--distance"),
        Input(
            "play",
            Choice(("both", "random", "optimal"), names={
                "both": {"ru": "наугад и лучшая игра", "en": "at random and at best"},
                "random": {"ru": "наугад", "en": "at random"}, "optimal": {"ru": "лучшая игра", "en": "at best"}}),
            {"en": "Orders at random, at both mages' best, or both.",
             "ru": "Приказы наугад, лучшая игра обоих магов или и то и другое."},
            flag="--play",
            default="both",
        ),
        Input("plain_mage", Flag(),
              {"en": "Other reading: mages fight without their own +, so the amulet gives its mage the +.",
               "ru": "Другое прочтение: маги бьются без своего «+», и амулет даёт своему магу «+»."},
              flag="--plain-mage"),
        Input("draw_both_lose", Flag(),
              {"en": "Other reading: in a draw both mages lose their spells for a year.",
               "ru": "Другое прочтение: при ничьей оба мага год не колдуют."}, flag="--draw-both-lose"),
        Input("duel_kills", Flag(),
              {"en": "Other reading: the loser's mage dies, as in a battle.",
               "ru": "Другое прочтение: проигравший маг погибает, как в битве."}, flag="--duel-kills"),
    ),
    examples=(
        "printkit referee mental-duel",
        "printkit referee mental-duel --amulet challenger --distance 4",
        "printkit referee mental-duel --amulet challenger --plain-mage --json",
    ),
    notes=True,
)  # fmt: skip
def mental_duel(*, edition: str = "vs-2025", amulet: str = "none", distance: int | None = None, play: str = "both",
         plain_mage: bool = False, draw_both_lose: bool = False, duel_kills: bool = False) -> DuelAnswer:  # fmt: skip
    """A mental duel of two mages (2025 §4.8): the battle of their cards, and each one's chance to
    cast no spell for a year.

    >>> mental_duel(play="random").barred("challenger", "random")
    Fraction(11, 27)
    """
    return duel_answer(load_bundled(edition), amulet=amulet, distance=distance, play=play, plain_mage=plain_mage,
                       draw_both_lose=draw_both_lose, duel_kills=duel_kills)  # fmt: skip


# ---- spells and mines -------------------------------------------------------------------------------


@question(
    "spell",
    summary={
        "en": "A VS spell: its D6 table or its chance, from the ruleset; --roll casts it.",
        "ru": "Заклинание VS: его таблица на D6 или шанс по правилам; --roll — сотворить.",
    },
    about={"en": "", "ru": ""},
    inputs=(
        Input("name", Text(), {"en": "The spell, by id or name.", "ru": "Заклинание: id или название."},
              required=True, complete=f"{_COMPLETE}:complete_spells"),
        _EDITION,
        _roll({"en": "Cast it: roll the D6 and print what happens.", "ru": "Сотворить: бросить D6 и сказать, что "
                                                                           "вышло."}),
        Input("amulet", Flag(), {"en": "2025: the mage's mithril amulet adds 1 to the die (never above 6).",
                                 "ru": "2025: мифриловый амулет мага прибавляет к кубику 1 (не выше 6)."},
              flag="--amulet"),
        _seed({"en": "Replay the roll.", "ru": "Повторить бросок."}),
    ),
    examples=(
        "printkit referee spell storm",
        'printkit referee spell "Подъём зомби" --edition vs-2003 --roll',
        "printkit referee spell release --roll --amulet --seed t7",
    ),
)  # fmt: skip
def spell(name: str, *, edition: str = "vs-2025", roll: bool = False, amulet: bool = False,
          seed: str | None = None) -> Cast:  # fmt: skip
    """A spell's price and its D6 table or chance; roll=True casts it (the same seed, the same die).

    >>> spell("storm").cost
    30
    >>> cast = spell("release", roll=True, amulet=True, seed="t7")
    >>> cast.face, cast.raised, cast.works
    (4, 5, True)
    """
    vs = _vs(edition)
    found = find_spell(vs, name)
    return cast(vs, found, _d6(seed, "spell", found.id) if roll else None, amulet=amulet)


@question(
    "mine",
    summary={
        "en": "VS: the chance that opening or deepening a mine succeeds, from the ruleset.",
        "ru": "VS: шанс, что открытие или углубление рудника удастся, по правилам.",
    },
    about={"en": "", "ru": ""},
    inputs=(
        _EDITION,
        _roll({"en": "Try it: does the mine open (or deepen)?", "ru": "Попробовать: откроется (углубится) ли "
                                                                      "рудник?"}),
        _seed({"en": "Replay the try.", "ru": "Повторить попытку."}),
    ),
    examples=("printkit referee mine", "printkit referee mine --edition vs-2003 --roll --seed turn-14"),
)  # fmt: skip
def mine(*, edition: str = "vs-2025", roll: bool = False, seed: str | None = None) -> MineAnswer:
    """The chance that opening or deepening a mine succeeds, and the faces of a D6 that make it.

    >>> mine().low
    4
    """
    vs = _vs(edition)
    chance = vs.figures["mine_chance"]
    return MineAnswer(chance, chance_faces(chance), _d6(seed, "mine") if roll else None, vs.year)


# ---- the treasury -----------------------------------------------------------------------------------


def _numbers(text: str | None) -> tuple[int, ...]:
    try:
        return tuple(int(w) for w in (text or "").replace(",", " ").split())
    except ValueError:
        raise Refusal("ec_numbers") from None


@question(
    "income",
    summary={
        "en": "VS: a year's income from lands and mines, the upkeep, the treasury cap and what is left.",
        "ru": "VS: доход за год с земель и рудников, содержание, предел казны и остаток.",
    },
    about={
        "en": """From the holdings given (--lands, --mines, --troops), or a player's on a map. Troops are
        written as battle takes them (zombie:4, knights+, knights@personal for the personal troop):
        a troop pays the table's upkeep whatever its squads. --tribute adds what the personal troop
        collects this turn (2025 §5.5).""",
        "ru": """По владениям, заданным вручную (--lands, --mines, --troops), или по карте игрока. Войска
        пишутся, как в битве (zombie:4, knights+, knights@personal — личное войско): содержание войска
        по таблице, сколько бы у него ни было отрядов. --tribute добавляет дань, которую личное войско
        собирает в этот ход (2025 §5.5).""",
    },
    inputs=(
        Input("map_file", File(), {"en": "A map whose objects and troops name their owners.",
                                   "ru": "Карта, где у объектов и войск указаны владельцы."}),
        Input("player", Text(), {"en": "With a map: whose lands, mines, buildings and troops.",
                                 "ru": "С картой: чьи земли, рудники, постройки и войска."}, flag="--player"),
        _EDITION,
        Input("lands", Text(_SIDE), {"en": 'Incomes of the lands holding your lord\'s house, like "12 8".',
                                     "ru": 'Доходы земель с вашим домом лорда, например "12 8".'}, flag="--lands"),
        Input("mines", Text(_SIDE), {"en": 'Levels of your mines, like "1 3".',
                                     "ru": 'Уровни ваших рудников, например "1 3".'}, flag="--mines"),
        Input("troops", Text(_SIDE), {"en": 'Your troops, like "knights elves zombie:4".',
                                      "ru": 'Ваши войска, например "knights elves zombie:4".'}, flag="--troops"),
        Input("personal", Text(), {"en": "Which of them is your personal troop (no upkeep).",
                                   "ru": "Какое из них — ваше личное войско (без содержания)."},
              flag="--personal", complete=f"{_COMPLETE}:complete_troops"),
        Input("fortresses", Whole(0, 99), {"en": "Your fortresses (+10 treasury each).",
                                           "ru": "Ваши крепости (+10 к казне каждая)."},
              flag="--fortresses", default=0),
        Input("bridges", Whole(0, 99), {"en": "2003: your bridges (1 coin a year each).",
                                        "ru": "2003: ваши мосты (1 монета в год каждый)."}, flag="--bridges",
              default=0),
        Input("commander", Flag(), {"en": "A player without lands (2003: treasury 100, personal troop 1).",
                                    "ru": "Игрок без земель (2003: казна 100, личное войско 1)."},
              flag="--commander"),
        Input("cash", Whole(0, 100_000),
              {"en": "Coins held before the income (default: what the player entered the game with).",
               "ru": "Монеты до дохода (по умолчанию — с чем игрок вошёл в игру)."}, flag="--cash"),
        Input("cap_before_income", Flag(),
              {"en": "2003, other reading: the cap is checked only before the income is paid (§2.1).",
               "ru": "2003, другое прочтение: предел казны проверяют только перед выдачей дохода (§2.1)."},
              flag="--cap-before-income"),
        Input("tribute", Text(20),
              {"en": "2025: the personal troop's tribute this turn: a land's income (a number), mine (an unopened "
                     "one) or lair (a dragon's mountain).",
               "ru": "2025: дань личного войска в этот ход: доход земли (число), mine (неоткрытый рудник) или "
                     "lair (гора дракона)."}, flag="--tribute"),
        Input("tribute_deepest", Flag(),
              {"en": "2025, other reading: an unopened mine's tribute is half the deepest level's income.",
               "ru": "2025, другое прочтение: дань с неоткрытого рудника — половина дохода самого глубокого "
                     "уровня."}, flag="--tribute-deepest"),
    ),
    examples=(
        'printkit referee income --lands "12 8" --mines "1 3" --troops "knights elves" --personal knights '
        "--cash 130",
        "printkit referee income examples/vs-map.yaml --player Север --personal knights --cash 40",
        'printkit referee income --edition vs-2003 --troops "knights" --personal knights --commander',
        'printkit referee income --lands 12 --troops "knights zombie:4" --personal knights --tribute mine',
    ),
    notes=True,
)  # fmt: skip
def income(map_file: str | Path | None = None, *, player: str | None = None, edition: str = "vs-2025",
           lands: str | None = None, mines: str | None = None, troops: str | None = None,
           personal: str | None = None, fortresses: int = 0, bridges: int = 0, commander: bool = False,
           cash: int | None = None, cap_before_income: bool = False, tribute: str | None = None,
           tribute_deepest: bool = False) -> IncomeAnswer:  # fmt: skip
    """A year's income, upkeep, the treasury cap and the cash left: from the holdings given (lands'
    incomes, mine levels and troops as words, like the command line's), or a player's on a map. A map
    given without a player (the evening's, which a session and serve give every question) is left
    aside when holdings are typed by hand. Without `cash`, the player holds what he entered the game
    with (2003 §3.6: a ruler 50, a commander 15; 2025 §3.5: the standard start's 50).

    >>> income(lands="12 8", mines="1 3", troops="knights elves", personal="knights", cash=130).income.cash_after
    123
    """
    by_hand = bool(lands or mines or troops)
    squads = False  # some troop was written with its squads (zombie:4)
    if map_file is not None and (player or not by_hand):  # holdings typed by hand beside the evening's map
        from printkit.plugin import load_map

        game_map, rules = load_map(Path(map_file))
        if not isinstance(rules.part, VsData):
            raise Refusal("ec_not_vs_map", map=Path(map_file).name)
        vs = vs_of(rules)
        if not player:
            raise Refusal("ec_need_map_player")
        player = ec.check_player(game_map, player, _config_players(Path(map_file)))
        held = ec.holdings_from_map(vs, game_map, player, personal, cash, commander)
    else:
        vs = _vs(edition)
        found = _numbers(lands)
        if commander and found:
            raise Refusal("ec_commander_lands")
        words = ec.troop_words(vs, troops)
        squads = words.squads_given
        start = ec.start_cash(vs, commander)
        held = ec.Holdings(tuple((f"#{i + 1}", n) for i, n in enumerate(found)), _numbers(mines), words.ids,
                           personal or words.personal, fortresses, bridges, commander,
                           cash if cash is not None else start or 0, cash_from_start=cash is None)  # fmt: skip
    paid = None
    if tribute:
        paid = ec.tribute(vs, tribute, tribute_deepest)
        if ec.personal_id(vs, held) is None:
            raise Refusal("ec_tribute_personal")
    return IncomeAnswer(ec.income(vs, held, cap_before_income), held, vs, cap_before_income, paid, squads)


def _config_players(path: Path) -> tuple[str, ...]:
    """The players a config names, when the map file is a session config (its `map:`); else none."""
    from printkit.plugin import ConfigError, load_session

    try:
        session = load_session(path)
    except ConfigError:  # a map file of its own: its owners are its players
        return ()
    return tuple(p.name for p in session.players if p.name)


Cost = PriceTable | PriceAnswer | HireAnswer | TransferAnswer


@question(
    "cost",
    summary={
        "en": "VS prices: building, raising a lord's house, opening and deepening mines, hiring, sending money.",
        "ru": "Цены VS: постройка, повышение дома лорда, открытие и углубление рудников, найм, пересылка денег.",
    },
    about={"en": "", "ru": ""},
    inputs=(
        Input("what", Text(), {"en": "A building or a mine to build, or the two levels of a raise.",
                               "ru": "Постройка или рудник, или два уровня повышения."},
              many=True, complete=f"{_COMPLETE}:complete_buildings"),
        _EDITION,
        Input("hire", Text(), {"en": "Which troops this building hires (with --terrain).",
                               "ru": "Какие войска нанимает эта постройка (с --terrain)."},
              flag="--hire", complete=f"{_COMPLETE}:complete_buildings"),
        Input("terrain", Text(), {"en": "The land under the building.", "ru": "Местность под постройкой."},
              flag="--terrain", default="field", complete=f"{_COMPLETE}:complete_lands"),
        Input("transfer", Whole(1, 100_000), {"en": "The tax on sending this many coins.",
                                              "ru": "Налог на пересылку стольких монет."}, flag="--transfer"),
        Input("tax_on_top", Flag(), {"en": "Other reading: the sender pays the tax on top of the sum.",
                                     "ru": "Другое прочтение: отправитель платит налог сверх суммы."},
              flag="--tax-on-top"),
    ),
    examples=(
        "printkit referee cost                       # every price of the edition",
        "printkit referee cost castle                # build (or grow from a tower)",
        "printkit referee cost tower city            # raise a lord's house",
        "printkit referee cost mine-1 mine-3         # deepen a mine",
        "printkit referee cost --hire castle --terrain forest",
        "printkit referee cost --transfer 37",
    ),
)  # fmt: skip
def cost(what: Sequence[str] | None = None, *, edition: str = "vs-2025", hire: str | None = None,
         terrain: str = "field", transfer: int | None = None, tax_on_top: bool = False) -> Cost:  # fmt: skip
    """What things cost: with `transfer` the tax on sending money; with `hire` the troops a building
    hires on a terrain; with one word the price of building it (two: of raising one level to the
    other); with nothing, every price of the edition.

    >>> cost(["tower", "city"]).price.coins
    100
    >>> cost(transfer=37).transfer.received
    29
    """
    rules = load_bundled(edition)
    vs = vs_of(rules)
    if transfer is not None:
        return TransferAnswer(ec.transfer(vs, transfer, tax_on_top), tax_on_top)
    if hire:
        land = ec.terrain_id(rules, terrain)
        found = ec.hires(vs, hire, land)
        name = next(t.name for t in rules.terrains if t.id == land)
        lands = {t.id: t.name for t in rules.terrains}
        return HireAnswer(ec.structure(vs, hire).id, land, found, name, vs, lands)
    words = list(what or ())
    if not words:
        return PriceTable(rules.id, vs)
    if len(words) > 2:
        raise Refusal("ec_what")
    if len(words) == 1:
        return PriceAnswer(ec.build_price(vs, words[0]), vs)
    if words[0].casefold().startswith("mine"):
        return PriceAnswer(ec.deepen_price(vs, words[0], words[1]), vs)
    return PriceAnswer(ec.upgrade_price(vs, words[0], words[1]), vs)


@question(
    "prize",
    summary={
        "en": "VS: the prize for a won battle, for each troop defeated and each building level destroyed.",
        "ru": "VS: награда за выигранную битву — за каждое разбитое войско и каждый разрушенный уровень.",
    },
    about={
        "en": """Each troop defeated (zombie:3 squads, knights+ in mithril, knights@personal for 2003's
        personal troop) and each building level destroyed (one word a level).""",
        "ru": """Каждое разбитое войско (zombie:3 — отряды, knights+ — в мифриле, knights@personal — личное
        войско 2003 года) и каждый разрушенный уровень постройки (одно слово на уровень).""",
    },
    inputs=(
        Input("defeated", Text(200, _DEFEATED, {"en": "NAME, NAME:N (N squads, 1 to 999), NAME+ or NAME@PLACE",
                                                "ru": "ИМЯ, ИМЯ:N (N отрядов, от 1 до 999), ИМЯ+ или ИМЯ@МЕСТО"}),
              {"en": "What was defeated or destroyed.", "ru": "Что разбито или разрушено."},
              many=True, required=True, complete=f"{_COMPLETE}:complete_units"),
        _EDITION,
        Input("level_table", Flag(), {"en": "Other reading: a level destroyed pays its table price.",
                                      "ru": "Другое прочтение: разрушенный уровень стоит своей цены по таблице."},
              flag="--level-table"),
        Input("round_up", Flag(), {"en": "2003, other reading: the commander's fifth is rounded up.",
                                   "ru": "2003, другое прочтение: пятая часть полководца округляется вверх."},
              flag="--round-up"),
    ),
    examples=(
        "printkit referee prize knights elves castle",
        'printkit referee prize "zombie:3" dragon knights+@personal --edition vs-2003',
    ),
)  # fmt: skip
def prize(defeated: Sequence[str], *, edition: str = "vs-2025", level_table: bool = False,
          round_up: bool = False) -> PrizeAnswer:  # fmt: skip
    """The prize for what a battle defeated: 2025 the full cost to the personal troop's owner, 2003 a
    commander's fifth.

    >>> prize(["knights+", "zombie:3", "dragon", "castle", "ghost-ship"]).prize.total
    300
    """
    vs = _vs(edition)
    return PrizeAnswer(ec.prize(vs, defeated, level_table=level_table, round_up=round_up), vs)


@question(
    "rebellion",
    summary={
        "en": "VS: an uprising's odds: how many of the loser's lord's houses pass to the winner.",
        "ru": "VS: шансы смуты — сколько домов лорда проигравшего перейдёт к победителю.",
    },
    about={
        "en": """How many of the loser's lord's houses (2003: a ruler's troops and buildings, for a
        commander) pass to the winner, each with chance 1/2, or all on one roll.""",
        "ru": """Сколько домов лорда проигравшего (2003: войск и построек правителя — полководцу) перейдёт
        к победителю: каждый с шансом 1/2 или все одним броском.""",
    },
    inputs=(
        Input("houses", Whole(0, 200), {"en": "The loser's lord's houses (2003: the ruler's troops and structures).",
                                        "ru": "Дома лорда проигравшего (2003: войска и строения правителя)."},
              required=True),
        _EDITION,
        Input("together", Flag(), {"en": "All on one roll (2025: the winner's choice; 2003: by agreement "
                                         "with the loser).",
                                   "ru": "Всё одним броском (2025: на выбор победителя; 2003: по уговору с "
                                         "побеждённым)."}, flag="--together"),
        _roll({"en": "Roll it.", "ru": "Бросить."}),
        _seed({"en": "Replay the roll.", "ru": "Повторить бросок."}),
    ),
    examples=("printkit referee rebellion 4", "printkit referee rebellion 4 --together --roll --seed year-9"),
)  # fmt: skip
def rebellion(houses: int, *, edition: str = "vs-2025", together: bool = False, roll: bool = False,
              seed: str | None = None) -> RebellionAnswer:  # fmt: skip
    """The chance of each count of houses passing to the winner; roll=True rolls it.

    >>> rebellion(1).rebellion.chances[1]
    Fraction(1, 2)
    """
    got = ec.rebellion(_vs(edition), houses, together)
    if not roll:
        return RebellionAnswer(got, None)
    stream = Entropy.from_seed(seed).stream("rebellion")
    rolls = [stream.below(2) for _ in range(1 if together else houses)]
    # Houses are numbered from 1 in an order agreed before the roll, as `neutrals --roll` numbers troops.
    passed = tuple(range(1, houses + 1)) if together and rolls[0] else () if together else tuple(
        k for k, won in enumerate(rolls, start=1) if won)  # fmt: skip
    return RebellionAnswer(got, len(passed), passed)


@question(
    "leader-escape",
    summary={
        "en": "VS 2003: a captured leader's escape: its price and its three outcomes; --roll tries it.",
        "ru": "VS 2003: побег пленного лидера — цена и три исхода; --roll — попытка.",
    },
    about={"en": "", "ru": ""},
    inputs=(
        _only(_EDITION, "2003", "vs-2003"),
        Input("income", Whole(0, 100_000), {"en": "The player's whole income.", "ru": "Весь доход игрока."},
              flag="--income", required=True),
        _roll({"en": "Try the escape.", "ru": "Попытаться бежать."}),
        _seed({"en": "Replay the roll.", "ru": "Повторить бросок."}),
    ),
    examples=("printkit referee leader-escape --income 47",
              "printkit referee leader-escape --income 47 --roll --seed year-3"),
)  # fmt: skip
def leader_escape(*, edition: str = "vs-2003", income: int, roll: bool = False,
                  seed: str | None = None) -> EscapeAnswer:  # fmt: skip
    """A captured leader's escape (2003): a tenth of the whole income, and its outcomes on a D6.

    >>> leader_escape(income=47).cost
    5
    """
    if edition != "vs-2003":  # a session's or config's 2025 edition reaches here: 2025 has no leaders
        raise Refusal("ec_escape_2003")
    vs = _vs(edition)
    return EscapeAnswer(ec.escape_cost(vs, income), income, ec.escape_faces(vs), _d6(seed, "leader-escape") if roll
                        else None)  # fmt: skip


@question(
    "neutrals",
    summary={
        "en": "VS 2025: which neutral troops vanish at the start of a year, 5 % each; --roll rolls it.",
        "ru": "VS 2025: какие нейтральные войска исчезают в начале года, по 5 %; --roll — бросок.",
    },
    about={
        "en": """Each neutral troop leaves the map at the start of a year with chance 5 % (2025 §4.0). At the
        table two D6 make it: the first rolled until it shows 1-5, the second until it shows 1-4; two 1s
        and the troop vanishes. --roll rolls it for every troop at once.""",
        "ru": """Каждое нейтральное войско в начале года уходит с карты с шансом 5 % (2025 §4.0). За столом
        это два кубика: первый перебрасывают, пока не выпадет 1–5, второй — пока не выпадет 1–4; две
        единицы — войско исчезает. --roll бросает сразу за все войска.""",
    },
    inputs=(
        Input("troops", Whole(1, 200), {"en": "How many neutral troops stand on the map.",
                                        "ru": "Сколько нейтральных войск на карте."}, required=True),
        _only(_EDITION, "2025", "vs-2025"),
        _roll({"en": "Roll it: which of them vanish.", "ru": "Бросить: какие из них исчезнут."}),
        _seed({"en": "Replay the roll.", "ru": "Повторить бросок."}),
    ),
    examples=("printkit referee neutrals 3", "printkit referee neutrals 5 --roll --seed year-4"),
    notes=True,
)  # fmt: skip
def neutrals(troops: int, *, edition: str = "vs-2025", roll: bool = False,
             seed: str | None = None) -> VanishAnswer:  # fmt: skip
    """The neutral troops that vanish at the start of a year (2025 §4.0): each with chance 5 %, one
    1-in-20 roll a troop when rolled (the same seed, the same faces).

    >>> neutrals(3).chance
    Fraction(1, 20)
    """
    if edition != "vs-2025":  # a session's or config's 2003 edition reaches here: 2003 has no such rule
        raise Refusal("ec_neutrals_2025")
    chance = vanish_chance(_vs(edition))
    faces = None
    if roll:
        stream = Entropy.from_seed(seed).stream("neutrals")
        faces = tuple(stream.below(chance.denominator) + 1 for _ in range(troops))
    return VanishAnswer(troops, chance, faces)
