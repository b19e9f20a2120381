"""Renderers: the ReportLab canvas for fixed geometry, WeasyPrint + jinja2 for flowing text."""

# The public names a game may use (see printkit.plugin); the modules' other names are printkit's own.

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import names

_PUBLIC = {
    "printkit.render.canvas": (
        "open_canvas",
        "Colour",
        "Run",
        "TextRuns",
        "draw_fitted",
        "draw_lines",
        "fit_lines",
        "hex_colour",
        "ink_on",
        "readable",
        "tint",
        "luminance",
        "runs_width",
        "stamp_form",
        "wrap_runs",
    ),
    "printkit.render.html": (
        "render_template",
        "render",
        "write",
    ),
    "printkit.render.marks": (
        "crop_marks",
        "corner_guides",
        "cut_lines",
    ),
    "printkit.render.pen": (
        "Pen",
        "Piece",
        "Tick",
        "Blank",
        "ASCENT",
        "LEAD",
        "TICK",
        "drop",
        "flow",
        "page",
        "para",
    ),
    "printkit.render.printshop": (
        "SHOP_BLEED",
        "SHOP_SAFE",
        "write_faces",
        "cut_template_svg",
        "registration_keep_out",
        "registration_marks",
    ),
    "printkit.render.richtext": (
        "Block",
        "blocks",
    ),
}

__all__ = [
    "ASCENT",
    "LEAD",
    "SHOP_BLEED",
    "SHOP_SAFE",
    "TICK",
    "Blank",
    "Block",
    "Colour",
    "Pen",
    "Piece",
    "Run",
    "TextRuns",
    "Tick",
    "blocks",
    "corner_guides",
    "crop_marks",
    "cut_lines",
    "cut_template_svg",
    "draw_fitted",
    "draw_lines",
    "drop",
    "fit_lines",
    "flow",
    "fonts",
    "hex_colour",
    "ink_on",
    "luminance",
    "open_canvas",
    "page",
    "para",
    "readable",
    "registration_keep_out",
    "registration_marks",
    "render",
    "render_template",
    "runs_width",
    "stamp_form",
    "tint",
    "wrap_runs",
    "write",
    "write_faces",
]

if TYPE_CHECKING:
    from printkit.render import fonts
    from printkit.render.canvas import (
        Colour,
        Run,
        TextRuns,
        draw_fitted,
        draw_lines,
        fit_lines,
        hex_colour,
        ink_on,
        luminance,
        open_canvas,
        readable,
        runs_width,
        stamp_form,
        tint,
        wrap_runs,
    )
    from printkit.render.html import render, render_template, write
    from printkit.render.marks import corner_guides, crop_marks, cut_lines
    from printkit.render.pen import ASCENT, LEAD, TICK, Blank, Pen, Piece, Tick, drop, flow, page, para
    from printkit.render.printshop import (
        SHOP_BLEED,
        SHOP_SAFE,
        cut_template_svg,
        registration_keep_out,
        registration_marks,
        write_faces,
    )
    from printkit.render.richtext import Block, blocks

__getattr__, __dir__ = names(__name__, _PUBLIC)
