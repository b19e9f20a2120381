"""ReportLab canvas set-up and drawing primitives for fixed-geometry pages (no game rules here)."""

from __future__ import annotations

import re
from typing import IO, Any

from ..errors import RenderError
from ..geometry import paper_size
from . import fonts

Colour = tuple[float, float, float]


def open_canvas(
    target: str | IO[bytes], paper: str, title: str, subject: str, pagesize: tuple[float, float] | None = None
) -> Any:
    """A canvas with our fonts, fixed dates and IDs (invariant), and print-at-100% preference."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register_reportlab()
    # initialFontName keeps ReportLab from adding an un-embedded Helvetica to every PDF.
    c = Canvas(
        target,
        pagesize=pagesize or paper_size(paper),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.SANS,
        initialFontSize=10,
    )
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setViewerPreference("PrintScaling", "None")
    return c


def hex_colour(value: str) -> Colour:
    """ "#B71C1C" -> (r, g, b), each from 0 to 1 as the canvas takes them."""
    value = value.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def luminance(rgb: Colour) -> float:
    """Relative luminance (WCAG): how light a colour prints in greyscale."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG's contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def ink_on(rgb: Colour) -> Colour:
    """Black or white, whichever contrasts more with rgb: never below 4.58:1, above WCAG's 4.5:1
    for text (the two tie on a fill of relative luminance 0.179)."""
    black, white = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
    return black if contrast(rgb, black) >= contrast(rgb, white) else white


def readable(rgb: Colour, on: Colour, ratio: float = 4.5) -> Colour:
    """rgb darkened step by step until text in it reads on `on` at `ratio` (WCAG's 4.5:1 by default)."""
    while contrast(rgb, on) < ratio and max(rgb) > 0.01:
        rgb = (rgb[0] * 0.9, rgb[1] * 0.9, rgb[2] * 0.9)
    return rgb


def tint(rgb: Colour, amount: float) -> Colour:
    """rgb mixed with white; amount 0 = white, 1 = the colour itself."""
    return tuple(1 - amount * (1 - v) for v in rgb)  # type: ignore[return-value]


