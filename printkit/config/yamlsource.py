"""Safe YAML reading that keeps the line of every value, so errors can say FILE:LINE."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import ConfigError, Problem, config_error
from .userfile import MAX_BYTES, read_text

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NUMBER_CHARS",
    "Key",
    "YamlDocument",
    "file_label",
    "format_key",
    "load_yaml",
    "parse_yaml",
    "read_text",
]

# Configs and rulesets nest a handful of levels. libyaml's composer recurses in C, so a file nested
# tens of thousands of levels deep overflows the C stack (a crash, not an exception): the depth is
# counted on the parser's events, which need no recursion, before anything is composed.
MAX_DEPTH = 64

# What YAML 1.1 refuses to read (C0 and C1 controls but tab, newline, CR and NEL; DEL; surrogates;
# U+FFFE and U+FFFF): found here first, so that the message can give the line and column.
_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")

Key = tuple[str | int, ...]


@dataclass
class YamlDocument:
    """Plain Python data from a YAML file plus the line where each value starts."""

    data: Any
    label: str
    lines: dict[Key, int] = field(default_factory=dict)
    folder: Path | None = None

    def line_of(self, key: Key) -> int | None:
        """Line of the value at key, or of its nearest enclosing value that has one."""
        for end in range(len(key), -1, -1):
            line = self.lines.get(tuple(key[:end]))
            if line is not None:
                return line
        return None

    def problem(self, key: Key, message: str) -> Problem:
        return Problem(self.label, self.line_of(key), format_key(key), message)


def format_key(key: Key) -> str:
    """players[1].name style: how users see a place in a config."""
    out = ""
    for part in key:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class _AliasFound(Exception):
    def __init__(self, mark: yaml.Mark) -> None:
        self.mark = mark


# libyaml's parser when PyYAML ships it (every wheel does): several times faster than pure Python.
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc,valid-type]
    """A safe loader with dates and merge keys left as plain text; aliases are refused in _convert."""

    # A title like 2026-11-22 stays text, and "<<" is an ordinary (unknown) key, not a merge.
    yaml_implicit_resolvers = {  # noqa: RUF012 (PyYAML reads this class attribute)
        first: [(tag, rx) for tag, rx in resolvers if not tag.endswith((":timestamp", ":merge", ":value"))]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }


def file_label(path: Path) -> str:
    """How messages name a file printkit found itself (a game's ruleset or rules text): the file
    really read, relative to the current folder where it lies inside it, else in full. A plug-in's
    files lie wherever its package is installed, never under printkit's own folder."""
    found = path.resolve()
    here = Path.cwd().resolve()
    return str(found.relative_to(here)) if found.is_relative_to(here) else str(found)


def load_yaml(path: Path, label: str | None = None) -> YamlDocument:
    """Parse one YAML file safely: no aliases, no custom tags, bounded size and depth."""
    label = label or str(path)
    text = read_text(path, label)
    return parse_yaml(text, label, folder=path.resolve().parent)


def parse_yaml(text: str, label: str, folder: Path | None = None) -> YamlDocument:
    """Parse YAML text; every failure becomes a ConfigError naming label and line."""
    bad = _UNREADABLE.search(text)
    if bad:
        at = bad.start()
        raise config_error(
            label,
            text.count("\n", 0, at) + 1,
            "",
            f"control character U+{ord(bad.group()):04X} at column {at - text.rfind(chr(10), 0, at)} "
            "cannot be read; remove it",
        )
    loader = _Loader(text)
    try:
        _check_depth(text, label)
        node = loader.get_single_node()
        doc = YamlDocument(None, label, folder=folder)
        if node is not None:
            doc.data = _convert(node, (), doc.lines, loader, label, set(), node.start_mark)
        return doc
    except _AliasFound as exc:
        raise config_error(
            label, exc.mark.line + 1, "", "YAML aliases (*name) are not allowed; write the value out in full"
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" (column {mark.column + 1})" if mark else ""
        what = exc.problem or exc.context or "invalid YAML"
        raise config_error(label, mark.line + 1 if mark else None, "", f"YAML syntax: {what}{where}") from None
    except yaml.YAMLError as exc:
        raise config_error(label, None, "", "YAML syntax: " + " ".join(str(exc).split())) from None
    except RecursionError:
        raise config_error(label, None, "", "YAML is nested too deeply") from None
    finally:
        loader.dispose()


def _too_deep(label: str, line: int | None) -> ConfigError:
    return config_error(label, line, "", f"nested more than {MAX_DEPTH} levels deep; a config needs a handful")


def _check_depth(text: str, label: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH, counted on parser events (no recursion, no crash)."""
    loader = _Loader(text)
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _too_deep(label, event.start_mark.line + 1 if event.start_mark else None)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        # libyaml 0.2.5 as PyYAML 6.0.4's wheels bundle it refuses a thousand levels itself, and
        # its scanner reads that far ahead of the events in a flow collection ([[[[...): the same
        # refusal, in printkit's words.
        if "nesting depth" not in str(exc.problem or ""):
            raise
        raise _too_deep(label, exc.problem_mark.line + 1 if exc.problem_mark else None) from None
    finally:
        loader.dispose()


# The longest number a config, ruleset or map may write. No field takes more than a few digits;
# a hex, octal, binary or sexagesimal literal is read without Python's 4300-digit limit and then
# fails wherever it is printed or compared as text, so every integer is bounded here, once, for
# every field of every file read through this module.
MAX_NUMBER_CHARS = 100


def _scalar(node: yaml.ScalarNode, loader: _Loader, label: str, line: int, key: Key) -> Any:
    if node.tag.endswith(":int") and len(node.value) > MAX_NUMBER_CHARS:
        raise config_error(
            label, line, format_key(key),
            f"this number is too long to read ({len(node.value)} characters; at most {MAX_NUMBER_CHARS})",
        )  # fmt: skip
    try:
        return loader.construct_object(node)
    except ValueError:
        # A value the constructor cannot read (a float or a timestamp's odd digits): too long or malformed.
        what = "number" if node.tag.endswith(":int") else "value"
        raise config_error(
            label, line, format_key(key), f"this {what} is too long to read ({len(node.value)} characters)"
        ) from None


_ALLOWED_TAGS = {f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map")}


def _convert(node: yaml.Node, key: Key, lines: dict[Key, int], loader: _Loader, label: str, seen: set[int],
             where: yaml.Mark) -> Any:  # fmt: skip
    # An alias makes the composer reuse a node: meeting a node twice means an alias was used. The
    # graph itself stays small (nodes are shared), so refusing here bounds time and memory.
    if id(node) in seen:
        raise _AliasFound(where)
    seen.add(id(node))
    lines[key] = node.start_mark.line + 1
    if node.tag not in _ALLOWED_TAGS:
        # Dates, binary and every !!python tag: nothing a config needs, and some are dangerous.
        shown = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise config_error(label, lines[key], format_key(key), f"YAML tag {shown!r} is not allowed")
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node, loader, label, lines[key], key)
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(child, (*key, i), lines, loader, label, seen, node.start_mark)
            for i, child in enumerate(node.value)
        ]
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise config_error(label, line, format_key(key), "a key must be a plain name or number")
            name = _scalar(key_node, loader, label, line, key)
            # Map keys are strings in paths, so "forest.1" (a key) never reads like "[1]" (a list index).
            sub = (*key, name if isinstance(name, str) else str(name))
            if name in out:
                raise config_error(label, line, format_key(sub), "key appears twice")
            out[name] = _convert(value_node, sub, lines, loader, label, seen, key_node.start_mark)
            lines[sub] = line
        return out
    raise config_error(label, lines[key], format_key(key), "unsupported YAML node")
