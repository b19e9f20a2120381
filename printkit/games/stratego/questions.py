"""Stratego's questions, declared once: an attack, a piece's moves, and setups checked, generated and converted."""

# This module is the game's public API (printkit.stratego): each function below is a declared
# question, so a script's values are checked as the command line's are, and each answers with a
# record that says itself in Russian or English. `printkit referee stratego|moves` and `printkit
# stratego check|random|convert` are derived from the same declarations.

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.plugin import (
    EXIT_CHECK_FAILED,
    Choice,
    File,
    Flag,
    Input,
    Line,
    Para,
    Phrase,
    Text,
    label,
    load_bundled,
    question,
    read_text,
)

from .advice import STYLES, advice, generate
from .attack import Attack, describe, rank
from .attack import attack as resolve
from .gravon import Board, to_board
from .model import Rank, Setup, SetupError, StrategoData, marks_of, stratego_of
from .moves import Position, legal_moves, read_position
from .setups import parse_setup40, problems, read_setup

Localized = Mapping[str, str]

_TEXT_ONLY = {"json": False}  # a record field the text needs but the JSON leaves out
_HERE = __name__.rpartition(".")[0]
# A SETUP argument no longer than this, ending so and naming a file, is read from that file.
_FILE_SUFFIXES = (".txt", ".setup", ".yaml", ".xml")
_FILE_NAME_MAX = 300
# A setup typed on the command line: a Gravon archive file's content fits too (a file is read up to 2 MB).
_SETUP_MAX = 2 * 1024 * 1024

_SIDES = Choice(("red", "blue"), names={"red": {"en": "red", "ru": "красные"}, "blue": {"en": "blue", "ru": "синие"}})
_VARIANTS = Choice(
    ("battle", "duel", "barrage"),
    names={
        "battle": {"en": "battle", "ru": "сражение"},
        "duel": {"en": "duel", "ru": "дуэль"},
        "barrage": {"en": "barrage", "ru": "барраж"},
    },
)
_VARIANT_FOUND = Input(
    "variant",
    _VARIANTS,
    {
        "en": "battle (40 pieces), duel (10) or barrage (8) [default: the one whose pieces the setup holds; "
        "a Gravon archive file names its own].",
        "ru": "battle (40 фишек), duel (10) или barrage (8) [по умолчанию — вариант, чьи фишки в расстановке; "
        "файл архива Gravon называет свой].",
    },
    flag="--variant",
)
_SETUP = Input(
    "setup",
    Text(_SETUP_MAX),
    {
        "en": "A setup string, a Gravon board or archive file, a grid, or a file holding one of them.",
        "ru": "Строка расстановки, доска или файл архива Gravon, сетка или файл с одной из них.",
    },
    required=True,
)


def _data() -> StrategoData:
    return stratego_of(load_bundled("stratego"))


def _side_names(data: StrategoData) -> dict[str, Localized]:
    """Each side as a line begins with it: red, blue (as --side is typed) or the Russian name."""
    return {side: {"en": side, "ru": str(name["ru"]).lower()} for side, name in data.sides.items()}


def _say(text: str, lang: str) -> str:
    """A problem or a piece of advice in lang (a Phrase says itself; other text is as it is)."""
    return text.say(lang) if isinstance(text, Phrase) else text


def _setup_text(value: str) -> str:
    """SETUP may be the string itself or a file holding it (a setup, a grid or a Gravon archive file)."""
    path = Path(value)
    if len(value) < _FILE_NAME_MAX and path.suffix in _FILE_SUFFIXES and path.is_file():
        return read_text(path, value)
    return value


# ---- referee stratego: one attack -----------------------------------------------------------------------


@dataclass(frozen=True)
class AttackAnswer:
    """Who wins one attack, whether a bomb leaves the board and whether the flag was taken."""

    winner: str  # "attacker", "defender" or "both_removed"
    bomb_removed: bool
    game_over: bool
    attack: Attack = field(metadata=_TEXT_ONLY)

    def lines(self, lang: str) -> list[Line]:
        outcome = self.attack
        out: list[Line] = [
            Para(f"{outcome.attacker.symbol} {outcome.defender.symbol}: {describe(outcome, lang)}", "  ")
        ]
        if outcome.defender.bomb:
            rule = label("st_original_rule" if outcome.original_bombs else "st_house_rule", lang)
            out.append(Para(f"  ({rule})", "   "))
        return out


