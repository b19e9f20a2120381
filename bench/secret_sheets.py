"""Figures for issue 2: `printkit secret-sheets --games N` against a bare ReportLab script.

The bare script draws the same tables (12 columns of 10 numbers per sheet page, the referee key's
12 blocks of 10 chains over two pages per game) with the same fonts and no printkit code, so the
ratio shows what printkit's own layers cost. Run: python bench/secret_sheets.py [--games 1000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from timing import wall

ROOT = Path(__file__).resolve().parent.parent

BARE = r"""
import random, sys
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
fonts = sys.argv[3]
for name, file in (("R", "PTSans-Regular.ttf"), ("B", "PTSans-Bold.ttf"), ("N", "PTSansNarrow-Regular.ttf")):
    pdfmetrics.registerFont(TTFont(name, f"{fonts}/{file}"))
games, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(1)
for player in (1, 2):
    c = Canvas(f"{out}/bare-{player}.pdf", initialFontName="R", invariant=1)
    for g in range(games):
        c.setFont("B", 16); c.drawString(34, 792, "Стратегия"); c.drawRightString(560, 792, "Секретный лист")
        for section in range(2):
            for col in range(6):
                x, top = 34 + col * 88, 680 - section * 340
                c.setFillColorRGB(0.3, 0.5, 0.3); c.rect(x, top - 18, 86, 18, fill=1, stroke=0)
                c.setFillColorRGB(1, 1, 1); c.setFont("B", 10.5); c.drawCentredString(x + 43, top - 13, "Болото")
                for r, n in enumerate(rng.sample(range(1, 11), 10)):
                    y = top - 18 - (r + 1) * 27
                    c.setFillColorRGB(0.9, 0.95, 0.9); c.rect(x, y, 86, 27, fill=1, stroke=0)
                    c.setFillColorRGB(0, 0, 0); c.setFont("R", 9); c.drawRightString(x + 30, y + 10, str(r + 1))
                    c.line(x + 37, y + 8, x + 37, y + 19)
                    c.setFont("B", 15); c.drawCentredString(x + 60, y + 8, str(n))
        c.showPage()
    c.save()
c = Canvas(f"{out}/bare-key.pdf", initialFontName="R", invariant=1)
for g in range(games):
    for section in range(2):
        c.setFont("B", 16); c.drawString(34, 792, "Ключ ведущего")
        for block in range(6):
            x, top = 34 + (block // 3) * 270, 740 - (block % 3) * 240
            c.setFillColorRGB(0.3, 0.5, 0.3); c.rect(x, top - 16, 260, 16, fill=1, stroke=0)
            for r in range(10):
                y = top - 27 - (r + 1) * 16
                c.setFillColorRGB(0.9, 0.95, 0.9); c.rect(x, y, 260, 16, fill=1, stroke=0)
                c.setFillColorRGB(0, 0, 0); c.setFont("N", 10)
                for i, text in enumerate((str(r + 1), str(rng.randint(1, 10)), str(rng.randint(1, 10)))):
                    c.drawString(x + 3 + i * 34, y + 5, text)
                c.drawString(x + 105, y + 5, "Шкуры животных — 35 дней по 20 $")
        c.showPage()
c.save()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    printkit = [sys.executable, "-m", "printkit"]
    ours, bare = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            ours.append(
                wall(
                    [
                        *printkit,
                        "secret-sheets",
                        "--games",
                        str(args.games),
                        "--seed",
                        "bench-seed-0123456789",
                        "--out",
                        f"{tmp}/kit",
                    ]
                )
            )
            pages = sum(1 for _ in Path(tmp, "kit").glob("*.pdf"))
        with tempfile.TemporaryDirectory() as tmp:
            bare.append(wall([sys.executable, "-c", BARE, str(args.games), tmp, str(ROOT / "fonts")]))
    o, b = statistics.median(ours), statistics.median(bare)
    print(f"games: {args.games}  (sheet pages: {2 * args.games}, key pages: {2 * args.games}, PDFs: {pages})")
    print(f"printkit secret-sheets --games {args.games}: {o:6.2f} s  (median of {args.repeat})")
    print(f"bare ReportLab, same tables:            {b:6.2f} s")
    print(f"ratio printkit / bare:                  {o / b:6.2f}  (target <= 1.5)")


if __name__ == "__main__":
    main()
