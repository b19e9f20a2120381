"""Forgiving names: words matched despite case, ё and Russian endings, and "did you mean" hints."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import TypeVar

from .cells import latin

T = TypeVar("T")

# Russian case and number endings, longest first, so "горах", "лесу" and "смертельной зоне" meet
# the names "Гора", "Лес" and "Смертельная зона". What is left must keep three letters, so short
# words are not worn down to nothing.
_ENDINGS = (
    "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими",
    "ах", "ях", "ой", "ей", "ою", "ею", "ом", "ем", "ам", "ям", "ая", "яя", "ое", "ее", "ые", "ие", "ов", "ев",
    "ый", "ий", "ую", "юю", "ых", "их", "ым", "им",
    "ы", "и", "у", "ю", "е", "а", "я", "о", "ь", "й",
)  # fmt: skip
_MIN_STEM = 3
_VOWELS = "аеиоуыэюя"


def fold(word: str) -> str:
    """Case and ё/е do not matter; inner spaces count once."""
    return " ".join(word.casefold().replace("ё", "е").split())


def same_looking(a: str, b: str) -> bool:
    """Whether two names read the same on screen: folded, and with the Cyrillic letters that look
    like Latin ones (А, С, Е, ...) taken for them, either way round (a marker «А» typed as A)."""
    return latin(fold(a)).casefold() == latin(fold(b)).casefold()


def stem(word: str) -> str:
    """Each word of a name without its ending: "смертельной зоне" -> "смертельн зон", "forests" -> "forest"."""
    out = []
    for part in fold(word).split():
        if part.isascii():  # English: only the plural s ("mountains")
            out.append(part[:-1] if part.endswith("s") and len(part) > _MIN_STEM else part)
            continue
        for ending in _ENDINGS:
            if part.endswith(ending) and len(part) - len(ending) >= _MIN_STEM:
                part = part[: -len(ending)]
                break
        # The vowel that drops out when an ending comes: замок -> замка, отец -> отца.
        if len(part) > _MIN_STEM and part[-2] in "ое" and part[-1] in "кц" and part[-3] not in _VOWELS:
            part = part[:-2] + part[-1]
        out.append(part)
    return " ".join(out)


def forgiving_match(word: str, names: Iterable[tuple[str, T]], parts: bool = False) -> T | None:
    """What `word` names among (name, thing) pairs: the same name when folded, else the same once
    Russian endings are dropped ("горах" finds "Гора"). None when nothing matches, or when the
    endings make two different things look alike. With `parts` (a name said at the table, not a
    file's value, which stays exact), also part of a name or its words said another way, where that
    can mean one thing only ("туман" and "сонный туман" find «Туман сна»)."""
    pairs = list(names)
    folded = fold(word)
    for name, thing in pairs:
        if fold(name) == folded:
            return thing
    alike = [thing for name, thing in pairs if same_looking(name, word)]
    if alike and all(t == alike[0] for t in alike):  # typed in the other alphabet's look-alike letters
        return alike[0]
    wanted = stem(word)
    found = [thing for name, thing in pairs if stem(name) == wanted]
    if found or not parts:
        return found[0] if found and all(t == found[0] for t in found) else None
    found = [thing for name, thing in pairs if _said_of(wanted, stem(name))]
    return found[0] if found and all(t == found[0] for t in found) else None


_LIKE = 0.55  # how alike two stems must be to be one word said two ways ("сонн", "сна")
_PART = 3  # the least letters of a stem that names a longer word by its beginning ("освоб" for "освобождени")


def _said_of(typed: str, name: str) -> bool:
    """Whether every word typed (stems) is a word of the name (the same, its beginning, or said
    another way: as alike as _LIKE), at least one of them of _PART letters or more the same or its
    beginning."""
    words = name.split()
    if not typed or not words:
        return False

    def one(w: str) -> int:
        """2: a word of the name or its beginning; 1: a short word of it, or one said another way; 0: none."""
        if len(w) >= _PART and any(n.startswith(w) for n in words):  # never a longer, misspelt word ("лесс")
            return 2
        if w in words:
            return 1
        alike = (difflib.SequenceMatcher(None, w, n).ratio() >= _LIKE for n in words if min(len(w), len(n)) >= _PART)
        return 1 if any(alike) else 0

    found = [one(w) for w in typed.split()]
    return min(found) > 0 and max(found) == 2


def closest(word: str, names: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The name a near miss most likely meant ("forrest" -> "forest", "лесс" -> "лес", "elfs" ->
    "elves"), compared without case, ё or Russian endings; None when nothing is close."""
    best, score = None, cutoff
    wanted = (fold(word), stem(word))
    for name in dict.fromkeys(names):
        for a, b in zip(wanted, (fold(name), stem(name)), strict=True):
            ratio = difflib.SequenceMatcher(None, a, b).ratio()
            if ratio > score or (ratio == score and best is None):
                best, score = name, ratio
    return best


def suggest(word: str, choices: list[str]) -> str:
    """' (did you mean 'x'?)' when a close choice exists, else ''."""
    close = closest(word, choices)
    return f" (did you mean {close!r}?)" if close else ""


def did_you_mean(word: str, names: Iterable[str], said: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """ " (did you mean 'forest'?)" for the closest name, as a Phrase that says itself in either
    language (" (может быть, «лес»?)") and knows the word and the name (a page links the name);
    '' when nothing is close. `said`: a name's words in each language, so that the hint names the
    thing in the asker's language whichever of its names came closest."""
    from .labels import Suggestion

    near = closest(word, names)
    return Suggestion(word, near, (said or {}).get(near)) if near else ""
