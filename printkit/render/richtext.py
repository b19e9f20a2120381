"""The rules markup's HTML (paragraphs, lists, emphasis) as blocks of styled runs for canvas pages."""

# sheets/markup.py turns a text into a small, fixed set of HTML tags, escaping everything else. A
# page drawn on the canvas reads that same HTML back, so a text prints the same words, emphasis and
# list numbers whichever engine lays it out.

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

from . import fonts
from .canvas import Colour, Run

# (bold, italic, code) -> font
_FACES = {
    (False, False, False): fonts.SANS,
    (True, False, False): fonts.SANS_BOLD,
    (False, True, False): fonts.SANS_ITALIC,
    (True, True, False): fonts.SANS_BOLD_ITALIC,
    (False, False, True): fonts.NARROW,
    (True, False, True): fonts.NARROW_BOLD,
    (False, True, True): fonts.NARROW,
    (True, True, True): fonts.NARROW_BOLD,
}


@dataclass
class Block:
    """A paragraph (kind "p" or "note": one item) or a list ("ul", "ol": one item per entry, the
    numbered ones from `start`)."""

    kind: str
    items: list[list[Run]] = field(default_factory=list)
    start: int = 1


class _Reader(HTMLParser):
    def __init__(self, size: float, colour: Colour) -> None:
        super().__init__(convert_charrefs=True)
        self.size, self.colour = size, colour
        self.blocks: list[Block] = []
        self.bold = self.italic = self.code = 0
        self.open: list[Run] | None = None  # the paragraph or list entry being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "p":
            self.blocks.append(Block("note" if found.get("class") == "note" else "p", [[]]))
            self.open = self.blocks[-1].items[-1]
        elif tag in ("ul", "ol"):
            start = found.get("start")
            self.blocks.append(Block(tag, [], int(start) if start and start.isdigit() else 1))
        elif tag == "li" and self.blocks:
            self.blocks[-1].items.append([])
            self.open = self.blocks[-1].items[-1]
        elif tag in ("strong", "b"):
            self.bold += 1
        elif tag in ("em", "i"):
            self.italic += 1
        elif tag == "code":
            self.code += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "li"):
            self.open = None
        elif tag in ("strong", "b"):
            self.bold -= 1
        elif tag in ("em", "i"):
            self.italic -= 1
        elif tag == "code":
            self.code -= 1

    def handle_data(self, data: str) -> None:
        if self.open is None:
            if not data.strip():
                return  # the line breaks between blocks
            self.blocks.append(Block("p", [[]]))  # text outside any block: a paragraph of its own
            self.open = self.blocks[-1].items[-1]
        face = _FACES[(self.bold > 0, self.italic > 0, self.code > 0)]
        self.open.append((data, face, self.size, self.colour))


def blocks(html: str, size: float, colour: Colour) -> list[Block]:
    """The blocks of a text as sheets.markup.to_html writes it, in `size` pt and `colour`."""
    reader = _Reader(size, colour)
    reader.feed(html)
    reader.close()
    return [b for b in reader.blocks if any(any(r[0].strip() for r in item) for item in b.items)]