_PIECE_HELP = {
    "en": "{who}: X 9 … 2 1 B F, a strength (10 for the marshal) or a name in either language.",
    "ru": "{who}: X 9 … 2 1 B F, сила (10 — маршал) или звание на любом языке.",
}


def _piece_help(en: str, ru: str) -> dict[str, str]:
    """The help of a piece input, naming which piece it is."""
    return {"en": _PIECE_HELP["en"].format(who=en), "ru": _PIECE_HELP["ru"].format(who=ru)}


@question(
    "stratego",
    summary={
        "en": "Resolve one Stratego attack: ATTACKER DEFENDER as symbols (X 9 ... 2 1 B F), strengths "
        "(10 for the marshal) or names in either language.",
        "ru": "Одна атака в Стратего: НАПАДАЮЩИЙ и ЗАЩИЩАЮЩИЙСЯ знаками (X 9 ... 2 1 B F), силой "
        "(10 — маршал) или званиями на любом языке.",
    },
    about={
        "en": "By default the house rule of the rules document applies: any bomb that goes off leaves the "
        "board, and only a Miner takes one and survives.",
        "ru": "По умолчанию действует правило этой версии: взорвавшаяся мина уходит с поля, и только "
        "сапёр снимает её и остаётся.",
    },
    inputs=(
        Input(
            "attacker",
            Text(),
            _piece_help("The attacking piece", "Нападающая фишка"),
            required=True,
            complete=f"{_HERE}.attack:complete_pieces",
        ),
        Input(
            "defender",
            Text(),
            _piece_help("The defending piece", "Защищающаяся фишка"),
            required=True,
            complete=f"{_HERE}.attack:complete_pieces",
        ),
        Input(
            "original_bombs",
            Flag(),
            {
                "en": "The original rule: a bomb stays unless a Miner takes it.",
                "ru": "Исходное правило: мина остаётся, пока её не снимет сапёр.",
            },
            flag="--original-bombs",
        ),
    ),
    examples=(
        "printkit referee stratego 3 B                 # Miner wins, bomb removed",
        "printkit referee stratego 1 10                # Spy wins (10 is the marshal, like X)",
        "printkit referee stratego сапёр мина --lang en",
        "printkit referee stratego 5 B --original-bombs --json",
    ),
)
def attack(attacker: str, defender: str, original_bombs: bool = False) -> AttackAnswer:
    """Stratego: who wins one attack (symbols X 9 … 2 1 B F, strengths or names); the house bomb rule
    by default, the original one with original_bombs.

    >>> attack("3", "B").winner
    'attacker'
    >>> attack("5", "B", original_bombs=True).bomb_removed
    False
    """
    data = _data()
    outcome = resolve(data, rank(data, attacker), rank(data, defender), original_bombs)
    return AttackAnswer(outcome.winner, outcome.bomb_removed, outcome.game_over, outcome)


# ---- referee moves: one piece's legal moves --------------------------------------------------------


# The readings of a scout's move the page leaves open, as (the label naming printkit's reading, the
# label naming the switch's, which names its switch itself); each is printed where it changes the
# answer or was chosen.
SCOUT_READINGS = {
    "scout_strikes_adjacent": ("mv_scout_run", "mv_scout_adjacent"),
    "scout_flies_over": ("mv_scout_stops", "mv_scout_flies"),
}


@dataclass(frozen=True)
class OtherMoves:
    """What the other reading of one rule would answer, where it differs (or the asker chose it)."""

    rule: str  # a key of SCOUT_READINGS
    chosen: bool  # whether the answer takes the flag's reading
    moves: list[str]
    attacks: list[str]
    differs: bool


