"""Quick-reference cards: one sheet per game, rendered from a game's template and the figures it computes."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from ..config.model import Session
from ..errors import RenderError
from .tables import Table

MAX_PAGES = 2  # one sheet, front and back


def table_context(t: Table) -> dict[str, Any]:
    """A data table as the quick-reference templates print it."""
    return {"headers": t.headers, "rows": t.rows, "numeric": t.numeric, "caption": t.caption}


def write_quickref(session: Session, template: str, context: dict[str, Any], target: str | IO[bytes] | Path) -> None:
    """quickref.pdf: one sheet, front and back at most; a longer card is an error, not a third page."""
    from ..render.html import render, render_template, write

    document = render(render_template(template, context), session.folder)
    if len(document.pages) > MAX_PAGES:
        raise RenderError(f"the quick reference runs to {len(document.pages)} pages; it must fit on one sheet")
    write(document, str(target))
