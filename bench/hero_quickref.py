"""Figures for issue 3: hero sheets and the quick reference (target: under 3 s together).

Times `printkit build --only hero-sheets,quickref --no-cache` as a user runs it the first time
(interpreter, imports and WeasyPrint included), then each document in-process after WeasyPrint is loaded, and the hero
sheets' canvas drawing alone (their figures computed beforehand; target: under 0.15 s a file).
Run: python bench/hero_quickref.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printkit.examples import find

ROOT = Path(__file__).resolve().parent.parent
CONFIG = find("strategiya-heroes.yaml")


def main() -> None:
    runs = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "printkit", "build", str(CONFIG), "--only", "hero-sheets,quickref", "--no-cache",
                 "--out", f"{tmp}/kit"],
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
    from printkit.games.strategiya import quickref
    from printkit.games.strategiya.hero_sheets import blank_session, context, write_hero_sheets, write_pages
    from printkit.sheets.quickref import write_quickref

    session = load_session(CONFIG)
    blank = blank_session(session)
    with tempfile.TemporaryDirectory() as tmp:
        for name, write, what in (
            ("hero-sheets.pdf", write_hero_sheets, session),
            ("hero-sheets-blank.pdf", write_hero_sheets, blank),
            (
                "quickref.pdf",
                lambda s, p: write_quickref(s, "strategiya/quickref.html.j2", quickref.context(s), p),
                session,
            ),
        ):
            times = []
            for _ in range(3):
                start = time.perf_counter()
                write(what, Path(tmp) / name)
                times.append(time.perf_counter() - start)
            print(f"  {name:22s} {statistics.median(times):.3f} s  ({(Path(tmp) / name).stat().st_size // 1024} KiB)")
        for name, what in (("hero-sheets.pdf", session), ("hero-sheets-blank.pdf", blank)):
            ctx, times = context(what), []
            for _ in range(3):
                start = time.perf_counter()
                write_pages(str(Path(tmp) / name), ctx, what.paper)
                times.append(time.perf_counter() - start)
            print(f"  {name:22s} drawing only: {statistics.median(times):.3f} s  (target < 0.15 s)")


if __name__ == "__main__":
    main()