@dataclass(frozen=True)
class MovesAnswer:
    """The cells a piece may step or run to, and those where it attacks; the readings taken, with the
    other's cells; and the lake cells, where they limit the piece, with their source."""

    moves: list[str]
    attacks: list[str]
    cell: str = field(metadata=_TEXT_ONLY)
    side: str = field(metadata=_TEXT_ONLY)  # red or blue
    rank: Rank = field(metadata=_TEXT_ONLY)
    side_names: Mapping[str, Localized] = field(metadata=_TEXT_ONLY)
    scout_strikes_adjacent: bool = field(metadata=_TEXT_ONLY)
    others: tuple[OtherMoves, ...] = field(default=(), metadata=_TEXT_ONLY)
    lakes: tuple[str, ...] = field(default=(), metadata=_TEXT_ONLY)  # the lake cells, where they limit it
    lake_mark: str = field(default="", metadata=_TEXT_ONLY)
    notes: Mapping[str, list[str]] = field(default_factory=dict, metadata=_TEXT_ONLY)  # lang -> footnotes

    def lines(self, lang: str) -> list[Line]:
        rank = self.rank
        name = f"{rank.name[lang]} ({rank.symbol})"
        side = self.side_names[self.side][lang]
        n = len(self.moves) + len(self.attacks)
        out: list[Line] = [label("mv_head", lang, side=side, rank=name, cell=self.cell, n=n)]
        if not rank.movable:
            out.append(label("mv_never", lang))
        if self.moves:
            out.append(Para(label("mv_to", lang) + " ".join(self.moves), " " * 10))
        if self.attacks:
            out.append(Para(label("mv_attack", lang) + " ".join(self.attacks), " " * 10))
        for other in self.others:
            printkits, flags = SCOUT_READINGS[other.rule]
            said = label(flags if other.chosen else printkits, lang)
            if other.differs:
                gives = label("mv_other_gives", lang, to=" ".join(other.moves) or "—",
                              attack=" ".join(other.attacks) or "—")  # fmt: skip
                out.append(Para(f"{said} {gives}", "  "))
            elif other.chosen:
                out.append(Para(f"{said} {label('mv_other_same', lang)}", "  "))
        if self.lakes:
            out.append(Para(label("mv_lakes", lang, cells=" ".join(self.lakes), mark=self.lake_mark), "  "))
        out.append(Para(label("mv_two_squares", lang), "  "))
        out += [Para(note, "  ") for note in self.notes.get(lang, [])]
        return out


