"""The markup of rules texts: paragraphs, lists, emphasis, notes, cross-references and data tables."""

# Every character of the source is escaped first; only these constructs become HTML, so a rules
# text (or an adventure from a config) can never inject markup, scripts or URLs:
#     **bold**  *italic*  `file.pdf`  [[section-id]]  - bullet  1. numbered  > note  {{table:name}}

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from markupsafe import Markup, escape

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_XREF = re.compile(r"\[\[([a-z0-9][a-z0-9-]*)\]\]")
_TABLE = re.compile(r"\{\{table:([a-z0-9.:_-]+)\}\}")
_BULLET = re.compile(r"^[-•]\s+(.*)$")
_NUMBERED = re.compile(r"^(\d+)[.)]\s+(.*)$")

TableRenderer = Callable[[str], Markup]


class MarkupError(ValueError):
    """A rules text refers to something that does not exist (a table, a section)."""


def inline(text: str, titles: Mapping[str, str]) -> Markup:
    """One line of text: escape, then file names, emphasis and cross-references."""
    out = str(escape(text))
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC.sub(r"<em>\1</em>", out)

    def xref(match: re.Match[str]) -> str:
        target = match.group(1)
        if target not in titles:
            raise MarkupError(f"cross-reference to unknown section {target!r}")
        return f'<a class="xref" href="#{target}">{escape(titles[target])}</a>'

    return Markup(_XREF.sub(xref, out))


def to_html(text: str, titles: Mapping[str, str], table: TableRenderer) -> Markup:
    """A whole section: blocks separated by blank lines."""
    parts: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.strip().splitlines() if line.strip()]
        if not lines:
            continue
        whole = " ".join(lines)
        if len(lines) == 1 and (m := _TABLE.fullmatch(lines[0])):
            parts.append(table(m.group(1)))
        elif all(_BULLET.match(line) for line in lines):
            items = "".join(f"<li>{inline(_BULLET.match(line).group(1), titles)}</li>" for line in lines)  # type: ignore[union-attr]
            parts.append(f"<ul>{items}</ul>")
        elif all(_NUMBERED.match(line) for line in lines):
            numbers = [_NUMBERED.match(line) for line in lines]
            items = "".join(f"<li>{inline(m.group(2), titles)}</li>" for m in numbers if m)
            # A list the text resumes after a table or a paragraph goes on with its own numbers
            # (WeasyPrint reads the counter, not the start attribute, unless asked for HTML hints).
            first = int(numbers[0].group(1)) if numbers[0] else 1
            resume = f' start="{first}" style="counter-reset: list-item {first - 1}"' if first != 1 else ""
            parts.append(f"<ol{resume}>{items}</ol>")
        elif lines[0].startswith(">"):
            body = " ".join(line.lstrip("> ").strip() for line in lines)
            parts.append(f'<p class="note">{inline(body, titles)}</p>')
        else:
            parts.append(f"<p>{inline(whole, titles)}</p>")
    return Markup("\n".join(parts))


def references(text: str) -> list[str]:
    """Ids a text cross-references, for checking a booklet before rendering it."""
    return _XREF.findall(text)


def tables(text: str) -> list[str]:
    """Data tables a text asks for."""
    return _TABLE.findall(text)
