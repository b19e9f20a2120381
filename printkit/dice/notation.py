"""Dice notation read into a tree: NdS, d%, dF, к for d, rerolls, explosions, keep/drop, successes, + - *."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from ..labels import RefusedValue, label

MAX_LENGTH = 200  # characters of notation: bounds the tree, so no input can exhaust the parser's stack
MAX_NESTING = 20  # parentheses inside one another
MAX_NUMBER = 1_000_000  # any number written in the notation
MAX_DICE = 100  # dice in one group
MAX_SIDES = 1000
EXPLODE_CAP = 3  # an exploding die rolls again at most this many times, so its distribution is finite
MAX_EXPLODE_CAP = 20

COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
    "=": lambda a, b: a == b,
}  # fmt: skip
_SAME = {"≥": ">=", "≤": "<=", "==": "="}

# Keywords are matched longest first, so "4d6xkh3" reads as x, kh; к and д are the Russian d, ф the F.
_TOKEN = re.compile(
    r"[ \t\u00a0\u202f]*(?:(?P<num>[0-9]+)|(?P<op>>=|<=|==|[≥≤]|[-+*()<>=!%])|(?P<word>kh|kl|dh|dl|ro|cs|[dкдxkrfф]))",
    re.IGNORECASE,
)
_WORDS = {"к": "d", "д": "d", "ф": "f"}
_SPACE = " \t\u00a0\u202f"  # spaces people type or paste; other control characters are refused


class DiceError(RefusedValue):
    """A notation that cannot be read or is beyond a limit; column is 1-based, the text is a label key."""

    def __init__(self, key: str, column: int, **values: object) -> None:
        self.column = column
        super().__init__(key, **values)
        self.message = self.text("en")
        self.args = (self.message,)

    def say(self, lang: str) -> str:
        return self.text(lang)

    def text(self, lang: str) -> str:
        """The message in lang; large numbers grouped by thousands (1,000,000 or 1 000 000)."""
        sep = "\u00a0" if lang == "ru" else ","
        shown = {k: f"{v:,}".replace(",", sep) if isinstance(v, int) and abs(v) >= 10_000 else v
                 for k, v in self.values.items()}  # fmt: skip
        return label(self.key, lang, **shown)


def shown(char: str) -> str:
    """A character as an error message shows it: itself when printable, else its code."""
    if char.isprintable() and unicodedata.category(char) != "Cs":
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@dataclass(frozen=True)
class Die:
    """One die of a group: faces lo..hi, then rerolls (r: until it stops, ro: once), then explosions."""

    lo: int
    hi: int
    reroll: tuple[tuple[str, int], ...] = ()
    once: bool = False
    explode: bool = False

    def rerolls(self, face: int) -> bool:
        return any(COMPARE[op](face, target) for op, target in self.reroll)

    def text(self) -> str:
        out = "dF" if self.lo == -1 else f"d{self.hi}"
        for op, target in self.reroll:
            out += ("ro" if self.once else "r") + ("" if op == "=" else op) + str(target)
        return out + ("x" if self.explode else "")


@dataclass(frozen=True)
class Group:
    """N dice of one kind: keep/drop steps apply in written order to the dice still kept, then successes
    are counted among the kept dice (or, without cs, the kept dice are added up)."""

    count: int
    die: Die
    steps: tuple[tuple[str, int], ...] = ()
    success: tuple[str, int] | None = None
    column: int = 1

    def band(self) -> tuple[int, int]:
        """(dice dropped from the top, dice kept) after the steps; the kept dice are ranks in between."""
        top, kept = 0, self.count
        for kind, n in self.steps:
            n = min(n, kept)
            if kind == "kh":
                kept = n
            elif kind == "kl":
                top, kept = top + kept - n, n
            elif kind == "dh":
                top, kept = top + n, kept - n
            else:
                kept -= n
        return top, kept

    def text(self) -> str:
        out = f"{self.count}{self.die.text()}" + "".join(f"{kind}{n}" for kind, n in self.steps)
        return out + (f"cs{self.success[0]}{self.success[1]}" if self.success else "")


@dataclass(frozen=True)
class Node:
    op: str  # "const", "dice", "+", "-", "*", "neg"
    column: int
    left: Node | None = None
    right: Node | None = None
    value: int = 0
    group: Group | None = None

    def text(self) -> str:
        """The canonical notation (d for к, kh for k, no spaces)."""
        if self.op == "const":
            return str(self.value)
        if self.op == "dice":
            assert self.group is not None
            return self.group.text()
        assert self.right is not None
        right = self.right.text()
        if self.op == "neg":
            return "-" + (f"({right})" if self.right.op in "+-*" else right)
        assert self.left is not None
        left = self.left.text()
        if self.op == "*":
            left = f"({left})" if self.left.op in "+-" else left
            return f"{left}*({right})" if self.right.op in "+-" else f"{left}*{right}"
        return f"{left}{self.op}({right})" if self.right.op in "+-" else f"{left}{self.op}{right}"


@dataclass(frozen=True)
class Expression:
    """A whole notation: an expression, and optionally one comparison with a second expression."""

    root: Node
    compare: tuple[str, Node] | None
    source: str
    left_text: str  # each side as typed, for messages
    right_text: str = ""

    def canonical(self) -> str:
        right = f"{self.compare[0]}{self.compare[1].text()}" if self.compare else ""
        return self.root.text() + right


@dataclass(frozen=True)
class Token:
    kind: str  # "num", "op", "word"; "bad" where reading stopped
    text: str  # lower case, к and д as d, ф as f, ≥ as >=
    column: int  # 1-based
    error: DiceError | None = None


def tokens(text: str) -> list[Token]:
    """The tokens up to the first character that cannot start one; that one becomes a "bad" token, so
    the parser reports it only if everything before it made sense."""
    if len(text) > MAX_LENGTH:
        raise DiceError("dice_e_length", MAX_LENGTH + 1, n=len(text), limit=MAX_LENGTH)
    out: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            at = len(text) - len(text[pos:].lstrip(_SPACE))
            if at < len(text):
                char = text[at]
                key = "dice_e_latin" if unicodedata.name(char, "").startswith("CYRILLIC") else "dice_e_char"
                out.append(Token("bad", char, at + 1, DiceError(key, at + 1, char=shown(char))))
            break
        kind = m.lastgroup or ""
        word, col = m.group(kind).lower(), m.start(kind) + 1
        if kind == "num" and (len(word) > len(str(MAX_NUMBER)) or int(word) > MAX_NUMBER):
            out.append(Token("bad", word, col, DiceError("dice_e_number", col, limit=MAX_NUMBER)))
            break
        out.append(Token(kind, _SAME.get(word, _WORDS.get(word, word)), col))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokens(text)
        self.i = 0
        self.depth = 0

    def peek(self) -> Token:
        if self.i >= len(self.tokens):
            return Token("end", "", len(self.text.rstrip(_SPACE)) + 1)
        tok = self.tokens[self.i]
        if tok.error:
            raise tok.error
        return tok

    def take(self) -> Token:
        tok = self.peek()
        self.i += 1
        return tok

    def is_op(self, *ops: str) -> bool:
        tok = self.peek()
        return tok.kind == "op" and tok.text in ops

    def is_word(self, *words: str) -> bool:
        tok = self.peek()
        return tok.kind == "word" and tok.text in words

    def number(self, what: str) -> int:
        tok = self.take()
        if tok.kind != "num":
            raise DiceError(what, tok.column)
        return int(tok.text)

    def condition(self, what: str) -> tuple[str, int]:
        """`>=7`, `<2`, `=-1` or a bare `1` (meaning = 1)."""
        op = self.take().text if self.is_op(*COMPARE) else "="
        sign = -1 if self.is_op("-") and self.take() else 1
        return op, sign * self.number(what)

    def parse(self) -> Expression:
        if not self.tokens:
            raise DiceError("dice_e_empty", 1)
        root = self.sum()
        compare = None
        split = len(self.text)
        if self.is_op(*COMPARE):
            tok = self.take()
            split = tok.column - 1
            compare = (tok.text, self.sum())
        tok = self.peek()
        if tok.kind != "end":
            raise DiceError("dice_e_char", tok.column, char=tok.text)
        left = " ".join(self.text[:split].split())
        right = " ".join(self.text[split:].lstrip(_SPACE + "<>=≥≤").split()) if compare else ""
        return Expression(root, compare, self.text, left, right)

    def sum(self) -> Node:
        node = self.product()
        while self.is_op("+", "-"):
            tok = self.take()
            node = Node(tok.text, tok.column, node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.is_op("*"):
            col = self.take().column
            node = Node("*", col, node, self.unary())
        return node

    def unary(self) -> Node:
        if self.is_op("-", "+"):
            tok = self.take()
            inner = self.unary()
            return Node("neg", tok.column, right=inner) if tok.text == "-" else inner
        return self.primary()

    def primary(self) -> Node:
        tok = self.peek()
        if self.is_op("("):
            self.take()
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise DiceError("dice_e_nesting", tok.column, limit=MAX_NESTING)
            node = self.sum()
            if not self.is_op(")"):
                raise DiceError("dice_e_paren", self.peek().column)
            self.take()
            self.depth -= 1
            return node
        count = None
        if tok.kind == "num":
            self.take()
            count = int(tok.text)
            if not self.is_word("d"):
                return Node("const", tok.column, value=count)
        if self.is_word("d"):
            return Node("dice", tok.column, group=self.group(1 if count is None else count, tok.column))
        raise DiceError("dice_e_operand", tok.column)

    def group(self, count: int, col: int) -> Group:
        self.take()  # the d
        sides = self.take()
        if sides.kind == "op" and sides.text == "%":
            lo, hi = 1, 100
        elif sides.kind == "word" and sides.text == "f":
            lo, hi = -1, 1
        elif sides.kind == "num":
            lo, hi = 1, int(sides.text)
            if not 2 <= hi <= MAX_SIDES:
                raise DiceError("dice_e_sides", sides.column, n=hi, limit=MAX_SIDES)
        else:
            raise DiceError("dice_e_no_sides", sides.column)
        if not 1 <= count <= MAX_DICE:
            raise DiceError("dice_e_count", col, n=count, limit=MAX_DICE)
        reroll: list[tuple[str, int]] = []
        once: bool | None = None
        explode = False
        steps: list[tuple[str, int]] = []
        success = None
        kept = count
        while True:
            tok = self.peek()
            if self.is_op("!") or self.is_word("x"):
                self.take()
                explode = True
            elif self.is_word("r", "ro"):
                self.take()
                if once is not None and once != (tok.text == "ro"):
                    raise DiceError("dice_e_reroll_mix", tok.column)
                once = tok.text == "ro"
                reroll.append(self.condition("dice_e_reroll_what"))
            elif self.is_word("kh", "kl", "dh", "dl", "k", "d"):
                self.take()
                step = {"k": "kh", "d": "dl"}.get(tok.text, tok.text)
                n = self.number("dice_e_keep_what")
                if n > kept:
                    raise DiceError("dice_e_keep_" + step[0], tok.column, n=n, count=kept)
                kept = n if step[0] == "k" else kept - n
                steps.append((step, n))
            elif self.is_word("cs"):
                self.take()
                success = self.condition("dice_e_success_what")
            else:
                break
        die = Die(lo, hi, tuple(reroll), bool(once), explode)
        if reroll and explode:
            raise DiceError("dice_e_reroll_explode", col)
        if reroll and not once and all(die.rerolls(f) for f in range(lo, hi + 1)):
            raise DiceError("dice_e_reroll_all", col)
        return Group(count, die, tuple(steps), success, col)


def parse(text: str) -> Expression:
    """The notation's tree, or DiceError pointing at the column where it stops making sense."""
    return _Parser(text).parse()
