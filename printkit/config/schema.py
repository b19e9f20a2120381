"""A small declarative schema for YAML data: checks types, collects every problem with its line."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ConfigError, Problem
from ..labels import Phrase
from ..suggest import did_you_mean, suggest
from .yamlsource import Key, YamlDocument

__all__ = ["INVALID", "Checker", "Field", "Record", "Spec", "describe", "suggest"]


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()


class Checker:
    """Collects problems while specs walk a document."""

    def __init__(self, doc: YamlDocument, own_text: bool = False) -> None:
        self.doc = doc
        # printkit's own files (bundled rulesets and rules texts) are printed in every language, so
        # each of their words must be written out in each one; a user's file may give one language.
        self.own_text = own_text
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def fail(self, key: Key, message: str) -> Any:
        self.problems.append(self.doc.problem(key, message))
        return INVALID

    def warn(self, key: Key, message: str) -> None:
        """Something legal but probably unintended: reported by validate, never fatal."""
        # A warning that can say itself is said whole in the file's language; a plain one stays English.
        said = Phrase("ts_warning", message=message) if isinstance(message, Phrase) else f"warning: {message}"
        self.warnings.append(self.doc.problem(key, said))

    def raise_if_any(self, lang: str | None = None) -> None:
        """Raise the problems found, if any; `lang`: the language of the file, when it names one."""
        if self.problems:
            # In file order, so a user can fix them top to bottom.
            raise ConfigError(sorted(self.problems, key=lambda p: p.line or 0), lang)


def describe(value: Any) -> str:
    """How a wrong value is named in a message: a Phrase, said in the file's language."""
    if value is None:
        return Phrase("cs_got_nothing")
    if isinstance(value, bool):
        return Phrase("cs_got_bool", value=str(value).lower())
    if isinstance(value, int | float):
        return Phrase("cs_got_number", value=value)
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return Phrase("cs_got_text", text=shown)
    if isinstance(value, list):
        return Phrase("cs_list")
    if isinstance(value, dict):
        return Phrase("cs_mapping")
    return type(value).__name__


class Spec:
    """One kind of value. check() returns the converted value or INVALID after recording problems."""

    expects: str = Phrase("cs_value")

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        raise NotImplementedError

    def partial(self, value: Any, key: Key, ck: Checker) -> Any:
        """Like check, but a record or list keeps its good entries (bad ones are INVALID in their
        place), so later checks can still look at them and one run reports every problem."""
        return self.check(value, key, ck)

    def json_schema(self) -> dict[str, Any]:
        """This spec as JSON Schema (draft 2020-12), for editors; the loader's checks stay the judge."""
        return {}

    def wrong(self, value: Any, key: Key, ck: Checker) -> Any:
        return ck.fail(key, Phrase("cs_expected", expects=self.expects, got=describe(value)))


class Text(Spec):
    expects = Phrase("cs_text")

    def __init__(
        self,
        max_len: int = 200,
        multiline: bool = False,
        pattern: str | None = None,
        pattern_hint: str = "",
        printed: bool = True,
    ) -> None:
        self.max_len = max_len
        self.multiline = multiline
        self.printed = printed  # False for names that never reach a page (file names)
        self.pattern = re.compile(pattern) if pattern else None
        self.pattern_hint = pattern_hint

    def json_schema(self) -> dict[str, Any]:
        if self.pattern:
            return {"type": "string", "pattern": f"^(?:{self.pattern.pattern})$", "maxLength": self.max_len}
        # A number where text is expected is taken as text (a title "2026", an age 30).
        return {"anyOf": [{"type": "string", "minLength": 1, "maxLength": self.max_len}, {"type": "number"}]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            return self.wrong(value, key, ck)
        text = str(value).strip()
        if not text:
            return ck.fail(key, Phrase("cs_empty"))
        if len(text) > self.max_len:
            return ck.fail(key, Phrase("cs_too_long", n=len(text), most=self.max_len))
        if not self.multiline and "\n" in text:
            return ck.fail(key, Phrase("cs_one_line"))
        if any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F for c in text):
            return ck.fail(key, Phrase("cs_control"))
        if self.pattern and not self.pattern.fullmatch(text):
            return ck.fail(key, Phrase("cs_pattern", text=text, hint=self.pattern_hint))
        if self.printed:
            from ..render.fonts import unprintable

            missing = unprintable(text)
            if missing:
                shown = ", ".join(f"{c} (U+{ord(c):04X})" for c in missing[:6]) + (", ..." if len(missing) > 6 else "")
                return ck.fail(key, Phrase("cs_fonts", shown=shown))
        return text


class Integer(Spec):
    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi
        self.expects = Phrase("cs_whole")

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return out

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return self.wrong(value, key, ck)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            return ck.fail(key, Phrase("cs_range", value=value, lo=self.lo, hi=self.hi))
        return value


