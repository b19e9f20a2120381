"""The bundled fonts: registered once with ReportLab, and as @font-face rules for WeasyPrint."""

from __future__ import annotations

from functools import cache

from ..assets import fonts_dir

# Role -> (ReportLab name, file). Every role has full Cyrillic; see fonts/README.md.
FONTS = {
    "sans": ("PTSans", "PTSans-Regular.ttf"),
    "sans-bold": ("PTSans-Bold", "PTSans-Bold.ttf"),
    "sans-italic": ("PTSans-Italic", "PTSans-Italic.ttf"),
    "sans-bold-italic": ("PTSans-BoldItalic", "PTSans-BoldItalic.ttf"),
    "narrow": ("PTSansNarrow", "PTSansNarrow-Regular.ttf"),
    "narrow-bold": ("PTSansNarrow-Bold", "PTSansNarrow-Bold.ttf"),
    "serif": ("PTSerif", "PTSerif-Regular.ttf"),
    "serif-bold": ("PTSerif-Bold", "PTSerif-Bold.ttf"),
}

SANS = FONTS["sans"][0]
SANS_BOLD = FONTS["sans-bold"][0]
SANS_ITALIC = FONTS["sans-italic"][0]
SANS_BOLD_ITALIC = FONTS["sans-bold-italic"][0]
NARROW = FONTS["narrow"][0]
NARROW_BOLD = FONTS["narrow-bold"][0]


@cache
def register_reportlab() -> None:
    """Register every bundled font with ReportLab (once per process)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in FONTS.values():
        pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / filename)))


# Characters every bundled font is known to have (tests/test_fonts_coverage.py checks it): text made
# only of these needs no look-up in the font files.
_SURE = frozenset(range(0x20, 0x7F)) | frozenset(range(0x410, 0x450)) | {0x401, 0x451, 0xA0}


@cache
def printable() -> frozenset[int]:
    """Code points that every bundled font can draw: text outside them would print as nothing."""
    from fontTools.ttLib import TTFont

    files = sorted(fonts_dir().glob("*.ttf"))
    covered: frozenset[int] | None = None
    for path in files:
        with TTFont(str(path), lazy=True) as font:
            cmap = frozenset(font.getBestCmap())
        covered = cmap if covered is None else covered & cmap
    return covered or frozenset()


def unprintable(text: str) -> list[str]:
    """The characters of text that no bundled font has, in order, each once (line breaks are fine).

    Canvas pages would drop them silently and HTML pages would borrow whatever font the machine
    has, so such text is refused before anything prints.
    """
    if all(ord(c) in _SURE or c in "\n\t" for c in text):
        return []
    covered = printable()
    return list(dict.fromkeys(c for c in text if ord(c) not in covered and c not in "\n\t"))


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
