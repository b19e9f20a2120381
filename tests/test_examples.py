"""Every example config a user may copy validates and builds end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from .conftest import CONFIGS, ExampleKits, run


def test_there_are_examples() -> None:
    assert [p.name for p in CONFIGS] == [
        "strategiya-heroes.yaml", "strategiya.yaml", "stratego.yaml", "tannhauser.yaml", "vs-2003.yaml", "vs-2025.yaml",
    ]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_example_builds(config: Path, kits: ExampleKits) -> None:
    # The kits in every language and paper first (the layout checks read them all): validate lays
    # out its forms in each, and finds them in the run's artefact cache instead of drawing them again.
    for lang in ("ru", "en"):
        for paper in ("a4", "letter"):
            kits(config.stem, lang, paper)
    assert run("validate", config).output == "ok\n"
    pdfs = sorted(kits(config.stem).glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert len(PdfReader(pdf).pages) >= 1
