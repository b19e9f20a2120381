"""Contact sheets: every page of every example kit, small, one PNG per kit, to look at all pages at once.

Builds each example config (every installed game's Game.configs) in both languages on both papers, or
reads kit folders you name, and writes one PNG per kit: a row per PDF, its pages side by side at
the same scale (an A5 booklet page is drawn half the size of an A4 sheet, as on the table). With
--grey the pages are drawn as a black-and-white printer prints them, each with its toner (the mean
darkness of the page in grey at 100 dpi, tests/pdfcheck.toner); --greyscale builds the ink-saving kits.

Run: python bench/contact_sheet.py [--out DIR] [--scale 0.3] [--grey] [--greyscale] [KIT_FOLDER ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAP, LABEL, WIDTH = 6, 16, 2400  # pixels: between pages, the height of a row's label, the widest row


def example_configs() -> list[Path]:
    from printkit.examples import configs
    from printkit.game import games

    return [path for g in games() for path in configs(g)]


def build_examples(folder: Path, greyscale: bool = False) -> list[Path]:
    """Every example kit in ru and en, on A4 and Letter, under folder; returns the kit folders."""
    from printkit import Options, build_kit, load_session
    from printkit.config.session import with_overrides

    kits = []
    for config in example_configs():
        for lang in ("ru", "en"):
            for paper in ("a4", "letter"):
                kit = folder / f"{config.stem}-{lang}-{paper}{'-greyscale' if greyscale else ''}"
                start = time.perf_counter()
                build_kit(with_overrides(load_session(config), lang, paper), kit, seed="contact-sheet", force=True,
                          options=Options(greyscale=greyscale))  # fmt: skip
                print(f"built {kit.name:28s} {time.perf_counter() - start:5.1f} s", file=sys.stderr)
                kits.append(kit)
    return kits


def _pages(pdf: Path, scale: float, grey: bool) -> list[Any]:
    import pypdfium2 as pdfium
    from PIL import ImageDraw

    document = pdfium.PdfDocument(str(pdf))
    images = [page.render(scale=scale, grayscale=grey).to_pil().convert("RGB") for page in document]
    document.close()
    if grey:  # each page's toner in its corner, as tests/pdfcheck.py measures it
        sys.path.insert(0, str(ROOT))
        from tests.pdfcheck import _toner

        for image, share in zip(images, _toner(pdf, 100), strict=True):
            colour = (200, 0, 0) if share > 0.15 else (0, 0, 200)  # red: over the ink-saving kit's 15 %
            ImageDraw.Draw(image).text((3, 3), f"{100 * share:.0f} %", fill=colour)
    return images


def contact_sheet(kit: Path, target: Path, scale: float, grey: bool = False) -> int:
    """One PNG of every page of every PDF in kit (in grey with `grey`); returns the number of pages drawn."""
    from PIL import Image, ImageDraw

    pdfs = sorted(kit.glob("*.pdf"))
    rows: list[tuple[str, list[Any]]] = [(pdf.name, _pages(pdf, scale, grey)) for pdf in pdfs]
    # Lay each PDF's pages left to right, wrapping long documents (booklets) onto more lines.
    placed: list[tuple[str, int, list[tuple[Any, int, int]]]] = []
    y = GAP
    for name, images in rows:
        label_y, y = y, y + LABEL
        x, line_h, spots = GAP, 0, []
        for image in images:
            if x + image.width > WIDTH and x > GAP:
                x, y, line_h = GAP, y + line_h + GAP, 0
            spots.append((image, x, y))
            x += image.width + GAP
            line_h = max(line_h, image.height)
        y += line_h + 2 * GAP
        placed.append((name, label_y, spots))
    width = max((x + im.width for _, _, spots in placed for im, x, _ in spots), default=200) + GAP
    sheet = Image.new("RGB", (width, y), (150, 150, 150))
    draw = ImageDraw.Draw(sheet)
    for name, label_y, spots in placed:
        draw.text((GAP, label_y + 2), f"{kit.name} / {name} ({len(spots)} pages)", fill=(0, 0, 0))
        for image, x, top in spots:
            sheet.paste(image, (x, top))
    target.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(target, optimize=True)
    return sum(len(spots) for _, _, spots in placed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kits", nargs="*", type=Path, help="kit folders (default: build every example kit)")
    parser.add_argument("--out", type=Path, default=ROOT / "output" / "contact-sheets")
    parser.add_argument("--scale", type=float, default=0.3, help="pixels per point (0.3 ≈ 22 dpi)")
    parser.add_argument("--grey", action="store_true", help="draw the pages in grey, each with its toner")
    parser.add_argument("--greyscale", action="store_true", help="build the ink-saving kits (build --greyscale)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        kits = args.kits or build_examples(Path(tmp), args.greyscale)
        for kit in kits:
            start = time.perf_counter()
            target = args.out / f"{kit.name}{'-grey' if args.grey else ''}.png"
            pages = contact_sheet(kit, target, args.scale, args.grey)
            print(f"{target}: {pages} pages, {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
