"""A question's form, derived from its declared inputs, and the values a filled form stands for."""

# Every control comes from an Input's kind and every value is read by that kind's own `read`, the
# one the command line uses: this module checks nothing itself beyond the page's own limits (a
# field's length, and that a file is one named at start).

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..labels import Refused, RefusedValue
from ..questions import Choice, Decimal, File, Flag, Input, Question, Text, Whole
from . import said
from .served import Served, source

# The longest value a field takes: the evening session's line (printkit.cli.session.LINE_LIMIT).
FIELD_LIMIT = 4096
# A file input's choice of none (a question asked without the config, say).
NONE = "-"
# The most values a page sends for one input: a form has one field per value of a count.
MOST_VALUES = 64
# A game's question with a switch of this name rolls its dice when the switch is on (VS spells,
# mines, uprisings): its page rolls with a button of its own, never a checkbox among the options.
ROLL_SWITCH = "roll"
# The dice the games roll most (D6, 2D6): one tap each on a roll's form; the notation field is for
# anything else.
QUICK_DICE = ("d6", "2d6")


@dataclass(frozen=True)
class Control:
    """One control of a form as a template draws it."""

    name: str
    label: str
    control: str  # number, decimal, select, text, list, checkbox, file, fixed
    values: tuple[str, ...]  # the value of each box (a count of 2: two boxes)
    required: bool = False
    lo: int | float | None = None
    hi: int | float | None = None
    maxlength: int | None = None
    pattern: str | None = None
    options: tuple[tuple[str, str], ...] = ()  # (value, words) of a select
    hint: str = ""  # how to type it (the shape of a text, several values)
    more: bool = False  # folded under "more"
    changed: bool = False  # given a value other than its default (a fold with one stays open)


Form = Mapping[str, Sequence[str]]  # a query's or a body's fields: name -> each value given


def controls(q: Question, served: Served, form: Form, lang: str, words: Mapping[str, str]) -> list[Control]:
    """The form's controls, filled with what the page was given (else each input's default)."""
    out = []
    family = _map_game(q, served, form)
    for i in q.inputs:
        if family is not None and i.games and family not in i.games:
            continue  # another game's movement input: this map's game would refuse it
        if i.name == ROLL_SWITCH and isinstance(i.kind, Flag):
            continue  # the page's roll button
        given = tuple(form.get(i.name, ()))
        if not given and i.name == "edition" and isinstance(i.kind, Choice) and served.edition in i.kind.values:
            given = (served.edition,)  # the config's edition, as the evening's session gives it
        out.append(_control(q, i, served, given, lang, words))
    return out


def _map_game(q: Question, served: Served, form: Form) -> str | None:
    """The game of the map a movement question's form asks about: the one chosen, else the first."""
    for i in q.inputs:
        if isinstance(i.kind, File) and source(i) == "map" and not i.many:
            chosen = (form.get(i.name) or [""])[0]
            path = served.by_name("map", chosen) or next(iter(served.maps), None)
            return served.map_games.get(path) if path is not None else None
    return None


