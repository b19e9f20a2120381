"""An evening on paper: the game's pages as the evening stands, written as a kit folder is."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..labels import label
from ..questions import Line, Para
from .recording import read
from .store import EveningRefused


@dataclass(frozen=True)
class Printed:
    """The files an evening's pages went into, and where."""

    folder: Path
    files: tuple[str, ...]
    last: int  # the newest event they show

    def lines(self, lang: str) -> list[Line]:
        return [Para(label("ev_printed", lang, folder=str(self.folder), files=", ".join(self.files), n=self.last))]

    def json(self, lang: str) -> dict[str, Any]:
        return {"folder": str(self.folder), "files": list(self.files), "last": self.last}


def _map(session: Any, target: Path, legend: tuple[str, ...]) -> str:
    """map.pdf as the kit prints it, from the evening's map: today's owners and troops; `legend`:
    the object kinds it explains."""
    from ..config.session import display_title
    from ..maps.overlay import map_colours
    from ..maps.sheet import kit_cell_mm, write_map

    write_map(session.game_map, session.ruleset, target, session.paper, session.language, display_title(session),
              kit_cell_mm(session), colours=map_colours(session), symbols=legend)  # fmt: skip
    return target.name


def print_evening(path: Path, folder: Path, force: bool = False, paper: str | None = None,
                  lang: str | None = None) -> Printed:  # fmt: skip
    """The evening's pages (under the kit's names: ledger.pdf, hero-sheets.pdf) in `folder`, written
    whole or not at all, as a kit is; an existing kit folder is replaced only with `force`."""
    from ..pipeline.staging import KitWriter

    opened = read(path)
    if opened.table.papers is None:
        raise EveningRefused("ev_no_papers", game=opened.session.ruleset.id)
    session = opened.session
    session = dataclasses.replace(session, paper=paper or session.paper, language=lang or session.language)
    with KitWriter(folder, force=force) as writer:
        files = opened.table.papers(opened.state, session, writer.path)
        drawn = opened.table.game_map(opened.state) if opened.table.game_map is not None else None
        if drawn is not None:
            legend = tuple(k for k in opened.table.map_legend if any(o.kind == k for o in drawn.objects))
            files = (*files, _map(dataclasses.replace(session, game_map=drawn), writer.path("map.pdf"), legend))
        newest = opened.state.live[-1] if opened.state.live else 0
        writer.commit({"kinds": ["evening"], "paper": session.paper, "evening": str(path),
                       "events": newest})  # fmt: skip
    return Printed(writer.folder, files, newest)