def fit_size(text: str, font: str, size: float, width: float, min_size: float) -> float:
    """The largest size <= size at which text fits width; RenderError if even min_size is too big."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    natural = stringWidth(text, font, size)
    if natural <= width:
        return size
    fitted = float(size * width / natural)
    if fitted < min_size:
        raise RenderError(f"text does not fit its box even at {min_size:g} pt: {text!r}; shorten it")
    return fitted


def _shortened(text: str, font: str, size: float, width: float) -> str:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    while len(text) > 1 and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_fitted(
    c: Any,
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    width: float,
    align: str = "left",
    min_size: float = 6.0,
    shorten: bool = False,
) -> None:
    """Draw one line of text in a box of `width`, shrinking it to fit rather than clipping.

    Text that would need less than min_size is an error, or with `shorten` (for what users type)
    is cut short with an ellipsis at min_size.
    """
    try:
        used = fit_size(text, font, size, width, min_size)
    except RenderError:
        if not shorten:
            raise
        used, text = min_size, _shortened(text, font, min_size, width)
    c.setFont(font, used)
    if align == "center":
        c.drawCentredString(x + width / 2, y, text)
    elif align == "right":
        c.drawRightString(x + width, y, text)
    else:
        c.drawString(x, y, text)


def stamp_form(c: Any, forms: dict[Any, str], key: Any, draw: Any) -> str:
    """The name of the form drawn for `key` (content that repeats page after page), drawing it with
    draw(c) the first time; stamp it with c.doForm(name)."""
    if key not in forms:
        forms[key] = name = f"form-{len(forms)}"
        c.beginForm(name)
        draw(c)
        c.endForm()
    return str(forms[key])


class TextRuns:
    """Many short texts on one page written as a single text object (ReportLab's beginText).

    Pages that repeat hundreds of small numbers (a stack of secret sheets, a referee key) spend
    most of their time in ReportLab's per-string set-up when each is a drawString: here they share
    one text object, and each distinct text is measured once. Positions are page coordinates (draw
    with the canvas untransformed); align works as in drawString, drawCentredString and
    drawRightString.
    """

    def __init__(self, c: Any) -> None:
        self.c = c
        self._text = c.beginText()
        self._count = 0
        self._font: tuple[str, float] | None = None
        self._widths: dict[tuple[str, float, str], float] = {}
        self._fitted: dict[tuple[str, str, float, float, float], tuple[float, str]] = {}

    def _width(self, text: str, font: str, size: float) -> float:
        key = (font, size, text)
        found = self._widths.get(key)
        if found is None:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            found = self._widths[key] = float(stringWidth(text, font, size))
        return found

    def colour(self, rgb: Colour) -> None:
        self._text.setFillColorRGB(*rgb)

    def text(self, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
        if align == "center":
            x -= self._width(text, font, size) / 2
        elif align == "right":
            x -= self._width(text, font, size)
        if self._font != (font, size):
            self._text.setFont(font, size)
            self._font = (font, size)
        self._text.setTextOrigin(x, y)
        self._text.textOut(text)
        self._count += 1

    def fitted(self, x: float, y: float, text: str, font: str, size: float, width: float, align: str = "left",
               min_size: float = 6.0, shorten: bool = False) -> None:  # fmt: skip
        """Like draw_fitted: shrunk to fit `width`; below min_size a RenderError, or with `shorten`
        the text cut short with an ellipsis at min_size."""
        key = (text, font, size, width, min_size)
        found = self._fitted.get(key)
        if found is None:
            try:
                found = (fit_size(text, font, size, width, min_size), text)
            except RenderError:
                if not shorten:
                    raise
                found = (min_size, _shortened(text, font, min_size, width))
            self._fitted[key] = found
        used, text = found
        start = x + width / 2 if align == "center" else x + width if align == "right" else x
        self.text(start, y, text, font, used, align)

    def draw(self) -> None:
        """Put everything added since the last draw() on the current page."""
        if self._count:
            # Saved and restored: the colours set inside stay inside, where the canvas does not see them.
            self.c.saveState()
            self.c.drawText(self._text)
            self.c.restoreState()
            self._text = self.c.beginText()
            self._count = 0
            self._font = None


def _join(pieces: list[str]) -> str:
    return "".join(p if i == 0 or pieces[i - 1].endswith("-") else " " + p for i, p in enumerate(pieces))


def _split(pieces: list[str], lines: int) -> list[list[str]]:
    """Every way to cut a run of words (and hyphenated halves) into `lines` non-empty lines, in order."""
    if lines == 1:
        return [[_join(pieces)]]
    out = []
    for i in range(1, len(pieces) - lines + 2):
        out += [[_join(pieces[:i]), *rest] for rest in _split(pieces[i:], lines - 1)]
    return out


def fit_lines(text: str, font: str, size: float, width: float, min_size: float = 6.0,
              max_lines: int = 2) -> tuple[list[str], float]:  # fmt: skip
    """Lines and a size for text in a narrow box: one line while it stays at 3/4 of `size`, else
    the split into up to max_lines lines that allows the largest size; RenderError below min_size."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def size_for(lines: list[str]) -> float:
        return float(min(size, *(size * width / max(stringWidth(line, font, size), 1e-6) for line in lines)))

    best = ([text], size_for([text]))
    # Lines break at spaces, or after the hyphen of a compound ("Корабль-" / "призрак").
    words = re.findall(r"\S+?-(?=\S)|\S+", text)
    if best[1] < max(0.75 * size, min_size):
        # The largest size wins; among equals, the most even lines.
        splits = [lines for n in range(2, min(max_lines, len(words)) + 1) for lines in _split(words, n)]
        if splits:
            lines = max(splits, key=lambda ls: (round(size_for(ls), 2), -max(stringWidth(x, font, size) for x in ls)))
            if size_for(lines) > best[1] + 0.01:
                best = (lines, size_for(lines))
    if best[1] < min_size - 1e-6:
        raise RenderError(f"text does not fit its box even at {min_size:g} pt on {max_lines} lines: {text!r}")
    return best


def draw_lines(c: Any, x: float, y: float, text: str, font: str, size: float, width: float, min_size: float = 6.0,
               max_lines: int = 2, leading: float = 1.12, shorten: bool = False) -> None:  # fmt: skip
    """Text centred in a box of `width`, on up to max_lines lines whose block is centred on the
    baseline y (as one line drawn at y would be); `shorten` as for draw_fitted."""
    try:
        lines, used = fit_lines(text, font, size, width, min_size, max_lines)
    except RenderError:
        if not shorten:
            raise
        draw_fitted(c, x, y, text, font, size, width, align="center", min_size=min_size, shorten=True)
        return
    c.setFont(font, used)
    step = used * leading
    top = y + step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        c.drawCentredString(x + width / 2, top - i * step, line)


# A run of styled text: (text, font, size, colour). Lines of runs are what wrap_runs returns.
Run = tuple[str, str, float, Colour]


def wrap_runs(runs: list[Run], width: float) -> list[list[Run]]:
    """Styled text broken into lines no wider than `width`: at spaces (never at a no-break space,
    which holds "strength 5" together), and inside a word that is longer than a whole line (as CSS
    overflow-wrap: anywhere), so nothing is clipped."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[list[Run]] = [[]]
    used = 0.0
    for text, font, size, colour in runs:
        for token in re.findall(r"[^ ]+ *| +", re.sub(r"[^\S\u00a0]+", " ", text)):
            word = token.rstrip()
            if not word:  # a space between runs: kept unless it would start a line
                if lines[-1]:
                    lines[-1].append((token, font, size, colour))
                    used += stringWidth(token, font, size)
                continue
            if used + stringWidth(word, font, size) > width + 1e-6 and lines[-1]:
                lines.append([])
                used = 0.0
            while stringWidth(word, font, size) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and stringWidth(word[:cut], font, size) > width - used:
                    cut -= 1
                lines[-1].append((word[:cut], font, size, colour))
                lines.append([])
                word, token, used = word[cut:], token[cut:], 0.0
            lines[-1].append((token, font, size, colour))
            used += stringWidth(token, font, size)
    return [_merged(line) for line in lines if line]


def _merged(line: list[Run]) -> list[Run]:
    """Neighbouring pieces of one style joined into one run, the line's trailing space dropped."""
    out: list[Run] = []
    for text, font, size, colour in line:
        if out and out[-1][1:] == (font, size, colour):
            text = out.pop()[0] + text
        out.append((text, font, size, colour))
    if out:
        text, font, size, colour = out.pop()
        out.append((text.rstrip(), font, size, colour))
    return out


def runs_width(line: list[Run]) -> float:
    """The width in points of a line of runs, each in its own font and size."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(sum(stringWidth(text, font, size) for text, font, size, _ in line))