def _control(
    q: Question, i: Input, served: Served, given: tuple[str, ...], lang: str, words: Mapping[str, str]
) -> Control:
    label = said.label(q, i, words, lang)
    # A switch of the rules' readings, a number that rarely moves from its default, or a roll's seed
    # (a replay, not what a roll is asked with) folds under "more".
    folds = isinstance(i.kind, Flag) or (i.default is not None and not isinstance(i.kind, Choice)) or i.name in _MORE
    more = not i.required and folds and i.name not in _FIRST
    default = () if i.default is None or isinstance(i.default, tuple) else (str(i.default),)
    values = given or default
    k = i.kind
    if isinstance(k, File):
        files = served.of(source(i))
        if k.suffixes:  # the files named as this input's usually are first: the one a page picks
            files = tuple(sorted(files, key=lambda p: p.suffix.lower() not in k.suffixes))
        if i.many:  # every key given at start, joined: nothing to choose
            return Control(i.name, label, "fixed", (", ".join(served.short(p) for p in files),))
        options = tuple((served.short(p), served.short(p)) for p in files)
        if not i.required:
            options = ((NONE, "—"), *options)
        first = served.short(files[0]) if files and (i.required or _given_alike(i, served)) else NONE
        return Control(i.name, label, "file", values[:1] or (first,), i.required, options=options)
    if isinstance(k, Flag):
        on = bool(given) and given[0] not in ("", "0")
        return Control(i.name, label, "checkbox", ("1",) if on else (), more=more, changed=on)
    if i.many:
        return Control(i.name, label, "list", (" ".join(values),), i.required, maxlength=FIELD_LIMIT,
                       hint=words["web_several"], more=more)  # fmt: skip
    boxes = tuple(values[n] if n < len(values) else "" for n in range(i.count))
    if more and any(v.strip() for v in given) and given != default:
        return dataclasses.replace(_control(q, i, served, (), lang, words), values=boxes, changed=True)
    if isinstance(k, Whole):
        return Control(i.name, label, "number", boxes, i.required, k.lo, k.hi, more=more)
    if isinstance(k, Decimal):
        return Control(i.name, label, "decimal", boxes, i.required, k.lo, k.hi, more=more)
    if isinstance(k, Choice):
        options = tuple((v, k.name(v, lang)) for v in k.values)
        if not i.required and i.default is None:
            options = (("", "—"), *options)
        return Control(i.name, label, "select", boxes, i.required, options=options, more=more)
    if isinstance(k, Text):
        hint = k.like[lang] if k.like else ""
        return Control(i.name, label, "text", boxes, i.required, maxlength=min(k.max_len, FIELD_LIMIT),
                       pattern=k.pattern, hint=hint, more=more)  # fmt: skip
    return Control(i.name, label, "text", boxes, i.required, maxlength=FIELD_LIMIT, more=more)


# Inputs shown at once though they have a default: what a movement or a pool is mostly asked with.
_FIRST = frozenset({"turns", "cells", "bonus", "penalty", "cash"})
# Inputs folded under "more" though they have no default: a roll's seed, kept there for a replay.
_MORE = frozenset({"seed"})


def read(q: Question, served: Served, form: Form, lenient: bool = False) -> dict[str, Any]:
    """The values a filled form stands for, each read by its input's kind (Refused at the first that
    is not one); `lenient` skips what cannot be read (a page drawn before anything is asked)."""
    values: dict[str, Any] = {}
    for i in q.inputs:
        try:
            value = _value(i, served, [w for w in form.get(i.name, ()) if w.strip()])
            values[i.name] = i.checked(value) if value is not None or i.required else None
        except Refused:
            if not lenient:
                raise
    return {k: v for k, v in values.items() if v is not None and v != ()}


def _value(i: Input, served: Served, given: list[str]) -> Any:
    if len(given) > MOST_VALUES:
        raise RefusedValue("web_too_many", name=dict(i.help), most=MOST_VALUES)
    if len(given) > 1 and i.count == 1 and not i.many:  # a second value would be dropped unread (and unseen)
        raise RefusedValue("web_one_value", name=dict(i.help))
    for text in given:
        if len(text) > FIELD_LIMIT:
            raise RefusedValue("qs_too_long", value=text[:24] + "…", most=FIELD_LIMIT)
    if isinstance(i.kind, File):
        return _file(i, served, given)
    if isinstance(i.kind, Flag):
        return i.kind.read(given[0]) if given else None
    if i.many:
        words = [w for text in given for w in _words(text)]
        return tuple(i.kind.read(w) for w in words) or None
    if i.count > 1:
        return tuple(i.kind.read(w) for w in given) if given else None
    return i.kind.read(given[0]) if given else None


def _file(i: Input, served: Served, given: list[str]) -> Any:
    files = served.of(source(i))
    if i.many:  # the keys, every one given at start
        return files or None
    if not given:  # a link that names no file: what the form offers first (the config, the evening's map)
        return files[0] if files and (i.required or _given_alike(i, served)) else None
    if given[0] == NONE:
        return None
    found: Path | None = served.by_name(source(i), given[0])
    if found is None:
        raise RefusedValue("web_not_offered", value=given[0][:24])
    return found


def _given_alike(i: Input, served: Served) -> bool:
    """Whether a file input takes the table's file unless the form says otherwise, as the terminal's
    session gives it: the config, and the config's own map (the evening's) to every question that
    reads a map; "—" stays a choice on the form."""
    return source(i) == "config" or (source(i) == "map" and served.evening_map is not None)


def _words(text: str) -> list[str]:
    """Several values in one field, split as a terminal splits them ("D F / D" quoted is one value)."""
    try:
        return shlex.split(text)
    except ValueError:
        raise RefusedValue("web_quotes", value=text[:24]) from None