@question(
    "moves",
    summary={
        "en": "Stratego: the legal moves of one piece on a board position.",
        "ru": "Стратего: ходы одной фишки в позиции.",
    },
    about={
        "en": "POSITION_FILE has one line per row from the top (row 10, blue's back row) to row 1 (red's "
        "back row), one token per cell: `.` empty, `~` lake, `r5` a red 5, `r10` or `rX` the red "
        "marshal, `b?` a blue piece of unknown rank. Steps go up, down, left or right; a scout runs "
        "over empty cells and may attack at the end (--scout-strikes-adjacent: only a neighbour); "
        "lakes and pieces block (--scout-flies-over: only lakes stop a scout). Where a reading changes "
        "the answer, it is printed with the other's cells. The two-squares rule needs the game's "
        "history and is not applied.",
        "ru": "В POSITION_FILE по строке на ряд сверху (ряд 10, задний ряд синих) до ряда 1 (задний ряд "
        "красных), по знаку на клетку: `.` пусто, `~` озеро, `r5` красная пятёрка, `r10` или `rX` "
        "красный маршал, `b?` синяя фишка неизвестного ранга. Шаг — вверх, вниз, влево или вправо; "
        "разведчик бежит по пустым клеткам и может напасть в конце (--scout-strikes-adjacent — только "
        "на соседа); озёра и фишки мешают (--scout-flies-over — разведчика останавливают только "
        "озёра). Где чтение меняет ответ, он печатается с клетками другого чтения. Правило двух клеток "
        "требует истории партии и не проверяется.",
    },
    inputs=(
        Input(
            "position_file",
            File(suffixes=(".txt",)),
            {"en": "The position: one line a row, one token a cell.", "ru": "Позиция: строка на ряд, знак на клетку."},
            required=True,
        ),
        Input(
            "start",
            Text(),
            {
                "en": "The piece's cell, like e4 (a Cyrillic е4 is read as e4).",
                "ru": "Клетка фишки, например e4 (можно русскими буквами: е4).",
            },
            flag="--from",
            required=True,
            complete=f"{_HERE}.moves:complete_squares",
        ),
        Input(
            "variant",
            _VARIANTS,
            {"en": "The board's variant.", "ru": "Вариант доски."},
            flag="--variant",
            default="battle",
        ),
        Input(
            "scout_strikes_adjacent",
            Flag(),
            {
                "en": "The other reading: a scout attacks only a neighbour, never at the end of a run.",
                "ru": "Другое чтение: разведчик нападает только на соседа, не в конце пробега.",
            },
            flag="--scout-strikes-adjacent",
        ),
        Input(
            "scout_flies_over",
            Flag(),
            {
                "en": "The other reading: a scout flies over pieces; only lakes stop its run.",
                "ru": "Другое чтение: разведчик перелетает через фишки; его пробег останавливают только озёра.",
            },
            flag="--scout-flies-over",
        ),
    ),
    examples=(
        "printkit referee moves examples/stratego-position.txt --from b4      # a scout's runs",
        "printkit referee moves examples/stratego-position.txt --from e4 --json",
    ),
)
def moves(position_file: str | Path, start: str, variant: str = "battle", scout_strikes_adjacent: bool = False,
          scout_flies_over: bool = False) -> MovesAnswer:  # fmt: skip
    """Stratego: where the piece on `start` may go in a position file, and where it attacks; the two
    flags take the other readings of a scout's move.

    >>> found = moves("examples/stratego-position.txt", "j5")
    >>> found.moves, found.attacks
    (['j6', 'i5'], ['j7'])
    """
    ruleset = load_bundled("stratego")
    data = stratego_of(ruleset)
    position = read_position(Path(position_file), data, data.variants[variant])
    from printkit.plugin import latin

    cell = latin(start.strip()).lower()  # е4 typed on a Russian keyboard is e4
    chosen = {"scout_strikes_adjacent": scout_strikes_adjacent, "scout_flies_over": scout_flies_over}

    def found(readings: Mapping[str, bool], on: Position = position) -> tuple[list[str], list[str]]:
        moved = legal_moves(on, data, cell, not readings["scout_strikes_adjacent"], readings["scout_flies_over"])
        return [m.to for m in moved if not m.attacks], [m.to for m in moved if m.attacks]

    steps, attacks = found(chosen)
    piece = position.pieces[cell]
    known = data.rank(piece.symbol)
    assert known is not None  # legal_moves refused hidden pieces
    others = []
    if known.runs:
        for rule in SCOUT_READINGS:
            other = found({**chosen, rule: not chosen[rule]})
            others.append(OtherMoves(rule, chosen[rule], *other, other != (steps, attacks)))
    # The lake cells are the standard board's, not the page's: named, with their source, where they
    # limit this piece (where the piece would move otherwise without them).
    board = position.variant
    lake_mark = marks_of(ruleset, board).lakes
    open_board = Position(replace(board, lakes=frozenset()), position.pieces)
    limited = found(chosen, open_board) != (steps, attacks)
    lakes = tuple(sorted(board.lakes, key=lambda c: (int(c[1:]), c[0]))) if limited else ()
    notes = {lang: ruleset.provenance.notes([lake_mark], lang) for lang in ("ru", "en")} if limited else {}
    return MovesAnswer(steps, attacks, cell, piece.side, known, data.sides, scout_strikes_adjacent,
                       tuple(others), lakes, lake_mark, notes)  # fmt: skip


# ---- stratego check -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One line of a check: a problem (the setup is illegal), advice (never an error) or a note."""

    text: str  # a Phrase where printkit words it
    side: str | None = None  # red or blue, on a board that holds both
    kind: str = "problem"  # problem, advice or note


