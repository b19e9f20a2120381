"""The wheel carries templates, fonts, rulesets and labels, so an installed printkit works anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from .conftest import ROOT


def test_wheel_contains_assets(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("printkit-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in (
        "printkit/templates/base.html.j2",
        "printkit/templates/print.css",
        "printkit/fonts/PTSans-Regular.ttf",
        "printkit/fonts/LICENSE-ParaType.txt",
        "printkit/games/strategiya/strategiya.yaml",
        "printkit/labels.yaml",
        "printkit/cli/__init__.py",
        "printkit/py.typed",
        *(f"printkit/games/{g}/labels.yaml" for g in ("strategiya", "vs", "stratego", "tannhauser")),
        "printkit/games/vs/vs-2025-text.yaml",
    ):
        assert required in names
    assert not any(n.startswith(("tests/", "output/", "examples/")) for n in names)
