"""Figures for issue 5: 1000 battle cards (target under 3 s) against a bare ReportLab script.

The bare script places the same 1000 cards (9 per A4 sheet, each followed by a page of backs),
drawing each face once as a form and stamping it, with the same fonts: the ratio shows what
printkit's layers cost. Run: python bench/cards.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from timing import timed, wall

ROOT = Path(__file__).resolve().parent.parent

CONFIG = """game: vs-2025
players:
  - name: A
  - name: B
cards:
  players: [A]
  per_player: {attack: 167, fire: 167, defend: 167, attack+: 167, fire+: 166, defend+: 166}
"""

BARE = r"""
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
mm = 72 / 25.4
pdfmetrics.registerFont(TTFont("B", sys.argv[2] + "/PTSans-Bold.ttf"))
c = Canvas(sys.argv[1], initialFontName="B", invariant=1)
w, h, b = 63 * mm, 88 * mm, 3 * mm
for i, name in enumerate(["Атака", "Обстрел", "Защита", "Атака +", "Обстрел +", "Защита +", "back"]):
    c.beginForm(f"f{i}", -b, -b, w + b, h + b)
    c.setFillColorRGB(0.9, 0.8, 0.8); c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    c.setFillColorRGB(0.8, 0.1, 0.1); c.rect(3 * mm, h - 18 * mm, w - 6 * mm, 15 * mm, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1); c.setFont("B", 14); c.drawCentredString(w / 2, h - 12 * mm, name)
    c.setFillColorRGB(0.8, 0.1, 0.1); c.circle(w / 2, h / 2, 15 * mm, stroke=0, fill=1)
    c.endForm()
x0, y0 = (595.28 - 3 * w) / 2, (841.89 - 3 * h) / 2
for sheet in range(0, 1000, 9):
    for back in (False, True):
        for k in range(min(9, 1000 - sheet)):
            col, row = k % 3, k // 3
            x = x0 + (2 - col if back else col) * w
            y = y0 + (2 - row) * h
            c.saveState(); p = c.beginPath(); p.rect(x, y, w, h); c.clipPath(p, stroke=0, fill=0)
            c.translate(x, y); c.doForm("f6" if back else f"f{(sheet + k) % 6}"); c.restoreState()
        for xx in (x0, x0 + w, x0 + 2 * w, x0 + 3 * w):
            c.line(xx, y0 - 4 * mm, xx, y0 - 9 * mm); c.line(xx, y0 + 3 * h + 4 * mm, xx, y0 + 3 * h + 9 * mm)
        c.showPage()
c.save()
"""


def main() -> None:
    ours, bare = [], []
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "cards.yaml")
        config.write_text(CONFIG, encoding="utf-8")
        for i in range(3):
            ours.append(wall([sys.executable, "-m", "printkit", "build", str(config), "--only", "battle-cards",
                              "--out", f"{tmp}/kit{i}"]))  # fmt: skip
            bare.append(wall([sys.executable, "-c", "import sys\n" + BARE, f"{tmp}/bare{i}.pdf", str(ROOT / "fonts")]))
        pages = len(__import__("pypdf").PdfReader(f"{tmp}/kit0/battle-cards.pdf").pages)
    o, b = statistics.median(ours), statistics.median(bare)
    print(f"1000 cards ({pages} pages, fronts and backs)")
    print(f"printkit build --only battle-cards: {o:5.2f} s  (target < 3 s, median of 3)")
    print(f"bare ReportLab, same placements:    {b:5.2f} s")
    print(f"ratio, whole commands:              {o / b:5.2f}  (target <= 1.5)")
    # In-process, after imports: what the drawing itself costs on each side.
    from printkit.config.session import load_session
    from printkit.games.vs.cards import write_cards

    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "cards.yaml")
        config.write_text(CONFIG, encoding="utf-8")
        session = load_session(config)
        write_cards(session, f"{tmp}/warm.pdf")
        draw_ours = statistics.median(timed(lambda: write_cards(session, f"{tmp}/c.pdf")) for _ in range(5))
        code = compile(BARE, "bare", "exec")
        draw_bare = statistics.median(
            timed(lambda: exec(code, {"sys": _Argv(f"{tmp}/b.pdf", str(ROOT / "fonts"))})) for _ in range(5)
        )
    print(f"drawing only, in-process:           {draw_ours:5.2f} s vs {draw_bare:5.2f} s  "
          f"(ratio {draw_ours / draw_bare:4.2f})")  # fmt: skip


class _Argv:
    """Stands in for sys inside the bare script when it runs in-process."""

    def __init__(self, *args: str) -> None:
        self.argv = ["bare", *args]


if __name__ == "__main__":
    main()
