"""Safe YAML reading that keeps the line of every value, so errors can say FILE:LINE."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import Problem, config_error

# A session config or ruleset is a few kilobytes; anything this large is a mistake or an attack.
MAX_BYTES = 2 * 1024 * 1024

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


def read_text(path: Path, label: str) -> str:
    """Read a small UTF-8 text file, with clear errors for missing, huge or non-UTF-8 files."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise config_error(label, None, "", "no such file") from None
    except OSError as exc:
        raise config_error(label, None, "", f"cannot read: {exc.strerror}") from None
    if path.is_dir():
        raise config_error(label, None, "", "is a folder, not a file")
    if size > MAX_BYTES:
        raise config_error(
            label,
            None,
            "",
            f"file is {size / 1_000_000:.1f} MB; printkit reads files up to "
            f"{MAX_BYTES // (1024 * 1024)} MB (is this the right file?)",
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise config_error(label, None, "", f"cannot read: {exc.strerror}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise config_error(
            label, line, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {column}); save the file as UTF-8"
        ) from None


def load_yaml(path: Path, label: str | None = None) -> YamlDocument:
    """Parse one YAML file safely: no aliases, no custom tags, bounded size and depth."""
    label = label or str(path)
    text = read_text(path, label)
    return parse_yaml(text, label, folder=path.resolve().parent)


def parse_yaml(text: str, label: str, folder: Path | None = None) -> YamlDocument:
    """Parse YAML text; every failure becomes a ConfigError naming label and line."""
    loader = _Loader(text)
    try:
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
        raise config_error(label, None, "", f"YAML syntax: {exc}") from None
    except RecursionError:
        raise config_error(label, None, "", "YAML is nested too deeply") from None
    finally:
        loader.dispose()


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
        return loader.construct_object(node)
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
            name = loader.construct_object(key_node)
            # Map keys are strings in paths, so "forest.1" (a key) never reads like "[1]" (a list index).
            sub = (*key, name if isinstance(name, str) else str(name))
            if name in out:
                raise config_error(label, line, format_key(sub), "key appears twice")
            out[name] = _convert(value_node, sub, lines, loader, label, seen, key_node.start_mark)
            lines[sub] = line
        return out
    raise config_error(label, lines[key], format_key(key), "unsupported YAML node")