@dataclass(frozen=True)
class SetupCheck:
    """Whether a setup (or each side of a board) is legal, with every problem and piece of advice."""

    ok: bool
    variant: str | None  # the variant it was read as; None when it could not be read
    gravon: str | None  # the game type of a Gravon archive file
    findings: tuple[Finding, ...]
    # The variant, said first where it was found from the pieces or a board names it.
    heading: Phrase | None = field(metadata=_TEXT_ONLY)
    side_names: Mapping[str, Localized] = field(metadata=_TEXT_ONLY)
    # lang -> the footnotes of a variant from published rules (its pieces and rows are not the page's)
    sources: Mapping[str, list[str]] = field(default_factory=dict, metadata=_TEXT_ONLY)

    @property
    def problems(self) -> list[str]:
        """Every problem, in English ("red: ..." for a side of a board); [] when legal."""
        return [f"{f.side}: {f.text}" if f.side else str(f.text) for f in self.findings if f.kind == "problem"]

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else EXIT_CHECK_FAILED

    def lines(self, lang: str) -> list[Line]:
        out: list[Line] = []
        if self.heading is not None:
            out.append(self.heading.say(lang) + (f" (Gravon {self.gravon})" if self.gravon else ""))
        out += [Para(note, "  ") for note in self.sources.get(lang, [])]
        for found in self.findings:
            text = _say(found.text, lang)
            if found.kind == "note":
                out.append(text)
                continue
            if found.kind == "advice":
                text = label("sc_advice", lang, text=text)
            if found.side is not None:
                text = label("sc_side", lang, side=self.side_names[found.side][lang], text=text)
            out.append(Para(text, "  "))
        if self.ok:
            out.append(label("sc_ok", lang))
        return out


@question(
    "check",
    summary={
        "en": "Check a setup: exit 0 and ok when legal, exit 1 with every problem otherwise.",
        "ru": "Проверить расстановку: код 0 и «всё в порядке», если она верна, иначе код 1 и все ошибки.",
    },
    about={
        "en": "SETUP is a setup string (40 characters, back row first, '/' between rows allowed, '.' for an "
        "empty cell in the duel and the barrage), a 100-character Gravon board, a Gravon archive file "
        "(.xml), a grid as printed by convert, or a file holding one of them. A board is checked side "
        "by side, each line starting with the side. Advice from well-known heuristics follows as lines "
        'starting with "advice:" (never an error).',
        "ru": "SETUP — строка расстановки (40 знаков, задний ряд первым, «/» между рядами можно, «.» — "
        "пустая клетка в дуэли и барраже), доска Gravon из 100 знаков, файл архива Gravon (.xml), "
        "сетка, как её печатает convert, или файл с одной из них. Доска проверяется по сторонам, "
        "каждая строка начинается со стороны. Советы по известным приёмам идут строками «совет:» "
        "(это не ошибки).",
    },
    inputs=(_SETUP, _VARIANT_FOUND),
    examples=(
        "printkit stratego check BFB343B563/B3492625B4/728X176258/2264B75232",
        "printkit stratego random --seed 7 > my-setup.txt",
        "printkit stratego check my-setup.txt",
        "printkit stratego check FB......../B.X.9...../...21...3./......2..3",
        "printkit stratego check examples/stratego-duel.xml  # a file in the Gravon archive format",
    ),
)
def check_setup(setup: str, variant: str | None = None) -> SetupCheck:
    """Stratego: every problem of a setup (a setup string, a grid, a Gravon board or archive file,
    or a file holding one), with advice. Without a variant, the one whose pieces the setup holds.

    >>> check_setup("BFB343B563/B3492625B4/728X176258/2264B75232").ok
    True
    >>> check_setup("BFB343B563/B3492625B4/728X176258/2264B95232").problems
    ['9 (General): 2 placed, 1 needed', '7 (Major): 2 placed, 3 needed']
    """
    data = _data()
    chosen = data.variants[variant] if variant else None
    names = _side_names(data)
    text = _setup_text(setup)
    try:
        parsed = read_setup(text, data, chosen)
    except SetupError as exc:
        found = [Finding(p) for p in exc.problems]
        # The length is right but symbols are not: still report what the counts lack.
        try:
            lenient = parse_setup40(text, data, chosen or data.variants["battle"], lenient=True)
            found += [Finding(p) for p in problems(lenient, data) if getattr(p, "key", "") != "sc_unknown_cell"]
        except SetupError:
            pass
        return SetupCheck(False, None, None, tuple(found), None, names)
    named = {"en": parsed.variant.id, "ru": str(parsed.variant.name["ru"]).lower()}
    # A variant whose pieces come from published rules, not the rules page, is always named, with
    # its source's mark and footnote.
    ruleset = load_bundled("stratego")
    mark = marks_of(ruleset, parsed.variant).pieces
    sources = {lang: ruleset.provenance.notes([mark], lang) for lang in ("ru", "en")} if mark else {}
    heading: Phrase | None = Phrase("sc_variant", variant=named, mark=mark)
    notes: list[Finding] = []
    if isinstance(parsed, Board):
        sides = parsed.sides()
        if not sides:
            return SetupCheck(False, parsed.variant.id, parsed.game_type, (Finding(Phrase("sc_no_pieces")),),
                              heading, names, sources)  # fmt: skip
        notes = [Finding(Phrase("sc_side_missing", side=names[side]), kind="note")
                 for side in ("red", "blue") if side not in dict(sides)]  # fmt: skip
        labelled: list[tuple[str | None, Setup]] = list(sides)
    else:
        if (chosen is not None or parsed.variant.id == "battle") and not mark:  # said when found from the pieces
            heading = None
        labelled = [(None, parsed)]
    found = list(notes)
    for side, one in labelled:
        found += [Finding(p, side) for p in problems(one, data)]
        found += [Finding(hint, side, "advice") for hint in advice(one, data)]
    ok = not any(f.kind == "problem" for f in found)
    gravon = parsed.game_type if isinstance(parsed, Board) else None
    return SetupCheck(ok, parsed.variant.id, gravon, tuple(found), heading, names, sources)