class Number(Spec):
    """A whole or decimal number within bounds."""

    def __init__(self, lo: float, hi: float) -> None:
        self.lo, self.hi = lo, hi
        self.expects = Phrase("cs_number")

    def json_schema(self) -> dict[str, Any]:
        return {"type": "number", "minimum": self.lo, "maximum": self.hi}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return self.wrong(value, key, ck)
        if not self.lo <= value <= self.hi:
            return ck.fail(key, Phrase("cs_range", value=value, lo=f"{self.lo:g}", hi=f"{self.hi:g}"))
        return float(value)


class Boolean(Spec):
    expects = Phrase("cs_bool")

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        return value if isinstance(value, bool) else self.wrong(value, key, ck)


class Choice(Spec):
    def __init__(self, choices: list[str], aliases: Mapping[str, str] | None = None) -> None:
        self.choices = list(choices)
        self.aliases = {k.lower(): v for k, v in (aliases or {}).items()}
        self.expects = Phrase("cs_one_of", choices=", ".join(self.choices))

    def json_schema(self) -> dict[str, Any]:
        return {"enum": [*self.choices, *(a for a in self.aliases if a not in self.choices)]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if not isinstance(value, str):
            return self.wrong(value, key, ck)
        word = value.strip()
        if word in self.choices:
            return word
        if word.lower() in self.aliases:
            return self.aliases[word.lower()]
        return ck.fail(
            key,
            Phrase("cs_not_one_of", word=word, choices=", ".join(self.choices), hint=did_you_mean(word, self.choices)),
        )


class Colour(Text):
    def __init__(self) -> None:
        super().__init__(max_len=7, pattern=r"#[0-9A-Fa-f]{6}", pattern_hint=Phrase("cs_hint_colour"))


class Nullable(Spec):
    def __init__(self, inner: Spec) -> None:
        self.inner = inner
        self.expects = Phrase("cs_or_nothing", what=inner.expects)

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.inner.json_schema(), {"type": "null"}]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        return None if value is None else self.inner.check(value, key, ck)


class Either(Spec):
    """A mapping checked as one spec, or text as another (a map written out, or the file that holds it)."""

    def __init__(self, mapping: Spec, text: Spec) -> None:
        self.mapping, self.text = mapping, text
        self.expects = Phrase("cs_either", a=mapping.expects, b=text.expects)

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.mapping.json_schema(), self.text.json_schema()]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        return (self.text if isinstance(value, str) else self.mapping).check(value, key, ck)

    def partial(self, value: Any, key: Key, ck: Checker) -> Any:
        return (self.text if isinstance(value, str) else self.mapping).partial(value, key, ck)


class ListOf(Spec):
    def __init__(self, item: Spec, min_items: int = 0, max_items: int = 1000) -> None:
        self.item, self.min_items, self.max_items = item, min_items, max_items
        self.expects = Phrase("cs_list")

    def json_schema(self) -> dict[str, Any]:
        out = {"type": "array", "items": self.item.json_schema(), "maxItems": self.max_items}
        return out | ({"minItems": self.min_items} if self.min_items else {})

    def partial(self, value: Any, key: Key, ck: Checker) -> Any:
        if not isinstance(value, list):
            return self.wrong(value, key, ck)
        if len(value) < self.min_items:
            return ck.fail(key, Phrase("cs_too_few", least=self.min_items, n=len(value)))
        if len(value) > self.max_items:
            return ck.fail(key, Phrase("cs_too_many", n=len(value), most=self.max_items))
        return [self.item.check(v, (*key, i), ck) for i, v in enumerate(value)]

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        out = self.partial(value, key, ck)
        return INVALID if out is INVALID or any(v is INVALID for v in out) else out


class MapOf(Spec):
    def __init__(self, keys: Spec, values: Spec, max_items: int = 1000) -> None:
        self.keys, self.values, self.max_items = keys, values, max_items
        self.expects = Phrase("cs_mapping")

    def json_schema(self) -> dict[str, Any]:
        # Keys reach an editor as text; a whole-number key (an adventure number) is digits.
        keys = {"pattern": "^[0-9]+$"} if isinstance(self.keys, Integer) else self.keys.json_schema()
        keys = {k: v for k, v in keys.items() if k in ("pattern", "enum", "maxLength")}
        return {"type": "object", "propertyNames": keys, "additionalProperties": self.values.json_schema(),
                "maxProperties": self.max_items}  # fmt: skip

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if not isinstance(value, dict):
            return self.wrong(value, key, ck)
        if len(value) > self.max_items:
            return ck.fail(key, Phrase("cs_too_many", n=len(value), most=self.max_items))
        out: dict[Any, Any] = {}
        bad = False
        for k, v in value.items():
            sub = (*key, k if isinstance(k, str) else str(k))
            name = self.keys.check(k, sub, ck)
            item = self.values.check(v, sub, ck)
            if name is INVALID or item is INVALID:
                bad = True
            elif name in out:
                bad = ck.fail(sub, Phrase("cs_same_entry")) is INVALID
            else:
                out[name] = item
        return INVALID if bad else out


@dataclass(frozen=True)
class Field:
    spec: Spec
    required: bool = False
    default: Any = None
    doc: str = ""


