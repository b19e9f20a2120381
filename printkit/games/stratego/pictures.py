"""The board of a Stratego `moves` answer for a referee page: the pieces, the piece asked about, where it may go."""

# Each square is a link that asks again from that square (a tap picks the piece, no JavaScript
# needed); the answer's squares carry the classes move and attack, drawn by pictures.css so that
# they read in grey too (framed; hatched for an attack).

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup

from printkit.plugin import PrintkitError, label, load_bundled

from .model import stratego_of
from .moves import Position, read_position
from .questions import MovesAnswer

CELL = 10
LEFT, TOP = 6, 2


def picture(
    question: str, values: Mapping[str, Any], answer: Any, lang: str, link: Callable[[Mapping[str, str]], str]
) -> Markup | None:
    """The picture beside a Stratego answer (Game.pictures): the board of `moves`."""
    if question != "moves" or not values.get("position_file"):
        return None
    data = stratego_of(load_bundled("stratego"))
    variant = data.variants.get(str(values.get("variant") or "battle"))
    if variant is None:
        return None
    try:
        position = read_position(Path(values["position_file"]), data, variant)
    except (PrintkitError, OSError):
        return None
    start = str(values.get("start") or "").strip().lower()
    moves = set(answer.moves) if isinstance(answer, MovesAnswer) else set()
    attacks = set(answer.attacks) if isinstance(answer, MovesAnswer) else set()
    return Markup('<figure class="pk-picture pk-stratego">{}<p class="pk-caption">{}</p></figure>').format(
        board(position, start, moves, attacks, lambda cell: link({"start": cell})), label("pic_st_tap", lang)
    )


def board(position: Position, start: str, moves: set[str], attacks: set[str], tap: Callable[[str], str]) -> Markup:
    """The board as an <svg>, row 1 (red's back row) at the bottom."""
    variant = position.variant
    width, height = LEFT + CELL * variant.files + 1, TOP + CELL * variant.rows + 7
    out = [
        Markup(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="100%" class="pk-board" role="img">'
            '<defs><pattern id="pk-attack-hatch" patternUnits="userSpaceOnUse" width="2.5" height="2.5" '
            'patternTransform="rotate(45)"><path class="hatch" d="M0 0 V2.5"/></pattern></defs>'
        ).format(width, height)
    ]
    rings: list[Markup] = []
    for f, letter in enumerate(variant.file_letters()):
        out.append(
            Markup('<text class="edge" x="{}" y="{}">{}</text>').format(LEFT + f * CELL + CELL / 2, height - 2, letter)
        )
    for r in range(variant.rows):
        y = TOP + (variant.rows - 1 - r) * CELL
        out.append(Markup('<text class="edge" x="{}" y="{}">{}</text>').format(LEFT / 2, y + 6.3, r + 1))
        for f in range(variant.files):
            x = LEFT + f * CELL
            cell = position.cell(f, r)
            lake = cell in variant.lakes
            inner = [
                Markup('<rect class="square{}" x="{}" y="{}" width="{}" height="{}"/>').format(
                    " lake" if lake else "", x, y, CELL, CELL
                )
            ]
            piece = position.pieces.get(cell)
            if piece is not None:
                inner.append(
                    Markup(
                        '<rect class="piece {}" x="{}" y="{}" width="8" height="8" rx="1.2"/>'
                        '<text class="piece-text" x="{}" y="{}">{}</text>'
                    ).format(piece.side, x + 1, y + 1, x + CELL / 2, y + 6.6, piece.symbol)
                )
            classes = ["cell"] + [
                c for c, on in (("start", cell == start), ("move", cell in moves), ("attack", cell in attacks)) if on
            ]
            inner.append(
                Markup('<rect class="{}" data-cell="{}" x="{}" y="{}" width="{}" height="{}"/>').format(
                    " ".join(classes), cell, x, y, CELL, CELL
                )
            )
            if len(classes) > 1:  # its frame, drawn after every square so that no neighbour covers it
                rings.append(
                    Markup('<rect class="ring {}" x="{}" y="{}" width="{}" height="{}"/>').format(
                        " ".join(classes[1:]), x, y, CELL, CELL
                    )
                )
            if lake:
                out.append(Markup("").join(inner))
            else:
                out.append(
                    Markup('<a href="{}"><title>{}</title>{}</a>').format(tap(cell), cell, Markup("").join(inner))
                )
    out += rings
    out.append(Markup("</svg>"))
    return Markup("").join(out)
