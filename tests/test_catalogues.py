"""The rules catalogues are well formed, and every rule printkit implements or prints has a test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .catalogue import _ID, CATALOGUES, PROVEN, STATUSES, all_rows
from .conftest import ROOT, WHOLE_SUITE_MARKS


@pytest.fixture(scope="module")
def marked(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Rule id -> marked tests, from a collection of the whole suite: this run's own when it
    collected every test file, else one made apart (whatever this run selected)."""
    if WHOLE_SUITE_MARKS in request.config.stash:
        return request.config.stash[WHOLE_SUITE_MARKS]
    dump = tmp_path_factory.mktemp("marks") / "marks.json"
    subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", f"--dump-rule-marks={dump}",
         str(ROOT / "tests")],
        cwd=ROOT, capture_output=True, check=True,
    )  # fmt: skip
    result: dict[str, list[str]] = json.loads(Path(dump).read_text("utf-8"))
    return result


def test_every_row_is_well_formed() -> None:
    seen: dict[str, str] = {}
    for row in all_rows():
        where = f"{row.file.name}:{row.line}"
        assert _ID.fullmatch(row.id), f"{where}: id {row.id!r}"
        assert row.id.split(".")[0] == row.file.stem, f"{where}: {row.id} belongs in {row.id.split('.')[0]}.md"
        assert row.status in STATUSES, f"{where}: status {row.status!r} is not one of {STATUSES}"
        assert row.cells["where in the rules"] and row.cells["printkit"], f"{where}: say where and what"
        assert row.id not in seen, f"{where}: {row.id} is listed twice (also {seen[row.id]})"
        seen[row.id] = where


def test_every_proven_rule_has_a_marked_test_and_every_mark_a_rule(marked: dict[str, list[str]]) -> None:
    rows = all_rows()
    missing = [f"{r.file.name}:{r.line} {r.id}" for r in rows if r.status in PROVEN and r.id not in marked]
    assert not missing, "rules marked implemented/printed/data with no @pytest.mark.rule test:\n" + "\n".join(missing)
    ids = {r.id for r in rows}
    unknown = sorted(set(marked) - ids)
    assert not unknown, f"tests marked with rule ids no catalogue lists: {unknown}"


def test_the_tests_column_is_up_to_date(marked: dict[str, list[str]]) -> None:
    stale = []
    for row in all_rows():
        listed = sorted(t.strip("` ") for t in row.cells["tests"].split("<br>") if t.strip("` —"))
        if listed != sorted(marked.get(row.id, [])):
            stale.append(f"{row.file.name}:{row.line} {row.id}")
    assert not stale, (
        "the tests column is stale; run `python -m pytest --collect-only -q --write-catalogues`:\n" + "\n".join(stale)
    )


def test_the_catalogues_exist() -> None:
    assert CATALOGUES.is_dir()
