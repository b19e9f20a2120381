"""Figures for issue 3: hero sheets and the quick reference (target: under 3 s together).

Times `printkit build --only hero-sheets,quickref` as a user runs it (interpreter, imports and
WeasyPrint included), then each document in-process after WeasyPrint is loaded.
Run: python bench/hero_quickref.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "examples" / "strategiya-heroes.yaml"


def main() -> None:
    runs = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "printkit", "build", str(CONFIG), "--only", "hero-sheets,quickref", "--out",
                 f"{tmp}/kit"],
                check=True, capture_output=True,
            )  # fmt: skip
            runs.append(time.perf_counter() - start)
    print(
        f"printkit build --only hero-sheets,quickref (whole command): {statistics.median(runs):.2f} s  (target < 3 s)"
    )

    start = time.perf_counter()
    import weasyprint  # noqa: F401

    print(f"  import weasyprint:  {time.perf_counter() - start:.2f} s")
    from printkit.config.session import load_session
    from printkit.games.strategiya.hero_sheets import write_hero_sheets
    from printkit.sheets.quickref import write_quickref

    session = load_session(CONFIG)
    with tempfile.TemporaryDirectory() as tmp:
        for name, write in (("hero-sheets.pdf", write_hero_sheets), ("quickref.pdf", write_quickref)):
            times = []
            for _ in range(3):
                start = time.perf_counter()
                write(session, Path(tmp) / name)
                times.append(time.perf_counter() - start)
            print(f"  {name:16s} {statistics.median(times):.2f} s  ({(Path(tmp) / name).stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
