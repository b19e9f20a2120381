"""Moved to printkit.pipeline.kit: this old name answers, with a DeprecationWarning, for one release."""

from ._moved import forward

_MOVED = {"*": "printkit.pipeline.kit"}
__getattr__ = forward(__name__, _MOVED)
