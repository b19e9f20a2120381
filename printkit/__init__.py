"""printkit: print-ready PDF kits and a referee calculator for tabletop games."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .version import __version__

# `import printkit` stays cheap (the CLI's start-up time depends on it): each name is imported
# from its module on first use.
_PUBLIC = {
    "load_session": "printkit.config.session",
    "build_kit": "printkit.pipeline.kit",
    "Options": "printkit.pipeline.artefact",
    "KitResult": "printkit.pipeline.kit",
    "Session": "printkit.model",
    "Ruleset": "printkit.model",
    "PrintkitError": "printkit.errors",
    "ConfigError": "printkit.errors",
    "UsageError": "printkit.errors",
    "OutputError": "printkit.errors",
    "RenderError": "printkit.errors",
    "odds": "printkit.dice.questions",
    "roll": "printkit.dice.questions",
    "reach": "printkit.maps.moves",
    "route": "printkit.maps.moves",
}

__all__ = [
    "ConfigError",
    "KitResult",
    "Options",
    "OutputError",
    "PrintkitError",
    "RenderError",
    "Ruleset",
    "Session",
    "UsageError",
    "__version__",
    "build_kit",
    "load_session",
    "odds",
    "reach",
    "roll",
    "route",
]

if TYPE_CHECKING:
    from .config.session import load_session
    from .dice.questions import odds, roll
    from .errors import ConfigError, OutputError, PrintkitError, RenderError, UsageError
    from .maps.moves import reach, route
    from .model import Ruleset, Session
    from .pipeline.artefact import Options
    from .pipeline.kit import KitResult, build_kit


def __getattr__(name: str) -> object:
    if name in _PUBLIC:
        return getattr(importlib.import_module(_PUBLIC[name]), name)
    # Each installed game's public API is a namespace of its own: printkit.vs.battle(...).
    from .game import games

    for game in games():
        if game.family == name and game.api is not None:
            return importlib.import_module(game.api)
    raise AttributeError(f"module 'printkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    from .game import games

    return sorted([*__all__, *(g.family for g in games() if g.api is not None)])
