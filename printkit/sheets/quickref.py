"""Quick-reference cards: one sheet per game, rendered from a game's template and the figures it computes."""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO, Any

from ..errors import RenderError
from ..geometry import PAPERS
from ..model import Session
from .tables import Table

MAX_PAGES = 2  # one sheet, front and back
# A card that runs over its sides is laid out on a larger page and scaled down to the paper, by
# the first of these factors that makes it fit: a longer text or the shorter Letter sheet costs a
# few percent of type size, never a lone title on a page of its own. The templates set no type
# below 7.2 pt where they may shrink, so the smallest factor keeps every letter at 6 pt or more.
SCALES = (1.0, 0.96, 0.92, 0.88, 0.84)
# A card that fits with room to spare is laid out on a smaller page and scaled up instead: the
# largest of these that still fits its sides (issue 33: the Stratego card was a third blank at
# 7 pt, the VS card's back half empty). Ascending, at most a quarter larger. Each template marks
# where a side's text ends (ENDS), so that only the sizes its room allows are laid out.
GROW = (1.06, 1.12, 1.18, 1.24)


def table_context(t: Table) -> dict[str, Any]:
    """A data table as the quick-reference templates print it."""
    return {"headers": t.headers, "rows": t.rows, "numeric": t.numeric, "caption": t.caption, "notes": t.notes}


def sides(html: str) -> int:
    """How many sides a card's template designs: the front, and a back where it starts one."""
    return 1 + html.count('class="back"')


def _scaled(pdf: bytes, scale: float) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for page in writer.pages:
        page.scale_by(scale)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


FULL = 0.97  # the share of a side's height its text may reach: the page less its bottom margin
ENDS = ("front-end", "card-end")  # the templates' markers where a side's text ends


def reached(document: Any) -> float:
    """The largest share of its side's height a card's text reaches, from the templates' end
    markers (FULL, so no growth, where a template has none)."""
    found = [page.anchors[name][1] / page.height for page in document.pages for name in ENDS if name in page.anchors]
    return max(found, default=FULL)


def _laid_out(session: Session, template: str, context: dict[str, Any], scale: float) -> tuple[bool, Any, str]:
    """The card laid out on a page `scale` times the paper: whether it keeps to its sides, the
    document and its HTML."""
    from ..render.html import render, render_template

    width, height = PAPERS[session.paper]
    html = render_template(template, {**context, "paper": f"{width / scale:.3f}pt {height / scale:.3f}pt"})
    document = render(html)
    return len(document.pages) <= min(sides(html), MAX_PAGES), document, html


def _fitted(session: Session, template: str, context: dict[str, Any]) -> tuple[float, Any]:
    """The first of SCALES at which the card keeps to its sides, and its layout; a card that fits at
    none is an error, not a third page."""
    for scale in SCALES:
        fits, document, html = _laid_out(session, template, context, scale)
        if fits:
            return scale, document
    raise _overrun(document, html)


def _overrun(document: Any, html: str) -> RenderError:
    """The refusal of a card that fits at none of SCALES, from its layout at the smallest."""
    return RenderError(f"the quick reference runs to {len(document.pages)} pages; it must fit on {sides(html)} "
                       "side(s) of one sheet")  # fmt: skip


def check_quickref(session: Session, template: str, context: dict[str, Any]) -> None:
    """Refuse a card that cannot keep to its sides, as write_quickref would, without writing it:
    what `validate` runs (growing a card that fits never fails, so it is not tried)."""
    # One layout answers: at the smallest of SCALES the card has the largest page it may be laid out
    # on, and the templates size everything in points and millimetres, so a larger page never holds
    # less. A card that does not keep to its sides there fits at no scale, and the build, trying
    # them in order, refuses it too; one that does fits there at the latest.
    fits, document, html = _laid_out(session, template, context, SCALES[-1])
    if not fits:
        raise _overrun(document, html)


def write_quickref(session: Session, template: str, context: dict[str, Any], target: str | IO[bytes] | Path) -> None:
    """quickref.pdf: exactly the sides its template designs (one sheet, front and back at most),
    shrunk a little where the content needs it, and grown where it leaves room (the largest of GROW
    that still fits); a card that cannot fit is an error, not a third page."""
    from ..render.html import pdf_bytes

    scale, document = _fitted(session, template, context)
    if scale == 1.0:
        # Only the sizes the room left can take are tried, largest first: a full card costs no
        # layout more, one with room to spare one or two.
        reach = reached(document)
        for grow in reversed(GROW):
            if grow > (FULL / reach) ** (2 / 3):
                # Type `grow` times larger, on lines as much narrower: a side's text takes between
                # grow and grow² its height (tables grow by the one, wrapped text by the other).
                continue
            fits, grown, _ = _laid_out(session, template, context, grow)
            if fits:
                scale, document = grow, grown
                break
    data = pdf_bytes(document)
    if scale != 1.0:
        data = _scaled(data, scale)
    if isinstance(target, str | Path):
        Path(target).write_bytes(data)
    else:
        target.write(data)
