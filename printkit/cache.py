"""Moved to printkit.pipeline.cache: this old name answers, with a DeprecationWarning, for one release."""

from ._moved import forward

_MOVED = {"*": "printkit.pipeline.cache"}
__getattr__ = forward(__name__, _MOVED)
