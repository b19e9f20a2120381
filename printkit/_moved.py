"""Names kept at their old place for one release: each use warns and says where the name lives now."""

# A module whose names moved keeps a table `_MOVED = {name: "module"}` ("*" for every name of a
# module that moved as a whole), the module to import each from now (printkit.plugin where it
# declares the name), and `__getattr__ = forward(__name__, _MOVED)`. The old import keeps working,
# with a DeprecationWarning that names the new place; the next release drops the table.

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any


def forward(old: str, moved: Mapping[str, str]) -> Callable[[str], Any]:
    """A module __getattr__ that finds each moved name at its new place, with a DeprecationWarning."""

    def __getattr__(name: str) -> Any:
        new = moved.get(name, moved.get("*")) if not name.startswith("__") else None
        if new is None:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(new), name)
        warnings.warn(
            f"{old}.{name} has moved: import it from {new} (the old name goes in the next release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return value

    return __getattr__
