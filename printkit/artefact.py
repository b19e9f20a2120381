"""Moved to printkit.pipeline.artefact: this old name answers, with a DeprecationWarning, for one release."""

from ._moved import forward

_MOVED = {"Build": "printkit.plugin", "Options": "printkit.plugin", "UndeclaredInput": "printkit.plugin"}
_MOVED["*"] = "printkit.pipeline.artefact"
__getattr__ = forward(__name__, _MOVED)