class Record(Spec):
    """A mapping with known fields; unknown keys are errors, because a typo must not pass silently."""

    expects = Phrase("cs_mapping")

    def __init__(
        self,
        fields: dict[str, Field],
        check: Callable[[dict[str, Any], Key, Checker], None] | None = None,
        elsewhere: Mapping[str, str] | None = None,
    ) -> None:
        self.fields = fields
        self.extra_check = check
        self.elsewhere = dict(elsewhere or {})  # keys that belong to another game: key -> the message

    def json_schema(self) -> dict[str, Any]:
        properties = {}
        for name, f in self.fields.items():
            prop = f.spec.json_schema()
            if f.doc:
                prop = {**prop, "description": f.doc}
            if f.default not in (None, [], {}):
                prop = {**prop, "default": f.default}
            properties[name] = prop
        required = [name for name, f in self.fields.items() if f.required]
        out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
        return out | ({"required": required} if required else {})

    def partial(self, value: Any, key: Key, ck: Checker) -> Any:
        if value is None and not any(f.required for f in self.fields.values()):
            value = {}
        if not isinstance(value, dict):
            return self.wrong(value, key, ck)
        out: dict[str, Any] = {}
        for name in value:
            if name not in self.fields:
                shown = name if isinstance(name, str) else str(name)
                if shown in self.elsewhere:
                    ck.fail((*key, shown), self.elsewhere[shown])
                else:
                    ck.fail((*key, shown), Phrase("cs_unknown_key", hint=did_you_mean(shown, list(self.fields))))
        for name, spec_field in self.fields.items():
            if name in value:
                out[name] = spec_field.spec.check(value[name], (*key, name), ck)
            elif spec_field.required:
                ck.fail(key, Phrase("cs_missing_key", name=name))
                out[name] = INVALID
            else:
                out[name] = spec_field.default
        return out

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        before = len(ck.problems)
        out = self.partial(value, key, ck)
        if out is INVALID or len(ck.problems) > before or any(v is INVALID for v in out.values()):
            return INVALID
        if self.extra_check:
            self.extra_check(out, key, ck)
            if len(ck.problems) > before:
                return INVALID
        return out


# Markup and figures read the same in every language: a text of only these needs no translation.
_NEUTRAL = re.compile(r"\{\{[^}]*\}\}|\[\[[^\]]*\]\]|[^\w]|[\d_]")


def language_neutral(text: str) -> bool:
    """Whether a text has no words once markup ({{table:..}}, [[refs]]), figures and signs are gone."""
    return not _NEUTRAL.sub("", text)


class Localized(Spec):
    """Text in one language for all, or per language: {ru: ..., en: ...}. Returns {lang: text}.

    Where a language is missing, the first language given stands in (`fill`), so a name a user
    typed in one language prints as typed in every language. Rules texts ask for `fill=False`: they
    get only the languages given, and a booklet in a missing language is refused rather than mixed.
    In printkit's own files (`Checker.own_text`) every language must be given, or the text must be
    language-neutral.
    """

    expects = Phrase("cs_localized")

    def __init__(
        self, languages: tuple[str, ...] = ("ru", "en"), max_len: int = 200, multiline: bool = False, fill: bool = True
    ) -> None:
        self.languages = languages
        self.text = Text(max_len=max_len, multiline=multiline)
        self.fill = fill

    def json_schema(self) -> dict[str, Any]:
        text = self.text.json_schema()
        per_language = {"type": "object", "properties": {lang: text for lang in self.languages},
                        "additionalProperties": False, "minProperties": 1}  # fmt: skip
        return {"anyOf": [text, per_language]}

    def check(self, value: Any, key: Key, ck: Checker) -> Any:
        if isinstance(value, dict):
            inner = Record({lang: Field(self.text) for lang in self.languages})
            got = inner.check(value, key, ck)
            if got is INVALID:
                return INVALID
            present = {k: v for k, v in got.items() if v is not None}
            if not present:
                return ck.fail(key, Phrase("cs_one_language"))
            missing = [lang for lang in self.languages if lang not in present]
            neutral = all(language_neutral(t) for t in present.values())
            # A rules text (fill=False) reports its own gaps, by chapter id, where it is used.
            if missing and ck.own_text and self.fill and not neutral:
                return ck.fail(key, f"printkit's own text needs every language: {', '.join(missing)} is missing")
            if not self.fill and not neutral:
                return present
            fallback = present.get(self.languages[0]) or next(iter(present.values()))
            return {lang: present.get(lang, fallback) for lang in self.languages}
        text = self.text.check(value, key, ck)
        if text is INVALID:
            return INVALID
        if ck.own_text and not language_neutral(text):
            langs = ", ".join(f"{lang}: ..." for lang in self.languages)
            return ck.fail(key, f"printkit's own text is written per language: {{{langs}}}, not {text[:30]!r}")
        return {lang: text for lang in self.languages}


# A lowercase id, as used for terrains, items, troops and sections in ruleset files.
IDENT = Text(max_len=40, pattern=r"[a-z][a-z0-9_-]*", pattern_hint="a lowercase id like 'forest'")
