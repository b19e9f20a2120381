"""The README's and the manual's picture of a kit: page one of the default kit's quick reference."""

# Builds the quick reference of the bundled game (`printkit build --only quickref`), renders its first
# page with PDFium and writes it as a small palette PNG to docs/images/kit-quickref.png.
# Run: python bench/kit_picture.py [--width 900] [--colours 48]

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "images" / "kit-quickref.png"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--width", type=int, default=900, help="pixels across (default 900)")
    parser.add_argument("--colours", type=int, default=48, help="palette size (default 48)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "kit"
        cmd = [sys.executable, "-m", "printkit", "build", "--only", "quickref", "--out", str(kit), "--seed", "picture"]
        subprocess.run(cmd, check=True, capture_output=True)
        pdf = pdfium.PdfDocument(str(kit / "quickref.pdf"))
        page = pdf[0]
        scale = args.width / page.get_width()
        image: Image.Image = page.render(scale=scale).to_pil().convert("RGB")
        pdf.close()
    small = image.quantize(colors=args.colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    small.save(TARGET, optimize=True)
    print(f"{TARGET.relative_to(ROOT)}: {small.width}x{small.height} px, {TARGET.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
