"""The API a game plug-in imports: the contract it implements and the shared pieces it builds with."""

# Everything here is stable: a name leaves only after a release in which it warns. A game may also
# use the schema fields of its config parts (printkit.plugin.schema) and the public names of the
# shared engines, each package's __all__: printkit.render (the canvas, HTML, marks), printkit.sheets
# (pages, quick references, tables), printkit.maps (map sheets, movement, findings), printkit.dice
# (distributions, charts), printkit.imposition (cards and tokens on a sheet) and printkit.evening (a
# game's part of an evening's state and its kinds of events). printkit's own
# games import nothing else of printkit (tests/test_plugin_api.py), and `python -m printkit.testing`
# warns of a plug-in that does. docs/adding-a-game.md walks through a game built on them.

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import names

_PUBLIC = {
    # the contract: a game, its printables and how each prints
    "printkit.game": (
        "Game",
        "Artefact",
        "Printing",
        "Shortcut",
        "Maps",
        "MapObjectKind",
        "PluginError",
        "per_player",
        "edition_aliases",
        "STOCKS",
        "SIDES",
    ),
    "printkit.sheets": (
        "BOOKLET",
        "quick_reference",
    ),
    "printkit.maps": ("MAP",),
    # what a builder is handed
    "printkit.pipeline.artefact": (
        "Build",
        "Options",
        "UndeclaredInput",
    ),
    # referee questions, declared once for the command line, JSON, the phone page and Python
    "printkit.questions": (
        "question",
        "Input",
        "Whole",
        "Decimal",
        "Choice",
        "Text",
        "File",
        "Flag",
        "Line",
        "Para",
        "Note",
        "Said",
    ),
    # printed words in Russian and English
    "printkit.labels": (
        "label",
        "Phrase",
        "Refused",
        "RefusedValue",
        "LANGUAGES",
        "plural_ru",
        "days",
        "decimal",
    ),
    # the records every game shares, and reading them
    "printkit.model": (
        "Ruleset",
        "Session",
        "Terrain",
        "Player",
        "GameMap",
        "MapObject",
        "MarkedPart",
        "Localized",
        "Provenance",
        "fold",
        "part_of",
    ),
    "printkit.config.rulesets": ("load_bundled",),
    "printkit.config.session": (
        "load_session",
        "display_title",
        "player_name",
    ),
    "printkit.config.mapfile": ("load_map",),
    "printkit.config.userfile": (
        "read_text",
        "read_json",
    ),
    "printkit.cells": (
        "Cell",
        "cell_name",
        "column_name",
        "parse_cell",
        "latin",
        "cell_ranges",
    ),
    # errors and exit codes
    "printkit.errors": (
        "PrintkitError",
        "ConfigError",
        "UsageError",
        "RenderError",
        "Problem",
        "EXIT_CHECK_FAILED",
    ),
    # paper sizes and units (points; MM points to the millimetre)
    "printkit.geometry": (
        "MM",
        "PAPERS",
        "mm",
        "PRINTABLE_MARGIN",
        "paper_size",
    ),
    # the canvas (fixed geometry) and HTML (flowing text) renderers
    "printkit.render.canvas": (
        "open_canvas",
        "Colour",
    ),
    "printkit.render.html": (
        "render_template",
        "render",
        "write",
    ),
    # randomness, answers' figures, names people mistype
    "printkit.randomness": (
        "Entropy",
        "RandomStream",
    ),
    "printkit.answers": (
        "chance",
        "fraction",
        "percent",
    ),
    "printkit.suggest": (
        "suggest",
        "did_you_mean",
        "forgiving_match",
        "same_looking",
    ),
}

__all__ = [
    "BOOKLET",
    "EXIT_CHECK_FAILED",
    "LANGUAGES",
    "MAP",
    "MM",
    "PAPERS",
    "PRINTABLE_MARGIN",
    "SIDES",
    "STOCKS",
    "Artefact",
    "Build",
    "Cell",
    "Choice",
    "Colour",
    "ConfigError",
    "Decimal",
    "Entropy",
    "File",
    "Flag",
    "Game",
    "GameMap",
    "Input",
    "Line",
    "Localized",
    "MapObject",
    "MapObjectKind",
    "Maps",
    "MarkedPart",
    "Note",
    "Options",
    "Para",
    "Phrase",
    "Player",
    "PluginError",
    "Printing",
    "PrintkitError",
    "Problem",
    "Provenance",
    "RandomStream",
    "Refused",
    "RefusedValue",
    "RenderError",
    "Ruleset",
    "Said",
    "Session",
    "Shortcut",
    "Terrain",
    "Text",
    "UndeclaredInput",
    "UsageError",
    "Whole",
    "cell_name",
    "cell_ranges",
    "chance",
    "column_name",
    "days",
    "decimal",
    "did_you_mean",
    "display_title",
    "edition_aliases",
    "fold",
    "forgiving_match",
    "fraction",
    "label",
    "latin",
    "load_bundled",
    "load_map",
    "load_session",
    "mm",
    "open_canvas",
    "paper_size",
    "parse_cell",
    "part_of",
    "per_player",
    "percent",
    "player_name",
    "plural_ru",
    "question",
    "quick_reference",
    "read_json",
    "read_text",
    "render",
    "render_template",
    "same_looking",
    "suggest",
    "write",
]

if TYPE_CHECKING:
    from printkit.answers import chance, fraction, percent
    from printkit.cells import Cell, cell_name, cell_ranges, column_name, latin, parse_cell
    from printkit.config.mapfile import load_map
    from printkit.config.rulesets import load_bundled
    from printkit.config.session import display_title, load_session, player_name
    from printkit.config.userfile import read_json, read_text
    from printkit.errors import EXIT_CHECK_FAILED, ConfigError, PrintkitError, Problem, RenderError, UsageError
    from printkit.game import (
        SIDES,
        STOCKS,
        Artefact,
        Game,
        MapObjectKind,
        Maps,
        PluginError,
        Printing,
        Shortcut,
        edition_aliases,
        per_player,
    )
    from printkit.geometry import MM, PAPERS, PRINTABLE_MARGIN, mm, paper_size
    from printkit.labels import LANGUAGES, Phrase, Refused, RefusedValue, days, decimal, label, plural_ru
    from printkit.maps import MAP
    from printkit.model import (
        GameMap,
        Localized,
        MapObject,
        MarkedPart,
        Player,
        Provenance,
        Ruleset,
        Session,
        Terrain,
        fold,
        part_of,
    )
    from printkit.pipeline.artefact import Build, Options, UndeclaredInput
    from printkit.questions import Choice, Decimal, File, Flag, Input, Line, Note, Para, Said, Text, Whole, question
    from printkit.randomness import Entropy, RandomStream
    from printkit.render.canvas import Colour, open_canvas
    from printkit.render.html import render, render_template, write
    from printkit.sheets import BOOKLET, quick_reference
    from printkit.suggest import did_you_mean, forgiving_match, same_looking, suggest

__getattr__, __dir__ = names(__name__, _PUBLIC)
