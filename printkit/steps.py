"""Moved to printkit.pipeline.steps: this old name answers, with a DeprecationWarning, for one release."""

from ._moved import forward

_MOVED = {"*": "printkit.pipeline.steps"}
__getattr__ = forward(__name__, _MOVED)
