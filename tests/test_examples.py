"""Every example config a user may copy validates and builds end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from .conftest import EXAMPLES, run

# Map and path-graph files are not session configs: tests/test_maps.py, test_vs_movement.py and
# test_board_moves.py use them.
DATA_FILES = {"map.yaml", "vs-map.yaml", "tannhauser-paths.yaml"}
CONFIGS = sorted(p for p in EXAMPLES.glob("*.yaml") if p.name not in DATA_FILES)


def test_there_are_examples() -> None:
    assert [p.name for p in CONFIGS] == [
        "strategiya-heroes.yaml", "strategiya.yaml", "stratego.yaml", "tannhauser.yaml", "vs-2003.yaml", "vs-2025.yaml",
    ]  # fmt: skip


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_example_builds(config: Path, tmp_path: Path) -> None:
    assert run("validate", config).output == "ok\n"
    result = run("build", config, "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    pdfs = sorted((tmp_path / "kit").glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert len(PdfReader(pdf).pages) >= 1
