"""The rules catalogues (docs/rules/<game>.md): their rows, and the tests marked with each rule id."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

CATALOGUES = Path(__file__).resolve().parent.parent / "docs" / "rules"
COLUMNS = ("id", "editions", "where in the rules", "printkit", "status", "tests")
# implemented: the referee computes it; printed: it appears on paper; data: a figure of the ruleset
# both read; left out: deliberately not done (the printkit column says why).
STATUSES = ("implemented", "printed", "data", "left out")
PROVEN = ("implemented", "printed", "data")
_ID = re.compile(r"[a-z0-9]+(\.[a-z0-9-]+)+")


@dataclass(frozen=True)
class Row:
    file: Path
    line: int
    cells: dict[str, str]

    @property
    def id(self) -> str:
        return self.cells["id"].strip("` ")

    @property
    def status(self) -> str:
        return self.cells["status"].strip()


def rows(path: Path) -> list[Row]:
    """The rows of every rules table in a catalogue (tables whose header is COLUMNS)."""
    out: list[Row] = []
    header: list[str] | None = None
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if set(line) <= set("|-: "):
            continue
        if tuple(header) == COLUMNS:
            out.append(Row(path, number, dict(zip(COLUMNS, cells, strict=False))))
    return out


def all_rows() -> list[Row]:
    return [row for path in sorted(CATALOGUES.glob("*.md")) for row in rows(path)]


def write_tests_column(marked: dict[str, list[str]]) -> None:
    """Rewrite each catalogue's tests column from the tests marked with each rule id."""
    for path in sorted(CATALOGUES.glob("*.md")):
        lines = path.read_text("utf-8").splitlines()
        for row in rows(path):
            cells = [row.cells[c] for c in COLUMNS[:-1]]
            tests = "<br>".join(f"`{t}`" for t in sorted(marked.get(row.id, []))) or "—"
            lines[row.line - 1] = "| " + " | ".join([*cells, tests]) + " |"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def marked_tests(items: list[object]) -> dict[str, list[str]]:
    """Rule id -> the node ids of the collected tests marked with it (parametrized cases once)."""
    out: dict[str, list[str]] = {}
    for item in items:
        for mark in item.iter_markers("rule"):  # type: ignore[attr-defined]
            for rule_id in mark.args:
                name = item.nodeid.split("[")[0]  # type: ignore[attr-defined]
                if name not in out.setdefault(rule_id, []):
                    out[rule_id].append(name)
    return out
