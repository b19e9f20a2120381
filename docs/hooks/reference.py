"""MkDocs hook: the manual's generated parts, written from printkit itself, committed and refreshed."""

# A page asks for a generated part with a marker line; the part itself follows the marker in the
# committed page, up to an end marker, so the pages read whole in the repository too:
#   <!-- printkit:commands -->                 every command's --help, from the click tree
#   <!-- printkit:config -->                   every config key, from `printkit schema config`
#   <!-- printkit:figures -->                  the latest figures bench/ scripts wrote (bench/figures/*.json)
#   <!-- printkit:prints CONFIG LANG -->       what to print for an example config, from each game's
#                                              Printing declarations, in the print guide's own words
#   ...the generated part...
#   <!-- /printkit:NAME -->
# `python docs/hooks/reference.py` rewrites every part in docs/ (`--check` only says which are stale);
# while the site is built the hook writes each part afresh and drops the markers.
# tests/test_docs_site.py imports this file to check each part against printkit and that the
# committed parts are the fresh ones.

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "bench" / "figures"
DOCS = ROOT / "docs"
# A start marker, then (in a committed page) the part and its end marker.
MARKER = re.compile(
    r"^<!-- printkit:(\w+)((?: [^ >]+)*) -->$(?:\n(?:(?!<!-- printkit:).*\n)*?<!-- /printkit:\1 -->$)?",
    re.MULTILINE,
)
REFRESH = "python docs/hooks/reference.py"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


# ---- every command's --help ---------------------------------------------------------------------


def commands() -> str:
    """One section per command of `printkit`, in the order of the command tree, with its --help."""
    import click
    from click.testing import CliRunner

    from printkit.cli import cli

    out: list[str] = []

    def walk(command: click.Command, path: list[str]) -> None:
        result = CliRunner(env={"PRINTKIT_LANG": "en", "COLUMNS": "100"}).invoke(
            cli, [*path, "--help"], prog_name="printkit"
        )
        if result.exit_code != 0:
            raise RuntimeError(f"printkit {' '.join(path)} --help exited {result.exit_code}: {result.output}")
        name = " ".join(["printkit", *path])
        out.extend([f"## `{name}`", "", "```text", result.output.rstrip(), "```", ""])
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for sub in command.list_commands(ctx):
                child = command.get_command(ctx, sub)
                if child is not None and not child.hidden:
                    walk(child, [*path, sub])

    walk(cli, [])
    return "\n".join(out)


# ---- config keys from the JSON Schema -------------------------------------------------------------


def _kind(node: dict[str, Any]) -> str:
    if "enum" in node:
        return ", ".join(f"`{v}`" for v in node["enum"])
    if "anyOf" in node:
        kinds = [_kind(n) for n in node["anyOf"]]
        return " or ".join(dict.fromkeys(kinds))
    kind = node.get("type", "")
    if kind == "array":
        return f"list of {_kind(node.get('items', {}))}".strip()
    if kind == "integer" and ("minimum" in node or "maximum" in node):
        return f"integer {node.get('minimum', '')}–{node.get('maximum', '')}"
    if kind == "string" and "maxLength" in node:
        return f"text up to {node['maxLength']}"
    return str(kind or "any")


def _walk(node: dict[str, Any], path: str, rows: list[tuple[str, str, str]]) -> None:
    if node.get("type") == "array" and isinstance(node.get("items"), dict) and "properties" in node["items"]:
        rows.append((path, "list of objects" + (f", at most {node['maxItems']}" if "maxItems" in node else ""),
                     node.get("description", "")))  # fmt: skip
        _walk(node["items"], path + "[]", rows)
        return
    # An object or something else (`map:` holds the map or names its file): the object's keys are listed.
    shaped = [n for n in node.get("anyOf", ()) if "properties" in n]
    if shaped and "properties" not in node:
        rows.append((path, _kind(node), node.get("description", "")))
        for key, child in shaped[0]["properties"].items():
            _walk(child, f"{path}.{key}" if path else key, rows)
        return
    if "properties" in node:
        if path:
            rows.append((path, "object", node.get("description", "")))
        for key, child in node["properties"].items():
            _walk(child, f"{path}.{key}" if path else key, rows)
        return
    told = node.get("description", "")
    if "default" in node:
        told = f"{told} (default `{json.dumps(node['default'], ensure_ascii=False)}`)".strip()
    rows.append((path, _kind(node), told))


def config_keys() -> list[tuple[str, str, str]]:
    """(key path, kind, what it is) for every key of the session config schema."""
    from printkit.config.jsonschema import config_schema

    rows: list[tuple[str, str, str]] = []
    _walk(config_schema(), "", rows)
    return rows


def config() -> str:
    lines = ["| key | kind | what it is |", "|---|---|---|"]
    lines += [f"| `{k}` | {_cell(kind)} | {_cell(told)} |" for k, kind, told in config_keys()]
    return "\n".join(lines) + "\n"