# ---- stratego random ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RandomSetup:
    """A generated setup, shown as the setup string or as the grid."""

    setup: Setup
    grid: bool = False

    @property
    def text(self) -> str:
        """The setup string, rows between slashes."""
        return self.setup.to_setup40(slashes=True)

    def lines(self, lang: str) -> list[Line]:
        return list(self.setup.to_grid().splitlines()) if self.grid else [self.text]


@question(
    "random",
    summary={
        "en": "Print a legal setup that also follows the heuristics checked by `stratego check`.",
        "ru": "Напечатать верную расстановку, которая следует и советам `stratego check`.",
    },
    about={
        "en": "The setup is the same in either language (--lang only changes what a refusal says).",
        "ru": "Расстановка одна и та же на любом языке (--lang меняет только текст отказа).",
    },
    inputs=(
        Input(
            "style",
            Choice(
                STYLES,
                names={
                    "balanced": {"en": "balanced", "ru": "сбалансированная"},
                    "defensive": {"en": "defensive", "ru": "оборонительная"},
                    "aggressive": {"en": "aggressive", "ru": "атакующая"},
                },
            ),
            {
                "en": "Where the strong pieces lean: nowhere, back or forward.",
                "ru": "Куда тянутся сильные фишки: никуда, назад или вперёд.",
            },
            flag="--style",
            default="balanced",
        ),
        Input(
            "seed",
            Text(),
            {"en": "The same seed gives the same setup.", "ru": "То же зерно даёт ту же расстановку."},
            flag="--seed",
        ),
        Input("variant", _VARIANTS, {"en": "The variant.", "ru": "Вариант."}, flag="--variant", default="battle"),
        Input(
            "grid",
            Flag(),
            {"en": "Print the readable grid instead of the string.", "ru": "Напечатать сетку вместо строки."},
            flag="--grid",
        ),
    ),
    examples=(
        "printkit stratego random",
        "printkit stratego random --style defensive --seed 42",
        "printkit stratego random --variant duel --grid",
    ),
    json=False,
)
def random_setup(style: str = "balanced", seed: str | None = None, variant: str = "battle",
                 grid: bool = False) -> RandomSetup:  # fmt: skip
    """Stratego: a legal setup that also follows the advice; the same seed gives the same setup.

    >>> random_setup(seed="42", style="defensive").text
    '72874B8BFB/B3422B63B3/6426692553/4X52351227'
    """
    data = _data()
    return RandomSetup(generate(data, data.variants[variant], style, seed), grid)


