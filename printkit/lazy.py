"""A package's public names, each imported from the module that owns it on first use."""

# A package that declares an API (printkit.plugin, printkit.render, ...) lists its names by module
# and hands module-level __getattr__ and __dir__ over to names(): importing the package imports
# nothing more, so a game's entry point that names Game and Artefact does not load the canvas, the
# layout engine or the build pipeline. Type checkers read the same names from an
# `if TYPE_CHECKING:` block of real imports beside the table.

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def names(package: str, public: Mapping[str, tuple[str, ...]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(__getattr__, __dir__) for a package whose public names are `public`: module -> its names."""
    where = {name: module for module, listed in public.items() for name in listed}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    def __dir__() -> list[str]:
        return sorted(where)

    return __getattr__, __dir__
