"""Moved to printkit.pipeline.fingerprint: this old name answers, with a DeprecationWarning, for one release."""

from ._moved import forward

_MOVED = {"*": "printkit.pipeline.fingerprint"}
__getattr__ = forward(__name__, _MOVED)