# ---- stratego convert -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Converted:
    """A setup (or each side of a board) in another form, or the problems that stopped the conversion."""

    to: str  # setup40, gravon or grid
    sides: tuple[str, ...]  # the sides converted, red first
    texts: tuple[str, ...]  # each side's setup string or grid; for gravon, the one board
    problems: tuple[str, ...] = ()
    side_names: Mapping[str, Localized] = field(default_factory=dict, metadata=_TEXT_ONLY)

    @property
    def exit_code(self) -> int:
        return EXIT_CHECK_FAILED if self.problems else 0

    def lines(self, lang: str) -> list[Line]:
        if self.problems:
            return [Para(_say(p, lang), "  ") for p in self.problems]
        if self.to != "grid" or len(self.texts) == 1:
            return [line for text in self.texts for line in text.splitlines()]
        out: list[Line] = []
        for index, (side, text) in enumerate(zip(self.sides, self.texts, strict=True)):
            if index:
                out.append("")
            out.append(f"{self.side_names[side][lang]}:")
            out += text.splitlines()
        return out


@question(
    "convert",
    summary={
        "en": "Convert a setup between the setup string, the Gravon 100-cell board and the grid.",
        "ru": "Перевести расстановку между строкой, доской Gravon из 100 клеток и сеткой.",
    },
    about={
        "en": "A Gravon board converted to setup40 or grid gives each side's setup as that side sees it "
        "(back row first), so `convert S --to gravon --side blue` then `--to setup40` gives S back.",
        "ru": "Доска Gravon, переведённая в setup40 или сетку, даёт расстановку каждой стороны так, как "
        "её видит эта сторона (задний ряд первым), так что `convert S --to gravon --side blue`, а затем "
        "`--to setup40` возвращает S.",
    },
    inputs=(
        _SETUP,
        Input(
            "to",
            Choice(
                ("setup40", "gravon", "grid"),
                names={
                    "setup40": {"en": "setup string", "ru": "строка расстановки"},
                    "gravon": {"en": "Gravon board", "ru": "доска Gravon"},
                    "grid": {"en": "grid", "ru": "сетка"},
                },
            ),
            {"en": "The form to convert to.", "ru": "Во что перевести."},
            flag="--to",
            required=True,
        ),
        Input(
            "side",
            _SIDES,
            {
                "en": "A setup: the side it plays on the Gravon board [red]. A board: the side to print "
                "[every side it holds, red first].",
                "ru": "Расстановка: сторона, за которую она играет на доске Gravon [red]. Доска: какую "
                "сторону напечатать [все, что на ней есть, красные первыми].",
            },
            flag="--side",
        ),
        _VARIANT_FOUND,
    ),
    examples=(
        "printkit stratego convert BFB343B563/B3492625B4/728X176258/2264B75232 --to grid",
        "printkit stratego convert BFB343B563B3492625B4728X1762582264B75232 --to gravon --side blue",
        "printkit stratego convert examples/stratego-duel.xml --to setup40 --side blue",
    ),
    json=False,
)
def convert(setup: str, to: str, side: str | None = None, variant: str | None = None) -> Converted:
    """Stratego: a setup (string, grid, Gravon board or archive file) as a setup string, a grid or a
    Gravon board; a board gives each side's setup as that side sees it.

    >>> field = convert("BFB343B563/B3492625B4/728X176258/2264B75232", "gravon", side="blue").texts[0]
    >>> convert(field, "setup40").texts
    ('BFB343B563/B3492625B4/728X176258/2264B75232',)
    """
    data = _data()
    names = _side_names(data)

    def refused(found: list[str]) -> Converted:
        return Converted(to, (), (), tuple(found), names)

    try:
        parsed = read_setup(_setup_text(setup), data, data.variants[variant] if variant else None)
    except SetupError as exc:
        return refused(exc.problems)
    if isinstance(parsed, Board):
        sides = dict(parsed.sides())
        if not sides:
            return refused([Phrase("sc_no_pieces")])
        if side is not None and side not in sides:
            return refused([Phrase("sc_no_side_pieces", side=names[side])])
        chosen: list[tuple[str, Setup]] = [(s, sides[s]) for s in ("red", "blue") if s in sides and side in (None, s)]
    else:
        chosen = [(side or "red", parsed)]
    converted = tuple(s for s, _ in chosen)
    if to == "gravon":
        picked = dict(chosen)
        try:
            board = to_board(picked.get("red"), picked.get("blue"))
        except SetupError as exc:
            return refused(exc.problems)
        return Converted(to, converted, (board,), (), names)
    texts = tuple(item.to_grid() if to == "grid" else item.to_setup40(slashes=True) for _, item in chosen)
    return Converted(to, converted, texts, (), names)
