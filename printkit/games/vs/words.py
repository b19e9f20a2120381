"""What the VS referee says: refusals that name their reason in the asker's language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from printkit.plugin import Refused


class Refusal(Refused):
    """A question the VS referee will not answer as asked; the message is a label, so the command
    line can say it in Russian or English (the library's own message is English)."""


def listed(things: Iterable[tuple[str, Mapping[str, str]]]) -> dict[str, str]:
    """A refusal's list of what may be named, in each language: the ids in English (what the command
    line shows in its examples), the names in Russian, so a Russian refusal speaks Russian."""
    pairs = list(things)
    return {"en": ", ".join(i for i, _ in pairs), "ru": ", ".join(n["ru"].lower() for _, n in pairs)}


def hint(word: str, things: Iterable[tuple[str, Mapping[str, str]]], *forms: tuple[str, Mapping[str, str]]) -> str:
    """ " (did you mean …?)" naming the closest thing in the asker's language, whichever of its id or
    names came closest; `forms`: more words that name one of the things (mine-1 for copper)."""
    from printkit.plugin import did_you_mean

    said: dict[str, Mapping[str, str]] = {}
    for ident, name in things:
        for form in (ident, *name.values()):
            said.setdefault(form, {"en": form, "ru": name["ru"]})  # English keeps the word matched
    return did_you_mean(word, list(said), said)