# ---- what to print for a game evening ----------------------------------------------------------


def prints(config_file: str, lang: str) -> str:
    """The print guide's table for an example config, from the games' Printing declarations."""
    import printkit
    from printkit.examples import FOLDER, find
    from printkit.game import game
    from printkit.labels import label
    from printkit.pipeline.print_guide import KIT_FILES, Row, note_keys

    # "examples/NAME": the example file as `printkit examples` writes it, found in its game's package.
    path = find(config_file.removeprefix(f"{FOLDER}/")) if config_file.startswith(f"{FOLDER}/") else ROOT / config_file
    session = printkit.load_session(path)
    chosen = [a for a in game(session.ruleset.family).artefacts if a.available is None or a.available(session)]
    heads = [label(f"guide_col_{k}", lang) for k in ("file", "for", "copies", "paper", "sides")]
    lines = ["| " + " | ".join(heads) + " |", "|---|---|---|---|---|"]
    declared = [p for a in chosen for p in a.prints] + list(KIT_FILES)
    # As the guide reads them: the first entry for a file applies, where the kit holds its `beside`.
    files = {p.file for p in declared}
    entries = []
    for entry in declared:
        if (entry.beside is None or entry.beside in files) and entry.file not in {e.file for e in entries}:
            entries.append(entry)
    table = []
    for entry in sorted(entries, key=lambda p: (p.copies == 0, 0)):
        copies = entry.copies if isinstance(entry.copies, int) else entry.copies(session)
        sides = entry.sides if isinstance(entry.sides, str) else entry.sides(session)
        table.append(Row(entry.file, entry.purpose, copies, entry.stock, sides))
        purpose = _cell(label(entry.purpose, lang))
        if copies == 0:
            lines.append(f"| `{entry.file}` | {purpose} | {label('guide_not_printed', lang)} | | |")
        else:
            lines.append(f"| `{entry.file}` | {purpose} | {copies} | {label(f'guide_stock_{entry.stock}', lang)} "
                         f"| {label(f'guide_sides_{sides}', lang)} |")  # fmt: skip
    # The guide's own notes under its table, for what this kit holds (flips, card, the duplex test).
    notes = [label(key, lang) for key in note_keys(table)]
    return "\n".join(lines) + "\n\n" + "\n\n".join(f"*{note}*" for note in notes) + "\n"


# ---- the latest figures -----------------------------------------------------------------------


def figures() -> str:
    """Each bench/figures/*.json as a section: what was measured, on which machine, and the table."""
    out: list[str] = []
    for path in sorted(FIGURES.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        out += [f"## {data['title']}", ""]
        out += [f"Measured by `{data['script']}`: {data['measured']}. Machine: {data['machine']}; "
                f"load average {data['load']}.", ""]  # fmt: skip
        out.append("| " + " | ".join(data["columns"]) + " |")
        out.append("|" + "|".join(["---"] + ["---:"] * (len(data["columns"]) - 1)) + "|")
        out += ["| " + " | ".join(_cell(str(c)) for c in row) + " |" for row in data["rows"]]
        out.append("")
        out += [*data.get("notes", []), ""] if data.get("notes") else []
    return "\n".join(out)


PARTS = {"commands": commands, "config": config, "figures": figures, "prints": prints}


def _part(found: re.Match[str]) -> str:
    """The generated part a marker asks for, ending in one newline."""
    return PARTS[found.group(1)](*found.group(2).split()).rstrip("\n") + "\n"


def refresh(markdown: str) -> str:
    """The page as committed: each marker followed by its part, fresh, and its end marker."""

    def one(found: re.Match[str]) -> str:
        start = f"<!-- printkit:{found.group(1)}{found.group(2)} -->"
        return f"{start}\n{_part(found)}<!-- /printkit:{found.group(1)} -->"

    return MARKER.sub(one, markdown)


def expand(markdown: str) -> str:
    """The page as the site shows it: each marker and its committed part replaced by the part, fresh."""
    return MARKER.sub(lambda found: _part(found).rstrip("\n"), markdown)


def on_page_markdown(markdown: str, **_: Any) -> str:
    return expand(markdown)


def pages() -> list[Path]:
    """Every page of the manual that asks for a generated part."""
    return [p for p in sorted(DOCS.rglob("*.md")) if MARKER.search(p.read_text("utf-8"))]


def main(argv: list[str]) -> int:
    """Rewrite the stale pages (or, with --check, only name them); 1 if --check found one."""
    check = "--check" in argv
    stale = []
    for path in pages():
        text = path.read_text("utf-8")
        fresh = refresh(text)
        if fresh != text:
            stale.append(path.relative_to(ROOT).as_posix())
            if not check:
                path.write_text(fresh, "utf-8")
    for name in stale:
        print(f"{name}: {'stale' if check else 'refreshed'}")
    if check and stale:
        print(f"refresh them with `{REFRESH}`")
    return 1 if check and stale else 0


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
