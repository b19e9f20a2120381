"""The bundled fonts: registered once with ReportLab, and as @font-face rules for WeasyPrint."""

from __future__ import annotations

from functools import cache

from ..assets import fonts_dir

# Role -> (ReportLab name, file). Every role has full Cyrillic; see fonts/README.md.
FONTS = {
    "sans": ("PTSans", "PTSans-Regular.ttf"),
    "sans-bold": ("PTSans-Bold", "PTSans-Bold.ttf"),
    "sans-italic": ("PTSans-Italic", "PTSans-Italic.ttf"),
    "narrow": ("PTSansNarrow", "PTSansNarrow-Regular.ttf"),
    "narrow-bold": ("PTSansNarrow-Bold", "PTSansNarrow-Bold.ttf"),
    "serif": ("PTSerif", "PTSerif-Regular.ttf"),
    "serif-bold": ("PTSerif-Bold", "PTSerif-Bold.ttf"),
}

SANS = FONTS["sans"][0]
SANS_BOLD = FONTS["sans-bold"][0]
NARROW = FONTS["narrow"][0]
NARROW_BOLD = FONTS["narrow-bold"][0]


@cache
def register_reportlab() -> None:
    """Register every bundled font with ReportLab (once per process)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in FONTS.values():
        pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / filename)))


def font_face_css() -> str:
    """@font-face rules that point WeasyPrint at the bundled files (served by our URL fetcher)."""
    families = [
        ("PT Sans", "PTSans-Regular.ttf", "normal", "normal"),
        ("PT Sans", "PTSans-Bold.ttf", "bold", "normal"),
        ("PT Sans", "PTSans-Italic.ttf", "normal", "italic"),
        ("PT Sans", "PTSans-BoldItalic.ttf", "bold", "italic"),
        ("PT Sans Narrow", "PTSansNarrow-Regular.ttf", "normal", "normal"),
        ("PT Sans Narrow", "PTSansNarrow-Bold.ttf", "bold", "normal"),
        ("PT Serif", "PTSerif-Regular.ttf", "normal", "normal"),
        ("PT Serif", "PTSerif-Bold.ttf", "bold", "normal"),
        ("PT Serif", "PTSerif-Italic.ttf", "normal", "italic"),
        ("PT Serif", "PTSerif-BoldItalic.ttf", "bold", "italic"),
    ]
    base = fonts_dir().as_uri()
    return "\n".join(
        f'@font-face {{ font-family: "{family}"; src: url("{base}/{file}"); '
        f"font-weight: {weight}; font-style: {style}; }}"
        for family, file, weight, style in families
    )
