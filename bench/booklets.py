"""Figures for issue 4: the three rules booklets (target: under 20 s together on this machine).

Builds each example's booklet with saddle imposition as a user would (one command per game),
then reports the share of each step in-process. Run: python bench/booklets.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printkit.examples import find

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["strategiya", "vs-2025", "vs-2003"]


def main() -> None:
    total = 0.0
    for game in GAMES:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "printkit", "build", str(find(f"{game}.yaml")), "--only",
                 "booklet", "--imposition", "saddle", "--out", f"{tmp}/kit"],
                check=True, capture_output=True,
            )  # fmt: skip
            took = time.perf_counter() - start
            total += took
            pages = len(__import__("pypdf").PdfReader(f"{tmp}/kit/booklet.pdf").pages)
        print(f"{game:11s} booklet + booklet-print: {took:5.2f} s  ({pages} pages)")
    print(f"three booklets, three commands:        {total:5.2f} s  (target < 20 s)")

    from printkit.config.session import load_session
    from printkit.render.html import page_anchors, pdf_bytes, render, render_template
    from printkit.render.impose import impose_saddle
    from printkit.render.tabs import merge
    from printkit.sheets.booklet import context, tab_marks

    start = time.perf_counter()
    import weasyprint  # noqa: F401

    print(f"  import weasyprint: {time.perf_counter() - start:.2f} s")
    for game in GAMES:
        session = load_session(find(f"{game}.yaml"))
        t0 = time.perf_counter()
        ctx = context(session)
        html = render_template("booklet.html.j2", ctx)
        t1 = time.perf_counter()
        document = render(html)
        t2 = time.perf_counter()
        raw = pdf_bytes(document)
        t3 = time.perf_counter()
        data = merge(raw, tab_marks(ctx, page_anchors(document)))
        t4 = time.perf_counter()
        impose_saddle(data, session.paper)
        t5 = time.perf_counter()
        print(f"  {game:11s} template {t1 - t0:4.2f}  layout {t2 - t1:4.2f}  write {t3 - t2:4.2f}  "
              f"tabs {t4 - t3:4.2f}  impose {t5 - t4:4.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
