"""The conformance checks of what a game declares: references that resolve, words in both languages, the schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..game import Game, load_module, resolve
from ..labels import LANGUAGES, Phrase, known, label
from ..questions import Input, declared
from .declared import questions


def references(g: Game, jobs: int | None = None) -> list[Phrase]:
    """Every "module:attribute" the game names leads to a function, every question to a declaration
    whose completers resolve, and every module it names imports: a typo is found here, not at the table."""
    out: list[Phrase] = []

    def resolves(target: str, callable_: bool = True) -> Any:
        try:
            found = resolve(target)
        except Exception as error:  # a plug-in's module may fail in any way as it is imported
            out.append(Phrase("ts_reference", error=str(error)))
            return None
        if callable_ and not callable(found):
            out.append(Phrase("ts_not_callable", target=target))
        return found

    targets = [r for a in g.artefacts for r in (a.builder, a.preflight, a.finish) if r]
    if g.maps is not None:
        targets += [r for r in (g.maps.check, g.maps.overlay, g.maps.cell_mm, g.maps.random) if r]
    targets += [r for r in (g.tables, g.booklet_chapters, g.pictures) if r]
    for target in targets:
        resolves(target)
    for group in g.questions.values():
        for target in group.values():
            found = resolves(target)
            if found is None:
                continue
            try:
                inputs = declared(found).inputs
            except Exception:
                out.append(Phrase("ts_no_question", target=target))
                continue
            for i in inputs:
                if i.complete is not None:
                    resolves(i.complete)
    for module in (g.schema, g.api, g.movement):
        if module is not None:
            try:
                load_module(module)
            except Exception as error:
                out.append(Phrase("ts_reference", error=str(error)))
    if g.movement is not None and not out:
        moves = load_module(g.movement)
        for name in ("INPUTS", "EXAMPLES", "reach_answer", "route_answer", "marks"):
            if not getattr(moves, name, None):
                out.append(Phrase("ts_movement_lacks", module=g.movement, name=name))
    return out


def _said(key: str) -> list[str]:
    """The languages a label lacks (or is empty in)."""
    if not known(key):
        return list(LANGUAGES)
    lacking = []
    for lang in LANGUAGES:
        try:
            text = label(key, lang)
        except (KeyError, IndexError, ValueError):  # no text in lang, or a broken {placeholder}
            lacking.append(lang)
            continue
        if not str(text).strip():
            lacking.append(lang)
    return lacking


def _raw_lacks(entry: Any) -> list[str]:
    if not isinstance(entry, dict):
        return list(LANGUAGES)
    return [lang for lang in LANGUAGES if not isinstance(entry.get(lang), str) or not entry[lang].strip()]


def labels(g: Game, jobs: int | None = None) -> list[Phrase]:
    """Every label of the game's labels.yaml has Russian and English, and so does every label it
    names: each file's purpose in the print guide, its commands' help, its maps' legend."""
    import yaml

    out: list[Phrase] = []
    path = g.folder / "labels.yaml"
    if g.labels:
        try:
            data = yaml.safe_load(path.read_text("utf-8")) or {}
        except (OSError, yaml.YAMLError) as error:
            return [Phrase("ts_labels_unreadable", file=str(path), error=str(error))]
        if not isinstance(data, dict):
            return [Phrase("ts_labels_unreadable", file=str(path), error="not a mapping of keys")]
        for key, entry in data.items():
            for lang in _raw_lacks(entry):
                out.append(Phrase("ts_label_lacks", entry=str(key), language=lang))
    named: list[str] = [p.purpose for a in g.artefacts for p in a.prints]
    for name in [cut.name for cut in g.shortcuts] + [group for group in g.questions if group != "referee"]:
        key = name.replace("-", "_")
        named += [f"h_{key}", f"h_{key}_ex"]
    if g.maps is not None:
        named += [o.label for o in g.maps.objects]
    for key in dict.fromkeys(named):
        for lang in _said(key):
            out.append(Phrase("ts_label_lacks", entry=key, language=lang))
    return out


def _helped(i: Input, where: str) -> list[Phrase]:
    lacking = [lang for lang in LANGUAGES if not str(i.help.get(lang, "")).strip()]
    return [Phrase("ts_help_lacks", what=where, language=lang) for lang in lacking]


def declarations(g: Game, jobs: int | None = None) -> list[Phrase]:
    """Every question says its summary, its longer help and each input's help in Russian and English
    and gives at least one example; every build option and movement input says its help in both."""
    out: list[Phrase] = []
    for asked in questions(g):
        q, name = asked.question, asked.name
        if not asked.shared:
            for lang in LANGUAGES:
                if not str(q.summary.get(lang, "")).strip():
                    out.append(Phrase("ts_summary_lacks", name=name, language=lang))
                if lang not in q.about:
                    out.append(Phrase("ts_about_lacks", name=name, language=lang))
            if {lang for lang in LANGUAGES if str(q.about.get(lang, "")).strip()} not in (set(), set(LANGUAGES)):
                out.append(Phrase("ts_about_one_language", name=name))
            for i in q.inputs:
                out += _helped(i, f"{name} {i.flag or i.name.upper()}")
        if not asked.examples:
            out.append(Phrase("ts_no_examples", name=name))
        out += [Phrase("ts_example_not_printkit", name=name, line=e) for e in asked.examples if not _printkit(e)]
    for option in g.build_options:
        out += _helped(option, f"build {option.flag or option.name}")
    if g.movement is not None:
        for i in getattr(load_module(g.movement), "INPUTS", ()):
            out += _helped(i, f"reach/route {i.flag or i.name.upper()}")
    out += [Phrase("ts_example_not_printkit", name="build", line=e) for e in g.examples if not _printkit(e)]
    return out


def _printkit(line: str) -> bool:
    """Whether an example is a printkit command line (VAR=value before it allowed)."""
    words = [w for w in line.split() if not ("=" in w and w.split("=")[0].isupper())]
    return words[:1] == ["printkit"]


def schema(g: Game, jobs: int | None = None) -> list[Phrase]:
    """`printkit schema` holds every config key the game declares, each with a description for an
    editor to show, and `printkit schema ruleset` the form of the game's rulesets."""
    from ..config.jsonschema import config_schema, ruleset_schema

    out: list[Phrase] = []
    config = config_schema()
    properties = config.get("properties", {})
    players = properties.get("players", {}).get("items", {}).get("properties", {})
    module = g.schema_module()
    for where, fields, found in (
        ("", getattr(module, "SESSION_FIELDS", {}), properties),
        ("players[].", getattr(module, "PLAYER_FIELDS", {}), players),
    ):
        for key in fields:
            if key not in found:
                out.append(Phrase("ts_schema_lacks", entry=where + key))
            elif not str(found[key].get("description", "")).strip():
                out.append(Phrase("ts_schema_undescribed", entry=where + key))
    if g.rulesets and not any(alt.get("title") == g.family for alt in ruleset_schema().get("anyOf", [])):
        out.append(Phrase("ts_schema_lacks_game", family=g.family))
    return out


def source_files(g: Game) -> tuple[Path, list[Path]]:
    """The folder holding the game's top package, and the game's Python files."""
    depth = len(g.package.split("."))
    return g.folder.parents[depth - 1], sorted(g.folder.rglob("*.py"))
